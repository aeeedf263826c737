//! What a person asks for that a game may refuse or that cannot be taken back:
//! a hint, the solver, the analysis, a take-back (Undo or "Continue from
//! here"), a resignation. Every button
//! and key sends an [`Ask`]; in a rated game what its rules forbid asks first
//! ("A hint makes this game casual: go on?"), a resignation always asks, and
//! a rated game that has ended stays ended.

use bevy::prelude::*;

use crate::board::input::{PLAYED_ON_PLAY, game_off_play};
use crate::game::clock::ClockHeld;
use crate::game::notice::Notice;
use crate::game::owner::visit::Visit;
use crate::game::phase::GameSystems;
use crate::game::players::Players;
use crate::game::ratings::{Progress, RatedNow};
use crate::game::request::GameRequest;
use crate::game::screen::Screen;
use crate::game::session::GameSession;
use crate::play::rated::{Forbidden, RatedGame};
use crate::tasks::analysis::AnalysisSettings;
use crate::tasks::hint::HintRequest;
use crate::tasks::proof::SolveRequest;

/// A person's wish, from a button or a key.
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ask {
    Hint,
    Solve,
    /// The analysis on (off needs no asking).
    Analysis,
    TakeBack,
    /// Play again what was taken back (never asks; refused off Play where
    /// the game is played on Play only).
    Redo,
    /// Drop the moves after the reviewed position and play on from it: in a
    /// rated game it asks first, however few moves it drops.
    ContinueFromHere,
    /// The side line shown becomes the game's own moves: as going back, it
    /// replaces the game's moves after the line's start.
    PromoteLine,
    Resign,
}

impl Ask {
    /// What a rated game's rules say of it, if they say anything.
    fn forbidden(self) -> Option<Forbidden> {
        match self {
            Ask::Hint => Some(Forbidden::Hint),
            Ask::Solve => Some(Forbidden::Solver),
            Ask::Analysis => Some(Forbidden::Analysis),
            Ask::TakeBack => Some(Forbidden::TakeBack),
            Ask::ContinueFromHere | Ask::PromoteLine => Some(Forbidden::GoingBack),
            Ask::Resign | Ask::Redo => None,
        }
    }
}

/// The person's answer to the [`Question`] pending.
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub struct Answer(pub bool);

/// A wish waiting for the person's yes, the words of the question, and the
/// game it was asked in (a yes for another game is no answer).
#[derive(Resource, Default, Clone, Debug, PartialEq, Eq)]
pub struct Question {
    pending: Option<(Ask, String, u64)>,
}

impl Question {
    /// The question's words while one waits.
    pub fn text(&self) -> Option<&str> {
        self.pending.as_ref().map(|(_, text, _)| text.as_str())
    }
}

pub(crate) fn plugin(app: &mut App) {
    app.add_message::<Ask>()
        .add_message::<Answer>()
        .init_resource::<Question>()
        .add_systems(Update, (answer, ask, hold_clock).chain().before(GameSystems::Input));
}

/// The game's clock stops while a question waits for the person.
fn hold_clock(question: Res<Question>, mut held: ResMut<ClockHeld>) {
    held.set_if_neq(ClockHeld(question.pending.is_some()));
}

/// The question before resigning: who wins, from the person's side, and in
/// a rated game that the rating counts it as a loss (fresh eyes, round 20:
/// the question did not say); before the person's first move, that the
/// game is aborted instead (no result).
fn resign_question(session: &GameSession, players: &Players, rated: bool) -> String {
    if would_abort(session, players) {
        return "Abort this game? Before a first move there is no result: nothing is kept or rated.".to_string();
    }
    let winner = players.resigning(session.position().side_to_move()).opponent().title();
    if rated {
        format!("Resign this rated game? {winner} wins, and your rating counts it as a loss.")
    } else {
        format!("Resign this game? {winner} wins.")
    }
}

/// Whether giving up now aborts the game rather than resigning it: the
/// person who would give up has made no move yet.
pub(crate) fn would_abort(session: &GameSession, players: &Players) -> bool {
    let resigning = players.resigning(session.position().side_to_move());
    !session.has_moved(resigning) && !players.get(resigning).is_ai()
}

