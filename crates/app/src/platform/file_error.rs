//! Why a file (a saved game, a game as text, the settings) could not be read
//! or written: one type, each error saying it in one line with the file's
//! path, and the reading and writing every file of the game goes through
//! (in the browser, its storage: [`crate::platform::browser_files`]).

use std::path::{Path, PathBuf};

use thiserror::Error;

use crate::engine::rules::SizeError;
use crate::engine::rules::record::RecordError;
use crate::engine::rules::record::game_text::GameTextError;
use crate::engine::rules::record::movetext::MoveTextError;

#[derive(Debug, Error)]
pub enum FileError {
    #[error("cannot read {}: {}", path.display(), plain(source))]
    Read { path: PathBuf, source: std::io::Error },
    #[error("cannot write {}: {}", path.display(), plain(source))]
    Write { path: PathBuf, source: std::io::Error },
    #[error("cannot create {}: {}", dir.display(), plain(source))]
    CreateDir { dir: PathBuf, source: std::io::Error },
    #[error("cannot encode {what}: {source}")]
    Encode { what: &'static str, source: serde_json::Error },
    /// The file was read, and what it holds is not what it should be.
    #[error("{}: {problem}", path.display())]
    Content { path: PathBuf, problem: Problem },
    /// A game saved (as JSON) to a `.txt` name, which reads as the game's
    /// text (fresh eyes, round 20: the file then opened as no text).
    #[error("{}: Save writes the whole game as JSON; name it .json, or use Export text for a .txt file", path.display())]
    SaveAsText { path: PathBuf },
    /// The game's text exported to a `.json` name, which reads as a saved
    /// game (fresh eyes, round 23: the typed path's .json name took it).
    #[error("{}: Export text writes the game as text; name it .txt, or use Save for a .json file", path.display())]
    ExportAsJson { path: PathBuf },
}

/// The system's reason in a person's words, without its "(os error 2)"
/// (fresh eyes, round 20: a raw error read as a crash report).
fn plain(error: &std::io::Error) -> String {
    match error.kind() {
        std::io::ErrorKind::NotFound => "there is no such file".to_string(),
        std::io::ErrorKind::PermissionDenied => "permission denied".to_string(),
        _ => {
            let text = error.to_string();
            match text.find(" (os error") {
                Some(at) => text[..at].to_string(),
                None => text,
            }
        }
    }
}

/// What is wrong with a file's (or a pasted text's) content.
#[derive(Debug, Error)]
pub enum Problem {
    #[error(transparent)]
    Text(#[from] GameTextError),
    #[error(transparent)]
    Record(#[from] RecordError),
    #[error(transparent)]
    Moves(#[from] MoveTextError),
    #[error("not a settings file: {0}")]
    Settings(serde_json::Error),
    #[error(transparent)]
    Size(#[from] SizeError),
    #[error("animation times must be seconds")]
    Times,
}

impl Problem {
    /// The problem, in the file at `path`.
    pub(crate) fn at(self, path: &Path) -> FileError {
        FileError::Content { path: path.to_path_buf(), problem: self }
    }
}

/// The file's text.
pub(crate) fn read_text(path: &Path) -> Result<String, FileError> {
    #[cfg(not(target_arch = "wasm32"))]
    let text = std::fs::read_to_string(path);
    #[cfg(target_arch = "wasm32")]
    let text = crate::platform::browser_files::read(path);
    text.map_err(|source| FileError::Read { path: path.to_path_buf(), source })
}

/// The file's text, or `None` where there is no such file yet.
pub(crate) fn read_text_if_any(path: &Path) -> Result<Option<String>, FileError> {
    match read_text(path) {
        Ok(text) => Ok(Some(text)),
        Err(FileError::Read { source, .. }) if source.kind() == std::io::ErrorKind::NotFound => Ok(None),
        Err(error) => Err(error),
    }
}

/// Writes `text` to the file, making its folder first.
#[cfg(not(target_arch = "wasm32"))]
pub(crate) fn write_text(path: &Path, text: &str) -> Result<(), FileError> {
    if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
        std::fs::create_dir_all(dir).map_err(|source| FileError::CreateDir { dir: dir.to_path_buf(), source })?;
    }
    std::fs::write(path, text).map_err(|source| FileError::Write { path: path.to_path_buf(), source })
}

/// Keeps `text` under the file's path in the browser's storage.
#[cfg(target_arch = "wasm32")]
pub(crate) fn write_text(path: &Path, text: &str) -> Result<(), FileError> {
    crate::platform::browser_files::write(path, text)
        .map_err(|source| FileError::Write { path: path.to_path_buf(), source })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Fresh eyes, round 20: "No such file or directory (os error 2)".
    #[test]
    fn a_missing_file_is_said_in_words() {
        let path = std::env::temp_dir().join(format!("breakline-no-such-file-{}.txt", std::process::id()));
        let source = std::fs::read_to_string(&path).expect_err("no such file");
        let said = FileError::Read { path: path.clone(), source }.to_string();
        assert_eq!(said, format!("cannot read {}: there is no such file", path.display()));
        let other = std::io::Error::from_raw_os_error(28);
        assert!(!plain(&other).contains("os error"), "{}", plain(&other));
    }
}
