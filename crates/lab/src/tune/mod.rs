//! Texel tuning of the expert evaluations: positions sampled from seeded
//! self-play games, each labelled with its game's result, and the expert
//! weights fitted by minimising the squared error between the result and
//! `sigmoid(K x evaluation)`.
//!
//! 1. **Games.** `games` self-play games played by the match runner, like any
//!    series: each from `random_plies` random plies (drawn from the seed and
//!    the game's index), both sides this build's alpha-beta to `depth` plies
//!    with the expert features and the *hand* weights
//!    (`enhanced:experthand:depth=D`: the engine's own alpha-beta, with its
//!    table and move ordering, 3 to 4 times faster than plain `alphabeta` at
//!    depth 3; not the shipped weights, so a rerun after shipping samples the
//!    same games) and the series' tie-break
//!    noise of `noise` (a fraction of the evaluation step), so games differ.
//! 2. **Positions.** Every quiet position of a game after its opening, seen by
//!    the side to move: Breakthrough positions without a capture for the side to
//!    move and without an almost-win; Lines of Action positions where the side
//!    to move cannot connect at once. Label: 1 when the side to move went on to
//!    win, 0 when it lost, ½ for a draw. Every tenth game (index 9, 19, ...) is
//!    held out to check that the fit generalises.
//! 3. **K.** The scale of the sigmoid, fitted on the hand weights by a
//!    golden-section search on `ln K`.
//! 4. **Weights.** Coordinate descent on the integer weights (one weight, the
//!    anchor, stays fixed: it sets the scale K already took): each pass tries
//!    every weight up and down by the step, keeping a change that lowers the
//!    loss; steps 4, 2 then 1, each until a pass changes nothing.
//!
//! Every game is a function of the spec and its index and the positions are
//! gathered by game index, so the same spec gives the same weights whatever
//! the number of threads.

use std::sync::atomic::AtomicBool;

use serde::{Deserialize, Serialize};
use thiserror::Error;

use crate::runner::{Schedule, Seat, SeriesGame, SeriesSpec};
use breakline_ai::eval;
use breakline_ai::search::{AiConfig, ConfigError, SearchError};
use breakline_rules::bits::Bits;
use breakline_rules::breakthrough::Breakthrough;
use breakline_rules::error::{FenError, MoveError};
use breakline_rules::game::{Game, MoveList};
use breakline_rules::loa::LinesOfAction;
use breakline_rules::position::{Position, with_game};
use breakline_rules::{BoardSize, Outcome, Side, Variant};

/// Why a tuning run could not sample or fit.
#[derive(Debug, Clone, PartialEq, Error)]
pub enum TuneError {
    /// The sample player's config does not parse (a depth out of range).
    #[error("the sample games' player: {0}")]
    Player(#[from] ConfigError),
    /// A sample game could not be played (a board size the variant refuses).
    #[error(transparent)]
    Play(#[from] SearchError),
    /// A sample game's start cannot be read back.
    #[error("sample game {index}: bad start position: {error}")]
    Start {
        /// The game's index.
        index: usize,
        /// Why.
        error: FenError,
    },
    /// A sample game's move cannot be replayed.
    #[error("sample game {index}: move '{notation}': {error}")]
    Move {
        /// The game's index.
        index: usize,
        /// The move as recorded.
        notation: String,
        /// Why.
        error: MoveError,
    },
}

/// A linear evaluation the tuner can fit.
trait Tunable: Game {
    /// Feature names, in weight order.
    const FEATURES: &'static [&'static str];
    /// The hand-chosen weights: the start of the fit (and the weights of the
    /// sample games' player, `experthand`).
    const HAND: &'static [i32];
    /// The weights the build ships.
    const SHIPPED: &'static [i32];
    /// The weight that stays fixed.
    const ANCHOR: usize;
    /// Score = STEP x (weights . features / FIX), truncated towards zero.
    const FIX: i64;
    const STEP: i64;

    /// The features of this position for `me`.
    fn features(&self, me: Side) -> Vec<i32>;
    /// Whether the position is quiet enough to sample.
    fn quiet(&self) -> bool;
}

impl<B: Bits> Tunable for Breakthrough<B> {
    const FEATURES: &'static [&'static str] = &eval::breakthrough::rich::EXPERT_FEATURES;
    const HAND: &'static [i32] = &eval::breakthrough::rich::EXPERT_HAND;
    const SHIPPED: &'static [i32] = &eval::breakthrough::weights::EXPERT;
    const ANCHOR: usize = 0;
    const FIX: i64 = 1;
    const STEP: i64 = eval::breakthrough::rich::STEP as i64;

