//! In the render world: the board's picture copied onto the window
//! camera's frame, texel for texel, between its clear and egui's panels. A
//! copy moves memory; drawing the picture as a textured mesh ran a shader
//! over every pixel, which on a software renderer cost as much as the board
//! it stood for.

use bevy::core_pipeline::core_2d::main_transparent_pass_2d;
use bevy::core_pipeline::{Core2d, Core2dSystems};
use bevy::prelude::*;
use bevy::render::RenderApp;
use bevy::render::extract_component::{ExtractComponent, ExtractComponentPlugin};
use bevy::render::render_asset::RenderAssets;
use bevy::render::render_resource::{Extent3d, Origin3d, TexelCopyTextureInfo, TextureAspect};
use bevy::render::renderer::{RenderContext, ViewQuery};
use bevy::render::texture::GpuImage;
use bevy::render::view::ViewTarget;

/// On the window's camera: which image to copy and onto which rectangle
/// (physical pixels; the same rectangle of the image, which is the window's
/// size). An empty rectangle copies nothing.
#[derive(Component, Clone, ExtractComponent)]
pub(crate) struct PictureCopy {
    pub(crate) image: Handle<Image>,
    pub(crate) region: URect,
}

pub(crate) fn plugin(app: &mut App) {
    app.add_plugins(ExtractComponentPlugin::<PictureCopy>::default());
    if let Some(render_app) = app.get_sub_app_mut(RenderApp) {
        render_app.add_systems(Core2d, copy_picture.in_set(Core2dSystems::MainPass).after(main_transparent_pass_2d));
    }
}

fn copy_picture(
    view: ViewQuery<(&ViewTarget, &PictureCopy)>,
    images: Res<RenderAssets<GpuImage>>,
    mut ctx: RenderContext,
) {
    let (target, copy) = view.into_inner();
    let Some(picture) = images.get(&copy.image) else {
        return;
    };
    let frame = target.main_texture();
    // For a frame after a resize the image and the frame may differ in size.
    let limit = UVec2::new(picture.texture.width().min(frame.width()), picture.texture.height().min(frame.height()));
    let min = copy.region.min.min(limit);
    let max = copy.region.max.min(limit);
    if max.x <= min.x || max.y <= min.y {
        return;
    }
    let origin = Origin3d { x: min.x, y: min.y, z: 0 };
    let at = |texture| TexelCopyTextureInfo { texture, mip_level: 0, origin, aspect: TextureAspect::All };
    let size = Extent3d { width: max.x - min.x, height: max.y - min.y, depth_or_array_layers: 1 };
    ctx.command_encoder().copy_texture_to_texture(at(&picture.texture), at(frame), size);
}
