//! What must hold after every step, read from the app (a [`Snap`] before and
//! after the step) and from the model's own memory of what the person did.

use std::collections::HashSet;
use std::time::Duration;

use bevy::prelude::*;
use breakline_app::board::layout::{BoardFlip, ViewFlip};
use breakline_app::game::clock::TurnTimer;
use breakline_app::game::owner::Visit;
use breakline_app::game::players::{PlayerSetup, Players};
use breakline_app::game::ratings::Progress;
use breakline_app::game::screen::Screen;
use breakline_app::game::session::GameSession;
use breakline_app::game::settings::PlaySettings;
use breakline_app::home::screens::ResumeScreen;
use breakline_app::library::keep::LibraryWrites;
use breakline_app::library::practice::Practice;
use breakline_app::play::asks::Question;
use breakline_app::play::rated::RatedGame;
use breakline_app::tasks::analysis::AnalysisSettings;
use breakline_engine::library::GameId;
use breakline_engine::rules::clock::Clock;
use breakline_engine::{Move, Side, Variant};

use super::actions::Action;
use super::world::World;
use crate::screen;

/// The invariants the model checks, by name (the names a violation reports).
pub const CHECKED: [&str; 18] = [
    "resume_goes_where_the_game_is_played",
    "visiting_a_screen_makes_no_game_to_resume",
    "home_offers_the_game_in_progress",
    "a_game_changes_only_by_its_moves",
    "a_rated_or_clocked_game_is_played_on_play",
    "a_game_is_rated_at_most_once",
    "a_rated_game_replaced_is_rated_once",
    "an_aborted_game_is_no_result_and_no_row",
    "a_finished_game_is_stored_once",
    "no_action_gives_back_spent_time",
    "a_persons_clock_runs_only_on_play_with_no_question",
    "analysis_stays_in_the_mode_it_was_asked_in",
    "flip_stays_with_its_game_and_screen",
    "a_restart_keeps_the_game_the_ratings_and_the_settings",
    "escape_closes_a_question_or_goes_home_never_both",
    "next_exercise_stays_in_the_exercises",
    "no_widget_is_cut_at_a_side",
    "moves_are_counted_as_moves",
];

/// What the model reads from the app around a step.
#[derive(Clone, Debug)]
pub struct Snap {
    pub screen: Screen,
    resume: Option<Screen>,
    /// The game in progress: the one on the board, or the one waiting
    /// while a lesson, puzzle or study borrows the board.
    game: Game,
    visit: bool,
    rated_games: u32,
    /// The board's game is rated, played, and the person has moved in it.
    rated_at_stake: bool,
    stored: Vec<GameId>,
    question: bool,
    analysis: bool,
    flipped: bool,
    /// The one person of the board's game (a study's, during a study) plays Black.
    board_person_black: bool,
    animate: bool,
    /// An exercise from the library is on the board.
    exercise: bool,
    /// The board's game (the one on it, studied or played).
    board_generation: u64,
}

/// The game in progress as the model sees it.
#[derive(Clone, Debug, PartialEq)]
struct Game {
    generation: u64,
    moves: Vec<Move>,
    players: Players,
    over: bool,
    /// The side to move's time left as the clock shows it, with the turn's
    /// time spent so far taken off (on the board's game only).
    left: Option<Duration>,
    /// Each side's time left the same way, White's first.
    left_by_side: Option<[Duration; 2]>,
    to_move: Side,
    person_to_move: bool,
    /// A person has moved in it, a move taken back included.
    person_moved: bool,
}

impl Game {
    fn of(session: &GameSession, players: &Players, spent: Option<Duration>) -> Game {
        let side = session.position().side_to_move();
        let left_of = |clock: &Clock, spent: Duration, of: Side| {
            let remaining = clock.remaining(of);
            if of == side { remaining.saturating_sub(spent) } else { remaining }
        };
        let left_by_side = session
            .clock()
            .zip(spent)
            .map(|(c, spent)| [left_of(&c, spent, Side::White), left_of(&c, spent, Side::Black)]);
        let left = left_by_side.map(|both| both[side.index()]);
        Game {
            generation: session.generation(),
            moves: session.position().moves().to_vec(),
            players: players.clone(),
            over: session.outcome().is_over(),
            left,
            left_by_side,
            to_move: side,
            person_to_move: is_person(players, side),
            person_moved: Side::BOTH.into_iter().any(|side| is_person(players, side) && session.has_moved(side)),
        }
    }

