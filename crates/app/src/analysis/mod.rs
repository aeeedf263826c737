//! Analyse: the panel sections for studying a game: the analysis's toggle
//! and best lines ([`best_lines`]) and the thinking overlay's switch, the
//! evaluation graph and the analysis layers ([`insight`]). The search itself
//! runs off the frame loop (`tasks::analysis`).

pub(crate) mod best_lines;
pub(crate) mod insight;
