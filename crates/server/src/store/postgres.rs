//! The shared store: PostgreSQL, for several server processes at once
//! (`breakline serve --postgres URL`). Accounts, sessions and ratings are
//! one for all of them; a game in play is served by one process at a time.
//!
//! The ownership rule. Each process opens the store with an id of its own
//! (host, process id and start time). A game in play carries the id of the
//! process serving it (`games.server`) and a lease (`games.lease_until`, on
//! the database's clock, so the machines' clocks do not matter) that the
//! process renews every third of the lease while it runs, and with every
//! write. A process claims a game that has no server, is its own, or whose
//! server's lease lapsed (the process crashed or lost the database): at its
//! start ([`Store::games_in_play`]), when a client asks it for one
//! ([`Store::claim_game`]), and every few seconds for the games no live
//! process serves ([`Store::adopt_orphans`]: a crashed process's games go
//! on, their clocks and bots too, though no one asks); a game another live process serves is refused
//! with [`StoreError::ServedElsewhere`]. Every write of a game checks the
//! game is still the writer's, in the write's own transaction, so a process
//! that lost a game to a takeover cannot acknowledge a move in it. A
//! process that stops in order (its store dropped) lets go of its games at
//! once; a crashed one's wait out the lease.
//!
//! The client is the blocking `postgres` crate (tokio-postgres under a
//! runtime of its own) on a thread of the store's own: the hub calls the
//! store synchronously from inside tokio's workers, where the blocking
//! client would panic (a runtime started within a runtime), and the thread
//! is also where the leases are renewed when nothing else is written.

use std::sync::mpsc;
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

use breakline_library::glicko::Glicko;
use postgres::{Client, NoTls, Row, Transaction};

use super::{Account, RatingUpdate, Store, StoreError};
use crate::game::StoredGame;
use crate::ids::{GameId, PlayerId};
use crate::rating::RatingKey;

/// The schema's version; a database of a newer one is refused.
pub const SCHEMA_VERSION: i32 = 1;

const SCHEMA: &str = "
CREATE TABLE IF NOT EXISTS schema_version (version INTEGER NOT NULL);
CREATE TABLE IF NOT EXISTS players (
    id BIGSERIAL PRIMARY KEY, name TEXT NOT NULL, password_hash TEXT, created_ms BIGINT NOT NULL);
CREATE UNIQUE INDEX IF NOT EXISTS players_name ON players (lower(name));
CREATE TABLE IF NOT EXISTS sessions (
    token_hash BYTEA PRIMARY KEY, player BIGINT NOT NULL REFERENCES players (id),
    created_ms BIGINT NOT NULL);
CREATE TABLE IF NOT EXISTS games (
    id BIGSERIAL PRIMARY KEY, spec TEXT NOT NULL,
    white BIGINT NOT NULL REFERENCES players (id), black BIGINT NOT NULL REFERENCES players (id),
    white_name TEXT NOT NULL, black_name TEXT NOT NULL,
    clock TEXT NOT NULL, result TEXT NOT NULL, over BOOLEAN NOT NULL,
    version BIGINT NOT NULL, created_ms BIGINT NOT NULL,
    server TEXT, lease_until TIMESTAMPTZ);
CREATE INDEX IF NOT EXISTS games_in_play ON games (id) WHERE NOT over;
CREATE TABLE IF NOT EXISTS moves (
    game BIGINT NOT NULL REFERENCES games (id), ply INTEGER NOT NULL, mv TEXT NOT NULL,
    PRIMARY KEY (game, ply));
CREATE TABLE IF NOT EXISTS ratings (
    player BIGINT NOT NULL REFERENCES players (id), key TEXT NOT NULL,
    rating DOUBLE PRECISION NOT NULL, deviation DOUBLE PRECISION NOT NULL,
    volatility DOUBLE PRECISION NOT NULL, PRIMARY KEY (player, key));";

/// Any number of ours: the advisory lock that makes the schema's creation
/// one process's at a time (two `CREATE ... IF NOT EXISTS` at once can fail).
const SCHEMA_LOCK: i64 = 0x6272_6b6c_6e65;

/// The first key of the players' rating locks.
const RATING_LOCKS: i32 = 0x6272;

const GAME_COLUMNS: &str = "id, spec, white, black, white_name, black_name, clock, result, version";

