//! The Flow board on screen: a dark grid, coloured source dots, thick pipes
//! between cell centres and cells tinted by their path's colour, fitted into
//! the room between the panels; the mouse and keys become [`FlowRequest`]s.
//! Flow's sprites live on a render layer of their own, and the camera looks
//! at that layer only while the mode shows, so the board game's pieces,
//! labels and arrows stay hidden (and untouched) meanwhile.

use bevy::asset::RenderAssetUsages;
use bevy::camera::visibility::RenderLayers;
use bevy::prelude::*;
use bevy::render::render_resource::{Extent3d, TextureDimension, TextureFormat};
use bevy::window::{PrimaryWindow, RequestRedraw};
use bevy_egui::input::egui_wants_any_keyboard_input;

use crate::board::layout::BoardViewport;
use crate::board::layout::PanelWidths;
use crate::board::picture::BoardCamera;
use crate::engine::flow::library::SHIPPED;
use crate::flow::game::{FlowGame, FlowRequest, FlowSystems};
use crate::flow::picture::{Picture, palette};
use crate::flow::solver::FlowSolve;
use crate::game::screen::Mode;
use crate::theme::palette;

/// The render layer of Flow's sprites.
pub(crate) const FLOW_LAYER: usize = 1;
/// Sizes in cells.
const PIPE: f32 = 0.34;
const DOT: f32 = 0.7;
const HEAD: f32 = 0.95;
const GRID_GAP: f32 = 0.04;
const TINT_ALPHA: f32 = 0.28;

/// Where the cells are: their size, and the centre of the top-left one.
#[derive(Resource, Clone, Copy, PartialEq, Debug, Default)]
struct FlowLayout {
    width: usize,
    height: usize,
    cell: f32,
    top_left: Vec2,
}

impl FlowLayout {
    fn fit(width: usize, height: usize, viewport: &BoardViewport) -> FlowLayout {
        let room = (viewport.size - Vec2::splat(40.0)).max(Vec2::ONE);
        let cell = (room.x / width as f32).min(room.y / height as f32).floor().max(8.0);
        let top_left = viewport.center + Vec2::new(-(width as f32 - 1.0), height as f32 - 1.0) * cell / 2.0;
        FlowLayout { width, height, cell, top_left }
    }

    fn center(&self, cell: usize) -> Vec2 {
        self.top_left + Vec2::new((cell % self.width) as f32, -((cell / self.width) as f32)) * self.cell
    }

    fn cell_at(&self, point: Vec2) -> Option<usize> {
        let rel = (point - self.top_left) / self.cell + Vec2::new(0.5, -0.5);
        let (column, row) = (rel.x.floor(), (-rel.y).floor());
        let inside = column >= 0.0 && row >= 0.0 && column < self.width as f32 && row < self.height as f32;
        inside.then(|| row as usize * self.width + column as usize)
    }
}

/// What one sprite of the board shows.
#[derive(Component, Clone, Copy, PartialEq, Debug)]
enum Part {
    Frame,
    Cell(usize),
    Tint(usize),
    Right(usize),
    Down(usize),
    Joint(usize),
    Dot(usize),
    Head,
}

/// A white disc for dots and joints, made once.
#[derive(Resource)]
struct Disc(Handle<Image>);

pub(crate) fn plugin(app: &mut App) {
    app.init_resource::<FlowLayout>()
        .add_systems(Startup, make_disc)
        .add_systems(OnEnter(Mode::Flow), look_at_flow)
        .add_systems(OnExit(Mode::Flow), look_at_board)
        .add_systems(
            Update,
            (
                (read_pointer, read_keys.run_if(not(egui_wants_any_keyboard_input))).in_set(FlowSystems::Input),
                (build, place, paint).chain().in_set(FlowSystems::Show),
            ),
        )
        .add_systems(Last, redraw_while_solving.run_if(in_state(Mode::Flow)));
}

