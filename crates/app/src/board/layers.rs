//! Analysis layers over the board, each off until its checkbox is ticked:
//! Lines of Action groups (one tint per group under its pieces) and centres
//! of mass (a marker at the fractional square), Breakthrough attacked squares
//! (one tint per side, blended where both attack). The data follows the
//! position on the board (the reviewed one while reviewing); tints are
//! rebuilt only when it or the layout changes.

use bevy::prelude::*;

use crate::board::layout::BoardLayout;
use crate::engine::rules::analysis::{attacked_squares, centre_of_mass, groups};
use crate::engine::{Position, Side, Variant};
use crate::game::phase::GameSystems;
use crate::game::ratings::RatedNow;
use crate::game::session::GameSession;
use crate::theme::palette;

#[derive(Resource, Default, Clone, Copy, Debug, PartialEq)]
pub struct LayerSettings {
    /// Lines of Action: each side's connected groups.
    pub groups: bool,
    /// Lines of Action: each side's centre of mass.
    pub centres: bool,
    /// Breakthrough: the squares each side attacks.
    pub attacks: bool,
}

/// What the ticked layers show for the current position, indexed by
/// [`Side::index`]; a layer that is off or not for this variant stays empty.
#[derive(Resource, Default, Clone, Debug, PartialEq)]
pub struct LayerData {
    pub groups: [Vec<Vec<u8>>; 2],
    /// (file, rank), fractional.
    pub centres: [Option<(f32, f32)>; 2],
    pub attacked: [Vec<u8>; 2],
}

#[derive(Component)]
struct LayerTint;

/// Attack tints sit just above the squares' own tints (0.1); group tints go
/// above the root-score tints (1), all below the pieces (2).
const ATTACK_Z: f32 = 0.5;
const GROUP_Z: f32 = 1.5;
/// A square both sides attack shows both tints, side by side.
const WHITE_ATTACK: Color = palette::WHITE_ATTACK.alpha(0.5).color();
const BLACK_ATTACK: Color = palette::BLACK_ATTACK.alpha(0.55).color();
const GROUP_ALPHA: f32 = 0.6;

pub(crate) fn plugin(app: &mut App) {
    app.init_resource::<LayerSettings>()
        .init_resource::<LayerData>()
        .add_systems(Update, follow_position.after(GameSystems::Apply).before(GameSystems::Board));
}

/// Window-only parts: the tints and the centre markers.
pub(crate) fn view_plugin(app: &mut App) {
    app.add_systems(Update, (retint, draw_centres).after(GameSystems::Animate));
}

impl LayerData {
    pub(crate) fn compute(position: &Position, settings: &LayerSettings) -> LayerData {
        let loa = position.variant() == Variant::LinesOfAction;
        let mut data = LayerData::default();
        if loa && settings.groups {
            data.groups = [groups(position, Side::White), groups(position, Side::Black)];
        }
        if loa && settings.centres {
            data.centres = [centre_of_mass(position, Side::White), centre_of_mass(position, Side::Black)];
        }
        if position.variant() == Variant::Breakthrough && settings.attacks {
            data.attacked = [attacked_squares(position, Side::White), attacked_squares(position, Side::Black)];
        }
        data
    }
}

/// A rated game in progress shows no layer: they are analysis, which its
/// rules leave out (the ticks stay for the next game that allows them).
fn follow_position(
    (session, rated): (Res<GameSession>, Res<RatedNow>),
    settings: Res<LayerSettings>,
    mut data: ResMut<LayerData>,
) {
    if !session.is_changed() && !settings.is_changed() && !rated.is_changed() {
        return;
    }
    let settings = if rated.0 { LayerSettings::default() } else { *settings };
    let computed = match session.review_ply() {
        Some(_) => LayerData::compute(&session.shown_position(), &settings),
        None => LayerData::compute(session.position(), &settings),
    };
    data.set_if_neq(computed);
}

fn retint(
    mut commands: Commands,
    data: Res<LayerData>,
    layout: Res<BoardLayout>,
    tints: Query<Entity, With<LayerTint>>,
) {
    if !data.is_changed() && !layout.is_changed() {
        return;
    }
    for entity in &tints {
        commands.entity(entity).despawn();
    }
    // `part`: which part of the square the tint covers: all of it, or its left or right half.
    let mut tint_part = |square: u8, color: Color, z: f32, part: f32| {
        let (width, shift) = if part == 0.0 { (1.0, 0.0) } else { (0.5, part * 0.25) };
        let at = layout.square_center(square) + Vec2::X * shift * layout.square;
        commands.spawn((
            Name::new("Layer tint"),
            LayerTint,
            Sprite::from_color(color, Vec2::new(width, 1.0)),
            Transform::from_translation(at.extend(z)).with_scale(layout.scale()),
        ));
    };
    let mut tint = |square: u8, color: Color, z: f32| tint_part(square, color, z, 0.0);
    for (side, palette) in [(Side::White, &palette::WHITE_GROUPS), (Side::Black, &palette::BLACK_GROUPS)] {
        for (index, group) in data.groups[side.index()].iter().enumerate() {
            for &square in group {
                tint(square, palette[index % palette.len()].alpha(GROUP_ALPHA).color(), GROUP_Z);
            }
        }
    }
    let [white, black] = &data.attacked;
    for &square in white.iter().filter(|square| !black.contains(square)) {
        tint(square, WHITE_ATTACK, ATTACK_Z);
    }
    for &square in black.iter().filter(|square| !white.contains(square)) {
        tint(square, BLACK_ATTACK, ATTACK_Z);
    }
    for &square in white.iter().filter(|square| black.contains(square)) {
        tint_part(square, WHITE_ATTACK, ATTACK_Z, -1.0);
        tint_part(square, BLACK_ATTACK, ATTACK_Z, 1.0);
    }
}

/// White's centre is a ringed cross, Black's a diamond with a cross (two
/// shapes, not only two colours), each in the side's colour outlined in the
/// other's so it shows on any square.
fn draw_centres(data: Res<LayerData>, layout: Res<BoardLayout>, mut gizmos: Gizmos) {
    for side in Side::BOTH {
        let Some((file, rank)) = data.centres[side.index()] else {
            continue;
        };
        let at = layout.point(file, rank);
        let (fill, edge) = match side {
            Side::White => (palette::PAPER.color(), palette::INK.color()),
            Side::Black => (palette::INK.color(), palette::PAPER.color()),
        };
        let radius = 0.2 * layout.square;
        match side {
            Side::White => {
                gizmos.circle_2d(at, radius + 2.0, edge);
                gizmos.circle_2d(at, radius, fill);
                gizmos.circle_2d(at, radius - 2.0, edge);
            }
            Side::Black => {
                for (r, color) in [(radius + 3.0, edge), (radius + 1.0, fill), (radius - 1.0, edge)] {
                    let corners = [Vec2::X * r, Vec2::Y * r, -Vec2::X * r, -Vec2::Y * r, Vec2::X * r];
                    gizmos.linestrip_2d(corners.map(|c| at + c), color);
                }
            }
        }
        let arm = radius * 0.7;
        gizmos.line_2d(at - Vec2::X * arm, at + Vec2::X * arm, fill);
        gizmos.line_2d(at - Vec2::Y * arm, at + Vec2::Y * arm, fill);
    }
}
