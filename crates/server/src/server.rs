//! The network side: an axum WebSocket endpoint (`/ws`) on TCP, one task per
//! connection reading its frames and one writing its outbox. Each frame is
//! checked against the limits, read as a message and handled by the hub;
//! every bad frame gets an `error` answer and the connection goes on. Only
//! a frame over the WebSocket's own ceiling ([`FRAME_CEILING`], far above the
//! message limit) closes the connection. Sign-up and sign-in hash passwords
//! off the hub's lock, on the blocking pool.

use std::net::SocketAddr;
use std::sync::{Arc, Mutex, MutexGuard};

use axum::Router;
use axum::extract::State;
use axum::extract::ws::{Message, WebSocket, WebSocketUpgrade};
use axum::response::Response;
use axum::routing::get;
use axum::serve::ListenerExt;
use axum_server::accept::NoDelayAcceptor;
use axum_server::tls_rustls::{RustlsAcceptor, RustlsConfig};
use futures_util::{SinkExt, StreamExt};
use thiserror::Error;
use tokio::net::TcpListener;
use tokio::sync::{mpsc, oneshot, watch};
use tokio::task::JoinHandle;

use crate::account::{self, Password};
use crate::bot::{self, BotTurn};
use crate::hub::{Answer, ConnId, Hub, QueuedMove};
use crate::limits::{Limits, RateLimit};
use crate::message::{ClientMessage, Envelope, ErrorCode, PROTOCOL_VERSION, Refusal};
use crate::store::{Account, Store, StoreError};

/// The largest frame the WebSocket reads at all; a larger one closes the connection.
pub const FRAME_CEILING: usize = 1 << 20;
/// How many messages wait in a connection's outbox before it misses some.
pub const OUTBOX: usize = 1024;

/// Why the server did not start.
#[derive(Debug, Error)]
pub enum ServerError {
    /// The store did not open or load.
    #[error(transparent)]
    Store(#[from] StoreError),
    /// The address could not be listened on.
    #[error("cannot listen: {0}")]
    Listen(#[from] std::io::Error),
}

struct Shared {
    hub: Mutex<Hub>,
    stop: watch::Receiver<bool>,
    /// The moves waiting for their group (see [`group_commit`]).
    moves: mpsc::Sender<QueuedMove>,
    /// The hub's limits, read here without its lock: a connection's move
    /// then takes no lock on the runtime's threads, which would otherwise
    /// all wait out each group's flush.
    limits: Limits,
    /// Dropped after the hub (fields drop in order): its receiver hears that
    /// the store was let go of.
    _released: oneshot::Sender<()>,
}

impl Shared {
    fn hub(&self) -> MutexGuard<'_, Hub> {
        self.hub.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
    }
}

/// A server running on the runtime it was started on.
pub struct RunningServer {
    addr: SocketAddr,
    stop: watch::Sender<bool>,
    task: JoinHandle<()>,
    released: oneshot::Receiver<()>,
}

impl RunningServer {
    /// The address it listens on.
    pub fn addr(&self) -> SocketAddr {
        self.addr
    }

    /// Stops it: no new connections, every connection closed, the store released.
    pub async fn stop(self) {
        let _ = self.stop.send(true);
        self.task.abort();
        let _ = self.task.await;
        // The connections' and the bots' tasks end on the stop signal, each
        // in its own time; the store goes with the last of them (a shared
        // store lets go of this process's games then). A bot still
        // searching holds it until its search ends: waited for a while.
        let _ = tokio::time::timeout(RELEASE_PATIENCE, self.released).await;
    }

    /// Waits until it stops (it does not on its own).
    pub async fn wait(self) {
        let _ = self.task.await;
    }

