//! `library import FILE` stores every good game of a file of games as text
//! that the library does not hold yet, naming each bad one (its number, line
//! and reason) and counting the new and those already there; `library export`
//! writes a selection as such a file, or to stdout.

use std::io::Write as _;
use std::path::PathBuf;

use clap::Args;

use super::LibraryCliError;
use super::filters::FilterArgs;
use crate::engine::library::Library;
use crate::engine::library::transfer::ImportEvent;

#[derive(Args, Debug)]
pub(crate) struct ImportArgs {
    /// A file of games as text (tags and numbered moves, one game after another)
    file: PathBuf,
    /// Print `stored N` on stdout as each batch of games is committed, N the
    /// file's games done so far (for tests)
    #[arg(long, hide = true)]
    progress: bool,
    /// Abort the process (as a kill would) once this many games are written
    /// into a transaction not yet committed (for tests)
    #[arg(long, hide = true)]
    abort_after: Option<usize>,
}

#[derive(Args, Debug)]
pub(crate) struct ExportArgs {
    /// Where to write the games (`-` or nothing: stdout)
    #[arg(long, short)]
    out: Option<PathBuf>,
    #[command(flatten)]
    filter: FilterArgs,
}

pub(super) fn import(library: &mut Library, args: &ImportArgs) -> Result<(), LibraryCliError> {
    let text = std::fs::read_to_string(&args.file)
        .map_err(|source| LibraryCliError::Read { path: args.file.clone(), source })?;
    let mut stdout = std::io::stdout();
    let summary = library.import_observed(&text, &mut |event| match event {
        ImportEvent::Written(written) if Some(written) == args.abort_after => std::process::abort(),
        ImportEvent::Committed { done, .. } if args.progress => {
            let _ = writeln!(stdout, "stored {done}");
            let _ = stdout.flush();
        }
        _ => {}
    })?;
    for refusal in &summary.refused {
        eprintln!("game {} (line {}) refused: {}", refusal.index, refusal.line, refusal.reason);
    }
    println!(
        "imported {} game{} into {} ({} new, {} already there), refused {}",
        summary.stored.len() + summary.already.len(),
        if summary.stored.len() + summary.already.len() == 1 { "" } else { "s" },
        library.path().display(),
        summary.stored.len(),
        summary.already.len(),
        summary.refused.len()
    );
    let none_taken = summary.stored.is_empty() && summary.already.is_empty();
    if none_taken && !summary.refused.is_empty() {
        return Err(LibraryCliError::AllRefused { path: args.file.clone(), refused: summary.refused.len() });
    }
    Ok(())
}

pub(super) fn export(library: &Library, args: &ExportArgs) -> Result<(), LibraryCliError> {
    let mut ids = library.ids(&args.filter.filter()?)?;
    // The list is newest first; a file reads best oldest first.
    ids.reverse();
    let text = library.export_text(&ids)?;
    match args.out.as_ref().filter(|p| p.as_os_str() != "-") {
        None => print!("{text}"),
        Some(path) => {
            std::fs::write(path, &text).map_err(|source| LibraryCliError::Write { path: path.clone(), source })?;
            eprintln!("exported {} game{} to {}", ids.len(), if ids.len() == 1 { "" } else { "s" }, path.display());
        }
    }
    Ok(())
}
