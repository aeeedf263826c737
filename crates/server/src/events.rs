//! Each game's events, numbered by version: the game's start is version 1
//! and every change after it the next number. A client that reconnects asks
//! for what came after the last version it saw and gets the events it
//! missed, or a full resync when they are no longer kept (the log keeps the
//! last [`KEPT_EVENTS`]; after a restart it starts empty at the stored version).

use std::collections::VecDeque;

use breakline_rules::Side;
use serde::{Deserialize, Serialize};

use crate::clock::ClockReading;
use crate::rating::RatingChange;
use crate::result::GameResult;
use crate::spec::GameSpec;

/// How many recent events a game keeps for reconnecting clients.
pub const KEPT_EVENTS: usize = 256;

/// Something that happened in a game.
#[derive(Clone, PartialEq, Debug, Serialize, Deserialize)]
#[serde(tag = "event", rename_all = "snake_case")]
pub enum GameEvent {
    /// The game began.
    Started {
        /// White's name.
        white: String,
        /// Black's name.
        black: String,
        /// Its setup.
        spec: GameSpec,
    },
    /// A move was played (and stored): `ply` is the number of moves before it.
    Moved {
        /// Moves played before this one.
        ply: u32,
        /// The move, `a2-a3` or `a2xb3`.
        #[serde(rename = "move")]
        mv: String,
        /// The clocks after it.
        clocks: ClockReading,
    },
    /// A side offered a draw.
    DrawOffered {
        /// Who offered.
        by: Side,
    },
    /// The offer was declined (or withdrawn by a move).
    DrawDeclined {
        /// Who declined.
        by: Side,
    },
    /// A side asked to take back its last move.
    TakebackRequested {
        /// Who asked.
        by: Side,
    },
    /// The request was declined.
    TakebackDeclined {
        /// Who declined.
        by: Side,
    },
    /// Moves were taken back: `plies` moves remain.
    TookBack {
        /// Moves left.
        plies: u32,
        /// The clocks after it.
        clocks: ClockReading,
    },
    /// The game ended.
    Ended {
        /// How.
        result: GameResult,
    },
    /// A rated game's ratings changed (the event after `ended`).
    Rated {
        /// White's change.
        white: RatingChange,
        /// Black's change.
        black: RatingChange,
    },
}

/// An event with its version.
#[derive(Clone, PartialEq, Debug, Serialize, Deserialize)]
pub struct Numbered {
    /// The game's version once this event happened.
    pub version: u64,
    /// What happened.
    #[serde(flatten)]
    pub event: GameEvent,
}

/// What a client that saw up to some version needs.
#[derive(Clone, PartialEq, Debug)]
pub enum Since {
    /// The events after it, oldest first (none when it is up to date).
    Events(Vec<Numbered>),
    /// Too old, or ahead of the server: the whole state instead.
    Resync,
}

/// A game's recent events.
#[derive(Clone, Debug, Default)]
pub struct EventLog {
    version: u64,
    kept: VecDeque<Numbered>,
}

impl EventLog {
    /// An empty log at `version` (a new game at 0, a restored one at its stored version).
    pub fn at(version: u64) -> EventLog {
        EventLog { version, kept: VecDeque::new() }
    }

    /// The version of the latest event.
    pub fn version(&self) -> u64 {
        self.version
    }

    /// Numbers `event` with the next version and keeps it.
    pub fn push(&mut self, event: GameEvent) -> Numbered {
        self.version += 1;
        let numbered = Numbered { version: self.version, event };
        if self.kept.len() == KEPT_EVENTS {
            self.kept.pop_front();
        }
        self.kept.push_back(numbered.clone());
        numbered
    }

    /// What a client that saw up to version `seen` missed.
    pub fn since(&self, seen: u64) -> Since {
        if seen > self.version {
            return Since::Resync;
        }
        let oldest = self.kept.front().map_or(self.version + 1, |n| n.version);
        if seen + 1 < oldest {
            return Since::Resync;
        }
        Since::Events(self.kept.iter().filter(|n| n.version > seen).cloned().collect())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_client_gets_what_it_missed_or_a_resync() {
        let mut log = EventLog::at(0);
        for _ in 0..KEPT_EVENTS + 10 {
            log.push(GameEvent::DrawOffered { by: Side::White });
        }
        let last = log.version();
        assert_eq!(log.since(last), Since::Events(vec![]));
        let Since::Events(missed) = log.since(last - 3) else { panic!("kept") };
        assert_eq!(missed.iter().map(|n| n.version).collect::<Vec<_>>(), [last - 2, last - 1, last]);
        assert_eq!(log.since(5), Since::Resync);
        assert_eq!(log.since(last + 1), Since::Resync);
        assert_eq!(EventLog::at(7).since(3), Since::Resync);
        assert_eq!(EventLog::at(7).since(7), Since::Events(vec![]));
    }
}
