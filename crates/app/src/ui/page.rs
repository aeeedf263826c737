//! What every screen shares: the header with its way Home, and the page a
//! menu screen (Home, the play setup, Settings) is drawn on.

use bevy::prelude::*;
use bevy_egui::egui::{self, RichText, Ui};

use crate::theme::palette;
use crate::ui::backdrop::PanelBackdrop;

/// The widest a menu page's column grows, in points.
const PAGE_WIDTH: f32 = 620.0;

/// The screen's title with a Home button before it; true when it was clicked.
pub(crate) fn screen_header(ui: &mut Ui, title: &str) -> bool {
    let mut home = false;
    ui.horizontal(|ui| {
        home = ui.button("◀ Home").on_hover_text("Back to Home (Esc); the game waits").clicked();
        ui.heading(title);
    });
    home
}

/// A menu screen: its header, then `contents` in a centred column that
/// scrolls when the window is short. Returns whether Home was asked for.
pub(crate) fn menu_page(
    ctx: &egui::Context,
    backdrop: &mut ResMut<PanelBackdrop>,
    title: &str,
    contents: impl FnOnce(&mut Ui),
) -> bool {
    menu_page_with_footer(ctx, backdrop, title, contents, None)
}

/// A menu screen whose `footer` (its one action: Play's Start) stays at the
/// window's foot, in sight, while the contents above it scroll (fresh eyes,
/// round 22: at 150 % Start lay half below the window's edge).
pub(crate) fn menu_page_with_footer(
    ctx: &egui::Context,
    backdrop: &mut ResMut<PanelBackdrop>,
    title: &str,
    contents: impl FnOnce(&mut Ui),
    footer: Option<&mut dyn FnMut(&mut Ui)>,
) -> bool {
    let mut home = false;
    let mut root = egui::Ui::new(
        ctx.clone(),
        "menu_root".into(),
        egui::UiBuilder::new().layer_id(egui::LayerId::background()).max_rect(ctx.viewport_rect()),
    );
    // The backdrop paints the page's fill, over the board that waits under it.
    let frame = egui::Frame::central_panel(root.style()).fill(egui::Color32::TRANSPARENT);
    if let Some(footer) = footer {
        egui::Panel::bottom(egui::Id::new(("menu_footer", title))).frame(frame).resizable(false).show(
            &mut root,
            |ui| {
                centred_column(ui, |ui| footer(ui));
            },
        );
    }
    egui::CentralPanel::default().frame(frame).show(&mut root, |ui| {
        // Each page scrolls on its own: one shared scroll opened Settings
        // already scrolled as far as Home had been.
        egui::ScrollArea::vertical().id_salt(("menu_page", title)).auto_shrink([false, false]).show(ui, |ui| {
            centred_column(ui, |ui| {
                ui.add_space(8.0);
                home = !title.is_empty() && screen_header(ui, title);
                ui.add_space(6.0);
                contents(ui);
                ui.add_space(12.0);
            });
        });
    });
    PanelBackdrop::record(backdrop, &root, ctx.viewport_rect(), egui::Rect::NOTHING);
    home
}

/// `contents` in a column at most [`PAGE_WIDTH`] wide, centred.
fn centred_column(ui: &mut Ui, contents: impl FnOnce(&mut Ui)) {
    let width = ui.available_width().min(PAGE_WIDTH);
    let margin = ((ui.available_width() - width) / 2.0).max(0.0);
    ui.horizontal(|ui| {
        ui.add_space(margin);
        ui.vertical(|ui| {
            ui.set_width(width);
            contents(ui);
        });
    });
}

/// A section's heading on a menu page.
pub(crate) fn section_heading(ui: &mut Ui, text: &str) {
    ui.add_space(10.0);
    ui.label(RichText::new(text).strong().size(17.0).color(palette::HEADLINE.color32()));
    ui.add_space(2.0);
}
