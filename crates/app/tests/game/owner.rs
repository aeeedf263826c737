//! The one owner of the game: every request goes through it, in order, and no
//! sequence of moves, undos, redos, reviews, resignations, loads or replays
//! leaves the board, the position and the record disagreeing.

use bevy::prelude::*;
use breakline_app::files::game_file::{FileAction, FileRequest};
use breakline_app::game::phase::{GamePhase, TurnPhase};
use breakline_app::game::players::{PlayerSetup, Players};
use breakline_app::game::request::{GameRequest, MoveChosen, MoveSource, ReplaceGame};
use breakline_app::game::settings::{GameSettings, PlaySettings};
use breakline_engine::rules::connection_rule::BothConnected;
use breakline_engine::{Outcome, Side, Variant, WinReason};

use crate::{Rng, ai, assert_pieces_match, game_app, options, phase, session, turn, update_until};

/// The AI's move for the current position, as its search would send it.
fn ai_move(app: &App) -> GameRequest {
    let s = session(app);
    let mv = s.position().legal_moves()[0];
    GameRequest::Play(MoveChosen {
        mv,
        source: MoveSource::Ai,
        generation: s.generation(),
        position_hash: s.position().hash(),
        search: None,
    })
}

/// Lets state changes take effect, then waits for a human's turn.
fn settle(app: &mut App) {
    for _ in 0..3 {
        app.update();
    }
    assert!(update_until(app, 40, |app| turn(app) == Some(TurnPhase::HumanTurn)));
}

/// The first legal move of the position, by the human to move.
fn first_move(app: &App) -> GameRequest {
    let s = session(app);
    MoveChosen::human(s.position().legal_moves()[0], s.generation(), s.position().hash())
}

/// A game where Black (an AI that never answers on its own) is to move.
fn ai_to_move() -> App {
    let v = Variant::Breakthrough;
    let mut app = game_app(options(v, PlayerSetup::Human, ai("enhanced:expert:time=60000", v)));
    assert!(update_until(&mut app, 10, |app| turn(app) == Some(TurnPhase::HumanTurn)));
    let request = first_move(&app);
    app.world_mut().write_message(request);
    assert!(update_until(&mut app, 100, |app| turn(app) == Some(TurnPhase::AiThinking)));
    app
}

#[test]
fn a_resignation_in_the_frame_the_ai_answers_stands() {
    let mut app = ai_to_move();
    let before = session(&app).position().clone();
    // The resignation arrives first; the AI's move of the same frame is refused.
    app.world_mut().write_message(GameRequest::Resign);
    let answer = ai_move(&app);
    app.world_mut().write_message(answer);
    app.update();
    app.update();
    let resigned = Outcome::Win { winner: Side::Black, reason: WinReason::Resignation };
    assert_eq!(session(&app).outcome(), resigned);
    assert_eq!(session(&app).record().result, resigned, "the record keeps the resignation");
    assert_eq!(session(&app).position(), &before, "the late AI move was not played");
    assert_eq!(phase(&app), GamePhase::Over);
    assert_pieces_match(&mut app);
}

#[test]
fn an_ai_move_just_before_a_resignation_is_kept_and_the_resignation_holds() {
    let mut app = ai_to_move();
    let answer = ai_move(&app);
    app.world_mut().write_message(answer);
    app.world_mut().write_message(GameRequest::Resign);
    app.update();
    for _ in 0..20 {
        app.update();
    }
    let s = session(&app);
    assert_eq!(s.plies(), 2, "the AI's move came first and was played");
    assert_eq!(s.record().moves.len(), 2);
    assert_eq!(s.resigned(), Some(Side::White), "the human resigned after it");
    assert_eq!(s.record().stats.winner, Some(Side::Black));
    assert_eq!(phase(&app), GamePhase::Over);
    assert_pieces_match(&mut app);
}

/// Board, shown position, record and statistics agree.
fn assert_consistent(app: &mut App) {
    assert_pieces_match(app);
    let s = session(app);
    let (rebuilt, end) = s.record().rebuilt().expect("the record replays");
    assert_eq!(end.moves(), s.position().moves());
    assert_eq!(rebuilt.stats, s.record().stats, "statistics follow from the moves");
    assert_eq!(s.record().result, s.outcome());
    assert!(s.review_ply().is_none_or(|ply| ply < s.plies()));
}

