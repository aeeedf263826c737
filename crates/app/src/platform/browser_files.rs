//! Files in the browser: the page has no file system, so the game's own
//! small files (the settings, saves under the data folder) are kept in the
//! browser's `localStorage`, one entry a path, and survive a reload and a
//! closed tab. A browser that refuses storage (private mode, full) says so
//! as the file's error, and the game goes on.

use std::io::{Error, ErrorKind};
use std::path::Path;

use web_sys::Storage;

/// Every entry's key starts so, apart from other pages' on the same host.
const PREFIX: &str = "breakline:";

fn storage() -> Result<Storage, Error> {
    let refused = || Error::new(ErrorKind::PermissionDenied, "the browser keeps no storage for this page");
    web_sys::window().and_then(|window| window.local_storage().ok().flatten()).ok_or_else(refused)
}

fn key(path: &Path) -> String {
    format!("{PREFIX}{}", path.display())
}

/// The text kept under `path`; `NotFound` when there is none.
pub(crate) fn read(path: &Path) -> Result<String, Error> {
    let text = storage()?.get_item(&key(path)).map_err(|_| Error::other("the browser refused to read its storage"))?;
    text.ok_or_else(|| Error::new(ErrorKind::NotFound, "not kept in this browser"))
}

/// Keeps `text` under `path`.
pub(crate) fn write(path: &Path, text: &str) -> Result<(), Error> {
    let full = || Error::new(ErrorKind::StorageFull, "the browser's storage for this page is full or refused");
    storage()?.set_item(&key(path), text).map_err(|_| full())
}
