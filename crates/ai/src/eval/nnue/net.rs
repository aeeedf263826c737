//! The quantised network: its shape, its integer weights and its output.
//!
//! Inputs are the pieces by square seen from one side (own pieces, then the
//! enemy's, the board turned so that the side plays up the board): 2 x cells.
//! They feed a hidden layer of 16-bit accumulators, one set per side
//! ([`HIDDEN`] in the shipped nets); the side to move's set and the other's,
//! clipped to [0, 1] (clipped ReLU), feed either one output directly (the
//! shipped shape, `2 x 128 -> 1`) or a second layer of a few units, clipped
//! again, that feeds the output (`2 x 256 -> 32 -> 1`, see [`Shape`]). The
//! output is the logit of the mover's winning chance: the output layer of
//! the position's bucket (by its piece count, see [`Buckets`]), one layer
//! where the net has one bucket. A score in points is that logit times the
//! net's `points_per_logit` (1/K of the variant's fitted curve when it was
//! trained), so the search's margins and the winning chances shown keep
//! their meaning.
//!
//! The inner loops are written for a width known when compiling (one copy a
//! width in [`WIDTHS`]), the width chosen once a call, so the shipped
//! shape's loops stay as fixed as when it was the only one.

use thiserror::Error;

use super::buckets::Buckets;
use super::simd::{Kernels, LANES};
use crate::eval::Score;
use breakline_rules::{BoardSize, Side, Variant, rank_in_front};

/// Hidden accumulators per side of the shipped nets, and of every net
/// without a second layer (file versions 1 and 2 know no other).
pub const HIDDEN: usize = 128;
pub use super::simd::QA;
/// The scale of the output weights.
pub const QB: i32 = 256;
/// The scale of the second layer's weights, where there is one. Unlike the
/// first layer's, they are never summed into 16 bits, so only the 32-bit
/// sum bounds them: 2 x 512 activations of at most 255 times weights of at
/// most 1.98 x 2048 (the trainer's clip) stay under 2^31. A scale that
/// large keeps a weight of 0.01 from rounding to nothing (QB would make it
/// 3), which matters more here, where each unit's error reaches the output
/// through every output weight, than in the output layer.
pub const QL2: i32 = 2048;
/// The hidden widths a net with a second layer may have.
pub const WIDTHS: [usize; 3] = [128, 256, 512];
/// The most units of a second layer.
pub const MAX_L2: usize = 64;

const _: () = assert!(2 * 512 * 255 * (2 * QL2 as i64) < i32::MAX as i64 && MAX_L2 * 255 * 32768 < i32::MAX as usize);

/// The layers after the inputs: the hidden width (a side) and the second
/// layer's units, none for the shipped shape.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Shape {
    hidden: usize,
    l2: usize,
}

/// Why a shape or a net's weights were refused.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum ShapeError {
    #[error("a net without a second layer has {HIDDEN} hidden units, not {0}")]
    /// A width other than [`HIDDEN`] without a second layer.
    Direct(usize),
    #[error("{0} hidden units: a net with a second layer has 128, 256 or 512")]
    /// A width not in [`WIDTHS`].
    Hidden(usize),
    #[error("a second layer of {0} units: this build reads 1 to {MAX_L2}")]
    /// A second layer too large.
    Second(usize),
    #[error("{part}: {got} values for a net that needs {want}")]
    /// A block of weights of the wrong length.
    #[allow(missing_docs)]
    Length { part: &'static str, got: usize, want: usize },
}

impl Shape {
    /// The shipped nets' shape: 2 x 128 -> 1.
    pub const SHIPPED: Shape = Shape { hidden: HIDDEN, l2: 0 };

    /// A shape of `hidden` units a side and `l2` second-layer units (0:
    /// none, and then `hidden` is [`HIDDEN`]).
    pub fn new(hidden: usize, l2: usize) -> Result<Shape, ShapeError> {
        if l2 == 0 {
            return if hidden == HIDDEN { Ok(Shape::SHIPPED) } else { Err(ShapeError::Direct(hidden)) };
        }
        if !WIDTHS.contains(&hidden) {
            return Err(ShapeError::Hidden(hidden));
        }
        if l2 > MAX_L2 {
            return Err(ShapeError::Second(l2));
        }
        Ok(Shape { hidden, l2 })
    }

    /// Hidden units a side.
    pub fn hidden(self) -> usize {
        self.hidden
    }

    /// Second-layer units, 0 where the hidden layer feeds the output.
    pub fn l2(self) -> usize {
        self.l2
    }

    /// The inputs of an output layer: both sides' hidden units, or the second layer.
    pub fn output_inputs(self) -> usize {
        if self.l2 == 0 { 2 * self.hidden } else { self.l2 }
    }
}

impl std::fmt::Display for Shape {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self.l2 {
            0 => write!(f, "2 x {} -> 1", self.hidden),
            l2 => write!(f, "2 x {} -> {l2} -> 1", self.hidden),
        }
    }
}