fn make_disc(mut images: ResMut<Assets<Image>>, mut commands: Commands) {
    const SIZE: u32 = 128;
    let mut data = Vec::with_capacity((SIZE * SIZE * 4) as usize);
    let r = SIZE as f32 / 2.0;
    for y in 0..SIZE {
        for x in 0..SIZE {
            let d = Vec2::new(x as f32 + 0.5 - r, y as f32 + 0.5 - r).length();
            let alpha = (r - d).clamp(0.0, 1.0);
            data.extend_from_slice(&[255, 255, 255, (alpha * 255.0) as u8]);
        }
    }
    let size = Extent3d { width: SIZE, height: SIZE, depth_or_array_layers: 1 };
    let image =
        Image::new(size, TextureDimension::D2, data, TextureFormat::Rgba8UnormSrgb, RenderAssetUsages::RENDER_WORLD);
    commands.insert_resource(Disc(images.add(image)));
}

fn look_at_flow(mut commands: Commands, cameras: Query<Entity, With<BoardCamera>>) {
    for camera in &cameras {
        commands.entity(camera).insert(RenderLayers::layer(FLOW_LAYER));
    }
}

fn look_at_board(mut commands: Commands, cameras: Query<Entity, With<BoardCamera>>) {
    for camera in &cameras {
        commands.entity(camera).insert(RenderLayers::layer(0));
    }
}

/// The cell under the cursor, unless a panel is there.
fn cell_under_cursor(
    window: &Window,
    camera: (&Camera, &GlobalTransform),
    layout: &FlowLayout,
    panels: &PanelWidths,
) -> Option<usize> {
    let cursor = window.cursor_position()?;
    if cursor.x <= panels.left || cursor.x >= window.width() - panels.right || panels.pointer_over_window {
        return None;
    }
    let world = camera.0.viewport_to_world_2d(camera.1, cursor).ok()?;
    layout.cell_at(world)
}

fn read_pointer(
    buttons: Res<ButtonInput<MouseButton>>,
    window: Single<&Window, With<PrimaryWindow>>,
    camera: Single<(&Camera, &GlobalTransform), With<BoardCamera>>,
    (layout, panels): (Res<FlowLayout>, Res<PanelWidths>),
    mut last: Local<Option<usize>>,
    mut requests: MessageWriter<FlowRequest>,
) {
    let cell = cell_under_cursor(&window, *camera, &layout, &panels);
    if buttons.just_pressed(MouseButton::Left) {
        if let Some(cell) = cell {
            requests.write(FlowRequest::Press(cell));
        }
        *last = cell;
    } else if buttons.pressed(MouseButton::Left)
        && let Some(cell) = cell.filter(|&c| Some(c) != *last)
    {
        requests.write(FlowRequest::DragTo(cell));
        *last = Some(cell);
    }
    if buttons.just_released(MouseButton::Left) {
        requests.write(FlowRequest::Release);
        *last = None;
    }
}

/// R reset, S solve, Escape cancel, Left/Right the previous/next puzzle.
fn read_keys(keys: Res<ButtonInput<KeyCode>>, game: Res<FlowGame>, mut requests: MessageWriter<FlowRequest>) {
    let count = SHIPPED.len();
    for (key, request) in [
        (KeyCode::KeyR, FlowRequest::Reset),
        (KeyCode::KeyS, FlowRequest::Solve),
        (KeyCode::Escape, FlowRequest::Cancel),
        (KeyCode::ArrowLeft, FlowRequest::Pick((game.index + count - 1) % count)),
        (KeyCode::ArrowRight, FlowRequest::Pick((game.index + 1) % count)),
    ] {
        if keys.just_pressed(key) {
            requests.write(request);
        }
    }
}

/// The puzzle's sprites, made again when another puzzle opens.
fn build(
    mut commands: Commands,
    game: Res<FlowGame>,
    disc: Res<Disc>,
    parts: Query<Entity, With<Part>>,
    mut built: Local<Option<usize>>,
) {
    let fresh = parts.is_empty();
    if !fresh && *built == Some(game.index) {
        return;
    }
    for entity in &parts {
        commands.entity(entity).despawn();
    }
    *built = Some(game.index);
    let puzzle = game.puzzle();
    let square = |part: Part, z: f32| {
        (
            part,
            Sprite::from_color(Color::NONE, Vec2::ONE),
            Transform::from_xyz(0.0, 0.0, z),
            RenderLayers::layer(FLOW_LAYER),
            DespawnOnExit(Mode::Flow),
        )
    };
    let round = |part: Part, z: f32| {
        let mut sprite = Sprite::from_image(disc.0.clone());
        sprite.custom_size = Some(Vec2::ONE);
        sprite.color = Color::NONE;
        (part, sprite, Transform::from_xyz(0.0, 0.0, z), RenderLayers::layer(FLOW_LAYER), DespawnOnExit(Mode::Flow))
    };
    commands.spawn(square(Part::Frame, 0.0));
    for cell in 0..puzzle.cell_count() {
        commands.spawn(square(Part::Cell(cell), 0.1));
        commands.spawn(square(Part::Tint(cell), 0.2));
        commands.spawn(square(Part::Right(cell), 0.4));
        commands.spawn(square(Part::Down(cell), 0.4));
        commands.spawn(round(Part::Joint(cell), 0.5));
        if puzzle.source(cell).is_some() {
            commands.spawn(round(Part::Dot(cell), 0.6));
        }
    }
    commands.spawn(round(Part::Head, 0.3));
}

