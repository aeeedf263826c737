//! Which games a shard plays: the spec's games in units (a colour-swapped
//! pair, games 2k and 2k+1 of a series, or a single game where colours do
//! not swap or a series has an odd last game), dealt to the shards in turn,
//! so each shard gets a fair mix of early and late, strong and weak pairings.

use super::slice::Shard;

/// The indices shard `shard` plays of `series` series of `games` games each
/// (index = series x games + game), ascending. Never half a pair when
/// `paired`; every index in exactly one shard.
pub fn share(shard: Shard, series: usize, games: usize, paired: bool) -> Vec<usize> {
    let unit = if paired { 2 } else { 1 };
    let units_per_series = games.div_ceil(unit);
    let mut indices = Vec::new();
    for s in 0..series {
        for u in 0..units_per_series {
            if (s * units_per_series + u) % shard.count() == shard.number() - 1 {
                let first = s * games + u * unit;
                indices.extend(first..(first + unit).min(s * games + games));
            }
        }
    }
    indices
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shards_take_whole_pairs_and_cover_every_game_once() {
        for (series, games, paired) in [(1, 40, true), (1, 7, true), (3, 5, true), (1, 9, false), (6, 4, true)] {
            for n in [1, 2, 3, 7, 50] {
                let mut all: Vec<usize> =
                    (1..=n).flat_map(|k| share(Shard::new(k, n).unwrap(), series, games, paired)).collect();
                all.sort();
                assert_eq!(all, (0..series * games).collect::<Vec<_>>(), "{series}x{games} in {n}");
                for k in 1..=n {
                    let mine = share(Shard::new(k, n).unwrap(), series, games, paired);
                    for &i in mine.iter().filter(|&&i| paired && i % games % 2 == 0 && i % games + 1 < games) {
                        assert!(mine.contains(&(i + 1)), "shard {k}/{n} has game {i} without its pair");
                    }
                }
            }
        }
        assert_eq!(share(Shard::new(2, 3).unwrap(), 1, 10, true), [2, 3, 8, 9]);
    }
}