    /// Moves the person made (Breakthrough: White moves first).
    fn person_moves(&self) -> usize {
        let side = |ply: usize| if ply.is_multiple_of(2) { Side::White } else { Side::Black };
        (0..self.moves.len()).filter(|&ply| is_person(&self.players, side(ply))).count()
    }

    fn has_person(&self) -> bool {
        is_person(&self.players, Side::White) || is_person(&self.players, Side::Black)
    }

    fn people_only(&self) -> bool {
        is_person(&self.players, Side::White) && is_person(&self.players, Side::Black)
    }
}

fn is_person(players: &Players, side: Side) -> bool {
    let setup = if side == Side::White { &players.white } else { &players.black };
    matches!(setup, PlayerSetup::Human)
}

impl Snap {
    pub fn read(world: &World) -> Snap {
        let app = &world.app;
        let world_ = app.world();
        let visit = world_.resource::<Visit>();
        let game = match (visit.left_game(), visit.left_players()) {
            (Some(left), Some(players)) => Game::of(left, players, None),
            _ => {
                let spent = world_.resource::<TurnTimer>().spent();
                Game::of(world_.resource::<GameSession>(), world_.resource::<Players>(), Some(spent))
            }
        };
        let flip = world_.resource::<ViewFlip>().shown(*world_.resource::<BoardFlip>());
        Snap {
            screen: screen(app),
            resume: world_.resource::<ResumeScreen>().0,
            game,
            visit: visit.waiting(),
            rated_games: world_.resource::<Progress>().rating(Variant::Breakthrough).games,
            // The game in progress's: the board's, or the one that waits.
            rated_at_stake: world_.resource::<RatedGame>().at_stake(
                world_.resource::<GameSession>(),
                world_.resource::<Players>(),
                visit,
            ),
            stored: world_.resource::<LibraryWrites>().stored.clone(),
            question: world_.resource::<Question>().text().is_some(),
            analysis: world_.resource::<AnalysisSettings>().on,
            flipped: flip.0,
            board_person_black: match &world_.resource::<Practice>().current {
                Some(exercise) => exercise.side == Side::Black,
                None => world_.resource::<Players>().person() == Some(Side::Black),
            },
            animate: world_.resource::<PlaySettings>().animate,
            exercise: world_.resource::<Practice>().current.is_some(),
            board_generation: world_.resource::<GameSession>().generation(),
        }
    }
}

/// What the model remembers of the person's doings across steps.
#[derive(Default)]
pub struct Memory {
    /// Games rated so far: (restarts, generation).
    rated: HashSet<(u32, u64)>,
    /// Whether the person switched the analysis on on the screen shown
    /// since entering it (on Play: in this game).
    analysis_asked: bool,
    /// Whether the person turned Play's board an odd number of times since
    /// the game in progress began.
    play_flipped_odd: bool,
    /// Whether the person turned the board of the (other) screen shown an
    /// odd number of times since entering it.
    view_flipped_odd: bool,
    /// Whether the step's action was offered (and so did something).
    pub applied: bool,
    /// Games stored so far.
    stored: HashSet<GameId>,
}

/// A broken invariant: its name and what was seen.
#[derive(Clone, Debug)]
pub struct Violation {
    pub invariant: &'static str,
    pub seen: String,
}

fn fail(invariant: &'static str, seen: String) -> Result<(), Violation> {
    Err(Violation { invariant, seen })
}

/// Notes what the person did, before the step's checks read the memory.
pub fn remember(memory: &mut Memory, action: Action, before: &Snap) {
    match action {
        Action::Analysis(on) => memory.analysis_asked = on,
        Action::Flip if before.screen == Screen::Play => memory.play_flipped_odd = !memory.play_flipped_odd,
        Action::Flip => memory.view_flipped_odd = !memory.view_flipped_odd,
        _ => {}
    }
}