/// A claim's condition: the game is free, this process's, or its lease lapsed ($1: this process).
const CLAIMABLE: &str = "NOT over AND (server IS NULL OR server = $1 OR lease_until < now())";

/// How long a process's games stay its own without a renewal, unless told.
pub const DEFAULT_LEASE: Duration = Duration::from_secs(30);

/// A PostgreSQL error, in one line.
#[derive(Debug, thiserror::Error)]
#[error("{0}")]
pub struct PgError(String);

impl From<postgres::Error> for PgError {
    fn from(e: postgres::Error) -> PgError {
        let text = match e.as_db_error() {
            Some(db) => format!("{}: {}", db.severity(), db.message()),
            // The kind ("error connecting to server"), then its causes.
            None => {
                let mut text = e.to_string();
                let mut cause = std::error::Error::source(&e);
                while let Some(c) = cause {
                    text = format!("{text}: {c}");
                    cause = c.source();
                }
                text
            }
        };
        PgError(text.split_whitespace().collect::<Vec<_>>().join(" "))
    }
}

impl From<postgres::Error> for StoreError {
    fn from(e: postgres::Error) -> StoreError {
        StoreError::Postgres(e.into())
    }
}

/// What the store's thread holds: the connection and who this process is.
struct Conn {
    client: Client,
    config: postgres::Config,
    server: String,
    lease_secs: f64,
}

type Job = Box<dyn FnOnce(&mut Conn) + Send>;

/// A PostgreSQL database several server processes share.
pub struct PostgresStore {
    jobs: Option<mpsc::Sender<Job>>,
    worker: Option<JoinHandle<()>>,
    server: String,
}

impl PostgresStore {
    /// Connects to `url` (`postgres://user@host:port/db` or the key=value
    /// form), makes the schema where missing, and starts the thread that
    /// renews this process's leases of `lease`.
    pub fn open(url: &str, lease: Duration) -> Result<PostgresStore, StoreError> {
        let mut config: postgres::Config = url.parse().map_err(|e: postgres::Error| StoreError::from(e))?;
        if config.get_connect_timeout().is_none() {
            config.connect_timeout(Duration::from_secs(10));
        }
        let server = server_id();
        config.application_name(&format!("breakline serve {server}"));
        let (ready_tx, ready_rx) = mpsc::channel();
        let (jobs, queue) = mpsc::channel::<Job>();
        let (config2, server2) = (config.clone(), server.clone());
        let worker = std::thread::Builder::new()
            .name("breakline-postgres".into())
            .spawn(move || {
                let opened = config2.connect(NoTls).map_err(StoreError::from).and_then(|mut client| {
                    create_schema(&mut client)?;
                    Ok(client)
                });
                let client = match opened {
                    Ok(client) => client,
                    Err(e) => {
                        let _ = ready_tx.send(Err(e));
                        return;
                    }
                };
                let _ = ready_tx.send(Ok(()));
                let conn = Conn { client, config: config2, server: server2, lease_secs: lease.as_secs_f64() };
                serve_jobs(conn, &queue, lease / 3);
            })
            .map_err(|_| StoreError::Stopped)?;
        ready_rx.recv().map_err(|_| StoreError::Stopped)??;
        Ok(PostgresStore { jobs: Some(jobs), worker: Some(worker), server })
    }

    /// This process's id in `games.server`.
    pub fn server_id(&self) -> &str {
        &self.server
    }

    /// Runs `job` on the store's thread and waits for its answer.
    fn call<T: Send + 'static>(
        &self,
        job: impl FnOnce(&mut Conn) -> Result<T, StoreError> + Send + 'static,
    ) -> Result<T, StoreError> {
        let (answer, answered) = mpsc::sync_channel(1);
        let jobs = self.jobs.as_ref().ok_or(StoreError::Stopped)?;
        jobs.send(Box::new(move |conn: &mut Conn| {
            let _ = answer.send(conn.reconnected().and_then(|()| job(conn)));
        }))
        .map_err(|_| StoreError::Stopped)?;
        answered.recv().map_err(|_| StoreError::Stopped)?
    }
}

impl Drop for PostgresStore {
    /// Ends the thread, which first lets go of this process's games.
    fn drop(&mut self) {
        self.jobs = None;
        if let Some(worker) = self.worker.take() {
            let _ = worker.join();
        }
    }
}

