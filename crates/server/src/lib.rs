//! Breakline's online game server: server-authoritative games of
//! Breakthrough and Lines of Action over WebSocket messages, every move
//! checked by the rules engine and stored before it is acknowledged; the
//! server's clocks; accounts, a lobby, challenges and invitation codes;
//! Glicko-2 ratings per game and speed; the levels as bots. No Bevy: `breakline serve` is a thin
//! command over [`server::start`]. The protocol is documented in
//! `docs/guide/online-protocol.md`; several processes over one PostgreSQL
//! ([`store::postgres`]) in `docs/guide/running-with-postgresql.md`.

#![warn(missing_docs)]

pub mod account;
pub mod bench;
pub mod bot;
pub mod clock;
pub mod events;
pub mod game;
pub mod hub;
pub mod ids;
pub mod limits;
pub mod lobby;
pub mod message;
pub mod rating;
pub mod result;
pub mod server;
pub mod spec;
pub mod store;
pub mod tls;
