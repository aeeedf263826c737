//! The Settings screen, one function per section: the looks (board,
//! pieces, interface size), what the panels show, the pace of play and sound. A
//! new section is one more function and one more line in [`draw`].

use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
use bevy::window::PrimaryWindow;
use bevy_egui::{EguiContexts, egui};
use egui::{RichText, Ui};

use crate::game::screen::Screen;
use crate::game::settings::PlaySettings;
use crate::platform::window_fit::interface_zoom;
use crate::sound::settings::SoundSettings;
use crate::theme::looks::{BoardTheme, InterfaceZoom, Looks, PieceSet};
use crate::theme::palette;
use crate::ui::backdrop::PanelBackdrop;
use crate::ui::page::{menu_page, section_heading};
use crate::ui::views::PanelLayout;

/// The interface sizes offered (a slider would move under the pointer as it scales).
const SCALE_STEPS: [f32; 6] = [0.75, 1.0, 1.25, 1.5, 1.75, 2.0];

/// What the page edits.
#[derive(SystemParam)]
pub(crate) struct SettingsPage<'w> {
    looks: ResMut<'w, Looks>,
    layout: ResMut<'w, PanelLayout>,
    play: ResMut<'w, PlaySettings>,
    sound: ResMut<'w, SoundSettings>,
    player: Option<Res<'w, crate::sound::SoundPlayer>>,
    next: ResMut<'w, NextState<Screen>>,
}

pub(crate) fn draw(mut contexts: EguiContexts, mut page: SettingsPage, mut backdrop: ResMut<PanelBackdrop>) -> Result {
    let ctx = contexts.ctx_mut()?;
    let (mut looks, mut layout, mut play) = (*page.looks, *page.layout, page.play.clone());
    let home = menu_page(ctx, &mut backdrop, Screen::Settings.title(), |ui| {
        looks_section(ui, &mut looks);
        panels_section(ui, &mut layout);
        pace_section(ui, &mut play);
        let trouble = page.player.as_ref().and_then(|player| player.trouble());
        crate::settings::sound::section(ui, &mut page.sound, trouble.as_deref());
        ui.collapsing("Keys", |ui| {
            ui.label(RichText::new("F1 or ? shows this list on any screen.").weak());
            crate::ui::keys::shortcut_grid(ui, "settings_keys");
        });
    });
    page.looks.set_if_neq(looks);
    page.layout.set_if_neq(layout);
    page.play.set_if_neq(play);
    if home {
        page.next.set(Screen::Home);
    }
    Ok(())
}

/// The board theme, the piece set and the interface's size.
fn looks_section(ui: &mut Ui, looks: &mut Looks) {
    section_heading(ui, "Board");
    ui.horizontal_wrapped(|ui| {
        for theme in BoardTheme::ALL {
            ui.selectable_value(&mut looks.board, theme, theme.title());
        }
    });
    section_heading(ui, "Pieces");
    ui.horizontal_wrapped(|ui| {
        for set in PieceSet::ALL {
            ui.selectable_value(&mut looks.pieces, set, set.title());
        }
    });
    section_heading(ui, "Interface size");
    // A list that closes on the choice: a row of sizes moved under the
    // mouse as the one clicked rescaled it (fresh eyes, round 15).
    let percent = |scale: f32| format!("{:.0}%", scale * 100.0);
    egui::ComboBox::from_id_salt("interface_size").selected_text(percent(looks.scale)).show_ui(ui, |ui| {
        for scale in SCALE_STEPS {
            ui.selectable_value(&mut looks.scale, scale, percent(scale));
        }
    });
    ui.label(RichText::new("Larger sizes suit high-density screens.").weak());
    // A size the window is too narrow for is capped (see window_fit): said
    // here, or 150% and 200% looked the same for no reason (fresh eyes).
    let shown = ui.ctx().zoom_factor();
    if shown + 0.01 < looks.scale {
        let note =
            format!("This window shows the interface at {:.0}% at most: a wider window shows more.", shown * 100.0);
        ui.label(RichText::new(note).color(palette::NOTE.color32()));
    }
}

/// What the game screens' panels show besides the game.
fn panels_section(ui: &mut Ui, layout: &mut PanelLayout) {
    section_heading(ui, "Panels");
    ui.checkbox(&mut layout.engine_numbers, "Show the engine's numbers (nodes, nodes/s, table hits) in every mode")
        .on_hover_text("Watch & Lab always shows them");
    ui.checkbox(&mut layout.diagnostics, "Show frame times (diagnostics)");
}

/// The pace of play: the AI's pause, the slides, the question before a game is replaced.
fn pace_section(ui: &mut Ui, play: &mut PlaySettings) {
    section_heading(ui, "Pace");
    ui.add(egui::Slider::new(&mut play.ai_delay_secs, 0.0..=3.0).text("s between AI moves (AI against AI)"));
    ui.checkbox(&mut play.animate, "Animate moves");
    ui.add_enabled(play.animate, egui::Slider::new(&mut play.move_secs, 0.05..=1.5).text("s a slide"));
    ui.checkbox(&mut play.confirm_replace, "Ask before a game in progress is replaced");
}

/// The interface's size follows the choice, grown with a window larger than
/// the one the game is laid out for (egui's zoom; bevy_egui reads it back),
/// so the panels and their text grow with the window.
pub(crate) fn apply_scale(
    mut contexts: EguiContexts,
    (looks, mut in_force): (Res<Looks>, ResMut<InterfaceZoom>),
    window: Single<&Window, With<PrimaryWindow>>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let zoom = interface_zoom(Vec2::new(window.width(), window.height()), looks.scale);
    if ctx.zoom_factor() != zoom {
        ctx.set_zoom_factor(zoom);
    }
    in_force.set_if_neq(InterfaceZoom(zoom));
    Ok(())
}
