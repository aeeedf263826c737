//! This build's engine over UCI, the session `breakline uci` serves: the
//! program at the other end of the pipes in the game's tests of program
//! seats, built with the app's own package so that `cargo test -p
//! breakline-app` needs no other package's binary.

use std::process::ExitCode;

use breakline_engine::protocol::Protocol;
use breakline_engine::protocol::session::{self, Dialect, Sink};

fn main() -> ExitCode {
    match session::serve(Dialect::Uci(Protocol::Uci), std::io::stdin().lock(), Sink::stdout()) {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) => {
            eprintln!("error: {error}");
            ExitCode::FAILURE
        }
    }
}
