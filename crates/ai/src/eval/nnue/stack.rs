//! The accumulators a search carries down its line: one pair (White's view,
//! Black's) a ply, the next made from the last by the move between them
//! (a quiet move one subtraction and one addition a view, a capture one more
//! subtraction), and dropped when the move is taken back; beside them the
//! ply's piece count (one fewer after a capture), which picks the output
//! bucket.

use crate::eval::Score;
use breakline_rules::game::Game;
use breakline_rules::{Move, Side};

use super::net::{Accumulator, Net, feature};

/// The line's accumulators, the position on the board's on top.
#[derive(Clone)]
pub struct AccumulatorStack {
    net: &'static Net,
    frames: Vec<Frame>,
}

/// One ply's accumulators (White's view, Black's) and pieces on the board.
#[derive(Clone, Copy)]
struct Frame {
    accs: [Accumulator; 2],
    pieces: usize,
}

impl AccumulatorStack {
    /// The stack for a search from `game`, its accumulators computed in full.
    pub fn new<G: Game>(net: &'static Net, game: &G) -> AccumulatorStack {
        let mut frames = Vec::with_capacity(256);
        frames.push(Frame { accs: super::refresh(net, game), pieces: super::pieces(game) });
        AccumulatorStack { net, frames }
    }

    /// Pushes the accumulators after `m`, about to be played in `game` (not yet played).
    #[inline]
    pub fn push<G: Game>(&mut self, game: &G, m: Move) {
        let size = game.size();
        let mover = game.side_to_move();
        let mut next = *self.frames.last().expect("the root's accumulators");
        for (view, acc) in Side::BOTH.into_iter().zip(next.accs.iter_mut()) {
            self.net.sub(acc, feature(size, view, mover, m.from as usize));
            self.net.add(acc, feature(size, view, mover, m.to as usize));
            if m.capture {
                self.net.sub(acc, feature(size, view, mover.opponent(), m.to as usize));
            }
        }
        next.pieces -= usize::from(m.capture);
        self.frames.push(next);
    }

    /// Drops the accumulators of the last move pushed.
    #[inline]
    pub fn pop(&mut self) {
        debug_assert!(self.frames.len() > 1, "the root's accumulators stay");
        self.frames.pop();
    }

    /// The top position's accumulators (White's view, Black's).
    pub fn top(&self) -> &[Accumulator; 2] {
        &self.top_frame().accs
    }

    fn top_frame(&self) -> &Frame {
        self.frames.last().expect("the root's accumulators")
    }

    /// The net's score of the top position for `mover`, the side to move there.
    #[inline]
    pub fn score(&self, mover: Side) -> Score {
        let top = self.top_frame();
        self.net.output(&top.accs[mover.index()], &top.accs[mover.opponent().index()], top.pieces)
    }
}

#[cfg(test)]
mod tests {
    use rand::rngs::StdRng;
    use rand::{RngExt, SeedableRng};

    use super::*;
    use crate::eval::nnue::net::{HIDDEN, features};
    use crate::eval::nnue::refresh;
    use breakline_rules::position::{AnyGame, Position, with_game};
    use breakline_rules::{BoardSize, Variant};

    /// A net of random weights for `variant` on `size` with `buckets`
    /// output buckets, leaked as the shipped ones are.
    fn random_net(variant: Variant, size: BoardSize, buckets: usize, seed: u64) -> &'static Net {
        let mut rng = StdRng::seed_from_u64(seed);
        let mut w = || rng.random_range(-300i16..300);
        let input_weights = (0..features(size) * HIDDEN).map(|_| w()).collect();
        let input_bias = std::array::from_fn(|_| w());
        let output_weights = (0..buckets * 2 * HIDDEN).map(|_| w() / 8).collect();
        let output_bias = (0..buckets).map(|_| i32::from(w()) * 100).collect();
        Box::leak(Box::new(Net::from_parts(variant, size, 725, input_weights, input_bias, output_weights, output_bias)))
    }

    /// Plays random games of `variant` on `size` through a stack, checking at
    /// every ply, and back up every move taken back, that its accumulators
    /// equal ones computed from scratch.
    fn check_random_games(variant: Variant, size: BoardSize, buckets: usize, seed: u64) {
        let net = random_net(variant, size, buckets, seed);
        let mut rng = StdRng::seed_from_u64(seed);
        for _ in 0..6 {
            let pos = Position::start(variant, size).unwrap();
            let any: AnyGame = pos.game().clone();
            with_game!(any, g => {
                let mut g = g;
                let mut stack = AccumulatorStack::new(net, &g);
                let mut line = Vec::new();
                while !g.outcome().is_over() && line.len() < 150 {
                    let moves = g.legal_moves();
                    let m = moves[rng.random_range(0..moves.len())];
                    stack.push(&g, m);
                    g.play_unchecked(m);
                    line.push(m);
                    assert_eq!(stack.top(), &refresh(net, &g), "{variant} ply {}", line.len());
                    let mover = g.side_to_move();
                    let fresh = refresh(net, &g);
                    let pieces = crate::eval::nnue::pieces(&g);
                    let want = net.output(&fresh[mover.index()], &fresh[mover.opponent().index()], pieces);
                    assert_eq!(stack.score(mover), want, "{variant} ply {}", line.len());
                }
                while let Some(m) = line.pop() {
                    stack.pop();
                    g.undo_unchecked(m);
                    assert_eq!(stack.top(), &refresh(net, &g), "{variant} back to ply {}", line.len());
                }
            });
        }
    }

    /// With several buckets the score also checks the piece count kept
    /// move by move, which picks the output layer.
    #[test]
    fn incremental_accumulators_equal_a_full_recomputation_at_every_ply() {
        check_random_games(Variant::Breakthrough, BoardSize::new(8, 8), 1, 1);
        check_random_games(Variant::LinesOfAction, BoardSize::new(8, 8), 1, 2);
        check_random_games(Variant::Breakthrough, BoardSize::new(5, 9), 1, 3);
        check_random_games(Variant::LinesOfAction, BoardSize::new(10, 10), 1, 4);
        check_random_games(Variant::Breakthrough, BoardSize::new(8, 8), 8, 5);
        check_random_games(Variant::LinesOfAction, BoardSize::new(8, 8), 8, 6);
        check_random_games(Variant::Breakthrough, BoardSize::new(5, 9), 5, 7);
    }
}
