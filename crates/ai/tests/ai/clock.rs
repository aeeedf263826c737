//! Games on the clock in the engine: records keep the time control and each
//! move's clock through JSON and text, a fallen flag is a result that undo
//! takes back, and a plan never spends the time left.

use std::time::Duration;

use breakline_ai::player::{GameRecord, Player};
use breakline_ai::search::time_plan::plan;
use breakline_rules::clock::{Clock, ClockView, TimeControl};
use breakline_rules::position::Position;
use breakline_rules::record::game_text::{self, Headers};
use breakline_rules::{BoardSize, Outcome, Side, Variant, WinReason};

/// Three plies of 8x8 Breakthrough on a 3+2 clock, each stamped with its side's time.
fn clocked_game() -> (GameRecord, Position) {
    let mut pos = Position::start(Variant::Breakthrough, BoardSize::new(8, 8)).unwrap();
    let mut record = GameRecord::new(&pos, Player::Human, Player::Human, 0);
    let control = TimeControl::PRESETS[1];
    record.time_control = Some(control);
    let mut clock = Clock::new(control);
    for (text, spent_ms) in [("a2-a3", 1_500), ("h7-h6", 4_000), ("b2-b3", 700)] {
        let before = pos.clone();
        let side = pos.side_to_move();
        let m = pos.play_text(text).unwrap();
        clock.charge(side, Duration::from_millis(spent_ms)).unwrap();
        record.push(&before, m, None);
        record.stamp_clock(clock.remaining(side));
    }
    record.finish(&pos);
    (record, pos)
}

#[test]
fn a_record_keeps_its_clocks_through_json() {
    let (record, _) = clocked_game();
    let clocks: Vec<Option<u64>> = record.moves.iter().map(|m| m.clock_ms).collect();
    assert_eq!(clocks, [Some(180_500), Some(178_000), Some(181_800)]);
    let json = serde_json::to_string(&record).unwrap();
    let (back, _) = GameRecord::from_json(&json).unwrap();
    assert_eq!(back.time_control, Some(TimeControl::PRESETS[1]));
    assert_eq!(back.moves, record.moves);
}

#[test]
fn a_fallen_flag_is_a_result_that_undo_takes_back_and_text_keeps() {
    let (mut record, pos) = clocked_game();
    record.flag_fell(Side::Black);
    assert_eq!(record.result, Outcome::Win { winner: Side::White, reason: WinReason::Time });
    assert_eq!(record.lost_off_board(), Some(Side::Black));
    // The board shows nothing: the result stands after a finish.
    record.finish(&pos);
    assert!(record.result.reason_is_time());

    let text = game_text::write(&record, &Headers::default()).unwrap();
    assert!(text.contains("[TimeControl \"180+2\"]") && text.contains("[Termination \"time forfeit\"]"), "{text}");
    let (read, _, _) = game_text::read::<Player>(&text).unwrap();
    assert_eq!((read.result, read.time_control), (record.result, record.time_control));

    let json = serde_json::to_string(&record).unwrap();
    assert_eq!(GameRecord::from_json(&json).unwrap().0.result, record.result);

    record.pop();
    assert_eq!(record.result, Outcome::Ongoing, "undo takes a fallen flag back");
}

#[test]
fn a_bad_time_control_tag_is_refused_in_one_line() {
    let (record, _) = clocked_game();
    let text = game_text::write(&record, &Headers::default()).unwrap().replace("180+2", "soon");
    let error = game_text::read::<Player>(&text).unwrap_err().to_string();
    assert!(error.starts_with("[TimeControl]: bad time control 'soon'"), "{error}");
    assert_eq!(error.lines().count(), 1);
}

#[test]
fn a_game_of_planned_moves_never_runs_out() {
    // A hundred moves each spending all of their target: the clock never empties.
    for control in ["1+0", "0.5+0.05", "60+0", "180+2"] {
        let control = TimeControl::parse(control).unwrap();
        let mut clock = Clock::new(control);
        for _ in 0..100 {
            let budget = plan(clock.view(Side::White));
            assert!(clock.charge(Side::White, budget.target).is_ok(), "{control}");
            let left = clock.remaining(Side::White);
            assert!(left > Duration::ZERO);
        }
        let view = ClockView { left: Duration::from_millis(40), increment: Duration::ZERO, moves_to_go: None };
        assert!(plan(view).hard < view.left);
    }
}

