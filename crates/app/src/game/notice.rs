//! One line of feedback: a file saved, a load that failed, a settings file
//! that could not be read. The panel keeps it under Files; over the board it
//! shows as a toast where the player is looking (news for a few seconds,
//! errors for longer, either until closed).

use std::sync::Arc;
use std::time::Duration;

use web_time::Instant;

use bevy::prelude::*;

use crate::game::session::GameSession;
use crate::game::wake::{Alarm, Waker};

#[derive(Resource, Default, Clone, Debug, PartialEq, Eq)]
pub struct Notice {
    pub text: Option<String>,
    pub error: bool,
    posted: Option<Instant>,
    dismissed: bool,
}

/// How long news stays over the board.
const NEWS_SHOWN: Duration = Duration::from_secs(5);
/// How long an error stays: time to read a long line twice. It stayed until
/// closed, red over every board after (fresh eyes, round 14); the panel's
/// line under Files keeps it.
const ERROR_SHOWN: Duration = Duration::from_secs(12);

impl Notice {
    pub fn info(&mut self, text: impl Into<String>) {
        *self = Notice { text: Some(text.into()), error: false, posted: Some(Instant::now()), dismissed: false };
    }

    pub fn error(&mut self, text: impl Into<String>) {
        *self = Notice { text: Some(text.into()), error: true, posted: Some(Instant::now()), dismissed: false };
    }

    /// The text to show over the board now, if any.
    pub fn toast(&self) -> Option<&str> {
        let shown = if self.error { ERROR_SHOWN } else { NEWS_SHOWN };
        let fresh = self.posted.map_or(self.error, |posted| posted.elapsed() < shown);
        self.text.as_deref().filter(|_| fresh && !self.dismissed)
    }

    /// Takes the toast off the board (the panel line stays).
    pub fn dismiss(&mut self) {
        self.dismissed = true;
    }
}

pub(crate) fn plugin(app: &mut App) {
    app.init_resource::<Notice>().add_systems(Last, (news_goes_with_its_game, wake_when_news_expires));
}

/// News of one game (copied, saved, opened) is not news of the next: it
/// goes when another game comes to the board, unless it came with that game
/// (fresh eyes, round 18: "Copied the game (2 moves)" stayed under a new
/// game). Errors stay: what failed is still worth reading.
fn news_goes_with_its_game(session: Res<GameSession>, mut notice: ResMut<Notice>, mut seen: Local<Option<u64>>) {
    let generation = session.generation();
    let came = seen.is_some_and(|before| before != generation);
    *seen = Some(generation);
    if came && !notice.is_changed() && !notice.error && notice.text.is_some() {
        *notice = Notice::default();
    }
}

/// A resting window would show expired news until its next event; an alarm
/// wakes it when the news is due to go.
fn wake_when_news_expires(notice: Res<Notice>, waker: Res<Waker>, mut alarm: Local<Option<Arc<Alarm>>>) {
    if notice.is_changed() && notice.text.is_some() {
        let alarm = alarm.get_or_insert_with(|| Alarm::start(waker.clone()));
        let shown = if notice.error { ERROR_SHOWN } else { NEWS_SHOWN };
        alarm.set(Some(Instant::now() + shown + Duration::from_millis(50)));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn news_and_errors_go_after_their_time() {
        let mut notice = Notice::default();
        notice.error("The file could not be read");
        assert!(notice.toast().is_some(), "an error shows");
        notice.posted = Some(Instant::now() - ERROR_SHOWN);
        assert_eq!(notice.toast(), None, "and goes after its time");
        notice.info("Saved");
        notice.posted = Some(Instant::now() - NEWS_SHOWN);
        assert_eq!(notice.toast(), None);
        assert_eq!(notice.text.as_deref(), Some("Saved"), "the panel's line stays");
    }
}
