//! The notice as a toast at the foot of the board, where the player is
//! looking when a file is saved or refused (the panel line may be scrolled
//! out of view).

use bevy_egui::egui::{self, Align2, RichText};

use crate::game::notice::Notice;
use crate::theme::palette;

/// `board`: the left and right edges of the board's space, in egui points.
pub(crate) fn show(ctx: &egui::Context, notice: &mut Notice, board: (f32, f32)) {
    let board_center_x = (board.0 + board.1) / 2.0;
    // A path fits on one line where the board has room for it.
    let width = ((board.1 - board.0) * 0.9).clamp(160.0, 720.0);
    let Some(text) = notice.toast() else {
        return;
    };
    let (color, mark) =
        if notice.error { (palette::ERROR.color32(), "⚠") } else { (palette::SUCCESS.color32(), "✔") };
    let text = format!("{mark} {text}");
    let offset = egui::vec2(board_center_x - ctx.viewport_rect().center().x, -12.0);
    let mut dismissed = false;
    egui::Window::new("notice")
        .title_bar(false)
        .resizable(false)
        .anchor(Align2::CENTER_BOTTOM, offset)
        .max_width(width)
        .show(ctx, |ui| {
            ui.horizontal(|ui| {
                let text_width = ui
                    .ctx()
                    .fonts_mut(|f| f.layout_no_wrap(text.clone(), egui::FontId::proportional(15.0), color).size().x);
                ui.set_width((text_width + 40.0).min(width));
                ui.add(egui::Label::new(RichText::new(&text).color(color).size(15.0)).wrap());
                dismissed = ui.small_button("✖").on_hover_text("Close").clicked();
            });
        });
    if dismissed {
        notice.dismiss();
    }
}
