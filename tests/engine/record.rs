//! Game records: whole AI games recorded, reproduced by seed, written as JSON
//! and read back, and checked move by move when replayed.

use breakline::engine::record::{GameRecord, Player, RecordError, play_ai_game};
use breakline::engine::search::AiConfig;
use breakline::engine::{BoardSize, Color, MoveError, Position, Variant};

fn game(variant: Variant, size: u8, white: &str, black: &str, seed: u64) -> GameRecord {
    let start = Position::start(variant, BoardSize::new(size, size)).unwrap();
    let w = AiConfig::parse(white, variant).unwrap();
    let b = AiConfig::parse(black, variant).unwrap();
    play_ai_game(start, &w, &b, seed, &mut ()).unwrap()
}

#[test]
fn same_configs_and_seed_give_the_same_game() {
    for (variant, size, white, black) in [
        (Variant::Breakthrough, 6, "alphabeta:offensive2:depth=2:noise=1", "enhanced:expert:depth=3:noise=1"),
        (Variant::LinesOfAction, 6, "alphabeta:classic:depth=2:noise=1", "mcts:expert:iterations=300"),
    ] {
        let first = game(variant, size, white, black, 11);
        let again = game(variant, size, white, black, 11);
        assert_eq!(first.move_list_text(), again.move_list_text(), "{variant}");
        assert!(first.result.is_over());
        let other = game(variant, size, white, black, 12);
        assert_ne!(first.move_list_text(), other.move_list_text(), "{variant}: seeds vary games");
    }
}

#[test]
fn statistics_add_up_to_the_moves() {
    let r = game(Variant::Breakthrough, 6, "alphabeta:offensive1:depth=2", "alphabeta:defensive1:depth=2", 3);
    assert_eq!(r.stats.turns as usize, r.moves.len());
    for color in Color::BOTH {
        let side = r.stats.side(color);
        let mine: Vec<_> = r.moves.iter().filter(|m| m.side == color).collect();
        assert_eq!(side.moves as usize, mine.len());
        assert_eq!(side.nodes, mine.iter().map(|m| m.nodes).sum::<u64>());
        assert_eq!(side.captures as usize, mine.iter().filter(|m| m.capture).count());
        assert!(mine.iter().all(|m| m.nodes > 0 && m.depth >= 1));
    }
    assert_eq!(r.stats.winner, r.result.winner());
    assert_eq!(r.replay().unwrap().fen(), r.stats.final_fen);
}

#[test]
fn json_round_trip_gives_an_equal_record() {
    let r = game(Variant::LinesOfAction, 7, "alphabeta:classic:depth=1", "alphabeta:expert:depth=1", 5);
    let text = serde_json::to_string_pretty(&r).unwrap();
    let back: GameRecord = serde_json::from_str(&text).unwrap();
    assert_eq!(back, r);
    assert_eq!(back.replay().unwrap().outcome(), r.result);
    assert_eq!(back.white, Player::Ai(AiConfig::parse("alphabeta:classic:depth=1", Variant::LinesOfAction).unwrap()));
}

#[test]
fn damaged_records_are_refused_with_a_reason() {
    let r = game(Variant::Breakthrough, 6, "alphabeta:offensive1:depth=1", "alphabeta:offensive1:depth=1", 2);
    let text = serde_json::to_string(&r).unwrap();
    assert!(serde_json::from_str::<GameRecord>(&text[..text.len() / 2]).is_err(), "truncated");
    assert!(serde_json::from_str::<GameRecord>("{\"variant\": \"chess\"}").is_err(), "wrong file");
    let mut tampered = r.clone();
    tampered.moves[2].notation = "a1-c3".to_string(); // two squares: never legal
    assert!(matches!(tampered.replay(), Err(RecordError::Move { index: 3, error: MoveError::Illegal { .. }, .. })));
    let mut bad_start = r.clone();
    bad_start.start_fen = "8/8 w".to_string();
    assert!(matches!(bad_start.replay(), Err(RecordError::Start(_))));
    let mut popped = r.clone();
    let last = popped.pop().unwrap();
    assert_eq!(popped.moves.len() + 1, r.moves.len());
    assert_eq!(popped.stats.side(last.side).moves + 1, r.stats.side(last.side).moves);
}
