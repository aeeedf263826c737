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

/// Found by the model (planted back to measure it): a friend's game resigned
/// before any move was kept in the library.
#[test]
fn journey_an_aborted_game_is_no_result_and_no_row() {
    replay(&[Action::Go(Screen::PlaySetup), Action::Start(Setup::Friend), Action::Resign, Action::Answer(true)]);
}

/// Found by the model (planted back to measure it): analysis asked on Play
/// came back with the game after a visit Home, though the screen was left.
#[test]
fn journey_analysis_stays_in_the_mode_it_was_asked_in() {
    replay(&[
        Action::Go(Screen::PlaySetup),
        Action::Start(Setup::Friend),
        Action::Analysis(true),
        Action::Go(Screen::Home),
        Action::Resume,
    ]);
}

/// Found by the model: a file opened in Analyse during an exercise dropped
/// the rated game that waited for the exercise (and with it Play's flip).
#[test]
fn journey_a_file_opened_during_an_exercise_keeps_the_game_that_waits() {
    replay(&[
        Action::Go(Screen::PlaySetup),
        Action::Start(Setup::Rated),
        Action::Save,
        Action::Move(63),
        Action::Flip,
        Action::Go(Screen::Home),
        Action::Go(Screen::Library),
        Action::Exercise,
        Action::Open,
        Action::Escape,
        Action::Resume,
    ]);
}

/// Found by the model (fresh eyes saw it too: 2:53 became 3:09): a
/// take-back gave the person back the time spent since the earlier turn.
#[test]
fn journey_no_action_gives_back_spent_time() {
    replay(&[
        Action::Go(Screen::PlaySetup),
        Action::Start(Setup::RatedClocked),
        Action::Move(48),
        Action::Resign,
        Action::Flip,
        Action::TakeBack,
    ]);
}

/// Found by the model: at 800x600, Analyse's opening explorer (a library
/// with games) pushed the right panel past the window ("White / draw /
/// Black" in one column).
#[test]
fn journey_no_widget_is_cut_at_a_side() {
    replay(&[Action::Resize(0), Action::Go(Screen::Analyse)]);
}

/// Found by the model once its invariant was added (fresh eyes met it after
/// a finished game and a new one started): a game begun off Play, the first
/// start's board moved in Analyse, had no Resume on Home.
#[test]
fn journey_home_offers_the_game_in_progress() {
    replay(&[Action::Go(Screen::Analyse), Action::Move(18), Action::Escape]);
}

/// Found by the model (round 16's new actions changed its walks): a rated
/// game moved in, replaced from the setup by a game with a friend.
#[test]
fn journey_a_rated_game_replaced_is_rated_once() {
    replay(&[
        Action::Go(Screen::PlaySetup),
        Action::Start(Setup::Rated),
        Action::Move(44),
        Action::Go(Screen::Home),
        Action::Go(Screen::PlaySetup),
        Action::Start(Setup::Friend),
    ]);
}

/// Fresh eyes, round 16 (major): a side line tried on a rated game on the
/// clock in Analyse and promoted there became the game's own moves (the
/// AI's reply gone, the clock given time). Promoting is asked for, and
/// refused off Play, as going back is.
#[test]
fn journey_a_side_line_promoted_in_analyse_leaves_the_rated_game() {
    replay(&[
        Action::Go(Screen::PlaySetup),
        Action::Start(Setup::RatedClocked),
        Action::Move(3),
        Action::Wait(10),
        Action::Go(Screen::Home),
        Action::Go(Screen::Analyse),
        Action::Back,
        Action::Move(5),
        Action::PromoteLine,
    ]);
}
