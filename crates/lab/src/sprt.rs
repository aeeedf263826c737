//! Match statistics between two players: the score with its 95% interval
//! from game pairs (pentanomial) or single games (trinomial), and the
//! sequential probability ratio test that stops a match once it has decided
//! between "no better than elo0" and "at least elo1".

use super::rating::elo;

/// Score samples of player A: one per pair of games (the pair's mean, so 0,
/// 1/4, 1/2, 3/4 or 1) when colours alternate over shared openings, else one
/// per game (0, 1/2 or 1).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Samples {
    /// Each game's score for A: 0, 1/2 or 1.
    pub values: Vec<f64>,
}

/// What the samples say.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Estimate {
    /// A's mean score per game.
    score: f64,
    /// The Elo difference (A minus B) and its 95% interval.
    pub elo: f64,
    /// The interval's low end, in Elo.
    pub elo_low: f64,
    /// The interval's high end, in Elo.
    pub elo_high: f64,
}

impl Samples {
    fn mean(&self) -> f64 {
        self.values.iter().sum::<f64>() / self.values.len().max(1) as f64
    }

    /// The samples' variance (population form, as the SPRT uses it).
    fn variance(&self) -> f64 {
        let m = self.mean();
        self.values.iter().map(|x| (x - m) * (x - m)).sum::<f64>() / self.values.len().max(1) as f64
    }

    /// Counts of pair scores 0, 1/2, 1, 3/2 and 2 (for pair samples).
    pub fn pentanomial(&self) -> [u32; 5] {
        let mut counts = [0; 5];
        for &v in &self.values {
            counts[((v * 4.0).round() as usize).min(4)] += 1;
        }
        counts
    }

    /// The score, the Elo difference and its 95% interval.
    pub fn estimate(&self) -> Estimate {
        let n = self.values.len().max(1) as f64;
        let score = self.mean();
        // A floor on the error keeps an all-wins sample from claiming certainty.
        let se = (self.variance() / n).sqrt().max(0.25 / n);
        Estimate { score, elo: elo(score), elo_low: elo(score - 1.96 * se), elo_high: elo(score + 1.96 * se) }
    }

    /// The generalized SPRT's log-likelihood ratio of "A is elo1 better"
    /// against "A is elo0 better" (logistic Elo), in the normal approximation
    /// used by chess testing frameworks: n (s1 - s0) (2 mean - s0 - s1) / (2 var).
    pub fn llr(&self, elo0: f64, elo1: f64) -> f64 {
        let n = self.values.len() as f64;
        let var = self.variance();
        if n < 2.0 || var <= 0.0 {
            return 0.0;
        }
        let (s0, s1) = (expected_score(elo0), expected_score(elo1));
        n * (s1 - s0) * (2.0 * self.mean() - s0 - s1) / (2.0 * var)
    }
}

/// A's expected score at an Elo advantage of `elo`.
fn expected_score(elo: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-elo / 400.0))
}

/// The SPRT's verdict so far.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// Not decided: play on.
    Continue,
    /// A is at least elo1 better (H1 accepted).
    Better,
    /// A is at most elo0 better (H0 accepted).
    NotBetter,
}

/// An SPRT with bounds `elo0 < elo1` and error rates alpha = beta = 0.05.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Sprt {
    elo0: f64,
    elo1: f64,
}

/// SPRT bounds that cannot be read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("bad SPRT bounds '{0}' (expected elo0,elo1 with elo0 < elo1, e.g. 0,10)")]
pub struct SprtBoundsError(String);

/// Both error rates of the test.
const ERROR_RATE: f64 = 0.05;

impl Sprt {
    /// Parses `elo0,elo1`.
    pub fn parse(text: &str) -> Result<Sprt, SprtBoundsError> {
        let bad = || SprtBoundsError(text.to_string());
        let (a, b) = text.split_once(',').ok_or_else(bad)?;
        let (elo0, elo1): (f64, f64) = (a.trim().parse().map_err(|_| bad())?, b.trim().parse().map_err(|_| bad())?);
        Sprt::new(elo0, elo1).map_err(|_| bad())
    }

