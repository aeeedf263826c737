//! Panel sections for player comforts: undo/redo, hint, flip and resign;
//! stepping through the game (review). Saving and opening games is the
//! files' own section (`files::section`).

use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
use bevy_egui::egui::{self, RichText, Ui};

use crate::board::input::game_off_play;
use crate::board::layout::{BoardFlip, ViewFlip};
use crate::game::owner::visit::Visit;
use crate::game::players::Players;
use crate::game::ratings::RatedNow;
use crate::game::request::GameRequest;
use crate::game::screen::Screen;
use crate::game::session::GameSession;
use crate::play::asks::{Answer, Ask, Question};
use crate::play::rated::RatedGame;
use crate::tasks::hint::{HINT_MS, Hint};
use crate::tasks::proof::{CancelSolve, PROOF_TIME, ProofStatus};
use crate::theme::palette;
use crate::ui::numbering::move_number;

/// What the game's buttons read and send: the hint, the flip, the proof,
/// the visit (a lesson, a puzzle or a game studied), the rated game's rules, and the
/// wishes that may ask first (with the question and its answer).
#[derive(SystemParam)]
pub(crate) struct ComfortsState<'w> {
    session: Res<'w, GameSession>,
    hint: Res<'w, Hint>,
    flip: (ResMut<'w, BoardFlip>, ResMut<'w, ViewFlip>),
    proof: Res<'w, ProofStatus>,
    pub(crate) visit: Res<'w, Visit>,
    pub(crate) rated: Res<'w, RatedGame>,
    /// The one writer of wishes in the panel (the analysis toggle uses it too).
    pub(crate) asks: MessageWriter<'w, Ask>,
    pub(crate) question: Res<'w, Question>,
    pub(crate) answers: MessageWriter<'w, Answer>,
    screen: Res<'w, State<Screen>>,
    rated_now: Res<'w, RatedNow>,
    cancel_solve: MessageWriter<'w, CancelSolve>,
}

impl ComfortsState<'_> {
    /// Whether the board is seen from Black's side.
    pub(crate) fn flipped(&self) -> bool {
        self.flip.1.shown(*self.flip.0).0
    }
}

/// Undo, redo, hint, flip and resign, under the game status.
pub(crate) fn game_buttons(ui: &mut Ui, state: &mut ComfortsState, players: &Players) {
    let over = state.session.outcome().is_over();
    // A lesson or puzzle has its own help, and nothing to resign or prove.
    let visiting = state.visit.active();
    // A rated game is played (and taken back, hinted, resigned, proved) on
    // Play only (fresh eyes, round 13: Analyse offered them for a rated
    // game it would not play).
    let off_play_why = game_off_play(*state.screen.get(), &state.session, *state.rated_now, &state.visit);
    let elsewhere = off_play_why.is_some();
    ui.horizontal_wrapped(|ui| {
        // A rated game that has ended stays ended.
        let can_undo = state.session.can_undo(players) && !state.rated.final_result(&state.session) && !elsewhere;
        let hover = state.rated.undo_hover(&state.session);
        let undo = ui.add_enabled(can_undo, egui::Button::new("⟲ Undo")).on_hover_text(hover);
        if off_play(undo, off_play_why).clicked() {
            state.asks.write(Ask::TakeBack);
        }
        let can_redo = state.session.redo_len() > 0 && !over && !elsewhere;
        let redo =
            ui.add_enabled(can_redo, egui::Button::new("⟳ Redo")).on_hover_text("Replay (Ctrl+Y or Ctrl+Shift+Z)");
        if off_play(redo, off_play_why).clicked() {
            state.asks.write(Ask::Redo);
        }
        // Same width thinking or not, so the buttons after it stay put.
        let hint_text = if state.hint.thinking { "Hint ⏳" } else { "Hint" };
        let can_hint = !over && !state.session.reviewing() && !state.hint.thinking && !elsewhere;
        let hover = format!("Best move by a {:.0} s master search (H)", HINT_MS as f64 / 1000.0);
        if !visiting
            && off_play(
                ui.add_enabled(can_hint, steady_button(ui, hint_text, "Hint ⏳")).on_hover_text(hover),
                off_play_why,
            )
            .clicked()
        {
            state.asks.write(Ask::Hint);
        }
        let flipped = state.flipped();
        if ui.add(egui::Button::new("Flip").selected(flipped)).on_hover_text("Black at the bottom (F)").clicked() {
            let (choice, view) = &mut state.flip;
            view.turn(choice);
        }
        if !visiting {
            give_up_button(ui, state, players, off_play_why);
        }
    });
    let solve_text = if state.proof.running { "Solve ⏳" } else { "Solve" };
    let hover = format!("Prove who wins from here ({} s at most; S)", PROOF_TIME.as_secs());
    ui.horizontal(|ui| {
        let can_solve = !state.proof.running && !over && !elsewhere;
        if !visiting
            && off_play(
                ui.add_enabled(can_solve, steady_button(ui, solve_text, "Solve ⏳")).on_hover_text(hover),
                off_play_why,
            )
            .clicked()
        {
            state.asks.write(Ask::Solve);
        }
        // A proof under way can be stopped (fresh eyes: it ran its ten
        // seconds whatever the person wanted).
        if state.proof.running && ui.button("Stop").on_hover_text("Stop the proof under way").clicked() {
            state.cancel_solve.write(CancelSolve);
        }
        let text = match (&state.proof.text, state.proof.running) {
            (_, true) => Some("Proving…".to_string()),
            (Some(text), false) => Some(text.clone()),
            (None, false) => None,
        };
        // The hint in this row, not a row of its own: the buttons under it
        // stay put. It is for the live position: not said in a review, as
        // its arrow is not drawn (fresh eyes, round 16: White's hint showed
        // over a reviewed position with Black to move).
        if let Some(mv) = state.hint.mv.filter(|_| !state.session.reviewing()) {
            let hint = format!("Hint: {}", state.session.position().move_name(mv));
            ui.label(RichText::new(hint).color(palette::HINT.color32()));
        }
        if let Some(text) = text {
            ui.add(egui::Label::new(RichText::new(text).color(palette::PROOF.color32())).truncate());
        }
    });
}

