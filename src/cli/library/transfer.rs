//! `library import FILE` stores every good game of a file of games as text,
//! naming each bad one (its number, line and reason); `library export`
//! writes a selection as such a file, or to stdout.

use std::io::Write as _;
use std::path::PathBuf;

use clap::Args;

use super::LibraryCliError;
use super::filters::FilterArgs;
use crate::engine::library::Library;

#[derive(Args, Debug)]
pub(crate) struct ImportArgs {
    /// A file of games as text (tags and numbered moves, one game after another)
    file: PathBuf,
    /// Print `stored N` on stdout as each batch of games is committed (for tests)
    #[arg(long, hide = true)]
    progress: bool,
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
    let mut count = 0usize;
    let mut stdout = std::io::stdout();
    let summary = library.import_text(&text, &mut |ids| {
        count += ids.len();
        if args.progress {
            let _ = writeln!(stdout, "stored {count}");
            let _ = stdout.flush();
        }
    })?;
    for refusal in &summary.refused {
        eprintln!("game {} (line {}) refused: {}", refusal.index, refusal.line, refusal.reason);
    }
    println!(
        "imported {} game{} into {}, refused {}",
        summary.stored.len(),
        if summary.stored.len() == 1 { "" } else { "s" },
        library.path().display(),
        summary.refused.len()
    );
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