    fn features(&self, me: Side) -> Vec<i32> {
        eval::breakthrough::rich::expert_features(self.board(), me).to_vec()
    }

    fn quiet(&self) -> bool {
        eval::breakthrough::rich::quiet(self.board())
    }
}

impl<B: Bits> Tunable for LinesOfAction<B> {
    const FEATURES: &'static [&'static str] = &eval::loa::EXPERT_FEATURES;
    const HAND: &'static [i32] = &eval::loa::EXPERT_HAND;
    const SHIPPED: &'static [i32] = &eval::loa::weights::EXPERT;
    const ANCHOR: usize = 0;
    const FIX: i64 = eval::loa::EXPERT_FIX as i64;
    const STEP: i64 = eval::loa::EXPERT_STEP as i64;

    fn features(&self, me: Side) -> Vec<i32> {
        eval::loa::expert_features(self.board(), me).to_vec()
    }

    fn quiet(&self) -> bool {
        let me = self.side_to_move();
        let mut list = MoveList::new();
        self.generate_moves(&mut list);
        let mut g = self.clone();
        !list.iter().any(|&m| {
            g.play_unchecked(m);
            let wins = g.quick_outcome().winner() == Some(me);
            g.undo_unchecked(m);
            wins
        })
    }
}

/// What to tune: the sample games and how they are played.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct TuneSpec {
    variant: Variant,
    /// The board size of the sample games.
    pub size: BoardSize,
    /// Sample games played.
    pub games: usize,
    seed: u64,
    /// Plies of the sample games' alpha-beta search.
    pub depth: u32,
    /// Random plies at the start of each sample game.
    pub random_plies: u32,
    /// Tie-break noise of the sample games' search, as a fraction of the
    /// evaluation step (0 to 1; 0 keeps each opening's game exact).
    pub noise: f64,
}

impl TuneSpec {
    /// The defaults for a variant: 8x8, depth 3 (Breakthrough) or 2 (Lines of
    /// Action), 6 random plies, full tie-break noise.
    pub fn new(variant: Variant, games: usize, seed: u64) -> TuneSpec {
        let depth = match variant {
            Variant::Breakthrough => 3,
            Variant::LinesOfAction => 2,
        };
        TuneSpec { variant, size: BoardSize::new(8, 8), games, seed, depth, random_plies: 6, noise: 1.0 }
    }

    /// The command line that runs this spec.
    pub fn command(&self, out: &str) -> String {
        format!(
            "breakline tune --variant {} --size {} --games {} --seed {} --depth {} --random-plies {} --noise {} --out {out}",
            self.variant.id(),
            self.size,
            self.games,
            self.seed,
            self.depth,
            self.random_plies,
            self.noise
        )
    }

    /// The sample games as a series: the hand-weights player against itself,
    /// colours not swapped (both seats are the same player), every game its
    /// own opening.
    pub fn series(&self) -> Result<SeriesSpec, TuneError> {
        let player = AiConfig::parse(&format!("enhanced:experthand:depth={}", self.depth), self.variant)?;
        let schedule = Schedule {
            variant: self.variant,
            size: self.size,
            move_limit: None,
            random_plies: self.random_plies,
            noise: self.noise,
            seed: self.seed,
            swap: false,
            time_control: None,
            both_connected: Default::default(),
            openings: None,
        };
        Ok(SeriesSpec { schedule, a: Seat::Ai(player.clone()), b: Seat::Ai(player), games: self.games })
    }
}

