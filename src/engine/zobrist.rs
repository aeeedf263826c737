//! Zobrist keys: one per (side, square) for every square a supported board can
//! have, plus one for the side to move. Fixed at compile time so hashes are the
//! same in every run and every build.

use super::types::Color;

/// Enough squares for the largest board (12x12).
const MAX_SQUARES: usize = 144;

const fn splitmix(state: u64) -> (u64, u64) {
    let s = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = s;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    (s, z ^ (z >> 31))
}

const fn make_keys() -> ([[u64; MAX_SQUARES]; 2], u64) {
    let mut keys = [[0u64; MAX_SQUARES]; 2];
    let mut state = 0x4252_4541_4B4C_494E; // "BREAKLIN"
    let mut side = 0;
    while side < 2 {
        let mut sq = 0;
        while sq < MAX_SQUARES {
            let (s, k) = splitmix(state);
            state = s;
            keys[side][sq] = k;
            sq += 1;
        }
        side += 1;
    }
    let (_, side_key) = splitmix(state);
    (keys, side_key)
}

const KEYS: ([[u64; MAX_SQUARES]; 2], u64) = make_keys();

/// Key of a piece of `color` standing on `square`.
#[inline]
pub(crate) fn piece_key(color: Color, square: usize) -> u64 {
    KEYS.0[color.index()][square]
}

/// Folded in when Black is to move.
#[inline]
pub(crate) fn black_to_move_key() -> u64 {
    KEYS.1
}
