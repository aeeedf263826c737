//! The command line: the game's launch options, and a thin layer over the
//! engine (perft, engine protocol, bench, matches, tournaments, experiments).

mod bench;
mod book;
mod convert;
mod datagen;
#[cfg(feature = "gui")]
mod display;
mod error;
mod experiments;
mod flow;
#[cfg(feature = "gui")]
mod game;
mod last_ranks;
mod levels;
mod levels_against;
mod library;
mod matches;
mod merge;
mod openings;
mod perft;
mod progress;
mod protocol;
mod puzzles;
#[cfg(feature = "server")]
mod serve;
#[cfg(feature = "server")]
mod serve_bench;
mod shard;
mod smp;
mod solve;
mod solve_error;
mod solve_jobs;
#[cfg(feature = "gui")]
mod sound_check;
mod tournament;
mod train;
mod tune;

use std::process::ExitCode;

use clap::{Parser, Subcommand};

use error::CliError;

#[derive(Parser, Debug)]
#[command(
    name = "breakline",
    version,
    about = "Breakthrough and Lines of Action with AI players you can configure, watch and play against",
    args_conflicts_with_subcommands = true
)]
struct Cli {
    #[command(subcommand)]
    command: Option<Command>,
    #[cfg(feature = "gui")]
    #[command(flatten)]
    game: game::GameArgs,
}

#[derive(Subcommand, Debug)]
enum Command {
    /// Count move paths from a position, per depth
    Perft(perft::PerftArgs),
    /// Speak the line protocol on stdin/stdout (see README)
    Engine,
    /// Speak UCI, or UGI once told `ugi`, on stdin/stdout for GUIs and other engines' tools
    #[command(alias = "ugi")]
    Uci,
    /// Measure perft speed and search effort (use a release build)
    Bench(bench::BenchArgs),
    /// Play a series of games between two players: AI, levels or programs
    Match(matches::MatchArgs),
    /// Play a round robin between several players: AI, levels or programs
    Tournament(tournament::TournamentArgs),
    /// Run the classic studies' reproductions and print their tables
    Experiments(experiments::ExperimentsArgs),
    /// Make a balanced opening set for matches: random openings a short search scores near even
    Openings(openings::OpeningsArgs),
    /// Build an opening book by deep searches of the first plies
    Book(book::BookArgs),
    /// Solve Flow Free puzzles, list the shipped ones, bench the solvers
    Flow(flow::FlowArgs),
    /// Prove who wins a position (proof-number search)
    Solve(solve::SolveArgs),
    /// Solve a whole table of the last ranks' fight (Breakthrough) and write it for solves to load
    LastRanks(last_ranks::LastRanksArgs),
    /// Fit a variant's expert weights to self-play results (Texel tuning)
    Tune(tune::TuneArgs),
    /// Play self-play games at a fixed node count and write positions to train a net on
    Datagen(datagen::DatagenArgs),
    /// Fit a learned evaluation (NNUE) to datagen files and write the net
    Train(train::TrainArgs),
    /// Convert a game between a JSON record and the text people share
    Convert(convert::ConvertArgs),
    /// Put the shard files of a match, tournament, experiments or tune run back together and report
    Merge(merge::MergeArgs),
    /// Generate puzzles proved by the solver from self-play games, or check a puzzle file
    Puzzles(puzzles::PuzzlesArgs),
    /// Measure the level ladder's ratings in a round robin (and write the table the game reads)
    Levels(levels::LevelsArgs),
    /// The library of your games: list, import, export, delete
    Library(library::LibraryArgs),
    /// Run the online game server: accounts, lobby, live and correspondence games over WebSocket
    #[cfg(feature = "server")]
    Serve(serve::ServeArgs),
    /// Load-benchmark the online server: bot clients over loopback playing N live games at a pace
    #[cfg(feature = "server")]
    ServeBench(serve_bench::ServeBenchArgs),
    /// Play one of the game's sounds through the sound server (for CI)
    #[cfg(feature = "gui")]
    #[command(hide = true)]
    SoundCheck(sound_check::SoundCheckArgs),
}

/// Parses the command line and runs it; every error is one line on stderr.
pub fn main() -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) => return clap_exit(e),
    };
    match run(&cli) {
        Ok(exit) => exit,
        Err(error) => {
            eprintln!("breakline: {error}");
            ExitCode::FAILURE
        }
    }
}

/// Runs the command (or the game) the command line names.
fn run(cli: &Cli) -> Result<ExitCode, CliError> {
    match &cli.command {
        Some(Command::Perft(args)) => perft::run(args)?,
        Some(Command::Convert(args)) => convert::run(args)?,
        Some(Command::Engine) => protocol::run(crate::engine::protocol::session::Dialect::Line)?,
        Some(Command::Uci) => protocol::run(protocol::UCI)?,
        Some(Command::Bench(args)) => bench::run(args)?,
        Some(Command::Match(args)) => matches::run(args)?,
        Some(Command::Tournament(args)) => tournament::run(args)?,
        Some(Command::Experiments(args)) => experiments::run(args)?,
        Some(Command::Book(args)) => book::run(args)?,
        Some(Command::Openings(args)) => openings::run(args)?,
        Some(Command::Flow(args)) => flow::run(args)?,
        Some(Command::Solve(args)) => return Ok(solve::run(args)?),
        Some(Command::LastRanks(args)) => last_ranks::run(args)?,
        Some(Command::Tune(args)) => tune::run(args)?,
        Some(Command::Datagen(args)) => datagen::run(args)?,
        Some(Command::Train(args)) => train::run(args)?,
        Some(Command::Merge(args)) => merge::run(args)?,
        Some(Command::Puzzles(args)) => puzzles::run(args)?,
        Some(Command::Levels(args)) => levels::run(args)?,
        Some(Command::Library(args)) => library::run(args)?,
        #[cfg(feature = "server")]
        Some(Command::Serve(args)) => serve::run(args)?,
        #[cfg(feature = "server")]
        Some(Command::ServeBench(args)) => serve_bench::run(args)?,
        #[cfg(feature = "gui")]
        Some(Command::SoundCheck(args)) => sound_check::run(args)?,
        #[cfg(feature = "gui")]
        None => {
            let options = cli.game.launch_options()?;
            display::check()?;
            let exit = crate::app::run(options);
            return Ok(if exit.is_success() { ExitCode::SUCCESS } else { ExitCode::FAILURE });
        }
        #[cfg(not(feature = "gui"))]
        None => return Err(CliError::NoWindow),
    }
    Ok(ExitCode::SUCCESS)
}

/// Help and version print in full; a usage error prints only its first line.
fn clap_exit(e: clap::Error) -> ExitCode {
    use clap::error::ErrorKind;
    match e.kind() {
        ErrorKind::DisplayHelp | ErrorKind::DisplayVersion | ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand => {
            let _ = e.print();
            ExitCode::SUCCESS
        }
        _ => {
            // Clap's first paragraph can span lines ("required arguments were
            // not provided:" then the names): fold it into one.
            let rendered = e.render().to_string();
            let paragraph: Vec<&str> = rendered.lines().map(str::trim).take_while(|l| !l.is_empty()).collect();
            let text = paragraph.join(" ");
            let text = text.strip_prefix("error: ").unwrap_or(&text);
            eprintln!("breakline: {text} (see breakline --help)");
            ExitCode::from(2)
        }
    }
}
