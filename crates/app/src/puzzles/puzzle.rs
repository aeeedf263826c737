//! The Puzzles mode: a shipped puzzle borrows the board as a visit. The
//! person plays the winning side; the other side is scripted. A move of the
//! proof's line is answered by the proof's reply; any other move is judged
//! by the solver: a win that still holds goes on with the solver's line, a
//! move that does not win is a miss, refuted by the move that shows why (the
//! solver's proved answer, else the master's). Hints, a streak and the
//! puzzle rating (Glicko-2, each puzzle rated by its length) are kept in
//! [`Progress`].

use bevy::prelude::*;

use crate::board::layout::ViewFlip;
use crate::engine::ai::judgement::Judgement;
use crate::engine::library::glicko::Opponent;
use crate::engine::puzzles::judge::judge_move;
use crate::engine::puzzles::rating::{PUZZLE_DEVIATION, score as try_score};
use crate::engine::puzzles::{Puzzle, PuzzleSet};
use crate::engine::{Move as EngineMove, Side, Variant};
use crate::game::owner::visit::Visit;
use crate::game::phase::{GameSystems, TurnPhase};
use crate::game::players::{PlayerSetup, Players};
use crate::game::ratings::Progress;
use crate::game::request::VisitedGame;
use crate::game::request::{GameRequest, MoveChosen, OpenedGame};
use crate::game::session::GameSession;
use crate::game::wake::Waker;
use crate::tasks::analysis::AnalysisSettings;
use crate::tasks::hint::{Hint, HintRequest};
use crate::tasks::job::BackgroundJob;
use crate::tasks::proof::SolveRequest;
use crate::theme::palette::{self, Tone};

/// Seconds before a reply, so the person sees their move land first.
const REPLY_SECS: f32 = 0.6;

/// What the person asks of the Puzzles mode.
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub enum PuzzleRequest {
    /// Open a puzzle of this game near the person's puzzle rating.
    Start(Variant),
    /// The next puzzle of the same game.
    Next,
    /// The puzzle again from the position where it went wrong.
    Retry,
    /// Show the next move of the solution (the puzzle no longer counts as solved clean).
    Hint,
    /// After a miss: back to where it went wrong, with the winning move shown.
    ShowAnswer,
    /// Back to the game that waited.
    Leave,
}

/// Where the person stands in the puzzle.
#[derive(Clone, Debug, PartialEq)]
pub enum Stage {
    /// Waiting for the person's move.
    YourMove,
    /// The solver judges a move off the line.
    Judging,
    /// The scripted side answers with this move.
    Reply(EngineMove),
    /// Won.
    Solved,
    /// A move that does not win, and the answer that showed it; or
    /// (`slower`) one that wins, but not within the puzzle's moves.
    Missed { refutation: Option<String>, slower: bool },
}

/// The puzzle in progress.
#[derive(Clone, Debug)]
pub struct ActivePuzzle {
    /// Its game and place in the shipped set.
    pub variant: Variant,
    pub index: usize,
    pub puzzle: Puzzle,
    /// The side the person plays.
    pub solver_side: Side,
    /// The moves played since the puzzle's position.
    played: Vec<EngineMove>,
    /// The rest of the winning line from the position now.
    line: Vec<EngineMove>,
    /// The line as it was before each move played (for a take-back).
    lines_before: Vec<Vec<EngineMove>>,
    pub stage: Stage,
    /// A hint, the answer, the solver or the analysis was used, or a move
    /// taken back: solving it now does not count.
    pub helped: bool,
    /// A move missed (counted as a miss then; a retry is not help).
    pub missed: bool,
    /// The person's last move, as written ("e5-f6").
    pub tried: Option<String>,
    /// The scripted side's last answer to it, as written ("f6-g7").
    pub answered: Option<String>,
    /// The answer is to be shown once the retried position is on the board.
    show_answer: bool,
    /// The visit's game, once it opened.
    generation: Option<u64>,
    reply_at: f32,
    /// The reply on its way refutes a miss.
    refuting: bool,
    /// After a miss: the moves and line to try again from.
    retry_point: Option<(Vec<EngineMove>, Vec<EngineMove>)>,
    scored: bool,
    /// Counted on an earlier try: this one changes no rating or streak.
    pub counted_before: bool,
    /// The puzzle's own move where the person found another that wins too,
    /// and how many moves were played then (told, so a longer way is not
    /// taken for the puzzle's).
    pub other_way: Option<(String, usize)>,
}

