//! Group commit: the moves that arrived while the store was flushing the
//! last group are played together, each stored in the store's one open
//! transaction (a savepoint each, so a move that fails fails alone), and
//! the transaction committed with one flush to disk. Only then are their
//! events sent and their moves acknowledged: an acknowledged move is on
//! disk, as before, but a thousand moves cost one flush instead of a
//! thousand. If the commit fails, the games go back to what they were and
//! every move of the group is answered `internal`. A store that writes each
//! change on its own (PostgreSQL's) plays the moves one by one as before.

use std::collections::HashMap;

use tokio::sync::oneshot;

use super::{ConnId, Hub, not_signed_in};
use crate::ids::GameId;
use crate::message::{Refusal, ServerMessage};

/// A move waiting for its group, as a connection read it.
pub struct QueuedMove {
    /// The connection it came on (its answer goes there).
    pub conn: ConnId,
    /// The request's id.
    pub id: Option<u64>,
    /// The game.
    pub game: GameId,
    /// The moves played before it.
    pub ply: u32,
    /// The move, in notation.
    pub mv: String,
    /// The lag the client claims.
    pub lag_ms: u64,
    /// When it arrived, in ms since the epoch: its clock's reading.
    pub at: u64,
    /// Dropped once the move is answered: the connection reads on only then,
    /// so that its requests are answered in order.
    pub done: oneshot::Sender<()>,
}

impl Hub {
    /// Plays a group of moves, answers them, and sends their events (see the module).
    pub fn play_group(&mut self, moves: Vec<QueuedMove>) {
        match self.store.begin_group() {
            Ok(true) => {}
            Ok(false) => return self.play_one_by_one(moves),
            Err(e) => return self.refuse_all(&moves, e.into()),
        }
        let mut before: HashMap<GameId, Option<super::ServerGame>> = HashMap::new();
        let mut results = Vec::with_capacity(moves.len());
        for m in &moves {
            let Some((player, _)) = self.player(m.conn) else {
                results.push((Err(not_signed_in()), None));
                continue;
            };
            before.entry(m.game).or_insert_with(|| self.games.get(&m.game).cloned());
            results.push(self.play_unpublished(player, m.game, m.ply, &m.mv, m.lag_ms, m.at));
        }
        if let Err(e) = self.store.end_group() {
            // None of the group is on disk: neither is it in play.
            for (id, game) in before {
                match game {
                    Some(game) => {
                        if !game.result().is_over() {
                            self.ended.remove(&id);
                        }
                        self.games.insert(id, game);
                    }
                    None => {
                        self.games.remove(&id);
                    }
                }
            }
            return self.refuse_all(&moves, e.into());
        }
        for (m, (answer, applied)) in moves.iter().zip(results) {
            if let Some(applied) = applied {
                self.publish(&applied, m.at);
            }
            self.send(m.conn, m.id, answer.unwrap_or_else(Refusal::message));
        }
    }

    fn play_one_by_one(&mut self, moves: Vec<QueuedMove>) {
        for m in moves {
            let answer = match self.player(m.conn) {
                Some((player, _)) => self.play(player, m.game, m.ply, &m.mv, m.lag_ms, m.at),
                None => Err(not_signed_in()),
            };
            self.send(m.conn, m.id, answer.unwrap_or_else(Refusal::message));
        }
    }

    fn refuse_all(&self, moves: &[QueuedMove], refusal: Refusal) {
        for m in moves {
            self.send(m.conn, m.id, ServerMessage::Error { code: refusal.code, message: refusal.message.clone() });
        }
    }
}