    /// Serves until `signal` (then stops as [`RunningServer::stop`] does) or
    /// until the server fails.
    pub async fn serve_until(mut self, signal: impl Future<Output = ()>) {
        let signalled = tokio::select! {
            _ = &mut self.task => false,
            () = signal => true,
        };
        if signalled {
            self.stop().await;
        }
    }
}

/// How long [`RunningServer::stop`] waits for the store to be let go of.
pub const RELEASE_PATIENCE: std::time::Duration = std::time::Duration::from_secs(10);

/// The wall clock in milliseconds since the Unix epoch.
pub fn now_ms() -> u64 {
    std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.as_millis() as u64)
}

/// Starts serving plain WebSocket (`ws://`) on `listener` over `store`,
/// loading the games in play.
pub async fn start(listener: TcpListener, store: Box<dyn Store>, limits: Limits) -> Result<RunningServer, ServerError> {
    let (app, stop, released) = app(store, limits)?;
    let addr = listener.local_addr()?;
    // Each message is sent as soon as it is written: without TCP_NODELAY a
    // small answer waits on the peer's delayed ACK (measured: 44 ms a move).
    let listener = listener.tap_io(|tcp| {
        let _ = tcp.set_nodelay(true);
    });
    let task = tokio::spawn(async move {
        if let Err(e) = axum::serve(listener, app).await {
            eprintln!("breakline serve: {e}");
        }
    });
    Ok(RunningServer { addr, stop, task, released })
}

/// Starts serving WebSocket over TLS (`wss://`) on `listener` with `tls` (see [`crate::tls`]).
pub async fn start_tls(
    listener: TcpListener,
    store: Box<dyn Store>,
    limits: Limits,
    tls: RustlsConfig,
) -> Result<RunningServer, ServerError> {
    let (app, stop, released) = app(store, limits)?;
    let addr = listener.local_addr()?;
    let acceptor = RustlsAcceptor::new(tls).acceptor(NoDelayAcceptor::new());
    let server = axum_server::from_tcp(listener.into_std()?)?.acceptor(acceptor);
    let task = tokio::spawn(async move {
        if let Err(e) = server.serve(app.into_make_service()).await {
            eprintln!("breakline serve: {e}");
        }
    });
    Ok(RunningServer { addr, stop, task, released })
}

/// An endpoint, the switch that stops its connections, and what hears when
/// its hub and store are gone.
type App = (Router, watch::Sender<bool>, oneshot::Receiver<()>);

/// The endpoint over a hub of `store`.
fn app(store: Box<dyn Store>, limits: Limits) -> Result<App, ServerError> {
    let mut hub = Hub::new(store, limits, now_ms())?;
    let (turns, turns_out) = mpsc::unbounded_channel();
    hub.run_bots(turns, now_ms());
    let (stop, stopped) = watch::channel(false);
    let (released, gone) = oneshot::channel();
    let (moves, queued) = mpsc::channel(MOVE_QUEUE);
    let limits = hub.limits();
    let shared = Arc::new(Shared { hub: Mutex::new(hub), stop: stopped, moves, limits, _released: released });
    tokio::spawn(bots(shared.clone(), turns_out));
    tokio::spawn(group_commit(shared.clone(), queued));
    tokio::spawn(flags(shared.clone()));
    Ok((Router::new().route("/ws", get(upgrade)).with_state(shared), stop, gone))
}

/// How often the server looks for fallen flags.
pub const FLAG_SWEEP: std::time::Duration = std::time::Duration::from_millis(250);

/// The server's own flags: every [`FLAG_SWEEP`], games out of time end
/// (and ended games long over leave memory).
async fn flags(shared: Arc<Shared>) {
    let mut stop = shared.stop.clone();
    let mut ticks = tokio::time::interval(FLAG_SWEEP);
    ticks.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Skip);
    loop {
        tokio::select! {
            _ = stop.changed() => return,
            // On the blocking pool: the lock may be held through a group's flush.
            _ = ticks.tick() => {
                let shared = shared.clone();
                let _ = tokio::task::spawn_blocking(move || shared.hub().sweep(now_ms())).await;
            }
        }
    }
}

/// How many moves wait for their group at most (a connection waits for its
/// move's answer, so this is at most one a connection).
const MOVE_QUEUE: usize = 1 << 16;
/// The most moves one group holds.
const GROUP_MOST: usize = 1024;

