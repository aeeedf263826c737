//! Bit sets over board squares: one trait, three widths, so an 8x8 board runs on
//! a plain `u64` and only the large boards pay for wider words.

use std::fmt::Debug;
use std::hash::Hash;
use std::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, BitXorAssign, Not};

/// A set of square indices (`rank * columns + file`). Shifts are only ever by
/// less than 64 (at most `columns + 1`), which keeps the wide type simple.
pub trait Bits:
    Copy
    + Eq
    + Hash
    + Debug
    + Default
    + Send
    + Sync
    + 'static
    + BitAnd<Output = Self>
    + BitOr<Output = Self>
    + BitXor<Output = Self>
    + Not<Output = Self>
    + BitAndAssign
    + BitOrAssign
    + BitXorAssign
{
    /// How many squares the type can hold.
    const CAPACITY: usize;
    /// The empty set.
    const EMPTY: Self;
    /// The set holding only square `index`.
    fn bit(index: usize) -> Self;
    /// Every index raised by `n` (`n` < 64); those past [`Bits::CAPACITY`] are dropped.
    fn shl(self, n: u32) -> Self;
    /// Every index lowered by `n` (`n` < 64); those below 0 are dropped.
    fn shr(self, n: u32) -> Self;
    /// The number of squares in the set.
    fn count(self) -> u32;
    /// Whether the set holds no square.
    fn is_empty(self) -> bool;
    /// Index of the lowest set square; only meaningful when not empty.
    fn lowest(self) -> usize;

    /// Whether the set holds a square.
    #[inline]
    fn any(self) -> bool {
        !self.is_empty()
    }

    /// Whether square `index` is in the set.
    #[inline]
    fn has(self, index: usize) -> bool {
        (self & Self::bit(index)).any()
    }

    /// Removes and returns the lowest set square.
    #[inline]
    fn pop_lowest(&mut self) -> Option<usize> {
        if self.is_empty() {
            None
        } else {
            let i = self.lowest();
            *self ^= Self::bit(i);
            Some(i)
        }
    }

    /// Iterates over the set squares from the lowest index up.
    #[inline]
    fn squares(self) -> SquareIter<Self> {
        SquareIter(self)
    }
}

/// Iterator over the squares of a bit set.
pub struct SquareIter<B>(B);

impl<B: Bits> Iterator for SquareIter<B> {
    type Item = usize;
    #[inline]
    fn next(&mut self) -> Option<usize> {
        self.0.pop_lowest()
    }
}

macro_rules! impl_bits_for_int {
    ($t:ty) => {
        impl Bits for $t {
            const CAPACITY: usize = <$t>::BITS as usize;
            const EMPTY: Self = 0;
            #[inline]
            fn bit(index: usize) -> Self {
                1 << index
            }
            #[inline]
            fn shl(self, n: u32) -> Self {
                self << n
            }
            #[inline]
            fn shr(self, n: u32) -> Self {
                self >> n
            }
            #[inline]
            fn count(self) -> u32 {
                self.count_ones()
            }
            #[inline]
            fn is_empty(self) -> bool {
                self == 0
            }
            #[inline]
            fn lowest(self) -> usize {
                self.trailing_zeros() as usize
            }
        }
    };
}

impl_bits_for_int!(u64);
impl_bits_for_int!(u128);

/// 192 squares in three words, for boards above 128 squares (12x12 and 11x12).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub struct Wide([u64; 3]);

macro_rules! impl_wide_op {
    ($tr:ident, $f:ident, $atr:ident, $af:ident, $op:tt) => {
        impl $tr for Wide {
            type Output = Wide;
            #[inline]
            fn $f(self, o: Wide) -> Wide {
                Wide([self.0[0] $op o.0[0], self.0[1] $op o.0[1], self.0[2] $op o.0[2]])
            }
        }
        impl $atr for Wide {
            #[inline]
            fn $af(&mut self, o: Wide) {
                *self = *self $op o;
            }
        }
    };
}

impl_wide_op!(BitAnd, bitand, BitAndAssign, bitand_assign, &);
impl_wide_op!(BitOr, bitor, BitOrAssign, bitor_assign, |);
impl_wide_op!(BitXor, bitxor, BitXorAssign, bitxor_assign, ^);

impl Not for Wide {
    type Output = Wide;
    #[inline]
    fn not(self) -> Wide {
        Wide([!self.0[0], !self.0[1], !self.0[2]])
    }
}

impl Bits for Wide {
    const CAPACITY: usize = 192;
    const EMPTY: Self = Wide([0; 3]);
    #[inline]
    fn bit(index: usize) -> Self {
        let mut w = [0; 3];
        w[index / 64] = 1 << (index % 64);
        Wide(w)
    }
    #[inline]
    fn shl(self, n: u32) -> Self {
        debug_assert!(n < 64);
        if n == 0 {
            return self;
        }
        let [a, b, c] = self.0;
        Wide([a << n, (b << n) | (a >> (64 - n)), (c << n) | (b >> (64 - n))])
    }
    #[inline]
    fn shr(self, n: u32) -> Self {
        debug_assert!(n < 64);
        if n == 0 {
            return self;
        }
        let [a, b, c] = self.0;
        Wide([(a >> n) | (b << (64 - n)), (b >> n) | (c << (64 - n)), c >> n])
    }
    #[inline]
    fn count(self) -> u32 {
        self.0.iter().map(|w| w.count_ones()).sum()
    }
    #[inline]
    fn is_empty(self) -> bool {
        (self.0[0] | self.0[1] | self.0[2]) == 0
    }
    #[inline]
    fn lowest(self) -> usize {
        if self.0[0] != 0 {
            self.0[0].trailing_zeros() as usize
        } else if self.0[1] != 0 {
            64 + self.0[1].trailing_zeros() as usize
        } else {
            128 + self.0[2].trailing_zeros() as usize
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn shifts_agree<B: Bits>() {
        let mut set = B::EMPTY;
        for i in [0usize, 5, 63, 64, 100, 127, 128, 140, 143] {
            if i < B::CAPACITY.min(144) {
                set |= B::bit(i);
            }
        }
        for n in 0..14u32 {
            let up: Vec<usize> = set.shl(n).squares().collect();
            let expect: Vec<usize> = set.squares().map(|i| i + n as usize).filter(|&i| i < B::CAPACITY).collect();
            assert_eq!(up, expect, "shl {n}");
            let down: Vec<usize> = set.shr(n).squares().collect();
            let expect: Vec<usize> = set.squares().filter(|&i| i >= n as usize).map(|i| i - n as usize).collect();
            assert_eq!(down, expect, "shr {n}");
        }
    }

    #[test]
    fn shifts_move_every_square_by_the_same_amount() {
        shifts_agree::<u64>();
        shifts_agree::<u128>();
        shifts_agree::<Wide>();
    }

    #[test]
    fn wide_counts_and_pops_across_words() {
        let mut w = Wide::bit(3) | Wide::bit(70) | Wide::bit(150);
        assert_eq!(w.count(), 3);
        assert_eq!(w.pop_lowest(), Some(3));
        assert_eq!(w.pop_lowest(), Some(70));
        assert_eq!(w.pop_lowest(), Some(150));
        assert_eq!(w.pop_lowest(), None);
    }
}
