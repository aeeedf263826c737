//! The library file the app keeps games in: where it is, the open library
//! shared between the frame loop and the writing threads (or the one line
//! saying why it was refused), and what the person chose to keep.

use std::path::PathBuf;
use std::sync::{Arc, Mutex};

use bevy::prelude::*;
use serde::{Deserialize, Serialize};

use crate::engine::Variant;
use crate::engine::library::review::ReportError;
use crate::engine::library::{GameId, Library, LibraryError};
use crate::engine::rules::error::FenError;
use crate::engine::rules::record::RecordError;
use crate::game::notice::Notice;
use crate::platform::file_error::FileError;

/// Where the library file is; `None` runs without one (the tests, and
/// scripted screenshots, which never change the person's files).
#[derive(Resource, Default, Clone, Debug)]
pub struct LibraryPath(pub Option<PathBuf>);

/// What the person chose about the library (kept in the settings file).
#[derive(Resource, Default, Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct LibrarySettings {
    /// Series games (Watch & Lab) are kept too, not only the games played or watched on the board.
    #[serde(default)]
    pub keep_series: bool,
    /// Each game kept from the board is reported at once, in the background.
    #[serde(default)]
    pub report_after_game: bool,
}

/// The board shows (or is about to show) a game kept in the library: its
/// id and its moves as written; `finished_now` when it was just played.
#[derive(Message, Clone, Debug, PartialEq)]
pub struct BoardGameInLibrary {
    pub id: GameId,
    pub moves: Vec<String>,
    pub finished_now: bool,
}

/// The open library, or why there is none.
#[derive(Resource, Default, Clone)]
pub struct GameLibrary {
    shared: Option<Arc<Mutex<Library>>>,
    refused: Option<String>,
}

impl GameLibrary {
    /// Opens the library at `path`; a refusal is kept as its one line.
    pub fn open(path: &std::path::Path) -> GameLibrary {
        match Library::open(path) {
            Ok(library) => GameLibrary { shared: Some(Arc::new(Mutex::new(library))), refused: None },
            Err(error) => GameLibrary { shared: None, refused: Some(error.to_string()) },
        }
    }

    /// Whether games are kept this run.
    pub fn is_open(&self) -> bool {
        self.shared.is_some()
    }

    /// Why the library could not be opened, if it could not.
    pub fn refused(&self) -> Option<&str> {
        self.refused.as_deref()
    }

    /// Runs `work` on the library; `None` when there is none. A thread that
    /// panicked while holding it left nothing half-written (every write is a
    /// transaction), so the lock is taken back.
    pub fn with<T>(
        &self,
        work: impl FnOnce(&mut Library) -> Result<T, LibraryError>,
    ) -> Option<Result<T, LibraryError>> {
        let shared = self.shared.as_ref()?;
        let mut library = shared.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
        Some(work(&mut library))
    }

    /// Runs `work` on the library unless a thread holds it (an import can
    /// take seconds): the frame loop never waits. `None` when there is no
    /// library or it is busy (see [`GameLibrary::is_open`]).
    pub fn try_with<T>(
        &self,
        work: impl FnOnce(&mut Library) -> Result<T, LibraryError>,
    ) -> Option<Result<T, LibraryError>> {
        let shared = self.shared.as_ref()?;
        let mut library = match shared.try_lock() {
            Ok(library) => library,
            Err(std::sync::TryLockError::Poisoned(poisoned)) => poisoned.into_inner(),
            Err(std::sync::TryLockError::WouldBlock) => return None,
        };
        Some(work(&mut library))
    }

    /// The library for a thread of its own.
    pub(crate) fn shared(&self) -> Option<Arc<Mutex<Library>>> {
        self.shared.clone()
    }
}

/// What the frame loop says when a thread holds the library.
pub const BUSY: &str = "The library is busy (an import or a query is running)";

/// Why the window's work on the library (a report, an exercise, an import
/// or export) could not be done, in one line.
#[derive(Debug, thiserror::Error)]
pub enum ShelfError {
    /// No library is open this run.
    #[error("the library is not open")]
    Closed,
    /// A thread holds the library now.
    #[error("{}", BUSY)]
    Busy,
    /// The library refused the work.
    #[error(transparent)]
    Library(#[from] LibraryError),
    /// The game could not be reviewed.
    #[error(transparent)]
    Report(#[from] ReportError),
    /// The file could not be read or written.
    #[error(transparent)]
    File(#[from] FileError),
    /// An export would write over a file that is there (fresh eyes, round
    /// 20: the path imported from was the path exported to, and its games
    /// were gone).
    #[error("{} is there already: Export writes a new file (type a name not taken; that file is left as it is)", .0.display())]
    FileExists(std::path::PathBuf),
    /// No unsolved exercise of the variant is left.
    #[error("No {} exercises left", .0.title())]
    NoExercises(Variant),
    /// An exercise's position does not read.
    #[error("exercise of game {game}: {source}")]
    Exercise {
        /// The game it was made from.
        game: GameId,
        /// Why its position does not read.
        source: FenError,
    },
    /// A stored game's record does not replay.
    #[error("game {game}: {source}")]
    Replay {
        /// The game.
        game: GameId,
        /// Why its record does not replay.
        source: RecordError,
    },
}

/// The notice when the library is refused: the game goes on without it.
pub(crate) fn refusal_notice(why: &str) -> String {
    format!("{why}; games are not kept in the library this run")
}

fn open_library(path: Res<LibraryPath>, mut library: ResMut<GameLibrary>, mut notice: ResMut<Notice>) {
    let Some(path) = &path.0 else { return };
    *library = GameLibrary::open(path);
    if let Some(why) = library.refused() {
        warn!("{why}");
        notice.error(refusal_notice(why));
    }
}

pub(crate) fn plugin(app: &mut App) {
    app.init_resource::<LibraryPath>()
        .init_resource::<LibrarySettings>()
        .init_resource::<GameLibrary>()
        .add_message::<BoardGameInLibrary>()
        .add_systems(Startup, open_library);
}
