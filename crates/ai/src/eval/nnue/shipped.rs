//! The nets this build knows: a net file loaded while the program runs
//! ([`load_net_file`], UCI's `EvalFile`) first, then, loaded once, a folder
//! named by `BREAKLINE_NETS` (where a person puts a net they trained, named
//! `<variant>-<columns>x<rows>.nnue`), then the nets shipped in
//! `assets/nets/` and built into the program. A net that fails to load is
//! refused in one line and the board falls back to the expert evaluation.

use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{OnceLock, PoisonError, RwLock};

use thiserror::Error;

use super::file::NetError;
use super::net::Net;
use breakline_rules::{BoardSize, Variant};

/// The variable naming a folder of nets that take precedence over the shipped ones.
pub const NETS_VARIABLE: &str = "BREAKLINE_NETS";

/// The nets built into the program, by variant and size.
const SHIPPED: &[(Variant, u8, u8, &[u8])] = &[
    (Variant::Breakthrough, 8, 8, include_bytes!("../../../../../assets/nets/breakthrough-8x8.nnue")),
    (Variant::LinesOfAction, 8, 8, include_bytes!("../../../../../assets/nets/loa-8x8.nnue")),
];

/// Why a board has no net: the expert evaluation plays instead.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum NnueUnavailable {
    #[error("no nnue net for {variant} {size}: using the expert evaluation")]
    /// No net for the board.
    #[allow(missing_docs)]
    Missing { variant: Variant, size: BoardSize },
    #[error("{0}: using the expert evaluation")]
    /// The board's net failed to load.
    Refused(NetError),
}

/// A net's file name: `breakthrough-8x8.nnue`, `loa-8x8.nnue`.
pub fn file_name(variant: Variant, size: BoardSize) -> String {
    format!("{}-{}x{}.nnue", variant.id(), size.columns, size.rows)
}

type Entry = (Variant, BoardSize, Result<&'static Net, NetError>);

fn known() -> &'static [Entry] {
    static KNOWN: OnceLock<Vec<Entry>> = OnceLock::new();
    KNOWN.get_or_init(load_all)
}

fn load_all() -> Vec<Entry> {
    let mut entries: Vec<Entry> = Vec::new();
    if let Some(dir) = std::env::var_os(NETS_VARIABLE).map(PathBuf::from)
        && let Ok(listing) = std::fs::read_dir(&dir)
    {
        for path in listing.flatten().map(|e| e.path()).filter(|p| p.extension().is_some_and(|x| x == "nnue")) {
            let loaded = Net::load(&path).map(|net| &*Box::leak(Box::new(net)));
            match &loaded {
                Ok(net) => entries.push((net.variant(), net.size(), loaded)),
                Err(e) => eprintln!("breakline: {e}"),
            }
        }
    }
    for &(variant, columns, rows, bytes) in SHIPPED {
        let size = BoardSize::new(columns, rows);
        if !entries.iter().any(|(v, s, _)| (*v, *s) == (variant, size)) {
            let loaded = Net::from_bytes(bytes).map(|net| &*Box::leak(Box::new(net)));
            entries.push((variant, size, loaded));
        }
    }
    entries
}

/// Nets loaded by [`load_net_file`], one a board; `ANY_LOADED` spares the
/// evaluation the lock until there is one.
static LOADED: RwLock<Vec<&'static Net>> = RwLock::new(Vec::new());
static ANY_LOADED: AtomicBool = AtomicBool::new(false);

/// Loads the net file at `path` for the rest of the process, ahead of the
/// `BREAKLINE_NETS` folder and the shipped nets, for the board it was
/// trained on: searches that start afterwards use it. A file that fails to
/// load changes nothing. Every net loaded stays in memory until the program
/// ends (a search holds its net for as long as it runs), so this is for a
/// person's occasional choice, not a loop.
pub fn load_net_file(path: &Path) -> Result<&'static Net, NetError> {
    let net: &'static Net = Box::leak(Box::new(Net::load(path)?));
    let mut loaded = LOADED.write().unwrap_or_else(PoisonError::into_inner);
    loaded.retain(|n| (n.variant(), n.size()) != (net.variant(), net.size()));
    loaded.push(net);
    ANY_LOADED.store(true, Ordering::Release);
    Ok(net)
}

/// The net [`load_net_file`] loaded for `variant` on `size`, if any.
fn loaded_for(variant: Variant, size: BoardSize) -> Option<&'static Net> {
    if !ANY_LOADED.load(Ordering::Acquire) {
        return None;
    }
    let loaded = LOADED.read().unwrap_or_else(PoisonError::into_inner);
    loaded.iter().find(|n| (n.variant(), n.size()) == (variant, size)).copied()
}

/// The net for `variant` on `size`: one loaded by [`load_net_file`], else
/// the one found on first use.
pub fn net_for(variant: Variant, size: BoardSize) -> Result<&'static Net, NnueUnavailable> {
    if let Some(net) = loaded_for(variant, size) {
        return Ok(net);
    }
    match known().iter().find(|(v, s, _)| (*v, *s) == (variant, size)) {
        Some((_, _, Ok(net))) => Ok(net),
        Some((_, _, Err(e))) => Err(NnueUnavailable::Refused(e.clone())),
        None => Err(NnueUnavailable::Missing { variant, size }),
    }
}