/// Every invariant, after `action` took the app from `before` to `after`.
pub fn check(memory: &mut Memory, world: &World, action: Action, before: &Snap, after: &Snap) -> Result<(), Violation> {
    resume(action, before, after)?;
    game_kept(action, before, after)?;
    played_on_play(action, before, after)?;
    results(memory, world, action, before, after)?;
    clocks(action, memory.applied, before, after)?;
    if new_game(action, memory.applied, before, after) {
        memory.play_flipped_odd = false;
        memory.analysis_asked &= before.screen == after.screen && after.screen != Screen::Play;
    }
    // A game brought onto Analyse's or Watch & Lab's board is shown from its own side.
    // (Only where one came: an Open refused leaves the board as it was.)
    let brought = matches!(action, Action::Matchup | Action::Open | Action::LibraryOpen | Action::Exercise)
        && memory.applied
        && after.board_generation != before.board_generation;
    if before.screen != after.screen || brought {
        memory.view_flipped_odd = false;
        memory.analysis_asked = false;
    }
    view(memory, after)?;
    keys_and_buttons(action, memory.applied, before, after)?;
    restart(action, before, after)?;
    nothing_cut(world)?;
    moves_counted(world)
}

/// Every line a person reads counts moves as moves: plies are named only
/// in brackets beside them ("17 moves (34 plies)", "move 2. (ply 3)"),
/// never as the count ("Watching ply 7").
fn moves_counted(world: &World) -> Result<(), Violation> {
    match crate::panels::texts(&world.app).into_iter().find(|text| plies_alone(text)) {
        None => Ok(()),
        Some(text) => fail("moves_are_counted_as_moves", format!("{text:?} on {:?}", screen(&world.app))),
    }
}

/// Every widget of the frame's panels, pages and floating windows lies
/// within their sides and the window's, at the window's size now (the
/// panels scroll up and down, so only the sides can cut).
fn nothing_cut(world: &World) -> Result<(), Violation> {
    match crate::panels::cuts(&world.app).first() {
        None => Ok(()),
        Some(cut) => fail("no_widget_is_cut_at_a_side", format!("at {:?}: {cut}", world.window)),
    }
}

/// Resume goes where the game is played (a person's to Play, two levels' to
/// Watch & Lab), and looking at a screen makes no game to resume.
fn resume(action: Action, before: &Snap, after: &Snap) -> Result<(), Violation> {
    if after.resume.is_some() && after.game.over {
        // Before a restart as after it (which keeps only unfinished games).
        return fail("resume_goes_where_the_game_is_played", "Resume offered for a finished game".to_string());
    }
    if let Some(to) = after.resume {
        let played = Screen::for_players(&after.game.players);
        if to != played && !after.visit {
            let players = &after.game.players;
            return fail("resume_goes_where_the_game_is_played", format!("Resume goes to {to:?} for {players:?}"));
        }
    }
    // Fresh eyes, round 6: a game begun on Play while it showed a finished
    // one had no Resume on Home.
    let waiting = !after.game.moves.is_empty() && !after.game.over;
    if after.screen == Screen::Home && waiting && after.resume.is_none() {
        let seen = format!("{action:?}: Home offers no Resume for a game of {} moves", after.game.moves.len());
        return fail("home_offers_the_game_in_progress", seen);
    }
    let offered = before.resume.is_none() && after.resume.is_some();
    if matches!(action, Action::Go(_) | Action::Resume) && offered && after.game.moves.is_empty() {
        let seen = format!("{action:?} made Resume offer an empty game");
        return fail("visiting_a_screen_makes_no_game_to_resume", seen);
    }
    Ok(())
}

/// Whether `now` is the game that `was` with at most an AI's moves added.
fn kept(was: &[Move], now: &Game) -> bool {
    now.moves.starts_with(was) && (now.moves.len() == was.len() || !now.people_only())
}

