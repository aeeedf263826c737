//! The referee of `match` and `tournament`: plays games between contestants
//! that are either AI configs of this build or other programs speaking the
//! engine protocol, under this build's rules. Each pair of games shares a
//! random opening with colours swapped; a program's illegal, malformed or
//! late answer loses it the game, and the game says why.

use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use serde::Serialize;

use crate::engine::ai::player::{GameRecord, Player};
use crate::engine::ai::search::{self, AiConfig, Difficulty, SearchError, SearchHandler};
use crate::engine::lab::runner::{move_seed, random_opening};
use crate::engine::lab::series::{Finished, SeriesGame};
use crate::engine::{BoardSize, Color, Outcome, Position, Variant, WinReason};

use super::engine_player::{EngineProcess, EngineSpec};

/// A player of a match: `CONFIG` (this build's AI) or `engine:PATH[:ai=CONFIG]`.
#[derive(Clone, Debug, PartialEq)]
pub(crate) enum Contestant {
    Ai(AiConfig),
    Engine(EngineSpec),
}

impl Contestant {
    pub(crate) fn parse(text: &str, variant: Variant) -> Result<Contestant, String> {
        match text.trim().strip_prefix("engine:") {
            Some(rest) => Ok(Contestant::Engine(EngineSpec::parse(rest)?)),
            None => AiConfig::parse(text, variant).map(Contestant::Ai).map_err(|e| e.to_string()),
        }
    }

    /// How a game record names it: an engine by its AI text when it parses
    /// here (the record's player must be an AI config), else this build's default.
    fn record_player(&self, variant: Variant) -> Player {
        match self {
            Contestant::Ai(config) => Player::Ai(config.clone()),
            Contestant::Engine(spec) => {
                let text = spec.ai.as_deref().unwrap_or("enhanced:expert:time=1000");
                Player::Ai(AiConfig::parse(text, variant).unwrap_or_else(|_| Difficulty::Master.config()))
            }
        }
    }
}

impl std::fmt::Display for Contestant {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Contestant::Ai(config) => write!(f, "{config}"),
            Contestant::Engine(spec) => write!(f, "{spec}"),
        }
    }
}

/// The rules of play shared by every game of a match.
#[derive(Clone, Debug)]
pub(crate) struct Arena {
    pub(crate) variant: Variant,
    pub(crate) size: BoardSize,
    pub(crate) move_limit: Option<u32>,
    /// Random plies of each pair's shared opening.
    pub(crate) random_plies: u32,
    /// Tie-break noise for this build's AI players whose config sets none.
    pub(crate) noise: f64,
    pub(crate) seed: u64,
    /// Colours alternate: games 2k and 2k+1 share an opening, A White then Black.
    pub(crate) swap: bool,
    /// The longest an engine program may take to answer.
    pub(crate) timeout: Duration,
}

/// One finished game, with the reason if a program forfeited it.
#[derive(Clone, Debug, Serialize)]
pub(crate) struct ArenaGame {
    pub(crate) index: usize,
    a_is_black: bool,
    white: String,
    black: String,
    /// Why the loser forfeited (illegal move, bad answer, timeout, crash).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) forfeit: Option<String>,
    pub(crate) record: GameRecord,
}

impl ArenaGame {
    /// The same game as the series reports see it.
    pub(crate) fn series_game(&self) -> SeriesGame {
        SeriesGame { index: self.index, a_is_black: self.a_is_black, record: self.record.clone() }
    }
}

impl Finished for ArenaGame {
    fn is_finished(&self) -> bool {
        self.record.result.is_over()
    }
}

/// One side of a game in progress.
enum Seat {
    Ai(AiConfig),
    Engine(Box<EngineProcess>),
}

struct StopFlag<'a>(&'a AtomicBool);

impl SearchHandler for StopFlag<'_> {
    fn should_stop(&self) -> bool {
        self.0.load(Ordering::Relaxed)
    }
}

impl Arena {
    fn start(&self) -> Result<Position, String> {
        let mut pos = Position::start(self.variant, self.size).map_err(|e| e.to_string())?;
        if let Some(limit) = self.move_limit {
            pos.set_move_limit(limit);
        }
        Ok(pos)
    }