/// Labelled positions: `features.len() == results.len() x width`.
#[derive(Clone, Debug, Default, PartialEq)]
struct Sample {
    width: usize,
    features: Vec<i32>,
    /// 1 (the side to move won), 0.5 or 0.
    results: Vec<f64>,
}

impl Sample {
    fn len(&self) -> usize {
        self.results.len()
    }

    fn is_empty(&self) -> bool {
        self.results.is_empty()
    }

    fn row(&self, i: usize) -> &[i32] {
        &self.features[i * self.width..(i + 1) * self.width]
    }

    fn append(&mut self, other: Sample) {
        self.features.extend(other.features);
        self.results.extend(other.results);
    }
}

/// The tuner's result.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct TuneReport {
    spec: TuneSpec,
    /// The features' names, in weight order.
    pub names: Vec<String>,
    /// The hand-chosen weights the fit started from.
    pub hand: Vec<i32>,
    /// The weights shipped today, for comparison.
    pub shipped: Vec<i32>,
    /// The fitted weights.
    pub weights: Vec<i32>,
    /// Positions fitted on.
    pub train_positions: usize,
    /// Positions held out (every tenth game's).
    pub test_positions: usize,
    /// The sigmoid's scale K, fitted on the hand weights.
    pub k: f64,
    /// The mean squared error on the fitted positions with the hand weights.
    pub hand_loss: f64,
    /// The same error with the fitted weights.
    pub loss: f64,
    /// The held-out error with the hand-chosen weights.
    pub hand_test_loss: f64,
    /// The held-out error with the fitted weights.
    pub test_loss: f64,
    /// Coordinate-descent passes made.
    pub passes: usize,
}

impl TuneReport {
    /// The weights as a Rust source file, the form the build ships
    /// (`crates/ai/src/eval/<variant>/weights.rs`).
    pub fn rust_source(&self, out: &str) -> String {
        let title = match self.spec.variant {
            Variant::Breakthrough => "Breakthrough",
            Variant::LinesOfAction => "Lines of Action",
        };
        let mut s = String::new();
        s.push_str(&format!(
            "//! {title} expert weights (raw units), written by `breakline tune`: do not edit by hand.\n"
        ));
        s.push_str("//!\n");
        s.push_str(&format!("//! `{}`\n", self.spec.command(out)));
        s.push_str("//!\n");
        s.push_str(&format!(
            "//! {} positions from {} self-play games (and {} held out); K = {:.6e}. Mean squared\n",
            self.train_positions, self.spec.games, self.test_positions, self.k
        ));
        s.push_str(&format!(
            "//! error of result against sigmoid(K x eval): {:.6} with the hand weights, {:.6} fitted\n",
            self.hand_loss, self.loss
        ));
        s.push_str(&format!(
            "//! ({:.6} and {:.6} on the held-out games), after {} passes.\n\n",
            self.hand_test_loss, self.test_loss, self.passes
        ));
        s.push_str("/// The expert evaluation's weights, one per feature, as tuned (`breakline tune`).\n");
        s.push_str("#[rustfmt::skip]\n");
        s.push_str("pub const EXPERT: [i32; super::EXPERT_LEN] = [\n");
        for ((w, h), name) in self.weights.iter().zip(&self.hand).zip(&self.names) {
            s.push_str(&format!("    {w}, // {name} (hand: {h})\n"));
        }
        s.push_str("];\n\n");
        s.push_str("/// The scale of the curve that reads a score of these weights as a winning\n");
        s.push_str("/// chance, sigmoid(K x score), as fitted above.\n");
        s.push_str(&format!("pub(crate) const LOGISTIC_K: f64 = {:.6e};\n", self.k));
        s
    }
}

