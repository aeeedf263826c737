//! A test client speaking the protocol's JSON, and the servers it talks to
//! (over an SQLite file, or a PostgreSQL database where the test asks).

use std::collections::VecDeque;
use std::net::SocketAddr;
use std::path::{Path, PathBuf};
use std::time::Duration;

use breakline_server::limits::Limits;
use breakline_server::server::{self, RunningServer};
use breakline_server::store::Store;
use breakline_server::store::postgres::{DEFAULT_LEASE, PostgresStore};
use breakline_server::store::sqlite::SqliteStore;
use futures_util::{SinkExt, StreamExt};
use serde_json::{Value, json};
use tokio::net::{TcpListener, TcpStream};
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::{MaybeTlsStream, WebSocketStream};

/// How long a test waits for any one message.
const PATIENCE: Duration = Duration::from_secs(10);

/// A fresh folder of this test's own.
pub fn scratch(test: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("breakline-server-{test}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("a scratch folder");
    dir
}

/// Where a test server keeps its data.
#[derive(Clone, Debug)]
pub enum Db {
    /// An SQLite file.
    Sqlite(PathBuf),
    /// A PostgreSQL database's connection string, and the lease of its processes' games.
    Postgres(String, Duration),
}

impl From<&PathBuf> for Db {
    fn from(path: &PathBuf) -> Db {
        Db::Sqlite(path.clone())
    }
}

impl From<&Path> for Db {
    fn from(path: &Path) -> Db {
        Db::Sqlite(path.to_path_buf())
    }
}

impl From<&Db> for Db {
    fn from(db: &Db) -> Db {
        db.clone()
    }
}

/// Set (by `tests/online/postgres.sh`), every test's SQLite file becomes a
/// PostgreSQL database of its own at `BREAKLINE_TEST_POSTGRES`: the same
/// suite over PostgreSQL.
pub const ON_POSTGRES: &str = "BREAKLINE_TEST_ON_POSTGRES";

/// The PostgreSQL server to test against, from `tests/online/postgres.sh`:
/// its key=value connection string with no `dbname`.
pub fn admin() -> String {
    std::env::var("BREAKLINE_TEST_POSTGRES")
        .expect("BREAKLINE_TEST_POSTGRES names no PostgreSQL: run tests/online/postgres.sh")
}

/// Runs each of `statements` on `conninfo`, on a thread of its own (the
/// blocking client panics on the runtime's).
pub fn run_sql(conninfo: String, statements: Vec<String>) {
    std::thread::spawn(move || {
        let mut client = postgres::Client::connect(&conninfo, postgres::NoTls).expect("PostgreSQL answers");
        for statement in statements {
            client.batch_execute(&statement).unwrap_or_else(|e| panic!("{statement}: {e}"));
        }
    })
    .join()
    .expect("the SQL's thread");
}

/// A fresh database for `test`: its connection string.
pub fn fresh(test: &str) -> String {
    let name = format!("breakline_test_{test}");
    let drop = format!("DROP DATABASE IF EXISTS {name} WITH (FORCE)");
    run_sql(format!("{} dbname=postgres", admin()), vec![drop, format!("CREATE DATABASE {name}")]);
    format!("{} dbname={name}", admin())
}

/// The PostgreSQL database standing for the SQLite file at `path` (its
/// folder is the test's own): made the first time, the same one after (a
/// restart opens it again).
fn standing_for(path: &Path) -> String {
    let named = path.parent().and_then(Path::file_name).map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
    let named: String =
        named.chars().map(|c| if c.is_ascii_alphanumeric() { c.to_ascii_lowercase() } else { '_' }).collect();
    let name: String = format!("suite_{named}").chars().take(63).collect();
    let exists = format!("SELECT 1 FROM pg_database WHERE datname = '{name}'");
    let conninfo = format!("{} dbname=postgres", admin());
    let found = std::thread::spawn(move || {
        let mut client = postgres::Client::connect(&conninfo, postgres::NoTls).expect("PostgreSQL answers");
        client.query_opt(&exists, &[]).expect("pg_database").is_some()
    })
    .join()
    .expect("the SQL's thread");
    if !found {
        run_sql(format!("{} dbname=postgres", admin()), vec![format!("CREATE DATABASE {name}")]);
    }
    format!("{} dbname={name}", admin())
}

/// A server on a free loopback port over `db` (an SQLite file's path, or a
/// [`Db`]; the file stands for a PostgreSQL database where [`ON_POSTGRES`] is set).
pub async fn serve(db: impl Into<Db>, limits: Limits) -> RunningServer {
    let listener = TcpListener::bind("127.0.0.1:0").await.expect("a loopback port");
    let db = match db.into() {
        Db::Sqlite(path) if std::env::var_os(ON_POSTGRES).is_some() => Db::Postgres(standing_for(&path), DEFAULT_LEASE),
        db => db,
    };
    let store: Box<dyn Store> = match db {
        Db::Sqlite(path) => Box::new(SqliteStore::open(&path).expect("the store opens")),
        Db::Postgres(url, lease) => Box::new(PostgresStore::open(&url, lease).expect("PostgreSQL opens")),
    };
    server::start(listener, store, limits).await.expect("the server starts")
}

/// Limits loose enough for a fuzz to reach the parser.
pub fn loose() -> Limits {
    Limits { messages_per_second: 1e6, burst: 1e6, ..Limits::default() }
}

/// A 5x5 Breakthrough game's setup: live 5+0 or correspondence 3 days.
pub fn five_by_five(rated: bool, live: bool) -> Value {
    let time =
        if live { json!({"kind": "live", "control": "300+0"}) } else { json!({"kind": "correspondence", "days": 3}) };
    json!({"variant": "breakthrough", "size": "5x5", "time": time, "rated": rated})
}

/// A client of the protocol, keeping what it read and has not looked at yet.
pub struct Client {
    ws: WebSocketStream<MaybeTlsStream<TcpStream>>,
    next_id: u64,
    unread: VecDeque<Value>,
    /// The session token from `welcome`.
    pub token: String,
    /// The account's id.
    pub player: i64,
}

impl Client {
    /// Connects to a server.
    pub async fn connect(addr: SocketAddr) -> Client {
        let url = format!("ws://{addr}/ws");
        let (ws, _) = tokio_tungstenite::connect_async_with_config(url, None, true).await.expect("connects");
        Client { ws, next_id: 0, unread: VecDeque::new(), token: String::new(), player: 0 }
    }

    /// Connects and signs up as `name`.
    pub async fn signed_up(addr: SocketAddr, name: &str) -> Client {
        let mut client = Client::connect(addr).await;
        let welcome = client.request(json!({"type": "sign_up", "name": name, "password": "a long password"})).await;
        client.welcomed(&welcome);
        client
    }

    /// Connects and signs in as `name` (signed up with [`Client::signed_up`]).
    pub async fn signed_in(addr: SocketAddr, name: &str) -> Client {
        let mut client = Client::connect(addr).await;
        let welcome = client.request(json!({"type": "sign_in", "name": name, "password": "a long password"})).await;
        client.welcomed(&welcome);
        client
    }

    /// Connects and resumes a session.
    pub async fn resumed(addr: SocketAddr, token: &str) -> Client {
        let mut client = Client::connect(addr).await;
        let welcome = client.request(json!({"type": "resume", "token": token})).await;
        client.welcomed(&welcome);
        client
    }

    /// Keeps a `welcome`'s token and id.
    pub fn welcomed(&mut self, welcome: &Value) {
        assert_eq!(welcome["type"], "welcome", "{welcome}");
        self.token = welcome["token"].as_str().expect("a token").to_string();
        self.player = welcome["player"].as_i64().expect("an id");
    }

    /// Sends a text frame as it is.
    pub async fn send_text(&mut self, text: String) {
        self.ws.send(Message::Text(text.into())).await.expect("sent");
    }

    /// Sends a binary frame.
    pub async fn send_binary(&mut self, bytes: Vec<u8>) {
        self.ws.send(Message::Binary(bytes.into())).await.expect("sent");
    }

    /// Sends `body` as a version-1 message with a new id: the id.
    pub async fn send(&mut self, mut body: Value) -> u64 {
        self.next_id += 1;
        body["v"] = json!(1);
        body["id"] = json!(self.next_id);
        self.send_text(body.to_string()).await;
        self.next_id
    }

    /// The next message from the server, read or kept.
    pub async fn next(&mut self) -> Value {
        if let Some(kept) = self.unread.pop_front() {
            return kept;
        }
        self.read().await
    }

    async fn read(&mut self) -> Value {
        loop {
            let frame = tokio::time::timeout(PATIENCE, self.ws.next()).await.expect("a message in time");
            match frame.expect("the connection is open").expect("a frame") {
                Message::Text(text) => {
                    let value: Value = serde_json::from_str(text.as_str()).expect("JSON");
                    assert_eq!(value["v"], 1, "{value}");
                    return value;
                }
                Message::Close(_) => panic!("the server closed the connection"),
                _ => {}
            }
        }
    }

    /// Sends `body` and waits for its direct answer, keeping what came before.
    pub async fn request(&mut self, body: Value) -> Value {
        let id = self.send(body).await;
        loop {
            let message = self.read().await;
            if message["id"] == json!(id) {
                return message;
            }
            self.unread.push_back(message);
        }
    }

    /// The first message, kept or new, that `wanted` accepts (the others are kept).
    pub async fn wait_for(&mut self, wanted: impl Fn(&Value) -> bool) -> Value {
        if let Some(i) = self.unread.iter().position(&wanted) {
            return self.unread.remove(i).expect("found");
        }
        loop {
            let message = self.read().await;
            if wanted(&message) {
                return message;
            }
            self.unread.push_back(message);
        }
    }

    /// The next event of `game` with `event` as its kind.
    pub async fn event(&mut self, game: i64, event: &str) -> Value {
        self.wait_for(|m| m["type"] == "event" && m["game"] == game && m["event"] == event).await
    }

    /// Closes the connection.
    pub async fn close(mut self) {
        let _ = self.ws.close(None).await;
    }
}

/// Asserts that `answer` is an error of `code`.
pub fn assert_error(answer: &Value, code: &str) {
    assert_eq!((&answer["type"], &answer["code"]), (&json!("error"), &json!(code)), "{answer}");
}

/// Alice seeks (as White) and Bob accepts: the game's id, once both know it started.
pub async fn paired(alice: &mut Client, bob: &mut Client, spec: Value) -> i64 {
    let seeking = alice.request(json!({"type": "seek", "spec": spec, "colour": "white"})).await;
    assert_eq!(seeking["type"], "seeking", "{seeking}");
    let accepted = bob.request(json!({"type": "accept_seek", "seek": seeking["seek"]})).await;
    assert_eq!(accepted["type"], "done", "{accepted}");
    let started = alice.wait_for(|m| m["type"] == "game_started").await;
    assert_eq!(started["side"], "white");
    let theirs = bob.wait_for(|m| m["type"] == "game_started").await;
    assert_eq!(theirs["side"], "black");
    assert_eq!(started["state"]["version"], 1);
    started["state"]["game"].as_i64().expect("a game id")
}

/// The game's position after `moves`.
pub fn position_after(moves: &[String]) -> breakline_rules::position::Position {
    let size = breakline_rules::BoardSize::new(5, 5);
    let mut position =
        breakline_rules::position::Position::start(breakline_rules::Variant::Breakthrough, size).expect("5x5");
    for m in moves {
        position.play_text(m).expect("a legal move");
    }
    position
}

/// The scripted move at a position: the last legal move the rules list
/// (the engine's order is fixed, so the script is the same every run).
pub fn scripted(position: &breakline_rules::position::Position) -> String {
    let moves = position.legal_moves();
    position.move_name(*moves.last().expect("a move to play"))
}

/// White (`players[0]`) and Black play `game`'s scripted moves from `played`
/// until it ends or `stop_at` moves are played: the moves, all acknowledged.
pub async fn play_on(players: [&mut Client; 2], game: i64, mut played: Vec<String>, stop_at: usize) -> Vec<String> {
    let [white, black] = players;
    loop {
        let position = position_after(&played);
        if position.outcome().is_over() || played.len() >= stop_at {
            return played;
        }
        let mv = scripted(&position);
        let ply = played.len();
        let mover = if position.side_to_move() == breakline_rules::Side::White { &mut *white } else { &mut *black };
        let ack = mover.request(json!({"type": "move", "game": game, "ply": ply, "move": mv})).await;
        assert_eq!((&ack["type"], &ack["ply"]), (&json!("move_ack"), &json!(ply)), "{ack}");
        for client in [&mut *white, &mut *black] {
            let moved = client.wait_for(|m| m["type"] == "event" && m["game"] == game && m["ply"] == ply).await;
            assert_eq!((&moved["ply"], &moved["move"]), (&json!(ply), &json!(mv)), "{moved}");
        }
        played.push(mv);
    }
}
