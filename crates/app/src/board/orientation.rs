//! Which way up the board is shown: each screen's flip is its own. Play's
//! ([`BoardFlip`]) belongs to the game in progress and starts every new game
//! with the person's side at the bottom; Analyse, Watch & Lab, Learn and
//! Puzzles have a flip of their own ([`ViewFlip`]): Analyse and Watch & Lab
//! show the game on the board from its person's side (White-up for a game of
//! two AIs), Learn and Puzzles White-up (a puzzle then turns it to its
//! solver's side). No flip is a saved setting: turning the
//! board in one place never turns it in another, nor in the next run.

use bevy::prelude::*;

use crate::board::layout::{BoardFlip, ViewFlip};
use crate::engine::Side;
use crate::game::phase::GameSystems;
use crate::game::players::Players;
use crate::game::request::{GameRequest, ReplaceGame};
use crate::game::screen::Screen;
use crate::game::session::GameSession;

pub(crate) fn plugin(app: &mut App) {
    app.add_systems(PostStartup, orient_first_game)
        .add_systems(Update, (orient_new_games, orient_studies).after(GameSystems::Apply))
        .add_systems(OnEnter(Screen::Play), |mut view: ResMut<ViewFlip>| {
            view.set_if_neq(ViewFlip(None));
        });
    // Analyse and Watch & Lab show the game on the board from its person's
    // side (fresh eyes, round 10: a game played as Black was reviewed White-up).
    for screen in [Screen::Analyse, Screen::Watch] {
        app.add_systems(OnEnter(screen), |players: Res<Players>, mut view: ResMut<ViewFlip>| {
            view.set_if_neq(ViewFlip(Some(person_side(&players).0)));
        });
    }
    for screen in [Screen::Learn, Screen::Puzzles] {
        app.add_systems(OnEnter(screen), |mut view: ResMut<ViewFlip>| {
            view.set_if_neq(ViewFlip(Some(false)));
        });
    }
}

/// The game a run starts with (a new one, or the one taken up from the last
/// run) is shown from the person's side.
fn orient_first_game(players: Res<Players>, mut flip: ResMut<BoardFlip>) {
    flip.set_if_neq(person_side(&players));
}

fn person_side(players: &Players) -> BoardFlip {
    BoardFlip(players.person() == Some(Side::Black))
}

/// A new game (started or opened) is shown from the person's side: Black
/// at the bottom only when the one person plays Black. A request that only
/// asks first turns nothing (fresh eyes: the old game turned behind the
/// question); the game that replaces it is turned when it comes, its
/// players (which follow a new game) included.
fn orient_new_games(
    mut requests: MessageReader<GameRequest>,
    (players, session, replace): (Res<Players>, Res<GameSession>, Res<ReplaceGame>),
    mut flip: ResMut<BoardFlip>,
) {
    let mut oriented = None;
    let asking = replace.pending.is_some();
    for request in requests.read() {
        match request {
            GameRequest::NewGame { .. } | GameRequest::ConfirmReplace if !asking => {
                oriented = Some(person_side(&players));
            }
            GameRequest::Open(opened) if !asking => oriented = Some(person_side(&opened.players)),
            GameRequest::SetPlayers(new) if session.plies() == 0 && session.replay().is_none() => {
                oriented = Some(person_side(new));
            }
            _ => {}
        }
    }
    if let Some(oriented) = oriented {
        flip.set_if_neq(oriented);
    }
}

/// A study coming onto Analyse's or Watch & Lab's board (a game opened, an
/// AI matchup, a recorded game) is shown from its person's side, White-up
/// when no one person plays it; an exercise from the side to find a move.
fn orient_studies(
    mut requests: MessageReader<GameRequest>,
    (screen, replace): (Res<State<Screen>>, Res<ReplaceGame>),
    mut view: ResMut<ViewFlip>,
) {
    if !matches!(screen.get(), Screen::Analyse | Screen::Watch) || replace.pending.is_some() {
        return;
    }
    for request in requests.read() {
        let players = match request {
            GameRequest::Study(opened) | GameRequest::Open(opened) => &opened.players,
            GameRequest::StartMatchup(matchup) => &matchup.players,
            GameRequest::Watch(_) => {
                view.set_if_neq(ViewFlip(Some(false)));
                continue;
            }
            // An exercise: from the side that is to find the better move.
            GameRequest::Visit(visited) => {
                let black = visited.opened.session.position().side_to_move() == Side::Black;
                view.set_if_neq(ViewFlip(Some(black)));
                continue;
            }
            _ => continue,
        };
        view.set_if_neq(ViewFlip(Some(person_side(players).0)));
    }
}
