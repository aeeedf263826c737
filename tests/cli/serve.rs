//! `breakline serve` killed with SIGKILL mid-game: restarted on the same
//! database, it has every move it acknowledged, and the game completes.

use std::collections::VecDeque;
use std::io::{BufRead, BufReader};
use std::net::TcpStream;
use std::path::Path;
use std::process::{Child, Stdio};
use std::time::Duration;

use breakline::engine::rules::position::Position;
use breakline::engine::rules::{BoardSize, Variant};
use serde_json::{Value, json};
use tungstenite::stream::MaybeTlsStream;
use tungstenite::{Message, WebSocket};

/// `breakline serve` on a free port over `db`: the process and its address.
fn serve(db: &Path) -> (Child, String) {
    let db = db.to_str().expect("a UTF-8 path");
    let mut child = super::command(&["serve", "--listen", "127.0.0.1:0", "--db", db])
        .stdout(Stdio::piped())
        .spawn()
        .expect("the server starts");
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
fn a_server_killed_mid_game_keeps_every_acknowledged_move() {
    let dir = std::env::temp_dir().join(format!("breakline-serve-kill-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let db = dir.join("server.sqlite3");
    let (mut server, addr) = serve(&db);
    let (mut alice, mut bob) = (Client::connect(&addr), Client::connect(&addr));
    let tokens = [alice.sign("alice", None), bob.sign("bob", None)];
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

    let (mut server, addr) = serve(&db);
    let (mut alice, mut bob) = (Client::connect(&addr), Client::connect(&addr));
    alice.sign("alice", Some(&tokens[0]));
    bob.sign("bob", Some(&tokens[1]));
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