/// The game in progress changes only by its own moves (played, taken back,
/// resigned on its board) or when the person replaces it (a new game, a
/// matchup, a file opened on Play): looking, visiting a lesson, puzzle or
/// exercise, studying a game and restarting leave its moves, with at most
/// an AI's moves added.
fn game_kept(action: Action, before: &Snap, after: &Snap) -> Result<(), Violation> {
    let in_progress = !before.game.moves.is_empty() && !before.game.over;
    let replaces = matches!(action, Action::Start(_) | Action::NewGame | Action::Matchup)
        || (action == Action::Open && before.screen == Screen::Play);
    let plays = !before.visit
        && matches!(
            action,
            Action::Move(_)
                | Action::TakeBack
                | Action::Redo
                | Action::PromoteLine
                | Action::Answer(_)
                | Action::Resign
        );
    if in_progress && !replaces && !plays && !kept(&before.game.moves, &after.game) {
        return fail("a_game_changes_only_by_its_moves", moves_changed(action, before, after));
    }
    Ok(())
}

/// A rated game, or one on the clock, is played on Play only: elsewhere the
/// person's moves, take-backs, redos and promoted lines leave it as it was
/// (fresh eyes, round 14: Redo in Analyse played a rated game's moves again,
/// and a move in Watch & Lab earned a clocked game its increment with the
/// clock stopped; round 16: a side line promoted in Analyse rewrote it).
fn played_on_play(action: Action, before: &Snap, after: &Snap) -> Result<(), Violation> {
    let on_play_only = before.rated_at_stake || before.game.left.is_some();
    let persons = matches!(action, Action::Move(_) | Action::TakeBack | Action::Redo | Action::PromoteLine);
    let in_progress = !before.game.moves.is_empty() && !before.game.over;
    let off_play = before.screen != Screen::Play && !before.visit;
    // A promoted line goes on with the same game under a new generation.
    let same_game = after.game.generation == before.game.generation || action == Action::PromoteLine;
    let changed = after.game.moves != before.game.moves;
    let persons_turn = before.game.person_to_move || action == Action::PromoteLine;
    if on_play_only && persons && in_progress && off_play && persons_turn && same_game && changed {
        return fail("a_rated_or_clocked_game_is_played_on_play", moves_changed(action, before, after));
    }
    Ok(())
}

/// What `action` did to the game's moves, where it should not have.
fn moves_changed(action: Action, before: &Snap, after: &Snap) -> String {
    let (was, now) = (before.game.moves.len(), after.game.moves.len());
    format!("{action:?} on {:?}: {was} moves became {now}", before.screen)
}

/// A finished game is rated at most once and stored once; an aborted one
/// (the person never moved) is neither.
fn results(memory: &mut Memory, world: &World, action: Action, before: &Snap, after: &Snap) -> Result<(), Violation> {
    // A rated game replaced while the person had moved in it counts once,
    // as a loss, in the step that replaced it (a restart keeps it instead).
    // (A visit's return brings the same game back under a new generation:
    // no replacement.)
    let returned = before.visit && !after.visit && after.game.moves == before.game.moves;
    let replaced = before.rated_at_stake
        && !after.visit
        && after.game.generation != before.game.generation
        && !returned
        && action != Action::Restart;
    if replaced && after.rated_games != before.rated_games + 1 {
        let seen = format!("{action:?} replaced it: rated {} -> {}", before.rated_games, after.rated_games);
        return fail("a_rated_game_replaced_is_rated_once", seen);
    }
    // A rating moves only where a game ends or a rated one is replaced
    // (fresh eyes, round 8: a finished game taken up again after a puzzle
    // was counted again, under the new generation a return gives it).
    let ended_now = after.game.over && !before.game.over;
    // Or where the person gives a rated game they had moved in up (a hint,
    // the analysis, a take-back too many, asked first): a loss at once.
    let given_up = before.rated_at_stake && !after.rated_at_stake && before.question;
    if after.rated_games > before.rated_games && !replaced && !ended_now && !given_up {
        let seen = format!("{action:?} rated {} -> {} with no game ending", before.rated_games, after.rated_games);
        return fail("a_game_is_rated_at_most_once", seen);
    }
    let game = (world.restarts, if replaced { before.game.generation } else { after.game.generation });
    if after.rated_games > before.rated_games
        && (after.rated_games > before.rated_games + 1 || !memory.rated.insert(game))
    {
        return fail("a_game_is_rated_at_most_once", format!("game {game:?} rated again"));
    }
    let new_rows = after.stored.len().saturating_sub(before.stored.len());
    for id in &after.stored[before.stored.len().min(after.stored.len())..] {
        if !memory.stored.insert(*id) {
            return fail("a_finished_game_is_stored_once", format!("{id:?} stored twice"));
        }
    }
    let ended = after.game.over && !before.game.over && before.game.generation == after.game.generation;
    // Never moved, a move taken back counted (fresh eyes, round 17).
    let aborted = ended && after.game.has_person() && !after.game.person_moved;
    if aborted && (after.rated_games != before.rated_games || new_rows > 0) {
        let seen = format!("rated {} -> {}, {new_rows} rows", before.rated_games, after.rated_games);
        return fail("an_aborted_game_is_no_result_and_no_row", seen);
    }
    Ok(())
}

