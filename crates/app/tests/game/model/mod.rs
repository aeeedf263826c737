//! A model of the game's states that tests itself (issue 68, item 1): seeded
//! random sequences of what a person does (`actions`), run headless on the
//! real plugins over a temp folder (`world`), with every invariant
//! (`invariants`) checked after every step; a failing sequence is shrunk
//! (`shrink`) and printed as a journey test to keep (`journeys`).
//!
//! Our own generator on the harness's seeded xorshift, not `proptest`: the
//! actions need the app's state to be meaningful (a move is the n-th legal
//! one *now*; a button exists only on its screen), so an action that does
//! not apply does nothing and any sub-list replays; delta debugging on that
//! list is all the shrinking needed, with no new dependencies, and a seed
//! names a run exactly.
//!
//! Held after every step (`invariants::CHECKED`): Resume goes to Play for a
//! person's game and to Watch & Lab for two levels', and Home offers every
//! unfinished game with moves; visiting a screen makes no game to resume; the game in progress changes only by its own moves
//! (not by looking, nor by a lesson, puzzle or study in between); a game is
//! rated at most once, and a rated game the person moved in counts once when
//! replaced; an aborted game (the person never moved) is neither
//! rated nor stored; a finished game is stored once; no action gives back
//! time spent, a take-back included (each side's time compared with its
//! own); a person's clock runs only on Play with no question open; the
//! analysis shows on Play only if asked there in that game; the flip stays
//! with the game and screen it was set in; a restart keeps the unfinished
//! game, the ratings and the settings; Escape closes a question or goes
//! Home, never both; Next exercise stays in the exercises; and no widget of
//! the panels, laid out by egui every frame at the window's size (one of
//! `panels::WINDOW_SIZES`, which a step may change), reaches past a side of
//! its panel, page, floating window or the window; and every line read
//! counts moves as moves (plies only in brackets beside them).
//!
//! Not checked here: whether the move box keeps the keyboard (egui's focus
//! needs key events the model does not send; `play::move_box` tests it).

mod actions;
mod invariants;
mod journeys;
mod shrink;
mod world;

use std::collections::BTreeMap;
use std::time::Instant;

use actions::{Action, KINDS};
use invariants::{CHECKED, Memory, Snap, Violation};
use world::World;

use crate::Rng;

/// Seeds, sequences a seed and steps a sequence of a CI run.
const SEEDS: [u64; 6] = [0x68_0001, 0x68_0002, 0x68_0003, 0x68_0004, 0x68_0005, 0x68_0006];
const SEQUENCES: usize = 4;
const STEPS: usize = 200;
/// Replays the shrinking may spend.
const SHRINK_TRIES: usize = 400;

/// Replays `actions` on a fresh app, checking after every step: the first
/// violation and the step it came at.
pub fn run(actions: &[Action]) -> Result<Tally, (usize, Violation)> {
    let mut actions = actions.iter().copied();
    walk(|_| actions.next()).map(|(_, tally)| tally).map_err(|(_, step, violation)| (step, violation))
}

/// Steps chosen by `next` (from the app as it is) on a fresh app, checked
/// after every step, until `next` has no more: the actions done with the
/// tally, or the actions up to the first violation, its step and itself.
fn walk(mut next: impl FnMut(&World) -> Option<Action>) -> Result<(Vec<Action>, Tally), Failed> {
    let mut world = World::new("run");
    let mut memory = Memory::default();
    let mut tally = Tally::new();
    let mut done = Vec::new();
    while let Some(action) = next(&world) {
        done.push(action);
        let before = Snap::read(&world);
        invariants::remember(&mut memory, action, &before);
        memory.applied = action.apply(&mut world);
        if memory.applied {
            *tally.entry(action.kind()).or_default() += 1;
            if let Some(situation) = invariants::situation(action, &before) {
                *tally.entry(situation).or_default() += 1;
            }
        }
        let after = Snap::read(&world);
        if std::env::var_os("MODEL_TRACE").is_some() {
            eprintln!("{action:?} (applied {}): {after:?}", memory.applied);
        }
        if let Err(violation) = invariants::check(&mut memory, &world, action, &before, &after) {
            let step = done.len() - 1;
            return Err((done, step, violation));
        }
    }
    Ok((done, tally))
}

/// A walk that broke an invariant: its actions up to the step that broke
/// it, that step, and what broke.
type Failed = (Vec<Action>, usize, Violation);

/// How many actions of each kind the screen shown offered (and so did something).
type Tally = BTreeMap<&'static str, usize>;

/// A journey the model found, replayed with every check: panics on a violation.
pub fn replay(actions: &[Action]) {
    if let Err((step, violation)) = run(actions) {
        panic!("step {step} ({:?}) breaks {}: {}", actions[step], violation.invariant, violation.seen);
    }
}

/// The shortest failing sequence, printed as a journey test.
fn shrunk(actions: &[Action], violation: &Violation) -> (Vec<Action>, String) {
    let mut tries = 0;
    let shortest = shrink::shrink(actions, violation.invariant, |trial| {
        tries += 1;
        if tries > SHRINK_TRIES {
            return None;
        }
        run(trial).err().map(|(_, v)| v)
    });
    let text = shrink::journey(&shortest, violation);
    (shortest, text)
}

#[test]
fn the_model_holds_every_invariant_over_seeded_random_sequences() {
    let started = Instant::now();
    let mut steps = 0;
    let mut applied = Tally::new();
    for seed in SEEDS {
        let mut rng = Rng(seed);
        for number in 0..SEQUENCES {
            let mut left = STEPS;
            let random = |world: &World| {
                left = left.checked_sub(1)?;
                Some(Action::random(&mut rng, world))
            };
            match walk(random) {
                Ok((_, tally)) => tally.into_iter().for_each(|(kind, n)| *applied.entry(kind).or_default() += n),
                Err((actions, step, violation)) => {
                    let (shortest, journey) = shrunk(&actions, &violation);
                    panic!(
                        "seed {seed:#x}, sequence {number}: step {step} breaks {} ({}); shrunk to {} actions:\n{journey}",
                        violation.invariant,
                        violation.seen,
                        shortest.len()
                    );
                }
            }
            steps += STEPS;
        }
    }
    println!(
        "model: {steps} steps, {} invariants after each ({} checks) in {:.1} s",
        CHECKED.len(),
        steps * CHECKED.len(),
        started.elapsed().as_secs_f64()
    );
    println!("model: actions that did something, by kind: {applied:?}");
    // Every kind of action must happen in a run, or the model explores less than it says.
    let missing: Vec<_> = KINDS.iter().filter(|kind| !applied.contains_key(*kind)).collect();
    assert!(missing.is_empty(), "the run never did {missing:?}");
}
