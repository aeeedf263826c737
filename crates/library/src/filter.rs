//! Finding games: the list's filters (variant, opponent, the person's
//! colour, result, rated, dates, a text search) as one query, newest first
//! (undated games last), a page at a time: the list's order is an index,
//! and a page starts after the last game of the one before (its key, not
//! an offset), so no page reads the games before it.

use jiff::Timestamp;
use rusqlite::types::Value;

use super::entry::{GameId, GameSummary};
use super::error::{LibraryError, StoredError};
use super::store::Library;
use breakline_rules::{BoardSize, Outcome, Side, Variant};

/// A result to look for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ResultFilter {
    /// White won.
    WhiteWon,
    /// Black won.
    BlackWon,
    /// Drawn.
    Drawn,
    /// Not finished.
    Unfinished,
    /// The person won (games where a person played).
    PersonWon,
    /// The person lost (games where a person played).
    PersonLost,
}

/// Which games to list; every field left out matches all.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct GameFilter {
    /// Only this game.
    pub variant: Option<Variant>,
    /// The opponent's name or config contains this (any case): the side the
    /// person did not play, or either side where no person played.
    pub opponent: Option<String>,
    /// The person played this side.
    pub colour: Option<Side>,
    /// This result.
    pub result: Option<ResultFilter>,
    /// Rated or not.
    pub rated: Option<bool>,
    /// Played at or after this instant.
    pub from: Option<Timestamp>,
    /// Played before this instant.
    pub until: Option<Timestamp>,
    /// Players, configs, variant or moves contain this (any case).
    pub text: Option<String>,
    /// At most this many games.
    pub limit: Option<u32>,
    /// Only the games listed after this one (the last of the page before):
    /// a long list read a page at a time, each page as quick as the first.
    /// A game that is not in the library lists nothing after it.
    pub after: Option<GameId>,
}

impl GameFilter {
    /// The `WHERE` clause and its values.
    fn clause(&self) -> (String, Vec<Value>) {
        let mut parts: Vec<String> = vec!["1".to_string()];
        let mut values: Vec<Value> = Vec::new();
        if let Some(variant) = self.variant {
            parts.push(format!("variant = {}", bind(&mut values, Value::Text(variant.id().into()))));
        }
        if let Some(name) = &self.opponent {
            let p = bind(&mut values, Value::Text(name.to_lowercase()));
            let has = |side: &str| format!("(instr(lower({side}), {p}) OR instr(lower({side}_label), {p}))");
            parts.push(format!(
                "((person = 'white' AND {b}) OR (person = 'black' AND {w}) OR (person IS NULL AND ({w} OR {b})))",
                w = has("white"),
                b = has("black")
            ));
        }
        if let Some(side) = self.colour {
            parts.push(format!("person = {}", bind(&mut values, Value::Text(side.name().into()))));
        }
        if let Some(result) = self.result {
            parts.push(result_clause(result).to_string());
        }
        if let Some(rated) = self.rated {
            parts.push(format!("rated = {}", bind(&mut values, Value::Integer(rated.into()))));
        }
        if let Some(from) = self.from {
            parts.push(format!("played_at >= {}", bind(&mut values, Value::Integer(from.as_second()))));
        }
        if let Some(until) = self.until {
            parts.push(format!("played_at < {}", bind(&mut values, Value::Integer(until.as_second()))));
        }
        if let Some(text) = &self.text {
            let p = bind(&mut values, Value::Text(text.to_lowercase()));
            parts.push(format!(
                "instr(lower(white || ' ' || black || ' ' || white_label || ' ' || black_label || ' ' \
                 || variant || ' ' || moves_text(moves, size)), {p})"
            ));
        }
        if let Some(after) = self.after {
            let p = bind(&mut values, Value::Integer(after.0));
            parts.push(format!("(listed, id) < (SELECT listed, id FROM games WHERE id = {p})"));
        }
        (parts.join(" AND "), values)
    }
}

/// Adds `value` to the query's values and names its parameter.
fn bind(values: &mut Vec<Value>, value: Value) -> String {
    values.push(value);
    format!("?{}", values.len())
}

fn result_clause(result: ResultFilter) -> &'static str {
    match result {
        ResultFilter::WhiteWon => "result = '1-0'",
        ResultFilter::BlackWon => "result = '0-1'",
        ResultFilter::Drawn => "result = '1/2-1/2'",
        ResultFilter::Unfinished => "result = '*'",
        ResultFilter::PersonWon => "((person = 'white' AND result = '1-0') OR (person = 'black' AND result = '0-1'))",
        ResultFilter::PersonLost => "((person = 'white' AND result = '0-1') OR (person = 'black' AND result = '1-0'))",
    }
}

impl Library {
    /// The games `filter` matches, newest first (games without a date last).
    pub fn list(&self, filter: &GameFilter) -> Result<Vec<GameSummary>, LibraryError> {
        let (clause, values) = filter.clause();
        let limit = filter.limit.map_or(-1, i64::from);
        let sql = format!(
            "SELECT id, variant, size, white, black, person, rated, time_control, played_at, outcome, plies
             FROM games WHERE {clause} ORDER BY listed DESC, id DESC LIMIT {limit}"
        );
        let mut statement = self.conn.prepare_cached(&sql)?;
        let rows = statement.query_map(rusqlite::params_from_iter(values), |row| {
            Ok((
                row.get::<_, i64>(0)?,
                row.get::<_, String>(1)?,
                row.get::<_, String>(2)?,
                row.get::<_, String>(3)?,
                row.get::<_, String>(4)?,
                row.get::<_, Option<String>>(5)?,
                row.get::<_, bool>(6)?,
                row.get::<_, Option<String>>(7)?,
                row.get::<_, Option<i64>>(8)?,
                row.get::<_, String>(9)?,
                row.get::<_, i64>(10)?,
            ))
        })?;
        let mut out = Vec::new();
        for row in rows {
            let (id, variant, size, white, black, person, rated, time_control, played_at, outcome, plies) = row?;
            let id = GameId(id);
            let bad = |why: StoredError| LibraryError::Stored { id, why };
            out.push(GameSummary {
                id,
                variant: variant.parse::<Variant>().map_err(|e| bad(e.into()))?,
                size: size.parse::<BoardSize>().map_err(|e| bad(e.into()))?,
                white,
                black,
                person: person.map(|p| if p == "black" { Side::Black } else { Side::White }),
                rated,
                time_control,
                played_at: played_at.map(Timestamp::from_second).transpose().map_err(|e| bad(e.into()))?,
                outcome: serde_json::from_str::<Outcome>(&outcome).map_err(|e| bad(e.into()))?,
                plies: u32::try_from(plies).unwrap_or(0),
            });
        }
        Ok(out)
    }

    /// The ids of the games `filter` matches, in the list's order.
    pub fn ids(&self, filter: &GameFilter) -> Result<Vec<GameId>, LibraryError> {
        Ok(self.list(filter)?.into_iter().map(|s| s.id).collect())
    }
}