/// The Puzzles mode's state: the puzzle in progress and the judging task.
#[derive(Resource, Default)]
pub struct PuzzleRun {
    pub active: Option<ActivePuzzle>,
    /// The next puzzle to offer in each game's set, after the last one opened.
    cursor: [usize; 2],
    judge: Option<BackgroundJob<Judgement>>,
    /// Each game's puzzle left half-done, taken up again when Puzzles opens
    /// on that game (fresh eyes, rounds 11 and 13: a puzzle left after a
    /// move or a hint was dropped, and its hint forgotten).
    parked: [Option<ActivePuzzle>; 2],
}

/// The window rests between events: while a reply waits out its moment,
/// it keeps drawing (a judged move wakes it from its thread).
pub(crate) fn view_plugin(app: &mut App) {
    app.add_systems(Last, keep_drawing_while_replying);
}

fn keep_drawing_while_replying(run: Res<PuzzleRun>, mut redraw: MessageWriter<bevy::window::RequestRedraw>) {
    if run.active.as_ref().is_some_and(|a| matches!(a.stage, Stage::Reply(_))) {
        redraw.write(bevy::window::RequestRedraw);
    }
}

pub(crate) fn plugin(app: &mut App) {
    app.add_message::<PuzzleRequest>().init_resource::<PuzzleRun>().add_systems(
        Update,
        (handle_requests, follow_visit, judge_moves, poll_judge, reply).chain().after(GameSystems::Apply),
    );
}

fn puzzle_set(variant: Variant) -> Option<&'static PuzzleSet> {
    PuzzleSet::shipped(variant).filter(|set| !set.puzzles.is_empty())
}

fn variant_index(variant: Variant) -> usize {
    match variant {
        Variant::Breakthrough => 0,
        Variant::LinesOfAction => 1,
    }
}

impl ActivePuzzle {
    /// "White to play and win in 3".
    pub fn task(&self) -> String {
        let side = self.solver_side.title();
        format!("{side} to play and win in {}", self.puzzle.win_in())
    }

    /// The next move of the winning line from the position now, if one is known.
    pub fn next_move(&self) -> Option<EngineMove> {
        self.line.first().copied()
    }

    /// The puzzle's number in its set, from 1.
    pub fn number(&self) -> usize {
        self.index + 1
    }
}

/// Everything the puzzle systems read and write.
#[derive(bevy::ecs::system::SystemParam)]
struct Board<'w> {
    session: Res<'w, GameSession>,
    turn: Option<Res<'w, State<TurnPhase>>>,
    time: Res<'w, Time>,
    game: MessageWriter<'w, GameRequest>,
    progress: ResMut<'w, Progress>,
    waker: Res<'w, Waker>,
    /// Puzzles show the solver's side at the bottom, for the view alone.
    flip: ResMut<'w, ViewFlip>,
}

fn handle_requests(
    mut requests: MessageReader<PuzzleRequest>,
    mut run: ResMut<PuzzleRun>,
    mut board: Board,
    (mut hint, mut asked, analysis): (ResMut<Hint>, MessageReader<HintRequest>, Res<AnalysisSettings>),
    mut solves: MessageReader<SolveRequest>,
) {
    // The game's own hint, the solver and the analysis help as much as the puzzle's hint.
    let helped = asked.read().count() > 0 || solves.read().count() > 0 || analysis.on;
    if let Some(active) = run.active.as_mut().filter(|_| helped) {
        count_help(active, &mut board.progress);
    }
    for request in requests.read() {
        match *request {
            PuzzleRequest::Start(variant) => {
                park(&mut run);
                match run.parked[variant_index(variant)].take() {
                    Some(parked) => open(&mut run, parked, &mut board),
                    None => open_next(&mut run, variant, &mut board),
                }
            }
            PuzzleRequest::Next => {
                if let Some(variant) = run.active.as_ref().map(|a| a.variant) {
                    open_next(&mut run, variant, &mut board);
                }
            }
            PuzzleRequest::Retry => retry(&mut run, &mut board, false),
            PuzzleRequest::ShowAnswer => retry(&mut run, &mut board, true),
            PuzzleRequest::Hint => {
                let Some(active) = run.active.as_mut().filter(|a| a.stage == Stage::YourMove) else { continue };
                if let Some(&mv) = active.line.first() {
                    *hint = Hint::showing(mv, &board.session);
                    count_help(active, &mut board.progress);
                }
            }
            PuzzleRequest::Leave => {
                if park(&mut run) {
                    board.game.write(GameRequest::Return);
                    board.flip.set_if_neq(ViewFlip(None));
                }
            }
        }
    }
}

