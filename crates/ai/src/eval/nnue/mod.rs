//! `nnue`: a learned evaluation, a small network whose first layer is kept
//! up to date move by move (an efficiently updatable neural network, as
//! shogi and chess engines use). [`net`] is the network and its shape,
//! [`buckets`] picks its output layer by the piece count, [`file`] is its
//! file, [`stack`] the accumulators a search carries along its line,
//! [`shipped`] the nets this build knows, and a private module the integer
//! kernels, vectorised where the processor allows. Boards without a net are evaluated by the
//! expert evaluation instead, and say so.

pub mod buckets;
mod file;
mod net;
pub mod shipped;
mod simd;
pub mod stack;

use breakline_rules::bits::Bits;
use breakline_rules::game::Game;
use breakline_rules::{BoardSize, Side, Variant};

use super::{Score, Strategy};
pub use buckets::{Buckets, MAX_BUCKETS};
pub use file::NetError;
use net::with_width;
pub use net::{Accumulator, HIDDEN, MAX_L2, Net, QA, QB, QL2, Shape, ShapeError, WIDTHS, Weights, feature, features};
pub use shipped::{NnueUnavailable, load_net_file, net_for};
use simd::Kernels;
pub use stack::AccumulatorStack;

/// Why a player of `strategy` on `variant` at `size` evaluates with the
/// expert evaluation instead of a net, where it does: what the player says
/// of itself (the protocol's `info string`, the match's note, the game's
/// panel).
pub fn fallback(strategy: Strategy, variant: Variant, size: BoardSize) -> Option<NnueUnavailable> {
    (strategy == Strategy::Nnue).then(|| net_for(variant, size).err()).flatten()
}

/// Both sides' accumulators for `game`'s board (White's view, Black's),
/// computed from scratch, each of the net's width.
pub fn refresh<G: Game>(net: &Net, game: &G) -> [Vec<i16>; 2] {
    with_width!(net.shape().hidden(), H => refresh_with::<H, G>(net, game, Kernels::detect()).map(|acc| acc.to_vec()))
}

/// `refresh` for the net's width `H`, with `kernels`.
fn refresh_with<const H: usize, G: Game>(net: &Net, game: &G, kernels: Kernels) -> [[i16; H]; 2] {
    let size = game.size();
    let mut accs = [net.bias::<H>(); 2];
    for (view, acc) in Side::BOTH.into_iter().zip(accs.iter_mut()) {
        for piece in Side::BOTH {
            for square in game.board().pieces(piece).squares() {
                kernels.update(acc, &[net.column::<H>(feature(size, view, piece, square))], &[]);
            }
        }
    }
    accs
}

/// The pieces on `game`'s board, both sides'.
pub fn pieces<G: Game>(game: &G) -> usize {
    Side::BOTH.into_iter().map(|side| game.board().pieces(side).count() as usize).sum()
}

/// The net's score of `game` for `perspective`, from scratch, where a net
/// for its variant and size is known.
pub fn evaluate<G: Game>(game: &G, perspective: Side) -> Option<Score> {
    let net = net_for(G::VARIANT, game.size()).ok()?;
    let kernels = Kernels::detect();
    let mover = game.side_to_move();
    let score = with_width!(net.shape().hidden(), H => {
        let accs = refresh_with::<H, G>(net, game, kernels);
        net.score(kernels, &accs[mover.index()], &accs[mover.opponent().index()], pieces(game))
    });
    Some(if mover == perspective { score } else { -score })
}
