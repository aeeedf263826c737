//! A spec's fingerprint: a stable 64-bit FNV-1a hash of its canonical JSON
//! (serde writes fields in declaration order, so the same spec, seed and
//! game count give the same bytes on every machine and build of this format).

use std::fmt;

use serde::{Deserialize, Serialize};

/// The fingerprint of a spec, written as 16 hex digits.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(try_from = "String", into = "String")]
pub struct Fingerprint(pub u64);

impl Fingerprint {
    /// The fingerprint of `value`'s JSON (a value that cannot be written as
    /// JSON, which no spec is, hashes as `null`).
    pub fn of<T: Serialize>(value: &T) -> Fingerprint {
        let bytes = serde_json::to_vec(value).unwrap_or_else(|_| b"null".to_vec());
        Fingerprint(fnv1a(&bytes))
    }
}

/// FNV-1a, 64 bits: simple, stable and spreads small changes (a seed) well.
fn fnv1a(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325, |h, &b| (h ^ b as u64).wrapping_mul(0x0100_0000_01b3))
}

impl fmt::Display for Fingerprint {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:016x}", self.0)
    }
}

/// A fingerprint that is not sixteen hexadecimal digits.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("bad fingerprint '{0}'")]
pub struct FingerprintError(String);

impl TryFrom<String> for Fingerprint {
    type Error = FingerprintError;

    fn try_from(text: String) -> Result<Fingerprint, FingerprintError> {
        u64::from_str_radix(&text, 16).map(Fingerprint).map_err(|_| FingerprintError(text))
    }
}

impl From<Fingerprint> for String {
    fn from(f: Fingerprint) -> String {
        f.to_string()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_hash_is_fnv1a_and_round_trips_as_hex() {
        // The published FNV-1a 64 test vectors.
        assert_eq!(fnv1a(b""), 0xcbf29ce484222325);
        assert_eq!(fnv1a(b"a"), 0xaf63dc4c8601ec8c);
        let f = Fingerprint::of(&("spec", 1));
        let text = serde_json::to_string(&f).unwrap();
        assert_eq!(serde_json::from_str::<Fingerprint>(&text).unwrap(), f);
        assert_ne!(Fingerprint::of(&("spec", 2)), f);
    }
}
