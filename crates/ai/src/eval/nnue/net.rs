//! The quantised network: its shape, its integer weights and its output.
//!
//! Inputs are the pieces by square seen from one side (own pieces, then the
//! enemy's, the board turned so that the side plays up the board): 2 x cells.
//! They feed a hidden layer of [`HIDDEN`] 16-bit accumulators, one set per
//! side; the side to move's set and the other's, clipped to [0, 1] (clipped
//! ReLU), feed one output, the logit of the mover's winning chance: the
//! output layer of the position's bucket (by its piece count, see
//! [`Buckets`]), one layer where the net has one bucket. A score
//! in points is that logit times the net's `points_per_logit` (1/K of the
//! variant's fitted curve when it was trained), so the search's margins and
//! the winning chances shown keep their meaning.

use super::buckets::Buckets;
use crate::eval::Score;
use breakline_rules::{BoardSize, Side, Variant, rank_in_front};

/// Hidden accumulators per side.
pub const HIDDEN: usize = 128;
/// The scale of the first layer's weights and the accumulators: an
/// activation of 1.0 is `QA`.
pub const QA: i32 = 255;
/// The scale of the output weights.
pub const QB: i32 = 256;

/// A network for one variant and board size, with integer weights.
#[derive(Clone, Debug, PartialEq)]
pub struct Net {
    variant: Variant,
    size: BoardSize,
    points_per_logit: i32,
    /// `features x HIDDEN`, feature-major.
    input_weights: Vec<i16>,
    input_bias: [i16; HIDDEN],
    /// Bucket by bucket, the mover's accumulators' weights, then the other side's.
    output_weights: Vec<i16>,
    /// A bias a bucket, in units of `QA x QB`.
    output_bias: Vec<i32>,
    buckets: Buckets,
}

/// One side's accumulators.
pub type Accumulator = [i16; HIDDEN];

impl Net {
    /// A net from its parts, with as many output buckets as `output_bias`
    /// has biases (1 to `MAX_BUCKETS`); `input_weights` must hold
    /// `features(size) x HIDDEN` weights and `output_weights` `2 x HIDDEN` a
    /// bucket (the file reader and the trainer check this).
    pub fn from_parts(
        variant: Variant,
        size: BoardSize,
        points_per_logit: i32,
        input_weights: Vec<i16>,
        input_bias: [i16; HIDDEN],
        output_weights: Vec<i16>,
        output_bias: Vec<i32>,
    ) -> Net {
        debug_assert_eq!(input_weights.len(), features(size) * HIDDEN);
        debug_assert_eq!(output_weights.len(), output_bias.len() * 2 * HIDDEN);
        let buckets = Buckets::new(variant, size, output_bias.len());
        Net { variant, size, points_per_logit, input_weights, input_bias, output_weights, output_bias, buckets }
    }

    /// The variant the net plays.
    pub fn variant(&self) -> Variant {
        self.variant
    }

    /// The board size the net plays.
    pub fn size(&self) -> BoardSize {
        self.size
    }

    /// Points of score per logit of its output.
    pub fn points_per_logit(&self) -> i32 {
        self.points_per_logit
    }

    pub(crate) fn input_weights(&self) -> &[i16] {
        &self.input_weights
    }

    pub(crate) fn input_bias(&self) -> &[i16; HIDDEN] {
        &self.input_bias
    }

    pub(crate) fn output_weights(&self) -> &[i16] {
        &self.output_weights
    }

    pub(crate) fn output_bias(&self) -> &[i32] {
        &self.output_bias
    }

    /// Which output layer scores a position, by its piece count.
    pub fn buckets(&self) -> &Buckets {
        &self.buckets
    }

    /// The weights feature `index` adds to an accumulator.
    #[inline]
    fn column(&self, index: usize) -> &[i16] {
        &self.input_weights[index * HIDDEN..(index + 1) * HIDDEN]
    }

    /// Adds feature `index` to `acc`.
    #[inline]
    pub(crate) fn add(&self, acc: &mut Accumulator, index: usize) {
        for (a, w) in acc.iter_mut().zip(self.column(index)) {
            *a = a.wrapping_add(*w);
        }
    }

    /// Takes feature `index` out of `acc`.
    #[inline]
    pub(crate) fn sub(&self, acc: &mut Accumulator, index: usize) {
        for (a, w) in acc.iter_mut().zip(self.column(index)) {
            *a = a.wrapping_sub(*w);
        }
    }

    /// The score in points for the side to move, from its accumulators and
    /// the other side's, with `pieces` pieces on the board.
    #[inline]
    pub fn output(&self, mover: &Accumulator, other: &Accumulator, pieces: usize) -> Score {
        let bucket = self.buckets.of(pieces);
        let layer = &self.output_weights[bucket * 2 * HIDDEN..(bucket + 1) * 2 * HIDDEN];
        let (own, theirs) = layer.split_at(HIDDEN);
        let sum = self.output_bias[bucket] + clipped_dot(mover, own) + clipped_dot(other, theirs);
        (i64::from(sum) * i64::from(self.points_per_logit) / i64::from(QA * QB)) as Score
    }
}

/// The sum of clipped activations times weights, in `QA x QB` units.
#[inline]
fn clipped_dot(acc: &Accumulator, weights: &[i16]) -> i32 {
    acc.iter().zip(weights).map(|(&a, &w)| i32::from(a.clamp(0, QA as i16)) * i32::from(w)).sum()
}

/// The number of inputs on `size`: a piece of either colour on each cell.
pub fn features(size: BoardSize) -> usize {
    2 * size.squares()
}

/// The input a piece of `piece` on `square` is for `view`'s accumulators:
/// own pieces first, then the enemy's, the board turned (ranks reversed)
/// for Black so that both sides see themselves playing up the board.
#[inline]
pub fn feature(size: BoardSize, view: Side, piece: Side, square: usize) -> usize {
    let cells = size.squares();
    let columns = size.columns as usize;
    let seen = rank_in_front(view, size.rows as usize, square / columns) * columns + square % columns;
    if piece == view { seen } else { cells + seen }
}
