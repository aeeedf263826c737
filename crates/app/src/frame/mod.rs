//! The window's frame around the features: the two side panels around the
//! board ([`panel`]) with what each game screen's panels hold
//! ([`screen_panels`]) and the parts they read ([`panel_state`]), which
//! screen draws which feature's page, the keyboard shortcuts, their list
//! ([`keys_help`]) and the frame time. Edits go through copies that are written back only when they
//! differ, so change detection means a real change.

mod frame_time;
mod keys_help;
mod panel;
mod panel_state;
mod screen_panels;
mod shortcuts;

use bevy::prelude::*;
use bevy_egui::EguiPrimaryContextPass;

use crate::board::layout::PanelWidths;
use crate::game::phase::GameSystems;
use crate::game::screen::Mode;
use crate::game::screen::Screen;
use crate::ui::views::PanelLayout;
use crate::{flow, home, learn, library, play, settings};

pub(crate) fn plugin(app: &mut App) {
    app.add_plugins((panels_plugin, frame_time::plugin, shortcuts::plugin))
        .add_systems(Update, (panel::keep_pointer_for_board, panel::fit_viewport.before(GameSystems::Board)));
}

/// What each screen draws in egui's pass, and nothing that needs the
/// window system (the layout tests run it headless).
pub(crate) fn panels_plugin(app: &mut App) {
    app.add_plugins(keys_help::plugin)
        .init_resource::<PanelWidths>()
        .init_resource::<PanelLayout>()
        .init_resource::<frame_time::FrameTimes>()
        .init_resource::<crate::ui::backdrop::PanelBackdrop>()
        // Written by the panels, read by the view's systems.
        .add_message::<crate::files::clipboard::ClipboardAction>()
        .add_plugins(play::move_box::plugin)
        // The window's plugin adds it; the headless layout tests have none.
        .add_message::<bevy::window::RequestRedraw>()
        .add_systems(Last, play::confirm::more_frames_after_a_question)
        .add_systems(
            EguiPrimaryContextPass,
            no_text_under_ctrl
                .before(panel::draw_panel)
                .before(flow::panels::draw)
                .before(home::menu::draw)
                .before(play::setup_page::draw)
                .before(settings::page::draw)
                .before(library::page::draw),
        )
        .add_systems(
            EguiPrimaryContextPass,
            (
                panel::draw_panel.run_if(in_state(Mode::Board)),
                flow::panels::draw.run_if(in_state(Mode::Flow)),
                home::menu::draw.run_if(in_state(Screen::Home)),
                play::setup_page::draw.run_if(in_state(Screen::PlaySetup)),
                settings::page::draw.run_if(in_state(Screen::Settings)),
                library::page::draw.run_if(in_state(Screen::Library)),
                settings::page::apply_scale,
                crate::theme::widgets::style_widgets,
                // The card goes on top of either mode's panels.
                learn::card::draw.after(panel::draw_panel).after(flow::panels::draw),
                // Over every page and panel.
                keys_help::draw
                    .after(panel::draw_panel)
                    .after(flow::panels::draw)
                    .after(home::menu::draw)
                    .after(play::setup_page::draw)
                    .after(settings::page::draw)
                    .after(library::page::draw)
                    .after(learn::card::draw),
            ),
        );
}

/// A letter typed with Ctrl held is a shortcut, never text: Ctrl+A in the
/// move box typed an "a" besides moving the cursor, and Ctrl+Z a "z" (fresh
/// eyes, round 14; some keyboards' text events carry the letter).
fn no_text_under_ctrl(mut contexts: bevy_egui::EguiContexts) -> Result {
    use bevy_egui::egui::Event;
    let ctx = contexts.ctx_mut()?;
    ctx.input_mut(|input| {
        let held = input.modifiers.ctrl || input.modifiers.command;
        // A quick Ctrl+A can be pressed and let go within one frame, its
        // Ctrl gone by the frame's end: each key event says whether Ctrl was
        // down as it came (fresh eyes, round 16: "a" typed into the Series'
        // Games box).
        let with_ctrl: Vec<String> = (input.events.iter())
            .filter_map(|event| match event {
                Event::Key { key, pressed: true, modifiers, .. } if modifiers.ctrl || modifiers.command => {
                    Some(key.name().to_lowercase())
                }
                _ => None,
            })
            .collect();
        input.events.retain(|event| match event {
            Event::Text(text) => !held && !with_ctrl.contains(&text.to_lowercase()),
            _ => true,
        });
    });
    Ok(())
}
