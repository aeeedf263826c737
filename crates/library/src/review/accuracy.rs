//! Lichess's accuracy, from winning chances in percent: a move's accuracy
//! from the drop in its mover's chance, a side's game accuracy as the mean
//! of a volatility-weighted mean and the harmonic mean of its moves'
//! accuracies (lila's `AccuracyPercent.scala`, with its windows), and the
//! marks at drops of 5, 10 and 15 points.

use serde::{Deserialize, Serialize};

use breakline_rules::Side;

/// Lichess's fit of accuracy to the drop in winning chance: `A x exp(-B x
/// loss) - C`, plus [`UNCERTAINTY_BONUS`], clamped to 0-100 (as the issue
/// states it, lichess's constants to four places).
const FIT_A: f64 = 103.1668;
const FIT_B: f64 = 0.04354;
const FIT_C: f64 = 3.1669;
/// Lichess adds a point for the analysis's own imperfection.
const UNCERTAINTY_BONUS: f64 = 1.0;
/// The volatility weights' bounds (standard deviations of winning chance, points).
const WEIGHT_RANGE: (f64, f64) = (0.5, 12.0);
/// The volatility window: a tenth of the moves, within these bounds.
const WINDOW_RANGE: (usize, usize) = (2, 8);

/// How bad a move was, by the drop in its mover's winning chance.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Mark {
    /// A drop of 5 points or more.
    Inaccuracy,
    /// 10 points or more.
    Mistake,
    /// 15 points or more.
    Blunder,
}

impl Mark {
    /// Every mark, mildest first.
    pub const ALL: [Mark; 3] = [Mark::Inaccuracy, Mark::Mistake, Mark::Blunder];

    /// The least drop (percentage points) that earns the mark.
    pub fn threshold(self) -> f64 {
        match self {
            Mark::Inaccuracy => 5.0,
            Mark::Mistake => 10.0,
            Mark::Blunder => 15.0,
        }
    }

    /// The mark a drop of `loss` points earns, if any.
    pub fn of_loss(loss: f64) -> Option<Mark> {
        Mark::ALL.into_iter().rev().find(|mark| loss >= mark.threshold())
    }

    /// Its sign after a move, as chess annotates: `?!`, `?`, `??`.
    pub fn symbol(self) -> &'static str {
        match self {
            Mark::Inaccuracy => "?!",
            Mark::Mistake => "?",
            Mark::Blunder => "??",
        }
    }

    /// Its name in running text.
    pub fn name(self) -> &'static str {
        match self {
            Mark::Inaccuracy => "inaccuracy",
            Mark::Mistake => "mistake",
            Mark::Blunder => "blunder",
        }
    }
}

/// A move's accuracy (0-100) from its mover's winning chance before and
/// after it, in percent: 100 if the chance did not drop.
pub fn move_accuracy(before: f64, after: f64) -> f64 {
    if after >= before {
        return 100.0;
    }
    let loss = before - after;
    (FIT_A * (-FIT_B * loss).exp() - FIT_C + UNCERTAINTY_BONUS).clamp(0.0, 100.0)
}

/// Each side's game accuracy (by [`Side::index`]; `None` for a side without
/// moves) from White's winning chance (percent) at every position of the
/// game, the start included; `first` moved first.
pub fn game_accuracy(white_chances: &[f64], first: Side) -> [Option<f64>; 2] {
    let moves = white_chances.len().saturating_sub(1);
    if moves == 0 {
        return [None, None];
    }
    let weights = volatility_weights(white_chances);
    let mut by_side: [Vec<(f64, f64)>; 2] = [Vec::new(), Vec::new()];
    for (i, pair) in white_chances.windows(2).enumerate() {
        let mover = if i % 2 == 0 { first } else { first.opponent() };
        let (before, after) = match mover {
            Side::White => (pair[0], pair[1]),
            Side::Black => (100.0 - pair[0], 100.0 - pair[1]),
        };
        by_side[mover.index()].push((move_accuracy(before, after), weights[i]));
    }
    by_side.map(|moves| {
        let weighted = weighted_mean(&moves)?;
        let harmonic = harmonic_mean(moves.iter().map(|&(accuracy, _)| accuracy))?;
        Some((weighted + harmonic) / 2.0)
    })
}

/// One weight a move: the standard deviation of the winning chances in a
/// window of positions, the first window standing for the first moves (as
/// lila pads its list of windows).
fn volatility_weights(chances: &[f64]) -> Vec<f64> {
    let moves = chances.len() - 1;
    let size = (moves / 10).clamp(WINDOW_RANGE.0, WINDOW_RANGE.1);
    let first = &chances[..size.min(chances.len())];
    let padding = std::iter::repeat_n(first, size.min(chances.len()) - 2);
    padding
        .chain(chances.windows(size))
        .map(|window| standard_deviation(window).clamp(WEIGHT_RANGE.0, WEIGHT_RANGE.1))
        .collect()
}

/// The population standard deviation.
fn standard_deviation(values: &[f64]) -> f64 {
    let mean = values.iter().sum::<f64>() / values.len() as f64;
    (values.iter().map(|v| (v - mean).powi(2)).sum::<f64>() / values.len() as f64).sqrt()
}

fn weighted_mean(pairs: &[(f64, f64)]) -> Option<f64> {
    let total: f64 = pairs.iter().map(|&(_, w)| w).sum();
    (total > 0.0).then(|| pairs.iter().map(|&(v, w)| v * w).sum::<f64>() / total)
}

/// The harmonic mean, each value taken as at least 1 (as lila does, so a
/// move of accuracy 0 does not make the mean 0).
fn harmonic_mean(values: impl Iterator<Item = f64>) -> Option<f64> {
    let (count, sum) = values.fold((0usize, 0.0), |(n, s), v| (n + 1, s + 1.0 / v.max(1.0)));
    (count > 0).then(|| count as f64 / sum)
}
