//! Series of AI games: reproducible per seed whatever the thread count, varied
//! between games, stoppable, and summarised consistently.

use std::cell::Cell;
use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, Ordering};
use std::thread;

use breakline_ai::search::{AiConfig, SearchHandler};
use breakline_lab::runner::{Finished, Schedule, Seat, SeriesGame, SeriesSpec, play_ai_game, run_parallel};
use breakline_lab::series::SeriesSummary;
use breakline_rules::{BoardSize, Side, Variant};

fn config(text: &str) -> AiConfig {
    AiConfig::parse(text, Variant::Breakthrough).unwrap()
}

fn schedule(swap: bool) -> Schedule {
    Schedule {
        variant: Variant::Breakthrough,
        size: BoardSize::new(6, 6),
        move_limit: None,
        random_plies: 0,
        noise: 1.0,
        seed: 42,
        swap,
        time_control: None,
        both_connected: Default::default(),
        openings: None,
    }
}

fn spec(games: usize, swap: bool) -> SeriesSpec {
    SeriesSpec {
        schedule: schedule(swap),
        a: Seat::Ai(config("alphabeta:offensive2:depth=2")),
        b: Seat::Ai(config("alphabeta:defensive1:depth=2")),
        games,
    }
}

fn move_lists(games: &[SeriesGame]) -> Vec<String> {
    games.iter().map(|g| g.record.move_list_text()).collect()
}

#[test]
fn the_same_seed_gives_the_same_games_on_any_number_of_threads() {
    let stop = AtomicBool::new(false);
    let one = spec(6, true).run(1, &stop, |_| {}).unwrap();
    let three = spec(6, true).run(3, &stop, |_| {}).unwrap();
    assert_eq!(move_lists(&one), move_lists(&three));
    let other_seed = SeriesSpec { schedule: Schedule { seed: 43, ..schedule(true) }, ..spec(6, true) }
        .run(2, &stop, |_| {})
        .unwrap();
    assert_ne!(move_lists(&one), move_lists(&other_seed));
}

#[test]
fn a_share_of_a_series_plays_the_very_games_of_the_whole() {
    let stop = AtomicBool::new(false);
    let s = SeriesSpec { schedule: Schedule { random_plies: 2, ..schedule(true) }, ..spec(6, true) };
    let whole = s.run(2, &stop, |_| {}).unwrap();
    let share = s.run_games(&[2, 3, 5], 2, &stop, |_| {}).unwrap();
    assert_eq!(share.iter().map(|g| g.index).collect::<Vec<_>>(), [2, 3, 5]);
    let picked: Vec<SeriesGame> = [2, 3, 5].iter().map(|&i| whole[i].clone()).collect();
    assert_eq!(move_lists(&share), move_lists(&picked));
    assert_eq!(share[0].record.start_fen, share[1].record.start_fen, "a pair shares its opening");
}

#[test]
fn games_of_a_series_differ_from_each_other() {
    let stop = AtomicBool::new(false);
    let games = spec(8, false).run(2, &stop, |_| {}).unwrap();
    let distinct: std::collections::HashSet<_> = move_lists(&games).into_iter().collect();
    assert!(distinct.len() >= 6, "only {} distinct games of 8", distinct.len());
    let loa = Variant::LinesOfAction;
    let classic = AiConfig::parse("alphabeta:classic:depth=2", loa).unwrap();
    let loa_spec = SeriesSpec {
        schedule: Schedule { variant: loa, ..schedule(false) },
        a: Seat::Ai(classic.clone()),
        b: Seat::Ai(classic),
        ..spec(8, false)
    };
    let distinct: std::collections::HashSet<_> =
        move_lists(&loa_spec.run(2, &stop, |_| {}).unwrap()).into_iter().collect();
    assert!(distinct.len() >= 6, "LOA classic: only {} distinct games of 8", distinct.len());
    let random_start =
        SeriesSpec { schedule: Schedule { random_plies: 4, noise: 0.0, ..schedule(false) }, ..spec(8, false) }
            .run(2, &stop, |_| {})
            .unwrap();
    let starts: std::collections::HashSet<_> = random_start.iter().map(|g| g.record.start_fen.clone()).collect();
    assert!(starts.len() >= 6, "random plies vary the openings");
}

#[test]
fn swapping_alternates_colours_and_the_summary_adds_up() {
    let stop = AtomicBool::new(false);
    let games = spec(6, true).run(2, &stop, |_| {}).unwrap();
    assert_eq!(games.iter().filter(|g| g.a_is_black).count(), 3);
    for g in &games {
        assert_eq!(g.record.white.label().contains("offensive2"), !g.a_is_black);
        assert!(g.record.result.is_over());
        assert_eq!(g.record.replay().unwrap().fen(), g.record.stats.final_fen);
    }
    let s = SeriesSummary::of(&games);
    assert_eq!(s.a.wins + s.b.wins + s.draws, 6);
    assert_eq!(s.a.wins_as_white + s.a.wins_as_black, s.a.wins);
    let white_wins = games.iter().filter(|g| g.record.result.winner() == Some(Side::White)).count() as u32;
    assert_eq!(s.a.wins_as_white + s.b.wins_as_white, white_wins);
}

