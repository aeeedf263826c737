//! The filter flags `list` and `export` share, read into the engine's
//! [`GameFilter`].

use clap::Args;

use super::LibraryCliError;
use crate::engine::Variant;
use crate::engine::library::transfer::parse_date;
use crate::engine::library::{GameFilter, GameId, ResultFilter};
use crate::engine::rules::Side;

#[derive(Args, Debug, Default)]
pub(crate) struct FilterArgs {
    /// Only this game: breakthrough or loa
    #[arg(long)]
    variant: Option<Variant>,
    /// The opponent's name or config contains this
    #[arg(long)]
    opponent: Option<String>,
    /// The colour you played: white or black
    #[arg(long, value_parser = parse_side)]
    colour: Option<Side>,
    /// 1-0, 0-1, draw, unfinished, won or lost (won and lost: yours)
    #[arg(long, value_parser = parse_result)]
    result: Option<ResultFilter>,
    /// Only rated games
    #[arg(long, conflicts_with = "unrated")]
    rated: bool,
    /// Only unrated games
    #[arg(long)]
    unrated: bool,
    /// Played on or after this day (YYYY-MM-DD, UTC)
    #[arg(long)]
    from: Option<String>,
    /// Played on or before this day (YYYY-MM-DD, UTC)
    #[arg(long)]
    to: Option<String>,
    /// Players, configs, variant or moves contain this
    #[arg(long)]
    search: Option<String>,
    /// At most this many games
    #[arg(long)]
    limit: Option<u32>,
    /// Only the games listed after this one (the last id of the page before)
    #[arg(long)]
    after: Option<i64>,
}

impl FilterArgs {
    /// The engine's filter; a bad date is refused.
    pub(crate) fn filter(&self) -> Result<GameFilter, LibraryCliError> {
        let day = |text: &Option<String>| -> Result<Option<jiff::Timestamp>, LibraryCliError> {
            match text {
                None => Ok(None),
                Some(text) => match parse_date(text)? {
                    Some(stamp) => Ok(Some(stamp)),
                    None => Err(LibraryCliError::NoDate(text.clone())),
                },
            }
        };
        let until = day(&self.to)?.map(|start| start + jiff::SignedDuration::from_hours(24));
        Ok(GameFilter {
            variant: self.variant,
            opponent: self.opponent.clone(),
            colour: self.colour,
            result: self.result,
            rated: if self.rated {
                Some(true)
            } else if self.unrated {
                Some(false)
            } else {
                None
            },
            from: day(&self.from)?,
            until,
            text: self.search.clone(),
            limit: self.limit,
            after: self.after.map(GameId),
        })
    }
}

fn parse_side(text: &str) -> Result<Side, String> {
    match text.to_ascii_lowercase().as_str() {
        "white" | "w" => Ok(Side::White),
        "black" | "b" => Ok(Side::Black),
        _ => Err("expected white or black".to_string()),
    }
}

fn parse_result(text: &str) -> Result<ResultFilter, String> {
    match text.to_ascii_lowercase().as_str() {
        "1-0" => Ok(ResultFilter::WhiteWon),
        "0-1" => Ok(ResultFilter::BlackWon),
        "draw" | "1/2-1/2" => Ok(ResultFilter::Drawn),
        "unfinished" | "*" => Ok(ResultFilter::Unfinished),
        "won" => Ok(ResultFilter::PersonWon),
        "lost" => Ok(ResultFilter::PersonLost),
        _ => Err("expected 1-0, 0-1, draw, unfinished, won or lost".to_string()),
    }
}
