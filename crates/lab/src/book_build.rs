//! Building opening books: the engine's own deep searches of every position
//! a few plies from the start, written in the book's text form.

use std::collections::HashSet;

use breakline_ai::search::{self, AiConfig, SearchError};
use breakline_rules::position::Position;

/// Builds a book's text: every position fewer than `plies` plies from
/// `start` (each once), searched with `config`; `on_line` sees each line.
pub fn build(
    start: &Position,
    plies: u32,
    config: &AiConfig,
    mut on_line: impl FnMut(&str),
) -> Result<String, SearchError> {
    let mut text = String::new();
    let mut seen = HashSet::new();
    let mut frontier = vec![start.clone()];
    for _ in 0..plies {
        let mut next = Vec::new();
        for pos in frontier {
            if pos.outcome().is_over() || !seen.insert(pos.hash()) {
                continue;
            }
            let result = search::search(&pos, config, &mut ())?;
            let line = format!("{} {}", pos.fen(), pos.move_name(result.best_move));
            on_line(&line);
            text.push_str(&line);
            text.push('\n');
            for m in pos.legal_moves() {
                let mut child = pos.clone();
                if child.play(m).is_ok() {
                    next.push(child);
                }
            }
        }
        frontier = next;
    }
    Ok(text)
}