/// A person's clock runs only on Play with no question open; nothing gives
/// back time spent (a take-back goes to another turn, and is not compared).
fn clocks(action: Action, applied: bool, before: &Snap, after: &Snap) -> Result<(), Violation> {
    // A restart keeps only a game with moves (one without is begun afresh).
    let fresh = action == Action::Restart && before.game.moves.is_empty();
    let same_turn = before.game.moves == after.game.moves && !new_game(action, applied, before, after) && !fresh;
    let (Some(was), Some(now)) = (before.game.left, after.game.left) else { return Ok(()) };
    // A take-back to a person's earlier turn keeps the time that side had left.
    let took_back = action == Action::TakeBack && after.game.moves.len() < before.game.moves.len();
    if let (true, Some(had)) = (took_back && after.game.person_to_move, before.game.left_by_side) {
        let (side, had) = (after.game.to_move, had[after.game.to_move.index()]);
        if now > had {
            return fail("no_action_gives_back_spent_time", format!("TakeBack: {side:?} had {had:?}, now {now:?}"));
        }
    }
    if !same_turn || !after.game.person_to_move {
        return Ok(());
    }
    if now > was {
        return fail("no_action_gives_back_spent_time", format!("{action:?}: {was:?} left became {now:?}"));
    }
    let off_play = before.screen != Screen::Play && after.screen != Screen::Play;
    if (off_play || (before.question && after.question)) && now != was && !matches!(action, Action::Resume) {
        let seen = format!("{action:?} on {:?}: {was:?} left became {now:?}", after.screen);
        return fail("a_persons_clock_runs_only_on_play_with_no_question", seen);
    }
    Ok(())
}

/// Whether the step began another game: started, opened or restarted,
/// other players, or moves that are no continuation (a take-back aside).
fn new_game(action: Action, applied: bool, before: &Snap, after: &Snap) -> bool {
    // Open studies a game beside the one in progress in Analyse and Watch & Lab.
    let opened = action == Action::Open && !after.visit;
    let restarted = (matches!(action, Action::Start(_) | Action::NewGame | Action::Restart) || opened) && applied;
    // A take-back drops moves and a promoted line swaps them: the same game.
    let replaced =
        !matches!(action, Action::TakeBack | Action::PromoteLine) && !after.game.moves.starts_with(&before.game.moves);
    restarted || replaced || after.game.players != before.game.players
}

/// The analysis and the flip stay where the person set them.
fn view(memory: &Memory, after: &Snap) -> Result<(), Violation> {
    if after.screen == Screen::Play && after.analysis && !memory.analysis_asked {
        let seen = "analysis on in Play, not asked there in this game".to_string();
        return fail("analysis_stays_in_the_mode_it_was_asked_in", seen);
    }
    // Play's flip is the game's (the person's side at the bottom to begin
    // with); Analyse and Watch & Lab start from the board game's person's
    // side; Learn starts White-up (a puzzle: its solver's).
    let expected = if after.screen == Screen::Play {
        (after.game.players.person() == Some(Side::Black)) != memory.play_flipped_odd
    } else if matches!(after.screen, Screen::Analyse | Screen::Watch) {
        after.board_person_black != memory.view_flipped_odd
    } else {
        memory.view_flipped_odd
    };
    if after.flipped != expected && after.screen != Screen::Puzzles && after.screen.mode() == Screen::Play.mode() {
        let seen = format!("shown flipped {} on {:?}, expected {expected}", after.flipped, after.screen);
        return fail("flip_stays_with_its_game_and_screen", seen);
    }
    Ok(())
}

