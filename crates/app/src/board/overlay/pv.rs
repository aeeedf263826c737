//! The principal variation as numbered arrows: one colour per side, fading
//! with depth. Arrows are gizmos (drawn every frame, on top of the board);
//! each number sits on a disc in a gap of its arrow and is rebuilt only when
//! the line, the setting or the layout changes.

use bevy::prelude::*;

use crate::board::layout::BoardLayout;
use crate::board::overlay::lines::{OverlaySettings, ThinkingOverlay};
use crate::engine::{Move as EngineMove, Side};
use crate::game::phase::GameSystems;
use crate::theme::palette;

/// Arrows get their own line width, scaled with the squares.
#[derive(Default, Reflect, GizmoConfigGroup)]
struct PvGizmos;

#[derive(Component)]
struct PvLabel;

/// Later moves matter less and would clutter the board.
const SHOWN_MOVES: usize = 8;
/// Above pieces (2) and move markers (3).
const LABEL_Z: f32 = 4.0;
/// In squares.
const LABEL_RADIUS: f32 = 0.17;
const START_INSET: f32 = 0.08;
const END_INSET: f32 = 0.2;

pub(crate) fn plugin(app: &mut App) {
    app.init_gizmo_group::<PvGizmos>()
        .add_systems(Update, (fit_line_width, relabel, draw_arrows).after(GameSystems::Animate));
}

fn side_color(side: Side) -> Color {
    palette::side_accent(side).color()
}

/// The first move fully opaque, the last shown one faint.
fn fade(index: usize, count: usize) -> f32 {
    if count <= 1 { 1.0 } else { 1.0 - 0.6 * index as f32 / (count - 1) as f32 }
}

/// Who plays the PV's `index`th move when `first` plays the first.
fn mover(first: Side, index: usize) -> Side {
    if index.is_multiple_of(2) { first } else { first.opponent() }
}

/// Where one arrow runs and where its number goes, in world units.
struct ArrowPath {
    start: Vec2,
    end: Vec2,
    label: Vec2,
    direction: Vec2,
}

fn arrow_path(layout: &BoardLayout, mv: EngineMove) -> ArrowPath {
    let (from, to) = (layout.square_center(mv.from), layout.square_center(mv.to));
    let direction = (to - from).normalize_or_zero();
    let start = from + direction * START_INSET * layout.square;
    let end = to - direction * END_INSET * layout.square;
    ArrowPath { start, end, label: (start + end) / 2.0, direction }
}

fn fit_line_width(layout: Res<BoardLayout>, mut store: ResMut<GizmoConfigStore>) {
    if !layout.is_changed() {
        return;
    }
    let (config, _) = store.config_mut::<PvGizmos>();
    config.line.width = (layout.square * 0.07).clamp(2.0, 8.0);
}

fn draw_arrows(
    overlay: Res<ThinkingOverlay>,
    settings: Res<OverlaySettings>,
    layout: Res<BoardLayout>,
    mut gizmos: Gizmos<PvGizmos>,
) {
    let Some(line) = overlay.line.as_ref().filter(|_| settings.show_thinking) else {
        return;
    };
    let count = line.pv.len().min(SHOWN_MOVES);
    let gap = LABEL_RADIUS * layout.square;
    // Deepest first, so the moves that matter most are drawn over them.
    for (index, &mv) in line.pv.iter().enumerate().take(count).rev() {
        let color = side_color(mover(line.side, index)).with_alpha(fade(index, count));
        let path = arrow_path(&layout, mv);
        // The line breaks around the number's disc: gizmos draw over sprites and text.
        gizmos.line_2d(path.start, path.label - path.direction * gap, color);
        gizmos.arrow_2d(path.label + path.direction * gap, path.end, color).with_tip_length(0.2 * layout.square);
    }
}

fn relabel(
    mut commands: Commands,
    overlay: Res<ThinkingOverlay>,
    settings: Res<OverlaySettings>,
    layout: Res<BoardLayout>,
    labels: Query<Entity, With<PvLabel>>,
    mut meshes: ResMut<Assets<Mesh>>,
    mut materials: ResMut<Assets<ColorMaterial>>,
) {
    if !overlay.is_changed() && !settings.is_changed() && !layout.is_changed() {
        return;
    }
    for entity in &labels {
        commands.entity(entity).despawn();
    }
    let Some(line) = overlay.line.as_ref().filter(|_| settings.show_thinking) else {
        return;
    };
    let count = line.pv.len().min(SHOWN_MOVES);
    let disc = meshes.add(Circle::new(LABEL_RADIUS * layout.square));
    // Whole pixel sizes: every distinct size makes a new glyph atlas.
    let font_size = (layout.square * 0.27).clamp(10.0, 26.0).round();
    for (index, &mv) in line.pv.iter().enumerate().take(count) {
        let side = mover(line.side, index);
        let alpha = fade(index, count);
        let text_color = match side {
            Side::White => palette::INK.color(),
            Side::Black => palette::PAPER.color(),
        };
        let material = materials.add(ColorMaterial::from_color(side_color(side).with_alpha(alpha)));
        let at = arrow_path(&layout, mv).label;
        // Earlier moves' numbers stay on top where labels overlap.
        let z = LABEL_Z + 0.01 * (count - index) as f32;
        commands
            .spawn((
                Name::new(format!("PV label {}", index + 1)),
                PvLabel,
                Text2d::new((index + 1).to_string()),
                TextFont::from_font_size(font_size),
                TextColor(text_color.with_alpha(alpha.max(0.7))),
                Transform::from_translation(at.extend(z)),
            ))
            .with_child((Mesh2d(disc.clone()), MeshMaterial2d(material), Transform::from_xyz(0.0, 0.0, -0.005)));
    }
}
