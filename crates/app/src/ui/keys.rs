//! The keyboard's shortcuts in one list, for the Keys window (F1 or ?) and
//! Settings' Keys section: a person finds them without reading the guide
//! (fresh eyes, round 25: "?" and F1 did nothing, and no screen listed them).

use bevy::prelude::*;
use bevy_egui::egui::{self, RichText};

/// Each shortcut and what it does, in the order a player meets them.
pub(crate) const SHORTCUTS: &[(&str, &str)] = &[
    ("F1 or ?", "This list of keys"),
    ("Esc", "Back to Home (first it closes a question, the board's keys or a piece held)"),
    ("N", "New game (on Play, Analyse and Watch & Lab)"),
    ("Ctrl+Z", "Take back a move"),
    ("Ctrl+Y, Ctrl+Shift+Z", "Redo a move taken back"),
    ("Left, Right", "Step back and forward through the game or the side line shown"),
    ("G", "Back to the game from an earlier move"),
    ("F", "Flip the board"),
    ("H", "Hint"),
    ("A", "Analysis on or off"),
    ("S", "Solve: prove who wins from here"),
    ("Space", "Pause or resume the AI"),
    ("K", "Play with the keyboard: arrows move, Enter or Space picks up and puts down, Esc stops"),
    ("M", "Type a move (e.g. b2-b3)"),
    ("D", "Describe the position in words"),
    ("[ and ]", "Fold the settings panel and the game panel"),
    ("Ctrl+S, Ctrl+O", "Save the game, open a saved one"),
    ("Ctrl+C, Ctrl+V", "Copy the game as text, paste one"),
    ("Ctrl+Q", "Quit (the game in progress is kept)"),
];

/// Whether the Keys window is open.
#[derive(Resource, Default, Clone, Copy, Debug, PartialEq, Eq)]
pub struct KeysHelp(pub bool);

/// The shortcuts as a two-column grid.
pub(crate) fn shortcut_grid(ui: &mut egui::Ui, id: &str) {
    egui::Grid::new(id).num_columns(2).spacing([16.0, 4.0]).striped(true).show(ui, |ui| {
        for (keys, what) in SHORTCUTS {
            ui.label(RichText::new(*keys).strong());
            ui.add(egui::Label::new(*what).wrap());
            ui.end_row();
        }
    });
}
