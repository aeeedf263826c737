//! `library report ID`: the game's report (see `engine::lab::review`), made
//! once and kept in the library, printed move by move with each side's
//! accuracy and marks.

use clap::Args;

use super::LibraryCliError;
use crate::engine::library::review::{GameReport, Mark, ReportSettings};
use crate::engine::library::{GameId, Library};
use crate::engine::rules::Side;

#[derive(Args, Debug)]
pub(crate) struct ReportArgs {
    /// The game's id (as `list` shows it)
    id: i64,
    /// Nodes searched a position (the same count gives the same report on any machine)
    #[arg(long, default_value_t = ReportSettings::default().nodes, value_parser = clap::value_parser!(u64).range(100..=100_000_000))]
    nodes: u64,
    /// The search's seed
    #[arg(long, default_value_t = ReportSettings::default().seed)]
    seed: u64,
    /// Print the report as JSON
    #[arg(long)]
    json: bool,
}

pub(super) fn report(library: &mut Library, args: &ReportArgs) -> Result<(), LibraryCliError> {
    let settings = ReportSettings { nodes: args.nodes, seed: args.seed };
    let id = GameId(args.id);
    let (report, made) = library.report_or_review(id, &settings, &mut |done, total| {
        eprint!("\rreviewing position {done}/{total}");
        true
    })?;
    if made {
        eprintln!();
    }
    if args.json {
        println!("{}", serde_json::to_string_pretty(&report)?);
        return Ok(());
    }
    let game = library.get(id)?;
    println!(
        "game {id}: {} (white) vs {} (black), {} plies; searched {} nodes a position, seed {}{}",
        game.record.white.display_name(),
        game.record.black.display_name(),
        report.moves.len(),
        settings.nodes,
        settings.seed,
        if made { "" } else { " (stored report)" }
    );
    println!(
        "{:>5}  {:<6} {:<10} {:>7} {:>7} {:>6} {:>6}  mark",
        "ply", "side", "move", "before", "after", "loss", "acc"
    );
    for m in &report.moves {
        let mark = m
            .mark
            .map_or(String::new(), |mark| format!("{}, better {}", mark.name(), m.best.as_deref().unwrap_or("?")));
        println!(
            "{:>5}  {:<6} {:<10} {:>6.1}% {:>6.1}% {:>6.1} {:>6.1}  {mark}",
            m.ply + 1,
            m.side.name(),
            m.played,
            m.before,
            m.after,
            m.loss,
            m.accuracy
        );
    }
    for side in Side::BOTH {
        println!("{}", side_line(&report, side));
    }
    Ok(())
}

/// "white: accuracy 81.2, 2 inaccuracies, 1 mistake, 0 blunders".
fn side_line(report: &GameReport, side: Side) -> String {
    let accuracy = report.accuracy[side.index()].map_or("-".to_string(), |a| format!("{a:.1}"));
    let counts: Vec<String> = Mark::ALL
        .iter()
        .map(|&mark| {
            let n = report.count(side, mark);
            let name = match (mark, n) {
                (Mark::Inaccuracy, 1) => "inaccuracy".to_string(),
                (Mark::Inaccuracy, _) => "inaccuracies".to_string(),
                (_, 1) => mark.name().to_string(),
                _ => format!("{}s", mark.name()),
            };
            format!("{n} {name}")
        })
        .collect();
    format!("{}: accuracy {accuracy}, {}", side.name(), counts.join(", "))
}
