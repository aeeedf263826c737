//! The server's tests, headless on loopback: real WebSocket clients against
//! a real server on an ephemeral port, over a fresh SQLite file each.

mod bots;
mod client;
mod fuzz;
mod latency;
mod memory;
mod moves;
mod play;
mod reconnect;
mod referee;
mod restart;
mod tls;
