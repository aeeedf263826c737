//! The side panels' plain background, drawn as two flat sprites instead of
//! by egui. egui's shader converts every pixel to and from sRGB gamma (two
//! `pow`s a channel); on a software renderer the panels' fill was the largest
//! part of a resting window's frame. The colour and the rectangles are
//! egui's own, so the picture is the same.

use bevy::camera::visibility::RenderLayers;
use bevy::prelude::*;
use bevy::window::PrimaryWindow;
use bevy_egui::{EguiPostUpdateSet, egui};

/// Above every board and Flow sprite: whatever reaches under a panel stays
/// hidden, as it was under egui's fill.
const BACKDROP_Z: f32 = 900.0;

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

#[derive(Component)]
struct BackdropPart(usize);

pub(crate) fn plugin(app: &mut App) {
    app.init_resource::<PanelBackdrop>().add_systems(Startup, spawn_parts).add_systems(
        PostUpdate,
        // After the panels are laid out, before transforms settle: the
        // sprites match the panels of this very frame.
        place_parts.after(EguiPostUpdateSet::EndPass).before(TransformSystems::Propagate),
    );
}

/// A side panel's frame with no fill of its own: the backdrop paints it.
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

fn spawn_parts(mut commands: Commands) {
    for part in 0..2 {
        commands.spawn((
            Name::new("Panel backdrop"),
            BackdropPart(part),
            Sprite::from_color(Color::NONE, Vec2::ZERO),
            Transform::from_xyz(0.0, 0.0, BACKDROP_Z),
            // Seen by the board's camera in either mode.
            RenderLayers::from_layers(&[0, crate::app::modes::flow::FLOW_LAYER]),
            Visibility::Hidden,
        ));
    }
}

/// The camera the backdrop is placed for.
type BoardCamera = (With<Camera2d>, Without<BackdropPart>);

fn place_parts(
    backdrop: Res<PanelBackdrop>,
    camera: Option<Single<&Transform, BoardCamera>>,
    window: Option<Single<&Window, With<PrimaryWindow>>>,
    mut parts: Query<(&BackdropPart, &mut Sprite, &mut Transform, &mut Visibility)>,
) {
    let origin = camera.map_or(Vec2::ZERO, |camera| camera.translation.truncate());
    // World units are the window's logical pixels; egui's points may be
    // zoomed.
    let scale = match window {
        Some(window) if backdrop.screen.x > 0.0 => window.width() / backdrop.screen.x,
        _ => 1.0,
    };
    let [r, g, b, _] = backdrop.fill.to_array();
    let color = Color::srgb_u8(r, g, b);
    for (part, mut sprite, mut transform, mut visibility) in &mut parts {
        let Some(rect) = backdrop.rects.get(part.0).copied().filter(|rect| rect.is_positive()) else {
            visibility.set_if_neq(Visibility::Hidden);
            continue;
        };
        // egui's y grows downwards from the top left; the world's upwards
        // from the window's centre.
        let centre = rect.center() - backdrop.screen / 2.0;
        let at = (origin + Vec2::new(centre.x, -centre.y) * scale).extend(BACKDROP_Z);
        if transform.translation != at {
            transform.translation = at;
        }
        let size = Some(Vec2::new(rect.width(), rect.height()) * scale);
        if sprite.custom_size != size || sprite.color != color {
            sprite.custom_size = size;
            sprite.color = color;
        }
        visibility.set_if_neq(Visibility::Inherited);
    }
}