/// Resign, or Abort before the person's first move: named for what it does
/// (fresh eyes, round 21: "Resign" before a first move asked to abort).
fn give_up_button(ui: &mut Ui, state: &mut ComfortsState, players: &Players, off_play_why: Option<&str>) {
    let can = !state.session.outcome().is_over() && !state.session.reviewing() && off_play_why.is_none();
    let button = if crate::play::asks::would_abort(&state.session, players) {
        ui.add_enabled(can, egui::Button::new("Abort"))
            .on_hover_text("End this game before your first move: no result, nothing kept or rated")
    } else {
        ui.add_enabled(can, egui::Button::new("Resign")).on_hover_text("Give up this game")
    };
    if off_play(button, off_play_why).clicked() {
        state.asks.write(Ask::Resign);
    }
}

/// Why a game button is greyed, when it is greyed because the rated game
/// is played on Play only (otherwise nothing more than its own hover).
fn off_play(response: egui::Response, why: Option<&str>) -> egui::Response {
    match why {
        Some(why) => response.on_disabled_hover_text(why),
        None => response,
    }
}

/// Step buttons, and while reviewing, the way back or on from here.
pub(crate) fn review_section(
    ui: &mut Ui,
    session: &GameSession,
    requests: &mut MessageWriter<GameRequest>,
    asks: &mut MessageWriter<Ask>,
) {
    let live = session.position().moves().len();
    let shown = session.shown_ply();
    ui.horizontal(|ui| {
        let back = shown > 0;
        if ui.add_enabled(back, egui::Button::new("⏮")).on_hover_text("Start position").clicked() {
            requests.write(GameRequest::GoTo { ply: 0 });
        }
        // One move along the line shown: the game's or a side line's.
        for (forward, text, hover) in [(false, "◀", "One move back (Left)"), (true, "▶", "One move on (Right)")] {
            let step = session.step_along(forward);
            if ui.add_enabled(step.is_some(), egui::Button::new(text)).on_hover_text(hover).clicked()
                && let Some(path) = step
            {
                requests.write(GameRequest::ShowLine(path));
            }
        }
        let reviewing = session.reviewing();
        if ui.add_enabled(reviewing, egui::Button::new("⏭")).on_hover_text("Back to the game (G)").clicked() {
            requests.write(GameRequest::GoTo { ply: live });
        }
    });
    if session.line_path().is_some() {
        if crate::ui::side_lines::line_tools(ui, session, requests) {
            asks.write(Ask::PromoteLine);
        }
    } else if session.reviewing() {
        // In words, not the move list's "2…" (which read as a line cut short).
        // A finished game is not "at" a move (fresh eyes, round 21).
        let now = match session.outcome().is_over() {
            true => format!("the game ended at move {}", session.game_ply(live).div_ceil(2)),
            false => format!("the game is at move {}", move_number(session.game_ply(live))),
        };
        let text = match shown {
            0 => format!("Reviewing the start ({now})"),
            _ => {
                let mover = session.shown_position().side_to_move().opponent().title();
                let number = session.game_ply(shown).div_ceil(2);
                format!("Reviewing: after {mover}'s move {number} ({now})")
            }
        };
        ui.label(RichText::new(text).strong().color(palette::REVIEW.color32()));
        ui.horizontal(|ui| {
            if ui.button("Back to game").on_hover_text("The game's latest position (G)").clicked() {
                requests.write(GameRequest::GoTo { ply: live });
            }
            let hover = "Drop the later moves and play on from this position (a move on the board tries a side line)";
            if ui.button("Continue from here").on_hover_text(hover).clicked() {
                asks.write(Ask::ContinueFromHere);
            }
        });
    }
}

/// A button as wide as its busy face (`widest`) whatever it says now: the
/// buttons after it stay put while it thinks (two spaces for the hourglass
/// were 11 pixels short, and a quick click on Flip missed).
fn steady_button<'a>(ui: &Ui, text: &'a str, widest: &str) -> egui::Button<'a> {
    let font = egui::TextStyle::Button.resolve(ui.style());
    let color = ui.visuals().text_color();
    let width = ui.ctx().fonts_mut(|f| f.layout_no_wrap(widest.to_string(), font, color).size().x);
    egui::Button::new(text).min_size(egui::vec2(width + 2.0 * ui.spacing().button_padding.x, 0.0))
}
