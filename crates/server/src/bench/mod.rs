//! `breakline serve-bench`: a load benchmark of bot clients over loopback.
//! It starts a server in this process over a scratch SQLite file (or uses
//! one at a URL), signs in bot accounts, pairs them into live games of 8x8
//! Breakthrough, and lets each side reply `pace` after the opponent's move:
//! N games make N × 1000 ÷ pace moves a second. When every game has started
//! the window opens; each move sent in it is timed from its sending to its
//! `move_ack` (sent by the server only once the move is on disk).
//!
//! The clients are tasks on the same tokio runtime, one per connection; a
//! connection plays several games when the open-file limit would not allow
//! two per game. In-process, the accounts and their sessions are written to
//! the scratch file directly in one transaction and the bots `resume`: the
//! argon2 hashing of thousands of sign-ups would take minutes and is not
//! what is measured. Against a URL they `sign_up`.

pub mod player;
pub mod report;

use std::path::PathBuf;
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Duration;

use futures_util::{SinkExt, StreamExt};
use serde_json::{Value, json};
use thiserror::Error;
use tokio::sync::watch;
use tokio::time::Instant;
use tokio_tungstenite::tungstenite::Message;

use self::player::{Player, Role, Shared, Socket, Tally, Window};
use self::report::{Latency, Memory, Report, load_average, rss_kb};
use crate::account::{AccountError, Token};
use crate::limits::Limits;
use crate::server::{self, RunningServer, ServerError};
use crate::store::sqlite::SqliteStore;
use crate::store::{Store, StoreError};

/// What to run.
#[derive(Clone, Debug, PartialEq)]
pub struct BenchConfig {
    /// Concurrent live games.
    pub games: usize,
    /// Each side's wait before replying, in ms.
    pub pace_ms: u64,
    /// The measuring window, in seconds.
    pub seconds: f64,
    /// A server to measure (`ws://HOST:PORT/ws`) instead of one in this process.
    pub server: Option<String>,
    /// Connections to use (even); by default two a game, as the open-file limit allows.
    pub connections: Option<usize>,
}

