//! The screens' egui pages and panels: Home, the side panels of each game
//! screen (settings, players, presets, live game information) and the
//! end of a game. Edits go through copies that are written back
//! only when they differ, so change detection means a real change.

mod analysis;
mod backdrop;
mod banner;
mod board_keys;
mod comforts;
mod confirm;
mod explorer;
mod flow;
mod frame_time;
mod home;
mod info;
mod insight;
mod lessons;
mod library;
mod move_box;
mod numbering;
mod page;
mod panel;
pub(crate) mod panel_state;
mod play_setup;
mod practice;
mod program_seat;
mod progress;
mod report;
mod screen_panels;
mod series;
mod settings_page;
mod setup;
mod shortcuts;
mod side_lines;
mod sound_section;
mod toast;

use bevy::prelude::*;
use bevy_egui::EguiPrimaryContextPass;

use crate::board::layout::PanelWidths;
use crate::game::phase::GameSystems;
use crate::game::screen::Mode;
use crate::game::screen::Screen;

pub(crate) fn plugin(app: &mut App) {
    app.init_resource::<PanelWidths>()
        .init_resource::<panel_state::PanelLayout>()
        .add_plugins((backdrop::plugin, frame_time::plugin, shortcuts::plugin))
        .add_plugins((board_keys::plugin, move_box::plugin))
        .add_systems(
            EguiPrimaryContextPass,
            (
                panel::draw_panel.run_if(in_state(Mode::Board)),
                flow::draw.run_if(in_state(Mode::Flow)),
                home::draw.run_if(in_state(Screen::Home)),
                play_setup::draw.run_if(in_state(Screen::PlaySetup)),
                settings_page::draw.run_if(in_state(Screen::Settings)),
                library::draw.run_if(in_state(Screen::Library)),
                settings_page::apply_scale,
                // The card goes on top of either mode's panels.
                lessons::draw.after(panel::draw_panel).after(flow::draw),
            ),
        )
        .add_systems(
            Update,
            (
                panel::keep_pointer_for_board,
                panel::fit_viewport.before(GameSystems::Board),
                home::escape_goes_home.run_if(not(bevy_egui::input::egui_wants_any_keyboard_input)),
            ),
        );
}