/// A net's integer weights, block by block, as [`Net::with_shape`] takes them.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Weights {
    /// `features x hidden`, feature-major, in `QA` units.
    pub input_weights: Vec<i16>,
    /// `hidden`, in `QA` units.
    pub input_bias: Vec<i16>,
    /// `l2 x 2 x hidden`, unit by unit the mover's then the other side's,
    /// in `QL2` units (empty without a second layer).
    pub second_weights: Vec<i16>,
    /// `l2`, in `QA x QL2` units (empty without a second layer).
    pub second_bias: Vec<i32>,
    /// Bucket by bucket, an output layer's `Shape::output_inputs` weights
    /// (without a second layer the mover's accumulators' then the other
    /// side's), in `QB` units.
    pub output_weights: Vec<i16>,
    /// A bias a bucket, in `QA x QB` units: as many as the net has buckets.
    pub output_bias: Vec<i32>,
}

/// A network for one variant and board size, with integer weights.
#[derive(Clone, Debug, PartialEq)]
pub struct Net {
    variant: Variant,
    size: BoardSize,
    points_per_logit: i32,
    shape: Shape,
    weights: Weights,
    buckets: Buckets,
}

/// One side's accumulators in the shipped shape.
pub type Accumulator = [i16; HIDDEN];

/// Runs `$body` with `$h` a constant, the width `$hidden` (one of
/// [`WIDTHS`], which [`Shape`] guarantees).
macro_rules! with_width {
    ($hidden:expr, $h:ident => $body:expr) => {
        match $hidden {
            128 => {
                const $h: usize = 128;
                $body
            }
            256 => {
                const $h: usize = 256;
                $body
            }
            _ => {
                const $h: usize = 512;
                $body
            }
        }
    };
}
pub(crate) use with_width;

const _: () = assert!(WIDTHS[0] == 128 && WIDTHS[1] == 256 && WIDTHS[2] == 512 && 128usize.is_multiple_of(LANES));

