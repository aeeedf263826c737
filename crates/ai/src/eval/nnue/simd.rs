//! The net's integer kernels, vectorised where the processor allows: the
//! accumulators' column additions and subtractions and the output layers'
//! clipped dot products, each with a scalar version that is always correct
//! and an AVX2 one (`std::arch`, chosen at run time by
//! `is_x86_feature_detected!`), which must give the same integers (a test
//! plays random games through both). Other processors (aarch64 too) use the
//! scalar versions, which the compiler vectorises as far as it can for the
//! baseline instruction set.
//!
//! Every sum wraps as the vector instructions do, so the two agree even on
//! a net whose weights overflow 32 bits, and neither panics on such a file.
//! A width must be a multiple of [`LANES`] (the net checks its shape). This
//! module uses nothing of the net's, so that the net can use it.

/// The scale of the first layer's weights and the accumulators: an
/// activation of 1.0 is `QA`, the top of the clip the kernels apply (it
/// lives here, where the clip is, and the net's module names it again).
pub const QA: i32 = 255;

/// 16-bit lanes in an AVX2 register: every width is a multiple of it.
pub const LANES: usize = 16;

/// Which kernels an inference uses. Only [`Kernels::detect`] makes the
/// vector ones, after checking the processor runs them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Kernels(Level);

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Level {
    Scalar,
    #[cfg(target_arch = "x86_64")]
    Avx2,
}

impl Kernels {
    /// The scalar kernels, on any processor.
    pub(crate) const SCALAR: Kernels = Kernels(Level::Scalar);

    /// The fastest kernels this processor runs (the detection is cached by
    /// the standard library, so this is cheap).
    #[inline]
    pub(crate) fn detect() -> Kernels {
        #[cfg(target_arch = "x86_64")]
        if std::arch::is_x86_feature_detected!("avx2") {
            return Kernels(Level::Avx2);
        }
        Kernels::SCALAR
    }

    /// Whether these are vector kernels.
    #[cfg(test)]
    pub(crate) fn is_vector(self) -> bool {
        self != Kernels::SCALAR
    }

    /// Adds the `add` columns to `acc` and takes the `sub` ones out, in
    /// one pass over it.
    #[inline]
    pub(crate) fn update<const H: usize>(self, acc: &mut [i16; H], add: &[&[i16; H]], sub: &[&[i16; H]]) {
        match self.0 {
            Level::Scalar => update_scalar(acc, add, sub),
            // SAFETY: `Level::Avx2` is only made by `detect`, after the processor said it runs AVX2.
            #[cfg(target_arch = "x86_64")]
            Level::Avx2 => unsafe { avx2::update(acc, add, sub) },
        }
    }

    /// A move's step for both views at once: `next[v]` becomes `prev[v]`
    /// plus `deltas[v]`'s column in, less its columns out, read and written
    /// in one pass (no copy of `prev` first).
    #[inline]
    pub(crate) fn step<const H: usize>(self, prev: &[[i16; H]; 2], next: &mut [[i16; H]; 2], deltas: [Delta<H>; 2]) {
        match self.0 {
            Level::Scalar => step_scalar(prev, next, deltas),
            // SAFETY: as in `update`.
            #[cfg(target_arch = "x86_64")]
            Level::Avx2 => unsafe { avx2::step(prev, next, deltas) },
        }
    }

    /// The sum of `acc`'s activations, clipped to [0, `QA`], times
    /// `weights`: in `QA x` the weights' scale.
    #[inline]
    pub(crate) fn clipped_dot<const H: usize>(self, acc: &[i16; H], weights: &[i16; H]) -> i32 {
        match self.0 {
            Level::Scalar => clipped_dot_scalar(acc, weights),
            // SAFETY: as in `update`.
            #[cfg(target_arch = "x86_64")]
            Level::Avx2 => unsafe { avx2::clipped_dot(acc, weights) },
        }
    }

    /// A whole dense layer on the clipped activations of both sides'
    /// accumulators: `sums[j]` becomes `bias[j]` plus row `j` of `rows`
    /// (`2 x H` weights, the mover's then the other side's) times them.
    #[inline]
    pub(crate) fn layer<const H: usize>(
        self,
        mover: &[i16; H],
        other: &[i16; H],
        rows: &[i16],
        bias: &[i32],
        sums: &mut [i32],
    ) {
        match self.0 {
            Level::Scalar => layer_with(mover, other, rows, bias, sums, clipped_dot_scalar),
            // SAFETY: as in `update`.
            #[cfg(target_arch = "x86_64")]
            Level::Avx2 => unsafe { avx2::layer(mover, other, rows, bias, sums) },
        }
    }
}