/// Sets the puzzle in progress aside, kept for its game's next visit when
/// it is half done; false when there was none.
fn park(run: &mut PuzzleRun) -> bool {
    let Some(active) = run.active.take() else { return false };
    run.judge = None;
    if active.half_done() {
        let v = variant_index(active.variant);
        run.parked[v] = Some(ActivePuzzle { generation: None, show_answer: false, ..active });
    }
    true
}

/// Opens the puzzle after the cursor nearest the person's puzzle rating.
fn open_next(run: &mut PuzzleRun, variant: Variant, board: &mut Board) {
    let Some(set) = puzzle_set(variant) else { return };
    let v = variant_index(variant);
    let progress = board.progress.puzzles(variant);
    let rating = progress.rating.glicko.rating;
    // The first near the rating not counted yet; when all were, the next
    // near it again, as a try that counts nothing.
    let picks = (0..set.puzzles.len()).scan(run.cursor[v], |cursor, _| {
        let index = set.pick(*cursor, rating)?;
        *cursor = index + 1;
        Some(index)
    });
    let mut picks = picks.collect::<Vec<_>>();
    picks.dedup();
    let fresh = picks.iter().find(|index| !progress.counted.contains(&set.puzzles[**index].fen));
    let Some(&index) = fresh.or(picks.first()) else { return };
    run.cursor[v] = index + 1;
    let counted_before = progress.counted.contains(&set.puzzles[index].fen);
    if let Some(mut active) = ActivePuzzle::new(variant, index, set.puzzles[index].clone()) {
        (active.counted_before, active.scored) = (counted_before, counted_before);
        open(run, active, board);
    }
}

impl ActivePuzzle {
    /// Puzzle `index` of `variant`'s set at its start; none if it does not replay.
    fn new(variant: Variant, index: usize, puzzle: Puzzle) -> Option<ActivePuzzle> {
        let (Ok(line), Ok(position)) = (puzzle.moves(), puzzle.position()) else { return None };
        Some(ActivePuzzle {
            variant,
            index,
            solver_side: position.side_to_move(),
            puzzle,
            played: Vec::new(),
            lines_before: Vec::new(),
            line,
            stage: Stage::YourMove,
            helped: false,
            missed: false,
            tried: None,
            answered: None,
            show_answer: false,
            generation: None,
            reply_at: 0.0,
            refuting: false,
            retry_point: None,
            scored: false,
            counted_before: false,
            other_way: None,
        })
    }
}

/// Lays the puzzle's position, after the moves it has played, on the board.
fn open(run: &mut PuzzleRun, active: ActivePuzzle, board: &mut Board) {
    let Ok(mut position) = active.puzzle.position() else { return };
    for &mv in &active.played {
        if position.play(mv).is_err() {
            return;
        }
    }
    let players = Players { white: PlayerSetup::Human, black: PlayerSetup::Human };
    let session = GameSession::from_position(position, &players, 0);
    // No notice: the panel heads the puzzle with its number and task (fresh
    // eyes: the toast's green tick read as "solved" before any move).
    let opened = OpenedGame { session, players, message: String::new(), kept_when_finished: false };
    let scripted = vec![active.solver_side.opponent()];
    board.game.write(GameRequest::Visit(Box::new(VisitedGame { opened, scripted })));
    board.flip.set_if_neq(ViewFlip(Some(active.solver_side == Side::Black)));
    run.judge = None;
    run.active = Some(active);
}

/// Back to the position before the missed move, the line as it was there;
/// `answer`: with its winning move shown (that is help, a retry alone is not).
fn retry(run: &mut PuzzleRun, board: &mut Board, answer: bool) {
    let Some(active) = run.active.as_ref() else { return };
    let Some((played, line)) = active.retry_point.clone() else { return };
    let mut lines_before = active.lines_before.clone();
    lines_before.truncate(played.len());
    let again = ActivePuzzle {
        played,
        lines_before,
        line,
        stage: Stage::YourMove,
        generation: None,
        retry_point: None,
        refuting: false,
        helped: active.helped || answer,
        show_answer: answer,
        tried: None,
        answered: None,
        ..active.clone()
    };
    open(run, again, board);
}

