//! The player's thread: sounds arrive over a channel and are played one
//! after another, so the frame loop only hands samples over. The connection
//! is opened as the thread starts (and again after a failure, at the next
//! sound); where no sound server answers the game stays silent, says so once
//! in the log, and Settings says why.

use std::sync::mpsc::{Receiver, Sender, channel};
use std::sync::{Arc, Mutex, PoisonError};
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
    /// Why sounds are not heard, once the thread has found out: Settings
    /// says so beside the volume (fresh eyes, round 25: a silent game showed
    /// its volume as if it worked).
    trouble: Arc<Mutex<Option<String>>>,
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
        let trouble = Arc::new(Mutex::new(None));
        let told = Arc::clone(&trouble);
        let thread = std::thread::Builder::new().name("sound".into()).spawn(move || run(receiver, &told)).ok();
        if thread.is_none() {
            warn!("sound: the player's thread could not start; the game stays silent");
            *trouble.lock().unwrap_or_else(PoisonError::into_inner) = Some("the player could not start".into());
        }
        SoundPlayer { sender: Some(sender), thread, trouble }
    }

    /// Why the last sound was not heard, if it was not.
    pub fn trouble(&self) -> Option<String> {
        self.trouble.lock().unwrap_or_else(PoisonError::into_inner).clone()
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

fn run(receiver: Receiver<(Instant, Vec<i16>)>, trouble: &Mutex<Option<String>>) -> PlayerReport {
    let mut report = PlayerReport::default();
    // Opened at once, so Settings can say before the first sound why none
    // would be heard; a failure is tried again at the next sound.
    let mut connection = match Connection::open() {
        Ok(open) => Some(open),
        Err(error) => {
            *trouble.lock().unwrap_or_else(PoisonError::into_inner) = Some(error.to_string());
            None
        }
    };
    for (queued, samples) in receiver {
        if queued.elapsed() > STALE {
            continue;
        }
        if connection.is_none() {
            match Connection::open() {
                Ok(open) => connection = Some(open),
                Err(error) => {
                    *trouble.lock().unwrap_or_else(PoisonError::into_inner) = Some(error.to_string());
                    say_once(&mut report, &error);
                    continue;
                }
            }
        }
        let Some(open) = connection.as_mut() else { continue };
        let played = open.play(&samples);
        let now = played.as_ref().err().map(ToString::to_string);
        *trouble.lock().unwrap_or_else(PoisonError::into_inner) = now;
        match played {
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
