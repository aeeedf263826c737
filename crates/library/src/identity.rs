//! What makes two games the same game: the same variant, board, start
//! position, main line, outcome (result and its reason), both players'
//! exact names (`human` or the AI's config text, and a person's name where
//! the game gives one, as a site's record does) and the day played (UTC;
//! a game without a date matches only games without one). Side lines,
//! clocks, search figures, the time control, ratings and tags are not part
//! of it: a game imported again with other notes is still the same game.
//! The identity is a 64-bit hash of those fields, the library's unique key
//! (two different games share one with a chance of about 3 in 10^8 in a
//! library of a million).

/// The fields of a game's identity, as the games table writes them.
pub(super) struct Identity<'a> {
    /// The variant's id.
    pub variant: &'a str,
    /// The board, e.g. `8x8`.
    pub size: &'a str,
    /// The start position's string.
    pub start_fen: &'a str,
    /// The main line's codes (see `codes`).
    pub moves: &'a [u8],
    /// The outcome as JSON (result and reason).
    pub outcome: &'a str,
    /// White's exact name.
    pub white: &'a str,
    /// Black's exact name.
    pub black: &'a str,
    /// The day played (days since 1970-01-01, UTC), if known.
    pub day: Option<i64>,
}

/// The day (UTC) of an instant given in seconds.
pub(super) fn day_of(second: i64) -> i64 {
    second.div_euclid(86_400)
}

impl Identity<'_> {
    /// The identity's hash as SQLite's signed integer: FNV-1a over the
    /// fields (each closed by a separator no field holds), then mixed.
    pub(super) fn hash(&self) -> i64 {
        let mut hash = Fnv::default();
        for field in [self.variant, self.size, self.start_fen, self.outcome, self.white, self.black] {
            hash.write(field.as_bytes());
        }
        hash.write(self.moves);
        hash.write(self.day.map_or_else(String::new, |d| d.to_string()).as_bytes());
        mix(hash.0) as i64
    }
}

/// A 64-bit FNV-1a hash, the same on every machine and build.
struct Fnv(u64);

impl Default for Fnv {
    fn default() -> Fnv {
        Fnv(0xcbf2_9ce4_8422_2325)
    }
}

impl Fnv {
    /// Adds `bytes` and a field separator (0x1f): "ab"+"c" and "a"+"bc" differ.
    fn write(&mut self, bytes: &[u8]) {
        for &byte in bytes.iter().chain(&[0x1f]) {
            self.0 ^= u64::from(byte);
            self.0 = self.0.wrapping_mul(0x0100_0000_01b3);
        }
    }
}

/// SplitMix64's finalizer: every input bit reaches every output bit.
pub(super) fn mix(mut z: u64) -> u64 {
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}