/// Why the benchmark did not run.
#[derive(Debug, Error)]
pub enum BenchError {
    /// A setting out of its range.
    #[error("{0}")]
    BadSetting(String),
    /// The scratch store failed.
    #[error(transparent)]
    Store(#[from] StoreError),
    /// The in-process server did not start.
    #[error(transparent)]
    Server(#[from] ServerError),
    /// No loopback port, or no scratch folder.
    #[error("{0}")]
    Io(#[from] std::io::Error),
    /// No session tokens.
    #[error(transparent)]
    Account(#[from] AccountError),
    /// A bot could not connect or sign in.
    #[error("a bot could not sign in at {url}: {reason}")]
    SignIn {
        /// The server.
        url: String,
        /// What went wrong.
        reason: String,
    },
}

/// The most messages a second a connection sends, kept well under the
/// server's default 20 so that no bot is rate-limited.
const SAFE_RATE: f64 = 10.0;
/// Connections opened at once.
const CONNECTING: usize = 128;
/// How long the games may take to start.
const SETUP_PATIENCE: Duration = Duration::from_secs(600);
/// How long a bot waits for its `welcome`.
const SIGN_IN_PATIENCE: Duration = Duration::from_secs(60);

/// The connections and the games each pair plays, as worked out from the settings.
#[derive(Clone, Debug, PartialEq)]
pub struct Plan {
    /// Connections (even).
    pub connections: usize,
    /// Each pair's games (`connections / 2` pairs).
    pub per_pair: Vec<usize>,
}

/// The soft limit on open files (Linux's `/proc/self/limits`; 1024 elsewhere).
fn open_file_limit() -> usize {
    let limits = std::fs::read_to_string("/proc/self/limits").unwrap_or_default();
    let line = limits.lines().find(|l| l.starts_with("Max open files"));
    let soft = line.and_then(|l| l.split_whitespace().nth(3)).and_then(|v| v.parse().ok());
    soft.unwrap_or(1024)
}

/// Checks the settings and plans the connections.
pub fn plan(config: &BenchConfig) -> Result<Plan, BenchError> {
    let bad = |s: String| Err(BenchError::BadSetting(s));
    if !(1..=100_000).contains(&config.games) {
        return bad(format!("--games wants 1 to 100000, not {}", config.games));
    }
    if !(10..=30_000).contains(&config.pace_ms) {
        return bad(format!(
            "--pace-ms wants 10 to 30000 (a game's first move is due within 60 s), not {}",
            config.pace_ms
        ));
    }
    if !(config.seconds >= 0.5 && config.seconds <= 3600.0) {
        return bad(format!("--seconds wants 0.5 to 3600, not {}", config.seconds));
    }
    // Each connection is two open files in one process (the bot's end and
    // the server's), one against a server elsewhere.
    let ends = if config.server.is_some() { 1 } else { 2 };
    let most = (open_file_limit().saturating_sub(512) / ends) & !1;
    let connections = match config.connections {
        Some(c) if c < 2 || c % 2 == 1 || c > 2 * config.games => {
            return bad(format!("--connections wants an even number from 2 to twice --games, not {c}"));
        }
        Some(c) if c > most => {
            return bad(format!("--connections {c} passes the open-file limit here ({most} at most)"));
        }
        Some(c) => c,
        None => (2 * config.games).min(most),
    };
    if connections < 2 {
        return bad("the open-file limit leaves no room for connections".to_string());
    }
    let pairs = connections / 2;
    let per_pair: Vec<usize> =
        (0..pairs).map(|j| config.games / pairs + usize::from(j < config.games % pairs)).collect();
    let busiest = per_pair.iter().copied().max().unwrap_or(0);
    let rate = busiest as f64 * 1000.0 / (2.0 * config.pace_ms as f64);
    if rate > SAFE_RATE {
        let why = format!("{busiest} games a connection at --pace-ms {} send {rate:.0} moves a second", config.pace_ms);
        return bad(format!("{why}, over the {SAFE_RATE} the benchmark keeps to: a slower pace or more connections"));
    }
    Ok(Plan { connections, per_pair })
}

/// The games' setup: 8x8 Breakthrough, casual, live, on a clock no paced
/// side runs out of (the increment covers the pace).
fn spec(pace_ms: u64) -> Value {
    let increment = pace_ms.div_ceil(1000) + 1;
    json!({"variant": "breakthrough", "size": "8x8", "time": {"kind": "live", "control": format!("600+{increment}")}, "rated": false})
}

/// How the bots get in: by a session made for them, or by signing up.
enum Entry {
    Resume(Token),
    SignUp(String),
}

/// A server in this process over a scratch file, with `n` accounts and
/// their sessions made in one transaction: the server, the folder, and each
/// bot's name and way in.
async fn local(n: usize) -> Result<(RunningServer, PathBuf, Vec<(String, Entry)>), BenchError> {
    let dir = std::env::temp_dir().join(format!("breakline-serve-bench-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir)?;
    let mut store = SqliteStore::open(&dir.join("bench.sqlite3"))?;
    let now = server::now_ms();
    let tokens = (0..n).map(|_| Token::new()).collect::<Result<Vec<Token>, AccountError>>()?;
    let bots = store.batch(|store| {
        let mut bots = Vec::with_capacity(n);
        for (i, token) in tokens.into_iter().enumerate() {
            let name = format!("bench{i}");
            let id = store.create_account(&name, None, now)?;
            store.add_session(&token.hash(), id, now)?;
            bots.push((name, Entry::Resume(token)));
        }
        Ok(bots)
    })?;
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await?;
    let running = server::start(listener, Box::new(store), Limits::default()).await?;
    Ok((running, dir, bots))
}

/// Names for `n` bots signing up at a server elsewhere (a random stem, so
/// that a second run does not meet the first's names).
fn remote(n: usize) -> Result<Vec<(String, Entry)>, BenchError> {
    let stem = &crate::account::invitation_code()?;
    let stem: String = stem.chars().filter(char::is_ascii_alphanumeric).take(6).collect();
    Ok((0..n).map(|i| (format!("b{stem}{i}"), Entry::SignUp(BOT_PASSWORD.to_string()))).collect())
}

const BOT_PASSWORD: &str = "serve-bench password";

/// Connects to `url` and signs in by `entry`: the connection, ready to play.
async fn sign_in(url: String, entry: Entry, name: String) -> Result<Socket, BenchError> {
    let failed = |reason: String| BenchError::SignIn { url: url.clone(), reason };
    let (mut ws, _) = tokio_tungstenite::connect_async_with_config(url.as_str(), None, true)
        .await
        .map_err(|e| failed(e.to_string()))?;
    let body = match entry {
        Entry::Resume(token) => json!({"v": 1, "id": 0, "type": "resume", "token": token}),
        Entry::SignUp(password) => json!({"v": 1, "id": 0, "type": "sign_up", "name": name, "password": password}),
    };
    ws.send(Message::Text(body.to_string().into())).await.map_err(|e| failed(e.to_string()))?;
    let answer = tokio::time::timeout(SIGN_IN_PATIENCE, async {
        while let Some(frame) = ws.next().await {
            if let Ok(Message::Text(text)) = frame {
                let message: Value = serde_json::from_str(text.as_str()).unwrap_or_default();
                if message["id"] == json!(0) {
                    return Some(message);
                }
            }
        }
        None
    })
    .await;
    match answer {
        Ok(Some(message)) if message["type"] == "welcome" => Ok(ws),
        Ok(Some(message)) => Err(failed(format!("{}: {}", message["code"], message["message"]))),
        Ok(None) => Err(failed("the connection closed".to_string())),
        Err(_) => Err(failed(format!("no answer in {} s", SIGN_IN_PATIENCE.as_secs()))),
    }
}

/// Runs the benchmark on the current tokio runtime.
pub async fn run(config: &BenchConfig) -> Result<Report, BenchError> {
    let plan = plan(config)?;
    let setup = Instant::now();
    let (local, url, bots) = match &config.server {
        Some(url) => (None, url.clone(), remote(plan.connections)?),
        None => {
            let (running, dir, bots) = local(plan.connections).await?;
            let url = format!("ws://{}/ws", running.addr());
            (Some((running, dir)), url, bots)
        }
    };
    let mut memory = Memory { rss_kb_started: local.as_ref().and(rss_kb()), ..Memory::default() };
    let names: Vec<String> = bots.iter().map(|(name, _)| name.clone()).collect();
    let sockets = futures_util::stream::iter(bots)
        .map(|(name, entry)| sign_in(url.clone(), entry, name))
        .buffered(CONNECTING)
        .collect::<Vec<_>>()
        .await
        .into_iter()
        .collect::<Result<Vec<Socket>, BenchError>>();
    let sockets = match sockets {
        Ok(sockets) => sockets,
        Err(e) => {
            stop(local).await;
            return Err(e);
        }
    };
    memory.rss_kb_connected = local.as_ref().and(rss_kb());
    let (open, window) = watch::channel(None);
    let pace = Duration::from_millis(config.pace_ms);
    let shared = Shared { window, started: Arc::new(AtomicUsize::new(0)), pace, spec: spec(config.pace_ms) };
    let players = start_players(sockets, &names, &plan, &shared);
    let games_live = wait_for_games(&shared, config.games, &players).await;
    let setup_seconds = setup.elapsed().as_secs_f64();
    memory.rss_kb_games = local.as_ref().and(rss_kb());
    let start = Instant::now();
    let end = start + Duration::from_secs_f64(config.seconds);
    let _ = open.send(Some(Window { start, end }));
    tokio::time::sleep_until(end).await;
    memory.rss_kb_end = local.as_ref().and(rss_kb());
    let load = load_average();
    let mut tallies = Vec::new();
    for player in players {
        tallies.push(player.await.unwrap_or_else(|_| lost()));
    }
    stop(local).await;
    let server = if config.server.is_some() {
        url
    } else {
        "in-process, a scratch SQLite file (WAL, synchronous = FULL)".to_string()
    };
    let context = Context { server, games_live, setup_seconds, memory, load, plan };
    Ok(summarize(config, context, tallies))
}

fn lost() -> Tally {
    let mut tally = Tally::default();
    tally.errors.insert("bot_task_failed".to_string(), 1);
    tally
}

async fn stop(local: Option<(RunningServer, PathBuf)>) {
    if let Some((running, dir)) = local {
        running.stop().await;
        let _ = std::fs::remove_dir_all(dir);
    }
}

/// Each pair's two players as tasks: the first challenges the second.
fn start_players(
    sockets: Vec<Socket>,
    names: &[String],
    plan: &Plan,
    shared: &Shared,
) -> Vec<tokio::task::JoinHandle<Tally>> {
    let mut players = Vec::with_capacity(sockets.len());
    for (i, ws) in sockets.into_iter().enumerate() {
        let pair = i / 2;
        let role = if i % 2 == 0 {
            Role::Challenger { partner: names[i + 1].clone(), games: plan.per_pair[pair] }
        } else {
            Role::Acceptor
        };
        players.push(tokio::spawn(Player::new(ws, role, shared.clone(), i as u64 + 1).run()));
    }
    players
}

/// Waits until `games` games have started (or the patience ran out, or
/// every player stopped): how many did.
async fn wait_for_games(shared: &Shared, games: usize, players: &[tokio::task::JoinHandle<Tally>]) -> usize {
    let deadline = Instant::now() + SETUP_PATIENCE;
    loop {
        let started = shared.started.load(Ordering::Relaxed);
        if started >= games || Instant::now() >= deadline || players.iter().all(|p| p.is_finished()) {
            return started.min(games);
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
}

/// What the run's setup found, for the report.
struct Context {
    server: String,
    games_live: usize,
    setup_seconds: f64,
    memory: Memory,
    load: Option<String>,
    plan: Plan,
}

fn summarize(config: &BenchConfig, context: Context, tallies: Vec<Tally>) -> Report {
    let mut latencies = Vec::new();
    let mut errors = std::collections::BTreeMap::new();
    let (mut started, mut ended) = (0, 0);
    for tally in tallies {
        latencies.extend(tally.latencies);
        for (code, n) in tally.errors {
            *errors.entry(code).or_insert(0) += n;
        }
        started += tally.games_started;
        ended += tally.games_ended;
    }
    let mut memory = context.memory;
    let games = config.games as f64;
    memory.kb_per_game = memory
        .rss_kb_end
        .zip(memory.rss_kb_connected)
        .map(|(end, connected)| end.saturating_sub(connected) as f64 / games);
    memory.kb_per_connection = memory
        .rss_kb_connected
        .zip(memory.rss_kb_started)
        .map(|(connected, started)| connected.saturating_sub(started) as f64 / context.plan.connections as f64);
    let moves = latencies.len() as u64;
    Report {
        server: context.server,
        games: config.games,
        games_live: context.games_live,
        connections: context.plan.connections,
        games_per_connection: context.plan.per_pair.iter().copied().max().unwrap_or(0),
        pace_ms: config.pace_ms,
        seconds: config.seconds,
        setup_seconds: context.setup_seconds,
        moves,
        moves_per_second: moves as f64 / config.seconds,
        paced_moves_per_second: games * 1000.0 / config.pace_ms as f64,
        latency_ms: Latency::of(&mut latencies),
        errors: errors.values().sum(),
        error_codes: errors,
        games_started: started,
        games_ended: ended,
        memory,
        load_average: context.load,
    }
}