/// Notes when the visit opened (showing the answer there if it was asked
/// for), and forgets the puzzle when the board was taken for something else
/// (a new game, a loaded one, a return).
fn follow_visit(
    mut run: ResMut<PuzzleRun>,
    session: Res<GameSession>,
    visit: Res<Visit>,
    mut flip: ResMut<ViewFlip>,
    mut hint: ResMut<Hint>,
) {
    let Some(active) = run.active.as_mut() else { return };
    match active.generation {
        None if visit.active() && session.plies() == active.played.len() && active.played_on(&session) => {
            active.generation = Some(session.generation());
            if std::mem::take(&mut active.show_answer)
                && let Some(&mv) = active.line.first()
            {
                *hint = Hint::showing(mv, &session);
            }
        }
        Some(generation) if generation != session.generation() || !visit.active() => {
            run.active = None;
            run.judge = None;
            flip.set_if_neq(ViewFlip(None));
        }
        _ => {}
    }
}

impl ActivePuzzle {
    /// Begun (a move played or help taken) and waiting for the person's
    /// move: worth taking up again rather than dropping.
    fn half_done(&self) -> bool {
        self.stage == Stage::YourMove && (!self.played.is_empty() || self.helped || self.missed)
    }

    /// Whether the session is this puzzle's game (its moves are the ones played).
    fn played_on(&self, session: &GameSession) -> bool {
        session.position().moves() == self.played.as_slice()
            && self.puzzle.position().is_ok_and(|p| p.fen() == session.record().start_fen)
    }
}

/// Each new move on the board: the person's is judged, the reply noted.
fn judge_moves(mut run: ResMut<PuzzleRun>, mut board: Board) {
    let run = &mut *run;
    let Some(active) = run.active.as_mut().filter(|a| a.generation == Some(board.session.generation())) else {
        return;
    };
    let moves = board.session.position().moves();
    if moves.len() < active.played.len() {
        taken_back(active, moves.len(), &board.time);
        run.judge = None;
        return;
    }
    if moves.len() != active.played.len() + 1 {
        return;
    }
    let mv = moves[moves.len() - 1];
    let before = active.line.clone();
    active.played.push(mv);
    active.lines_before.push(before.clone());
    if active.line.first() == Some(&mv) {
        active.line.remove(0);
    }
    if let Stage::Reply(_) = active.stage {
        let name = board.move_name(mv);
        active.stage =
            if active.refuting { Stage::Missed { refutation: Some(name), slower: false } } else { Stage::YourMove };
        active.answered = (!active.refuting).then(|| board.move_name(mv));
        return;
    }
    active.tried = Some(board.move_name(mv));
    active.answered = None;
    let winner = board.session.outcome().winner();
    if winner == Some(active.solver_side) {
        active.stage = Stage::Solved;
        score(active, &mut board.progress, true);
    } else if before.first() == Some(&mv) {
        schedule_reply(active, &board.time);
    } else {
        active.retry_point = Some((active.played[..active.played.len() - 1].to_vec(), before));
        active.stage = Stage::Judging;
        let position = board.session.position().clone();
        let person = active.solver_side;
        // The win must come within the puzzle's own plies ("win in 3").
        let plies_left = (2 * active.puzzle.win_in() - 1).saturating_sub(active.played.len()) as u32;
        let judge = move |_| judge_move(&position, person, plies_left);
        run.judge = Some(BackgroundJob::spawn("puzzle judge", board.waker.clone(), judge));
    }
}

/// The game's undo took moves back: the puzzle goes back with them (and no
/// longer counts as solved clean); the scripted side answers again if it is
/// to move.
fn taken_back(active: &mut ActivePuzzle, plies: usize, time: &Time) {
    let Some(line) = active.lines_before.get(plies).cloned() else { return };
    active.played.truncate(plies);
    active.lines_before.truncate(plies);
    active.line = line;
    active.helped = true;
    active.refuting = false;
    let persons_turn = plies.is_multiple_of(2);
    if persons_turn { active.stage = Stage::YourMove } else { schedule_reply(active, time) }
}

