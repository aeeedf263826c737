//! The server's state behind one lock: the store, the games being played,
//! the lobby, and the connections with who is signed in on each and which
//! games each follows. Requests are handled here in order; a game changes
//! only after its new state is in the store (moves by groups, each group
//! flushed once and its games put back if that fails: [`group`]), and the
//! mover's acknowledgement is sent after that. Nothing here waits on the network: messages go to
//! each connection's outbox, and a connection whose outbox is full misses
//! them (it catches up by version).

mod group;

use std::collections::{BTreeSet, HashMap};
use std::time::Duration;

use breakline_ai::search::Level;
use breakline_rules::Side;
use breakline_rules::clock::ClockView;
use tokio::sync::mpsc;

use crate::account::{self, Token};
use crate::bot::{BotTurn, bot_name};
use crate::clock::MAX_LAG_MS;
use crate::events::{Numbered, Since};
use crate::game::{Played, ServerGame};
use crate::ids::{GameId, PlayerId};
use crate::limits::{Limits, LoginGuard};
use crate::lobby::{Lobby, Offer};
use crate::message::{ClientMessage, Envelope, ErrorCode, GameSummary, Refusal, ServerMessage};
use crate::rating::{self, RatingKey};
use crate::spec::TimeMode;
use crate::store::{Account, RatingUpdate, Store, StoreError};

pub use self::group::QueuedMove;

/// A connection's number.
pub type ConnId = u64;

/// What a request's handler answers.
pub type Answer = Result<ServerMessage, Refusal>;

struct Conn {
    player: Option<(PlayerId, String)>,
    outbox: mpsc::Sender<String>,
    watching: BTreeSet<GameId>,
}

/// Everything the server knows, behind the server's one lock.
pub struct Hub {
    store: Box<dyn Store>,
    games: HashMap<GameId, ServerGame>,
    lobby: Lobby,
    conns: HashMap<ConnId, Conn>,
    by_player: HashMap<PlayerId, BTreeSet<ConnId>>,
    watchers: HashMap<GameId, BTreeSet<ConnId>>,
    logins: LoginGuard,
    limits: Limits,
    next_conn: ConnId,
    bots: HashMap<PlayerId, Level>,
    bot_turns: Option<mpsc::UnboundedSender<BotTurn>>,
    ended: HashMap<GameId, u64>,
    adopted_at: u64,
}

fn not_signed_in() -> Refusal {
    Refusal::new(ErrorCode::NotSignedIn, "sign in first")
}

fn no_such_game() -> Refusal {
    Refusal::new(ErrorCode::NoSuchGame, "no such game")
}

impl Hub {
    /// The hub over `store`, with every game in play loaded and its clock
    /// resumed at `now` by the restart rule.
    pub fn new(mut store: Box<dyn Store>, limits: Limits, now: u64) -> Result<Hub, StoreError> {
        let mut games = HashMap::new();
        for stored in store.games_in_play()? {
            let id = stored.id;
            match ServerGame::restore(stored, now) {
                Ok(game) => {
                    games.insert(id, game);
                }
                Err(e) => eprintln!("breakline serve: {id} cannot be restored: {e}"),
            }
        }
        let bots = bot_accounts(store.as_mut(), now)?;
        Ok(Hub {
            bots,
            bot_turns: None,
            ended: HashMap::new(),
            adopted_at: now,
            store,
            games,
            lobby: Lobby::default(),
            conns: HashMap::new(),
            by_player: HashMap::new(),
            watchers: HashMap::new(),
            logins: LoginGuard::default(),
            limits,
            next_conn: 0,
        })
    }

    /// Sends the bots' turns to `turns` from now on, and at once those of
    /// the games where a bot is to move.
    pub fn run_bots(&mut self, turns: mpsc::UnboundedSender<BotTurn>, now: u64) {
        self.bot_turns = Some(turns);
        let ids: Vec<GameId> = self.games.keys().copied().collect();
        for id in ids {
            self.wake_bot(id, now);
        }
    }

