//! What a player's enhanced searches keep from one move to the next: the
//! transposition table, so each search starts from what the last one learnt
//! about the positions ahead (the previous reply's subtree above all) instead
//! of from nothing, as engines that play a game keep theirs.

use std::sync::{Arc, Mutex, MutexGuard};

use breakline_rules::{BoardSize, Variant};

use super::super::AiConfig;
use super::table::Table;

/// A player's memory between searches: a handle, cheap to clone into the
/// thread that searches. Searches share its table when they agree on
/// everything the table's values depend on (the variant and size, and the
/// config but for its limits, seed and threads); a search that differs
/// starts it afresh. Noise keyed by another seed differs by less than one
/// evaluation step, so a table written with one seed still serves another.
#[derive(Clone, Default)]
pub struct SearchMemory {
    kept: Arc<Mutex<Option<Kept>>>,
}

struct Kept {
    key: MemoryKey,
    table: Arc<Table>,
}

/// What a table's values depend on.
#[derive(PartialEq)]
struct MemoryKey {
    variant: Variant,
    size: BoardSize,
    config: AiConfig,
}

impl SearchMemory {
    /// A memory that holds nothing yet.
    pub fn new() -> SearchMemory {
        SearchMemory::default()
    }

    /// Forgets everything (a new game, say).
    pub fn clear(&self) {
        if let Ok(mut kept) = self.kept.lock() {
            *kept = None;
        }
    }

    /// Makes the table a search of `config` on `variant` at `size` will
    /// use, so that the first search does not pay for it: a game pays once,
    /// before its first move (a 64 MiB table's pages cost about 40 ms to
    /// touch on a 2-core development machine).
    pub fn prepare(&self, variant: Variant, size: BoardSize, config: &AiConfig) {
        drop(self.table(variant, size, config));
    }

    /// The table for a search of `config` on `variant` at `size`, marked for
    /// a new search: the kept one if it fits, else a fresh one now kept.
    /// None while another search holds the memory (it then searches with a
    /// table of its own).
    pub(super) fn table(&self, variant: Variant, size: BoardSize, config: &AiConfig) -> Option<Lease<'_>> {
        let mut kept = self.kept.try_lock().ok()?;
        let key = MemoryKey { variant, size, config: config.table_key() };
        if kept.as_ref().is_none_or(|k| k.key != key) {
            *kept = Some(Kept { key, table: Arc::new(Table::full(config.tt_mib())) });
        }
        let table = Arc::clone(&kept.as_ref()?.table);
        table.next_search();
        Some(Lease { _held: kept, table })
    }
}

/// A kept table lent to one search, the memory held until it ends.
pub(super) struct Lease<'a> {
    _held: MutexGuard<'a, Option<Kept>>,
    pub(super) table: Arc<Table>,
}
