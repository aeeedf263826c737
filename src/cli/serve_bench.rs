//! `breakline serve-bench`: the online server's load benchmark (bot clients
//! over loopback, `breakline_server::bench`): a server in this process over
//! a scratch SQLite file, or the one `--server` names; one report, as text
//! or with `--json` as one JSON object.

use std::io::Write;

use breakline_server::bench::{self, BenchConfig, BenchError};
use clap::Args;
use thiserror::Error;

#[derive(Args, Debug)]
pub(crate) struct ServeBenchArgs {
    /// Concurrent live games
    #[arg(long, default_value_t = 100)]
    games: usize,
    /// Each side waits this long before replying, in ms: N games make N*1000/PACE moves a second
    #[arg(long, default_value_t = 1000, value_name = "MS")]
    pace_ms: u64,
    /// The measuring window, in seconds, once every game has started
    #[arg(long, default_value_t = 20.0)]
    seconds: f64,
    /// Measure the server at this URL (ws://HOST:PORT/ws; the bots sign up there) instead of one in this process
    #[arg(long, value_name = "URL")]
    server: Option<String>,
    /// Bot connections, even (default: two a game, as the open-file limit allows)
    #[arg(long)]
    connections: Option<usize>,
    /// Print the report as one JSON object
    #[arg(long)]
    json: bool,
}

/// Why the benchmark did not run.
#[derive(Debug, Error)]
pub(crate) enum ServeBenchError {
    #[error("serve-bench: {0}")]
    Bench(#[from] BenchError),
    #[error("serve-bench: cannot start the async runtime: {0}")]
    Runtime(std::io::Error),
    #[error("serve-bench: the report does not write as JSON: {0}")]
    Json(#[from] serde_json::Error),
}

pub(crate) fn run(args: &ServeBenchArgs) -> Result<(), ServeBenchError> {
    let config = BenchConfig {
        games: args.games,
        pace_ms: args.pace_ms,
        seconds: args.seconds,
        server: args.server.clone(),
        connections: args.connections,
    };
    // The settings are checked before the runtime starts: a bad one costs nothing.
    bench::plan(&config)?;
    let runtime = tokio::runtime::Builder::new_multi_thread().enable_all().build().map_err(ServeBenchError::Runtime)?;
    let report = runtime.block_on(bench::run(&config))?;
    let text = if args.json { serde_json::to_string(&report)? } else { report.to_string() };
    // A reader that went away (`| head`) is no failure of the benchmark's.
    let _ = writeln!(std::io::stdout().lock(), "{text}");
    Ok(())
}
