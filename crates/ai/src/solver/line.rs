//! The winning line of a proof, written out from the table (re-proving what
//! the table lost), and an independent check that replays a line by the rules.

use thiserror::Error;

use crate::search::Stopped;
use breakline_rules::error::MoveError;
use breakline_rules::position::Position;
use breakline_rules::{Move, Outcome, Side};

use super::dfpn::{Solver, Value};
use super::knowledge::SolverGame;

/// The longest line written out; proofs in supported games end long before.
const MAX_LINE: usize = 2000;

impl<G: SolverGame> Solver<'_, '_, G> {
    /// From a solved root, the line where the winner takes the shortest win the
    /// proof knows and the loser the longest resistance, to the end of the game.
    pub(crate) fn line(&mut self, bound: Option<u32>) -> Result<Vec<Move>, Stopped> {
        let mut line = Vec::new();
        let result = self.walk(bound, &mut line);
        for &m in line.iter().rev() {
            self.game.undo_unchecked(m);
            self.pop_path();
        }
        result.map(|()| line)
    }

    fn walk(&mut self, bound: Option<u32>, line: &mut Vec<Move>) -> Result<(), Stopped> {
        let mut remaining = bound;
        while line.len() < MAX_LINE {
            let next = match self.decided(remaining) {
                Some(v) if v.len == 0 => return Ok(()),
                Some(v) => self.decided_step(v, remaining)?,
                None => self.searched_step(remaining)?,
            };
            let Some(m) = next else { return Ok(()) };
            self.push_path();
            self.game.play_unchecked(m);
            line.push(m);
            remaining = remaining.map(|r| r.saturating_sub(1));
        }
        Ok(())
    }

    /// A node the game's structure decided: the winner plays the move that
    /// keeps it decided, the loser the reply that lasts longest.
    fn decided_step(&mut self, v: Value, remaining: Option<u32>) -> Result<Option<Move>, Stopped> {
        if v.phi == 0 {
            return Ok(self.decided_move());
        }
        let below = remaining.map(|r| r.saturating_sub(1));
        let replies: Vec<(Move, u32)> = (self.game.legal_moves().iter())
            .map(|&m| {
                self.game.play_unchecked(m);
                let len = self.decided(below).map_or(0, |v| v.len);
                self.game.undo_unchecked(m);
                (m, len)
            })
            .collect();
        self.longest_reply(&replies, remaining)
    }

    /// The loser's reply that resists longest, among replies each lost for
    /// it. Under a bound that is the exact distance (the distance's line: each
    /// node on it is won in exactly the plies left, so some reply lasts all
    /// but one of them), the first reply the winner cannot win two plies
    /// sooner; else the longest the proof knows, which may fall short of the
    /// longest possible.
    fn longest_reply(&mut self, replies: &[(Move, u32)], remaining: Option<u32>) -> Result<Option<Move>, Stopped> {
        if let Some(sooner) = remaining.and_then(|r| r.checked_sub(3)) {
            for &(m, _) in replies {
                if self.solve_child(m, Some(sooner))?.delta == 0 {
                    return Ok(Some(m));
                }
            }
        }
        Ok(replies.iter().max_by_key(|(_, len)| *len).map(|&(m, _)| m))
    }

    /// A searched node: its children's values from the table, re-proving any
    /// the line needs that were lost.
    fn searched_step(&mut self, remaining: Option<u32>) -> Result<Option<Move>, Stopped> {
        let node = self.solve_here(remaining)?;
        // The loser looks at every move: those a focus leaves out lose too,
        // but may last longer than the ones it keeps.
        let focus = if node.phi == 0 { self.focus(remaining) } else { None };
        let below = remaining.map(|r| r.saturating_sub(1));
        let mut children = self.expand(focus, remaining);
        if node.phi == 0 {
            // The mover wins: any child proved lost for its mover will do, the shortest best.
            if let Some(c) = children.iter().filter(|c| c.value.delta == 0).min_by_key(|c| c.value.len) {
                return Ok(Some(c.mv));
            }
            for c in &children {
                let v = self.solve_child(c.mv, below)?;
                if v.delta == 0 {
                    return Ok(Some(c.mv));
                }
            }
            return Ok(None);
        }
        // The mover loses: every child is proved for its mover; take the longest.
        for c in children.iter_mut().filter(|c| c.value.phi != 0) {
            c.value = self.solve_child(c.mv, below)?;
        }
        let replies: Vec<(Move, u32)> =
            children.iter().filter(|c| c.value.phi == 0).map(|c| (c.mv, c.value.len)).collect();
        self.longest_reply(&replies, remaining)
    }

    fn solve_child(&mut self, m: Move, below: Option<u32>) -> Result<Value, Stopped> {
        self.push_path();
        self.game.play_unchecked(m);
        let v = match self.decided(below) {
            Some(v) => Ok(v),
            None => self.solve_here(below),
        };
        self.game.undo_unchecked(m);
        self.pop_path();
        v
    }
}

/// Replays `line` from `position` by the rules (checked play) and confirms that
/// it ends with a win for `winner`; says what went wrong otherwise.
pub fn check_line(position: &Position, winner: Side, line: &[Move]) -> Result<(), LineError> {
    let mut pos = position.clone();
    for (i, &m) in line.iter().enumerate() {
        pos.play(m).map_err(|source| LineError::Illegal { number: i + 1, name: pos.move_name(m), source })?;
    }
    match pos.outcome() {
        Outcome::Win { winner: w, .. } if w == winner => Ok(()),
        other => Err(LineError::NotAWin { ends: other.describe(), winner }),
    }
}

/// Why a line does not show the win it claims.
#[derive(Debug, Error)]
pub enum LineError {
    /// A move of the line that the rules refuse.
    #[error("move {number} ({name}): {source}")]
    Illegal {
        /// Its place in the line, from 1.
        number: usize,
        /// Its name in the project's notation.
        name: String,
        /// Why the rules refuse it.
        source: MoveError,
    },
    /// The line plays out but does not end in the claimed win.
    #[error("the line ends in '{ends}', not a win for {winner}")]
    NotAWin {
        /// How the game stands at the line's end.
        ends: String,
        /// The side the line was to prove the winner.
        winner: Side,
    },
}