/// A program's forfeit (the game's player editor, a match) is a result off
/// the board like a flag: it stands through a finish, JSON and a rebuild of
/// the record, and undo takes it back; the program's seat travels in text.
#[test]
fn a_programs_forfeit_stands_through_json_and_a_rebuild_and_its_seat_through_text() {
    let (mut record, pos) = clocked_game();
    let seat = "uci:/usr/games/fairy-stockfish:movetime=1000";
    record.black = Player::Program(seat.to_string());
    record.forfeit(Side::Black);
    let won = Outcome::Win { winner: Side::White, reason: WinReason::Forfeit };
    assert_eq!((record.result, record.lost_off_board()), (won, Some(Side::Black)));
    record.finish(&pos);
    assert_eq!(record.result, won, "the board shows nothing: the forfeit stands");
    let json = serde_json::to_string(&record).unwrap();
    assert_eq!(GameRecord::from_json(&json).unwrap().0.result, won);
    assert_eq!(record.rebuilt().unwrap().0.result, won, "a rebuilt record keeps it");

    let text = game_text::write(&record, &Headers::default()).unwrap();
    assert!(
        text.contains(&format!("[BlackProgram \"{seat}\"]")) && text.contains("[Black \"fairy-stockfish\"]"),
        "{text}"
    );
    let (read, _, headers) = game_text::read::<Player>(&text).unwrap();
    assert_eq!(read.black, record.black);
    assert_eq!(headers.black, None, "a program is named by its seat, not as a person");

    record.pop();
    assert_eq!(record.result, Outcome::Ongoing, "undo takes a forfeit back");
}

/// A resignation keeps the time the turn in progress had used, through JSON
/// and a rebuild (a game opened from the library shows its clocks as they
/// stopped); a damaged time beyond a day is not kept, and a take-back drops it.
#[test]
fn a_resignation_keeps_its_turns_time_through_json_and_a_rebuild() {
    let (mut record, pos) = clocked_game();
    record.resign_after(Side::White, Duration::from_millis(14_250));
    record.finish(&pos);
    assert_eq!(record.last_turn(), Some(Duration::from_millis(14_250)));
    let json = serde_json::to_string(&record).unwrap();
    let read = GameRecord::from_json(&json).unwrap().0;
    assert_eq!(read.rebuilt().unwrap().0.last_turn(), Some(Duration::from_millis(14_250)));
    let damaged = json.replace("14250", "999999999999");
    assert_eq!(GameRecord::from_json(&damaged).unwrap().0.rebuilt().unwrap().0.last_turn(), None);
    record.pop();
    assert_eq!(record.last_turn(), None, "undo takes the resignation back, and its time");
}

/// Every loss off the board reads back from Breakline's text as written: a
/// resignation, a game left, a flag, a forfeit; a decisive result that
/// gives no reason is read as unstated, not as the loser's resignation
/// (fresh eyes, round 15: a pasted `1-0` read "the opponent resigned"),
/// and a site's PGN says a game left with lichess's `Abandoned`.
#[test]
fn losses_off_the_board_read_back_as_written_and_an_unsaid_one_as_unstated() {
    for reason in
        [WinReason::Resignation, WinReason::Abandoned, WinReason::Time, WinReason::Forfeit, WinReason::Unstated]
    {
        let (mut record, pos) = clocked_game();
        record.lose_off_board(Side::White, reason);
        record.finish(&pos);
        let text = game_text::write(&record, &Headers::default()).unwrap();
        let (read, _, _) = game_text::read::<Player>(&text).unwrap();
        assert_eq!(read.result, Outcome::Win { winner: Side::Black, reason }, "{text}");
    }
    let pasted = "[Variant \"breakthrough\"]\n[Result \"1-0\"]\n\n1. a2-a3 a7-a6 1-0\n";
    let (read, _, _) = game_text::read::<Player>(pasted).unwrap();
    assert_eq!(read.result, Outcome::Win { winner: Side::White, reason: WinReason::Unstated });
    assert_eq!(read.result.describe(), "White wins: as the record states (it gives no reason)");
    let lichess = "[Variant \"breakthrough\"]\n[Result \"0-1\"]\n[Termination \"Abandoned\"]\n\n1. a2-a3 a7-a6 0-1\n";
    let (read, _, _) = game_text::read::<Player>(lichess).unwrap();
    assert_eq!(read.result, Outcome::Win { winner: Side::Black, reason: WinReason::Abandoned });
}