/// The rarer situations an invariant looks at, named for the run's tally
/// (a model that never reaches them checks nothing there).
pub fn situation(action: Action, before: &Snap) -> Option<&'static str> {
    match action {
        Action::Escape if before.question => Some("Escape with a question open"),
        Action::Exercise if before.exercise && before.screen == Screen::Analyse => Some("Next exercise"),
        Action::Restart if before.game.person_moves() > 0 && !before.game.over => Some("Restart mid-game"),
        Action::Resume if before.game.people_only() => Some("Resume a game of two people"),
        Action::Start(_) | Action::NewGame | Action::Matchup | Action::Open if before.rated_at_stake => {
            Some("Replace a rated game moved in")
        }
        _ if before.game.left.is_some() && before.question => Some("A question on a clocked game"),
        _ => None,
    }
}

/// Escape does one thing (with a question open it answers it and stays:
/// headless, nothing draws the question, so it stays open), and Next
/// exercise brings the next exercise, never the game that waited.
fn keys_and_buttons(action: Action, applied: bool, before: &Snap, after: &Snap) -> Result<(), Violation> {
    if action == Action::Escape && before.question && after.screen != before.screen {
        let seen = format!("Escape with a question open left {:?} for {:?}", before.screen, after.screen);
        return fail("escape_closes_a_question_or_goes_home_never_both", seen);
    }
    let next = action == Action::Exercise && applied && before.exercise && before.screen == Screen::Analyse;
    if next && !(after.exercise && after.visit && after.screen == Screen::Analyse) {
        let seen =
            format!("Next exercise left {:?} showing {:?} (exercise {})", before.screen, after.screen, after.exercise);
        return fail("next_exercise_stays_in_the_exercises", seen);
    }
    Ok(())
}

/// A restart brings back the unfinished game, the ratings and the settings.
fn restart(action: Action, before: &Snap, after: &Snap) -> Result<(), Violation> {
    if action != Action::Restart {
        return Ok(());
    }
    let unfinished = before.game.has_person() && before.game.person_moves() > 0 && !before.game.over;
    let seen = if after.rated_games != before.rated_games {
        format!("{} rated games became {}", before.rated_games, after.rated_games)
    } else if after.animate != before.animate {
        "the animation setting was lost".to_string()
    } else if unfinished && !before.visit && !kept(&before.game.moves, &after.game) {
        format!("{} moves came back as {}", before.game.moves.len(), after.game.moves.len())
    } else {
        return Ok(());
    };
    fail("a_restart_keeps_the_game_the_ratings_and_the_settings", seen)
}

/// Whether `text` counts in plies outside brackets: the word "ply" or
/// "plies" (not "apply" or "reply") with no "(" open before it.
fn plies_alone(text: &str) -> bool {
    let bare = |at: usize| text[..at].matches('(').count() <= text[..at].matches(')').count();
    let word = |at: usize| !text[..at].chars().next_back().is_some_and(char::is_alphabetic);
    text.match_indices("ply").chain(text.match_indices("plies")).any(|(at, _)| word(at) && bare(at))
}

#[test]
fn plies_are_named_only_in_brackets_beside_moves() {
    assert!(plies_alone("Watching ply 7 of 40"));
    assert!(plies_alone("Stopped watching after 12 plies"));
    assert!(!plies_alone("17 moves (34 plies)"));
    assert!(!plies_alone("move 2. (ply 3) a3-a5: no such move"));
    assert!(!plies_alone("Changes apply to the game in progress; the reply comes"));
}
