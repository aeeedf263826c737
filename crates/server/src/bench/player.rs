//! One bot connection of the load benchmark: a task that owns its WebSocket,
//! plays its games (a pseudo-random legal move each turn, sent `pace` after
//! the opponent's move arrived) and times each of its moves from sending to
//! the `move_ack` read. A challenger keeps its share of games going: it
//! challenges its partner until it has them, and again when one ends; the
//! partner accepts every challenge.

use std::cmp::Reverse;
use std::collections::{BTreeMap, BinaryHeap, HashMap};
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Duration;

use breakline_rules::position::Position;
use breakline_rules::{BoardSize, Side, Variant};
use futures_util::{SinkExt, StreamExt};
use serde_json::{Value, json};
use tokio::net::TcpStream;
use tokio::sync::watch;
use tokio::time::Instant;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::{MaybeTlsStream, WebSocketStream};

/// A connection to the server.
pub type Socket = WebSocketStream<MaybeTlsStream<TcpStream>>;

/// How long a connection waits for its last acknowledgements after the window.
const GRACE: Duration = Duration::from_secs(10);

/// The measuring window: moves sent in it count.
#[derive(Clone, Copy, Debug)]
pub struct Window {
    /// When it opened (every game had started).
    pub start: Instant,
    /// When it closes: no move is sent after it.
    pub end: Instant,
}

/// What a connection plays.
pub enum Role {
    /// Challenges `partner` until `games` games are in play, and again as they end.
    Challenger {
        /// The partner's name.
        partner: String,
        /// How many games to keep in play.
        games: usize,
    },
    /// Accepts every challenge.
    Acceptor,
}

/// What a connection counted.
#[derive(Default, Debug)]
pub struct Tally {
    /// Each move's acknowledgement latency in ms (moves sent in the window).
    pub latencies: Vec<f32>,
    /// Errors the server answered, and connections lost, by code.
    pub errors: BTreeMap<String, u64>,
    /// Games this connection started as challenger.
    pub games_started: u64,
    /// Games of this connection that ended (challenger's count).
    pub games_ended: u64,
}

/// What a connection shares with the benchmark.
#[derive(Clone)]
pub struct Shared {
    /// The window, once open.
    pub window: watch::Receiver<Option<Window>>,
    /// Games started so far, all connections together.
    pub started: Arc<AtomicUsize>,
    /// Each side's wait before its move.
    pub pace: Duration,
    /// The games' setup.
    pub spec: Value,
}

struct Game {
    side: Side,
    position: Position,
    plies: u32,
    /// The id, ply and sending time of the move awaiting its acknowledgement.
    pending: Option<(u64, u32, Instant)>,
}

/// A connection playing: see the module's description.
pub struct Player {
    ws: Socket,
    role: Role,
    shared: Shared,
    games: HashMap<i64, Game>,
    due: BinaryHeap<Reverse<(Instant, i64, u32)>>,
    next_id: u64,
    challenge_in_flight: Option<u64>,
    rng: u64,
    tally: Tally,
}

impl Player {
    /// A player on `ws` (signed in), its moves drawn from `seed`.
    pub fn new(ws: Socket, role: Role, shared: Shared, seed: u64) -> Player {
        let rng = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
        let (games, due) = (HashMap::new(), BinaryHeap::new());
        Player { ws, role, shared, games, due, next_id: 0, challenge_in_flight: None, rng, tally: Tally::default() }
    }

    /// Plays until the window has closed and its moves are acknowledged.
    pub async fn run(mut self) -> Tally {
        self.top_up().await;
        let far = Instant::now() + Duration::from_secs(86_400);
        loop {
            // Marked seen: a receiver whose change is not marked seen
            // answers `changed` at once, and the loop would spin.
            let window = *self.shared.window.borrow_and_update();
            let end = window.map_or(far, |w| w.end);
            let now = Instant::now();
            let waiting = self.games.values().any(|g| g.pending.is_some());
            if now >= end && (!waiting || now >= end + GRACE) {
                break;
            }
            let next = self.due.peek().map_or(far, |d| d.0.0);
            let wake = if now >= end { end + GRACE } else { next.min(end) };
            tokio::select! {
                frame = self.ws.next() => match frame {
                    Some(Ok(Message::Text(text))) => self.on_text(text.as_str()).await,
                    Some(Ok(_)) => {}
                    Some(Err(_)) | None => {
                        self.count_error("connection_lost");
                        break;
                    }
                },
                () = tokio::time::sleep_until(wake) => self.move_due().await,
                _ = self.shared.window.changed(), if window.is_none() => {}
            }
        }
        let _ = self.ws.close(None).await;
        self.tally
    }

    fn count_error(&mut self, code: &str) {
        *self.tally.errors.entry(code.to_string()).or_default() += 1;
    }

    fn random(&mut self) -> u64 {
        // xorshift64: the moves need variety, not quality.
        self.rng ^= self.rng << 13;
        self.rng ^= self.rng >> 7;
        self.rng ^= self.rng << 17;
        self.rng
    }

    fn window_closed(&self) -> bool {
        self.shared.window.borrow().is_some_and(|w| Instant::now() >= w.end)
    }

