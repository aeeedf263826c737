//! A score as one token of a line: `+35`, `-10`, `win3` (a proven win in
//! three of the winner's moves) or `loss2`.

use breakline_ai::eval::{Score, WIN};
use breakline_ai::search::score_text;

/// The score's token: "win in 3" becomes `win3`.
pub fn score_token(score: Score) -> String {
    score_text(score).replace(" in ", "")
}

/// A score token read back; a number out of range is no score.
pub fn score_value(token: &str) -> Option<Score> {
    let plies = |n: &str| n.parse::<Score>().ok().and_then(|n| n.checked_mul(2)).filter(|&p| p > 0);
    let score = if let Some(n) = token.strip_prefix("win") {
        WIN - (plies(n)? - 1)
    } else if let Some(n) = token.strip_prefix("loss") {
        -(WIN - plies(n)?)
    } else {
        token.parse().ok()?
    };
    (-WIN..=WIN).contains(&score).then_some(score)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_kind_of_score_reads_back() {
        for score in [0, 35, -10, WIN - 5, -(WIN - 4), WIN - 1, -(WIN - 2)] {
            assert_eq!(score_value(&score_token(score)), Some(score), "{}", score_token(score));
        }
        assert_eq!(score_token(WIN - 5), "win3");
        assert_eq!(score_value("win0"), None);
        assert_eq!(score_value("lossx"), None);
        assert_eq!(score_value("2000000"), None);
    }
}
