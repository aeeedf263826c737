//! Evaluation strategies: named, documented heuristics that score a position
//! for one side. Breakthrough and Lines of Action each have their own family.

pub mod breakthrough;
mod chances;
pub mod loa;
pub mod nnue;

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};
use thiserror::Error;

use breakline_rules::bits::Bits;
use breakline_rules::breakthrough::Breakthrough;
use breakline_rules::game::Game;
use breakline_rules::loa::LinesOfAction;
use breakline_rules::{Side, Variant};

pub use breakline_rules::{Score, WIN};
pub use chances::{logistic_k, wdl_per_mille, win_chance};
/// The bound heuristic scores stay strictly inside.
pub const MAX_EVAL: Score = 500_000;

/// True when `score` is a proven win or loss rather than a heuristic estimate.
pub fn is_proven(score: Score) -> bool {
    score.abs() > MAX_EVAL
}

/// An evaluation heuristic; [`Strategy::description`] says what each one weighs.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Strategy {
    /// Breakthrough: captures enemy pawns above all.
    Offensive1,
    /// Breakthrough: keeps its own pawns alive above all.
    Defensive1,
    /// Breakthrough ("runner"): offensive 1 plus pushing its most advanced pawn.
    Offensive2,
    /// Breakthrough ("wall"): defensive 1 plus keeping its front rank full.
    Defensive2,
    /// Breakthrough: the offensive, defensive, runner and wall terms together.
    Combined,
    /// Breakthrough: advancement, runaways and connections, pushing forward.
    Attacker,
    /// Breakthrough: the attacker's terms, weighted for safety near home.
    Fortress,
    /// Breakthrough: material, advancement, danger, protection and open files.
    Balanced,
    /// Both variants: many weighted features with tuned weights; the presets use it.
    Expert,
    /// Both variants: the expert's features with the hand-chosen weights the
    /// tuner starts from. The tuner's sample games are played with it (so a
    /// rerun after shipping new weights samples the same games), and a match
    /// against `expert` shows what tuning bought; menus leave it out.
    ExpertHand,
    /// Lines of Action: concentration, centralisation and largest group.
    Classic,
    /// Breakthrough, naive: own pawns minus the enemy's.
    Pieces,
    /// Breakthrough, naive: own moves minus the enemy's.
    Mobility,
    /// Breakthrough, naive: total advancement, own minus the enemy's.
    Greedy,
    /// Breakthrough, naive: how far its most advanced pawn has come.
    Reckless,
    /// Breakthrough, naive: how far the closest enemy pawn still is from home.
    Defensive,
    /// Breakthrough, naive: a score from -10 to 10 drawn from the position and the seed.
    Random,
    /// Breakthrough, naive: its own number of moves only.
    OwnMobility,
    /// Breakthrough, naive: the farther advanced of the two sides' leading pawns.
    DefensiveReckless,
    /// Breakthrough, naive: sees only won and lost games.
    Proximity,
    /// Both variants: a learned network (NNUE) where one is shipped for the
    /// board, else the expert evaluation.
    Nnue,
}

impl Strategy {
    const ALL: [Strategy; 21] = [
        Strategy::Offensive1,
        Strategy::Defensive1,
        Strategy::Offensive2,
        Strategy::Defensive2,
        Strategy::Combined,
        Strategy::Attacker,
        Strategy::Fortress,
        Strategy::Balanced,
        Strategy::Expert,
        Strategy::ExpertHand,
        Strategy::Classic,
        Strategy::Pieces,
        Strategy::Mobility,
        Strategy::Greedy,
        Strategy::Reckless,
        Strategy::Defensive,
        Strategy::Random,
        Strategy::OwnMobility,
        Strategy::DefensiveReckless,
        Strategy::Proximity,
        Strategy::Nnue,
    ];

    /// The strategy the difficulty presets use, and the one a configuration
    /// that names none gets: the tuned one, which plays both variants.
    pub const STRONGEST: Strategy = Strategy::Expert;

    /// The naive players of the iterative-deepening article, one idea each.
    pub const NAIVE: [Strategy; 9] = [
        Strategy::Pieces,
        Strategy::Mobility,
        Strategy::Greedy,
        Strategy::Reckless,
        Strategy::Defensive,
        Strategy::Random,
        Strategy::OwnMobility,
        Strategy::DefensiveReckless,
        Strategy::Proximity,
    ];

