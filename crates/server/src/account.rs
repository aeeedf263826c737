//! Accounts: names and passwords checked, passwords hashed with argon2
//! (PHC strings, a random salt each), and session tokens: 32 random bytes
//! the client keeps, of which the store keeps only a BLAKE2s hash. Neither
//! a password nor a token has a `Debug` or `Display` that shows it, so
//! neither can reach a log.

use std::fmt;
use std::sync::OnceLock;

use argon2::Argon2;
use argon2::password_hash::{PasswordHash, PasswordHasher, PasswordVerifier, SaltString};
use blake2::{Blake2s256, Digest};
use thiserror::Error;

/// The shortest and longest names.
pub const NAME_CHARS: std::ops::RangeInclusive<usize> = 3..=20;
/// The shortest and longest passwords, in bytes.
pub const PASSWORD_BYTES: std::ops::RangeInclusive<usize> = 8..=128;

/// Why an account could not be made or used.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum AccountError {
    /// A name of the wrong length or with other characters than letters, digits, `_` and `-`.
    #[error("a name has 3 to 20 letters, digits, '_' or '-', and does not start with 'guest-' or 'bot-'")]
    BadName,
    /// A password of the wrong length.
    #[error("a password has 8 to 128 bytes")]
    BadPassword,
    /// The system gave no randomness.
    #[error("no randomness: {0}")]
    Random(String),
    /// The hash could not be made.
    #[error("password hash: {0}")]
    Hash(String),
}

/// The start of the names guests are given; no account may take one.
pub const GUEST_PREFIX: &str = "guest-";
/// The start of the bots' names (see `bot`); no account may take one.
pub const BOT_PREFIX: &str = "bot-";

/// Checks a new account's name.
pub fn check_name(name: &str) -> Result<(), AccountError> {
    let fine = |c: char| c.is_ascii_alphanumeric() || c == '_' || c == '-';
    let reserved = [GUEST_PREFIX, BOT_PREFIX]
        .iter()
        .any(|prefix| name.get(..prefix.len()).is_some_and(|start| start.eq_ignore_ascii_case(prefix)));
    if !NAME_CHARS.contains(&name.chars().count()) || !name.chars().all(fine) || reserved {
        return Err(AccountError::BadName);
    }
    Ok(())
}

/// Checks a new account's password.
pub fn check_password(password: &Password) -> Result<(), AccountError> {
    if !PASSWORD_BYTES.contains(&password.0.len()) {
        return Err(AccountError::BadPassword);
    }
    Ok(())
}

/// A password as it came in: never printed.
#[derive(Clone, serde::Deserialize, serde::Serialize)]
#[serde(transparent)]
pub struct Password(pub String);

impl fmt::Debug for Password {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("Password(..)")
    }
}

/// `password`'s argon2 hash with a fresh salt.
pub fn hash_password(password: &Password) -> Result<String, AccountError> {
    let salt = SaltString::encode_b64(&random_bytes::<16>()?).map_err(|e| AccountError::Hash(e.to_string()))?;
    let hash = Argon2::default().hash_password(password.0.as_bytes(), &salt);
    Ok(hash.map_err(|e| AccountError::Hash(e.to_string()))?.to_string())
}

/// Whether `password` matches the stored `hash`.
pub fn verify_password(password: &Password, hash: &str) -> bool {
    PasswordHash::new(hash)
        .is_ok_and(|parsed| Argon2::default().verify_password(password.0.as_bytes(), &parsed).is_ok())
}

/// Checks `password` against `hash`, or, for a name with no password (none
/// or a guest's), against a hash made once for the purpose and then fails:
/// a sign-in takes as long either way, so its time tells no one which names exist.
pub fn verify_or_waste(password: &Password, hash: Option<&str>) -> bool {
    static STAND_IN: OnceLock<String> = OnceLock::new();
    match hash {
        Some(hash) => verify_password(password, hash),
        None => {
            let stand_in = STAND_IN.get_or_init(|| hash_password(&Password("stand-in".into())).unwrap_or_default());
            let _ = verify_password(password, stand_in);
            false
        }
    }
}

/// A session token: what a client keeps to sign in again without its password.
#[derive(Clone, PartialEq, Eq, serde::Deserialize, serde::Serialize)]
#[serde(transparent)]
pub struct Token(pub String);

impl fmt::Debug for Token {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("Token(..)")
    }
}

impl Token {
    /// A new random token, 64 hex digits.
    pub fn new() -> Result<Token, AccountError> {
        Ok(Token(hex(&random_bytes::<32>()?)))
    }

    /// What the store keeps of it.
    pub fn hash(&self) -> [u8; 32] {
        Blake2s256::digest(self.0.as_bytes()).into()
    }
}

/// An invitation code: 10 random letters and digits a person can read out.
pub fn invitation_code() -> Result<String, AccountError> {
    const ALPHABET: &[u8] = b"abcdefghjkmnpqrstuvwxyz23456789";
    let bytes = random_bytes::<10>()?;
    Ok(bytes.iter().map(|b| ALPHABET[*b as usize % ALPHABET.len()] as char).collect())
}

/// A coin the server tosses for a random colour.
pub fn coin() -> Result<bool, AccountError> {
    Ok(random_bytes::<1>()?[0] & 1 == 1)
}

fn random_bytes<const N: usize>() -> Result<[u8; N], AccountError> {
    let mut bytes = [0; N];
    getrandom::fill(&mut bytes).map_err(|e| AccountError::Random(e.to_string()))?;
    Ok(bytes)
}

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_password_verifies_against_its_hash_only() {
        let password = Password("correct horse".into());
        let hash = hash_password(&password).unwrap();
        assert!(hash.starts_with("$argon2id$"));
        assert!(verify_password(&password, &hash));
        assert!(!verify_password(&Password("wrong horse".into()), &hash));
        assert!(!verify_password(&password, "not a hash"));
        assert_eq!(format!("{password:?}"), "Password(..)");
    }

    #[test]
    fn names_tokens_and_codes() {
        assert!(check_name("alice_1").is_ok());
        for bad in ["al", "a b c", "ålice", "twenty-one-characters", "Guest-1", "bot-me"] {
            assert_eq!(check_name(bad), Err(AccountError::BadName), "{bad}");
        }
        let token = Token::new().unwrap();
        assert_eq!(token.0.len(), 64);
        assert_ne!(token, Token::new().unwrap());
        assert_eq!(format!("{token:?}"), "Token(..)");
        assert_eq!(invitation_code().unwrap().len(), 10);
    }
}
