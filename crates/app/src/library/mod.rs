//! The Library: the games kept, in the one library file in the person's
//! data directory, opened (checked, migrated) when the app starts and shared
//! between the frame loop, which reads it for the Library screen, and the
//! threads that write to it. A file that is not a library is refused in one
//! line and left untouched; the app then runs without the library and says so.
//! Its parts: the file ([`shelf`]), keeping finished games ([`keep`]), the
//! Library screen's list, open and delete ([`browse`]), import and export
//! ([`transfer`]), the game report of the board's game ([`report`]),
//! exercises from the person's mistakes ([`practice`]), the opening
//! explorer of the shown position ([`explorer`]), and the side lines of the
//! board's library game ([`lines`]); and their panels: the Library screen
//! ([`page`]), the explorer's and the report's sections
//! ([`explorer_panel`], [`report_panel`]) and the exercises'
//! ([`practice_panel`]).

pub mod browse;
pub mod explorer;
pub(crate) mod explorer_panel;
pub mod keep;
pub mod lines;
pub(crate) mod page;
pub mod practice;
pub(crate) mod practice_panel;
pub mod report;
pub(crate) mod report_panel;
pub mod shelf;
pub mod transfer;

use bevy::prelude::*;

pub(crate) fn plugin(app: &mut App) {
    app.add_plugins((
        shelf::plugin,
        keep::plugin,
        browse::plugin,
        transfer::plugin,
        report::plugin,
        practice::plugin,
        explorer::plugin,
        lines::plugin,
    ));
}