    /// Sends the bot's turn if a bot is to move in `id`.
    fn wake_bot(&self, id: GameId, now: u64) {
        let (Some(game), Some(turns)) = (self.games.get(&id), &self.bot_turns) else { return };
        let Some(side) = game.to_move() else { return };
        let bot = game.players()[side.index()];
        let Some(&level) = self.bots.get(&bot) else { return };
        let clocks = game.state(now).clocks;
        let left = if side == Side::White { clocks.white_ms } else { clocks.black_ms };
        let clock = match (left, game.spec().time) {
            (Some(left), TimeMode::Live { control }) => {
                Some(ClockView { left: Duration::from_millis(left), increment: control.increment(), moves_to_go: None })
            }
            _ => None,
        };
        let position = game.position().clone();
        let _ = turns.send(BotTurn { game: id, ply: game.plies(), bot, level, position, clock });
    }

    /// Ends on time every game whose side to move ran out of time more than
    /// [`MAX_LAG_MS`] ago (no move still in flight can save it), aborts the
    /// live games whose first moves are overdue, and forgets old ended games.
    pub fn sweep(&mut self, now: u64) {
        self.forget_ended(now);
        self.adopt_orphans(now);
        let fallen: Vec<(ServerGame, u32, Vec<Numbered>)> = self
            .games
            .values()
            .filter(|g| g.out_of_time(now, MAX_LAG_MS))
            .filter_map(|g| {
                let mut trial = g.clone();
                trial.flag_fall(now, MAX_LAG_MS).map(|events| (trial, g.plies(), events))
            })
            .collect();
        for (trial, kept, events) in fallen {
            let id = trial.id();
            if let Err(refusal) = self.commit(trial, kept, events, now) {
                eprintln!("breakline serve: {id}'s flag could not be stored: {}", refusal.message);
            }
        }
    }

    /// Every [`ADOPT_MS`], takes over the games in play no live process
    /// serves (a shared store's: their process stopped or crashed).
    fn adopt_orphans(&mut self, now: u64) {
        if now < self.adopted_at + ADOPT_MS {
            return;
        }
        self.adopted_at = now;
        let orphans = match self.store.adopt_orphans() {
            Ok(orphans) => orphans,
            Err(e) => {
                eprintln!("breakline serve: games with no server were not looked for: {e}");
                return;
            }
        };
        for stored in orphans {
            let id = stored.id;
            match ServerGame::restore(stored, now) {
                Ok(game) => {
                    self.games.insert(id, game);
                    self.wake_bot(id, now);
                }
                Err(e) => eprintln!("breakline serve: {id} cannot be restored: {e}"),
            }
        }
    }

    /// A bot's move, chosen off the lock: played like anyone's (a stale one is dropped).
    pub fn bot_move(&mut self, turn: &BotTurn, mv: &str, now: u64) {
        // A game that ended or moved on while the bot searched refuses the
        // move, and that is all; only the store's failure is worth a line.
        match self.play(turn.bot, turn.game, turn.ply, mv, 0, now) {
            Err(refusal) if refusal.code == ErrorCode::Internal => {
                eprintln!("breakline serve: {}'s move in {}: {}", bot_name(turn.level), turn.game, refusal.message);
            }
            _ => {}
        }
    }

    /// The limits connections live under.
    pub fn limits(&self) -> Limits {
        self.limits
    }

    /// How many games are loaded (in play, or ended since the start).
    pub fn games_loaded(&self) -> usize {
        self.games.len()
    }

    /// A new connection sending through `outbox`.
    pub fn join(&mut self, outbox: mpsc::Sender<String>) -> ConnId {
        self.next_conn += 1;
        self.conns.insert(self.next_conn, Conn { player: None, outbox, watching: BTreeSet::new() });
        self.next_conn
    }

    /// A connection closed: it follows nothing, and a player with no other
    /// connection has their seeks and challenges withdrawn.
    pub fn leave(&mut self, conn: ConnId) {
        let Some(gone) = self.conns.remove(&conn) else { return };
        for game in gone.watching {
            if let Some(set) = self.watchers.get_mut(&game) {
                set.remove(&conn);
            }
        }
        if let Some((player, _)) = gone.player {
            let set = self.by_player.entry(player).or_default();
            set.remove(&conn);
            if set.is_empty() {
                self.by_player.remove(&player);
                self.lobby.withdraw_all(player);
            }
        }
    }

