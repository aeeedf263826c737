//! Shrinking a failing sequence: delta debugging on the action list (drop
//! chunks, halving their size down to single actions), each try replayed on
//! a fresh app, keeping a shorter list whenever the same invariant still
//! breaks; then the shortest is printed as a journey test to keep.

use super::actions::Action;
use super::invariants::Violation;

/// The shortest sub-list of `actions` found on which `fails` still breaks
/// `invariant`.
pub fn shrink(
    actions: &[Action],
    invariant: &str,
    mut fails: impl FnMut(&[Action]) -> Option<Violation>,
) -> Vec<Action> {
    let mut best = actions.to_vec();
    let mut chunk = best.len().div_ceil(2).max(1);
    loop {
        let mut shrunk = false;
        let mut start = 0;
        while start < best.len() {
            let end = (start + chunk).min(best.len());
            let trial: Vec<Action> = best[..start].iter().chain(&best[end..]).copied().collect();
            if fails(&trial).is_some_and(|v| v.invariant == invariant) {
                best = trial;
                shrunk = true;
            } else {
                start += chunk;
            }
        }
        if chunk == 1 && !shrunk {
            return best;
        }
        if !shrunk {
            chunk = chunk.div_ceil(2);
        }
    }
}

/// The sequence as a journey test, ready to paste into `model/journeys.rs`.
pub fn journey(actions: &[Action], violation: &Violation) -> String {
    let mut text =
        format!("/// Found by the model: {}.\n#[test]\nfn journey_{}() {{\n", violation.seen, violation.invariant);
    text.push_str("    replay(&[\n");
    for action in actions {
        text.push_str(&format!("        {},\n", action.code()));
    }
    text.push_str("    ]);\n}\n");
    text
}
