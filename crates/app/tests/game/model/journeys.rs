//! Journeys the model found and shrank, kept: each broke an invariant
//! before its fix.

use breakline_app::game::screen::Screen;

use super::actions::{Action, Setup};
use super::replay;

/// Found by the model: looking at Analyse from a first start made Resume
/// offer it (and a rated game left for Analyse resumed in Watch & Lab).
#[test]
fn journey_resume_goes_where_the_game_is_played() {
    replay(&[Action::Go(Screen::Analyse)]);
}

/// Found by the model: Play's flip, turned on a game as Black, lost after a
/// study in Analyse.
#[test]
fn journey_flip_stays_with_its_game_and_screen() {
    replay(&[
        Action::Go(Screen::PlaySetup),
        Action::Start(Setup::CasualAsBlack),
        Action::Save,
        Action::Flip,
        Action::Go(Screen::Home),
        Action::Go(Screen::Analyse),
        Action::Open,
        Action::Go(Screen::Home),
        Action::Resume,
    ]);
}
