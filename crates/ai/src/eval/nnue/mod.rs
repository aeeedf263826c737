//! `nnue`: a learned evaluation, a small network whose first layer is kept
//! up to date move by move (an efficiently updatable neural network, as
//! shogi and chess engines use). [`net`] is the network, [`buckets`] picks
//! its output layer by the piece count, [`file`] is its file, [`stack`] the
//! accumulators a search carries along its line, [`shipped`]
//! the nets this build knows. Boards without a net are evaluated by the
//! expert evaluation instead, and say so.

pub mod buckets;
pub mod file;
pub mod net;
pub mod shipped;
pub mod stack;

use breakline_rules::bits::Bits;
use breakline_rules::game::Game;
use breakline_rules::{BoardSize, Side, Variant};

use super::{Score, Strategy};
pub use buckets::{Buckets, MAX_BUCKETS};
pub use file::NetError;
pub use net::{Accumulator, HIDDEN, Net, QA, QB, feature, features};
pub use shipped::{NnueUnavailable, load_net_file, net_for};
pub use stack::AccumulatorStack;

/// Why a player of `strategy` on `variant` at `size` evaluates with the
/// expert evaluation instead of a net, where it does: what the player says
/// of itself (the protocol's `info string`, the match's note, the game's
/// panel).
pub fn fallback(strategy: Strategy, variant: Variant, size: BoardSize) -> Option<NnueUnavailable> {
    (strategy == Strategy::Nnue).then(|| net_for(variant, size).err()).flatten()
}

/// Both sides' accumulators for `game`'s board, computed from scratch.
pub fn refresh<G: Game>(net: &Net, game: &G) -> [Accumulator; 2] {
    let size = game.size();
    let mut accs = [*net.input_bias(); 2];
    for (view, acc) in Side::BOTH.into_iter().zip(accs.iter_mut()) {
        for piece in Side::BOTH {
            for square in game.board().pieces(piece).squares() {
                net.add(acc, feature(size, view, piece, square));
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
    let accs = refresh(net, game);
    let mover = game.side_to_move();
    let score = net.output(&accs[mover.index()], &accs[mover.opponent().index()], pieces(game));
    Some(if mover == perspective { score } else { -score })
}
