//! The AI's thinking and the analysis layers as data: the overlay follows
//! the live search and only describes the board's position, the evaluation
//! graph turns the movers' scores to White's view, and the layers agree with
//! the engine's analysis.

use bevy::prelude::*;
use breakline_app::board::layers::{LayerData, LayerSettings};
use breakline_app::board::overlay::{ThinkingLine, ThinkingOverlay};
use breakline_app::game::eval_graph::{EvalGraph, GraphClick};
use breakline_app::game::phase::{GamePhase, TurnPhase};
use breakline_app::game::players::PlayerSetup;
use breakline_app::game::request::GameRequest;
use breakline_app::game::settings::PlaySettings;
use breakline_engine::ai::eval::{is_proven, win_chance};
use breakline_engine::rules::analysis::{attacked_squares, centre_of_mass};
use breakline_engine::{Position, Side, Variant};

use crate::{ai, game_app, options, phase, position_at, session, update_until};

fn overlay_line(app: &App) -> Option<ThinkingLine> {
    app.world().resource::<ThinkingOverlay>().line.clone()
}

/// The line plays legally from `position` and every tinted square is where
/// some legal move goes.
fn assert_describes(line: &ThinkingLine, position: &Position) {
    assert_eq!(line.position_hash, position.hash());
    assert_eq!(line.side, position.side_to_move());
    assert!(!line.pv.is_empty(), "a report without a principal variation");
    let mut replay = position.clone();
    for &mv in &line.pv {
        replay.play(mv).unwrap_or_else(|e| panic!("PV move {} is illegal: {e}", replay.move_name(mv)));
    }
    let targets: Vec<u8> = position.legal_moves().iter().map(|m| m.to).collect();
    assert!(!line.destinations.is_empty());
    for destination in &line.destinations {
        assert!(targets.contains(&destination.square), "square {} is no move's destination", destination.square);
        assert!((0.0..=1.0).contains(&destination.shortfall));
    }
    assert_eq!(line.destinations[0].shortfall, 0.0, "the best destination comes first");
}

/// Watches one AI move being searched: the overlay describes the position
/// while the search reports, and is gone once the move is played.
fn watch_one_search(variant: Variant, config: &str) {
    // Both sides search: Black moves first in Lines of Action.
    let mut app = game_app(options(variant, ai(config, variant), ai(config, variant)));
    let start = session(&app).position().clone();
    let mut reports = 0;
    let played = update_until(&mut app, 20_000, |app| {
        let position = &session(app).position();
        if position.moves().is_empty()
            && let Some(line) = overlay_line(app)
        {
            assert_describes(&line, position);
            reports += 1;
        }
        !position.moves().is_empty()
    });
    assert!(played, "the AI did not move");
    assert!(reports > 0, "the overlay never showed the search");
    assert_ne!(session(&app).position().hash(), start.hash());
    assert_eq!(overlay_line(&app), None, "the overlay outlived the move");
    // The next search has not reported yet while the move slides into place.
    app.update();
    assert_eq!(overlay_line(&app), None);
}

/// The searches run long enough (1.5 s of wall time each) that frames pass
/// while they report even on a starved machine: at 400 ms a search's reports
/// and its move once landed between two frames under CI and builds at once.
#[test]
fn breakthrough_overlay_follows_iterative_deepening() {
    watch_one_search(Variant::Breakthrough, "enhanced:balanced:time=1500");
}

#[test]
fn loa_overlay_follows_mcts() {
    watch_one_search(Variant::LinesOfAction, "mcts:expert:time=1500");
}

#[test]
fn eval_graph_has_a_point_per_scored_move_as_whites_chance() {
    let v = Variant::Breakthrough;
    let mut app = game_app(options(v, ai("alphabeta:offensive2:depth=2", v), ai("alphabeta:defensive1:depth=2", v)));
    app.world_mut().resource_mut::<PlaySettings>().ai_delay_secs = 0.0;
    let enough = update_until(&mut app, 20_000, |app| {
        session(app).position().moves().len() >= 6 || phase(app) == GamePhase::Over
    });
    assert!(enough, "the game did not get going");
    app.update();
    let moves = session(&app).record().moves.clone();
    let graph = app.world().resource::<EvalGraph>();
    assert_eq!(graph.plies, moves.len());
    let scored: Vec<_> = moves.iter().enumerate().filter_map(|(i, m)| m.score.map(|s| (i + 1, m.side, s))).collect();
    assert!(scored.len() >= 6, "AI moves carry their scores");
    assert_eq!(graph.points.len(), scored.len());
    for (point, &(ply, side, score)) in graph.points.iter().zip(&scored) {
        assert_eq!((point.ply, point.side, point.score), (ply, side, score));
        let mover = win_chance(v, score);
        let white = if side == Side::White { mover } else { 1.0 - mover };
        assert_eq!(point.white_chance, white, "one scale for both sides: White's winning chance");
        assert_eq!(point.proven, is_proven(score));
        if !is_proven(score) {
            assert!(point.white_chance > 0.0 && point.white_chance < 1.0, "only proofs are certain");
        }
    }
}

