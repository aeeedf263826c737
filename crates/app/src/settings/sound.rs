//! The Sound section: volume and mute (kept in the settings file). Its own
//! function so a Settings screen can host it as it is.

use bevy::prelude::*;
use bevy_egui::egui;

use crate::sound::settings::{SoundSettings, Volume};

/// Edits a copy and writes it back only when it differs, so change
/// detection means a real change. `trouble`: why the last sound was not heard.
pub(crate) fn section(ui: &mut egui::Ui, sound: &mut ResMut<SoundSettings>, trouble: Option<&str>) {
    let mut edited = **sound;
    ui.collapsing("Sound", |ui| {
        ui.horizontal(|ui| {
            ui.checkbox(&mut edited.muted, "Mute");
            let mut percent = edited.volume.percent();
            let slider = egui::Slider::new(&mut percent, 0..=Volume::MAX).suffix("%").text("Volume");
            if ui.add_enabled(!edited.muted, slider).changed() {
                edited.set_percent(percent);
            }
        });
        // At the page's reading size, as the other sections' notes (fresh
        // eyes, round 22: this one alone was small).
        let what = "Moves, captures, the end of a game, a clock under ten seconds, puzzles and lessons.";
        ui.label(egui::RichText::new(what).weak());
        if let Some(why) = trouble {
            let said = format!("No sound is heard: {why}.");
            ui.label(egui::RichText::new(said).color(crate::theme::palette::ERROR.color32()));
        }
    });
    sound.set_if_neq(edited);
}
