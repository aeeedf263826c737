//! A person's rating, by Glicko-2 (Glickman, "Example of the Glicko-2
//! system", 2012), one game a rating period as lichess plays it. Glicko-2
//! rather than Elo because it carries the rating's uncertainty: a newcomer's
//! first games move the rating a lot and a settled rating little, with no K
//! schedule to invent, and the opponent's uncertainty (a level's measured
//! interval) counts as well.

use serde::{Deserialize, Serialize};

/// The Glicko-2 scale factor between ratings and the internal scale.
const SCALE: f64 = 173.7178;
/// The system constant: how much the volatility may change (0.3 to 1.2).
const TAU: f64 = 0.5;
/// Where a new player starts: near the lower levels of the ladder, unsure.
pub const START_RATING: f64 = 1000.0;
/// A new player's deviation.
pub const START_DEVIATION: f64 = 350.0;
/// A new player's volatility.
pub const START_VOLATILITY: f64 = 0.06;

/// A rating with its deviation and volatility.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct Glicko {
    /// The rating.
    pub rating: f64,
    /// Its deviation: one standard deviation of the estimate.
    pub deviation: f64,
    /// How erratic the player's results are.
    pub volatility: f64,
}

impl Default for Glicko {
    fn default() -> Self {
        Glicko { rating: START_RATING, deviation: START_DEVIATION, volatility: START_VOLATILITY }
    }
}

/// An opponent as the update sees it: rating and deviation.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Opponent {
    /// The opponent's rating.
    pub rating: f64,
    /// Its deviation.
    pub deviation: f64,
}

fn g(phi: f64) -> f64 {
    1.0 / (1.0 + 3.0 * phi * phi / (std::f64::consts::PI * std::f64::consts::PI)).sqrt()
}

fn expected(mu: f64, mu_j: f64, phi_j: f64) -> f64 {
    1.0 / (1.0 + (-g(phi_j) * (mu - mu_j)).exp())
}

impl Glicko {
    /// The rating after one rating period with these games (score 1, 0.5 or
    /// 0 each). With no games only the deviation grows.
    pub fn after(self, games: &[(Opponent, f64)]) -> Glicko {
        let mu = (self.rating - 1500.0) / SCALE;
        let phi = self.deviation / SCALE;
        if games.is_empty() {
            let phi_star = (phi * phi + self.volatility * self.volatility).sqrt();
            return Glicko { deviation: phi_star * SCALE, ..self };
        }
        let terms: Vec<(f64, f64, f64)> = games
            .iter()
            .map(|(o, score)| {
                let (mu_j, phi_j) = ((o.rating - 1500.0) / SCALE, o.deviation / SCALE);
                (g(phi_j), expected(mu, mu_j, phi_j), *score)
            })
            .collect();
        let v = 1.0 / terms.iter().map(|&(g, e, _)| g * g * e * (1.0 - e)).sum::<f64>();
        let delta = v * terms.iter().map(|&(g, e, s)| g * (s - e)).sum::<f64>();
        let sigma = new_volatility(phi, v, delta, self.volatility);
        let phi_star = (phi * phi + sigma * sigma).sqrt();
        let phi_new = 1.0 / (1.0 / (phi_star * phi_star) + 1.0 / v).sqrt();
        let mu_new = mu + phi_new * phi_new * terms.iter().map(|&(g, e, s)| g * (s - e)).sum::<f64>();
        Glicko { rating: 1500.0 + SCALE * mu_new, deviation: SCALE * phi_new, volatility: sigma }
    }
}

/// Step 5 of the paper: the new volatility, by the Illinois algorithm.
fn new_volatility(phi: f64, v: f64, delta: f64, sigma: f64) -> f64 {
    let a = (sigma * sigma).ln();
    let f = |x: f64| {
        let ex = x.exp();
        let d = phi * phi + v + ex;
        ex * (delta * delta - phi * phi - v - ex) / (2.0 * d * d) - (x - a) / (TAU * TAU)
    };
    let mut big_a = a;
    let mut big_b = if delta * delta > phi * phi + v {
        (delta * delta - phi * phi - v).ln()
    } else {
        let mut k = 1.0;
        while f(a - k * TAU) < 0.0 {
            k += 1.0;
        }
        a - k * TAU
    };
    let (mut f_a, mut f_b) = (f(big_a), f(big_b));
    for _ in 0..100 {
        if (big_b - big_a).abs() <= 1e-6 {
            break;
        }
        let c = big_a + (big_a - big_b) * f_a / (f_b - f_a);
        let f_c = f(c);
        if f_c * f_b <= 0.0 {
            big_a = big_b;
            f_a = f_b;
        } else {
            f_a /= 2.0;
        }
        big_b = c;
        f_b = f_c;
    }
    (big_a / 2.0).exp()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The worked example of Glickman's paper: 1500 (RD 200, σ 0.06) beats
    /// 1400 (RD 30), loses to 1550 (RD 100) and to 1700 (RD 300).
    #[test]
    fn the_papers_example_comes_out_as_printed() {
        let player = Glicko { rating: 1500.0, deviation: 200.0, volatility: 0.06 };
        let games = [
            (Opponent { rating: 1400.0, deviation: 30.0 }, 1.0),
            (Opponent { rating: 1550.0, deviation: 100.0 }, 0.0),
            (Opponent { rating: 1700.0, deviation: 300.0 }, 0.0),
        ];
        let after = player.after(&games);
        assert!((after.rating - 1464.06).abs() < 0.05, "{after:?}");
        assert!((after.deviation - 151.52).abs() < 0.05, "{after:?}");
        assert!((after.volatility - 0.05999).abs() < 1e-5, "{after:?}");
    }

    #[test]
    fn a_win_raises_a_loss_lowers_and_a_game_narrows_the_deviation() {
        let start = Glicko::default();
        let level = Opponent { rating: 1000.0, deviation: 30.0 };
        let won = start.after(&[(level, 1.0)]);
        let lost = start.after(&[(level, 0.0)]);
        let drawn = start.after(&[(level, 0.5)]);
        assert!(won.rating > start.rating + 100.0 && lost.rating < start.rating - 100.0);
        assert!((drawn.rating - start.rating).abs() < 1.0);
        assert!(won.deviation < start.deviation);
        assert!(start.after(&[]).deviation > start.deviation);
    }
}