    async fn send(&mut self, mut body: Value) -> u64 {
        self.next_id += 1;
        body["v"] = json!(1);
        body["id"] = json!(self.next_id);
        if self.ws.send(Message::Text(body.to_string().into())).await.is_err() {
            self.count_error("send_failed");
        }
        self.next_id
    }

    /// A challenger with fewer games than its share challenges again (one
    /// challenge open at a time: the lobby allows ten).
    async fn top_up(&mut self) {
        let Role::Challenger { partner, games } = &self.role else { return };
        if self.challenge_in_flight.is_some() || self.games.len() >= *games || self.window_closed() {
            return;
        }
        let body = json!({"type": "challenge", "to": partner, "spec": self.shared.spec, "colour": "white"});
        let id = self.send(body).await;
        self.challenge_in_flight = Some(id);
    }

    async fn on_text(&mut self, text: &str) {
        let Ok(message) = serde_json::from_str::<Value>(text) else {
            return self.count_error("unreadable");
        };
        match message["type"].as_str().unwrap_or("") {
            "move_ack" => self.on_ack(&message),
            "event" => self.on_event(&message).await,
            "game_started" => self.on_started(&message).await,
            "challenge_received" => {
                let _ = self.send(json!({"type": "accept_challenge", "challenge": message["challenge"]})).await;
            }
            "error" => self.on_error(&message),
            _ => {}
        }
    }

    fn on_ack(&mut self, message: &Value) {
        let (Some(game), Some(ply)) = (message["game"].as_i64(), message["ply"].as_u64()) else { return };
        let Some(g) = self.games.get_mut(&game) else { return };
        if let Some((_, _, sent)) = g.pending.filter(|p| u64::from(p.1) == ply) {
            g.pending = None;
            let counted = self.shared.window.borrow().is_some_and(|w| sent >= w.start && sent < w.end);
            if counted {
                self.tally.latencies.push(sent.elapsed().as_secs_f32() * 1e3);
            }
        }
    }

    fn on_error(&mut self, message: &Value) {
        let code = message["code"].as_str().unwrap_or("unknown").to_string();
        self.count_error(&code);
        let id = message["id"].as_u64();
        if id.is_some() && id == self.challenge_in_flight {
            self.challenge_in_flight = None;
        }
        for g in self.games.values_mut() {
            if g.pending.is_some_and(|p| Some(p.0) == id) {
                g.pending = None;
            }
        }
    }

    async fn on_started(&mut self, message: &Value) {
        let state = &message["state"];
        let (Some(game), Some(side)) = (state["game"].as_i64(), message["side"].as_str()) else { return };
        let side = if side == "white" { Side::White } else { Side::Black };
        let Ok(position) = Position::start(Variant::Breakthrough, BoardSize::new(8, 8)) else { return };
        self.games.insert(game, Game { side, position, plies: 0, pending: None });
        if let Role::Challenger { .. } = self.role {
            self.challenge_in_flight = None;
            self.tally.games_started += 1;
            self.shared.started.fetch_add(1, Ordering::Relaxed);
        }
        if side == Side::White {
            // The games' first moves spread over one pace, so that they do
            // not all come at once.
            let pace = self.shared.pace.as_millis().max(1) as u64;
            let offset = Duration::from_millis(self.random() % pace);
            self.due.push(Reverse((Instant::now() + offset, game, 0)));
        }
        self.top_up().await;
    }

    async fn on_event(&mut self, message: &Value) {
        let Some(game) = message["game"].as_i64() else { return };
        match message["event"].as_str().unwrap_or("") {
            "moved" => {
                let (Some(ply), Some(mv)) = (message["ply"].as_u64(), message["move"].as_str()) else { return };
                let pace = self.shared.pace;
                let Some(g) = self.games.get_mut(&game) else { return };
                if ply != u64::from(g.plies) {
                    return;
                }
                if g.position.play_text(mv).is_err() {
                    self.games.remove(&game);
                    return self.count_error("unplayable_event");
                }
                g.plies += 1;
                if !g.position.outcome().is_over() && g.position.side_to_move() == g.side {
                    self.due.push(Reverse((Instant::now() + pace, game, g.plies)));
                }
            }
            "ended" => {
                if self.games.remove(&game).is_some() && matches!(self.role, Role::Challenger { .. }) {
                    self.tally.games_ended += 1;
                }
                self.top_up().await;
            }
            _ => {}
        }
    }

    /// Sends the moves that are due (none after the window closed).
    async fn move_due(&mut self) {
        let now = Instant::now();
        while let Some(&Reverse((at, game, ply))) = self.due.peek() {
            if at > now {
                break;
            }
            self.due.pop();
            if self.window_closed() {
                continue;
            }
            let pick = self.random();
            let Some(g) = self.games.get(&game) else { continue };
            if g.plies != ply || g.pending.is_some() || g.position.side_to_move() != g.side {
                continue;
            }
            let moves = g.position.legal_moves();
            let Some(&chosen) = moves.get((pick % moves.len().max(1) as u64) as usize) else { continue };
            let name = g.position.move_name(chosen);
            let sent = Instant::now();
            let id = self.send(json!({"type": "move", "game": game, "ply": ply, "move": name})).await;
            if let Some(g) = self.games.get_mut(&game) {
                g.pending = Some((id, ply, sent));
            }
        }
    }
}