#[test]
fn random_requests_keep_board_position_and_record_in_step() {
    let dir = std::env::temp_dir().join(format!("breakline-owner-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let saved = dir.join("game.json");
    for seed in [0x9e37_79b9_u64, 0x0123_4567, 0xfeed_f00d] {
        let mut app = game_app(options(Variant::LinesOfAction, PlayerSetup::Human, PlayerSetup::Human));
        let mut rng = Rng(seed);
        let mut saved_once = false;
        for _ in 0..150 {
            let s = session(&app);
            let request = match rng.next(12) {
                0..=4 => {
                    let moves = s.position().legal_moves();
                    if moves.is_empty() {
                        GameRequest::Undo
                    } else {
                        let mv = moves[rng.next(moves.len())];
                        MoveChosen::human(mv, s.generation(), s.position().hash())
                    }
                }
                5 => GameRequest::Undo,
                6 => GameRequest::Redo,
                7 => GameRequest::GoTo { ply: rng.next(s.plies() + 1) },
                8 => GameRequest::ContinueFromHere,
                9 => GameRequest::Resign,
                _ if !saved_once => {
                    saved_once = true;
                    app.world_mut().write_message(FileRequest { action: FileAction::Save, path: saved.clone() });
                    app.update();
                    continue;
                }
                _ => {
                    app.world_mut().write_message(FileRequest { action: FileAction::Load, path: saved.clone() });
                    app.update();
                    continue;
                }
            };
            app.world_mut().write_message(request);
            app.update();
            update_until(&mut app, 60, |app| {
                matches!(turn(app), Some(TurnPhase::HumanTurn | TurnPhase::Deciding)) || phase(app) == GamePhase::Over
            });
            assert_consistent(&mut app);
        }
    }
}

#[test]
fn replacing_a_game_in_progress_waits_for_a_yes() {
    let v = Variant::Breakthrough;
    let mut app = game_app(options(v, PlayerSetup::Human, PlayerSetup::Human));
    app.world_mut().resource_mut::<PlaySettings>().confirm_replace = true;
    assert!(update_until(&mut app, 10, |app| turn(app) == Some(TurnPhase::HumanTurn)));
    // An empty board is replaced without a question.
    let generation = session(&app).generation();
    app.world_mut().write_message(GameRequest::NewGame { rematch: false });
    app.update();
    assert!(session(&app).generation() > generation);
    settle(&mut app);
    let request = first_move(&app);
    app.world_mut().write_message(request);
    settle(&mut app);
    assert_eq!(session(&app).plies(), 1);

    // A game with a move asks; No keeps it.
    let generation = session(&app).generation();
    app.world_mut().write_message(GameRequest::NewGame { rematch: false });
    app.update();
    assert_eq!(session(&app).generation(), generation, "not replaced before the answer");
    assert!(app.world().resource::<ReplaceGame>().pending.is_some());
    app.world_mut().write_message(GameRequest::CancelReplace);
    app.update();
    assert!(app.world().resource::<ReplaceGame>().pending.is_none());
    assert_eq!(session(&app).plies(), 1, "the game in progress stays");
    // Yes replaces it.
    app.world_mut().write_message(GameRequest::NewGame { rematch: false });
    app.update();
    app.world_mut().write_message(GameRequest::ConfirmReplace);
    app.update();
    assert!(session(&app).generation() > generation);
    assert_eq!(session(&app).plies(), 0);
    // Without the setting, no question.
    assert!(update_until(&mut app, 10, |app| turn(app) == Some(TurnPhase::HumanTurn)));
    let request = first_move(&app);
    app.world_mut().write_message(request);
    assert!(update_until(&mut app, 40, |app| turn(app) == Some(TurnPhase::HumanTurn)));
    app.world_mut().resource_mut::<PlaySettings>().confirm_replace = false;
    app.world_mut().write_message(GameRequest::NewGame { rematch: false });
    app.update();
    assert_eq!(session(&app).plies(), 0);
    assert!(app.world().resource::<ReplaceGame>().pending.is_none());
}

/// An AI game under the question "replace it?" holds still: no search
/// runs and no move is played until the answer, and "keep" lets it go on.
#[test]
fn a_game_waits_while_the_person_is_asked_whether_to_replace_it() {
    let v = Variant::Breakthrough;
    let mut app = game_app(options(v, ai("beginner", v), ai("beginner", v)));
    app.world_mut().resource_mut::<PlaySettings>().ai_delay_secs = 0.0;
    app.world_mut().resource_mut::<PlaySettings>().confirm_replace = true;
    assert!(update_until(&mut app, 200, |app| session(app).plies() >= 2), "the AIs play");
    app.world_mut().write_message(GameRequest::NewGame { rematch: false });
    app.update();
    assert!(app.world().resource::<ReplaceGame>().pending.is_some(), "asked");
    // A search already running may still land in the next frames.
    for _ in 0..5 {
        app.update();
    }
    let plies = session(&app).plies();
    for _ in 0..60 {
        app.update();
    }
    assert_eq!(session(&app).plies(), plies, "no move under the question");
    assert_ne!(turn(&app), Some(TurnPhase::AiThinking), "and no search");
    app.world_mut().write_message(GameRequest::CancelReplace);
    assert!(update_until(&mut app, 200, |app| session(app).plies() > plies), "kept, the game goes on");
}

/// The halo follows the shown position: a finished game reviewed at move 5
/// lights nothing; back at its end, the winner's pieces light again.
#[test]
fn a_finished_game_reviewed_at_move_five_shows_no_winners() {
    let v = Variant::Breakthrough;
    let mut app = game_app(options(v, ai("alphabeta:offensive2:depth=1", v), ai("alphabeta:defensive2:depth=1", v)));
    app.world_mut().resource_mut::<PlaySettings>().ai_delay_secs = 0.0;
    assert!(update_until(&mut app, 20_000, |app| phase(app) == GamePhase::Over));
    let live = session(&app).plies();
    assert!(!session(&app).shown_winners().is_empty(), "the winner's pieces light at the end");
    app.world_mut().resource_mut::<Messages<GameRequest>>().write(GameRequest::GoTo { ply: 5 });
    app.update();
    assert_eq!(session(&app).review_ply(), Some(5));
    assert!(session(&app).shown_winners().is_empty(), "no halo at move 5");
    app.world_mut().resource_mut::<Messages<GameRequest>>().write(GameRequest::GoTo { ply: live });
    app.update();
    assert!(!session(&app).shown_winners().is_empty());
}

/// Pause, step and the error flag are requests: a paused AI game waits, a
/// step plays exactly one move, and resuming lets it go on.
#[test]
fn pause_and_step_are_requests_the_owner_applies() {
    let v = Variant::Breakthrough;
    let mut app = game_app(options(v, ai("alphabeta:expert:depth=1", v), ai("alphabeta:expert:depth=1", v)));
    app.world_mut().resource_mut::<PlaySettings>().ai_delay_secs = 0.0;
    assert!(update_until(&mut app, 20_000, |app| session(app).plies() >= 2));
    app.world_mut().resource_mut::<Messages<GameRequest>>().write(GameRequest::SetPaused(true));
    assert!(update_until(&mut app, 20_000, |app| turn(app) == Some(TurnPhase::Deciding)));
    let held = session(&app).plies();
    for _ in 0..30 {
        app.update();
    }
    assert_eq!(session(&app).plies(), held, "paused: no move");
    app.world_mut().resource_mut::<Messages<GameRequest>>().write(GameRequest::StepAi);
    assert!(update_until(&mut app, 20_000, |app| session(app).plies() == held + 1));
    for _ in 0..30 {
        app.update();
    }
    assert_eq!(session(&app).plies(), held + 1, "a step plays one move");
    app.world_mut().resource_mut::<Messages<GameRequest>>().write(GameRequest::SetPaused(false));
    assert!(update_until(&mut app, 20_000, |app| session(app).plies() > held + 1));
}

/// Fresh eyes, round 20: Step pressed while an earlier move was shown was
/// kept, and the AI played as soon as the person went back to the last move.
/// A step asked during a review is refused; from the last move it plays.
#[test]
fn a_step_asked_while_reviewing_is_not_kept_for_later() {
    let v = Variant::Breakthrough;
    let mut app = game_app(options(v, ai("alphabeta:expert:depth=1", v), ai("alphabeta:expert:depth=1", v)));
    app.world_mut().resource_mut::<PlaySettings>().ai_delay_secs = 0.0;
    app.world_mut().write_message(GameRequest::SetPaused(true));
    assert!(update_until(&mut app, 20_000, |app| turn(app) == Some(TurnPhase::Deciding)));
    app.world_mut().write_message(GameRequest::StepAi);
    assert!(update_until(&mut app, 20_000, |app| session(app).plies() >= 1));
    for _ in 0..30 {
        app.update();
    }
    let held = session(&app).plies();
    app.world_mut().write_message(GameRequest::GoTo { ply: 0 });
    app.update();
    assert!(session(&app).reviewing());
    app.world_mut().write_message(GameRequest::StepAi);
    for _ in 0..30 {
        app.update();
    }
    app.world_mut().write_message(GameRequest::GoTo { ply: held });
    for _ in 0..60 {
        app.update();
    }
    assert_eq!(session(&app).plies(), held, "the step asked while reviewing is not played on the return");
    app.world_mut().write_message(GameRequest::StepAi);
    assert!(update_until(&mut app, 20_000, |app| session(app).plies() == held + 1), "from the last move it plays");
}

#[test]
fn a_request_sent_while_a_new_game_is_set_up_is_applied_not_lost() {
    let v = Variant::Breakthrough;
    let mut app = game_app(options(v, PlayerSetup::Human, PlayerSetup::Human));
    assert!(update_until(&mut app, 20, |app| turn(app) == Some(TurnPhase::HumanTurn)));
    app.world_mut().write_message(GameRequest::NewGame { rematch: false });
    assert!(update_until(&mut app, 5, |app| phase(app) == GamePhase::Setup));
    // Sent in the Setup frame, when the old game's entities go: it outlives
    // that frame (messages last two) only because the owner holds it.
    let against_ai = Players { white: PlayerSetup::Human, black: ai("alphabeta:expert:depth=1", v) };
    app.world_mut().write_message(GameRequest::SetPlayers(against_ai.clone()));
    for _ in 0..3 {
        app.update();
    }
    assert_eq!(*app.world().resource::<Players>(), against_ai, "the players set during setup hold");
}

#[test]
fn lines_of_action_games_keep_the_rule_chosen_for_a_move_joining_both_sides() {
    let v = Variant::LinesOfAction;
    let mut app = game_app(options(v, PlayerSetup::Human, PlayerSetup::Human));
    assert_eq!(session(&app).position().both_connected(), Some(BothConnected::MoverWins), "the usual rule by default");
    app.world_mut().resource_mut::<GameSettings>().both_connected = BothConnected::Draw;
    let new_game = |app: &mut App, rematch: bool| {
        let generation = session(app).generation();
        app.world_mut().write_message(GameRequest::NewGame { rematch });
        assert!(
            update_until(app, 10, |app| session(app).generation() != generation && phase(app) == GamePhase::Playing)
        );
    };
    new_game(&mut app, false);
    assert_eq!(session(&app).position().both_connected(), Some(BothConnected::Draw), "the setup's rule");
    let start = session(&app).record().start_position().expect("the record's start reads");
    assert_eq!(start.both_connected(), Some(BothConnected::Draw), "and the record states it");
    // A rematch is the same game again, whatever the setup says now.
    app.world_mut().resource_mut::<GameSettings>().both_connected = BothConnected::MoverWins;
    new_game(&mut app, true);
    assert_eq!(session(&app).position().both_connected(), Some(BothConnected::Draw), "a rematch keeps the rule");
    new_game(&mut app, false);
    assert_eq!(session(&app).position().both_connected(), Some(BothConnected::MoverWins));
}
