//! The analysis section of the game panel: the toggle (and its key, A), and
//! the analysis's best lines of the shown position, each with White's
//! winning chance and White's score (one point of view, labelled, as the
//! graph and the bar), and its moves; "go on" once it stopped; a line whose first move
//! can be played now (a person's turn, at the live position) plays it when
//! clicked.

use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
use bevy_egui::egui::{self, RichText, Ui};

use crate::engine::Position;
use crate::engine::ai::search::{PvLine, score_text};
use crate::engine::rules::notation::thousands;
use crate::game::phase::TurnPhase;
use crate::game::players::{PlayerSetup, Players};
use crate::game::request::{GameRequest, MoveChosen};
use crate::game::session::GameSession;
use crate::play::asks::Ask;
use crate::tasks::analysis::for_white;
use crate::tasks::analysis::{AnalysisSettings, AnalysisView, LINES};
use crate::theme::palette;

/// What the section reads and edits.
#[derive(SystemParam)]
pub(crate) struct AnalysisState<'w> {
    pub(crate) settings: ResMut<'w, AnalysisSettings>,
    view: Res<'w, AnalysisView>,
}

/// The longest line shown, in moves (the rest is "…").
const SHOWN_MOVES: usize = 8;

pub(crate) fn section(
    ui: &mut Ui,
    state: &mut AnalysisState,
    playable: Option<(&GameSession, &Players, Option<TurnPhase>)>,
    (requests, asks): (&mut MessageWriter<GameRequest>, &mut MessageWriter<Ask>),
) {
    let mut on = state.settings.on;
    // The toggle and Go on, then the progress on a line of its own, cut
    // short: the rows keep their height as the search goes on and stops
    // (the progress pushed the panel past an 800-pixel window, and Go on
    // appearing moved everything below it under the mouse).
    ui.horizontal(|ui| {
        let hover = format!(
            "The master searches the shown position on every core for {} s, best {LINES} lines (A)",
            state.settings.seconds
        );
        ui.toggle_value(&mut on, "Analyse").on_hover_text(hover);
        // A decided position is not searched: no "starting…" that never goes on.
        if on && state.view.position.is_some() {
            let more = state.view.finished && state.view.info.is_some() && state.settings.can_go_on();
            let go_on = ui.add_enabled(more, egui::Button::new("Go on"));
            if go_on.on_hover_text("Search this position longer").clicked() {
                state.settings.go_on();
            }
        }
    });
    if on && state.view.position.is_some() {
        ui.add(egui::Label::new(RichText::new(progress(&state.view)).weak()).truncate());
    }
    // Off at once; on asks first in a rated game.
    if on && !state.settings.on {
        asks.write(Ask::Analysis);
    } else if !on && state.settings.on {
        state.settings.on = false;
    }
    if !state.settings.on {
        return;
    }
    let (Some(position), Some(info)) = (&state.view.position, &state.view.info) else {
        let text = if state.view.position.is_none() { "The shown position is decided." } else { "Thinking…" };
        ui.label(RichText::new(text).weak());
        return;
    };
    ui.label(RichText::new("White's winning chance (White's score) · the line").weak());
    let can_play = playable.is_some_and(|(session, players, turn)| person_to_move(session, players, turn));
    // While reviewing, a line's first move is tried as a side line.
    let can_try =
        playable.is_some_and(|(session, _, _)| session.reviewing() && session.shown_key().hash == position.hash());
    for (k, line) in info.lines_or_main().iter().enumerate() {
        if let Some(first) = line.pv.first()
            && line_row(ui, position, k + 1, line, can_play || can_try).clicked()
            && let Some((session, _, _)) = playable
            && (can_play || can_try)
        {
            requests.write(MoveChosen::by_person(*first, session));
        }
    }
}

/// "depth 14 · 2.3 M nodes · 4.1 s", or the end of a finished search.
fn progress(view: &AnalysisView) -> String {
    match &view.info {
        None => "starting…".to_string(),
        Some(info) => {
            let done = if view.finished { format!(" · stopped after {} s", view.seconds) } else { String::new() };
            format!("depth {} · {} nodes · {:.1} s{done}", info.depth, thousands(info.nodes), info.time.as_secs_f64())
        }
    }
}

/// Whether a person may play a move now on the live position.
fn person_to_move(session: &GameSession, players: &Players, turn: Option<TurnPhase>) -> bool {
    !session.reviewing()
        && session.replay().is_none()
        && turn == Some(TurnPhase::HumanTurn)
        && players.get(session.side_to_move()) == &PlayerSetup::Human
}

/// One line: "1. 62% (+35)  e2-e3 e7-e6 …"; clickable when its first move can be played.
fn line_row(ui: &mut Ui, position: &Position, k: usize, line: &PvLine, can_play: bool) -> egui::Response {
    // The master's expert evaluation is the one the chances are fitted to.
    let (chance, score) = for_white(position, line.score, true);
    let chance = chance.map_or_else(|| "  –".to_string(), |c| format!("{:>3.0}%", 100.0 * c));
    let moves = line_text(position, &line.pv);
    let text = format!("{k}. {chance} ({})  {moves}", score_text(score));
    let rich =
        RichText::new(text).monospace().color(if k == 1 { palette::HEADLINE } else { palette::NEUTRAL }.color32());
    let response = ui.add(egui::Button::selectable(false, rich).frame(false).sense(egui::Sense::click()));
    if can_play {
        response.on_hover_text("Play this line's first move")
    } else {
        response.on_hover_text("White's chance and White's score; play it on your turn at the live position")
    }
}

/// The line's moves in notation, as far as they are legal from `position`.
fn line_text(position: &Position, pv: &[crate::engine::Move]) -> String {
    let mut pos = position.clone();
    let mut names = Vec::new();
    for &mv in pv.iter().take(SHOWN_MOVES) {
        let name = pos.move_name(mv);
        if pos.play(mv).is_err() {
            break;
        }
        names.push(name);
    }
    if pv.len() > SHOWN_MOVES {
        names.push("…".to_string());
    }
    names.join(" ")
}
