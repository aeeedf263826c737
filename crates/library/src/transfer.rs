//! Games in and out as the text people share (`engine::rules::record::game_text`): a
//! file of many games is cut into games, each read and checked on its own
//! ([`read_game`], the one place a game's text is read), so one bad game is
//! refused by its number and the others are kept, and a game the library
//! holds already is found, not stored twice; a selection is written back as
//! one such file.

use jiff::Timestamp;
use jiff::civil::Date;
use jiff::tz::TimeZone;

use super::entry::{GameId, LibraryGame};
use super::error::{LibraryError, UnstorableError};
use super::row::Row;
use super::store::Library;
use breakline_ai::player::Player;
use breakline_rules::position::Position;
use breakline_rules::record::game_text::{self, GameTextError, Headers};
use thiserror::Error;

/// Games an import stores in one transaction: a kill loses at most the
/// batch being written (the same import run again stores it), and the
/// explorer's counts are written once a batch, as a batch of its log. Each
/// commit writes every page it changed, and the games' identities land all
/// over their index: larger batches change each such page once for more
/// games (see the lab journal's library at scale).
pub const BATCH: usize = 5_000;

/// A game of an imported file that was not kept, and why.
#[derive(Clone, Debug, PartialEq)]
pub struct Refusal {
    /// The game's number in the file, from 1.
    pub index: usize,
    /// The line it starts on, from 1.
    pub line: usize,
    /// Why it was refused, in one line.
    pub reason: String,
}

/// What an import did.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct ImportSummary {
    /// The games stored new, in the file's order.
    pub stored: Vec<GameId>,
    /// The games the library held already (the same game: see the guide),
    /// by the id they have, in the file's order.
    pub already: Vec<GameId>,
    /// The games refused, in the file's order.
    pub refused: Vec<Refusal>,
}

/// What an import tells as it goes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ImportEvent<'a> {
    /// A game was written into the open transaction, not yet committed:
    /// the file's games read so far.
    Written(usize),
    /// A transaction was committed: the games it stored new, and the file's
    /// games done so far (stored, already held or refused).
    Committed {
        /// The new games of this transaction.
        stored: &'a [GameId],
        /// The file's games done.
        done: usize,
    },
}

/// The games of a file, each with the line it starts on: a game starts at a
/// tag line that follows moves, or at the first line after a blank one that
/// follows a result. Each is a slice of the file, so a large file is not copied.
pub fn split_games(text: &str) -> Vec<(usize, &str)> {
    let mut starts: Vec<(usize, usize)> = Vec::new();
    let (mut has_moves, mut ended, mut blank) = (false, false, false);
    let mut offset = 0;
    for (i, line) in text.split_inclusive('\n').enumerate() {
        let here = offset;
        offset += line.len();
        let trimmed = line.trim();
        if trimmed.is_empty() {
            blank = true;
            continue;
        }
        let tag = trimmed.starts_with('[');
        // An SGF game tree (`(;`) starts a game of its own: a collection is one game a tree.
        if starts.is_empty() || (has_moves && (tag || (ended && blank))) || trimmed.starts_with("(;") {
            starts.push((i + 1, here));
            (has_moves, ended) = (false, false);
        }
        blank = false;
        if !tag {
            has_moves = true;
            ended = matches!(trimmed.split_whitespace().last(), Some("1-0" | "0-1" | "1/2-1/2" | "*"));
        }
    }
    let ends = starts.iter().skip(1).map(|&(_, byte)| byte).chain([text.len()]);
    starts.iter().zip(ends).map(|(&(line, start), end)| (line, &text[start..end])).collect()
}