    /// Sends `body` to one connection (dropped if its outbox is full).
    pub fn send(&self, conn: ConnId, id: Option<u64>, body: ServerMessage) {
        if let Some(c) = self.conns.get(&conn) {
            let _ = c.outbox.try_send(text(&Envelope::new(id, body)));
        }
    }

    fn send_to_player(&self, player: PlayerId, body: &ServerMessage) {
        let message = text(&Envelope::new(None, body.clone()));
        for conn in self.by_player.get(&player).into_iter().flatten() {
            if let Some(c) = self.conns.get(conn) {
                let _ = c.outbox.try_send(message.clone());
            }
        }
    }

    fn broadcast(&self, game: GameId, events: &[Numbered]) {
        let Some(set) = self.watchers.get(&game) else { return };
        for event in events {
            let message = text(&Envelope::new(None, ServerMessage::Event { game, event: event.clone() }));
            for conn in set {
                if let Some(c) = self.conns.get(conn) {
                    let _ = c.outbox.try_send(message.clone());
                }
            }
        }
    }

    fn watch_game(&mut self, conn: ConnId, game: GameId) {
        if let Some(c) = self.conns.get_mut(&conn) {
            c.watching.insert(game);
            self.watchers.entry(game).or_default().insert(conn);
        }
    }

    /// The player signed in on `conn`.
    pub fn player(&self, conn: ConnId) -> Option<(PlayerId, String)> {
        self.conns.get(&conn).and_then(|c| c.player.clone())
    }

    /// Whether a name may try to sign in now.
    pub fn login_allowed(&mut self, name: &str, now: u64) -> bool {
        let limits = self.limits;
        self.logins.allowed(&limits, name, now)
    }

    /// Counts a failed sign-in.
    pub fn login_failed(&mut self, name: &str, now: u64) {
        self.logins.failed(name, now);
    }

    /// The account of `name`.
    pub fn account(&self, name: &str) -> Result<Option<Account>, StoreError> {
        self.store.account(name)
    }

    /// Makes an account with a password hash already made (outside the lock).
    pub fn create_account(&mut self, name: &str, hash: Option<&str>, now: u64) -> Result<PlayerId, StoreError> {
        self.store.create_account(name, hash, now)
    }

    /// Signs `conn` in as `account` with a new session token: the `welcome`.
    pub fn sign_in(&mut self, conn: ConnId, account: Account, now: u64) -> Answer {
        let token = Token::new()?;
        self.store.add_session(&token.hash(), account.id, now)?;
        self.attach(conn, account.id, &account.name);
        Ok(ServerMessage::Welcome { player: account.id, name: account.name, token })
    }

    /// Signs `conn` in by a session token.
    pub fn resume(&mut self, conn: ConnId, token: &Token) -> Answer {
        let account = self.store.session(&token.hash())?;
        let account = account.ok_or_else(|| Refusal::new(ErrorCode::BadCredentials, "unknown session"))?;
        self.attach(conn, account.id, &account.name);
        Ok(ServerMessage::Welcome { player: account.id, name: account.name, token: token.clone() })
    }

    /// Signs `conn` in as `player`; it follows the player's games in play.
    fn attach(&mut self, conn: ConnId, player: PlayerId, name: &str) {
        let Some(c) = self.conns.get_mut(&conn) else { return };
        c.player = Some((player, name.to_string()));
        self.by_player.entry(player).or_default().insert(conn);
        let mine: Vec<GameId> = self
            .games
            .values()
            .filter(|g| !g.result().is_over() && g.side_of(player).is_some())
            .map(ServerGame::id)
            .collect();
        for game in mine {
            self.watch_game(conn, game);
        }
    }

