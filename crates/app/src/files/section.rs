//! The Files section of the panel: save and open games through the desktop's
//! file dialog or a typed path, copy and paste them as text, and the line
//! that says how the last one went.

use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
use bevy_egui::egui::{self, RichText, Ui};

use crate::files::clipboard::ClipboardAction;
use crate::files::dialog::{ChooseFile, FileChooser, TypedPath};
use crate::files::game_file::{FileAction, FileRequest, default_path};
use crate::game::notice::Notice;
use crate::theme::palette;

/// What the Files section reads and sends: the dialog or the typed path,
/// and the file and clipboard requests.
#[derive(SystemParam)]
pub(crate) struct FilesState<'w> {
    path: ResMut<'w, TypedPath>,
    chooser: ResMut<'w, FileChooser>,
    choose: MessageWriter<'w, ChooseFile>,
    files: MessageWriter<'w, FileRequest>,
    clipboard: MessageWriter<'w, ClipboardAction>,
}

impl FilesState<'_> {
    /// Opens the Files section at the next pass.
    pub(crate) fn reveal(&mut self) {
        self.chooser.reveal();
    }
}

/// Save and open games through the desktop's file dialog, or by a typed
/// path where there is none; one line says how it went (and a toast over the
/// board, see `toast.rs`).
pub(crate) fn files_section(ui: &mut Ui, state: &mut FilesState, notice: &Notice) {
    let header = egui::CollapsingHeader::new("Files").default_open(false);
    // A dialog that never answered opens the typed path at once.
    let header = if state.chooser.take_reveal() { header.open(Some(true)) } else { header };
    header.show(ui, |ui| {
        let dialog = state.chooser.uses_dialog();
        let waiting = state.chooser.is_open();
        let dots = if dialog { "…" } else { "" };
        let actions = [
            (FileAction::Save, "Save", "The whole game as JSON (Ctrl+S)"),
            (FileAction::Load, "Open", "A game saved as JSON (Ctrl+O)"),
            (
                FileAction::ExportMoves,
                "Export text",
                "The game as text to share: tags (players, date, result) and numbered moves",
            ),
            (
                FileAction::ImportMoves,
                "Import text",
                "A game as text (tags and moves), or a bare move list for the board set up now",
            ),
        ];
        // Without a dialog, Open and Import read the typed path: offered only
        // when a file is there (fresh eyes, round 12: Open offered the made-up
        // name meant for a new save, and failed).
        let typed_file = std::path::PathBuf::from(state.path.0.trim()).is_file();
        ui.horizontal_wrapped(|ui| {
            for (action, label, hover) in actions {
                let enabled = !waiting && (dialog || typed_file || !reads(action));
                if file_button(ui, enabled, egui::Button::new(format!("{label}{dots}")), hover).clicked() {
                    state.choose.write(ChooseFile(action));
                }
            }
        });
        clipboard_row(ui, state);
        if waiting {
            ui.label(RichText::new("Waiting for the file dialog…").weak());
        }
        let typed = |ui: &mut Ui, path: &mut TypedPath| {
            ui.add(egui::TextEdit::singleline(&mut path.0).desired_width(f32::INFINITY).hint_text("file path"));
            // Wrapped: a narrow panel put the second button past its edge (fresh eyes, round 12).
            // Each names what it is for (fresh eyes, round 20: Save wrote
            // JSON into the ".txt" name, which read as a text save).
            ui.horizontal_wrapped(|ui| {
                let json = ui.small_button("New name to Save (.json)");
                if json.on_hover_text("A new file name in the games folder, for Save").clicked() {
                    path.0 = default_path("json").display().to_string();
                }
                let txt = ui.small_button("New name to Export text (.txt)");
                if txt.on_hover_text("A new file name in the games folder, for Export text").clicked() {
                    path.0 = default_path("txt").display().to_string();
                }
            });
        };
        if dialog {
            egui::CollapsingHeader::new("Use a typed path").default_open(false).show(ui, |ui| {
                ui.label(
                    RichText::new("The buttons above open the desktop's dialog; this names a file exactly.").weak(),
                );
                typed(ui, &mut state.path);
                let path = std::path::PathBuf::from(state.path.0.trim());
                ui.horizontal_wrapped(|ui| {
                    for (action, label, hover) in actions {
                        let enabled = path.is_file() || !reads(action);
                        if file_button(ui, enabled, egui::Button::new(label).small(), hover).clicked() {
                            state.files.write(FileRequest { action, path: path.clone() });
                        }
                    }
                });
            });
        } else {
            ui.label(RichText::new("No file dialog here: the buttons use this path.").weak());
            typed(ui, &mut state.path);
            // Said where it is seen, not only on a greyed button's hover
            // (fresh eyes, round 18: "Open is greyed out with no reason").
            if !typed_file {
                ui.label(RichText::new("Open and Import wait for the path of a file that is there.").weak());
            }
        }
    });
    notice_line(ui, notice);
}

/// Copy and Paste: the game as text, through the clipboard.
fn clipboard_row(ui: &mut Ui, state: &mut FilesState) {
    ui.horizontal(|ui| {
        let copy = ui.button("Copy game").on_hover_text("The game as text, to paste anywhere (Ctrl+C)");
        if copy.clicked() {
            state.clipboard.write(ClipboardAction::CopyGame);
        }
        let paste = ui.button("Paste game").on_hover_text("Open the game text on the clipboard (Ctrl+V)");
        if paste.clicked() {
            state.clipboard.write(ClipboardAction::PasteGame);
        }
    });
}

/// Why Open or Import is greyed: the typed path names no file.
const NO_FILE: &str = "No file at the typed path below: type the path of a saved game";

/// A file action's button, greyed with the reason while it has no file to read.
fn file_button(ui: &mut Ui, enabled: bool, button: egui::Button, hover: &str) -> egui::Response {
    ui.add_enabled(enabled, button).on_hover_text(hover).on_disabled_hover_text(NO_FILE)
}

/// Whether an action reads the file at its path (rather than writing one).
fn reads(action: FileAction) -> bool {
    matches!(action, FileAction::Load | FileAction::ImportMoves)
}

fn notice_line(ui: &mut Ui, notice: &Notice) {
    if let Some(text) = &notice.text {
        let color = if notice.error { palette::ERROR } else { palette::SUCCESS }.color32();
        ui.add(egui::Label::new(RichText::new(text).color(color)).wrap());
    }
}
