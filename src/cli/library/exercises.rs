//! `library exercises` lists the exercises made from your mistakes (with how
//! many are left per variant); `library answer ID MOVE` tries one.

use std::sync::atomic::AtomicBool;

use clap::Args;

use super::LibraryCliError;
use crate::engine::Variant;
use crate::engine::ai::judgement::Judgement;
use crate::engine::library::review::ReportSettings;
use crate::engine::library::{ExerciseId, Library};

#[derive(Args, Debug)]
pub(crate) struct ExercisesArgs {
    /// Only this game's exercises
    #[arg(long)]
    variant: Option<Variant>,
    /// Solved ones too
    #[arg(long)]
    all: bool,
}

#[derive(Args, Debug)]
pub(crate) struct AnswerArgs {
    /// The exercise's id (as `exercises` shows it)
    id: i64,
    /// Your move, in notation (e.g. a2-a3)
    answer: String,
    /// Nodes the judging search spends a position
    #[arg(long, default_value_t = ReportSettings::default().nodes, value_parser = clap::value_parser!(u64).range(100..=100_000_000))]
    nodes: u64,
}

pub(super) fn list(library: &Library, args: &ExercisesArgs) -> Result<(), LibraryCliError> {
    let exercises = library.exercises(args.variant, !args.all)?;
    println!(
        "{:>5}  {:<12} {:>6} {:>5}  {:<6} {:<10} {:<11} {:>5}  solved",
        "id", "variant", "game", "ply", "find", "not", "was", "tries"
    );
    for e in &exercises {
        println!(
            "{:>5}  {:<12} {:>6} {:>5}  {:<6} {:<10} {:<11} {:>5}  {}",
            e.id.0,
            e.variant.id(),
            e.game.0,
            e.ply + 1,
            e.side.name(),
            e.played,
            e.mark.name(),
            e.attempts,
            if e.solved { "yes" } else { "no" }
        );
    }
    let left = library.exercises_left()?;
    let left: Vec<String> = left.iter().map(|(variant, n)| format!("{} {n}", variant.id())).collect();
    println!("left: {}", if left.is_empty() { "none".to_string() } else { left.join(", ") });
    Ok(())
}

pub(super) fn answer(library: &mut Library, args: &AnswerArgs) -> Result<(), LibraryCliError> {
    let id = ExerciseId(args.id);
    let exercise =
        library.exercises(None, false)?.into_iter().find(|e| e.id == id).ok_or(LibraryCliError::NoExercise(args.id))?;
    let position = exercise.position()?;
    let answer = position.parse_move(&args.answer)?;
    let settings = ReportSettings { nodes: args.nodes, ..ReportSettings::default() };
    // The command line's nodes are the judge's own: no time bound (the game has one).
    let judgement = exercise.judge(answer, &settings, (&AtomicBool::new(false), None))?;
    library.record_attempt(id, judgement.accepted())?;
    match judgement {
        Judgement::ProvedWin { .. } => println!("{}: accepted, it wins by proof", args.answer),
        Judgement::Good { loss } => println!("{}: accepted ({loss:.1} points below the best)", args.answer),
        // The better move stays hidden: the exercise is there to be tried again.
        Judgement::TooWeak { loss, .. } => {
            println!("{}: not yet ({loss:.1} points below the best; the game had {})", args.answer, exercise.played);
        }
        Judgement::Refuted { .. } => {
            println!("{}: not yet (it does not win; the game had {})", args.answer, exercise.played)
        }
        Judgement::Slower => {
            println!("{}: not yet (it wins, but more slowly; the game had {})", args.answer, exercise.played)
        }
    }
    Ok(())
}