    /// Handles every request but the account ones (see the server).
    pub fn handle(&mut self, conn: ConnId, message: ClientMessage, now: u64) -> Answer {
        if let ClientMessage::Ping { t } = message {
            return Ok(ServerMessage::Pong { t, server_ms: now });
        }
        if let ClientMessage::JoinInvitation { code } = &message {
            return self.join_invitation(conn, code, now);
        }
        if let ClientMessage::Watch { game, since } = message {
            return self.watch(conn, game, since, now);
        }
        if let ClientMessage::ListGames = message {
            return Ok(self.public_games());
        }
        let (player, name) = self.player(conn).ok_or_else(not_signed_in)?;
        match message {
            ClientMessage::Move { game, ply, mv, lag_ms } => self.play(player, game, ply, &mv, lag_ms, now),
            ClientMessage::MyGames => Ok(self.my_games(player)),
            other => self.lobby_request((player, name), other, now),
        }
    }

    fn lobby_request(&mut self, (player, name): (PlayerId, String), message: ClientMessage, now: u64) -> Answer {
        let offer = |spec, colour| Offer { owner: player, owner_name: name.clone(), spec, colour };
        match message {
            ClientMessage::Seek { spec, colour } => {
                spec.check()?;
                Ok(ServerMessage::Seeking { seek: self.lobby.seek(offer(spec, colour))? })
            }
            ClientMessage::CancelSeek { seek } => {
                self.lobby.cancel_seek(player, seek).map(|()| ServerMessage::Done).map_err(Into::into)
            }
            ClientMessage::ListSeeks => Ok(ServerMessage::Seeks { seeks: self.lobby.seeks() }),
            ClientMessage::AcceptSeek { seek } => {
                let taken = self.lobby.accept_seek(player, seek)?;
                self.start_game(taken, (player, name), now)
            }
            ClientMessage::Challenge { to, spec, colour } => self.challenge(offer(spec, colour), &to, now),
            ClientMessage::AcceptChallenge { challenge } => {
                let taken = self.lobby.answer_challenge(player, challenge)?;
                self.start_game(taken, (player, name), now)
            }
            ClientMessage::DeclineChallenge { challenge } => {
                let declined = self.lobby.answer_challenge(player, challenge)?;
                self.send_to_player(declined.owner, &ServerMessage::ChallengeDeclined { challenge });
                Ok(ServerMessage::Done)
            }
            ClientMessage::Invite { spec, colour } => {
                spec.check()?;
                let code = account::invitation_code()?;
                self.lobby.invite(offer(spec, colour), code.clone())?;
                Ok(ServerMessage::Invitation { code })
            }
            other => self.game_request(player, other, now),
        }
    }

    fn challenge(&mut self, offer: Offer, to: &str, now: u64) -> Answer {
        offer.spec.check()?;
        let target = self.store.account(to)?;
        let target = target.ok_or_else(|| Refusal::new(ErrorCode::NoSuchPlayer, format!("no player '{to}'")))?;
        if offer.owner == target.id {
            return Err(Refusal::new(ErrorCode::Lobby, "you cannot play yourself"));
        }
        if self.bots.contains_key(&target.id) {
            return self.start_game(offer, (target.id, target.name), now);
        }
        let (spec, colour, from) = (offer.spec, offer.colour, offer.owner_name.clone());
        let challenge = self.lobby.challenge(offer, target.id)?;
        self.send_to_player(target.id, &ServerMessage::ChallengeReceived { challenge, from, spec, colour });
        Ok(ServerMessage::Challenged { challenge })
    }

    fn join_invitation(&mut self, conn: ConnId, code: &str, now: u64) -> Answer {
        let offer = self.lobby.redeem(code)?;
        let joiner = match self.player(conn) {
            Some(signed_in) => signed_in,
            None => {
                let name = format!("{}{}", account::GUEST_PREFIX, account::invitation_code()?.get(..6).unwrap_or("x"));
                let id = self.store.create_account(&name, None, now)?;
                let welcome = self.sign_in(conn, Account { id, name: name.clone(), password_hash: None }, now)?;
                self.send(conn, None, welcome);
                (id, name)
            }
        };
        if joiner.0 == offer.owner {
            return Err(Refusal::new(ErrorCode::Lobby, "you cannot play yourself"));
        }
        self.start_game(offer, joiner, now)
    }