impl Net {
    /// A net of the shipped shape from its parts, with as many output
    /// buckets as `output_bias` has biases (1 to `MAX_BUCKETS`);
    /// `input_weights` must hold `features(size) x HIDDEN` weights and
    /// `output_weights` `2 x HIDDEN` a bucket (the file reader and the
    /// trainer check this; [`Net::with_shape`] checks it itself).
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
        let input_bias = input_bias.to_vec();
        let weights = Weights { input_weights, input_bias, output_weights, output_bias, ..Weights::default() };
        Net { variant, size, points_per_logit, shape: Shape::SHIPPED, weights, buckets }
    }

    /// A net of `shape` from its weights, with as many output buckets as
    /// `weights.output_bias` has biases (1 to `MAX_BUCKETS`), every block
    /// checked against the shape.
    pub fn with_shape(
        variant: Variant,
        size: BoardSize,
        points_per_logit: i32,
        shape: Shape,
        weights: Weights,
    ) -> Result<Net, ShapeError> {
        let (hidden, l2, buckets) = (shape.hidden, shape.l2, weights.output_bias.len());
        let blocks = [
            ("input weights", weights.input_weights.len(), features(size) * hidden),
            ("input bias", weights.input_bias.len(), hidden),
            ("second layer weights", weights.second_weights.len(), l2 * 2 * hidden),
            ("second layer bias", weights.second_bias.len(), l2),
            ("output weights", weights.output_weights.len(), buckets * shape.output_inputs()),
            ("output bias", buckets, buckets.clamp(1, super::MAX_BUCKETS)),
        ];
        if let Some(&(part, got, want)) = blocks.iter().find(|(_, got, want)| got != want) {
            return Err(ShapeError::Length { part, got, want });
        }
        let buckets = Buckets::new(variant, size, buckets);
        Ok(Net { variant, size, points_per_logit, shape, weights, buckets })
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

    /// The net's layers.
    pub fn shape(&self) -> Shape {
        self.shape
    }

    /// The net's weights.
    pub fn weights(&self) -> &Weights {
        &self.weights
    }

    /// Which output layer scores a position, by its piece count.
    pub fn buckets(&self) -> &Buckets {
        &self.buckets
    }

    /// The weights feature `index` adds to an accumulator of width `H`
    /// (the net's).
    #[inline]
    pub(crate) fn column<const H: usize>(&self, index: usize) -> &[i16; H] {
        debug_assert_eq!(H, self.shape.hidden);
        self.weights.input_weights[index * H..(index + 1) * H].try_into().expect("a column of H weights")
    }

    /// The first layer's biases: a side's accumulators on an empty board.
    #[inline]
    pub(crate) fn bias<const H: usize>(&self) -> [i16; H] {
        self.weights.input_bias[..].try_into().expect("H biases")
    }

    /// The score in points for the side to move, from its accumulators and
    /// the other side's (both of the net's width, as `refresh` makes them),
    /// with `pieces` pieces on the board.
    ///
    /// # Panics
    ///
    /// If an accumulator is not of the net's width.
    pub fn output(&self, mover: &[i16], other: &[i16], pieces: usize) -> Score {
        with_width!(self.shape.hidden, H => {
            let width = "accumulators of the net's width";
            self.score::<H>(Kernels::detect(), mover.try_into().expect(width), other.try_into().expect(width), pieces)
        })
    }

    /// `output` for accumulators of width `H` (the net's), with `kernels`.
    #[inline]
    pub(crate) fn score<const H: usize>(
        &self,
        kernels: Kernels,
        mover: &[i16; H],
        other: &[i16; H],
        pieces: usize,
    ) -> Score {
        let bucket = self.buckets.of(pieces);
        let sum = if self.shape.l2 == 0 {
            self.direct_logit(kernels, mover, other, bucket)
        } else {
            self.second_layer_logit(kernels, mover, other, bucket)
        };
        (i64::from(sum) * i64::from(self.points_per_logit) / i64::from(QA * QB)) as Score
    }

    /// The shipped shape's output, in `QA x QB` units.
    #[inline]
    fn direct_logit<const H: usize>(&self, kernels: Kernels, mover: &[i16; H], other: &[i16; H], bucket: usize) -> i32 {
        let layer = &self.weights.output_weights[bucket * 2 * H..(bucket + 1) * 2 * H];
        let (own, theirs) = layer.split_at(H);
        let (own, theirs) = (own.try_into().expect("H weights"), theirs.try_into().expect("H weights"));
        let sum = self.weights.output_bias[bucket].wrapping_add(kernels.clipped_dot(mover, own));
        sum.wrapping_add(kernels.clipped_dot(other, theirs))
    }

    /// The output through the second layer, in `QA x QB` units: each unit's
    /// sum (in `QA x QL2` units) brought back to `QA` units, rounded to the
    /// nearest (truncating would shift every unit down by half a step), and
    /// clipped to [0, `QA`], as the first layer's are.
    #[inline]
    fn second_layer_logit<const H: usize>(
        &self,
        kernels: Kernels,
        mover: &[i16; H],
        other: &[i16; H],
        bucket: usize,
    ) -> i32 {
        let l2 = self.shape.l2;
        let mut sums = [0i32; MAX_L2];
        let sums = &mut sums[..l2];
        kernels.layer(mover, other, &self.weights.second_weights, &self.weights.second_bias, sums);
        let weights = &self.weights.output_weights[bucket * l2..(bucket + 1) * l2];
        let activations = sums.iter().map(|&s| s.wrapping_add(QL2 / 2).div_euclid(QL2).clamp(0, QA));
        activations
            .zip(weights)
            .fold(self.weights.output_bias[bucket], |out, (a, &w)| out.wrapping_add(a * i32::from(w)))
    }
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shapes_outside_the_built_widths_are_refused_in_one_line() {
        assert_eq!(Shape::new(128, 0), Ok(Shape::SHIPPED));
        assert_eq!(Shape::new(256, 0), Err(ShapeError::Direct(256)));
        assert_eq!(Shape::new(384, 32), Err(ShapeError::Hidden(384)));
        assert_eq!(Shape::new(512, MAX_L2 + 1), Err(ShapeError::Second(MAX_L2 + 1)));
        for (hidden, l2) in [(128, 1), (256, 32), (512, MAX_L2)] {
            assert_eq!(Shape::new(hidden, l2).map(|s| (s.hidden(), s.l2())), Ok((hidden, l2)));
        }
        assert_eq!(Shape::new(256, 32).unwrap().to_string(), "2 x 256 -> 32 -> 1");
        assert_eq!(Shape::SHIPPED.to_string(), "2 x 128 -> 1");
    }

    #[test]
    fn weights_that_do_not_fit_the_shape_are_refused() {
        let size = BoardSize::new(8, 8);
        let shape = Shape::new(256, 8).unwrap();
        let fitting = Weights {
            input_weights: vec![0; features(size) * 256],
            input_bias: vec![0; 256],
            second_weights: vec![0; 8 * 512],
            second_bias: vec![0; 8],
            output_weights: vec![0; 2 * 8],
            output_bias: vec![0; 2],
        };
        let net = Net::with_shape(Variant::Breakthrough, size, 700, shape, fitting.clone()).unwrap();
        assert_eq!((net.shape(), net.buckets().count()), (shape, 2));
        let short = Weights { second_bias: vec![0; 7], ..fitting.clone() };
        let want = ShapeError::Length { part: "second layer bias", got: 7, want: 8 };
        assert_eq!(Net::with_shape(Variant::Breakthrough, size, 700, shape, short), Err(want));
        let none = Weights { output_weights: vec![], output_bias: vec![], ..fitting };
        let error = Net::with_shape(Variant::Breakthrough, size, 700, shape, none).unwrap_err();
        assert_eq!(error.to_string(), "output bias: 0 values for a net that needs 1");
    }
}
