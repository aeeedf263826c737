//! The server's game on its own, with the time passed in: flags, claims,
//! takebacks and a stored game set up again.

use breakline_rules::clock::TimeControl;
use breakline_rules::position::Position;
use breakline_rules::{BoardSize, Side, Variant};
use breakline_server::events::GameEvent;
use breakline_server::game::{GameError, Played, ServerGame};
use breakline_server::ids::{GameId, PlayerId};
use breakline_server::result::GameResult;
use breakline_server::spec::{GameSpec, TimeMode};

const WHITE: PlayerId = PlayerId(1);
const BLACK: PlayerId = PlayerId(2);

fn game(control: &str) -> ServerGame {
    let time = TimeMode::Live { control: TimeControl::parse(control).expect("a control") };
    let spec = GameSpec { variant: Variant::Breakthrough, size: BoardSize::new(5, 5), time, rated: false };
    ServerGame::new(GameId(1), spec, [WHITE, BLACK], ["w".into(), "b".into()], 0).expect("5x5")
}

/// The scripted move after the game's moves.
fn next_move(game: &ServerGame) -> String {
    let mut position = Position::start(Variant::Breakthrough, BoardSize::new(5, 5)).expect("5x5");
    for m in game.stored().moves {
        position.play_text(&m).expect("legal");
    }
    position.move_name(*position.legal_moves().last().expect("a move"))
}

fn play(game: &mut ServerGame, now: u64) -> Played {
    let player = if game.plies().is_multiple_of(2) { WHITE } else { BLACK };
    let mv = next_move(game);
    game.play(player, game.plies(), &mv, 0, now).expect("played")
}

#[test]
fn a_move_after_the_flag_loses_on_time_and_a_claim_is_checked() {
    let mut late = game("1+0");
    play(&mut late, 0);
    play(&mut late, 0);
    assert!(matches!(play(&mut late, 500), Played::Events(_)));
    // Black has 1 s from 500 ms on: a claim at 1 s is refused, at 1.6 s granted.
    assert_eq!(late.claim_flag(WHITE, 1_000), Err(GameError::NotFlagged));
    let mut claimed = late.clone();
    let ended = claimed.claim_flag(WHITE, 1_600).expect("granted");
    assert!(matches!(ended[0].event, GameEvent::Ended { result: GameResult::Finished { .. } }));
    assert_eq!(claimed.result().white_score(), Some(1.0));
    // Black's move at 1.6 s arrives too late: not played, lost on time.
    let Played::Flagged(events) = play(&mut late, 1_600) else { panic!("flagged") };
    assert_eq!(events.len(), 1);
    assert_eq!((late.plies(), late.result().white_score()), (3, Some(1.0)));
}

#[test]
fn a_takeback_goes_back_to_the_askers_move() {
    let mut g = game("60+0");
    assert_eq!(g.request_takeback(WHITE, 0), Err(GameError::NothingToTakeBack));
    play(&mut g, 0);
    play(&mut g, 0);
    play(&mut g, 0);
    // Black asks on its turn: White's reply and Black's move before it go back.
    g.request_takeback(BLACK, 10).expect("asked");
    assert_eq!(g.decline_takeback(BLACK), Err(GameError::NothingToAnswer));
    g.request_takeback(WHITE, 10).expect("accepted");
    assert_eq!((g.plies(), g.to_move()), (1, Some(Side::Black)));
    assert_eq!(g.abort(WHITE).map(|e| e.len()), Ok(1));
    assert_eq!(g.result(), GameResult::Aborted);
}

#[test]
fn a_stored_game_is_set_up_again_at_its_version() {
    let mut g = game("60+1");
    for t in 0..4 {
        play(&mut g, t * 1_000);
    }
    let stored = g.stored();
    let restored = ServerGame::restore(stored.clone(), 1_000_000).expect("restored");
    assert_eq!((restored.plies(), restored.version(), restored.to_move()), (4, 5, Some(Side::White)));
    // Downtime is not charged: White's clock reads what it had at the last move.
    let state = restored.state(1_000_000);
    assert_eq!(state.clocks.white_ms, Some(stored.clock.remaining_ms[0]));
    let mut broken = stored;
    broken.moves[2] = "a1-a5".into();
    assert!(ServerGame::restore(broken, 0).is_err());
}

#[test]
fn the_servers_own_flag_falls_after_a_grace_and_unstarted_games_are_aborted() {
    let mut g = game("1+0");
    play(&mut g, 0);
    play(&mut g, 0);
    // White to move with 1 s: not out of time until 1 s plus the grace.
    assert!(!g.out_of_time(1_900, 1_000));
    assert!(g.flag_fall(1_900, 1_000).is_none());
    let ended = g.flag_fall(2_000, 1_000).expect("fallen");
    assert!(matches!(ended[0].event, GameEvent::Ended { .. }));
    assert_eq!(g.result().white_score(), Some(0.0));
    let mut unstarted = game("1+0");
    assert!(unstarted.flag_fall(60_000, 1_000).is_none());
    unstarted.flag_fall(61_001, 1_000).expect("aborted");
    assert_eq!(unstarted.result(), GameResult::Aborted);
}
