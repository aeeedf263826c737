//! Pausing and stepping the AI, and the last search that failed: the owner
//! writes it (a pause, a step and an error are requests), the clock, the
//! turn cycle and the panel read it.

use bevy::prelude::*;

/// Pausing and stepping AI turns, and the last search that failed. Only the
/// owner writes it (a pause, a step and an error are requests).
#[derive(Resource, Default, Clone, Debug)]
pub struct AiControl {
    pub(crate) paused: bool,
    /// One AI move while paused; cleared when that move is played.
    pub(crate) step_requested: bool,
    /// Shown in the panel; the AI pauses.
    pub(crate) error: Option<String>,
}

impl AiControl {
    pub(crate) fn paused(&self) -> bool {
        self.paused
    }

    pub(crate) fn error(&self) -> Option<&str> {
        self.error.as_deref()
    }

    /// A fresh game: not stepping, no error (a pause stays as set; the owner
    /// lifts it for a game a person plays).
    pub(crate) fn reset(&mut self) {
        self.step_requested = false;
        self.error = None;
    }
}
