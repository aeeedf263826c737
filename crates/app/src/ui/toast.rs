//! The notice as a toast over the board, where the player is looking when a
//! file is saved or refused (the panel line may be scrolled out of view),
//! and a refused move's reason as a wrong move (its colour and mark). Both
//! sit just above the board's frame, or where the window has no room there,
//! at its top: the coordinates are along the bottom and the left, and a
//! toast must not cover them.

use bevy_egui::egui::{self, Align2, RichText};

use crate::board::input::MoveRefusal;
use crate::game::notice::Notice;
use crate::theme::palette;

/// The room a toast keeps at its right for its close button, in points.
const CLOSE_ROOM: f32 = 30.0;

/// `board`: the left and right edges of the board's space, in egui points;
/// `frame`: the height of the board's frame.
pub(crate) fn show(ctx: &egui::Context, notice: &mut Notice, board: (f32, f32), frame: f32) {
    let board_center_x = (board.0 + board.1) / 2.0;
    // A path fits on one line where the board has room for it.
    let width = ((board.1 - board.0) * 0.9).clamp(160.0, 720.0);
    let Some(text) = notice.toast() else {
        return;
    };
    let (color, mark) =
        if notice.error { (palette::ERROR.color32(), "⚠") } else { (palette::SUCCESS.color32(), "✔") };
    let text = format!("{mark} {text}");
    let offset = egui::vec2(board_center_x - ctx.viewport_rect().center().x, frame_top(ctx, frame));
    let mut dismissed = false;
    egui::Window::new("notice")
        .title_bar(false)
        .resizable(false)
        .anchor(Align2::CENTER_TOP, offset)
        .max_width(width)
        .show(ctx, |ui| {
            ui.horizontal(|ui| {
                let text_width = ui
                    .ctx()
                    .fonts_mut(|f| f.layout_no_wrap(text.clone(), egui::FontId::proportional(15.0), color).size().x);
                // Never wider than the window's room: a width past it pushed
                // the close button out (found by the model at 3840x2160).
                ui.set_width((text_width + 40.0).min(width).min(ui.available_width()));
                ui.scope(|ui| {
                    ui.set_max_width((ui.available_width() - CLOSE_ROOM).max(CLOSE_ROOM));
                    ui.add(egui::Label::new(RichText::new(&text).color(color).size(15.0)).wrap());
                });
                dismissed = ui.small_button("✖").on_hover_text("Close").clicked();
            });
        });
    if dismissed {
        notice.dismiss();
    }
}

/// A one-line toast's height and a little air, in points.
const TOAST_ROOM: f32 = 40.0;

/// Where a toast's top goes, below the window's top in egui points: above
/// the board's frame where the window has room (fresh eyes, round 18: it
/// sat over the top rank at 1024x768 with 150 points free above the
/// frame), else at the window's top, over the frame as little as it can.
fn frame_top(ctx: &egui::Context, frame: f32) -> f32 {
    let viewport = ctx.viewport_rect();
    // The layout counts logical pixels; egui's points are those over the interface's scale.
    let frame = frame / ctx.zoom_factor();
    (viewport.center().y - frame / 2.0 - viewport.top() - TOAST_ROOM).max(0.0) + 2.0
}

/// The reason a move aimed on the board was refused, as a wrong move: red,
/// with a cross, until the next press or another position (or closed).
pub(crate) fn show_refusal(ctx: &egui::Context, refusal: &mut MoveRefusal, board: (f32, f32), frame: f32) {
    let Some(why) = refusal.why.as_deref() else { return };
    let width = ((board.1 - board.0) * 0.9).clamp(160.0, 720.0);
    let text = format!("✖ {why}");
    let offset = egui::vec2((board.0 + board.1) / 2.0 - ctx.viewport_rect().center().x, frame_top(ctx, frame));
    let mut dismissed = false;
    egui::Window::new("refused move")
        .title_bar(false)
        .resizable(false)
        .anchor(Align2::CENTER_TOP, offset)
        .max_width(width)
        .show(ctx, |ui| {
            ui.horizontal(|ui| {
                // The words wrap short of the close button (a long reason pushed it out of the window).
                let words = RichText::new(&text).color(palette::ERROR.color32()).size(15.0);
                ui.scope(|ui| {
                    ui.set_max_width((ui.available_width() - CLOSE_ROOM).max(CLOSE_ROOM));
                    ui.add(egui::Label::new(words).wrap());
                });
                dismissed = ui.small_button("✖").on_hover_text("Close").clicked();
            });
        });
    if dismissed {
        refusal.take();
    }
}
