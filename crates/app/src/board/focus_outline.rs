//! The keyboard's focus square drawn as an outline (a gizmo, drawn each
//! frame over squares and pieces) while the board has the keyboard.

use bevy::prelude::*;

use crate::board::keyboard::BoardFocus;
use crate::board::layout::BoardLayout;
use crate::game::phase::GameSystems;
use crate::theme::palette;

/// The outline's own line width, scaled with the squares.
#[derive(Default, Reflect, GizmoConfigGroup)]
struct FocusGizmos;

/// The outline sits just inside its square, in squares.
const OUTLINE_SIDE: f32 = 0.9;

pub(crate) fn plugin(app: &mut App) {
    app.init_gizmo_group::<FocusGizmos>()
        .add_systems(Update, (fit_line_width, draw_focus).chain().after(GameSystems::Animate));
}

fn fit_line_width(layout: Res<BoardLayout>, mut store: ResMut<GizmoConfigStore>) {
    if !layout.is_changed() {
        return;
    }
    let (config, _) = store.config_mut::<FocusGizmos>();
    config.line.width = (layout.square * 0.06).clamp(2.0, 6.0);
}

fn draw_focus(focus: Res<BoardFocus>, layout: Res<BoardLayout>, mut gizmos: Gizmos<FocusGizmos>) {
    let Some(square) = focus.square.filter(|_| focus.on) else { return };
    let centre = Isometry2d::from_translation(layout.square_center(square));
    gizmos.rect_2d(centre, Vec2::splat(layout.square * OUTLINE_SIDE), palette::KEYBOARD_FOCUS.color());
}