    /// Starts each engine once and lets it go, so that a program that cannot
    /// play at all is an error before the match rather than a forfeit in it.
    pub(crate) fn check(&self, contestants: &[&Contestant]) -> Result<(), String> {
        for c in contestants {
            if let Contestant::Engine(spec) = c {
                self.seat(c).map_err(|e| format!("{spec}: {e}"))?;
            }
        }
        Ok(())
    }

    fn seat(&self, contestant: &Contestant) -> Result<Seat, String> {
        Ok(match contestant {
            Contestant::Ai(config) => {
                // Games run in parallel: an `auto` player searches on one thread.
                let mut c = config.with_auto_threads(1);
                if c.noise() == 0.0 {
                    c.set_noise(self.noise).map_err(|e| e.to_string())?;
                }
                Seat::Ai(c)
            }
            Contestant::Engine(spec) => Seat::Engine(Box::new(EngineProcess::start(
                spec,
                self.variant,
                self.size,
                self.move_limit,
                self.timeout,
            )?)),
        })
    }

    /// Plays game `index` between `a` and `b`; a stop leaves it unfinished.
    pub(crate) fn play_game(
        &self,
        index: usize,
        a: &Contestant,
        b: &Contestant,
        stop: &AtomicBool,
    ) -> Result<ArenaGame, SearchError> {
        let a_is_black = self.swap && index % 2 == 1;
        let (white, black) = if a_is_black { (b, a) } else { (a, b) };
        let opening = if self.swap { index / 2 * 2 } else { index };
        let start = self.start().map_err(|_| SearchError::GameOver)?;
        let mut pos = random_opening(start, self.random_plies, move_seed(self.seed, opening, Color::White) ^ 0x5EED);
        let game_seed = move_seed(self.seed, index, Color::White) ^ 0x5EED;
        let start_fen = pos.fen();
        let mut record =
            GameRecord::new(&pos, white.record_player(self.variant), black.record_player(self.variant), game_seed);
        let mut game = ArenaGame {
            index,
            a_is_black,
            white: white.to_string(),
            black: black.to_string(),
            forfeit: None,
            record: record.clone(),
        };
        let mut seats = [None, None];
        let mut moves: Vec<String> = Vec::new();
        while !pos.outcome().is_over() && !stop.load(Ordering::Relaxed) {
            let side = pos.side_to_move();
            let contestant = if side == Color::White { white } else { black };
            if seats[side.index()].is_none() {
                match self.seat(contestant) {
                    Ok(s) => seats[side.index()] = Some(s),
                    Err(e) => {
                        game.forfeit = Some(format!("{side} ({contestant}): {e}"));
                        break;
                    }
                }
            }
            let Some(seat) = seats[side.index()].as_mut() else { break };
            let before = pos.clone();
            let answer = match seat {
                Seat::Ai(base) => {
                    let config = base.with_seed(move_seed(game_seed, pos.moves().len(), side));
                    let result = search::search(&pos, &config, &mut StopFlag(stop))?;
                    if stop.load(Ordering::Relaxed) {
                        break;
                    }
                    pos.play(result.best_move).map_err(|_| SearchError::GameOver)?;
                    Ok((result.best_move, Some(result.info)))
                }
                Seat::Engine(engine) => engine.best_move(&start_fen, &moves).and_then(|(text, info)| {
                    pos.play_text(&text).map(|m| (m, Some(info))).map_err(|e| format!("illegal move '{text}': {e}"))
                }),
            };
            match answer {
                Ok((m, info)) => {
                    moves.push(before.move_name(m));
                    record.push(&before, m, info.map(|i| i.figures()).as_ref());
                }
                Err(e) => {
                    game.forfeit = Some(format!("{side} ({contestant}): {e}"));
                    break;
                }
            }
        }
        record.finish(&pos);
        if game.forfeit.is_some() {
            // The side to move is the one that failed to answer.
            let loser = pos.side_to_move();
            record.result = Outcome::Win { winner: loser.opponent(), reason: WinReason::Forfeit };
            record.stats.winner = Some(loser.opponent());
        }
        game.record = record;
        Ok(game)
    }
}
