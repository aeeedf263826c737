//! The Series tab's form as data: the players, board and numbers of the next
//! series, filled from the matchup set on the Game tab whenever that changes
//! (so a series of the game being watched is one click away), and the words
//! that say how colours are shared out.

use std::time::Duration;

use bevy::prelude::*;
use serde::{Deserialize, Serialize};
use thiserror::Error;

use crate::engine::ai::search::{Level, limits};
use crate::engine::lab::runner::{Schedule, Seat, SeatError, SeriesSpec};
use crate::engine::rules::SizeError;
use crate::engine::{AiConfig, BoardSize, Variant};
use crate::game::players::{PlayerSetup, Players};
use crate::game::session::GameSession;
use crate::series::runner::{Series, default_threads};

/// The game tab's matchup the form was last filled from.
type Matchup = (Variant, BoardSize, AiConfig, AiConfig);

/// The form's fields, as edited (texts stay as typed until they parse).
#[derive(Resource, Clone, Debug)]
pub struct SeriesForm {
    /// Filled once at least (from the game, or with the default players).
    filled: bool,
    /// The Game tab's matchup it was filled from; another one refills it.
    followed: Option<Matchup>,
    /// Read back from the settings: the matchup on the board at the start
    /// is taken as followed, so the form a person left is not refilled.
    restored: bool,
    pub(crate) variant: Variant,
    pub(crate) size: BoardSize,
    pub(crate) a_text: String,
    pub(crate) b_text: String,
    pub(crate) games: usize,
    pub(crate) seed: u64,
    pub(crate) swap: bool,
    pub(crate) random_plies: u32,
    pub(crate) noise: f64,
    pub(crate) threads: usize,
}

impl Default for SeriesForm {
    fn default() -> Self {
        let variant = Variant::Breakthrough;
        SeriesForm {
            filled: false,
            followed: None,
            restored: false,
            variant,
            size: variant.default_size(),
            a_text: String::new(),
            b_text: String::new(),
            games: 20,
            seed: 1,
            swap: false,
            random_plies: 0,
            noise: 1.0,
            threads: default_threads(),
        }
    }
}

/// The Series form kept between runs.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct StoredSeries {
    variant: Variant,
    size: BoardSize,
    a: String,
    b: String,
    games: usize,
    seed: u64,
    swap: bool,
    random_plies: u32,
    noise: f64,
}

/// Why the form names no series; the Start button's tooltip says it.
#[derive(Debug, Error)]
pub enum FormError {
    #[error(transparent)]
    Size(#[from] SizeError),
    #[error("Player A: {0}")]
    PlayerA(SeatError),
    #[error("Player B: {0}")]
    PlayerB(SeatError),
}

impl SeriesForm {
    /// Player A's and B's configs as typed.
    pub fn players(&self) -> (&str, &str) {
        (&self.a_text, &self.b_text)
    }

    /// The board the series is played on.
    pub fn board(&self) -> (Variant, BoardSize) {
        (self.variant, self.size)
    }

    /// Types both players' configs, as the tab's fields do.
    pub fn set_players(&mut self, a: &str, b: &str) {
        (self.a_text, self.b_text) = (a.to_string(), b.to_string());
    }

    /// Ticks or unticks "Swap colours every second game".
    pub fn set_swap(&mut self, swap: bool) {
        self.swap = swap;
    }

    /// Whether colours swap every second game.
    pub fn swaps(&self) -> bool {
        self.swap
    }

    /// How colours are shared out, in words the tab shows under the box.
    pub fn colours_note(&self) -> &'static str {
        if self.swap {
            "Colours swap: A has White in odd games, Black in even ones."
        } else {
            "A plays White and B plays Black in every game."
        }
    }

    /// Each player's name and time a move, as the tab shows under the
    /// players ("A: Master, 2 s a move · B: fairy-stockfish, 0.2 s a move"),
    /// and whether both have a time a move and the times differ.
    pub fn pace_note(&self) -> Option<(String, bool)> {
        let v = self.variant;
        let a = Seat::parse(&self.a_text, v).ok()?;
        let b = Seat::parse(&self.b_text, v).ok()?;
        let described = |seat: &Seat| {
            let (name, limits) = (seat.display_name(v), seat.limits_in_words(v));
            if name.contains(&limits) { name } else { format!("{name}, {limits}") }
        };
        let words = format!("A: {} · B: {}", described(&a), described(&b));
        match (a.move_time(v), b.move_time(v)) {
            (Some(x), Some(y)) if x != y => Some((format!("{words}: not the same time a move"), true)),
            _ => Some((words, false)),
        }
    }

