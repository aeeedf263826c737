//! The server's tests, headless on loopback: real WebSocket clients against
//! a real server on an ephemeral port, over a fresh SQLite file each (or,
//! in over_postgres.rs, a fresh PostgreSQL database each).

mod bots;
mod client;
mod fuzz;
mod group;
mod latency;
mod memory;
mod moves;
mod over_postgres;
mod play;
mod ratings;
mod reconnect;
mod referee;
mod restart;
mod tls;
