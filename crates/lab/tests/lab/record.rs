//! Game records: whole AI games recorded, reproduced by seed, written as JSON
//! and read back, and checked move by move when replayed.

use breakline_ai::player::{GameRecord, Player};
use breakline_ai::search::AiConfig;
use breakline_lab::runner::play_ai_game;
use breakline_rules::error::MoveError;
use breakline_rules::position::Position;
use breakline_rules::record::RecordError;
use breakline_rules::{BoardSize, Side, Variant};

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
    for color in Side::BOTH {
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

/// A small seeded generator for the mutations.
struct Mutator(u64);

impl Mutator {
    fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % n.max(1) as u64) as usize
    }

    /// One random damage: truncation, a byte changed, a number changed, a
    /// token of another type, a field dropped or a chunk duplicated.
    fn mutate(&mut self, text: &str) -> String {
        let bytes = text.as_bytes();
        let at = self.below(bytes.len());
        match self.below(6) {
            0 => String::from_utf8_lossy(&bytes[..at]).into_owned(),
            1 => {
                let mut b = bytes.to_vec();
                b[at] = b"0123456789-\"{}[],:aex9"[self.below(22)];
                String::from_utf8_lossy(&b).into_owned()
            }
            2 => {
                // Replace a run of digits with a huge, negative or fractional number.
                let replacement =
                    ["18446744073709551615", "-1", "4294967296", "1e400", "0.5", "999999999999"][self.below(6)];
                match text[at..].find(|c: char| c.is_ascii_digit()) {
                    Some(offset) => {
                        let start = at + offset;
                        let end = start + text[start..].find(|c: char| !c.is_ascii_digit()).unwrap_or(0);
                        format!("{}{replacement}{}", &text[..start], &text[end..])
                    }
                    None => text.to_string(),
                }
            }
            3 => {
                let token = ["null", "true", "\"x\"", "[]", "{}", "-7"][self.below(6)];
                match text[at..].find(':') {
                    Some(offset) => {
                        let start = at + offset + 1;
                        let end = start + text[start..].find([',', '}']).unwrap_or(0);
                        format!("{}{token}{}", &text[..start], &text[end..])
                    }
                    None => text.to_string(),
                }
            }
            4 => match text[at..].find(",\n") {
                Some(offset) => {
                    let start = at + offset;
                    let end = start + 2 + text[start + 2..].find(",\n").unwrap_or(0);
                    format!("{}{}", &text[..start], &text[end..])
                }
                None => text.to_string(),
            },
            _ => {
                let end = (at + self.below(40)).min(text.len());
                let (start, end) = (text.floor_char_boundary(at), text.floor_char_boundary(end));
                format!("{}{}{}", &text[..end], &text[start..end], &text[end..])
            }
        }
    }
}

/// Whatever a file says, loading it returns a typed error or a record whose
/// derived parts (sides, captures, statistics, result, final position)
/// agree with its moves; it never panics.
#[test]
fn mutated_save_files_load_as_errors_or_consistent_games() {
    let games = [
        game(Variant::Breakthrough, 6, "alphabeta:offensive2:depth=2", "alphabeta:defensive1:depth=2", 5),
        game(Variant::LinesOfAction, 6, "alphabeta:classic:depth=1", "alphabeta:expert:depth=1", 6),
    ];
    let mut mutator = Mutator(0x5eed_cafe);
    let (mut loaded, mut refused) = (0, 0);
    for record in &games {
        let text = serde_json::to_string_pretty(record).unwrap();
        for _ in 0..1_500 {
            let mut damaged = mutator.mutate(&text);
            if mutator.below(4) == 0 {
                damaged = mutator.mutate(&damaged);
            }
            match GameRecord::from_json(&damaged) {
                Err(error) => {
                    refused += 1;
                    assert!(!error.to_string().contains('\n'), "one line: {error}");
                }
                Ok((rebuilt, position)) => {
                    loaded += 1;
                    assert_eq!(rebuilt.replay().unwrap().fen(), position.fen());
                    assert_eq!(rebuilt.stats.final_fen, position.fen());
                    assert_eq!(rebuilt.stats.turns as usize, rebuilt.moves.len());
                    let moves: u32 = Side::BOTH.iter().map(|&c| rebuilt.stats.side(c).moves).sum();
                    assert_eq!(moves as usize, rebuilt.moves.len());
                    if rebuilt.resigned().is_none() {
                        assert_eq!(rebuilt.result, position.outcome());
                    }
                    // What a game can do after loading must not break it either.
                    let mut again = rebuilt.clone();
                    while again.pop().is_some() {}
                    assert_eq!(again.stats.white.nodes + again.stats.black.nodes, 0);
                }
            }
        }
    }
    eprintln!("mutated save files: {loaded} loaded, {refused} refused");
    assert!(loaded > 100 && refused > 100, "both outcomes tried: {loaded} loaded, {refused} refused");
}

#[test]
fn book_moves_are_recorded_as_such_and_a_book_move_with_figures_is_refused() {
    // Masters open from the book on 8x8 (Black moves first in LOA); the record
    // says which moves were not searched.
    let r = game(Variant::LinesOfAction, 8, "alphabeta:classic:depth=1", "enhanced:expert:depth=1:book=on", 4);
    let first = &r.moves[0];
    assert!(first.side == Side::Black && first.book && first.nodes == 0 && first.depth == 0, "{first:?}");
    assert!(r.moves.iter().filter(|m| m.side == Side::White).all(|m| !m.book && m.nodes > 0));
    let text = serde_json::to_string(&r).unwrap();
    let (back, _) = GameRecord::from_json(&text).expect("loads");
    assert_eq!(back, r, "the flag survives saving and loading");
    let mut forged = r.clone();
    forged.moves[0].nodes = 5;
    let text = serde_json::to_string(&forged).unwrap();
    assert!(matches!(GameRecord::from_json(&text), Err(RecordError::Figures { index: 1, .. })));
}