/// Plays the sample games on `threads` threads (`on_game` hears how many have
/// finished), then fits K and the weights.
pub fn tune(spec: &TuneSpec, threads: usize, on_game: &dyn Fn(usize)) -> Result<TuneReport, TuneError> {
    let series = spec.series()?;
    let mut finished = 0;
    let games = series.run(threads, &AtomicBool::new(false), |_| {
        finished += 1;
        on_game(finished);
    })?;
    fit(spec, &games)
}

/// Fits K and the weights to the positions of `games`, the spec's sample
/// games (each sampled by its index, whatever order they come in).
pub fn fit(spec: &TuneSpec, games: &[SeriesGame]) -> Result<TuneReport, TuneError> {
    let start = spec.series()?.schedule.start().map_err(SearchError::from)?;
    let (train, test) = sample(spec.variant, games)?;
    Ok(with_game!(&start.game(), g => fit_report(g, spec, &train, &test)))
}

fn fit_report<G: Tunable>(_: &G, spec: &TuneSpec, train: &Sample, test: &Sample) -> TuneReport {
    let hand = G::HAND.to_vec();
    let scale = Scale { fix: G::FIX, step: G::STEP };
    let k = fit_k(train, &hand, scale);
    let (weights, passes) = fit_weights(train, &hand, G::ANCHOR, k, scale);
    TuneReport {
        spec: spec.clone(),
        names: G::FEATURES.iter().map(|s| s.to_string()).collect(),
        hand: hand.clone(),
        shipped: G::SHIPPED.to_vec(),
        train_positions: train.len(),
        test_positions: test.len(),
        k,
        hand_loss: loss(train, &hand, k, scale),
        loss: loss(train, &weights, k, scale),
        hand_test_loss: loss(test, &hand, k, scale),
        test_loss: loss(test, &weights, k, scale),
        weights,
        passes,
    }
}

/// The labelled positions of `games`, sorted by game index: (fitting
/// sample, held-out sample).
fn sample(variant: Variant, games: &[SeriesGame]) -> Result<(Sample, Sample), TuneError> {
    let mut by_index: Vec<&SeriesGame> = games.iter().collect();
    by_index.sort_by_key(|g| g.index);
    let (mut train, mut test) = (Sample::default(), Sample::default());
    for game in by_index {
        let s = sample_game(variant, game)?;
        train.width = s.width;
        test.width = s.width;
        if game.index % 10 == 9 { test.append(s) } else { train.append(s) }
    }
    Ok((train, test))
}

/// One sample game, replayed from its record: its quiet positions, labelled
/// with the game's result.
fn sample_game(variant: Variant, game: &SeriesGame) -> Result<Sample, TuneError> {
    let index = game.index;
    let record = &game.record;
    let mut pos = Position::from_fen(variant, &record.start_fen).map_err(|error| TuneError::Start { index, error })?;
    let mut sample = Sample { width: with_game!(&pos.game(), g => width_of(g)), ..Sample::default() };
    let mut sides = Vec::new();
    for m in &record.moves {
        if let Some(features) = with_game!(&pos.game(), g => g.quiet().then(|| features_of(g))) {
            sides.push(pos.side_to_move());
            sample.features.extend(features);
        }
        pos.play_text(&m.notation).map_err(|error| TuneError::Move { index, notation: m.notation.clone(), error })?;
    }
    sample.results = sides.iter().map(|&side| label(record.result, side)).collect();
    Ok(sample)
}

/// The number of features, one weight each.
fn width_of<G: Tunable>(_: &G) -> usize {
    G::FEATURES.len()
}

/// The features of a position for the side to move.
fn features_of<G: Tunable>(g: &G) -> Vec<i32> {
    g.features(g.side_to_move())
}