    /// The time a move a program gets against `other` (this build's text):
    /// the same as the other player's, or 200 ms where it has none (a depth).
    pub fn program_move_time(&self, other: &str) -> Duration {
        let seat = Seat::parse(other, self.variant).ok();
        seat.and_then(|seat| seat.move_time(self.variant)).unwrap_or(Duration::from_millis(200))
    }

    /// The form as the settings keep it (none until it is first filled).
    pub(crate) fn stored(&self) -> Option<StoredSeries> {
        self.filled.then(|| StoredSeries {
            variant: self.variant,
            size: self.size,
            a: self.a_text.clone(),
            b: self.b_text.clone(),
            games: self.games,
            seed: self.seed,
            swap: self.swap,
            random_plies: self.random_plies,
            noise: self.noise,
        })
    }

    /// Takes back the form a person left (the threads stay this machine's).
    pub(crate) fn restore(&mut self, stored: StoredSeries) {
        let size_fits = stored.variant.check_size(stored.size).is_ok();
        (self.variant, self.size) =
            (stored.variant, if size_fits { stored.size } else { stored.variant.default_size() });
        (self.a_text, self.b_text) = (stored.a, stored.b);
        self.games = stored.games.clamp(1, 10_000);
        self.seed = stored.seed;
        self.swap = stored.swap;
        self.random_plies = stored.random_plies.min(20);
        let noise = limits::NOISE;
        self.noise = if stored.noise.is_finite() { stored.noise.clamp(*noise.start(), *noise.end()) } else { 1.0 };
        (self.filled, self.restored) = (true, true);
    }

    /// The Game tab's matchup: A plays White and B Black, as there.
    fn follow(&mut self, (variant, size, white, black): Matchup) {
        (self.variant, self.size) = (variant, size);
        self.a_text = white.to_string();
        self.b_text = black.to_string();
        self.swap = false;
        self.filled = true;
        self.followed = Some((variant, size, white, black));
    }

    /// No matchup to follow (a person plays): the medium player against the
    /// easy one, colours swapped so neither gets White's first move always.
    fn fill_default(&mut self, variant: Variant, size: BoardSize) {
        (self.variant, self.size) = (variant, size);
        self.a_text = Level::MEDIUM.config().to_string();
        self.b_text = Level::EASY.config().to_string();
        self.swap = true;
        self.filled = true;
    }

    /// The series the form names.
    pub fn spec(&self) -> Result<SeriesSpec, FormError> {
        self.variant.check_size(self.size)?;
        // Either player may be another program (`uci:PATH`, `ugi:PATH`, `engine:PATH`).
        let a = Seat::parse(&self.a_text, self.variant).map_err(FormError::PlayerA)?;
        let b = Seat::parse(&self.b_text, self.variant).map_err(FormError::PlayerB)?;
        let schedule = Schedule {
            variant: self.variant,
            size: self.size,
            move_limit: None,
            random_plies: self.random_plies,
            noise: self.noise,
            seed: self.seed,
            swap: self.swap,
            time_control: None,
            // The Series tab plays by the usual rule (the setup's rule is for people's games).
            both_connected: Default::default(),
            openings: None,
        };
        Ok(SeriesSpec { schedule, a, b, games: self.games.max(1) })
    }
}

pub(crate) fn plugin(app: &mut App) {
    app.init_resource::<SeriesForm>().add_systems(Update, follow_the_game);
}

/// Fills the form from the Game tab's matchup when it changes (AI against
/// AI), and once with the default players otherwise. A running series keeps
/// its form, and a series game replayed on the board is not a new matchup.
fn follow_the_game(
    players: Res<Players>,
    session: Res<GameSession>,
    series: Res<Series>,
    mut form: ResMut<SeriesForm>,
) {
    if series.is_running() || session.replay().is_some() {
        return;
    }
    if form.filled && !players.is_changed() && !session.is_changed() {
        return;
    }
    let (variant, size) = (session.variant(), session.size());
    match (&players.white, &players.black) {
        (PlayerSetup::Ai(white), PlayerSetup::Ai(black)) => {
            let matchup = (variant, size, white.clone(), black.clone());
            if std::mem::take(&mut form.restored) {
                form.followed = Some(matchup);
            } else if form.followed.as_ref() != Some(&matchup) {
                form.follow(matchup);
            }
        }
        _ if !form.filled => form.fill_default(variant, size),
        _ => form.restored = false,
    }
}