/// The store's thread: jobs as they come, the leases renewed every
/// `renew_every`, this process's games let go of when the store is dropped.
fn serve_jobs(mut conn: Conn, queue: &mpsc::Receiver<Job>, renew_every: Duration) {
    let mut renewed = Instant::now();
    loop {
        match queue.recv_timeout(renew_every.saturating_sub(renewed.elapsed())) {
            Ok(job) => job(&mut conn),
            Err(mpsc::RecvTimeoutError::Timeout) => {}
            Err(mpsc::RecvTimeoutError::Disconnected) => break,
        }
        if renewed.elapsed() >= renew_every {
            renewed = Instant::now();
            if let Err(e) = conn.reconnected().and_then(|()| conn.renew()) {
                eprintln!("breakline serve: the games' leases were not renewed: {e}");
            }
        }
    }
    if !conn.client.is_closed() {
        let released = "UPDATE games SET server = NULL, lease_until = NULL WHERE server = $1";
        if let Err(e) = conn.client.execute(released, &[&conn.server]) {
            eprintln!("breakline serve: the games were not let go of: {}", StoreError::from(e));
        }
    }
}

/// `host-pid-start`: unique among the processes sharing a database.
fn server_id() -> String {
    let host = std::fs::read_to_string("/proc/sys/kernel/hostname").unwrap_or_default();
    let host = if host.trim().is_empty() { "server" } else { host.trim() };
    let started = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.as_nanos());
    format!("{host}-{}-{:x}", std::process::id(), started % (1 << 48))
}

/// Makes the schema where missing, one process at a time, and checks its version.
fn create_schema(client: &mut Client) -> Result<(), StoreError> {
    let mut tx = client.transaction()?;
    tx.execute("SELECT pg_advisory_xact_lock($1)", &[&SCHEMA_LOCK])?;
    tx.batch_execute(SCHEMA)?;
    let version: Option<i32> = tx.query_opt("SELECT max(version) FROM schema_version", &[])?.and_then(|r| r.get(0));
    match version {
        Some(v) if v > SCHEMA_VERSION => return Err(StoreError::SchemaNewer(v)),
        Some(_) => {}
        None => {
            tx.execute("INSERT INTO schema_version (version) VALUES ($1)", &[&SCHEMA_VERSION])?;
        }
    }
    tx.commit()?;
    Ok(())
}

impl Conn {
    /// Connects again if the connection was lost (the server restarted, the network failed).
    fn reconnected(&mut self) -> Result<(), StoreError> {
        if self.client.is_closed() {
            self.client = self.config.connect(NoTls)?;
        }
        Ok(())
    }

    /// Renews the lease of every game in play this process serves.
    fn renew(&mut self) -> Result<(), StoreError> {
        let sql = "UPDATE games SET lease_until = now() + make_interval(secs => $2) WHERE server = $1 AND NOT over";
        self.client.execute(sql, &[&self.server, &self.lease_secs])?;
        Ok(())
    }

    fn games_where(&mut self, condition: &str, arg: i64) -> Result<Vec<StoredGame>, StoreError> {
        let sql = format!("SELECT {GAME_COLUMNS} FROM games WHERE {condition} ORDER BY id");
        let rows = self.client.query(&sql, &[&arg])?;
        rows.iter().map(|row| self.game_row(row)).collect()
    }

    fn game_row(&mut self, row: &Row) -> Result<StoredGame, StoreError> {
        let id = GameId(row.get(0));
        let moves = self.client.query("SELECT mv FROM moves WHERE game = $1 ORDER BY ply", &[&id.0])?;
        Ok(StoredGame {
            id,
            spec: serde_json::from_str(row.get(1))?,
            players: [PlayerId(row.get(2)), PlayerId(row.get(3))],
            names: [row.get(4), row.get(5)],
            moves: moves.iter().map(|r| r.get(0)).collect(),
            clock: serde_json::from_str(row.get(6))?,
            result: serde_json::from_str(row.get(7))?,
            version: row.get::<_, i64>(8) as u64,
        })
    }

    /// Claims the game `id` if it can: whether it did.
    fn claim(&mut self, id: GameId) -> Result<bool, StoreError> {
        let sql = format!(
            "UPDATE games SET server = $1, lease_until = now() + make_interval(secs => $2) WHERE id = $3 AND {CLAIMABLE}"
        );
        Ok(self.client.execute(&sql, &[&self.server, &self.lease_secs, &id.0])? == 1)
    }