    /// The test with bounds `elo0 < elo1`, both finite.
    pub fn new(elo0: f64, elo1: f64) -> Result<Sprt, SprtBoundsError> {
        if !(elo0.is_finite() && elo1.is_finite() && elo0 < elo1) {
            return Err(SprtBoundsError(format!("{elo0},{elo1}")));
        }
        Ok(Sprt { elo0, elo1 })
    }

    /// The Elo difference of the null hypothesis (no gain).
    pub fn elo0(&self) -> f64 {
        self.elo0
    }

    /// The Elo difference of the alternative hypothesis (the gain sought).
    pub fn elo1(&self) -> f64 {
        self.elo1
    }

    /// The log-likelihood bounds (lower, upper): ln(beta/(1-alpha)) and ln((1-beta)/alpha).
    pub fn bounds(&self) -> (f64, f64) {
        ((ERROR_RATE / (1.0 - ERROR_RATE)).ln(), ((1.0 - ERROR_RATE) / ERROR_RATE).ln())
    }

    /// Accept H1, accept H0, or play on, by the log-likelihood ratio of the samples.
    pub fn verdict(&self, samples: &Samples) -> Verdict {
        let llr = samples.llr(self.elo0, self.elo1);
        let (low, high) = self.bounds();
        if llr >= high {
            Verdict::Better
        } else if llr <= low {
            Verdict::NotBetter
        } else {
            Verdict::Continue
        }
    }
}

impl Sprt {
    /// Where the test, fed `samples` in their order, would first have
    /// decided: (samples seen, verdict), or `None` if never. Running sums,
    /// so a long series costs one pass.
    pub fn first_decision(&self, samples: &Samples) -> Option<(usize, Verdict)> {
        let (s0, s1) = (expected_score(self.elo0), expected_score(self.elo1));
        let (low, high) = self.bounds();
        let (mut sum, mut squares) = (0.0, 0.0);
        for (i, &x) in samples.values.iter().enumerate() {
            sum += x;
            squares += x * x;
            let n = (i + 1) as f64;
            let mean = sum / n;
            let var = squares / n - mean * mean;
            if n < 2.0 || var <= 1e-12 {
                continue;
            }
            let llr = n * (s1 - s0) * (2.0 * mean - s0 - s1) / (2.0 * var);
            if llr >= high {
                return Some((i + 1, Verdict::Better));
            }
            if llr <= low {
                return Some((i + 1, Verdict::NotBetter));
            }
        }
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_clearly_better_player_is_accepted_and_an_equal_one_rejected() {
        let test = Sprt::parse("0, 50").unwrap();
        // Pairs won 1.5 of 2 points on average, with some spread.
        let strong = Samples { values: [1.0, 0.75, 0.5, 0.75, 1.0, 0.5].repeat(10) };
        assert!(strong.llr(0.0, 50.0) > test.bounds().1);
        assert_eq!(test.verdict(&strong), Verdict::Better);
        assert_eq!(strong.pentanomial(), [0, 0, 20, 20, 20]);
        let even = Samples { values: [0.0, 0.25, 0.5, 0.75, 1.0, 0.5].repeat(40) };
        assert_eq!(test.verdict(&even), Verdict::NotBetter);
        let (n, verdict) = test.first_decision(&strong).unwrap();
        assert_eq!(verdict, Verdict::Better);
        assert!(n <= 60 && test.verdict(&Samples { values: strong.values[..n].to_vec() }) == Verdict::Better);
        assert_ne!(test.verdict(&Samples { values: strong.values[..n - 1].to_vec() }), Verdict::Better);
        let short = Samples { values: vec![0.75, 0.5] };
        assert_eq!(test.first_decision(&short), None);
        assert_eq!(test.verdict(&short), Verdict::Continue);
        let e = strong.estimate();
        assert!(e.elo_low < e.elo && e.elo < e.elo_high && e.elo_low > 0.0, "{e:?}");
        assert!((expected_score(0.0) - 0.5).abs() < 1e-12);
    }

    #[test]
    fn bounds_must_be_two_increasing_numbers() {
        for bad in ["", "5", "10,0", "a,b", "0,inf", "3,3"] {
            assert!(Sprt::parse(bad).is_err(), "{bad}");
        }
        let (low, high) = Sprt::parse("-5,5").unwrap().bounds();
        assert!((high - 2.944).abs() < 1e-3 && (low + 2.944).abs() < 1e-3);
    }
}
