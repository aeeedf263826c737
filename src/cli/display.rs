//! Checks, before the game opens its window, that an X11 display answers (the
//! build's only window backend), so a missing one is a one-line error rather
//! than a panic inside the windowing library.

use thiserror::Error;

/// Why the game cannot open its window here.
#[derive(Debug, Error)]
pub(crate) enum DisplayError {
    #[error(
        "no display: DISPLAY is not set; the game needs an X11 display \
         (perft, engine, match and the other commands run without one)"
    )]
    NotSet,
    #[error("cannot reach the X display {0}: no X server answers there")]
    Unreachable(String),
}

/// `Ok` when the game can open a window here, as far as can be told.
pub(crate) fn check() -> Result<(), DisplayError> {
    if !cfg!(target_os = "linux") {
        return Ok(());
    }
    let display = std::env::var("DISPLAY").unwrap_or_default();
    if display.is_empty() {
        return Err(DisplayError::NotSet);
    }
    match local_display_number(&display) {
        Some(n) if !x_server_listens(n) => Err(DisplayError::Unreachable(display)),
        // A remote display (host:N) is left to the windowing library to try.
        _ => Ok(()),
    }
}

/// The display number of a local display name (`:0`, `:1.0`, `unix:2`).
fn local_display_number(display: &str) -> Option<u32> {
    let rest = display.strip_prefix("unix:").or_else(|| display.strip_prefix(':'))?;
    rest.split('.').next()?.parse().ok()
}

/// Whether a local X server accepts connections on display `n`: at the abstract
/// socket Linux servers open, or at the socket file.
#[cfg(target_os = "linux")]
fn x_server_listens(n: u32) -> bool {
    use std::os::linux::net::SocketAddrExt;
    use std::os::unix::net::{SocketAddr, UnixStream};
    let path = format!("/tmp/.X11-unix/X{n}");
    let abstract_name = SocketAddr::from_abstract_name(path.as_bytes());
    abstract_name.and_then(|a| UnixStream::connect_addr(&a)).is_ok() || UnixStream::connect(&path).is_ok()
}

#[cfg(not(target_os = "linux"))]
fn x_server_listens(_n: u32) -> bool {
    true
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn local_display_names_give_their_number() {
        assert_eq!(local_display_number(":0"), Some(0));
        assert_eq!(local_display_number(":99.0"), Some(99));
        assert_eq!(local_display_number("unix:2"), Some(2));
        assert_eq!(local_display_number("somehost:0"), None);
        assert_eq!(local_display_number(":x"), None);
    }

    #[test]
    fn a_display_nobody_serves_is_not_reachable() {
        // Display 65000 is far beyond any a test machine runs.
        assert!(!x_server_listens(65000));
    }
}