    fn start_game(&mut self, offer: Offer, (other, other_name): (PlayerId, String), now: u64) -> Answer {
        let players = offer.seats(other, account::coin()?);
        let names =
            if players[0] == offer.owner { [offer.owner_name, other_name] } else { [other_name, offer.owner_name] };
        let mut game = ServerGame::new(GameId(0), offer.spec, players, names, now)
            .map_err(|e| Refusal::new(ErrorCode::BadSpec, e.to_string()))?;
        let id = self.store.create_game(&game.stored(), now)?;
        game.set_id(id);
        let state = game.state(now);
        self.games.insert(id, game);
        for (side, player) in Side::BOTH.into_iter().zip(players) {
            for conn in self.by_player.get(&player).cloned().unwrap_or_default() {
                self.watch_game(conn, id);
            }
            self.send_to_player(player, &ServerMessage::GameStarted { side, state: state.clone() });
        }
        self.wake_bot(id, now);
        Ok(ServerMessage::Done)
    }

    /// The game `id`, loaded from the store if it is not in memory: an ended
    /// game to read, or one in play claimed for this process (refused where
    /// another process serves it).
    fn load(&mut self, id: GameId, now: u64) -> Result<&ServerGame, Refusal> {
        if !self.games.contains_key(&id) {
            let stored = self.store.claim_game(id)?.ok_or_else(no_such_game)?;
            let game =
                ServerGame::restore(stored, now).map_err(|e| Refusal::new(ErrorCode::Internal, e.to_string()))?;
            if game.result().is_over() {
                self.ended.insert(id, now);
            }
            self.games.insert(id, game);
            self.wake_bot(id, now);
        }
        self.games.get(&id).ok_or_else(no_such_game)
    }

    fn watch(&mut self, conn: ConnId, id: GameId, since: Option<u64>, now: u64) -> Answer {
        self.load(id, now)?;
        self.watch_game(conn, id);
        let game = self.games.get(&id).ok_or_else(no_such_game)?;
        match since.map(|seen| game.since(seen)) {
            Some(Since::Events(missed)) => {
                for event in missed {
                    self.send(conn, None, ServerMessage::Event { game: id, event });
                }
                Ok(ServerMessage::Watching { game: id, version: game.version() })
            }
            None | Some(Since::Resync) => Ok(ServerMessage::Resync { state: game.state(now) }),
        }
    }

    fn my_games(&self, player: PlayerId) -> ServerMessage {
        let mine = self.games.values().filter_map(|g| g.side_of(player).map(|side| summary(g, Some(side))));
        let mut games: Vec<GameSummary> = mine.collect();
        games.sort_by_key(|g| (g.result.is_over(), g.game));
        ServerMessage::Games { games }
    }

    /// The games in play for spectators, newest first, at most [`PUBLIC_GAMES`].
    fn public_games(&self) -> ServerMessage {
        let mut games: Vec<GameSummary> =
            self.games.values().filter(|g| !g.result().is_over()).map(|g| summary(g, None)).collect();
        games.sort_by_key(|g| std::cmp::Reverse(g.game));
        games.truncate(PUBLIC_GAMES);
        ServerMessage::Games { games }
    }

    fn play(&mut self, player: PlayerId, id: GameId, ply: u32, mv: &str, lag_ms: u64, now: u64) -> Answer {
        let (answer, applied) = self.play_unpublished(player, id, ply, mv, lag_ms, now);
        if let Some(applied) = applied {
            self.publish(&applied, now);
        }
        answer
    }

