//! What the game has to say out loud: one [`SoundCue`] per game event (a
//! move, a capture, the end of a game, a clock running low, a puzzle or a
//! lesson step judged), written where the event happens. The sound wing
//! turns cues into playback; without it (the headless tests) they are
//! only messages.

use std::time::Duration;

use bevy::prelude::*;

use crate::engine::{Outcome, Side};
use crate::game::players::Players;

/// A game event that has a sound.
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum SoundCue {
    Move,
    Capture,
    /// The person won (or, with no single person playing, a side won).
    Win,
    /// The person lost.
    Loss,
    Draw,
    /// The clock of a person to move fell under [`LOW_CLOCK`].
    LowClock,
    PuzzleSolved,
    PuzzleMissed,
    LessonRight,
    LessonWrong,
}

impl SoundCue {
    /// Every cue, for the tests and the sound check.
    pub const ALL: [SoundCue; 10] = [
        SoundCue::Move,
        SoundCue::Capture,
        SoundCue::Win,
        SoundCue::Loss,
        SoundCue::Draw,
        SoundCue::LowClock,
        SoundCue::PuzzleSolved,
        SoundCue::PuzzleMissed,
        SoundCue::LessonRight,
        SoundCue::LessonWrong,
    ];
}

/// A person's clock under this much time left sounds once.
pub const LOW_CLOCK: Duration = Duration::from_secs(10);

pub(crate) fn plugin(app: &mut App) {
    app.add_message::<SoundCue>();
}

/// The cue for a move just played.
pub(crate) fn move_cue(capture: bool) -> SoundCue {
    if capture { SoundCue::Capture } else { SoundCue::Move }
}

/// The cue for a game that just ended, from the person's side: a win or a
/// loss against the computer; with two people or none, a side won.
pub(crate) fn end_cue(outcome: Outcome, players: &Players) -> Option<SoundCue> {
    let people: Vec<Side> = Side::BOTH.into_iter().filter(|&side| !players.get(side).is_ai()).collect();
    match (outcome, people.as_slice()) {
        (Outcome::Ongoing, _) => None,
        (Outcome::Draw { .. }, _) => Some(SoundCue::Draw),
        (Outcome::Win { winner, .. }, [person]) if winner != *person => Some(SoundCue::Loss),
        (Outcome::Win { .. }, _) => Some(SoundCue::Win),
    }
}

/// Whether a clock that showed `before` and shows `now` just fell under [`LOW_CLOCK`].
pub(crate) fn crossed_low(before: Duration, now: Duration) -> bool {
    before >= LOW_CLOCK && now < LOW_CLOCK
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::{AiConfig, DrawReason, Variant, WinReason};
    use crate::game::players::PlayerSetup;

    #[test]
    fn the_end_of_a_game_sounds_from_the_persons_side() {
        let ai = || PlayerSetup::Ai(AiConfig::parse("alphabeta:offensive1:depth=1", Variant::Breakthrough).unwrap());
        let won = |winner| Outcome::Win { winner, reason: WinReason::ReachedGoal };
        let person_white = Players { white: PlayerSetup::Human, black: ai() };
        assert_eq!(end_cue(won(Side::White), &person_white), Some(SoundCue::Win));
        assert_eq!(end_cue(won(Side::Black), &person_white), Some(SoundCue::Loss));
        let two = Players { white: PlayerSetup::Human, black: PlayerSetup::Human };
        let none = Players { white: ai(), black: ai() };
        for players in [&two, &none] {
            assert_eq!(end_cue(won(Side::Black), players), Some(SoundCue::Win));
        }
        assert_eq!(end_cue(Outcome::Draw { reason: DrawReason::MoveLimit }, &person_white), Some(SoundCue::Draw));
        assert_eq!(end_cue(Outcome::Ongoing, &two), None);
        assert!(crossed_low(LOW_CLOCK, LOW_CLOCK - Duration::from_millis(1)));
        assert!(!crossed_low(LOW_CLOCK - Duration::from_millis(1), Duration::ZERO));
    }
}
