//! Learn from your mistakes: an exercise made from one of the person's
//! mistakes borrows the board as a visit ("find a better move for White"),
//! the move they play is judged off the frame loop by the engine's judge,
//! the outcome is remembered in the library, and a move not good enough is
//! taken back for another try.

use web_time::Instant;

use bevy::prelude::*;

use crate::engine::ai::judgement::Judgement;
use crate::engine::library::Exercise;
use crate::engine::library::review::{JUDGE_LIMIT, ReportError, ReportSettings};
use crate::engine::{Side, Variant};
use crate::game::notice::Notice;
use crate::game::owner::visit::Visit;
use crate::game::phase::GameSystems;
use crate::game::players::{PlayerSetup, Players};
use crate::game::request::{GameRequest, OpenedGame, VisitedGame};
use crate::game::screen::Mode;
use crate::game::screen::Screen;
use crate::game::session::GameSession;
use crate::game::wake::Waker;
use crate::library::shelf::{BUSY, GameLibrary, ShelfError};
use crate::tasks::job::BackgroundJob;
use crate::ui::info::chance_lost;

/// What the person asks of the exercises.
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub enum PracticeRequest {
    /// The next unsolved exercise of this variant, on the board.
    Start(Variant),
    /// Back to the game that waited.
    Stop,
    /// Stop judging the move played: it is taken back for another try.
    CancelJudging,
}

/// The exercise on the board, its judge at work, and what it said.
#[derive(Resource, Default)]
pub struct Practice {
    /// The exercise being tried.
    pub current: Option<Exercise>,
    /// The last answer's verdict, in words, and whether it was accepted.
    pub verdict: Option<(String, bool)>,
    judge: Option<BackgroundJob<Result<Judgement, ReportError>>>,
    /// When the judge began (the panel counts up to [`JUDGE_LIMIT`]).
    judging_since: Option<Instant>,
    /// The visit asked for, sent once the board game runs.
    pending: Option<VisitedGame>,
    /// The move on the board was sent to the judge (a new try starts when it is taken back).
    answered: bool,
    /// The exercise has been seen on the board: when the board goes to
    /// something else (a game opened to study), the exercise is over.
    on_board: bool,
}

impl Practice {
    /// Whether the answer is being judged now.
    pub fn judging(&self) -> bool {
        self.judge.is_some()
    }

    /// "Judging your move… 2 s (at most 5 s)" while the judge works.
    pub fn judging_words(&self) -> Option<String> {
        let since = self.judging_since.filter(|_| self.judging())?;
        let limit = JUDGE_LIMIT.as_secs();
        Some(format!("Judging your move… {} s (at most {limit} s)", since.elapsed().as_secs().min(limit)))
    }

    /// "Find a better move for White".
    pub fn task(&self) -> Option<String> {
        let exercise = self.current.as_ref()?;
        Some(format!(
            "Exercise from game {}: find a better move for {} (the game went {}, a {})",
            exercise.game,
            exercise.side.title(),
            exercise.played,
            exercise.mark.name()
        ))
    }
}

pub(crate) fn plugin(app: &mut App) {
    app.init_resource::<Practice>()
        .add_message::<PracticeRequest>()
        .add_systems(OnExit(Screen::Analyse), stop_on_leaving)
        .add_systems(
            Update,
            (
                handle_requests,
                send_pending.run_if(in_state(Mode::Board)).before(GameSystems::Apply),
                (end_when_the_board_is_taken, take_verdict, judge_answer).chain().after(GameSystems::Apply),
            ),
        );
}

fn handle_requests(
    mut requests: MessageReader<PracticeRequest>,
    library: Res<GameLibrary>,
    mut practice: ResMut<Practice>,
    (mut notice, mut screen): (ResMut<Notice>, ResMut<NextState<Screen>>),
    mut game: MessageWriter<GameRequest>,
) {
    for request in requests.read() {
        match request {
            PracticeRequest::Start(variant) => match next_exercise(&library, *variant) {
                Ok((exercise, visit)) => {
                    practice.pending = Some(visit);
                    (practice.current, practice.verdict, practice.judge) = (Some(exercise), None, None);
                    (practice.answered, practice.on_board) = (false, false);
                    // Not `set`: from Analyse (Next exercise) a same-screen
                    // transition would leave it, ending the exercises.
                    NextState::set_if_neq(&mut screen, Screen::Analyse);
                }
                Err(why) => notice.info(why.to_string()),
            },
            PracticeRequest::CancelJudging => {
                if practice.judge.take().is_some() {
                    // Dropping the job stops its searches; the move goes back for another try.
                    game.write(GameRequest::Undo);
                    practice.verdict = Some(("Judging stopped: the move is taken back; try again".to_string(), false));
                }
            }
            PracticeRequest::Stop => {
                if practice.current.take().is_some() {
                    game.write(GameRequest::Return);
                }
                (practice.verdict, practice.judge, practice.pending) = (None, None, None);
            }
        }
    }
}

