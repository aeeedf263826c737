//! The library: every finished game kept once in one SQLite file in the
//! person's data directory, compact (a few hundred bytes a game), with the
//! filters a paged list needs, import and export as the text people share,
//! and deletion. The file is checked before anything is
//! written to it, versioned and migrated, and written in transactions.
//! Beside the store: game reports ([`review`]), the exercises made from them
//! and judged by the AI wing's one judgement ([`exercises`]) and the
//! person's rating ([`glicko`]). It uses the rules and the AI, and no lab: a
//! store, with the puzzles in a wing of their own.

#![warn(missing_docs)]

mod check;
mod codes;
mod compact;
pub mod entry;
mod error;
pub mod exercises;
pub mod explorer;
pub mod filter;
pub mod glicko;
mod identity;
mod lines;
mod openings;
mod positions;
pub mod reports;
pub mod review;
mod row;
pub mod sample;
pub mod schema;
pub mod store;
pub mod transfer;

pub use entry::{GameId, GameSummary, Kept, LibraryGame};
pub use error::LibraryError;
pub use exercises::{Exercise, ExerciseId};
pub use explorer::{EXPLORER_PLIES, ExplorerMove};
pub use filter::{GameFilter, ResultFilter};
pub use reports::ReviewFailure;
pub use store::{Library, default_path};
pub use transfer::{ImportSummary, Refusal};
