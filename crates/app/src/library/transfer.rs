//! Import and export on the Library screen: a file of many games in the
//! text people share is read and stored on a thread of its own (each bad
//! game refused by its number and reason, the good ones kept), and the
//! chosen games are written to one such file.

use std::path::PathBuf;

use bevy::prelude::*;

use crate::engine::library::{GameId, ImportSummary, Refusal};
use crate::files::game_file::{FileAction, FileRequest, game_as_text, load_game};
use crate::game::notice::Notice;
use crate::game::wake::Waker;
use crate::library::browse::{LibraryView, plural};
use crate::library::shelf::{GameLibrary, ShelfError};
use crate::platform::file_error::{Problem, read_text, write_text};
use crate::tasks::job::BackgroundJob;

/// What an import or export did, in words for the notice, with an import's refusals.
type Done = Result<(String, Vec<Refusal>), ShelfError>;

/// The import or export running, and the last import's refusals.
#[derive(Resource, Default)]
pub struct LibraryTransfer {
    job: Option<BackgroundJob<Done>>,
    /// The games the last import refused, each with its number, line and reason.
    pub refused: Vec<Refusal>,
}

impl LibraryTransfer {
    /// Whether an import or export is running.
    pub fn busy(&self) -> bool {
        self.job.is_some()
    }
}

pub(crate) fn plugin(app: &mut App) {
    app.init_resource::<LibraryTransfer>().add_systems(Update, (start_transfers, finish_transfer));
}

fn start_transfers(
    mut files: MessageReader<FileRequest>,
    (library, view): (Res<GameLibrary>, Res<LibraryView>),
    mut transfer: ResMut<LibraryTransfer>,
    mut notice: ResMut<Notice>,
    waker: Res<Waker>,
) {
    for request in files.read() {
        let path = request.path.clone();
        let work: Box<dyn FnOnce(&GameLibrary) -> Done + Send> = match request.action {
            FileAction::ImportLibrary => Box::new(move |library| import(library, path)),
            FileAction::ExportLibrary => {
                let ids = view.chosen();
                if ids.is_empty() {
                    notice.info("Tick the games to export first");
                    continue;
                }
                Box::new(move |library| export(library, &ids, path))
            }
            _ => continue,
        };
        if transfer.busy() {
            notice.info("An import or export is running; try again when it ends");
            continue;
        }
        let library = library.clone();
        transfer.job = Some(BackgroundJob::spawn("library transfer", waker.clone(), move |_| work(&library)));
    }
}

fn finish_transfer(mut transfer: ResMut<LibraryTransfer>, mut view: ResMut<LibraryView>, mut notice: ResMut<Notice>) {
    let Some(done) = transfer.job.as_mut().and_then(BackgroundJob::poll) else { return };
    transfer.job = None;
    match done {
        Ok(Ok((words, refused))) => {
            if refused.is_empty() {
                notice.info(words)
            } else {
                notice.error(words)
            }
            transfer.refused = refused;
        }
        Ok(Err(why)) => notice.error(why.to_string()),
        Err(error) => notice.error(error.to_string()),
    }
    view.invalidate();
}

/// Stores every good game of the file at `path`.
fn import(library: &GameLibrary, path: PathBuf) -> Done {
    let text = read_text(&path)?;
    // A game saved as JSON (Save's own file) is read as the one game it is
    // (fresh eyes, round 27: the import read it as text, "malformed move '{'").
    let text = if text.trim_start().starts_with('{') { saved_game_text(&path)? } else { text };
    let summary: ImportSummary =
        library.with(|library| library.import_text(&text, &mut |_| {})).ok_or(ShelfError::Closed)??;
    let (kept, already, refused) = (summary.stored.len(), summary.already.len(), summary.refused.len());
    let mut words = format!("Imported {kept} game{} from {}", plural(kept), path.display());
    // A file imported twice is found, not stored twice: "Imported 0" says why.
    if already > 0 {
        words += &format!(" ({already} already in the library)");
    }
    if refused > 0 {
        words += &format!("; {refused} refused (listed below)");
    }
    Ok((words, summary.refused))
}

/// The game saved as JSON at `path`, as the text an import reads.
fn saved_game_text(path: &std::path::Path) -> Result<String, ShelfError> {
    let (_, record) = load_game(path)?;
    Ok(game_as_text(&record).map_err(|source| Problem::from(source).at(path))?)
}

/// Writes the games `ids` to a new file at `path`, never over one.
fn export(library: &GameLibrary, ids: &[GameId], path: PathBuf) -> Done {
    if path.exists() {
        return Err(ShelfError::FileExists(path));
    }
    let text = library.with(|library| library.export_text(ids)).ok_or(ShelfError::Closed)??;
    write_text(&path, &text)?;
    Ok((format!("Exported {} game{} to {}", ids.len(), plural(ids.len()), path.display()), Vec::new()))
}