fn all_layers_on(app: &mut App) {
    *app.world_mut().resource_mut::<LayerSettings>() = LayerSettings { groups: true, centres: true, attacks: true };
    app.update();
}

/// Plays AI moves, checking the layers against the engine after each one.
fn check_layers_over_moves(app: &mut App, plies: usize, check: impl Fn(&Position, &LayerData)) {
    app.world_mut().resource_mut::<PlaySettings>().ai_delay_secs = 0.0;
    let mut checked = usize::MAX;
    let reached = update_until(app, 20_000, |app| {
        let position = &session(app).position();
        if position.moves().len() != checked {
            checked = position.moves().len();
            check(position, app.world().resource::<LayerData>());
        }
        checked >= plies || phase(app) == GamePhase::Over
    });
    assert!(reached);
}

#[test]
fn loa_groups_partition_each_sides_pieces() {
    let v = Variant::LinesOfAction;
    let mut app = game_app(options(v, ai("alphabeta:classic:depth=1", v), ai("alphabeta:expert:depth=1", v)));
    all_layers_on(&mut app);
    check_layers_over_moves(&mut app, 8, |position, data| {
        for side in Side::BOTH {
            let mut grouped: Vec<u8> = data.groups[side.index()].iter().flatten().copied().collect();
            grouped.sort_unstable();
            let mut pieces: Vec<u8> =
                position.pieces().into_iter().filter(|&(_, c)| c == side).map(|(sq, _)| sq).collect();
            pieces.sort_unstable();
            assert_eq!(grouped, pieces, "{side} groups after {} moves", position.moves().len());
            assert_eq!(data.centres[side.index()], centre_of_mass(position, side));
            assert!(data.attacked[side.index()].is_empty(), "attacks are a Breakthrough layer");
        }
    });
}

#[test]
fn breakthrough_attacks_match_the_analysis() {
    let v = Variant::Breakthrough;
    let mut app = game_app(options(v, ai("alphabeta:offensive1:depth=1", v), ai("alphabeta:offensive2:depth=1", v)));
    all_layers_on(&mut app);
    check_layers_over_moves(&mut app, 8, |position, data| {
        for side in Side::BOTH {
            assert_eq!(data.attacked[side.index()], attacked_squares(position, side));
            assert!(data.groups[side.index()].is_empty(), "groups are a Lines of Action layer");
        }
    });
}

#[test]
fn layers_stay_empty_until_ticked() {
    let v = Variant::Breakthrough;
    let app = game_app(options(v, PlayerSetup::Human, PlayerSetup::Human));
    assert_eq!(*app.world().resource::<LayerData>(), LayerData::default());
}

/// A click on the evaluation graph opens review; the layers then describe
/// the reviewed position and the thinking overlay stays away.
#[test]
fn a_graph_click_reviews_and_the_layers_follow() {
    let v = Variant::LinesOfAction;
    let mut app = game_app(options(v, ai("alphabeta:classic:depth=1", v), ai("alphabeta:expert:depth=1", v)));
    app.world_mut().resource_mut::<PlaySettings>().ai_delay_secs = 0.0;
    all_layers_on(&mut app);
    assert!(update_until(&mut app, 20_000, |app| session(app).position().moves().len() >= 4));
    app.world_mut().resource_mut::<Messages<GameRequest>>().write(GameRequest::SetPaused(true));
    assert!(update_until(&mut app, 20_000, |app| crate::turn(app) != Some(TurnPhase::AiThinking)));
    app.world_mut().resource_mut::<GraphClick>().ply = Some(1);
    for _ in 0..3 {
        app.update();
    }
    assert_eq!(session(&app).review_ply(), Some(1));
    let reviewed = position_at(session(&app).position(), 1);
    let data = app.world().resource::<LayerData>();
    for side in Side::BOTH {
        assert_eq!(data.centres[side.index()], centre_of_mass(&reviewed, side), "{side}: the reviewed position's");
        let grouped: usize = data.groups[side.index()].iter().map(Vec::len).sum();
        assert_eq!(grouped, reviewed.pieces().iter().filter(|&&(_, c)| c == side).count());
    }
    assert_eq!(overlay_line(&app), None, "no thinking overlay over a reviewed position");
}