/// One view's columns for a move: the moved piece's new square in, its
/// old square out, and a captured piece out.
#[derive(Clone, Copy)]
pub(crate) struct Delta<'a, const H: usize> {
    /// The column added.
    pub(crate) add: &'a [i16; H],
    /// The column taken out.
    pub(crate) sub: &'a [i16; H],
    /// A captured piece's column, taken out too.
    pub(crate) taken: Option<&'a [i16; H]>,
}

#[inline]
fn step_scalar<const H: usize>(prev: &[[i16; H]; 2], next: &mut [[i16; H]; 2], deltas: [Delta<H>; 2]) {
    for ((p, n), d) in prev.iter().zip(next.iter_mut()).zip(deltas) {
        for (((n, &p), &a), &s) in n.iter_mut().zip(p).zip(d.add).zip(d.sub) {
            *n = p.wrapping_add(a).wrapping_sub(s);
        }
        if let Some(taken) = d.taken {
            for (n, &t) in n.iter_mut().zip(taken) {
                *n = n.wrapping_sub(t);
            }
        }
    }
}

#[inline]
fn update_scalar<const H: usize>(acc: &mut [i16; H], add: &[&[i16; H]], sub: &[&[i16; H]]) {
    for column in add {
        for (a, w) in acc.iter_mut().zip(column.iter()) {
            *a = a.wrapping_add(*w);
        }
    }
    for column in sub {
        for (a, w) in acc.iter_mut().zip(column.iter()) {
            *a = a.wrapping_sub(*w);
        }
    }
}

#[inline]
fn clipped_dot_scalar<const H: usize>(acc: &[i16; H], weights: &[i16; H]) -> i32 {
    // A product is at most 255 x 32768 in size: only the sum can wrap.
    acc.iter()
        .zip(weights)
        .fold(0i32, |sum, (&a, &w)| sum.wrapping_add(i32::from(a.clamp(0, QA as i16)) * i32::from(w)))
}

/// `layer` with a given clipped dot product: the rows one by one.
#[inline(always)]
fn layer_with<const H: usize>(
    mover: &[i16; H],
    other: &[i16; H],
    rows: &[i16],
    bias: &[i32],
    sums: &mut [i32],
    dot: impl Fn(&[i16; H], &[i16; H]) -> i32,
) {
    for ((sum, row), &b) in sums.iter_mut().zip(rows.chunks_exact(2 * H)).zip(bias) {
        let (own, theirs) = row.split_at(H);
        let (own, theirs) = (own.try_into().expect("H weights"), theirs.try_into().expect("H weights"));
        *sum = b.wrapping_add(dot(mover, own)).wrapping_add(dot(other, theirs));
    }
}

/// The AVX2 kernels: 16 lanes of 16 bits, products summed in pairs into
/// 32-bit lanes (`madd`), which cannot overflow for an activation of at
/// most 255 (255 x 32768 x 2 < 2^31).
#[cfg(target_arch = "x86_64")]
mod avx2 {
    use std::arch::x86_64::*;

    use super::{Delta, LANES, QA, layer_with};

    #[target_feature(enable = "avx2")]
    pub(super) fn step<const H: usize>(prev: &[[i16; H]; 2], next: &mut [[i16; H]; 2], deltas: [Delta<H>; 2]) {
        const { assert!(H.is_multiple_of(LANES)) };
        let load = |column: &[i16; H], c: usize| {
            // SAFETY: `c + LANES <= H`; an unaligned load.
            unsafe { _mm256_loadu_si256(column.as_ptr().add(c).cast()) }
        };
        for ((p, n), d) in prev.iter().zip(next.iter_mut()).zip(deltas) {
            for c in (0..H).step_by(LANES) {
                let mut v = _mm256_sub_epi16(_mm256_add_epi16(load(p, c), load(d.add, c)), load(d.sub, c));
                if let Some(taken) = d.taken {
                    v = _mm256_sub_epi16(v, load(taken, c));
                }
                // SAFETY: `c + LANES <= H`; an unaligned store.
                unsafe { _mm256_storeu_si256(n.as_mut_ptr().add(c).cast(), v) };
            }
        }
    }

    #[target_feature(enable = "avx2")]
    pub(super) fn update<const H: usize>(acc: &mut [i16; H], add: &[&[i16; H]], sub: &[&[i16; H]]) {
        const { assert!(H.is_multiple_of(LANES)) };
        for c in (0..H).step_by(LANES) {
            // SAFETY: `c + LANES <= H` for every slice here; unaligned loads and stores.
            unsafe {
                let at = acc.as_mut_ptr().add(c).cast::<__m256i>();
                let mut v = _mm256_loadu_si256(at);
                for column in add {
                    v = _mm256_add_epi16(v, _mm256_loadu_si256(column.as_ptr().add(c).cast()));
                }
                for column in sub {
                    v = _mm256_sub_epi16(v, _mm256_loadu_si256(column.as_ptr().add(c).cast()));
                }
                _mm256_storeu_si256(at, v);
            }
        }
    }

