//! The accumulators a search carries down its line: one pair (White's view,
//! Black's) a ply, the next made from the last by the move between them
//! (a quiet move one subtraction and one addition a view, a capture one more
//! subtraction), and dropped when the move is taken back; beside them the
//! ply's piece count (one fewer after a capture), which picks the output
//! bucket. The frames are of the net's width, chosen once for the stack, so
//! a push or a score picks its fixed-width loops with one branch; a frame
//! dropped stays allocated, and the next push writes over it straight from
//! the frame below, without copying that first.

use crate::eval::Score;
use breakline_rules::game::Game;
use breakline_rules::{Move, Side};

use super::net::{Net, feature};
use super::simd::{Delta, Kernels};

/// The line's accumulators, the position on the board's on top.
#[derive(Clone)]
pub struct AccumulatorStack {
    net: &'static Net,
    kernels: Kernels,
    frames: Frames,
}

/// The frames, of one of the widths a net may have (`WIDTHS`, which a
/// compile-time check in the net's module keeps to these three).
#[derive(Clone)]
enum Frames {
    W128(Line<128>),
    W256(Line<256>),
    W512(Line<512>),
}

/// The line's frames: the first `len` are the line's, the rest left by
/// moves taken back, to be written over.
#[derive(Clone)]
struct Line<const H: usize> {
    frames: Vec<Frame<H>>,
    len: usize,
}

/// One ply's accumulators (White's view, Black's) and pieces on the board.
#[derive(Clone, Copy)]
struct Frame<const H: usize> {
    accs: [[i16; H]; 2],
    pieces: usize,
}

/// Runs `$body` with `$frames` the stack's frames, whatever their width.
macro_rules! on_frames {
    ($stack:expr, $frames:ident => $body:expr) => {
        match $stack {
            Frames::W128($frames) => $body,
            Frames::W256($frames) => $body,
            Frames::W512($frames) => $body,
        }
    };
}

impl AccumulatorStack {
    /// The stack for a search from `game`, its accumulators computed in full.
    pub fn new<G: Game>(net: &'static Net, game: &G) -> AccumulatorStack {
        AccumulatorStack::with_kernels(net, game, Kernels::detect())
    }

    /// `new` with the given kernels (the tests compare them).
    pub(crate) fn with_kernels<G: Game>(net: &'static Net, game: &G, kernels: Kernels) -> AccumulatorStack {
        fn root<const H: usize, G: Game>(net: &Net, game: &G, kernels: Kernels) -> Line<H> {
            let mut frames = Vec::with_capacity(256);
            frames.push(Frame { accs: super::refresh_with(net, game, kernels), pieces: super::pieces(game) });
            Line { frames, len: 1 }
        }
        let frames = match net.shape().hidden() {
            128 => Frames::W128(root(net, game, kernels)),
            256 => Frames::W256(root(net, game, kernels)),
            _ => Frames::W512(root(net, game, kernels)),
        };
        AccumulatorStack { net, kernels, frames }
    }

    /// Pushes the accumulators after `m`, about to be played in `game` (not yet played).
    #[inline]
    pub fn push<G: Game>(&mut self, game: &G, m: Move) {
        let (net, kernels) = (self.net, self.kernels);
        on_frames!(&mut self.frames, line => push_frame(net, kernels, line, game, m))
    }

    /// Drops the accumulators of the last move pushed.
    #[inline]
    pub fn pop(&mut self) {
        on_frames!(&mut self.frames, line => {
            debug_assert!(line.len > 1, "the root's accumulators stay");
            line.len -= 1;
        })
    }

    /// The top position's accumulators (White's view, Black's).
    pub fn top(&self) -> [&[i16]; 2] {
        on_frames!(&self.frames, line => {
            let [white, black] = &line.top().accs;
            [&white[..], &black[..]]
        })
    }

    /// The net's score of the top position for `mover`, the side to move there.
    #[inline]
    pub fn score(&self, mover: Side) -> Score {
        on_frames!(&self.frames, line => {
            let top = line.top();
            let (own, other) = (&top.accs[mover.index()], &top.accs[mover.opponent().index()]);
            self.net.score(self.kernels, own, other, top.pieces)
        })
    }
}

impl<const H: usize> Line<H> {
    fn top(&self) -> &Frame<H> {
        &self.frames[self.len - 1]
    }
}

/// Pushes onto `line` the frame after `m`, about to be played in `game`.
#[inline]
fn push_frame<const H: usize, G: Game>(net: &Net, kernels: Kernels, line: &mut Line<H>, game: &G, m: Move) {
    if line.len == line.frames.len() {
        line.frames.push(*line.top());
    }
    let (size, mover) = (game.size(), game.side_to_move());
    let column = |view, piece, square: u8| net.column::<H>(feature(size, view, piece, square as usize));
    let delta = |view| Delta {
        add: column(view, mover, m.to),
        sub: column(view, mover, m.from),
        taken: m.capture.then(|| column(view, mover.opponent(), m.to)),
    };
    let (below, above) = line.frames.split_at_mut(line.len);
    let (prev, next) = (&below[line.len - 1], &mut above[0]);
    kernels.step(&prev.accs, &mut next.accs, Side::BOTH.map(delta));
    next.pieces = prev.pieces - usize::from(m.capture);
    line.len += 1;
}

#[cfg(test)]
mod tests {
    use rand::rngs::StdRng;
    use rand::{RngExt, SeedableRng};

    use super::*;
    use crate::eval::nnue::net::{Shape, Weights, features};
    use crate::eval::nnue::{refresh, refresh_with};
    use breakline_rules::position::{AnyGame, Position, with_game};
    use breakline_rules::{BoardSize, Variant};

