//! The board drawn once and shown as a picture. The board's camera draws
//! into an image of the window's size, and only on frames where something
//! it sees changed; the window's camera copies that image onto its frame
//! (`picture_copy`) and draws the panels on top. A resting window whose clock shows new digits every second
//! then draws one picture instead of every square and stone: on a software
//! renderer the board's sprites were half the cost of such a frame.
//!
//! The decision is taken after transforms and visibility settle and before
//! Bevy works out what each camera sees (a camera switched on later in the
//! frame would see nothing). What changes later in a frame, the gizmo lines
//! (arrows, outlines) and render pipelines still compiling, asks for one
//! more frame and is drawn on it.

use std::hash::{Hash, Hasher};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

use bevy::asset::{AssetEventSystems, RenderAssetUsages};
use bevy::camera::visibility::{RenderLayers, VisibilitySystems};
use bevy::camera::{CameraMainTextureUsages, ImageRenderTarget, RenderTarget};
use bevy::gizmos::{GizmoAsset, GizmoHandles, GizmoMeshSystems};
use bevy::prelude::*;
use bevy::render::render_resource::{PipelineCache, TextureFormat, TextureUsages};
use bevy::render::{Render, RenderApp, RenderSystems};
use bevy::window::{PrimaryWindow, RequestRedraw};
use bevy_egui::{EguiPostUpdateSet, PrimaryEguiContext};

use crate::board::picture_copy::PictureCopy;

/// The camera that looks at the board (and at Flow Free's grid): every
/// point on the board is in its world, the pointer is mapped through it.
#[derive(Component)]
pub(crate) struct BoardCamera;

/// The camera that draws the window: the board's picture, then the panels.
#[derive(Component)]
struct WindowCamera;

/// A render layer nothing is on: the window's camera draws no sprite.
const PICTURE_LAYER: usize = 31;

/// The image the board's camera draws into, and the window size it was
/// made for (physical pixels, scale factor).
#[derive(Resource, Default)]
struct BoardPicture {
    image: Handle<Image>,
    size: UVec2,
    scale: f32,
}

/// Where the window shows the board: `region` in logical pixels from the
/// window's top left (the room between the side panels; empty where a page
/// covers the window), and `fill`, the colour of the rest, under the panels.
/// Written by the panels each frame they are laid out.
#[derive(Resource, Clone, Copy, PartialEq, Debug)]
pub(crate) struct PictureCrop {
    pub(crate) region: Rect,
    pub(crate) fill: Color,
}

impl Default for PictureCrop {
    fn default() -> Self {
        PictureCrop { region: Rect::new(0.0, 0.0, f32::MAX, f32::MAX), fill: Color::NONE }
    }
}

/// Where the picture is fitted to the window and cropped to the room
/// between the panels: after the panels are laid out, before transforms
/// settle, so the picture matches the panels of this very frame.
#[derive(SystemSet, Debug, Clone, PartialEq, Eq, Hash)]
pub(crate) struct PicturePlacement;

/// How many coming frames the board's camera must draw.
#[derive(Resource, Default)]
struct BoardRedraw {
    frames: u8,
}

impl BoardRedraw {
    fn at_least(&mut self, frames: u8) {
        self.frames = self.frames.max(frames);
    }

    /// This frame's decision: whether the board's camera draws (only while
    /// the picture is shown; what is owed waits until it is), and whether
    /// another frame must follow at once.
    fn next_frame(&mut self, changed: bool, shown: bool) -> (bool, bool) {
        if changed {
            self.at_least(1);
        }
        let draw = self.frames > 0 && shown;
        if draw {
            self.frames -= 1;
        }
        (draw, draw && self.frames > 0)
    }
}

/// Set by the render world while render pipelines are still compiling
/// (they compile in the background; until then what uses them is skipped).
#[derive(Resource, Clone, Default)]
struct PipelinesCompiling(Arc<AtomicBool>);

