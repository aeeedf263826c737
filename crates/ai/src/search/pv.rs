//! Triangular principal-variation table: each ply keeps the best line found below it.

use breakline_rules::Move;

/// Deepest ply any search reaches (depth limits stay below it).
pub(crate) const MAX_PLY: usize = 128;

pub(crate) struct PvTable {
    lines: Vec<[Move; MAX_PLY]>,
    lengths: [usize; MAX_PLY + 1],
}

impl Default for PvTable {
    fn default() -> Self {
        PvTable { lines: vec![[Move::default(); MAX_PLY]; MAX_PLY], lengths: [0; MAX_PLY + 1] }
    }
}

impl PvTable {
    /// Forgets the line at `ply`; every node calls this on entry so a parent
    /// never copies a stale line from an earlier sibling's subtree.
    #[inline]
    pub(crate) fn clear(&mut self, ply: usize) {
        self.lengths[ply] = 0;
    }

    /// The line at `ply` becomes `m` followed by the line just found at `ply + 1`.
    #[inline]
    pub(crate) fn update(&mut self, ply: usize, m: Move) {
        let below = if ply + 1 < MAX_PLY { self.lengths[ply + 1].min(MAX_PLY - 1) } else { 0 };
        let (upper, lower) = self.lines.split_at_mut(ply + 1);
        let line = &mut upper[ply];
        line[0] = m;
        if below > 0 {
            line[1..=below].copy_from_slice(&lower[0][..below]);
        }
        self.lengths[ply] = below + 1;
    }

    pub(crate) fn line(&self, ply: usize) -> &[Move] {
        &self.lines[ply][..self.lengths[ply]]
    }
}
