//! What the window shows around the board: the side panels have no fill of
//! their own; the window's camera clears to egui's panel colour and shows
//! the board's picture only in the room between the panels (nothing where a
//! page covers the window). egui's shader converts every pixel it fills to
//! and from sRGB gamma (two `pow`s a channel), and a sprite under a panel is
//! still drawn: on a software renderer a clear colour costs nothing.

use bevy::prelude::*;
use bevy::window::PrimaryWindow;
use bevy_egui::{EguiPostUpdateSet, egui};

use crate::board::picture::{PictureCrop, PicturePlacement};

/// The panels' rectangles (egui's logical points, from the window's top
/// left) and their fill, written by whichever panels were drawn this frame.
/// A folded panel's rectangle is `Rect::NOTHING`; a menu page is the left one.
#[derive(Resource, Clone, Copy, PartialEq, Debug)]
pub struct PanelBackdrop {
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
    let region = room_between(&backdrop, window.size());
    let [r, g, b, _] = backdrop.fill.to_array();
    crop.set_if_neq(PictureCrop { region, fill: Color::srgb_u8(r, g, b) });
}

/// The room between the panels, in the window's logical pixels (`window`
/// is its logical size); empty where a panel covers the window.
fn room_between(backdrop: &PanelBackdrop, window: Vec2) -> Rect {
    // egui's points may be zoomed; the crop is in the window's logical pixels.
    let scale = if backdrop.screen.x > 0.0 { window.x / backdrop.screen.x } else { 1.0 };
    let [left, right] = backdrop.rects.map(|rect| rect.is_positive().then_some(rect));
    // A panel lies along one side (or covers the window, as a page does).
    let from = left.map_or(0.0, |rect| rect.max.x * scale);
    let to = right.map_or(window.x, |rect| rect.min.x * scale);
    Rect::new(from, 0.0, to.max(from), window.y)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn backdrop(screen: egui::Vec2, left: egui::Rect, right: egui::Rect) -> PanelBackdrop {
        PanelBackdrop { screen, rects: [left, right], fill: egui::Color32::BLACK }
    }

    #[test]
    fn the_picture_shows_between_the_panels_at_any_zoom() {
        let window = Vec2::new(1280.0, 800.0);
        let left = egui::Rect::from_min_max(egui::pos2(0.0, 0.0), egui::pos2(320.0, 800.0));
        let right = egui::Rect::from_min_max(egui::pos2(985.0, 0.0), egui::pos2(1280.0, 800.0));
        let both = backdrop(egui::vec2(1280.0, 800.0), left, right);
        assert_eq!(room_between(&both, window), Rect::new(320.0, 0.0, 985.0, 800.0));
        // Folded panels record no rectangle: the picture reaches the edges.
        let folded = backdrop(egui::vec2(1280.0, 800.0), egui::Rect::NOTHING, right);
        assert_eq!(room_between(&folded, window), Rect::new(0.0, 0.0, 985.0, 800.0));
        // At an interface scale of 2 egui's points are half the window's pixels.
        let half = |r: egui::Rect| egui::Rect::from_min_max(r.min / 2.0, r.max / 2.0);
        let zoomed = backdrop(egui::vec2(640.0, 400.0), half(left), half(right));
        assert_eq!(room_between(&zoomed, window), Rect::new(320.0, 0.0, 985.0, 800.0));
    }

    #[test]
    fn a_page_over_the_window_leaves_no_room() {
        let page = egui::Rect::from_min_max(egui::pos2(0.0, 0.0), egui::pos2(1280.0, 800.0));
        let cover = backdrop(egui::vec2(1280.0, 800.0), page, egui::Rect::NOTHING);
        assert!(room_between(&cover, Vec2::new(1280.0, 800.0)).is_empty());
    }
}
