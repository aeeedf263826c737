//! `breakline serve`: the online game server (`crates/server`) listening on
//! an address, over an SQLite file (the person's `server.sqlite3` unless
//! `--db` names another) or, with `--postgres URL`, over a PostgreSQL
//! database that several such processes share
//! (docs/guide/running-with-postgresql.md). TLS with `--cert` and `--key`; plain WebSocket on
//! a loopback address, or elsewhere only when `--plain` asks for it. It
//! prints the address it listens on and serves until it is stopped; every
//! acknowledged move is already on disk, so a stop of any kind (Ctrl-C,
//! `kill -9`) loses none.

use std::net::SocketAddr;
use std::path::PathBuf;
use std::time::Duration;

use breakline_server::limits::Limits;
use breakline_server::server::{self, ServerError};
use breakline_server::store::postgres::{self, PostgresStore};
use breakline_server::store::sqlite::{self, SqliteStore};
use breakline_server::store::{Store, StoreError};
use breakline_server::tls::{self, TlsError};
use clap::Args;
use thiserror::Error;

#[derive(Args, Debug)]
pub(crate) struct ServeArgs {
    /// The address to listen on: clients connect to ws://ADDR/ws (port 0 picks a free one)
    #[arg(long, default_value = "127.0.0.1:7070")]
    listen: SocketAddr,
    /// The server's database (default: server.sqlite3 in your data directory)
    #[arg(long)]
    db: Option<PathBuf>,
    /// Keep everything in this PostgreSQL database instead, shared with other
    /// server processes: postgres://USER[:PASSWORD]@HOST[:PORT]/DB, or
    /// host=/run/postgresql user=... dbname=... (no TLS: a local or private network)
    #[arg(long, conflicts_with = "db", value_name = "URL")]
    postgres: Option<String>,
    /// With --postgres: the seconds a crashed process's games in play wait
    /// before another process may take them over
    #[arg(long, requires = "postgres", default_value_t = postgres::DEFAULT_LEASE.as_secs_f64(), value_name = "SECONDS")]
    lease: f64,
    /// The TLS certificate chain (PEM): clients connect to wss://ADDR/ws
    #[arg(long, requires = "key")]
    cert: Option<PathBuf>,
    /// The TLS private key (PEM) of --cert
    #[arg(long, requires = "cert")]
    key: Option<PathBuf>,
    /// Serve plain WebSocket on an address that is not loopback (unencrypted: passwords cross the network as they are)
    #[arg(long, conflicts_with = "cert")]
    plain: bool,
}

/// Why the server did not start or stopped.
#[derive(Debug, Error)]
pub(crate) enum ServeError {
    #[error("serve: {0}")]
    Store(#[from] StoreError),
    #[error("serve: {0}")]
    Server(#[from] ServerError),
    #[error("serve: cannot listen on {addr}: {source}")]
    Listen { addr: SocketAddr, source: std::io::Error },
    #[error("serve: cannot start the async runtime: {0}")]
    Runtime(std::io::Error),
    #[error("serve: {0}")]
    Tls(#[from] TlsError),
    #[error("serve: --lease wants a number of seconds from 1 to 86400, not {0}")]
    BadLease(f64),
    #[error("serve: {0} is not a loopback address: give --cert and --key for TLS, or --plain to serve unencrypted")]
    PlainAskedFor(SocketAddr),
}

/// Where the server keeps its data, as asked for.
enum Database {
    Sqlite(PathBuf),
    Postgres(String, Duration),
}

impl Database {
    fn of(args: &ServeArgs) -> Result<Database, ServeError> {
        if let Some(url) = &args.postgres {
            if !(1.0..=86_400.0).contains(&args.lease) {
                return Err(ServeError::BadLease(args.lease));
            }
            return Ok(Database::Postgres(url.clone(), Duration::from_secs_f64(args.lease)));
        }
        match &args.db {
            Some(path) => Ok(Database::Sqlite(path.clone())),
            None => Ok(Database::Sqlite(sqlite::default_path()?)),
        }
    }

    /// Opens the store, and says where the games are (a URL's password left out).
    fn open(&self) -> Result<(Box<dyn Store>, String), StoreError> {
        match self {
            Database::Sqlite(path) => Ok((Box::new(SqliteStore::open(path)?), path.display().to_string())),
            Database::Postgres(url, lease) => {
                let store = PostgresStore::open(url, *lease)?;
                let said = format!("PostgreSQL (this process: {})", store.server_id());
                Ok((Box::new(store), said))
            }
        }
    }
}

pub(crate) fn run(args: &ServeArgs) -> Result<(), ServeError> {
    let db = Database::of(args)?;
    let tls = match (&args.cert, &args.key) {
        (Some(cert), Some(key)) => Some(tls::config(cert, key)?),
        _ if args.plain || args.listen.ip().is_loopback() => None,
        _ => return Err(ServeError::PlainAskedFor(args.listen)),
    };
    let runtime = tokio::runtime::Builder::new_multi_thread().enable_all().build().map_err(ServeError::Runtime)?;
    runtime.block_on(async {
        let listener = tokio::net::TcpListener::bind(args.listen)
            .await
            .map_err(|source| ServeError::Listen { addr: args.listen, source })?;
        let (store, games_in) = db.open()?;
        let (scheme, running) = match tls {
            Some(tls) => ("wss", server::start_tls(listener, store, Limits::default(), tls).await?),
            None => ("ws", server::start(listener, store, Limits::default()).await?),
        };
        println!("breakline serve: listening on {scheme}://{}/ws, games in {games_in}", running.addr());
        running.serve_until(interrupted()).await;
        Ok(())
    })
}

/// The first SIGINT or SIGTERM (systemd's stop): the server then stops in
/// order, its connections closed and its store let go of, so that a shared
/// store's other processes may take its games at once; a second ends the
/// process where it is (no acknowledged move is lost either way).
async fn interrupted() {
    let (tx, mut rx) = tokio::sync::mpsc::unbounded_channel();
    let installed = ctrlc::set_handler(move || {
        if tx.send(()).is_err() {
            std::process::exit(130);
        }
    });
    if let Err(e) = installed {
        eprintln!("breakline serve: warning: an interrupt will end the server where it is: {e}");
        return std::future::pending().await;
    }
    let _ = rx.recv().await;
    eprintln!("breakline serve: stopping (again to quit at once)");
}