/// A job of `run_parallel` that says whether it ran to its end.
struct Job {
    index: usize,
    finished: bool,
}

impl Finished for Job {
    fn is_finished(&self) -> bool {
        self.finished
    }
}

#[test]
fn a_stop_request_ends_a_running_series() {
    // The series' runner: job 0 finishes and its report asks for the stop;
    // every later job runs until the stop arrives, so it is cut short and left
    // out, and once it has arrived no job starts.
    let stop = AtomicBool::new(false);
    let started = Mutex::new(Vec::new());
    let mut reported = Vec::new();
    let job = |index| {
        started.lock().unwrap().push(index);
        while index > 0 && !stop.load(Ordering::Relaxed) {
            thread::yield_now();
        }
        Ok(Job { index, finished: index == 0 })
    };
    let done = run_parallel(50, 3, &stop, job, |j: &Job| {
        reported.push(j.index);
        stop.store(true, Ordering::Relaxed);
    })
    .unwrap();
    assert_eq!(done.iter().map(|j| j.index).collect::<Vec<_>>(), [0]);
    assert_eq!(reported, [0]);
    let started = started.into_inner().unwrap();
    assert!(started.len() <= 4, "jobs started after the stop: {started:?}");
}

/// Asks to stop from its `limit`-th poll on.
struct StopAfter {
    polls: Cell<u32>,
    limit: u32,
}

impl SearchHandler for StopAfter {
    fn should_stop(&self) -> bool {
        self.polls.set(self.polls.get() + 1);
        self.polls.get() >= self.limit
    }
}

#[test]
fn a_stop_request_cuts_a_game_short() {
    // The games of a series stop through their handler, between moves and
    // inside searches: the game ends undecided after a few moves.
    let start = schedule(false).start().unwrap();
    let (a, b) = (config("alphabeta:offensive2:depth=2"), config("alphabeta:defensive1:depth=2"));
    let mut handler = StopAfter { polls: Cell::new(0), limit: 20 };
    let record = play_ai_game(start.clone(), &a, &b, 1, &mut handler).unwrap();
    assert!(!record.result.is_over(), "{:?}", record.result);
    assert!(!record.moves.is_empty() && record.moves.len() < 10, "{} moves", record.moves.len());
    assert_eq!(record.replay().unwrap().fen(), record.stats.final_fen);
    let unstopped = play_ai_game(start, &a, &b, 1, &mut ()).unwrap();
    assert!(unstopped.result.is_over());
}

#[test]
fn a_stop_before_the_start_plays_nothing() {
    let stop = AtomicBool::new(true);
    let games = spec(50, false).run(2, &stop, |_| {}).unwrap();
    assert!(games.is_empty());
}

#[test]
fn an_opening_set_deals_opening_k_to_pair_k_and_goes_round_again() {
    use breakline_lab::openings::OpeningSet;
    use breakline_rules::position::Position;
    let size = BoardSize::new(6, 6);
    let mut lines = Vec::new();
    let mut pos = Position::start(Variant::Breakthrough, size).unwrap();
    for k in 0..3 {
        let m = pos.legal_moves()[k];
        pos.play(m).unwrap();
        lines.push(pos.fen());
    }
    let set = OpeningSet::parse(&lines.join("\n"), Variant::Breakthrough, size).unwrap();
    let with_set = Schedule { openings: Some(set.clone()), ..schedule(true) };
    for game in 0..8 {
        let deal = with_set.deal(game).unwrap();
        assert_eq!(deal.start.fen(), lines[game / 2 % 3], "game {game}");
        assert_eq!(deal.a_is_black, game % 2 == 1);
    }
    // Random plies come after the opening, the same for both games of a pair.
    let plies = Schedule { random_plies: 2, ..with_set.clone() };
    let (first, second) = (plies.deal(2).unwrap().start, plies.deal(3).unwrap().start);
    assert_eq!(first.fen(), second.fen());
    assert_eq!(first.at_ply(0).fen(), lines[1]);
    assert_eq!(first.moves().len(), 2);
    // The set travels in a shard's spec; a schedule without one is written as before.
    let json = serde_json::to_string(&with_set).unwrap();
    assert_eq!(serde_json::from_str::<Schedule>(&json).unwrap(), with_set);
    assert!(!serde_json::to_string(&schedule(true)).unwrap().contains("openings"));
    // And a game of the series starts where its deal does.
    let game = SeriesSpec { schedule: with_set, ..spec(3, true) }.run(1, &AtomicBool::new(false), |_| {}).unwrap();
    assert_eq!(game[2].record.start_fen, lines[1]);
}
