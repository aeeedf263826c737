//! The one match runner: `match`, `tournament`, `experiments`, the game's
//! Series tab and the tuner's self-play all play their games here. A series
//! is a [`SeriesSpec`]: a [`Schedule`] (the rule "(spec, seed, index) -> this
//! game"), two [`Seat`]s (this build's AI or another program over the engine
//! protocol, UCI or UGI) and a number of games; game N of a spec is the same game
//! whoever asks for it and on however many threads.

mod engine;
mod engine_error;
mod game;
mod parallel;
mod pipes;
mod program;
mod round_robin;
mod schedule;
mod seat;
mod uci;

use std::sync::atomic::{AtomicBool, Ordering};

use serde::{Deserialize, Serialize};

pub use engine::EngineSpec;
pub use engine_error::EngineError;
pub use game::{SeriesGame, play_ai_game};
pub use parallel::{Finished, run_parallel};
pub use program::{ProgramError, ProgramPlayer};
pub use round_robin::{PairGame, RoundRobin, cross_table};
pub use schedule::{Deal, Schedule, move_seed, random_opening};
pub use seat::{EngineStartError, Seat, SeatError};
pub use uci::{UciProtocol, UciSpec};

use breakline_ai::player::GameRecord;
use breakline_ai::search::{SearchError, SearchHandler};
use breakline_rules::Side;
use breakline_rules::clock::Clock;

/// What to play: player A against player B, N games, on one schedule.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SeriesSpec {
    /// How every game is set up.
    pub schedule: Schedule,
    /// Player A (White unless colours are swapped).
    pub a: Seat,
    /// Player B.
    pub b: Seat,
    /// Number of games.
    pub games: usize,
}

/// Stops every game of a series at once (searches poll it too).
struct StopFlag<'a>(&'a AtomicBool);

impl SearchHandler for StopFlag<'_> {
    fn should_stop(&self) -> bool {
        self.0.load(Ordering::Relaxed)
    }
}

impl SeriesSpec {
    /// Starts each engine program once and lets it go, so that a program
    /// that cannot play at all is an error before the series rather than a
    /// forfeit in every game.
    pub fn check(&self) -> Result<(), EngineStartError> {
        let terms = self.schedule.engine_terms();
        self.a.check(&terms)?;
        self.b.check(&terms)
    }

    /// Plays game `index`; the same index always gives the same game, and a
    /// stop leaves it unfinished.
    pub fn play_game(&self, index: usize, stop: &AtomicBool) -> Result<SeriesGame, SearchError> {
        let deal = self.schedule.deal(index)?;
        let (white, black) = if deal.a_is_black { (&self.b, &self.a) } else { (&self.a, &self.b) };
        let variant = self.schedule.variant;
        // The record names the seats as the spec does, not as they play.
        let record =
            GameRecord::new(&deal.start, white.record_player(variant), black.record_player(variant), deal.seed);
        let played = [self.schedule.as_played(white)?, self.schedule.as_played(black)?];
        let terms = self.schedule.engine_terms();
        let clock = self.schedule.time_control.map(Clock::new);
        let seats = [&played[0], &played[1]];
        let (record, forfeit) =
            game::play_seats(deal.start, seats, &terms, record, deal.seed, clock, &mut StopFlag(stop))?;
        let forfeit = forfeit.map(|(side, reason)| {
            let seat = if side == Side::White { white } else { black };
            format!("{side} ({seat}): {reason}")
        });
        Ok(SeriesGame {
            index,
            a_is_black: deal.a_is_black,
            white: white.to_string(),
            black: black.to_string(),
            forfeit,
            record,
        })
    }

    /// Plays the whole series on `threads` threads, calling `on_game` on this
    /// thread as each game finishes (in finishing order). Games cut short by
    /// `stop` are left out. The result is sorted by game index.
    pub fn run(
        &self,
        threads: usize,
        stop: &AtomicBool,
        on_game: impl FnMut(&SeriesGame),
    ) -> Result<Vec<SeriesGame>, SearchError> {
        let all: Vec<usize> = (0..self.games).collect();
        self.run_games(&all, threads, stop, on_game)
    }

    /// Plays the games numbered `indices` (ascending) as [`SeriesSpec::run`]
    /// plays them all: a share of the series gives the very games the whole
    /// series would.
    pub fn run_games(
        &self,
        indices: &[usize],
        threads: usize,
        stop: &AtomicBool,
        on_game: impl FnMut(&SeriesGame),
    ) -> Result<Vec<SeriesGame>, SearchError> {
        run_parallel(indices.len(), threads, stop, |job| self.play_game(indices[job], stop), on_game)
    }
}
