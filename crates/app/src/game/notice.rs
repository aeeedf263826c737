//! One line of feedback: a file saved, a load that failed, a settings file
//! that could not be read. The panel keeps it under Files; over the board it
//! shows as a toast where the player is looking (news for a few seconds,
//! errors until closed).

use std::sync::Arc;
use std::time::Duration;

use web_time::Instant;

use bevy::prelude::*;

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

impl Notice {
    pub(crate) fn info(&mut self, text: impl Into<String>) {
        *self = Notice { text: Some(text.into()), error: false, posted: Some(Instant::now()), dismissed: false };
    }

    pub(crate) fn error(&mut self, text: impl Into<String>) {
        *self = Notice { text: Some(text.into()), error: true, posted: Some(Instant::now()), dismissed: false };
    }

    /// The text to show over the board now, if any.
    pub fn toast(&self) -> Option<&str> {
        let fresh = self.error || self.posted.is_some_and(|posted| posted.elapsed() < NEWS_SHOWN);
        self.text.as_deref().filter(|_| fresh && !self.dismissed)
    }

    /// Takes the toast off the board (the panel line stays).
    pub fn dismiss(&mut self) {
        self.dismissed = true;
    }
}

pub(crate) fn plugin(app: &mut App) {
    app.init_resource::<Notice>().add_systems(Last, wake_when_news_expires);
}

/// A resting window would show expired news until its next event; an alarm
/// wakes it when the news is due to go.
fn wake_when_news_expires(notice: Res<Notice>, waker: Res<Waker>, mut alarm: Local<Option<Arc<Alarm>>>) {
    if notice.is_changed() && !notice.error && notice.text.is_some() {
        let alarm = alarm.get_or_insert_with(|| Alarm::start(waker.clone()));
        alarm.set(Some(Instant::now() + NEWS_SHOWN + Duration::from_millis(50)));
    }
}