    /// A move checked, stored and made the game's, its events not sent yet
    /// (see [`Hub::publish`]): the answer, and the change where there was one.
    fn play_unpublished(
        &mut self,
        player: PlayerId,
        id: GameId,
        ply: u32,
        mv: &str,
        lag_ms: u64,
        now: u64,
    ) -> (Answer, Option<Applied>) {
        let game = match self.load(id, now) {
            Ok(game) => game,
            Err(refusal) => return (Err(refusal), None),
        };
        let (mut trial, kept, version) = (game.clone(), game.plies(), game.version());
        let played = match trial.play(player, ply, mv, lag_ms, now) {
            Ok(played) => played,
            Err(e) => return (Err(e.into()), None),
        };
        let (events, flagged) = match played {
            Played::Duplicate => return (Ok(ServerMessage::MoveAck { game: id, ply, version }), None),
            Played::Events(events) => (events, false),
            Played::Flagged(events) => (events, true),
        };
        match self.apply(trial, kept, events, now) {
            Ok(applied) if flagged => {
                (Err(Refusal::new(ErrorCode::GameOver, "your time ran out before the move arrived")), Some(applied))
            }
            Ok(applied) => (Ok(ServerMessage::MoveAck { game: id, ply, version: applied.version }), Some(applied)),
            Err(refusal) => (Err(refusal), None),
        }
    }

    fn game_request(&mut self, player: PlayerId, message: ClientMessage, now: u64) -> Answer {
        let id = match &message {
            ClientMessage::Resign { game }
            | ClientMessage::Abort { game }
            | ClientMessage::OfferDraw { game }
            | ClientMessage::DeclineDraw { game }
            | ClientMessage::RequestTakeback { game }
            | ClientMessage::DeclineTakeback { game }
            | ClientMessage::ClaimFlag { game } => *game,
            _ => return Err(Refusal::new(ErrorCode::BadMessage, "not a request here")),
        };
        let game = self.load(id, now)?;
        let (kept, mut trial) = (game.plies(), game.clone());
        let events = match message {
            ClientMessage::Resign { .. } => trial.resign(player)?,
            ClientMessage::Abort { .. } => trial.abort(player)?,
            ClientMessage::OfferDraw { .. } => trial.offer_draw(player)?,
            ClientMessage::DeclineDraw { .. } => trial.decline_draw(player)?,
            ClientMessage::RequestTakeback { .. } => trial.request_takeback(player, now)?,
            ClientMessage::DeclineTakeback { .. } => trial.decline_takeback(player)?,
            _ => trial.claim_flag(player, now)?,
        };
        self.commit(trial, kept, events, now)?;
        Ok(ServerMessage::Done)
    }

    /// Stores `trial` (and the ratings, if it just ended rated), then makes it
    /// the game, sends its events, and wakes its bot if moves changed: its
    /// version. `kept` is the game's moves before the change.
    fn commit(&mut self, trial: ServerGame, kept: u32, events: Vec<Numbered>, now: u64) -> Result<u64, Refusal> {
        let applied = self.apply(trial, kept, events, now)?;
        self.publish(&applied, now);
        Ok(applied.version)
    }

    /// Stores `trial` and makes it the game; its events wait for [`Hub::publish`].
    fn apply(&mut self, trial: ServerGame, kept: u32, events: Vec<Numbered>, now: u64) -> Result<Applied, Refusal> {
        let ended_now = trial.result().is_over() && self.games.get(&trial.id()).is_some_and(|g| !g.result().is_over());
        let (moved, kept) = (kept != trial.plies(), kept.min(trial.plies()));
        let (trial, events) = self.save(trial, kept, events, ended_now)?;
        let (id, version) = (trial.id(), trial.version());
        self.games.insert(id, trial);
        if ended_now {
            self.ended.insert(id, now);
        }
        Ok(Applied { id, version, events, moved })
    }

    /// Sends a stored change's events, and wakes the game's bot if moves changed.
    fn publish(&self, applied: &Applied, now: u64) {
        self.broadcast(applied.id, &applied.events);
        if applied.moved {
            self.wake_bot(applied.id, now);
        }
    }

    /// Stores `trial`, rated first if it just ended: the game and its events
    /// as stored. A rating another process changed meanwhile is read again
    /// (a few times); a game another process took over leaves memory.
    fn save(
        &mut self,
        trial: ServerGame,
        kept: u32,
        events: Vec<Numbered>,
        ended_now: bool,
    ) -> Result<(ServerGame, Vec<Numbered>), Refusal> {
        let mut tries = 0;
        loop {
            let (mut rated, mut rated_events) = (trial.clone(), events.clone());
            let ratings = if ended_now { self.rate(&mut rated, &mut rated_events)? } else { Vec::new() };
            match self.store.save_game(&rated.stored(), kept, &ratings) {
                Ok(()) => return Ok((rated, rated_events)),
                Err(StoreError::RatingMoved) if tries < RATING_TRIES => tries += 1,
                Err(e @ StoreError::ServedElsewhere(_)) => {
                    self.games.remove(&trial.id());
                    return Err(e.into());
                }
                Err(e) => return Err(e.into()),
            }
        }
    }