pub(crate) fn plugin(app: &mut App) {
    let compiling = PipelinesCompiling::default();
    app.init_resource::<BoardPicture>()
        .init_resource::<PictureCrop>()
        .init_resource::<BoardRedraw>()
        .insert_resource(compiling.clone())
        .add_systems(Startup, spawn_cameras)
        .configure_sets(
            PostUpdate,
            PicturePlacement.after(EguiPostUpdateSet::EndPass).before(TransformSystems::Propagate),
        )
        .add_systems(PostUpdate, (fit_picture_to_window, show_crop).chain().in_set(PicturePlacement))
        .add_systems(
            PostUpdate,
            decide_board_draw
                .after(TransformSystems::Propagate)
                .after(VisibilitySystems::VisibilityPropagate)
                .after(VisibilitySystems::CalculateBounds)
                .after(AssetEventSystems)
                .before(VisibilitySystems::CheckVisibility),
        )
        .add_systems(Last, redraw_for_lines_and_pipelines.after(GizmoMeshSystems));
    if let Some(render_app) = app.get_sub_app_mut(RenderApp) {
        render_app.insert_resource(compiling).add_systems(Render, report_compiling.in_set(RenderSystems::Cleanup));
    }
}

fn spawn_cameras(mut commands: Commands) {
    // Sprites carry their own anti-aliased edges; multisampling only costs
    // frame time, a lot of it on software renderers.
    commands.spawn((Name::new("Board camera"), BoardCamera, Camera2d, Camera { order: -1, ..default() }, Msaa::Off));
    commands.spawn((
        Name::new("Window camera"),
        WindowCamera,
        Camera2d,
        Msaa::Off,
        RenderLayers::layer(PICTURE_LAYER),
        // The picture is copied onto its frame.
        CameraMainTextureUsages::default().with(TextureUsages::COPY_DST),
        PictureCopy { image: Handle::default(), region: URect::EMPTY },
        PrimaryEguiContext,
    ));
}

/// A new image whenever the window's size or scale changes: the board's
/// camera draws at the window's resolution, so the pointer maps through it
/// exactly as through the window.
fn fit_picture_to_window(
    window: Single<&Window, With<PrimaryWindow>>,
    mut picture: ResMut<BoardPicture>,
    mut images: ResMut<Assets<Image>>,
    mut commands: Commands,
    board_camera: Single<Entity, With<BoardCamera>>,
    mut redraw: ResMut<BoardRedraw>,
) {
    let size = window.physical_size();
    let scale = window.scale_factor();
    if size.x == 0 || size.y == 0 || (picture.size == size && picture.scale == scale) {
        return;
    }
    let mut image = Image::new_target_texture(size.x, size.y, TextureFormat::Rgba8UnormSrgb, None);
    // Only the GPU needs the pixels, and it copies them to the window.
    image.asset_usage = RenderAssetUsages::RENDER_WORLD;
    image.texture_descriptor.usage |= TextureUsages::COPY_SRC;
    let handle = images.add(image);
    commands
        .entity(*board_camera)
        .insert(RenderTarget::Image(ImageRenderTarget { handle: handle.clone(), scale_factor: scale }));
    *picture = BoardPicture { image: handle, size, scale };
    // This frame's camera still knows the old target's size: draw the next too.
    redraw.at_least(2);
}

/// The picture copied onto the crop's region only; the rest of the window
/// is the window camera's clear colour, the panels' fill, which costs
/// nothing per pixel.
fn show_crop(
    crop: Res<PictureCrop>,
    window: Single<&Window, With<PrimaryWindow>>,
    picture: Res<BoardPicture>,
    mut window_camera: Single<(&mut Camera, &mut PictureCopy), With<WindowCamera>>,
) {
    if !crop.is_changed() && !picture.is_changed() {
        return;
    }
    let (camera, copy) = &mut *window_camera;
    let fill = ClearColorConfig::Custom(crop.fill);
    if !matches!((&camera.clear_color, &fill), (ClearColorConfig::Custom(a), ClearColorConfig::Custom(b)) if a == b) {
        camera.clear_color = fill;
    }
    let region = pixel_region(crop.region, window.scale_factor(), picture.size);
    if copy.region != region || copy.image != picture.image {
        copy.region = region;
        copy.image = picture.image.clone();
    }
}

