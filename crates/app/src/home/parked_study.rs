//! A game studied in Analyse or Watch & Lab beside the person's game (an AI
//! matchup, a series game, an opened record) waits on its screen: leaving
//! the screen brings the person's game back and parks the study, and coming
//! back takes the study up again at the move it was left at (fresh eyes,
//! rounds 8 and 9: a paused master game was gone on return).
//! A new game of the person's, or their game ended, lets the parked one go.

use bevy::ecs::system::SystemParam;
use bevy::prelude::*;

use crate::game::owner::in_progress;
use crate::game::owner::visit::Visit;
use crate::game::players::Players;
use crate::game::request::{GameRequest, OpenedGame};
use crate::game::screen::Screen;
use crate::game::session::GameSession;
use crate::library::keep::Keeping;

/// The study each screen left, if any.
#[derive(Resource, Default)]
pub struct ParkedStudies {
    analyse: Option<OpenedGame>,
    watch: Option<OpenedGame>,
}

impl ParkedStudies {
    fn slot(&mut self, screen: Screen) -> Option<&mut Option<OpenedGame>> {
        match screen {
            Screen::Analyse => Some(&mut self.analyse),
            Screen::Watch => Some(&mut self.watch),
            _ => None,
        }
    }
}

pub(crate) fn plugin(app: &mut App) {
    app.init_resource::<ParkedStudies>().add_systems(Update, forget_on_a_new_game);
    for screen in [Screen::Analyse, Screen::Watch] {
        app.add_systems(OnExit(screen), park(screen)).add_systems(OnEnter(screen), take_up(screen));
    }
}

/// The game on the board, and whether the library is to keep it.
#[derive(SystemParam)]
struct BoardGame<'w> {
    visit: Res<'w, Visit>,
    session: Res<'w, GameSession>,
    players: Res<'w, Players>,
    keeping: Res<'w, Keeping>,
}

/// Leaving `screen` with a study on the board parks it there.
fn park(screen: Screen) -> impl FnMut(BoardGame, ResMut<ParkedStudies>) {
    move |board, mut parked| {
        if !board.visit.studying() {
            return;
        }
        let study = OpenedGame {
            session: board.session.clone(),
            players: board.players.clone(),
            message: String::new(),
            // Watched from its first move, it is kept when it ends, after a return too.
            kept_when_finished: board.keeping.keeps(board.session.generation()),
        };
        if let Some(slot) = parked.slot(screen) {
            *slot = Some(study);
        }
    }
}

/// Coming back to `screen` takes its parked study up again beside the
/// person's game; with no game of the person's waiting, the study goes.
fn take_up(
    screen: Screen,
) -> impl FnMut(Res<Visit>, Res<GameSession>, ResMut<ParkedStudies>, MessageWriter<GameRequest>) {
    move |visit, session, mut parked, mut requests| {
        let Some(study) = parked.slot(screen).and_then(Option::take) else { return };
        // Silently, as a tab left open: its line stayed over an exercise
        // opened from the Library in the same step (fresh eyes, round 17).
        if !visit.waiting() && in_progress(&session, &visit) {
            requests.write(GameRequest::Study(Box::new(study)));
        }
    }
}

/// A study waits beside the game it was begun beside: a new game (started,
/// opened, or a study played on) lets every parked study go (fresh eyes,
/// round 10: an old study came back beside the next rated game).
fn forget_on_a_new_game(mut requests: MessageReader<GameRequest>, mut parked: ResMut<ParkedStudies>) {
    if requests.read().any(GameRequest::replaces_game) {
        *parked = ParkedStudies::default();
    }
}