    /// The lowercase name used in configurations and files.
    pub fn id(self) -> &'static str {
        match self {
            Strategy::Offensive1 => "offensive1",
            Strategy::Defensive1 => "defensive1",
            Strategy::Offensive2 => "offensive2",
            Strategy::Defensive2 => "defensive2",
            Strategy::Combined => "combined",
            Strategy::Attacker => "attacker",
            Strategy::Fortress => "fortress",
            Strategy::Balanced => "balanced",
            Strategy::Expert => "expert",
            Strategy::ExpertHand => "experthand",
            Strategy::Classic => "classic",
            Strategy::Pieces => "pieces",
            Strategy::Mobility => "mobility",
            Strategy::Greedy => "greedy",
            Strategy::Reckless => "reckless",
            Strategy::Defensive => "defensive",
            Strategy::Random => "random",
            Strategy::OwnMobility => "ownmobility",
            Strategy::DefensiveReckless => "defensivereckless",
            Strategy::Proximity => "proximity",
            Strategy::Nnue => "nnue",
        }
    }

    /// Whether this is one of the article's naive players ([`Strategy::NAIVE`]):
    /// opponents for studies rather than serious players.
    pub fn is_naive(self) -> bool {
        Strategy::NAIVE.contains(&self)
    }

    /// Whether this strategy can evaluate positions of `variant`.
    pub fn supports(self, variant: Variant) -> bool {
        match self {
            Strategy::Expert | Strategy::ExpertHand | Strategy::Nnue => true,
            Strategy::Classic => variant == Variant::LinesOfAction,
            _ => variant == Variant::Breakthrough,
        }
    }

    /// The strategies of one variant, in the order menus list them (all but
    /// [`Strategy::ExpertHand`], the tuner's baseline rather than a player
    /// to choose).
    pub fn for_variant(variant: Variant) -> Vec<Strategy> {
        Strategy::ALL.into_iter().filter(|&s| s.supports(variant) && s != Strategy::ExpertHand).collect()
    }

    /// One line for menus and help texts.
    pub fn description(self, variant: Variant) -> &'static str {
        match (self, variant) {
            (Strategy::Offensive1, _) => "Offensive 1: captures enemy pawns above all",
            (Strategy::Defensive1, _) => "Defensive 1: keeps its own pawns alive above all",
            (Strategy::Offensive2, _) => "Runner: offensive 1 plus pushing its most advanced pawn",
            (Strategy::Defensive2, _) => "Wall: defensive 1 plus keeping its front rank full",
            (Strategy::Combined, _) => "Combined: offensive, defensive, runner and wall terms together",
            (Strategy::Attacker, _) => "Attacker: advancement, runaways and connections, pushing forward",
            (Strategy::Fortress, _) => "Fortress: the same terms, weighted for safety near home",
            (Strategy::Balanced, _) => "Balanced: material, advancement, danger, protection and open files",
            (Strategy::Expert, Variant::Breakthrough) => {
                "Expert: tuned linear features (material, danger, protection, mobility, home row)"
            }
            (Strategy::Expert, Variant::LinesOfAction) => {
                "Expert: quads (Euler number), concentration, centralisation, mobility, blocked pieces"
            }
            (Strategy::ExpertHand, _) => "Expert with the hand-chosen weights, before tuning",
            (Strategy::Classic, _) => "Classic: concentration, centralisation and largest group",
            (Strategy::Pieces, _) => "Naive, piece count: own pawns minus the enemy's",
            (Strategy::Mobility, _) => "Naive, mobility: own moves minus the enemy's",
            (Strategy::Greedy, _) => "Naive, greedy: total advancement, own minus the enemy's",
            (Strategy::Reckless, _) => "Naive, reckless: how far its most advanced pawn has come",
            (Strategy::Defensive, _) => "Naive, defensive: how far the closest enemy pawn still is from home",
            (Strategy::Random, _) => "Naive, random: a score from -10 to 10 drawn from the position and the seed",
            (Strategy::OwnMobility, _) => "Naive, own mobility: its own number of moves only",
            (Strategy::DefensiveReckless, _) => {
                "Naive, defensive recklessness: the farther advanced of the two sides' leading pawns"
            }
            (Strategy::Proximity, _) => "Naive, proximity to victory: sees only won and lost games",
            (Strategy::Nnue, _) => "NNUE: a learned network where one is shipped for the board, else expert",
        }
    }
}