/// A region in logical pixels as whole physical pixels inside an image of
/// `size`; [`URect::EMPTY`] where nothing of it is left.
fn pixel_region(region: Rect, scale: f32, size: UVec2) -> URect {
    let to_pixels = |point: Vec2| (point * scale).round().max(Vec2::ZERO).as_uvec2().min(size);
    let pixels = URect::from_corners(to_pixels(region.min), to_pixels(region.max));
    if pixels.is_empty() { URect::EMPTY } else { pixels }
}

/// Anything the board's camera draws, changed since the last frame.
type SeenChange = Or<(
    Changed<Transform>,
    Changed<Visibility>,
    Changed<ChildOf>,
    Changed<RenderLayers>,
    Changed<Sprite>,
    Changed<Text2d>,
    Changed<TextColor>,
    Changed<bevy::text::TextLayoutInfo>,
    Changed<Mesh2d>,
    Changed<MeshMaterial2d<ColorMaterial>>,
)>;

/// What went away since the last frame: despawned entities lose their
/// transform, and a sprite, text or mesh may be taken off one that stays.
#[derive(bevy::ecs::system::SystemParam)]
struct SeenRemovals<'w, 's> {
    transforms: RemovedComponents<'w, 's, Transform>,
    sprites: RemovedComponents<'w, 's, Sprite>,
    texts: RemovedComponents<'w, 's, Text2d>,
    meshes: RemovedComponents<'w, 's, Mesh2d>,
    layers: RemovedComponents<'w, 's, RenderLayers>,
}

impl SeenRemovals<'_, '_> {
    fn any(&mut self) -> bool {
        // Read every list: an unread one would report the same removal again.
        [
            self.transforms.read().count(),
            self.sprites.read().count(),
            self.texts.read().count(),
            self.meshes.read().count(),
            self.layers.read().count(),
        ]
        .iter()
        .any(|&count| count > 0)
    }
}

/// Assets the board's sprites and meshes are made of, changed since the
/// last frame: a texture that finished loading, a material.
#[derive(bevy::ecs::system::SystemParam)]
struct SeenAssets<'w, 's> {
    images: MessageReader<'w, 's, AssetEvent<Image>>,
    materials: MessageReader<'w, 's, AssetEvent<ColorMaterial>>,
    meshes: MessageReader<'w, 's, AssetEvent<Mesh>>,
}

impl SeenAssets<'_, '_> {
    fn any(&mut self) -> bool {
        let counts = [self.images.read().count(), self.materials.read().count(), self.meshes.read().count()];
        counts.iter().any(|&count| count > 0)
    }
}

/// The board's camera draws only on frames where something it sees changed;
/// on the others the window shows the picture it drew last. While a page
/// covers the window it does not draw at all, and draws once the picture
/// shows again if something changed meanwhile.
#[allow(clippy::too_many_arguments)]
fn decide_board_draw(
    changed: Query<(), SeenChange>,
    mut removals: SeenRemovals,
    mut assets: SeenAssets,
    clear_colour: Res<ClearColor>,
    shown: Single<Ref<PictureCopy>, With<WindowCamera>>,
    mut redraw: ResMut<BoardRedraw>,
    mut camera: Single<&mut Camera, With<BoardCamera>>,
    mut more: MessageWriter<RequestRedraw>,
) {
    // Every reader is read each frame, whatever the others say.
    let removed = removals.any();
    let assets_changed = assets.any();
    let seen = removed || assets_changed || !changed.is_empty() || clear_colour.is_changed() || shown.is_changed();
    let (draw, again) = redraw.next_frame(seen, !shown.region.is_empty());
    if again {
        more.write(RequestRedraw);
    }
    if camera.is_active != draw {
        camera.is_active = draw;
    }
}

/// Frames that follow a change in the lines: the render world says a
/// pipeline compiles only a frame or two after the lines that need it were
/// drawn, and a resting window would not run the frame that hears it (the
/// first hint arrow of a run, whose pipeline was new, never showed).
const FRAMES_AFTER_LINES: u8 = 4;

