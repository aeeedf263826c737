//! The known word nearest to a mistyped one, so that an error can ask "did
//! you mean ...?" (a player's name, a program's option) rather than leave a
//! person to find the slip in a list.

/// The word of `known` nearest to `typed` by edit distance, case aside, if
/// it is near enough to be a slip: at most a third of the longer word's
/// letters apart, and one at least. Ties go to the first in `known`.
pub fn nearest<'a>(typed: &str, known: impl IntoIterator<Item = &'a str>) -> Option<&'a str> {
    let typed = typed.to_lowercase();
    known
        .into_iter()
        .map(|word| (edit_distance(&typed, &word.to_lowercase()), word))
        .filter(|(distance, word)| *distance <= (typed.chars().count().max(word.chars().count()) / 3).max(1))
        .min_by_key(|(distance, _)| *distance)
        .map(|(_, word)| word)
}

/// " (did you mean X?)" for a suggestion, nothing without one: the tail an
/// error about an unknown word puts after the word.
pub fn did_you_mean(nearest: Option<&str>) -> String {
    nearest.map(|word| format!(" (did you mean {word}?)")).unwrap_or_default()
}

/// Letters inserted, deleted, replaced or two neighbours swapped to turn `a`
/// into `b` (the optimal string alignment distance).
fn edit_distance(a: &str, b: &str) -> usize {
    let (a, b): (Vec<char>, Vec<char>) = (a.chars().collect(), b.chars().collect());
    // rows[i][j]: the distance between a's first i letters and b's first j.
    let mut rows = vec![vec![0; b.len() + 1]; a.len() + 1];
    for (i, row) in rows.iter_mut().enumerate() {
        row[0] = i;
    }
    rows[0] = (0..=b.len()).collect();
    for i in 1..=a.len() {
        for j in 1..=b.len() {
            let replace = usize::from(a[i - 1] != b[j - 1]);
            let mut best = (rows[i - 1][j] + 1).min(rows[i][j - 1] + 1).min(rows[i - 1][j - 1] + replace);
            if i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] {
                best = best.min(rows[i - 2][j - 2] + 1);
            }
            rows[i][j] = best;
        }
    }
    rows[a.len()][b.len()]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_slip_finds_its_word_and_a_stranger_finds_none() {
        assert_eq!(edit_distance("hashh", "hash"), 1);
        assert_eq!(edit_distance("ab", "ba"), 1);
        assert_eq!(edit_distance("", "uci"), 3);
        assert_eq!(nearest("ucii", ["ugi", "uci", "engine"]), Some("uci"));
        assert_eq!(nearest("Hashh", ["Threads", "Hash", "MultiPV"]), Some("Hash"));
        assert_eq!(nearest("mater", ["easy", "master"]), Some("master"));
        assert_eq!(nearest("treads", ["threads"]), Some("threads"));
        assert_eq!(nearest("bogus", ["minimax", "alphabeta", "enhanced", "mcts"]), None);
        assert_eq!(nearest("x", std::iter::empty()), None);
        assert_eq!(did_you_mean(Some("uci:")), " (did you mean uci:?)");
        assert_eq!(did_you_mean(None), "");
    }
}