    /// The ratings after a rated game that just ended (none for a casual or
    /// aborted one), its `rated` event added to `events`.
    fn rate(&mut self, game: &mut ServerGame, events: &mut Vec<Numbered>) -> Result<Vec<RatingUpdate>, Refusal> {
        let Some(score) = game.result().white_score().filter(|_| game.spec().rated) else { return Ok(Vec::new()) };
        let key = RatingKey::of(game.spec());
        let [white, black] = game.players();
        let before = [self.store.rating(white, key)?, self.store.rating(black, key)?];
        let after = rating::after_game(before[0], before[1], score);
        events.push(game.rated(rating::change(before[0], after[0]), rating::change(before[1], after[1])));
        Ok(vec![
            RatingUpdate { player: white, key, before: before[0], after: after[0] },
            RatingUpdate { player: black, key, before: before[1], after: after[1] },
        ])
    }

    /// Lets go of the games that ended over [`KEEP_ENDED_MS`] ago (the store
    /// has them; a `watch` loads one again).
    fn forget_ended(&mut self, now: u64) {
        let old: Vec<GameId> =
            self.ended.iter().filter(|&(_, &at)| at + KEEP_ENDED_MS <= now).map(|(&id, _)| id).collect();
        for id in old {
            self.ended.remove(&id);
            self.games.remove(&id);
            for conn in self.watchers.remove(&id).unwrap_or_default() {
                if let Some(c) = self.conns.get_mut(&conn) {
                    c.watching.remove(&id);
                }
            }
        }
    }

    /// A player's rating for a game and speed.
    pub fn rating(&self, player: PlayerId, key: RatingKey) -> Result<f64, StoreError> {
        Ok(self.store.rating(player, key)?.rating)
    }
}

/// A change stored and made the game's, its events not sent yet.
struct Applied {
    id: GameId,
    version: u64,
    events: Vec<Numbered>,
    moved: bool,
}

/// How long an ended game stays in memory (for `my_games` and its watchers).
pub const KEEP_ENDED_MS: u64 = 600_000;

/// How often a process looks for games in play no live process serves.
pub const ADOPT_MS: u64 = 5_000;

/// How many times a game's end is rated again when another process changed
/// a rating meanwhile.
const RATING_TRIES: u32 = 5;

/// The most games `list_games` lists.
pub const PUBLIC_GAMES: usize = 100;

/// A game as a list shows it to `viewer`, the side who asks (none for a spectator).
fn summary(game: &ServerGame, viewer: Option<Side>) -> GameSummary {
    let state = game.state(0);
    GameSummary {
        game: game.id(),
        white: state.white,
        black: state.black,
        spec: *game.spec(),
        plies: game.plies(),
        to_move: game.to_move(),
        your_move: viewer.is_some() && game.to_move() == viewer,
        result: game.result(),
        version: game.version(),
    }
}

/// The bots' accounts, made where missing.
fn bot_accounts(store: &mut dyn Store, now: u64) -> Result<HashMap<PlayerId, Level>, StoreError> {
    let mut bots = HashMap::new();
    for level in Level::ALL {
        let name = bot_name(level);
        let id = match store.account(&name)? {
            Some(account) => account.id,
            None => store.create_account(&name, None, now)?,
        };
        bots.insert(id, level);
    }
    Ok(bots)
}

/// A message as its JSON text.
fn text<T: serde::Serialize>(message: &T) -> String {
    serde_json::to_string(message)
        .unwrap_or_else(|e| format!(r#"{{"v":1,"type":"error","code":"internal","message":"{e}"}}"#))
}