/// Gizmo lines are drawn every frame by whoever shows them and reach the
/// renderer at the end of it: a change in them, or pipelines that were
/// compiling (or just finished), makes the next frame draw the board.
fn redraw_for_lines_and_pipelines(
    handles: Res<GizmoHandles>,
    gizmos: Res<Assets<GizmoAsset>>,
    compiling: Res<PipelinesCompiling>,
    mut redraw: ResMut<BoardRedraw>,
    (mut last_lines, mut was_compiling, mut listening): (Local<u64>, Local<bool>, Local<u8>),
    mut more: MessageWriter<RequestRedraw>,
) {
    let lines = lines_fingerprint(&handles, &gizmos);
    let lines_changed = std::mem::replace(&mut *last_lines, lines) != lines;
    let now_compiling = compiling.0.load(Ordering::Relaxed);
    let compiled = std::mem::replace(&mut *was_compiling, now_compiling);
    if lines_changed || now_compiling || compiled {
        redraw.at_least(1);
        more.write(RequestRedraw);
    }
    if lines_changed {
        *listening = FRAMES_AFTER_LINES;
    } else if *listening > 0 {
        // Frames only, to hear the render world; the board draws if it says so.
        *listening -= 1;
        more.write(RequestRedraw);
    }
}

/// A hash of every gizmo line drawn this frame.
fn lines_fingerprint(handles: &GizmoHandles, gizmos: &Assets<GizmoAsset>) -> u64 {
    let mut hasher = std::collections::hash_map::DefaultHasher::new();
    for handle in handles.handles().values().flatten() {
        let Some(asset) = gizmos.get(handle) else {
            continue;
        };
        let buffer = asset.buffer();
        for points in [&buffer.list_positions, &buffer.strip_positions] {
            points.len().hash(&mut hasher);
            points.iter().flat_map(|p| p.to_array()).for_each(|x| x.to_bits().hash(&mut hasher));
        }
        for colours in [&buffer.list_colors, &buffer.strip_colors] {
            colours.iter().flat_map(|c| c.to_f32_array()).for_each(|x| x.to_bits().hash(&mut hasher));
        }
    }
    hasher.finish()
}

/// In the render world: whether any pipeline is still compiling.
fn report_compiling(cache: Res<PipelineCache>, compiling: Res<PipelinesCompiling>) {
    compiling.0.store(cache.waiting_pipelines().next().is_some(), Ordering::Relaxed);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_board_draws_on_a_change_and_not_while_resting() {
        let mut redraw = BoardRedraw::default();
        assert_eq!(redraw.next_frame(true, true), (true, false));
        // A clock's frame with nothing changed copies the last picture.
        assert_eq!(redraw.next_frame(false, true), (false, false));
        // A new image is drawn on two frames, the second asked for at once.
        redraw.at_least(2);
        assert_eq!(redraw.next_frame(false, true), (true, true));
        assert_eq!(redraw.next_frame(false, true), (true, false));
        assert_eq!(redraw.next_frame(false, true), (false, false));
    }

    #[test]
    fn a_change_under_a_page_is_drawn_when_the_board_shows_again() {
        let mut redraw = BoardRedraw::default();
        assert_eq!(redraw.next_frame(true, false), (false, false));
        assert_eq!(redraw.next_frame(false, false), (false, false));
        assert_eq!(redraw.next_frame(false, true), (true, false));
        assert_eq!(redraw.next_frame(false, true), (false, false));
    }

    #[test]
    fn regions_become_whole_pixels_inside_the_image() {
        let size = UVec2::new(1280, 800);
        let room = Rect::new(320.0, 0.0, 985.0, 800.0);
        assert_eq!(pixel_region(room, 1.0, size), URect::new(320, 0, 985, 800));
        // A scale of 1.5 rounds to the nearest pixel and stops at the image's edge.
        assert_eq!(pixel_region(room, 1.5, size), URect::new(480, 0, 1280, 800));
        assert_eq!(pixel_region(Rect::new(-5.0, -5.0, 10.4, 10.6), 1.0, size), URect::new(0, 0, 10, 11));
        assert_eq!(pixel_region(Rect::new(400.0, 0.0, 400.0, 800.0), 1.0, size), URect::EMPTY);
    }
}
