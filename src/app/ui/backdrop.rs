//! What the window shows around the board: the side panels have no fill of
//! their own; the window's camera clears to egui's panel colour and shows
//! the board's picture only in the room between the panels (nothing where a
//! page covers the window). egui's shader converts every pixel it fills to
//! and from sRGB gamma (two `pow`s a channel), and a sprite under a panel is
//! still drawn: on a software renderer a clear colour costs nothing.

use bevy::prelude::*;
use bevy::window::PrimaryWindow;
use bevy_egui::{EguiPostUpdateSet, egui};

use crate::app::board::picture::{PictureCrop, PicturePlacement};

/// The panels' rectangles (egui's logical points, from the window's top
/// left) and their fill, written by whichever panels were drawn this frame.
#[derive(Resource, Clone, Copy, PartialEq)]
pub(crate) struct PanelBackdrop {
    pub screen: egui::Vec2,
    pub rects: [egui::Rect; 2],
    pub fill: egui::Color32,
}

impl Default for PanelBackdrop {
    fn default() -> Self {
        PanelBackdrop { screen: egui::Vec2::ZERO, rects: [egui::Rect::NOTHING; 2], fill: egui::Color32::TRANSPARENT }
    }
}

pub(crate) fn plugin(app: &mut App) {
    app.init_resource::<PanelBackdrop>().add_systems(
        PostUpdate,
        // After the panels are laid out: the picture matches the panels of
        // this very frame.
        crop_picture.after(EguiPostUpdateSet::EndPass).before(PicturePlacement),
    );
}

/// A side panel's frame with no fill of its own: the window's clear colour
/// paints it.
pub(crate) fn panel_frame(style: &egui::Style) -> egui::Frame {
    egui::Frame::side_top_panel(style).fill(egui::Color32::TRANSPARENT)
}

impl PanelBackdrop {
    /// Records the panels shown this frame, changing the resource only on a
    /// real change.
    /// `root`: the Ui the panels were shown in.
    pub(crate) fn record(backdrop: &mut ResMut<PanelBackdrop>, root: &egui::Ui, left: egui::Rect, right: egui::Rect) {
        let next = PanelBackdrop {
            screen: root.ctx().viewport_rect().size(),
            rects: [left, right],
            fill: root.visuals().panel_fill,
        };
        backdrop.set_if_neq(next);
    }
}

fn crop_picture(
    backdrop: Res<PanelBackdrop>,
    window: Option<Single<&Window, With<PrimaryWindow>>>,
    mut crop: ResMut<PictureCrop>,
) {
    if !backdrop.is_changed() {
        return;
    }
    let Some(window) = window else {
        return;
    };
    // egui's points may be zoomed; the crop is in the window's logical pixels.
    let scale = if backdrop.screen.x > 0.0 { window.width() / backdrop.screen.x } else { 1.0 };
    let [left, right] = backdrop.rects.map(|rect| rect.is_positive().then_some(rect));
    // A panel lies along one side (or covers the window, as a page does).
    let from = left.map_or(0.0, |rect| rect.max.x * scale);
    let to = right.map_or(window.width(), |rect| rect.min.x * scale);
    let region = Rect::new(from, 0.0, to.max(from), window.height());
    let [r, g, b, _] = backdrop.fill.to_array();
    crop.set_if_neq(PictureCrop { region, fill: Color::srgb_u8(r, g, b) });
}