impl fmt::Display for Strategy {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.id())
    }
}

/// A name that is neither a strategy's id nor one of its aliases.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error("unknown strategy '{0}' (known: {known})", known = Strategy::ALL.map(Strategy::id).join(", "))]
pub struct UnknownStrategy(String);

impl FromStr for Strategy {
    type Err = UnknownStrategy;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let lower = s.to_ascii_lowercase();
        let alias = match lower.as_str() {
            "runner" => "offensive2",
            "wall" => "defensive2",
            "piece" | "piececount" => "pieces",
            "own-mobility" => "ownmobility",
            "defensive-reckless" | "defensive-recklessness" => "defensivereckless",
            other => other,
        };
        Strategy::ALL.into_iter().find(|st| st.id() == alias).ok_or_else(|| UnknownStrategy(s.to_string()))
    }
}

/// A position that the strategies of its variant can score.
pub trait Evaluate: Game {
    /// The heuristic value of this (not finished) position for `perspective`,
    /// inside `±MAX_EVAL`; higher is better for `perspective`. The strategy must
    /// support the variant (callers check with [`Strategy::supports`]).
    fn evaluate(&self, strategy: Strategy, perspective: Side) -> Score;

    /// The smallest difference the strategy's score can show on this board;
    /// tie-break noise stays below it so it never outweighs a real difference.
    fn eval_step(&self, strategy: Strategy) -> Score;

    /// The score a player seeded with `seed` sees: [`Evaluate::evaluate`]'s,
    /// except for [`Strategy::Random`], whose score is drawn from the position
    /// and the seed (the same seed always gives the same score).
    fn evaluate_seeded(&self, strategy: Strategy, perspective: Side, seed: u64) -> Score {
        let _ = seed;
        self.evaluate(strategy, perspective)
    }

    /// The flat value of a race already decided, for `perspective`: in
    /// Breakthrough a pawn that will reach the goal and cannot be stopped
    /// (the expert's almost-win term), in Lines of Action a mover that can
    /// join all its pieces next move or must stop its opponent doing so
    /// (the expert's connection terms); 0 where the variant has none. The
    /// learned evaluation adds it to its net's score, a rule being surer
    /// than a net's judgement.
    fn decided_race(&self, perspective: Side) -> Score {
        let _ = perspective;
        0
    }
}

/// The net's score where the strategy is `nnue` and the board has a net.
#[inline]
fn learned<G: Evaluate>(game: &G, strategy: Strategy, perspective: Side) -> Option<Score> {
    if strategy != Strategy::Nnue {
        return None;
    }
    nnue::evaluate(game, perspective).map(|s| s + game.decided_race(perspective))
}

/// `nnue` is scored in the expert's units; without a net, by the expert.
fn hand_written(strategy: Strategy) -> Strategy {
    if strategy == Strategy::Nnue { Strategy::Expert } else { strategy }
}

impl<B: Bits> Evaluate for Breakthrough<B> {
    fn evaluate(&self, strategy: Strategy, perspective: Side) -> Score {
        self.evaluate_seeded(strategy, perspective, 0)
    }

    fn eval_step(&self, strategy: Strategy) -> Score {
        breakthrough::eval_step(self, hand_written(strategy))
    }

    fn evaluate_seeded(&self, strategy: Strategy, perspective: Side, seed: u64) -> Score {
        learned(self, strategy, perspective)
            .unwrap_or_else(|| breakthrough::evaluate_seeded(self, hand_written(strategy), perspective, seed))
    }

    fn decided_race(&self, perspective: Side) -> Score {
        breakthrough::win_terms(self.board(), perspective)
    }
}

impl<B: Bits> Evaluate for LinesOfAction<B> {
    fn evaluate(&self, strategy: Strategy, perspective: Side) -> Score {
        learned(self, strategy, perspective).unwrap_or_else(|| loa::evaluate(self, hand_written(strategy), perspective))
    }

    fn eval_step(&self, strategy: Strategy) -> Score {
        loa::eval_step(self, hand_written(strategy))
    }

    fn decided_race(&self, perspective: Side) -> Score {
        loa::connect_threat(self.board(), perspective, self.both_connected())
    }
}
