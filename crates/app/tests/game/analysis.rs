//! Analysis mode: it follows every change of the shown position (a move, a
//! step back in review, a new game) with one search at a time, shows legal,
//! distinct, ordered lines, and never changes the game.

use std::time::{Duration, Instant};

use bevy::prelude::*;
use breakline_app::game::phase::TurnPhase;
use breakline_app::game::players::PlayerSetup;
use breakline_app::game::request::{GameRequest, MoveChosen};
use breakline_app::tasks::analysis::{AnalysisSettings, AnalysisView, LINES};
use breakline_engine::Variant;

use crate::{game_app, options, session, turn, update_until};

fn view(app: &App) -> &AnalysisView {
    app.world().resource::<AnalysisView>()
}

/// Updates until the analysis has a report with its lines for the shown position.
pub fn wait_for_lines(app: &mut App) {
    let start = Instant::now();
    while view(app).info.as_ref().is_none_or(|i| i.lines.len() < LINES) {
        assert!(start.elapsed() < Duration::from_secs(60), "no analysis report");
        app.update();
        std::thread::sleep(Duration::from_millis(5));
    }
}

fn subject_ply(app: &App) -> Option<usize> {
    view(app).subject().map(|key| key.ply)
}

fn play_first_move(app: &mut App) {
    let s = session(app);
    let plies = s.plies();
    let request = MoveChosen::human(s.position().legal_moves()[0], s.generation(), s.position().hash());
    app.world_mut().write_message(request);
    assert!(update_until(app, 50, |app| session(app).plies() > plies));
    app.update();
    assert!(update_until(app, 50, |app| turn(app) == Some(TurnPhase::HumanTurn)));
}

#[test]
fn analysis_follows_the_shown_position_and_never_changes_the_game() {
    for variant in [Variant::Breakthrough, Variant::LinesOfAction] {
        let mut app = game_app(options(variant, PlayerSetup::Human, PlayerSetup::Human));
        assert!(update_until(&mut app, 10, |app| turn(app) == Some(TurnPhase::HumanTurn)));
        play_first_move(&mut app);
        assert_eq!(subject_ply(&app), None, "off until asked");
        app.world_mut().resource_mut::<AnalysisSettings>().on = true;
        app.update();
        assert_eq!(subject_ply(&app), Some(1));
        wait_for_lines(&mut app);
        let record = session(&app).record().clone();

        // The lines: legal from the analysed position, distinct first moves, best first.
        let info = view(&app).info.clone().unwrap();
        let position = view(&app).position.clone().unwrap();
        let mut firsts = Vec::new();
        for pair in info.lines.windows(2) {
            assert!(pair[0].score >= pair[1].score, "{variant}: lines ordered");
        }
        for line in &info.lines {
            let mut pos = position.clone();
            for &mv in &line.pv {
                pos.play(mv).expect("every move of a line is legal");
            }
            firsts.push(line.pv[0]);
        }
        firsts.dedup();
        assert_eq!(firsts.len(), LINES, "{variant}: distinct first moves");

        // A step back in review: the analysis moves with the board.
        app.world_mut().write_message(GameRequest::GoTo { ply: 0 });
        app.update();
        assert_eq!(subject_ply(&app), Some(0));
        wait_for_lines(&mut app);
        app.world_mut().write_message(GameRequest::GoTo { ply: 1 });
        app.update();
        assert_eq!(subject_ply(&app), Some(1));

        // A move: the analysis restarts on the new position, one search at a time.
        play_first_move(&mut app);
        assert_eq!(subject_ply(&app), Some(2));
        let mut tasks = app.world_mut().query::<&Name>();
        let running = tasks.iter(app.world()).filter(|n| n.as_str() == "Analysis").count();
        assert_eq!(running, 1, "{variant}: the old search was stopped");
        assert_eq!(session(&app).record().moves[..1], record.moves[..], "{variant}: the game is its own");

        // A new game starts without the analysis (it was asked for the old
        // one, and would make a rated game casual): nothing runs.
        app.world_mut().write_message(GameRequest::NewGame { rematch: false });
        assert!(update_until(&mut app, 20, |app| session(app).plies() == 0));
        app.update();
        app.update();
        assert!(!app.world().resource::<AnalysisSettings>().on, "{variant}: a new game starts without analysis");
        assert_eq!(subject_ply(&app), None);
        let running = tasks.iter(app.world()).filter(|n| n.as_str() == "Analysis").count();
        assert_eq!(running, 0, "{variant}: off stops the search");
    }
}
