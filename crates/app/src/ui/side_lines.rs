//! Side lines in the panel: under the move they replace, each line's moves
//! in parentheses (lines within lines nested in their own), every move a
//! button that shows its position; and while a side line shows, the way to
//! promote it, delete it or go back to the game.

use bevy::prelude::*;
use bevy_egui::egui::{RichText, Ui};

use crate::engine::rules::record::line_tree::{Branch, LinePath};
use crate::engine::rules::record::variation::Line;
use crate::game::request::GameRequest;
use crate::game::session::GameSession;
use crate::theme::palette;
use crate::ui::numbering::move_label;

/// How far a side line stands in from the move list's left edge.
const INDENT: f32 = 18.0;

/// The side lines that replace the game's move `at` (from 0), one row each,
/// numbered on from `first_ply` (see `GameSession::game_ply`); a click on a
/// move returns its place.
pub(crate) fn lines_at(
    ui: &mut Ui,
    tree: &Line,
    (at, first_ply): (usize, usize),
    shown: Option<&LinePath>,
    clicked: &mut Option<LinePath>,
) {
    let Some(entry) = tree.moves.get(at) else { return };
    for (alternative, line) in entry.alternatives.iter().enumerate() {
        // Indented as a whole, so a long line wraps under its own start.
        ui.scope(|ui| {
            ui.spacing_mut().indent = INDENT;
            ui.indent(("side_line", at, alternative), |ui| {
                ui.horizontal_wrapped(|ui| {
                    ui.spacing_mut().item_spacing.x = 4.0;
                    let branch = vec![Branch { at, alternative }];
                    line_moves(ui, line, (&branch, at, first_ply), shown, clicked);
                });
            });
        });
    }
}

/// One line's moves in parentheses, with the lines within it after the move
/// they replace; `(branches, before, first_ply)`: the branches that lead to
/// it, the plies played before its first move, and the game's plies before
/// its start (for the numbers).
fn line_moves(
    ui: &mut Ui,
    line: &Line,
    (branches, before, first_ply): (&[Branch], usize, usize),
    shown: Option<&LinePath>,
    clicked: &mut Option<LinePath>,
) {
    ui.label(RichText::new("(").weak());
    for (index, entry) in line.moves.iter().enumerate() {
        let ply = first_ply + before + index + 1;
        // "3." before the first mover's moves, "3…" before a line's first reply.
        if ply % 2 == 1 || index == 0 {
            ui.label(RichText::new(move_label(ply)).weak());
        }
        let place = LinePath { branches: branches.to_vec(), ply: index + 1 };
        let text = RichText::new(&entry.notation).monospace().italics();
        let button = ui.selectable_label(shown == Some(&place), text).on_hover_text("Show this side line's position");
        if button.clicked() {
            *clicked = Some(place);
        }
        for (alternative, inner) in entry.alternatives.iter().enumerate() {
            let mut deeper = branches.to_vec();
            deeper.push(Branch { at: index, alternative });
            line_moves(ui, inner, (&deeper, before + index, first_ply), shown, clicked);
        }
    }
    ui.label(RichText::new(")").weak());
}

/// While a side line shows: where it left the game, and promote, delete
/// and back to the game.
/// True when Promote line was clicked: the caller asks for it, as going
/// back is asked (fresh eyes, round 16: promoted in Analyse, it rewrote a
/// rated game on the clock).
pub(crate) fn line_tools(ui: &mut Ui, session: &GameSession, requests: &mut MessageWriter<GameRequest>) -> bool {
    let mut promote = false;
    let Some(path) = session.line_path() else { return false };
    let leaves = move_label(session.game_ply(path.leaves_game_at() + 1));
    let text = match path.branches.len() {
        1 => format!("Side line: instead of the game's move {leaves}"),
        _ => format!("A line within a side line (it leaves the game at {leaves})"),
    };
    // Said: it is kept with the game, in its record and the library (fresh
    // eyes, round 17: a line tried in Watch & Lab read as a change to it).
    ui.label(RichText::new(text).strong().color(palette::REVIEW.color32()))
        .on_hover_text("Side lines are kept with the game, as notes beside its moves; Delete line removes one");
    ui.label(RichText::new("Kept with the game as a note beside its moves.").weak());
    ui.horizontal_wrapped(|ui| {
        let hover = "This line becomes the game's own; the game's moves from here become a side line";
        promote = ui.button("Promote line").on_hover_text(hover).clicked();
        if ui.button("Delete line").on_hover_text("Delete this side line (and the lines within it)").clicked() {
            requests.write(GameRequest::DeleteLine);
        }
        if ui.button("Back to game").on_hover_text("The game's latest position (G)").clicked() {
            requests.write(GameRequest::GoTo { ply: session.plies() });
        }
    });
    promote
}
