//! Hand-picked rule cases: wins, draws and errors that random games rarely reach.

use breakline_rules::SizeError;
use breakline_rules::error::{FenError, MoveError};
use breakline_rules::position::Position;
use breakline_rules::{BoardSize, DrawReason, Outcome, Side, Variant, WinReason};

fn win(winner: Side, reason: WinReason) -> Outcome {
    Outcome::Win { winner, reason }
}

#[test]
fn breakthrough_reaching_the_far_rank_wins() {
    let mut pos = Position::from_fen(Variant::Breakthrough, "3b1/5/5/w4/5/5/5/1w3 w").unwrap();
    assert_eq!(pos.size(), BoardSize::new(5, 8));
    for m in ["a5-a6", "d8-d7", "a6-a7", "d7-d6", "a7-a8"] {
        pos.play_text(m).unwrap();
    }
    assert_eq!(pos.outcome(), win(Side::White, WinReason::ReachedGoal));
    assert!(pos.legal_moves().is_empty());
    assert_eq!(pos.play_text("d6-d5"), Err(MoveError::GameOver));
}

#[test]
fn breakthrough_capturing_every_pawn_wins() {
    let mut pos = Position::from_fen(Variant::Breakthrough, "5/5/5/2b2/1w3 w").unwrap();
    pos.play_text("b1xc2").unwrap();
    assert_eq!(pos.outcome(), win(Side::White, WinReason::CapturedAll));
}

#[test]
fn loa_move_connecting_both_sides_wins_for_the_mover() {
    // a1xd4 joins Black (d4, e4) and, by removing d4, also White (f5, f6).
    let mut pos = Position::from_fen(Variant::LinesOfAction, "5w/5w/3wb1/6/6/b5 b").unwrap();
    assert_eq!(pos.outcome(), Outcome::Ongoing);
    pos.play_text("a1xd4").unwrap();
    assert_eq!(pos.outcome(), win(Side::Black, WinReason::Connected));
}

#[test]
fn loa_single_piece_is_connected() {
    let pos = Position::from_fen(Variant::LinesOfAction, "6/6/2b3/6/6/w4w w").unwrap();
    assert_eq!(pos.outcome(), win(Side::Black, WinReason::Connected));
}

#[test]
fn loa_third_repetition_draws_and_second_does_not() {
    let mut pos = Position::start(Variant::LinesOfAction, BoardSize::new(8, 8)).unwrap();
    // Find two moves each side can take back, and shuffle them.
    let shuffle = find_shuffle(&pos).expect("the start position has a reversible pair");
    for round in 1..=2 {
        for m in &shuffle {
            assert_eq!(pos.outcome(), Outcome::Ongoing, "round {round}");
            pos.play_text(m).unwrap();
        }
    }
    assert_eq!(pos.outcome(), Outcome::Draw { reason: DrawReason::Repetition });
    pos.undo();
    assert_eq!(pos.outcome(), Outcome::Ongoing);
}

fn find_shuffle(start: &Position) -> Option<Vec<String>> {
    for a in start.legal_moves().into_iter().filter(|m| !m.capture) {
        let mut p = start.clone();
        p.play(a).unwrap();
        for b in p.legal_moves().into_iter().filter(|m| !m.capture) {
            let mut q = p.clone();
            q.play(b).unwrap();
            let back_a = format!("{}-{}", q.square_name(a.to), q.square_name(a.from));
            let back_b = format!("{}-{}", q.square_name(b.to), q.square_name(b.from));
            if q.play_text(&back_a).is_ok() && q.play_text(&back_b).is_ok() {
                return Some(vec![q.move_name(a), q.move_name(b), back_a, back_b]);
            }
        }
    }
    None
}

#[test]
fn loa_move_limit_draws() {
    let mut pos = Position::start(Variant::LinesOfAction, BoardSize::new(8, 8)).unwrap();
    pos.set_move_limit(3);
    for _ in 0..3 {
        assert_eq!(pos.outcome(), Outcome::Ongoing);
        let m = pos.legal_moves().into_iter().find(|m| !m.capture).unwrap();
        pos.play(m).unwrap();
    }
    assert_eq!(pos.outcome(), Outcome::Draw { reason: DrawReason::MoveLimit });
}