/// The next move of the line answers, after a moment.
fn schedule_reply(active: &mut ActivePuzzle, time: &Time) {
    match active.line.first() {
        Some(&reply) => {
            active.stage = Stage::Reply(reply);
            active.reply_at = time.elapsed_secs() + REPLY_SECS;
        }
        // A proof's line ends in the winner's move: nothing is left to answer.
        None => active.stage = Stage::Solved,
    }
}

fn poll_judge(mut run: ResMut<PuzzleRun>, mut board: Board) {
    let run = &mut *run;
    let Some(result) = run.judge.as_mut().and_then(|job| job.poll()) else { return };
    run.judge = None;
    let Some(active) = run.active.as_mut().filter(|a| a.stage == Stage::Judging) else { return };
    match result {
        Ok(Judgement::ProvedWin { line }) => {
            let intended = active.lines_before.last().and_then(|before| before.first().copied());
            active.other_way = intended.map(|mv| (board.move_name(mv), active.played.len()));
            active.line = line;
            schedule_reply(active, &board.time);
        }
        // A win, but slower than the puzzle asks: a miss, and said so (fresh
        // eyes, round 22: "win in 3" ran on to move 5, told "Right").
        Ok(Judgement::Slower) => {
            score(active, &mut board.progress, false);
            active.line.clear();
            active.stage = Stage::Missed { refutation: None, slower: true };
        }
        // The puzzle judge proves a win or refutes the move.
        Ok(judgement) => {
            score(active, &mut board.progress, false);
            active.line.clear();
            match judgement.refutation() {
                Some(mv) => {
                    active.refuting = true;
                    active.stage = Stage::Reply(mv);
                    active.reply_at = board.time.elapsed_secs() + REPLY_SECS;
                }
                None => active.stage = Stage::Missed { refutation: None, slower: false },
            }
        }
        Err(error) => {
            warn!("puzzle judge: {error}");
            active.stage = Stage::Missed { refutation: None, slower: false };
        }
    }
}

/// Plays the scripted side's reply once its turn waits and the moment passed.
fn reply(run: Res<PuzzleRun>, mut board: Board) {
    let Some(active) = run.active.as_ref().filter(|a| a.generation == Some(board.session.generation())) else {
        return;
    };
    let Stage::Reply(mv) = active.stage else { return };
    let waiting = board.turn.as_ref().is_some_and(|t| *t.get() == TurnPhase::HumanTurn);
    let session = &board.session;
    if !waiting || session.side_to_move() == active.solver_side || board.time.elapsed_secs() < active.reply_at {
        return;
    }
    board.game.write(MoveChosen::scripted(mv, session));
}

/// Counts the puzzle once: solved clean (no hint, no miss) or not.
fn score(active: &mut ActivePuzzle, progress: &mut Progress, solved: bool) {
    if active.scored {
        return;
    }
    active.missed |= !solved;
    record_score(active, progress, solved);
}

/// Help taken counts as the miss it is at once, so that leaving the puzzle
/// or a restart cannot take it back (fresh eyes, round 15: a hint's miss was
/// forgotten with a puzzle started over).
fn count_help(active: &mut ActivePuzzle, progress: &mut Progress) {
    active.helped = true;
    if !active.scored {
        record_score(active, progress, false);
    }
}

/// The puzzle's one result in the puzzle rating and the streak.
fn record_score(active: &mut ActivePuzzle, progress: &mut Progress, solved: bool) {
    active.scored = true;
    let clean = solved && !active.helped;
    let puzzles = progress.puzzles_mut(active.variant);
    puzzles.counted.insert(active.puzzle.fen.clone());
    let opponent = Opponent { rating: active.puzzle.rating(), deviation: PUZZLE_DEVIATION };
    puzzles.rating.record(opponent, try_score(solved, active.helped));
    if clean {
        puzzles.streak += 1;
        puzzles.best_streak = puzzles.best_streak.max(puzzles.streak);
        puzzles.solved += 1;
    } else {
        puzzles.streak = 0;
    }
}

