//! Engine programs installed on this machine that the Series tab offers by
//! name: found once on the `PATH` (as a shell would find them) or in the
//! games' folders, never
//! started until a series asks for one.

use std::path::{Path, PathBuf};
use std::sync::OnceLock;

/// Debian's and most distributions' name for Fairy-Stockfish, which plays
/// Breakthrough over UCI (`UCI_Variant breakthrough`).
const FAIRY_STOCKFISH: &str = "fairy-stockfish";

/// Where Debian puts its games (Fairy-Stockfish among them), searched after
/// the `PATH`: a program started from a desktop menu often has a `PATH` without it.
const GAME_FOLDERS: [&str; 2] = ["/usr/games", "/usr/local/games"];

/// Fairy-Stockfish's program, if one is on the `PATH` or in the games' folders.
pub(crate) fn fairy_stockfish() -> Option<&'static Path> {
    static FOUND: OnceLock<Option<PathBuf>> = OnceLock::new();
    FOUND
        .get_or_init(|| {
            let mut folders: Vec<PathBuf> =
                std::env::var_os("PATH").map(|p| std::env::split_paths(&p).collect()).unwrap_or_default();
            folders.extend(GAME_FOLDERS.map(PathBuf::from));
            on_path(FAIRY_STOCKFISH, std::env::join_paths(folders).ok()?)
        })
        .as_deref()
}

/// The first file called `name` in the `PATH`'s folders.
fn on_path(name: &str, path: std::ffi::OsString) -> Option<PathBuf> {
    std::env::split_paths(&path).map(|folder| folder.join(name)).find(|candidate| candidate.is_file())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_program_is_found_in_the_first_folder_of_the_path_that_holds_it() {
        let root = std::env::temp_dir().join(format!("breakline-path-{}", std::process::id()));
        let (empty, holding) = (root.join("empty"), root.join("holding"));
        std::fs::create_dir_all(&empty).unwrap();
        std::fs::create_dir_all(&holding).unwrap();
        std::fs::write(holding.join(FAIRY_STOCKFISH), b"").unwrap();
        let path = std::env::join_paths([&empty, &holding]).unwrap();
        assert_eq!(on_path(FAIRY_STOCKFISH, path.clone()), Some(holding.join(FAIRY_STOCKFISH)));
        assert_eq!(on_path("no-such-program", path), None);
        std::fs::remove_dir_all(&root).unwrap();
    }
}