#[test]
fn bad_moves_are_refused_and_change_nothing() {
    let mut pos = Position::start(Variant::Breakthrough, BoardSize::new(8, 8)).unwrap();
    let before = pos.clone();
    let size = pos.size();
    let mv = |text: &str| pos.parse_move(text).unwrap();
    let refusal = |text: &str| pos.clone().play_text(text).unwrap_err();
    assert_eq!(refusal("a2-a4"), MoveError::Illegal { played: mv("a2-a4"), size });
    assert_eq!(refusal("a2-a4").to_string(), "illegal move a2-a4");
    assert_eq!(refusal("a7-a6"), MoveError::NoPieceToMove { played: mv("a7-a6"), size, side: Side::White });
    assert_eq!(refusal("a7-a6").to_string(), "illegal move a7-a6: no white piece on a7");
    assert_eq!(refusal("c4-c5").to_string(), "illegal move c4-c5: no white piece on c4");
    assert_eq!(refusal("a2xa3"), MoveError::CaptureMarkedWrongly { legal: mv("a2-a3"), size });
    assert_eq!(refusal("a2xa3").to_string(), "a2-a3 is not a capture: write it with -");
    let off_board = breakline_rules::Move::new(64, 0, false);
    assert_eq!(pos.clone().play(off_board), Err(MoveError::Illegal { played: off_board, size }));
    assert!(matches!(pos.play_text("Z2-a3"), Err(MoveError::MalformedSquare(_))));
    assert!(matches!(pos.play_text("z2-a3"), Err(MoveError::OffBoard { .. })));
    assert!(matches!(pos.play_text("a2-a9"), Err(MoveError::OffBoard { .. })));
    assert!(matches!(pos.play_text("a2a3"), Err(MoveError::Malformed(_))));
    assert_eq!(pos, before);
    pos.play_text("b2-b3").unwrap();
    pos.play_text("a7-a6").unwrap();
    pos.play_text("b3-b4").unwrap();
    pos.play_text("a6-a5").unwrap();
    let capture = pos.parse_move("b4xa5").unwrap();
    assert_eq!(pos.play_text("b4-a5"), Err(MoveError::CaptureNotMarked { legal: capture, size }));
    assert_eq!(pos.clone().play_text("b4-a5").unwrap_err().to_string(), "b4xa5 is a capture: write it with x");
    pos.play_text("b4xa5").unwrap();
    assert_eq!(pos.moves().len(), 5);
}

#[test]
fn unsupported_sizes_are_refused() {
    use Variant::*;
    for (v, c, r) in [(Breakthrough, 2, 8), (Breakthrough, 13, 8), (Breakthrough, 8, 4), (Breakthrough, 8, 13)] {
        assert!(matches!(Position::start(v, BoardSize::new(c, r)), Err(SizeError::Unsupported { .. })));
    }
    for n in [5, 13] {
        assert!(Position::start(LinesOfAction, BoardSize::new(n, n)).is_err());
    }
    assert_eq!(
        Position::start(LinesOfAction, BoardSize::new(8, 9)),
        Err(SizeError::NotSquare { size: BoardSize::new(8, 9) })
    );
    let msg = Position::start(Breakthrough, BoardSize::new(13, 8)).unwrap_err().to_string();
    assert_eq!(msg, "breakthrough is not played on 13x8: columns 3-12 and rows 5-12 are supported");
    assert!(matches!(
        Position::from_fen(LinesOfAction, "8/8/8/8/8/8/8/8/8 b"),
        Err(FenError::Size(SizeError::NotSquare { .. }))
    ));
    assert!(Position::from_fen(Breakthrough, "8/8/8/8/8/8/8/8 w").is_err(), "no pawns at all");
    assert!(Position::from_fen(LinesOfAction, "8/8/8/8/8/8/8/b7 w").is_err(), "White has no piece");
}

#[test]
fn start_positions_print_as_documented() {
    let bt = Position::start(Variant::Breakthrough, BoardSize::new(8, 8)).unwrap();
    assert_eq!(bt.fen(), "bbbbbbbb/bbbbbbbb/8/8/8/8/wwwwwwww/wwwwwwww w");
    let loa = Position::start(Variant::LinesOfAction, BoardSize::new(8, 8)).unwrap();
    assert_eq!(loa.fen(), "1bbbbbb1/w6w/w6w/w6w/w6w/w6w/w6w/1bbbbbb1 b");
    assert_eq!(Position::from_fen(Variant::LinesOfAction, &loa.fen()).unwrap().fen(), loa.fen());
}