impl ActivePuzzle {
    /// How the puzzle stands, in the solver's words, and the tone it reads
    /// in: the person's own move named, a miss as a miss.
    pub fn status(&self) -> (String, Tone) {
        let yours = self.tried.as_deref().unwrap_or("that move");
        let them = self.solver_side.opponent().title();
        match &self.stage {
            Stage::YourMove => match &self.answered {
                Some(answer) => (format!("✔ Right: {yours}. {them} answered {answer}; your move."), palette::SUCCESS),
                None if self.missed => ("Try again: your move.".to_string(), palette::NOTE),
                None => ("Your move.".to_string(), palette::NOTE),
            },
            Stage::Judging => (format!("The solver looks at {yours}…"), palette::NOTE),
            Stage::Reply(_) if self.refuting => (format!("✖ {yours} does not win: see the answer…"), palette::ERROR),
            Stage::Reply(_) => match &self.other_way {
                Some((intended, at)) if *at == self.played.len() => {
                    (format!("✔ {yours} wins too (the puzzle's move is {intended}). {them} answers…"), palette::SUCCESS)
                }
                _ => (format!("✔ Right: {yours}. {them} answers…"), palette::SUCCESS),
            },
            Stage::Solved if self.counted_before => {
                ("✔ Solved again: a puzzle counts once, on its first try.".to_string(), palette::SUCCESS)
            }
            Stage::Solved if self.helped => {
                ("✔ Solved, with help: a miss for your puzzle rating and streak.".to_string(), palette::SUCCESS)
            }
            Stage::Solved if self.missed => {
                ("✔ Solved on a retry: the miss was counted, not this.".to_string(), palette::SUCCESS)
            }
            Stage::Solved => match &self.other_way {
                Some((intended, _)) => {
                    (format!("✔ Solved, another way: the puzzle's move was {intended}."), palette::SUCCESS)
                }
                None => ("✔ Solved!".to_string(), palette::SUCCESS),
            },
            Stage::Missed { slower: true, .. } => (
                format!("✖ {yours} wins, but not in {}: the puzzle's move wins faster.", self.puzzle.win_in()),
                palette::ERROR,
            ),
            Stage::Missed { refutation: Some(answer), .. } => {
                (format!("✖ Wrong: {yours} does not win; {them} answers {answer}."), palette::ERROR)
            }
            Stage::Missed { refutation: None, .. } => (format!("✖ Wrong: {yours} does not win."), palette::ERROR),
        }
    }
}

/// Whether the end of the game on the board is told as a game's end (the
/// game-over banner, its Play again): not while a puzzle or a lesson borrows
/// the board, whose own panel says how it went, nor while reviewing.
pub fn ends_as_a_game(session: &GameSession, visit: &Visit) -> bool {
    session.outcome().is_over() && !session.reviewing() && !visit.active()
}

impl Board<'_> {
    /// `mv` as the notation writes it in the position before the last move
    /// (the last move itself, or another that could have been played there).
    fn move_name(&self, mv: EngineMove) -> String {
        let mut before = self.session.position().clone();
        before.undo();
        before.move_name(mv)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Finding (fresh eyes): in Lines of Action, where a puzzle's move is the
    /// fastest win and not the only one, a slower win was taken as the
    /// puzzle's own. It is accepted and the puzzle's move is named.
    #[test]
    fn another_winning_move_is_told_from_the_puzzles_own() {
        let variant = Variant::LinesOfAction;
        let set = puzzle_set(variant).expect("the shipped set");
        let mut active = ActivePuzzle::new(variant, 0, set.puzzles[0].clone()).expect("replays");
        let position = active.puzzle.position().expect("a position");
        let other = position.legal_moves().into_iter().find(|&m| Some(m) != active.line.first().copied());
        let other = other.expect("another move");
        active.played.push(other);
        active.tried = Some(position.move_name(other));
        active.other_way = Some(("c3-e5".to_string(), 1));
        active.stage = Stage::Reply(other);
        assert!(active.status().0.contains("wins too (the puzzle's move is c3-e5)"), "{}", active.status().0);
        active.stage = Stage::Solved;
        assert_eq!(active.status().0, "✔ Solved, another way: the puzzle's move was c3-e5.");
        // Later replies on the new line are plain.
        active.played.push(other);
        active.stage = Stage::Reply(other);
        assert!(active.status().0.starts_with("✔ Right: "), "{}", active.status().0);
        // A win slower than the puzzle asks is a miss, said as such (round 22).
        active.stage = Stage::Missed { refutation: None, slower: true };
        let said = active.status().0;
        assert!(said.contains("wins, but not in 3: the puzzle's move wins faster"), "{said}");
    }
}
