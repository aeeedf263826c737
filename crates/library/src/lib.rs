//! The library: every finished game kept in one SQLite file in the person's
//! data directory, with the filters a list needs, import and export as the
//! text people share, and deletion. The file is checked before anything is
//! written to it, versioned and migrated, and written in transactions.
//! Beside the store: game reports ([`review`]), the puzzles the solver proves
//! ([`puzzles`]) and the person's rating ([`glicko`]). It uses the rules, the
//! AI and the lab's runner (puzzles come from self-play games).

#![warn(missing_docs)]

mod check;
pub mod entry;
pub mod error;
pub mod exercises;
pub mod explorer;
pub mod filter;
pub mod glicko;
mod lines;
mod positions;
pub mod puzzles;
pub mod reports;
pub mod review;
pub mod sample;
pub mod schema;
pub mod store;
pub mod transfer;

pub use entry::{GameId, GameSummary, LibraryGame};
pub use error::LibraryError;
pub use exercises::{Exercise, ExerciseId};
pub use explorer::ExplorerMove;
pub use filter::{GameFilter, ResultFilter};
pub use reports::ReviewFailure;
pub use store::{Library, default_path};
pub use transfer::{ImportSummary, Refusal};