/// Group commit: the moves that came while the last group was written are
/// the next group, played and flushed to disk together on the blocking
/// pool (see `hub::group`): one flush for all of them.
async fn group_commit(shared: Arc<Shared>, mut queued: mpsc::Receiver<QueuedMove>) {
    let mut stop = shared.stop.clone();
    loop {
        let first = tokio::select! {
            _ = stop.changed() => return,
            first = queued.recv() => first,
        };
        let Some(first) = first else { return };
        let mut group = vec![first];
        while group.len() < GROUP_MOST {
            match queued.try_recv() {
                Ok(next) => group.push(next),
                Err(_) => break,
            }
        }
        let shared = shared.clone();
        let _ = tokio::task::spawn_blocking(move || shared.hub().play_group(group)).await;
    }
}

/// Queues a move for its group and waits until it is answered.
async fn queue_move(shared: &Shared, conn: ConnId, id: Option<u64>, message: ClientMessage) {
    let ClientMessage::Move { game, ply, mv, lag_ms } = message else { return };
    let (done, answered) = oneshot::channel();
    let queued = QueuedMove { conn, id, game, ply, mv, lag_ms, at: now_ms(), done };
    if shared.moves.send(queued).await.is_err() {
        return answer(shared, conn, id, Err(Refusal::new(ErrorCode::Internal, "the server is stopping")));
    }
    let _ = answered.await;
}

/// The bots' turns: each searched on the blocking pool, its move played under the lock.
async fn bots(shared: Arc<Shared>, mut turns: mpsc::UnboundedReceiver<BotTurn>) {
    let mut stop = shared.stop.clone();
    loop {
        let turn = tokio::select! {
            _ = stop.changed() => return,
            turn = turns.recv() => turn,
        };
        let Some(turn) = turn else { return };
        let shared = shared.clone();
        tokio::spawn(async move {
            let Ok((turn, chosen)) = tokio::task::spawn_blocking(move || {
                let chosen = bot::choose(&turn);
                (turn, chosen)
            })
            .await
            else {
                return;
            };
            match chosen {
                Ok(mv) if !*shared.stop.borrow() => shared.hub().bot_move(&turn, &mv, now_ms()),
                Ok(_) => {}
                Err(e) => {
                    eprintln!("breakline serve: {}'s search failed in {}: {e}", bot::bot_name(turn.level), turn.game)
                }
            }
        });
    }
}

async fn upgrade(ws: WebSocketUpgrade, State(shared): State<Arc<Shared>>) -> Response {
    ws.max_message_size(FRAME_CEILING)
        .max_frame_size(FRAME_CEILING)
        .on_upgrade(move |socket| connection(socket, shared))
}

async fn connection(socket: WebSocket, shared: Arc<Shared>) {
    let (mut sink, mut stream) = socket.split();
    let (outbox, mut queued) = mpsc::channel::<String>(OUTBOX);
    let conn = shared.hub().join(outbox);
    let writer = tokio::spawn(async move {
        while let Some(text) = queued.recv().await {
            if sink.send(Message::Text(text.into())).await.is_err() {
                break;
            }
        }
        let _ = sink.close().await;
    });
    let mut stop = shared.stop.clone();
    let mut rate = RateLimit::new(&shared.limits, now_ms());
    loop {
        let frame = tokio::select! {
            _ = stop.changed() => break,
            frame = stream.next() => frame,
        };
        match frame {
            Some(Ok(Message::Text(text))) => on_text(&shared, conn, &mut rate, text.as_str()).await,
            Some(Ok(Message::Binary(_))) => answer(&shared, conn, None, Err(bad("binary frames are not read"))),
            Some(Ok(Message::Close(_))) | None | Some(Err(_)) => break,
            Some(Ok(_)) => {}
        }
    }
    shared.hub().leave(conn);
    if *shared.stop.borrow() {
        writer.abort();
    }
}

fn bad(message: impl Into<String>) -> Refusal {
    Refusal::new(ErrorCode::BadMessage, message)
}