/// Why a finished rated game's moves are not taken back or cut.
pub const RESULT_STANDS: &str =
    "A rated game's result stands: its moves are not taken back or cut (side lines from any move are free)";

/// Does what is asked, or asks first, or (a finished rated game's take-back) refuses.
fn ask(
    mut asks: MessageReader<Ask>,
    (session, players, rated, visit): (Res<GameSession>, Res<Players>, Res<RatedGame>, Res<Visit>),
    (screen, now): (Res<State<Screen>>, Res<RatedNow>),
    (mut question, mut notice): (ResMut<Question>, ResMut<Notice>),
    mut doing: Doing,
) {
    let moved = !visit.waiting() && rated.at_stake(&session, &players, &visit);
    // A rated game is played on Play: a take-back (or a hint, a proof, a
    // resignation, the analysis) asked on another screen's board is not done
    // (fresh eyes, round 11: Undo in Watch & Lab took back the rated game's
    // moves, and its players could then be changed; round 13: Analyse's keys
    // asked for hints in a game it does not play).
    let elsewhere = game_off_play(*screen.get(), &session, *now, &visit);
    for &wish in asks.read() {
        // A casual game on the clock keeps its analysis on any screen.
        // Said as a refusal (fresh eyes, round 16: its green tick read as done).
        if let Some(why) = elsewhere.filter(|why| *why == PLAYED_ON_PLAY || wish != Ask::Analysis) {
            notice.error(why);
            continue;
        }
        // Refused in words (fresh eyes, round 21: Continue from here and
        // Promote line did nothing on a finished rated game).
        if matches!(wish, Ask::TakeBack | Ask::ContinueFromHere | Ask::PromoteLine) && rated.final_result(&session) {
            notice.error(RESULT_STANDS);
            continue;
        }
        let text = match wish.forbidden() {
            Some(rule) if rated.would_spoil(&session, rule) => Some(rule.question(moved)),
            None if wish == Ask::Resign => Some(resign_question(&session, &players, rated.in_force(&session))),
            Some(_) | None => None,
        };
        match text {
            Some(text) => question.pending = Some((wish, text, session.generation())),
            None => doing.go(wish),
        }
    }
}

/// Yes does the wish (a rated game's rule given up first); no drops it.
fn answer(
    mut answers: MessageReader<Answer>,
    (session, players, visit): (Res<GameSession>, Res<Players>, Res<Visit>),
    mut question: ResMut<Question>,
    (mut rated, mut progress, mut notice): (ResMut<RatedGame>, ResMut<Progress>, ResMut<Notice>),
    mut doing: Doing,
) {
    // A question about a game that went away (a new game, a visit) is dropped.
    if question.pending.as_ref().is_some_and(|(_, _, generation)| *generation != session.generation()) {
        question.pending = None;
    }
    for &Answer(yes) in answers.read() {
        let Some((wish, _, _)) = question.pending.take() else { continue };
        if !yes {
            continue;
        }
        if let Some(rule) = wish.forbidden() {
            rated.give_up(rule, (&session, &players, &visit), &mut progress, &mut notice);
        }
        doing.go(wish);
    }
}

/// The requests a wish turns into.
#[derive(bevy::ecs::system::SystemParam)]
struct Doing<'w> {
    requests: MessageWriter<'w, GameRequest>,
    hint: MessageWriter<'w, HintRequest>,
    solve: MessageWriter<'w, SolveRequest>,
    analysis: ResMut<'w, AnalysisSettings>,
}

impl Doing<'_> {
    fn go(&mut self, wish: Ask) {
        match wish {
            Ask::Hint => {
                self.hint.write(HintRequest);
            }
            Ask::Solve => {
                self.solve.write(SolveRequest);
            }
            Ask::Analysis => self.analysis.on = true,
            Ask::TakeBack => {
                self.requests.write(GameRequest::Undo);
            }
            Ask::ContinueFromHere => {
                self.requests.write(GameRequest::ContinueFromHere);
            }
            Ask::PromoteLine => {
                self.requests.write(GameRequest::PromoteLine);
            }
            Ask::Resign => {
                self.requests.write(GameRequest::Resign);
            }
            Ask::Redo => {
                self.requests.write(GameRequest::Redo);
            }
        }
    }
}
