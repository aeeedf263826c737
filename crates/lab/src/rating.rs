//! Elo estimates from game results: a pair's difference from its score, a
//! whole round robin's ratings by Bradley-Terry maximum likelihood, and one
//! player's rating against opponents whose ratings are already known.

/// Elo difference for a score fraction over `games` games, with a 95% interval.
pub fn elo_from_score(score: f64, games: usize) -> (f64, f64, f64) {
    let n = games.max(1) as f64;
    let se = (score * (1.0 - score) / n).sqrt().max(0.5 / n);
    (elo(score), elo(score - 1.96 * se), elo(score + 1.96 * se))
}

/// The Elo difference at which the stronger side expects `score` (clamped off 0 and 1).
pub fn elo(score: f64) -> f64 {
    let s = score.clamp(1e-3, 1.0 - 1e-3);
    -400.0 * (1.0 / s - 1.0).log10()
}

/// One player's estimate: rating (mean of the field is 0) and 95% half-width.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Rating {
    /// The rating in Elo, relative to the mean of the field.
    pub elo: f64,
    /// The 95% interval's half-width, in Elo.
    pub error: f64,
}

/// Ratings from `score[i][j]` (points i took from j, draws as halves) and
/// `games[i][j]` (games i and j played).
pub fn fit_ratings(score: &[Vec<f64>], games: &[Vec<f64>]) -> Vec<Rating> {
    let n = score.len();
    // A perfect or zero score has no finite maximum: a small prior of one
    // drawn game against every opponent keeps the estimates finite.
    let prior = 0.5;
    let wins: Vec<f64> = (0..n).map(|i| score[i].iter().sum::<f64>() + prior * (n - 1) as f64).collect();
    let mut gamma = vec![1.0f64; n];
    for _ in 0..2000 {
        let mut next = gamma.clone();
        for i in 0..n {
            let denom: f64 =
                (0..n).filter(|&j| j != i).map(|j| (games[i][j] + 2.0 * prior) / (gamma[i] + gamma[j])).sum();
            if denom > 0.0 {
                next[i] = wins[i] / denom;
            }
        }
        let mean_log = next.iter().map(|g| g.ln()).sum::<f64>() / n as f64;
        let changed = next.iter().zip(&gamma).map(|(a, b)| (a / mean_log.exp() - b).abs()).fold(0.0, f64::max);
        gamma = next.iter().map(|g| g / mean_log.exp()).collect();
        if changed < 1e-10 {
            break;
        }
    }
    let scale = 400.0 / std::f64::consts::LN_10;
    (0..n)
        .map(|i| {
            let info: f64 = (0..n)
                .filter(|&j| j != i)
                .map(|j| {
                    let p = gamma[i] / (gamma[i] + gamma[j]);
                    games[i][j] * p * (1.0 - p)
                })
                .sum();
            Rating { elo: scale * gamma[i].ln(), error: 1.96 * scale / info.max(1e-9).sqrt() }
        })
        .collect()
}

/// Points taken from one opponent whose rating is known.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct KnownOpponent {
    /// The opponent's rating.
    pub rating: f64,
    /// Points the player took (draws as halves).
    pub score: f64,
    /// Games played.
    pub games: f64,
}

/// One player's rating on the scale of `opponents`' known ratings, by
/// maximum likelihood (their ratings held fixed), with the 95% half-width
/// from its games alone. As in [`fit_ratings`], one drawn game against each
/// opponent as a prior keeps a perfect or zero score finite.
pub fn fit_against(opponents: &[KnownOpponent]) -> Rating {
    let prior = 0.5;
    let expected = |x: f64, r: f64| 1.0 / (1.0 + 10f64.powf((r - x) / 400.0));
    // Points above expectation fall as the rating rises: bisect for zero.
    let surplus = |x: f64| -> f64 {
        opponents.iter().map(|o| o.score + prior - (o.games + 2.0 * prior) * expected(x, o.rating)).sum()
    };
    let (mut low, mut high) = (-10_000.0, 20_000.0);
    for _ in 0..200 {
        let mid = (low + high) / 2.0;
        if surplus(mid) > 0.0 { low = mid } else { high = mid }
    }
    let elo = (low + high) / 2.0;
    let info: f64 = opponents
        .iter()
        .map(|o| {
            let p = expected(elo, o.rating);
            o.games * p * (1.0 - p)
        })
        .sum();
    let scale = 400.0 / std::f64::consts::LN_10;
    Rating { elo, error: 1.96 * scale / info.max(1e-9).sqrt() }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn even_scores_give_zero_and_a_stronger_player_rates_higher() {
        let (d, lo, hi) = elo_from_score(0.5, 100);
        assert!(d.abs() < 1e-9 && lo < 0.0 && hi > 0.0);
        assert!((elo_from_score(0.75, 100).0 - 190.8).abs() < 0.5);
        let games = vec![vec![0.0, 10.0, 10.0], vec![10.0, 0.0, 10.0], vec![10.0, 10.0, 0.0]];
        let score = vec![vec![0.0, 8.0, 9.0], vec![2.0, 0.0, 6.0], vec![1.0, 4.0, 0.0]];
        let r = fit_ratings(&score, &games);
        assert!(r[0].elo > r[1].elo && r[1].elo > r[2].elo, "{r:?}");
        assert!(r.iter().map(|x| x.elo).sum::<f64>().abs() < 1e-6);
    }

    #[test]
    fn a_rating_against_known_opponents_sits_where_its_scores_say() {
        let even = |rating| KnownOpponent { rating, score: 10.0, games: 20.0 };
        let r = fit_against(&[even(1000.0)]);
        assert!((r.elo - 1000.0).abs() < 1e-6 && r.error > 100.0 && r.error < 200.0, "{r:?}");
        // Beats the weaker one 3 to 1 and loses to the stronger 1 to 3: midway.
        let weaker = KnownOpponent { rating: 900.0, score: 15.0, games: 20.0 };
        let stronger = KnownOpponent { rating: 1300.0, score: 5.0, games: 20.0 };
        assert!((fit_against(&[weaker, stronger]).elo - 1100.0).abs() < 1e-6);
        // A perfect score stays finite and above the opponent.
        let perfect = fit_against(&[KnownOpponent { rating: 800.0, score: 4.0, games: 4.0 }]);
        assert!(perfect.elo > 900.0 && perfect.elo < 2000.0, "{perfect:?}");
    }
}
