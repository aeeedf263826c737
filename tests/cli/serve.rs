//! `breakline serve` killed with SIGKILL mid-game: restarted on the same
//! database, it has every move it acknowledged, and the game completes;
//! over SQLite, and over PostgreSQL where the killed process's lease must
//! lapse first (ignored unless `tests/online/postgres.sh` runs it, with
//! BREAKLINE_TEST_POSTGRES set).

use std::collections::VecDeque;
use std::io::{BufRead, BufReader};
use std::net::TcpStream;
use std::process::{Child, Stdio};
use std::time::Duration;

use breakline::engine::rules::position::Position;
use breakline::engine::rules::{BoardSize, Variant};
use serde_json::{Value, json};
use tungstenite::stream::MaybeTlsStream;
use tungstenite::{Message, WebSocket};

/// `breakline serve` on a free port over the database `db` names (`--db
/// PATH` or `--postgres URL ...`): the process and its address.
fn serve(db: &[&str]) -> (Child, String) {
    let args = [&["serve", "--listen", "127.0.0.1:0"], db].concat();
    let mut child = super::command(&args).stdout(Stdio::piped()).spawn().expect("the server starts");
    let mut line = String::new();
    BufReader::new(child.stdout.take().expect("its stdout")).read_line(&mut line).expect("its first line");
    let addr = line.split("ws://").nth(1).and_then(|rest| rest.split("/ws").next()).expect("the address");
    (child, addr.to_string())
}

struct Client {
    ws: WebSocket<MaybeTlsStream<TcpStream>>,
    next_id: u64,
    unread: VecDeque<Value>,
}

impl Client {
    fn connect(addr: &str) -> Client {
        let (mut ws, _) = tungstenite::connect(format!("ws://{addr}/ws")).expect("connects");
        if let MaybeTlsStream::Plain(stream) = ws.get_mut() {
            stream.set_read_timeout(Some(Duration::from_secs(10))).expect("a timeout");
        }
        Client { ws, next_id: 0, unread: VecDeque::new() }
    }

    fn send(&mut self, mut body: Value) -> u64 {
        self.next_id += 1;
        body["v"] = json!(1);
        body["id"] = json!(self.next_id);
        self.ws.send(Message::Text(body.to_string().into())).expect("sent");
        self.next_id
    }

    fn read(&mut self) -> Value {
        loop {
            if let Message::Text(text) = self.ws.read().expect("a message in time") {
                return serde_json::from_str(text.as_str()).expect("JSON");
            }
        }
    }

    fn request(&mut self, body: Value) -> Value {
        let id = self.send(body);
        loop {
            let message = self.read();
            if message["id"] == json!(id) {
                return message;
            }
            self.unread.push_back(message);
        }
    }

    fn wait_for(&mut self, wanted: impl Fn(&Value) -> bool) -> Value {
        if let Some(i) = self.unread.iter().position(&wanted) {
            return self.unread.remove(i).expect("found");
        }
        loop {
            let message = self.read();
            if wanted(&message) {
                return message;
            }
            self.unread.push_back(message);
        }
    }

    /// Signs up (or in again by `token`): the session token.
    fn sign(&mut self, name: &str, token: Option<&str>) -> String {
        let body = match token {
            Some(token) => json!({"type": "resume", "token": token}),
            None => json!({"type": "sign_up", "name": name, "password": "a long password"}),
        };
        let welcome = self.request(body);
        assert_eq!(welcome["type"], "welcome", "{welcome}");
        welcome["token"].as_str().expect("a token").to_string()
    }
}

fn position_after(moves: &[String]) -> Position {
    let mut position = Position::start(Variant::Breakthrough, BoardSize::new(5, 5)).expect("5x5");
    for m in moves {
        position.play_text(m).expect("legal");
    }
    position
}

