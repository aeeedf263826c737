//! Games in and out as the text people share (`engine::ai::game_text`): a
//! file of many games is cut into games, each read and checked on its own,
//! so one bad game is refused by its number and the others are kept; a
//! selection is written back as one such file.

use jiff::Timestamp;
use jiff::civil::Date;
use jiff::tz::TimeZone;

use super::entry::{GameId, LibraryGame};
use super::error::LibraryError;
use super::store::Library;
use breakline_ai::game_text::{self, GameTextError, Headers};
use thiserror::Error;

/// Games an import stores in one transaction: a kill loses at most the
/// batch being written, and the explorer's index pages are written once a batch.
pub const BATCH: usize = 100;

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
    /// The games stored, in the file's order.
    pub stored: Vec<GameId>,
    /// The games refused, in the file's order.
    pub refused: Vec<Refusal>,
}

/// The games of a file, each with the line it starts on: a game starts at a
/// tag line that follows moves, or at the first line after a blank one that
/// follows a result.
pub fn split_games(text: &str) -> Vec<(usize, String)> {
    let mut games: Vec<(usize, String)> = Vec::new();
    let (mut has_moves, mut ended, mut blank) = (false, false, false);
    for (i, line) in text.lines().enumerate() {
        let trimmed = line.trim();
        if trimmed.is_empty() {
            blank = true;
            continue;
        }
        let tag = trimmed.starts_with('[');
        // An SGF game tree (`(;`) starts a game of its own: a collection is one game a tree.
        if games.is_empty() || (has_moves && (tag || (ended && blank))) || trimmed.starts_with("(;") {
            games.push((i + 1, String::new()));
            (has_moves, ended) = (false, false);
        }
        blank = false;
        if !tag {
            has_moves = true;
            ended = matches!(trimmed.split_whitespace().last(), Some("1-0" | "0-1" | "1/2-1/2" | "*"));
        }
        if let Some((_, game)) = games.last_mut() {
            game.push_str(line);
            game.push('\n');
        }
    }
    games
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
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error("bad date '{text}': {reason}")]
pub struct DateError {
    text: String,
    reason: String,
}

/// One game's text read into a library game (its `Date` tag, `YYYY.MM.DD`,
/// taken as midnight UTC).
pub fn read_game(text: &str) -> Result<LibraryGame, ReadGameError> {
    let (record, _, headers) = game_text::read(text)?;
    let played_at = headers.date.as_deref().map(parse_date).transpose()?.flatten();
    let mut game = LibraryGame::new(record, played_at);
    game.opening_plies = headers.opening_plies;
    Ok(game)
}

/// `YYYY.MM.DD` (PGN) or `YYYY-MM-DD` as midnight UTC; PGN's unknown parts (`??`) give no date.
pub fn parse_date(text: &str) -> Result<Option<Timestamp>, DateError> {
    if text.contains('?') {
        return Ok(None);
    }
    let bad = |e: jiff::Error| DateError { text: text.to_string(), reason: e.to_string() };
    let date: Date = text.replace('.', "-").parse().map_err(bad)?;
    let stamp = date.to_zoned(TimeZone::UTC).map_err(bad)?.timestamp();
    Ok(Some(stamp))
}

/// An instant as PGN writes dates, `YYYY.MM.DD` in UTC.
pub fn pgn_date(stamp: Timestamp) -> String {
    TimeZone::UTC.to_datetime(stamp).date().strftime("%Y.%m.%d").to_string()
}

/// The games as one text, in the order given, a blank line between them.
pub fn write_games(games: &[LibraryGame]) -> Result<String, LibraryError> {
    let mut out = String::new();
    for game in games {
        let headers = Headers { date: game.played_at.map(pgn_date), opening_plies: game.opening_plies };
        let text = game_text::write(&game.record, &headers).map_err(|e| LibraryError::Unstorable(e.to_string()))?;
        if !out.is_empty() {
            out.push('\n');
        }
        out.push_str(&text);
    }
    Ok(out)
}

impl Library {
    /// Stores every good game of `text`, in transactions of [`BATCH`]
    /// games, and names the bad ones; `stored` hears of the games of each
    /// transaction once it is committed.
    pub fn import_text(
        &mut self,
        text: &str,
        stored: &mut dyn FnMut(&[GameId]),
    ) -> Result<ImportSummary, LibraryError> {
        let mut summary = ImportSummary::default();
        let mut batch = Vec::with_capacity(BATCH);
        for (index, (line, game)) in split_games(text).into_iter().enumerate() {
            match read_game(&game) {
                Ok(game) => batch.push(game),
                Err(error) => summary.refused.push(Refusal { index: index + 1, line, reason: error.to_string() }),
            }
            if batch.len() == BATCH {
                self.commit_batch(&mut batch, &mut summary, stored)?;
            }
        }
        self.commit_batch(&mut batch, &mut summary, stored)?;
        Ok(summary)
    }

    fn commit_batch(
        &mut self,
        batch: &mut Vec<LibraryGame>,
        summary: &mut ImportSummary,
        stored: &mut dyn FnMut(&[GameId]),
    ) -> Result<(), LibraryError> {
        if batch.is_empty() {
            return Ok(());
        }
        let ids = self.add_all(batch)?;
        batch.clear();
        stored(&ids);
        summary.stored.extend(ids);
        Ok(())
    }

    /// The games `ids` as one text, in that order.
    pub fn export_text(&self, ids: &[GameId]) -> Result<String, LibraryError> {
        let games = ids.iter().map(|&id| self.get(id)).collect::<Result<Vec<_>, _>>()?;
        write_games(&games)
    }
}