/// The oldest unsolved exercise of `variant`, with its position as a visit.
fn next_exercise(library: &GameLibrary, variant: Variant) -> Result<(Exercise, VisitedGame), ShelfError> {
    let found = library.try_with(|library| library.exercises(Some(variant), true));
    let busy = if library.is_open() { ShelfError::Busy } else { ShelfError::Closed };
    let exercises = found.ok_or(busy)??;
    let exercise = exercises.into_iter().next().ok_or(ShelfError::NoExercises(variant))?;
    let visit = visit_of(&exercise)?;
    Ok((exercise, visit))
}

/// The exercise's position as a visit: the person moves their side, the other waits.
fn visit_of(exercise: &Exercise) -> Result<VisitedGame, ShelfError> {
    let players = Players { white: PlayerSetup::Human, black: PlayerSetup::Human };
    let position = exercise.position().map_err(|source| ShelfError::Exercise { game: exercise.game, source })?;
    // Headed "You vs Opponent" from the person's side, not "Human vs Human".
    let names = if exercise.side == Side::White { ["You", "Opponent"] } else { ["Opponent", "You"] };
    // Numbered as in its game: "Move 12", not "Move 1".
    let session = GameSession::from_position(position, &players, 0)
        .with_names(Some(names[0].to_string()), Some(names[1].to_string()))
        .with_first_ply(exercise.ply);
    // No notice: the exercise's own panel says the task, and goes with it (a
    // notice stayed under the buttons after "Back to the game").
    let opened = OpenedGame { session, players, message: String::new(), kept_when_finished: false };
    Ok(VisitedGame { opened, scripted: vec![exercise.side.opponent()] })
}

/// The visit goes to the owner once the board game runs (a menu holds its requests).
fn send_pending(mut practice: ResMut<Practice>, mut game: MessageWriter<GameRequest>) {
    if let Some(visit) = practice.pending.take() {
        game.write(GameRequest::Visit(Box::new(visit)));
    }
}

/// An exercise whose board went to something else (a game opened to
/// study) is over: its panel and its judge go with it.
fn end_when_the_board_is_taken(visit: Res<Visit>, mut practice: ResMut<Practice>) {
    if practice.current.is_none() || practice.pending.is_some() {
        return;
    }
    if visit.active() {
        practice.on_board = true;
    } else if practice.on_board {
        (practice.current, practice.verdict, practice.judge) = (None, None, None);
    }
}

/// The person's move in the exercise goes to the judge, once.
fn judge_answer(session: Res<GameSession>, visit: Res<Visit>, mut practice: ResMut<Practice>, waker: Res<Waker>) {
    if session.plies() == 0 {
        practice.answered = false;
    }
    let waiting = practice.pending.is_none() && practice.judge.is_none() && !practice.answered;
    let Some(exercise) = practice.current.clone().filter(|_| waiting && visit.active()) else { return };
    let Some(&answer) = session.position().moves().first() else { return };
    (practice.answered, practice.verdict) = (true, None);
    let job = BackgroundJob::spawn("exercise judge", waker.clone(), move |stop| {
        exercise.judge(answer, &ReportSettings::default(), (&stop, Some(JUDGE_LIMIT)))
    });
    (practice.judge, practice.judging_since) = (Some(job), Some(Instant::now()));
}

/// The judge's verdict: remembered in the library; a move not good enough
/// is taken back for another try.
fn take_verdict(
    mut practice: ResMut<Practice>,
    library: Res<GameLibrary>,
    mut notice: ResMut<Notice>,
    mut game: MessageWriter<GameRequest>,
) {
    let Some(result) = practice.judge.as_mut().and_then(BackgroundJob::poll) else { return };
    practice.judge = None;
    let judgement = match result {
        Ok(Ok(judgement)) => judgement,
        Ok(Err(why)) => return notice.error(format!("The answer could not be judged: {why}")),
        Err(error) => return notice.error(format!("The answer could not be judged: {error}")),
    };
    let accepted = judgement.accepted();
    let Some(exercise) = practice.current.as_mut() else { return };
    exercise.attempts += 1;
    exercise.solved |= accepted;
    let id = exercise.id;
    match library.try_with(|library| library.record_attempt(id, accepted)) {
        Some(Err(error)) => notice.error(error.to_string()),
        None if library.is_open() => notice.error(format!("{BUSY}; this try was not remembered")),
        _ => {}
    }
    let words = match judgement {
        Judgement::ProvedWin { .. } => "Right: the move wins by proof".to_string(),
        // Half a point of winning chance or less is the best move's equal.
        Judgement::Good { loss } if loss < 0.5 => "Right: as good as the best move".to_string(),
        Judgement::Good { loss } => format!("Right: only {} against the best move", chance_lost(loss)),
        Judgement::TooWeak { loss, .. } => {
            format!("Not good enough: {} against the best move; try again", chance_lost(loss))
        }
        Judgement::Refuted { .. } => "Not good enough: it does not win; try again".to_string(),
        Judgement::Slower => "Not good enough: it wins, but more slowly; try again".to_string(),
    };
    if !accepted {
        game.write(GameRequest::Undo);
    }
    practice.verdict = Some((words, accepted));
}

/// Leaving the board ends the exercise; the game that waited comes back.
fn stop_on_leaving(mut practice: ResMut<Practice>, mut game: MessageWriter<GameRequest>) {
    if practice.current.take().is_some() {
        game.write(GameRequest::Return);
    }
    (practice.verdict, practice.judge, practice.pending) = (None, None, None);
}