/// Plays the scripted moves (the last legal move each time) until `stop_at`
/// moves or the end; every move acknowledged.
fn play_on(players: [&mut Client; 2], game: i64, moves: &mut Vec<String>, stop_at: usize) {
    let [white, black] = players;
    loop {
        let position = position_after(moves);
        if position.outcome().is_over() || moves.len() >= stop_at {
            return;
        }
        let mv = position.move_name(*position.legal_moves().last().expect("a move"));
        let mover = if moves.len().is_multiple_of(2) { &mut *white } else { &mut *black };
        let ack = mover.request(json!({"type": "move", "game": game, "ply": moves.len(), "move": mv}));
        assert_eq!(ack["type"], "move_ack", "{ack}");
        moves.push(mv);
    }
}

#[test]
fn plain_websocket_beyond_loopback_must_be_asked_for() {
    let (code, _, stderr) = super::breakline(&["serve", "--listen", "0.0.0.0:0", "--db", "/nonexistent/x.sqlite3"]);
    assert_eq!(code, 1, "{stderr}");
    assert!(stderr.contains("not a loopback address") && stderr.contains("--plain"), "{stderr}");
    let (code, _, stderr) = super::breakline(&["serve", "--cert", "/nonexistent/cert.pem"]);
    assert_eq!(code, 2, "{stderr}");
    let (code, _, stderr) = super::breakline(&["serve", "--cert", "/nonexistent/c.pem", "--key", "/nonexistent/k.pem"]);
    assert_eq!(code, 1, "{stderr}");
    assert!(stderr.contains("cannot read the certificate /nonexistent/c.pem"), "{stderr}");
}

#[test]
fn a_bad_or_unreachable_postgresql_is_one_line() {
    let (code, _, stderr) = super::breakline(&["serve", "--postgres", "host=/x", "--db", "/nonexistent/x.sqlite3"]);
    assert_eq!(code, 2, "{stderr}");
    for url in ["postgres://[bad", "host=127.0.0.1 port=1 user=nobody connect_timeout=5"] {
        let (code, _, stderr) = super::breakline(&["serve", "--listen", "127.0.0.1:0", "--postgres", url]);
        assert_eq!(code, 1, "{stderr}");
        assert!(stderr.starts_with("breakline: serve: PostgreSQL: ") && stderr.lines().count() == 1, "{stderr}");
    }
    let (code, _, stderr) = super::breakline(&["serve", "--postgres", "host=/x", "--lease", "0"]);
    assert_eq!(code, 1, "{stderr}");
    assert!(stderr.contains("--lease wants a number of seconds"), "{stderr}");
}