/// Why one game's text could not be read into a library game.
#[derive(Debug, Error)]
pub enum ReadGameError {
    /// The text is not a game.
    #[error(transparent)]
    Text(#[from] GameTextError),
    /// Its `Date` tag is not a date.
    #[error(transparent)]
    Date(#[from] DateError),
}

/// A date that is not `YYYY.MM.DD` or `YYYY-MM-DD`, or no day of the calendar.
#[derive(Debug, Clone, Error)]
#[error("bad date '{text}': give a day of the calendar as YYYY-MM-DD or YYYY.MM.DD")]
pub struct DateError {
    text: String,
    #[source]
    reason: jiff::Error,
}

/// Why an imported game is refused: its text does not read, or its row cannot be made.
#[derive(Debug, Error)]
enum ImportRefusal {
    /// The text is not a game.
    #[error(transparent)]
    Read(#[from] ReadGameError),
    /// The game cannot be stored.
    #[error(transparent)]
    Row(#[from] LibraryError),
}

/// One game's text read into a library game (its `Date` tag, `YYYY.MM.DD`,
/// taken as midnight UTC).
pub fn read_game(text: &str) -> Result<LibraryGame, ReadGameError> {
    Ok(read_game_to_end(text)?.0)
}

/// [`read_game`] with the game's last position: what an import reads of
/// each game, in this one place (a new format of game text goes here).
fn read_game_to_end(text: &str) -> Result<(LibraryGame, Position), ReadGameError> {
    let (record, end, headers) = game_text::read::<Player>(text)?;
    let played_at = headers.date.as_deref().map(parse_date).transpose()?.flatten();
    let mut game = LibraryGame::new(record, played_at);
    game.opening_plies = headers.opening_plies;
    (game.white_name, game.black_name) = (headers.white, headers.black);
    Ok((game, end))
}

/// Games read at a time: a fifth of a batch, so that even a small import's
/// writing waits little for its reading (a chunk is read while the one
/// before is written).
const READ_CHUNK: usize = BATCH / 5;
const _: () = assert!(BATCH.is_multiple_of(READ_CHUNK), "a batch is whole chunks");

/// Threads that read an import's games at most: reading (a replay of every
/// move) is most of an import's work, and the games are independent.
const READERS: usize = 4;

/// One game's text read and made into its row, or why it cannot be stored.
fn read_one(text: &str) -> Result<(LibraryGame, Row), ImportRefusal> {
    let (game, end) = read_game_to_end(text)?;
    let row = Row::checked(&game.record, &end, &game)?;
    Ok((game, row))
}

/// The games of `texts` read on up to [`READERS`] threads, in order.
fn read_all(texts: &[&str]) -> Vec<Result<(LibraryGame, Row), ImportRefusal>> {
    let threads = std::thread::available_parallelism().map_or(1, |n| n.get()).min(READERS);
    let per_thread = texts.len().div_ceil(threads).max(1);
    std::thread::scope(|scope| {
        let readers: Vec<_> = texts
            .chunks(per_thread)
            .map(|chunk| scope.spawn(move || chunk.iter().map(|text| read_one(text)).collect::<Vec<_>>()))
            .collect();
        // A reader that panicked is a bug: its panic goes on here.
        readers.into_iter().flat_map(|reader| reader.join().unwrap_or_else(|p| std::panic::resume_unwind(p))).collect()
    })
}

/// `YYYY.MM.DD` (PGN) or `YYYY-MM-DD` as midnight UTC; PGN's unknown parts (`??`) give no date.
pub fn parse_date(text: &str) -> Result<Option<Timestamp>, DateError> {
    if text.contains('?') {
        return Ok(None);
    }
    let bad = |reason: jiff::Error| DateError { text: text.to_string(), reason };
    let date: Date = text.replace('.', "-").parse().map_err(bad)?;
    let stamp = date.to_zoned(TimeZone::UTC).map_err(bad)?.timestamp();
    Ok(Some(stamp))
}

/// An instant as PGN writes dates, `YYYY.MM.DD` in UTC.
pub fn pgn_date(stamp: Timestamp) -> String {
    TimeZone::UTC.to_datetime(stamp).date().strftime("%Y.%m.%d").to_string()
}

/// An instant's day as people and the filters write it, `YYYY-MM-DD` in UTC
/// (PGN's own `YYYY.MM.DD` stays in the files).
pub fn iso_date(stamp: Timestamp) -> String {
    TimeZone::UTC.to_datetime(stamp).date().strftime("%Y-%m-%d").to_string()
}

/// The games as one text, in the order given, a blank line between them.
pub fn write_games(games: &[LibraryGame]) -> Result<String, LibraryError> {
    let mut out = String::new();
    for game in games {
        let headers = Headers {
            date: game.played_at.map(pgn_date),
            opening_plies: game.opening_plies,
            white: game.white_name.clone(),
            black: game.black_name.clone(),
        };
        let text = game_text::write(&game.record, &headers).map_err(UnstorableError::from)?;
        if !out.is_empty() {
            out.push('\n');
        }
        out.push_str(&text);
    }
    Ok(out)
}

impl Library {
    /// Stores every good game of `text` that the library does not hold, in
    /// transactions of [`BATCH`] games, and names the bad ones; `stored`
    /// hears of the new games of each transaction once it is committed.
    pub fn import_text(
        &mut self,
        text: &str,
        stored: &mut dyn FnMut(&[GameId]),
    ) -> Result<ImportSummary, LibraryError> {
        self.import_observed(text, &mut |event| {
            if let ImportEvent::Committed { stored: ids, .. } = event {
                stored(ids);
            }
        })
    }

    /// [`Library::import_text`], telling `observe` of every game written and
    /// every transaction committed.
    pub fn import_observed(
        &mut self,
        text: &str,
        observe: &mut dyn FnMut(ImportEvent),
    ) -> Result<ImportSummary, LibraryError> {
        let games = split_games(text);
        let chunks: Vec<Vec<&str>> =
            games.chunks(READ_CHUNK).map(|chunk| chunk.iter().map(|&(_, game)| game).collect()).collect();
        let mut summary = ImportSummary::default();
        // Each chunk is read on other threads while the one before is
        // written: reading and writing each keep a core busy.
        std::thread::scope(|scope| {
            let read = |number: usize| chunks.get(number).map(|texts| scope.spawn(move || read_all(texts)));
            let (mut reading, mut following) = (read(0), 1);
            let mut next_chunk = || {
                let reader = reading.take()?;
                (reading, following) = (read(following), following + 1);
                // A reader that panicked is a bug: its panic goes on here.
                Some(reader.join().unwrap_or_else(|p| std::panic::resume_unwind(p)))
            };
            for (number, batch) in games.chunks(BATCH).enumerate() {
                let read = std::iter::from_fn(&mut next_chunk).take(BATCH / READ_CHUNK).flatten();
                self.write_batch(number * BATCH, batch, read, &mut summary, observe)?;
            }
            Ok(summary)
        })
    }

    /// Writes one batch of an import in one transaction: `batch` is the
    /// file's games from number `first` (from 0) with their lines, `read`
    /// each one read (as it is needed).
    fn write_batch(
        &mut self,
        first: usize,
        batch: &[(usize, &str)],
        read: impl Iterator<Item = Result<(LibraryGame, Row), ImportRefusal>>,
        summary: &mut ImportSummary,
        observe: &mut dyn FnMut(ImportEvent),
    ) -> Result<(), LibraryError> {
        let stored_before = summary.stored.len();
        let mut transaction = self.batch()?;
        for (index, (&(line, _), read)) in (first..).zip(batch.iter().zip(read)) {
            match read {
                Ok((game, row)) => {
                    let kept = transaction.store_row(&game, &row)?;
                    let list = if kept.new { &mut summary.stored } else { &mut summary.already };
                    list.push(kept.id);
                    observe(ImportEvent::Written(index + 1));
                }
                Err(refusal) => summary.refused.push(Refusal { index: index + 1, line, reason: refusal.to_string() }),
            }
        }
        let logged = transaction.commit()?;
        let done = first + batch.len();
        observe(ImportEvent::Committed { stored: &summary.stored[stored_before..], done });
        self.logged(logged)
    }

    /// The games `ids` as one text, in that order.
    pub fn export_text(&self, ids: &[GameId]) -> Result<String, LibraryError> {
        let games = ids.iter().map(|&id| self.get(id)).collect::<Result<Vec<_>, _>>()?;
        write_games(&games)
    }
}