    fn save_game(&mut self, game: &StoredGame, kept: u32, ratings: &[RatingUpdate]) -> Result<(), StoreError> {
        let (server, lease) = (self.server.clone(), self.lease_secs);
        let mut tx = self.client.transaction()?;
        // The game's row first: it locks the row and fences a process whose
        // game was taken over.
        let updated = tx.execute(
            "UPDATE games SET clock = $3, result = $4, over = $5, version = $6,
             lease_until = now() + make_interval(secs => $7) WHERE id = $1 AND server = $2",
            &[
                &game.id.0,
                &server,
                &serde_json::to_string(&game.clock)?,
                &serde_json::to_string(&game.result)?,
                &game.result.is_over(),
                &(game.version as i64),
                &lease,
            ],
        )?;
        if updated != 1 {
            return Err(StoreError::ServedElsewhere(game.id));
        }
        tx.execute("DELETE FROM moves WHERE game = $1 AND ply >= $2", &[&game.id.0, &(kept as i32)])?;
        let insert = tx.prepare("INSERT INTO moves (game, ply, mv) VALUES ($1, $2, $3)")?;
        for (ply, mv) in game.moves.iter().enumerate().skip(kept as usize) {
            tx.execute(&insert, &[&game.id.0, &(ply as i32), mv])?;
        }
        write_ratings(&mut tx, ratings)?;
        tx.commit()?;
        Ok(())
    }
}

/// Writes `ratings` if each is still its `before`; the players' advisory
/// locks, taken in order, make the check and the write one step even for a
/// first rating (no row yet to lock).
fn write_ratings(tx: &mut Transaction<'_>, ratings: &[RatingUpdate]) -> Result<(), StoreError> {
    let mut players: Vec<i64> = ratings.iter().map(|r| r.player.0).collect();
    players.sort_unstable();
    players.dedup();
    for player in players {
        // The two-key form (a space apart from the schema's one-key lock);
        // ids past 2^31 share locks, which only makes them wait on each other.
        tx.execute("SELECT pg_advisory_xact_lock($1, $2)", &[&RATING_LOCKS, &(player as i32)])?;
    }
    for update in ratings {
        let key = update.key.id();
        let now = tx.query_opt(
            "SELECT rating, deviation, volatility FROM ratings WHERE player = $1 AND key = $2",
            &[&update.player.0, &key],
        )?;
        if now.map_or_else(Glicko::default, |r| glicko(&r)) != update.before {
            return Err(StoreError::RatingMoved);
        }
        let g = update.after;
        tx.execute(
            "INSERT INTO ratings (player, key, rating, deviation, volatility) VALUES ($1, $2, $3, $4, $5)
             ON CONFLICT (player, key) DO UPDATE SET rating = $3, deviation = $4, volatility = $5",
            &[&update.player.0, &key, &g.rating, &g.deviation, &g.volatility],
        )?;
    }
    Ok(())
}

fn glicko(row: &Row) -> Glicko {
    Glicko { rating: row.get(0), deviation: row.get(1), volatility: row.get(2) }
}

fn account_row(row: &Row) -> Account {
    Account { id: PlayerId(row.get(0)), name: row.get(1), password_hash: row.get(2) }
}

impl Store for PostgresStore {
    fn create_account(&mut self, name: &str, password_hash: Option<&str>, now: u64) -> Result<PlayerId, StoreError> {
        let (name, hash) = (name.to_string(), password_hash.map(str::to_string));
        self.call(move |c| {
            let row = c.client.query_opt(
                "INSERT INTO players (name, password_hash, created_ms) VALUES ($1, $2, $3)
                 ON CONFLICT DO NOTHING RETURNING id",
                &[&name, &hash, &(now as i64)],
            )?;
            row.map(|r| PlayerId(r.get(0))).ok_or(StoreError::NameTaken)
        })
    }

    fn account(&self, name: &str) -> Result<Option<Account>, StoreError> {
        let name = name.to_string();
        self.call(move |c| {
            let sql = "SELECT id, name, password_hash FROM players WHERE lower(name) = lower($1)";
            Ok(c.client.query_opt(sql, &[&name])?.as_ref().map(account_row))
        })
    }