#[test]
fn a_server_killed_mid_game_keeps_every_acknowledged_move() {
    let dir = std::env::temp_dir().join(format!("breakline-serve-kill-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let db = dir.join("server.sqlite3");
    killed_mid_game(&["--db", db.to_str().expect("a UTF-8 path")], None);
}

#[test]
#[ignore = "needs PostgreSQL: tests/online/postgres.sh runs it"]
fn a_server_over_postgres_killed_mid_game_keeps_every_acknowledged_move() {
    let admin = std::env::var("BREAKLINE_TEST_POSTGRES")
        .expect("BREAKLINE_TEST_POSTGRES names no PostgreSQL: run tests/online/postgres.sh");
    let url = format!("{admin} dbname=postgres");
    killed_mid_game(&["--postgres", &url, "--lease", "4"], Some(Duration::from_secs(4)));
}

/// Two players over `db`; the server is killed with SIGKILL after a move is
/// sent, and a new one started. A shared store's new process is refused the
/// game until the killed one's `lease` lapses, then takes it over.
fn killed_mid_game(db: &[&str], lease: Option<Duration>) {
    let (mut server, addr) = serve(db);
    let (mut alice, mut bob) = (Client::connect(&addr), Client::connect(&addr));
    // Names of this run's own: a shared database may hold an earlier run's.
    let run = std::process::id();
    let tokens = [alice.sign(&format!("alice-{run}"), None), bob.sign(&format!("bob-{run}"), None)];
    let spec =
        json!({"variant": "breakthrough", "size": "5x5", "time": {"kind": "live", "control": "300+0"}, "rated": true});
    let seek = alice.request(json!({"type": "seek", "spec": spec, "colour": "white"}));
    assert_eq!(bob.request(json!({"type": "accept_seek", "seek": seek["seek"]}))["type"], "done");
    let started = alice.wait_for(|m| m["type"] == "game_started");
    let game = started["state"]["game"].as_i64().expect("an id");
    let mut moves = Vec::new();
    play_on([&mut alice, &mut bob], game, &mut moves, 5);
    // Black's sixth move goes out and the server is killed at once, acknowledged or not.
    let sixth = position_after(&moves);
    bob.send(json!({"type": "move", "game": game, "ply": 5, "move": sixth.move_name(*sixth.legal_moves().last().expect("a move"))}));
    server.kill().expect("SIGKILL");
    server.wait().expect("it died");

    let (mut server, addr) = serve(db);
    let (mut alice, mut bob) = (Client::connect(&addr), Client::connect(&addr));
    alice.sign("", Some(&tokens[0]));
    bob.sign("", Some(&tokens[1]));
    if let Some(lease) = lease {
        let refused = alice.request(json!({"type": "watch", "game": game}));
        assert_eq!(refused["code"], "served_elsewhere", "{refused}");
        std::thread::sleep(lease + Duration::from_millis(500));
    }
    let state = alice.request(json!({"type": "watch", "game": game}));
    let stored: Vec<String> = serde_json::from_value(state["state"]["moves"].clone()).expect("the moves");
    assert!(stored.len() >= 5 && stored[..5] == moves[..], "acknowledged {moves:?}, stored {stored:?}");
    let mut moves = stored;
    play_on([&mut alice, &mut bob], game, &mut moves, 200);
    let ended = alice.wait_for(|m| m["type"] == "event" && m["event"] == "ended");
    assert_eq!(ended["result"]["state"], "finished", "{ended}");
    server.kill().expect("stopped");
    let _ = server.wait();
}

#[test]
fn serve_bench_plays_a_few_games_and_reports_as_json() {
    let (code, stdout, stderr) = super::breakline(&["serve-bench", "--games", "4", "--seconds", "2", "--json"]);
    assert_eq!(code, 0, "{stderr}");
    let report: Value = serde_json::from_str(stdout.trim()).expect("one JSON object");
    assert_eq!((&report["games"], &report["games_live"], &report["connections"]), (&json!(4), &json!(4), &json!(8)));
    assert!(report["moves"].as_u64().is_some_and(|m| m > 0), "{report}");
    assert!(report["moves_per_second"].as_f64().is_some_and(|m| m > 0.0), "{report}");
    assert_eq!(report["errors"], 0, "{report}");
    for field in ["p50", "p90", "p99", "max"] {
        assert!(report["latency_ms"][field].as_f64().is_some_and(|ms| ms > 0.0), "{field}: {report}");
    }
    assert!(report["memory"].get("kb_per_game").is_some(), "{report}");
}

#[test]
fn serve_bench_refuses_a_bad_setting_in_one_line() {
    for (args, said) in [
        (&["serve-bench", "--games", "0"][..], "--games wants 1 to 100000"),
        (&["serve-bench", "--pace-ms", "5"][..], "--pace-ms wants 10 to 30000"),
        (&["serve-bench", "--games", "2", "--connections", "3"][..], "--connections wants an even number"),
        (&["serve-bench", "--seconds", "nan"][..], "--seconds wants 0.5 to 3600"),
    ] {
        let (code, _, stderr) = super::breakline(args);
        assert_ne!(code, 0, "{args:?}: {stderr}");
        assert!(stderr.contains(said) && stderr.lines().count() == 1, "{args:?}: {stderr}");
    }
    let (code, _, stderr) = super::breakline(&["serve-bench", "--games", "many"]);
    assert_eq!(code, 2, "{stderr}");
}
