//! Every game event writes its sound cue, once: a move, a capture, the end
//! of a game from the person's side, a person's clock falling under ten
//! seconds. (Puzzles and lessons: see their own tests.) Undo and review
//! are silent.

use bevy::prelude::*;
use breakline_app::game::phase::TurnPhase;
use breakline_app::game::players::PlayerSetup;
use breakline_app::game::request::{GameRequest, MoveChosen};
use breakline_app::game::sound_cue::SoundCue;
use breakline_app::platform::launch::LaunchOptions;
use breakline_engine::rules::clock::TimeControl;
use breakline_engine::{Outcome, Side, Variant, WinReason};

use crate::{ai, game_app, heard, options, session, settled_human_turn, turn, update_until};

fn play(app: &mut App, text: &str) {
    assert!(settled_human_turn(app, 400), "the person's turn before {text}");
    let s = session(app);
    let mv = s.position().parse_move(text).unwrap();
    let request = MoveChosen::human(mv, s.generation(), s.position().hash());
    app.world_mut().write_message(request);
    app.update();
}

fn with_clock(mut options: LaunchOptions, control: &str) -> LaunchOptions {
    options.time_control = Some(TimeControl::parse(control).unwrap());
    options
}

#[test]
fn moves_and_captures_sound_and_undo_and_review_do_not() {
    let mut app = game_app(options(Variant::Breakthrough, PlayerSetup::Human, PlayerSetup::Human));
    assert!(update_until(&mut app, 10, |app| turn(app) == Some(TurnPhase::HumanTurn)));
    assert_eq!(heard(&mut app), []);
    for text in ["d2-d3", "e7-e6", "d3-d4", "e6-e5"] {
        play(&mut app, text);
        assert_eq!(heard(&mut app), [SoundCue::Move], "{text}");
    }
    play(&mut app, "d4xe5");
    assert_eq!(heard(&mut app), [SoundCue::Capture]);
    for request in [GameRequest::Undo, GameRequest::GoTo { ply: 1 }, GameRequest::GoTo { ply: 4 }] {
        app.world_mut().write_message(request);
        for _ in 0..5 {
            app.update();
        }
    }
    assert_eq!(heard(&mut app), [], "undo and review are silent");
}

#[test]
fn a_person_losing_to_the_computer_hears_a_loss_and_two_people_hear_a_win() {
    let v = Variant::Breakthrough;
    let mut app = game_app(options(v, PlayerSetup::Human, ai("alphabeta:offensive1:depth=1", v)));
    assert!(update_until(&mut app, 10, |app| turn(app) == Some(TurnPhase::HumanTurn)));
    app.world_mut().write_message(GameRequest::Resign);
    app.update();
    assert_eq!(heard(&mut app), [SoundCue::Loss]);

    let mut app = game_app(options(v, PlayerSetup::Human, PlayerSetup::Human));
    assert!(update_until(&mut app, 10, |app| turn(app) == Some(TurnPhase::HumanTurn)));
    app.world_mut().write_message(GameRequest::Resign);
    app.update();
    assert_eq!(heard(&mut app), [SoundCue::Win]);
}

#[test]
fn a_persons_clock_sounds_once_under_ten_seconds_and_the_flag_ends_the_game() {
    // 10.3 s: the clock crosses ten seconds after about six 50 ms frames, and falls after about 206.
    let options = with_clock(options(Variant::Breakthrough, PlayerSetup::Human, PlayerSetup::Human), "10.3");
    let mut app = game_app(options);
    assert!(update_until(&mut app, 10, |app| turn(app) == Some(TurnPhase::HumanTurn)));
    assert!(update_until(&mut app, 20, |app| !app.world().resource::<crate::CueLog>().0.is_empty()));
    assert_eq!(heard(&mut app), [SoundCue::LowClock]);
    assert!(update_until(&mut app, 400, |app| session(app).outcome().is_over()));
    app.update();
    assert_eq!(session(&app).outcome(), Outcome::Win { winner: Side::Black, reason: WinReason::Time });
    assert_eq!(heard(&mut app), [SoundCue::Win], "two people: a side won; the low clock sounded once");
}