    fn add_session(&mut self, token_hash: &[u8; 32], player: PlayerId, now: u64) -> Result<(), StoreError> {
        let token = token_hash.to_vec();
        self.call(move |c| {
            let sql = "INSERT INTO sessions (token_hash, player, created_ms) VALUES ($1, $2, $3)";
            c.client.execute(sql, &[&token, &player.0, &(now as i64)])?;
            Ok(())
        })
    }

    fn session(&self, token_hash: &[u8; 32]) -> Result<Option<Account>, StoreError> {
        let token = token_hash.to_vec();
        self.call(move |c| {
            let sql = "SELECT p.id, p.name, p.password_hash FROM sessions s JOIN players p ON p.id = s.player
                       WHERE s.token_hash = $1";
            Ok(c.client.query_opt(sql, &[&token])?.as_ref().map(account_row))
        })
    }

    fn create_game(&mut self, game: &StoredGame, now: u64) -> Result<GameId, StoreError> {
        let game = game.clone();
        self.call(move |c| {
            let row = c.client.query_one(
                "INSERT INTO games (spec, white, black, white_name, black_name, clock, result, over, version,
                 created_ms, server, lease_until)
                 VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, now() + make_interval(secs => $12))
                 RETURNING id",
                &[
                    &serde_json::to_string(&game.spec)?,
                    &game.players[0].0,
                    &game.players[1].0,
                    &game.names[0],
                    &game.names[1],
                    &serde_json::to_string(&game.clock)?,
                    &serde_json::to_string(&game.result)?,
                    &game.result.is_over(),
                    &(game.version as i64),
                    &(now as i64),
                    &c.server,
                    &c.lease_secs,
                ],
            )?;
            Ok(GameId(row.get(0)))
        })
    }

    fn save_game(&mut self, game: &StoredGame, kept: u32, ratings: &[RatingUpdate]) -> Result<(), StoreError> {
        let (game, ratings) = (game.clone(), ratings.to_vec());
        self.call(move |c| c.save_game(&game, kept, &ratings))
    }

    fn game(&self, id: GameId) -> Result<Option<StoredGame>, StoreError> {
        self.call(move |c| Ok(c.games_where("id = $1", id.0)?.pop()))
    }

    fn claim_game(&mut self, id: GameId) -> Result<Option<StoredGame>, StoreError> {
        self.call(move |c| {
            let claimed = c.claim(id)?;
            let game = c.games_where("id = $1", id.0)?.pop();
            match game {
                Some(game) if !claimed && !game.result.is_over() => Err(StoreError::ServedElsewhere(id)),
                found => Ok(found),
            }
        })
    }

    fn games_in_play(&mut self) -> Result<Vec<StoredGame>, StoreError> {
        self.call(|c| {
            let sql = format!(
                "UPDATE games SET server = $1, lease_until = now() + make_interval(secs => $2) WHERE {CLAIMABLE}"
            );
            c.client.execute(&sql, &[&c.server, &c.lease_secs])?;
            let sql = format!("SELECT {GAME_COLUMNS} FROM games WHERE server = $1 AND NOT over ORDER BY id");
            let rows = c.client.query(&sql, &[&c.server])?;
            rows.iter().map(|row| c.game_row(row)).collect()
        })
    }

    fn adopt_orphans(&mut self) -> Result<Vec<StoredGame>, StoreError> {
        self.call(|c| {
            let sql = "UPDATE games SET server = $1, lease_until = now() + make_interval(secs => $2)
                       WHERE NOT over AND (server IS NULL OR (server <> $1 AND lease_until < now())) RETURNING id";
            let ids: Vec<i64> = c.client.query(sql, &[&c.server, &c.lease_secs])?.iter().map(|r| r.get(0)).collect();
            let mut games = Vec::with_capacity(ids.len());
            for id in ids {
                games.extend(c.games_where("id = $1", id)?);
            }
            Ok(games)
        })
    }

    fn rating(&self, player: PlayerId, key: RatingKey) -> Result<Glicko, StoreError> {
        self.call(move |c| {
            let sql = "SELECT rating, deviation, volatility FROM ratings WHERE player = $1 AND key = $2";
            Ok(c.client.query_opt(sql, &[&player.0, &key.id()])?.as_ref().map_or_else(Glicko::default, glicko))
        })
    }
}