    /// A net of `shape` with random weights for `variant` on `size` with
    /// `buckets` output buckets, leaked as the shipped ones are. The second
    /// layer's weights are as large as the first's, so that its units'
    /// sums spread across their clipping range.
    fn random_net(variant: Variant, size: BoardSize, shape: Shape, buckets: usize, seed: u64) -> &'static Net {
        let mut rng = StdRng::seed_from_u64(seed);
        let mut w = |n: usize, scale: i16| (0..n).map(|_| rng.random_range(-300i16..300) / scale).collect::<Vec<_>>();
        let (hidden, l2) = (shape.hidden(), shape.l2());
        let weights = Weights {
            input_weights: w(features(size) * hidden, 1),
            input_bias: w(hidden, 1),
            second_weights: w(l2 * 2 * hidden, 1),
            second_bias: w(l2, 1).into_iter().map(|b| i32::from(b) * 1000).collect(),
            output_weights: w(buckets * shape.output_inputs(), 8),
            output_bias: w(buckets, 1).into_iter().map(|b| i32::from(b) * 100).collect(),
        };
        Box::leak(Box::new(Net::with_shape(variant, size, 725, shape, weights).unwrap()))
    }

    /// Plays random games of `variant` on `size` through two stacks, one
    /// with the fastest kernels and one with the scalar ones, checking at
    /// every ply, and back up every move taken back, that both stacks'
    /// accumulators equal ones computed from scratch and that both score
    /// as a score from scratch does.
    fn check_random_games(variant: Variant, size: BoardSize, shape: Shape, buckets: usize, seed: u64) {
        let net = random_net(variant, size, shape, buckets, seed);
        let mut rng = StdRng::seed_from_u64(seed);
        for _ in 0..4 {
            let pos = Position::start(variant, size).unwrap();
            let any: AnyGame = pos.game().clone();
            with_game!(any, g => {
                let mut g = g;
                let mut fast = AccumulatorStack::new(net, &g);
                let mut scalar = AccumulatorStack::with_kernels(net, &g, Kernels::SCALAR);
                let mut line = Vec::new();
                while !g.outcome().is_over() && line.len() < 150 {
                    let moves = g.legal_moves();
                    let m = moves[rng.random_range(0..moves.len())];
                    fast.push(&g, m);
                    scalar.push(&g, m);
                    g.play_unchecked(m);
                    line.push(m);
                    let fresh = refresh(net, &g);
                    assert_eq!(fast.top(), [&fresh[0][..], &fresh[1][..]], "{variant} {shape} ply {}", line.len());
                    assert_eq!(scalar.top(), fast.top(), "{variant} {shape} ply {}", line.len());
                    let mover = g.side_to_move();
                    let pieces = crate::eval::nnue::pieces(&g);
                    let want = net.output(&fresh[mover.index()], &fresh[mover.opponent().index()], pieces);
                    assert_eq!(fast.score(mover), want, "{variant} {shape} ply {}", line.len());
                    assert_eq!(scalar.score(mover), want, "{variant} {shape} ply {}", line.len());
                }
                while let Some(m) = line.pop() {
                    fast.pop();
                    scalar.pop();
                    g.undo_unchecked(m);
                    let fresh = refresh(net, &g);
                    assert_eq!(fast.top(), [&fresh[0][..], &fresh[1][..]], "{variant} back to ply {}", line.len());
                    assert_eq!(scalar.top(), fast.top(), "{variant} back to ply {}", line.len());
                }
            });
        }
    }

    /// With several buckets the score also checks the piece count kept
    /// move by move, which picks the output layer.
    #[test]
    fn incremental_accumulators_equal_a_full_recomputation_at_every_ply() {
        let shipped = Shape::SHIPPED;
        check_random_games(Variant::Breakthrough, BoardSize::new(8, 8), shipped, 1, 1);
        check_random_games(Variant::LinesOfAction, BoardSize::new(8, 8), shipped, 1, 2);
        check_random_games(Variant::Breakthrough, BoardSize::new(5, 9), shipped, 1, 3);
        check_random_games(Variant::LinesOfAction, BoardSize::new(10, 10), shipped, 1, 4);
        check_random_games(Variant::Breakthrough, BoardSize::new(8, 8), shipped, 8, 5);
        check_random_games(Variant::LinesOfAction, BoardSize::new(8, 8), shipped, 8, 6);
        check_random_games(Variant::Breakthrough, BoardSize::new(5, 9), shipped, 5, 7);
    }

    /// The vector kernels (where this processor has them) against the
    /// scalar ones, in both games, for nets with a second layer of every
    /// width.
    #[test]
    fn a_net_with_a_second_layer_scores_alike_through_both_kernels_at_every_ply() {
        let size = BoardSize::new(8, 8);
        for (i, (hidden, l2, buckets)) in [(256, 32, 1), (512, 16, 4), (128, 8, 1)].into_iter().enumerate() {
            let shape = Shape::new(hidden, l2).unwrap();
            check_random_games(Variant::Breakthrough, size, shape, buckets, 10 + i as u64);
            check_random_games(Variant::LinesOfAction, size, shape, buckets, 20 + i as u64);
        }
    }

    /// A scalar recomputation equals the fastest kernels' one on the start
    /// positions too (the stacks above start from the fastest).
    #[test]
    fn a_full_recomputation_is_the_same_through_both_kernels() {
        for variant in Variant::ALL {
            let size = BoardSize::new(8, 8);
            let net = random_net(variant, size, Shape::new(256, 32).unwrap(), 1, 30);
            let pos = Position::start(variant, size).unwrap();
            with_game!(pos.game().clone(), g => {
                let fast = refresh_with::<256, _>(net, &g, Kernels::detect());
                assert_eq!(fast, refresh_with::<256, _>(net, &g, Kernels::SCALAR));
            });
        }
    }
}
