//! The player's thread: sounds arrive over a channel and are played one
//! after another, so the frame loop only hands samples over. The connection
//! is opened at the first sound; where no sound server answers the game
//! stays silent and says so once in the log.

use std::sync::mpsc::{Receiver, Sender, channel};
use std::thread::JoinHandle;
use std::time::Duration;

use web_time::Instant;

use bevy::prelude::*;

use crate::sound::pulse::{Connection, SoundError};

/// A sound that waited longer than this (a burst of moves) is skipped: it
/// would sound after what it belongs to.
const STALE: Duration = Duration::from_secs(1);

/// The handle the game keeps: hand it samples, it plays them.
#[derive(Resource)]
pub struct SoundPlayer {
    sender: Option<Sender<(Instant, Vec<i16>)>>,
    thread: Option<JoinHandle<PlayerReport>>,
}

/// What the player's thread did, when it ends.
#[derive(Debug, Default)]
pub struct PlayerReport {
    /// Sounds the server played to the end.
    pub played: usize,
    /// Why the others were not, the first time it happened.
    pub error: Option<String>,
}

impl SoundPlayer {
    /// Starts the player's thread (no connection yet).
    pub fn spawn() -> SoundPlayer {
        let (sender, receiver) = channel();
        let thread = std::thread::Builder::new().name("sound".into()).spawn(move || run(receiver)).ok();
        if thread.is_none() {
            warn!("sound: the player's thread could not start; the game stays silent");
        }
        SoundPlayer { sender: Some(sender), thread }
    }

    /// Queues `samples` and returns at once.
    pub fn play(&self, samples: Vec<i16>) {
        if let Some(sender) = &self.sender {
            // A player that has stopped has said why already.
            let _ = sender.send((Instant::now(), samples));
        }
    }

    /// Waits for the queued sounds to be played and says how it went.
    pub fn finish(mut self) -> PlayerReport {
        self.sender = None;
        let thread = self.thread.take();
        thread.and_then(|t| t.join().ok()).unwrap_or_default()
    }
}

fn run(receiver: Receiver<(Instant, Vec<i16>)>) -> PlayerReport {
    let mut report = PlayerReport::default();
    let mut connection: Option<Connection> = None;
    for (queued, samples) in receiver {
        if queued.elapsed() > STALE {
            continue;
        }
        if connection.is_none() {
            match Connection::open() {
                Ok(open) => connection = Some(open),
                Err(error) => {
                    say_once(&mut report, &error);
                    continue;
                }
            }
        }
        let Some(open) = connection.as_mut() else { continue };
        match open.play(&samples) {
            Ok(()) => report.played += 1,
            Err(error) => {
                // The next sound tries a fresh connection (a server restarted).
                connection = None;
                say_once(&mut report, &error);
            }
        }
    }
    report
}

fn say_once(report: &mut PlayerReport, error: &SoundError) {
    if report.error.is_none() {
        warn!("sound: {error}; the game stays silent");
        report.error = Some(error.to_string());
    }
}
