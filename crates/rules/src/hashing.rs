//! Hashing: the Zobrist keys of positions, and the one 64-bit mixer every
//! seeded stream in the engine derives its values from (keys, tie-break
//! noise, per-move seeds). Fixed at compile time, so hashes and seeded
//! games are the same in every run and every build.

use crate::Side;

/// Enough squares for the largest board (12x12).
const MAX_SQUARES: usize = 144;

/// The golden-ratio increment of splitmix64.
const GOLDEN: u64 = 0x9E37_79B9_7F4A_7C15;

/// splitmix64's finaliser: a bijection of `u64` whose output bits each depend
/// on every input bit. Keys, noise and seeds all come through here.
#[inline]
pub const fn mix(mut z: u64) -> u64 {
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// The `n`-th value of the splitmix64 stream: `mix` of a state that steps by
/// the golden ratio, so `(key, n)` pairs give independent values.
#[inline]
pub const fn stream(key: u64, n: u64) -> u64 {
    mix(key ^ n.wrapping_mul(GOLDEN))
}

const fn make_keys() -> ([[u64; MAX_SQUARES]; 2], u64) {
    let mut keys = [[0u64; MAX_SQUARES]; 2];
    let mut state: u64 = 0x4252_4541_4B4C_494E; // "BREAKLIN"
    let mut side = 0;
    while side < 2 {
        let mut sq = 0;
        while sq < MAX_SQUARES {
            state = state.wrapping_add(GOLDEN);
            keys[side][sq] = mix(state);
            sq += 1;
        }
        side += 1;
    }
    (keys, mix(state.wrapping_add(GOLDEN)))
}

const KEYS: ([[u64; MAX_SQUARES]; 2], u64) = make_keys();

/// Key of a piece of `color` standing on `square`.
#[inline]
pub fn piece_key(color: Side, square: usize) -> u64 {
    KEYS.0[color.index()][square]
}

/// Folded in when Black is to move.
#[inline]
pub fn black_to_move_key() -> u64 {
    KEYS.1
}
