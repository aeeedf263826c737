//! The panels' widgets as the theme draws them: egui's dark style, with a
//! button that cannot be pressed faded further than egui's default (fresh
//! eyes, round 18: a disabled Redo read as lit beside the live Flip).

use bevy::prelude::*;
use bevy_egui::EguiContexts;

/// How opaque a disabled widget is drawn (egui's default is 0.5).
const DISABLED_ALPHA: f32 = 0.3;

/// Sets the style once the context exists (and again if anything reset it).
pub(crate) fn style_widgets(mut contexts: EguiContexts) -> Result {
    let ctx = contexts.ctx_mut()?;
    if ctx.global_style().visuals.disabled_alpha != DISABLED_ALPHA {
        ctx.all_styles_mut(|style| style.visuals.disabled_alpha = DISABLED_ALPHA);
    }
    Ok(())
}