    #[target_feature(enable = "avx2")]
    pub(super) fn clipped_dot<const H: usize>(acc: &[i16; H], weights: &[i16; H]) -> i32 {
        const { assert!(H.is_multiple_of(LANES)) };
        let (zero, top) = (_mm256_setzero_si256(), _mm256_set1_epi16(QA as i16));
        let mut sum = _mm256_setzero_si256();
        for c in (0..H).step_by(LANES) {
            // SAFETY: `c + LANES <= H`; unaligned loads.
            let (a, w) = unsafe {
                (_mm256_loadu_si256(acc.as_ptr().add(c).cast()), _mm256_loadu_si256(weights.as_ptr().add(c).cast()))
            };
            let clipped = _mm256_min_epi16(_mm256_max_epi16(a, zero), top);
            sum = _mm256_add_epi32(sum, _mm256_madd_epi16(clipped, w));
        }
        let half = _mm_add_epi32(_mm256_castsi256_si128(sum), _mm256_extracti128_si256::<1>(sum));
        let quarter = _mm_add_epi32(half, _mm_unpackhi_epi64(half, half));
        _mm_cvtsi128_si32(_mm_add_epi32(quarter, _mm_shuffle_epi32::<0b01>(quarter)))
    }

    /// The rows in one call, so that each row's dot product is inlined.
    #[target_feature(enable = "avx2")]
    pub(super) fn layer<const H: usize>(
        mover: &[i16; H],
        other: &[i16; H],
        rows: &[i16],
        bias: &[i32],
        sums: &mut [i32],
    ) {
        layer_with(mover, other, rows, bias, sums, |a, w| clipped_dot(a, w));
    }
}

#[cfg(test)]
mod tests {
    use rand::rngs::StdRng;
    use rand::{RngExt, SeedableRng};

    use super::*;

    /// Extreme values too: accumulators far outside [0, QA] and weights at
    /// both ends of an i16, whose sums wrap.
    #[test]
    fn the_vector_kernels_give_the_scalar_kernels_integers() {
        let vector = Kernels::detect();
        if !vector.is_vector() {
            eprintln!("no vector kernels on this processor: scalar against scalar");
        }
        let mut rng = StdRng::seed_from_u64(9);
        for round in 0..200 {
            let wide = round % 2 == 0;
            let mut draw = || if wide { rng.random::<i16>() } else { rng.random_range(-400i16..400) };
            let acc: [i16; 64] = std::array::from_fn(|_| draw());
            let other: [i16; 64] = std::array::from_fn(|_| draw());
            let columns: Vec<[i16; 64]> = (0..3).map(|_| std::array::from_fn(|_| draw())).collect();
            let rows: Vec<i16> = (0..5 * 128).map(|_| draw()).collect();
            let bias: Vec<i32> = (0..5).map(|_| i32::from(draw()) * 1000).collect();
            let (add, sub) = ([&columns[0], &columns[1]], [&columns[2]]);
            let (mut a, mut b) = (acc, acc);
            Kernels::SCALAR.update(&mut a, &add, &sub);
            vector.update(&mut b, &add, &sub);
            assert_eq!(a, b);
            assert_eq!(Kernels::SCALAR.clipped_dot(&acc, &columns[0]), vector.clipped_dot(&acc, &columns[0]));
            let taken = (round % 3 == 0).then_some(&columns[2]);
            let delta = Delta { add: &columns[0], sub: &columns[1], taken };
            let (mut a, mut b) = ([[0; 64]; 2], [[0; 64]; 2]);
            Kernels::SCALAR.step(&[acc, other], &mut a, [delta; 2]);
            vector.step(&[acc, other], &mut b, [delta; 2]);
            assert_eq!(a, b);
            let mut want = [acc, other];
            let columns_out: Vec<&[i16; 64]> = [&columns[1]].into_iter().chain(taken).collect();
            want.iter_mut().for_each(|w| Kernels::SCALAR.update(w, &[&columns[0]], &columns_out));
            assert_eq!(a, want);
            let (mut s, mut v) = ([0; 5], [0; 5]);
            Kernels::SCALAR.layer(&acc, &other, &rows, &bias, &mut s);
            vector.layer(&acc, &other, &rows, &bias, &mut v);
            assert_eq!(s, v);
        }
    }
}