fn answer(shared: &Shared, conn: ConnId, id: Option<u64>, result: Answer) {
    shared.hub().send(conn, id, result.unwrap_or_else(Refusal::message));
}

/// The `id` of a message that is not read in full (refused or malformed), so
/// that its `error` still answers it.
#[derive(serde::Deserialize)]
struct IdOnly {
    #[serde(default)]
    id: Option<u64>,
}

fn id_of(text: &str) -> Option<u64> {
    serde_json::from_str::<IdOnly>(text).ok().and_then(|m| m.id)
}

async fn on_text(shared: &Shared, conn: ConnId, rate: &mut RateLimit, text: &str) {
    let limits = shared.limits;
    if text.len() > limits.max_message_bytes {
        let message = format!("a message has at most {} bytes", limits.max_message_bytes);
        return answer(shared, conn, None, Err(Refusal::new(ErrorCode::TooLarge, message)));
    }
    if !rate.allow(now_ms()) {
        let refusal = Refusal::new(ErrorCode::RateLimited, "too many messages a second");
        return answer(shared, conn, id_of(text), Err(refusal));
    }
    let request: Envelope<ClientMessage> = match serde_json::from_str(text) {
        Ok(request) => request,
        Err(e) => return answer(shared, conn, id_of(text), Err(bad(format!("not a message: {e}")))),
    };
    if request.v != PROTOCOL_VERSION {
        let refusal =
            Refusal::new(ErrorCode::UnsupportedVersion, format!("this server speaks version {PROTOCOL_VERSION}"));
        return answer(shared, conn, request.id, Err(refusal));
    }
    let result = match request.body {
        ClientMessage::SignUp { name, password } => sign_up(shared, conn, name, password).await,
        ClientMessage::SignIn { name, password } => sign_in(shared, conn, name, password).await,
        ClientMessage::Resume { token } => signed_out(shared, conn).and_then(|()| shared.hub().resume(conn, &token)),
        moved @ ClientMessage::Move { .. } => return queue_move(shared, conn, request.id, moved).await,
        other => shared.hub().handle(conn, other, now_ms()),
    };
    answer(shared, conn, request.id, result);
}

fn signed_out(shared: &Shared, conn: ConnId) -> Result<(), Refusal> {
    match shared.hub().player(conn) {
        Some(_) => Err(Refusal::new(ErrorCode::AlreadySignedIn, "this connection is signed in")),
        None => Ok(()),
    }
}

async fn sign_up(shared: &Shared, conn: ConnId, name: String, password: Password) -> Answer {
    signed_out(shared, conn)?;
    account::check_name(&name)?;
    account::check_password(&password)?;
    let hash = tokio::task::spawn_blocking(move || account::hash_password(&password))
        .await
        .map_err(|e| Refusal::new(ErrorCode::Internal, e.to_string()))??;
    let mut hub = shared.hub();
    let now = now_ms();
    let id = hub.create_account(&name, Some(&hash), now)?;
    hub.sign_in(conn, Account { id, name, password_hash: Some(hash) }, now)
}

async fn sign_in(shared: &Shared, conn: ConnId, name: String, password: Password) -> Answer {
    signed_out(shared, conn)?;
    let account = {
        let mut hub = shared.hub();
        if !hub.login_allowed(&name, now_ms()) {
            return Err(Refusal::new(ErrorCode::TooManyLogins, "too many failed sign-ins: wait a minute"));
        }
        hub.account(&name)?
    };
    let hash = account.as_ref().and_then(|a| a.password_hash.clone());
    let verified = tokio::task::spawn_blocking(move || account::verify_or_waste(&password, hash.as_deref()))
        .await
        .unwrap_or(false);
    let mut hub = shared.hub();
    match account {
        Some(account) if verified => hub.sign_in(conn, account, now_ms()),
        _ => {
            hub.login_failed(&name, now_ms());
            Err(Refusal::new(ErrorCode::BadCredentials, "wrong name or password"))
        }
    }
}