/// Sizes and places the sprites for the window and the puzzle.
fn place(
    game: Res<FlowGame>,
    viewport: Res<BoardViewport>,
    mut layout: ResMut<FlowLayout>,
    mut parts: Query<(Ref<Part>, &mut Transform)>,
) {
    let puzzle = game.puzzle();
    layout.set_if_neq(FlowLayout::fit(puzzle.width(), puzzle.height(), &viewport));
    let l = *layout;
    for (part, mut transform) in &mut parts {
        if !layout.is_changed() && !part.is_added() {
            continue;
        }
        let (at, size) = match *part {
            Part::Frame => {
                let middle = (l.top_left + l.center(l.width * l.height - 1)) / 2.0;
                (middle, Vec2::new(l.width as f32, l.height as f32) * l.cell + Vec2::splat(l.cell * 0.12))
            }
            Part::Cell(c) | Part::Tint(c) => (l.center(c), Vec2::splat(l.cell * (1.0 - GRID_GAP))),
            Part::Right(c) => (l.center(c) + Vec2::new(l.cell / 2.0, 0.0), Vec2::new(l.cell, l.cell * PIPE)),
            Part::Down(c) => (l.center(c) - Vec2::new(0.0, l.cell / 2.0), Vec2::new(l.cell * PIPE, l.cell)),
            Part::Joint(c) => (l.center(c), Vec2::splat(l.cell * PIPE)),
            Part::Dot(c) => (l.center(c), Vec2::splat(l.cell * DOT)),
            // Follows the path's head when painted.
            Part::Head => (transform.translation.truncate(), Vec2::splat(l.cell * HEAD)),
        };
        transform.translation = at.extend(transform.translation.z);
        transform.scale = size.extend(1.0);
    }
}

/// Colours the sprites after the picture of the board.
fn paint(
    game: Res<FlowGame>,
    layout: Res<FlowLayout>,
    mut parts: Query<(Ref<Part>, &mut Sprite, &mut Transform)>,
    mut colours: Local<Vec<Color>>,
) {
    let added = parts.iter().any(|(part, _, _)| part.is_added());
    if !game.is_changed() && !added {
        return;
    }
    let picture = Picture::of(&game);
    let puzzle = game.puzzle();
    *colours = palette(puzzle);
    let colour = |c: Option<u8>| c.map_or(Color::NONE, |c| colours[c as usize]);
    for (part, mut sprite, mut transform) in &mut parts {
        let painted = match *part {
            Part::Frame => palette::GRID_LINE.color(),
            Part::Cell(_) => palette::EMPTY_CELL.color(),
            Part::Tint(c) => {
                colour(picture.tint[c]).with_alpha(if picture.tint[c].is_some() { TINT_ALPHA } else { 0.0 })
            }
            Part::Right(c) => colour(picture.right[c]),
            Part::Down(c) => colour(picture.down[c]),
            Part::Joint(c) => colour(picture.joint[c]),
            Part::Dot(c) => colour(puzzle.source(c)),
            Part::Head => match picture.head {
                Some((cell, c)) => {
                    transform.translation = layout.center(cell).extend(transform.translation.z);
                    colour(Some(c)).with_alpha(0.35)
                }
                None => Color::NONE,
            },
        };
        if sprite.color != painted {
            sprite.color = painted;
        }
    }
}

/// The window rests unless a solve is playing on the board.
fn redraw_while_solving(solving: Query<(), With<FlowSolve>>, mut redraw: MessageWriter<RequestRedraw>) {
    if !solving.is_empty() {
        redraw.write(RequestRedraw);
    }
}