/// 1 when `side` won, 0 when it lost, ½ otherwise.
fn label(result: Outcome, side: Side) -> f64 {
    match result {
        Outcome::Win { winner, .. } if winner == side => 1.0,
        Outcome::Win { .. } => 0.0,
        _ => 0.5,
    }
}

/// How the weighted feature sum becomes a score.
#[derive(Clone, Copy, Debug)]
struct Scale {
    fix: i64,
    step: i64,
}

impl Scale {
    #[inline]
    fn score(self, dot: i64) -> f64 {
        (self.step * (dot / self.fix)) as f64
    }
}

fn dot(row: &[i32], w: &[i32]) -> i64 {
    row.iter().zip(w).map(|(&f, &w)| f as i64 * w as i64).sum()
}

#[inline]
fn error(result: f64, k: f64, score: f64) -> f64 {
    let p = 1.0 / (1.0 + (-k * score).exp());
    (result - p) * (result - p)
}

/// Mean squared error of the results against sigmoid(K x score) (0 for no positions).
fn loss(sample: &Sample, w: &[i32], k: f64, scale: Scale) -> f64 {
    if sample.is_empty() {
        return 0.0;
    }
    let sum: f64 = (0..sample.len()).map(|i| error(sample.results[i], k, scale.score(dot(sample.row(i), w)))).sum();
    sum / sample.len() as f64
}

/// Golden-section search for the K that minimises the loss, on ln K.
fn fit_k(sample: &Sample, w: &[i32], scale: Scale) -> f64 {
    let f = |ln_k: f64| loss(sample, w, ln_k.exp(), scale);
    let (mut a, mut b) = (1e-8f64.ln(), 1e-1f64.ln());
    let r = (5f64.sqrt() - 1.0) / 2.0;
    let (mut c, mut d) = (b - r * (b - a), a + r * (b - a));
    let (mut fc, mut fd) = (f(c), f(d));
    for _ in 0..80 {
        if fc < fd {
            (b, d, fd) = (d, c, fc);
            c = b - r * (b - a);
            fc = f(c);
        } else {
            (a, c, fc) = (c, d, fd);
            d = a + r * (b - a);
            fd = f(d);
        }
    }
    ((a + b) / 2.0).exp()
}

/// Coordinate descent on the integer weights, the anchor fixed.
fn fit_weights(sample: &Sample, start: &[i32], anchor: usize, k: f64, scale: Scale) -> (Vec<i32>, usize) {
    let n = sample.len();
    let mut w = start.to_vec();
    let mut dots: Vec<i64> = (0..n).map(|i| dot(sample.row(i), &w)).collect();
    let mut errs: Vec<f64> = (0..n).map(|i| error(sample.results[i], k, scale.score(dots[i]))).collect();
    // For each feature, the positions where it is not zero.
    let columns: Vec<Vec<usize>> =
        (0..sample.width).map(|j| (0..n).filter(|&i| sample.row(i)[j] != 0).collect()).collect();
    let mut passes = 0;
    for step in [4, 2, 1] {
        loop {
            passes += 1;
            let mut changed = false;
            for j in (0..sample.width).filter(|&j| j != anchor) {
                for delta in [step, -step] {
                    let gain: f64 = columns[j]
                        .iter()
                        .map(|&i| {
                            let d = dots[i] + delta as i64 * sample.row(i)[j] as i64;
                            error(sample.results[i], k, scale.score(d)) - errs[i]
                        })
                        .sum();
                    if gain < -1e-12 {
                        w[j] += delta;
                        for &i in &columns[j] {
                            dots[i] += delta as i64 * sample.row(i)[j] as i64;
                            errs[i] = error(sample.results[i], k, scale.score(dots[i]));
                        }
                        changed = true;
                        break;
                    }
                }
            }
            if !changed || passes >= 500 {
                break;
            }
        }
    }
    (w, passes)
}