#[test]
fn a_move_joining_both_sides_wins_for_the_mover_or_draws_by_the_tournament_rule() {
    use breakline_rules::connection_rule::BothConnected;
    use breakline_rules::record::Record;
    use breakline_rules::{DrawReason, WinReason};
    // Black's c2xa2 joins Black (a1, a2) and leaves White one piece (f6).
    let fen = "5w/6/6/6/w1b3/b5 b";
    let cases = [
        (BothConnected::MoverWins, Outcome::Win { winner: Side::Black, reason: WinReason::Connected }),
        (BothConnected::Draw, Outcome::Draw { reason: DrawReason::BothConnected }),
    ];
    for (rule, expected) in cases {
        let mut start = Position::from_fen(Variant::LinesOfAction, fen).unwrap();
        assert_eq!(start.both_connected(), Some(BothConnected::MoverWins), "the usual rule unless set");
        start.set_both_connected(rule);
        let mut end = start.clone();
        let m = end.play_text("c2xa2").unwrap();
        assert_eq!(end.outcome(), expected, "{rule}");
        let mut record: Record<String> = Record::new(&start, "w".into(), "b".into(), 0);
        record.push(&start, m, None);
        record.finish(&end);
        let json = serde_json::to_string(&record).unwrap();
        assert_eq!(json.contains("\"both_connected\":\"draw\""), rule == BothConnected::Draw, "{json}");
        let (back, replayed) = Record::<String>::from_json(&json).unwrap();
        assert_eq!((back.result, replayed.outcome(), replayed.both_connected()), (expected, expected, Some(rule)));
    }
    assert_eq!("draw".parse::<BothConnected>(), Ok(BothConnected::Draw));
    assert_eq!("mover-wins".parse::<BothConnected>(), Ok(BothConnected::MoverWins));
    assert!("sometimes".parse::<BothConnected>().is_err());
    let mut breakthrough = Position::start(Variant::Breakthrough, BoardSize::new(8, 8)).unwrap();
    breakthrough.set_both_connected(BothConnected::Draw);
    assert_eq!(breakthrough.both_connected(), None, "Breakthrough has no such rule");
}

#[test]
fn the_tournament_rule_travels_in_game_text() {
    use breakline_ai::player::{GameRecord, Player};
    use breakline_rules::connection_rule::BothConnected;
    use breakline_rules::record::game_text::{self, Headers};
    let mut start = Position::start(Variant::LinesOfAction, BoardSize::new(8, 8)).unwrap();
    start.set_both_connected(BothConnected::Draw);
    let record = GameRecord::new(&start, Player::Human, Player::Human, 0);
    let text = game_text::write(&record, &Headers::default()).unwrap();
    assert!(text.contains("[BothConnected \"draw\"]"), "{text}");
    let (_, position, _) = game_text::read::<Player>(&text).unwrap();
    assert_eq!(position.both_connected(), Some(BothConnected::Draw));
    let usual = game_text::write(
        &GameRecord::new(
            &Position::start(Variant::LinesOfAction, BoardSize::new(8, 8)).unwrap(),
            Player::Human,
            Player::Human,
            0,
        ),
        &Headers::default(),
    )
    .unwrap();
    assert!(!usual.contains("BothConnected"), "{usual}");
    let error = game_text::read::<Player>(&text.replace("\"draw\"", "\"maybe\"")).map(|_| ()).unwrap_err().to_string();
    assert_eq!(error, "[BothConnected]: unknown rule 'maybe' for a move joining both sides: use mover-wins or draw");
}

#[test]
fn a_position_rewinds_to_any_ply_keeping_its_rules() {
    let mut game = Position::start(Variant::LinesOfAction, Variant::LinesOfAction.default_size()).unwrap();
    game.set_both_connected(breakline_rules::connection_rule::BothConnected::Draw);
    let mut earlier = vec![game.clone()];
    for _ in 0..6 {
        let m = game.legal_moves()[0];
        game.play(m).unwrap();
        earlier.push(game.clone());
    }
    for (ply, expected) in earlier.iter().enumerate() {
        assert_eq!(&game.at_ply(ply), expected, "ply {ply}");
    }
    assert_eq!(game.at_ply(99), game, "past the end it is itself");
    assert_eq!(game.rewound(), earlier[0]);
    assert_eq!(game.rewound().both_connected(), Some(breakline_rules::connection_rule::BothConnected::Draw));
}
