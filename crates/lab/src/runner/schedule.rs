//! The one rule "(spec, seed, index) -> this game": which games share an
//! opening, who plays which colour, the seeds every game and move derive
//! from, and how a series plays this build's AI players.

use rand::rngs::StdRng;
use rand::{RngExt, SeedableRng};
use serde::{Deserialize, Serialize};

use super::engine::EngineTerms;
use super::seat::Seat;
use crate::openings::OpeningSet;
use breakline_ai::search::ConfigError;
use breakline_rules::SizeError;
use breakline_rules::clock::TimeControl;
use breakline_rules::connection_rule::BothConnected;
use breakline_rules::hashing::stream;
use breakline_rules::position::Position;
use breakline_rules::{BoardSize, Side, Variant};

/// A different but reproducible seed for every move of every game.
pub fn move_seed(game_seed: u64, ply: usize, side: Side) -> u64 {
    stream(game_seed, (ply as u64) << 1 | side.index() as u64)
}

/// `plies` random moves from `start` (fewer if the game would end), drawn by a
/// generator seeded with `seed`: the varied openings of a series.
pub fn random_opening(start: Position, plies: u32, seed: u64) -> Position {
    let mut pos = start;
    let mut rng = StdRng::seed_from_u64(seed);
    for _ in 0..plies {
        let moves = pos.legal_moves();
        if moves.is_empty() {
            break;
        }
        let m = moves[rng.random_range(0..moves.len())];
        if pos.play(m).is_err() {
            break;
        }
        // Random plies must not end the game: take back a move that does.
        if pos.outcome().is_over() {
            pos.undo();
            break;
        }
    }
    pos
}

/// How every game of a series is set up, whoever plays it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Schedule {
    /// The game played.
    pub variant: Variant,
    /// The board it is played on.
    pub size: BoardSize,
    /// Lines of Action draw limit; `None` keeps the rules' default.
    pub move_limit: Option<u32>,
    /// Random plies played before the players take over, for varied openings.
    pub random_plies: u32,
    /// Tie-break noise given to this build's AI players whose config sets none
    /// (0 keeps them exact).
    pub noise: f64,
    /// The seed every game's opening and searches derive from.
    pub seed: u64,
    /// Colours alternate: games 2k and 2k+1 share an opening, A White then Black.
    pub swap: bool,
    /// Every game on the clock (`--tc`); none: each move within its config's limits.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub time_control: Option<TimeControl>,
    /// Lines of Action's rule for a move joining both sides (`--both-connected`);
    /// the usual rule is not written, so older specs keep their fingerprints.
    #[serde(default, skip_serializing_if = "is_usual_rule")]
    pub both_connected: BothConnected,
    /// The openings dealt to the pairs in turn (`--openings`), the random
    /// plies played after them; none: every game from the start position.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub openings: Option<OpeningSet>,
}

fn is_usual_rule(rule: &BothConnected) -> bool {
    *rule == BothConnected::default()
}

/// Game `index` of a series, set up: where it starts, its seed and colours.
#[derive(Clone, Debug)]
pub struct Deal {
    /// The game's number in the series, from 0.
    pub index: usize,
    /// Whether player A plays Black.
    pub a_is_black: bool,
    /// The position after the opening's random plies.
    pub start: Position,
    /// The seed of the game's searches (and of its record).
    pub seed: u64,
}

impl Schedule {
    /// The start of every game before its random plies: the variant's start
    /// position on this size, with the move limit and the rule for a move
    /// joining both sides.
    pub fn start(&self) -> Result<Position, SizeError> {
        self.start_of(0)
    }

    /// The start of the games of opening `n` before their random plies: the
    /// set's opening `n` (round the set again once it is used up), or the
    /// variant's start, with the move limit and the rule for a move joining both sides.
    fn start_of(&self, n: usize) -> Result<Position, SizeError> {
        let mut pos = match &self.openings {
            Some(set) => set.nth(n).clone(),
            None => Position::start(self.variant, self.size)?,
        };
        if let Some(limit) = self.move_limit {
            pos.set_move_limit(limit);
        }
        pos.set_both_connected(self.both_connected);
        Ok(pos)
    }

    /// Whether player A plays Black in game `index`.
    pub fn a_is_black(&self, index: usize) -> bool {
        self.swap && index % 2 == 1
    }

    /// The game whose opening game `index` plays: itself, or with colours
    /// swapped the first of its pair.
    pub fn opening_of(&self, index: usize) -> usize {
        if self.swap { index / 2 * 2 } else { index }
    }

    /// The seed of game `index` (its searches and its opening's random plies).
    pub fn game_seed(&self, index: usize) -> u64 {
        move_seed(self.seed, index, Side::White) ^ 0x5EED
    }

    /// Game `index` set up; the same index always gives the same game.
    pub fn deal(&self, index: usize) -> Result<Deal, SizeError> {
        let opening = self.opening_of(index);
        let start = self.start_of(if self.swap { opening / 2 } else { opening })?;
        let start = random_opening(start, self.random_plies, self.game_seed(opening));
        Ok(Deal { index, a_is_black: self.a_is_black(index), start, seed: self.game_seed(index) })
    }

    /// A seat as a series plays it: an AI config gets the series' noise where
    /// it sets none, and one search thread where it says `auto` (the games
    /// themselves run in parallel); an engine program stays as it is.
    pub fn as_played(&self, seat: &Seat) -> Result<Seat, ConfigError> {
        Ok(match seat {
            Seat::Ai(config) => {
                let mut c = config.with_auto_threads(1);
                if c.noise() == 0.0 {
                    c.set_noise(self.noise)?;
                }
                Seat::Ai(c)
            }
            engine => engine.clone(),
        })
    }

    /// What an engine program is told of the game.
    pub(crate) fn engine_terms(&self) -> EngineTerms {
        EngineTerms {
            variant: self.variant,
            size: self.size,
            move_limit: self.move_limit,
            both_connected: self.both_connected,
        }
    }
}
