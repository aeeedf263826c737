//! Shard files read back as one run: every file of the same spec, every game
//! there once. A torn last line (a shard killed mid-write) is left out with
//! a note; anything else unreadable, a foreign file, a game twice or a game
//! missing is refused with one line that says which.

use std::collections::HashMap;

use serde::Deserialize;
use serde::de::DeserializeOwned;
use serde_json::value::RawValue;
use thiserror::Error;

use super::fingerprint::Fingerprint;
use super::record::{FORMAT, Header, Record};
use super::spec::ShardSpec;

/// Why shard files do not make one run.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum MergeError {
    /// Nothing to merge.
    #[error("no shard files given")]
    NoFiles,
    /// A file without even its header.
    #[error("{file}: empty, not a shard file (a shard stopped before it started?)")]
    Empty {
        /// The file.
        file: String,
    },
    /// A first line that is no shard header.
    #[error("{file}: line 1 is not a shard header: {error}")]
    Header {
        /// The file.
        file: String,
        /// What the reader said.
        error: String,
    },
    /// A file of another format version.
    #[error("{file}: shard format {found}; this build reads format {FORMAT}")]
    Format {
        /// The file.
        file: String,
        /// Its version.
        found: u32,
    },
    /// A header whose fingerprint is not its spec's.
    #[error("{file}: the header's fingerprint {stated} is not its spec's {actual} (edited, or another build?)")]
    Fingerprint {
        /// The file.
        file: String,
        /// What the header says.
        stated: Fingerprint,
        /// What its spec hashes to.
        actual: Fingerprint,
    },
    /// A file of another run.
    #[error("{file} is a shard of another run ({theirs}) than {first} ({ours}): merge one run's shards only")]
    Foreign {
        /// The odd file.
        file: String,
        /// Its run's kind and fingerprint.
        theirs: String,
        /// The first file.
        first: String,
        /// The first file's run.
        ours: String,
    },
    /// A line that is no record (not the last, which may be torn).
    #[error("{file} line {line}: not a game record: {error}")]
    Line {
        /// The file.
        file: String,
        /// The line, from 1.
        line: usize,
        /// What the reader said.
        error: String,
    },
    /// A record of another run inside a file.
    #[error("{file} line {line}: a record of run {theirs}, not of its header's {ours}")]
    ForeignRecord {
        /// The file.
        file: String,
        /// The line, from 1.
        line: usize,
        /// The record's fingerprint.
        theirs: Fingerprint,
        /// The header's.
        ours: Fingerprint,
    },
    /// The same game twice.
    #[error("game {index}{series} is there twice: {first} and {second}")]
    Doubled {
        /// Its index.
        index: usize,
        /// Its series, for the studies.
        series: String,
        /// Where it was first.
        first: String,
        /// Where again.
        second: String,
    },
    /// A game the run does not have.
    #[error("{at}: game {index}{series} is beyond the run's {total} games")]
    OutOfRange {
        /// Where.
        at: String,
        /// Its index.
        index: usize,
        /// Its series, for the studies.
        series: String,
        /// The run's games.
        total: usize,
    },
    /// Games no file holds.
    #[error("missing {count} of {total} games{series}: indices {list} (from 0; rerun the shards that hold them)")]
    Missing {
        /// How many.
        count: usize,
        /// The run's games.
        total: usize,
        /// Which series, for the studies.
        series: String,
        /// The indices, in ranges.
        list: String,
    },
    /// A record whose game cannot be read as the run's kind of game.
    #[error("{at}: game {index}: {error}")]
    Game {
        /// Where.
        at: String,
        /// Its index.
        index: usize,
        /// What the reader said.
        error: String,
    },
}

/// A record as read: the game left as text until its kind is known.
struct Stored {
    at: String,
    elapsed_ms: u64,
    game: Box<RawValue>,
}

/// The shards of one run, read and checked for foreign files and doubles.
pub struct ShardSet {
    spec: ShardSpec,
    records: HashMap<(Option<Fingerprint>, usize), Stored>,
    notes: Vec<String>,
}

impl ShardSet {
    /// Reads shard files given as (name, text).
    pub fn read(files: &[(String, String)]) -> Result<ShardSet, MergeError> {
        let ((first_name, _), _) = files.split_first().ok_or(MergeError::NoFiles)?;
        let mut set: Option<ShardSet> = None;
        for (name, text) in files {
            let header = read_header(name, text)?;
            let set = set.get_or_insert_with(|| ShardSet {
                spec: header.spec.clone(),
                records: HashMap::new(),
                notes: Vec::new(),
            });
            let ours = set.spec.fingerprint();
            if header.fingerprint != ours {
                let run = |spec: &ShardSpec, f: Fingerprint| format!("{} {f}", spec.kind());
                return Err(MergeError::Foreign {
                    file: name.clone(),
                    theirs: run(&header.spec, header.fingerprint),
                    first: first_name.clone(),
                    ours: run(&set.spec, ours),
                });
            }
            set.read_records(name, text, ours)?;
        }
        set.ok_or(MergeError::NoFiles)
    }

    /// The records of one file after its header.
    fn read_records(&mut self, name: &str, text: &str, ours: Fingerprint) -> Result<(), MergeError> {
        let lines: Vec<&str> = text.split_inclusive('\n').collect();
        for (n, line) in lines.iter().enumerate().skip(1) {
            if line.trim().is_empty() {
                continue;
            }
            let record: Record<Box<RawValue>> = match serde_json::from_str(line) {
                Ok(record) => record,
                // Only the last line can be torn, and then it has no newline.
                Err(_) if n + 1 == lines.len() && !line.ends_with('\n') => {
                    self.notes.push(format!("{name} line {}: torn (the shard stopped mid-write), left out", n + 1));
                    continue;
                }
                Err(error) => {
                    return Err(MergeError::Line { file: name.to_string(), line: n + 1, error: error.to_string() });
                }
            };
            let at = format!("{name} line {}", n + 1);
            if record.fingerprint != ours {
                return Err(MergeError::ForeignRecord {
                    file: name.to_string(),
                    line: n + 1,
                    theirs: record.fingerprint,
                    ours,
                });
            }
            let key = (record.series, record.index);
            if let Some(first) = self.records.get(&key) {
                return Err(MergeError::Doubled {
                    index: record.index,
                    series: series_text(record.series),
                    first: first.at.clone(),
                    second: at,
                });
            }
            self.records.insert(key, Stored { at, elapsed_ms: record.elapsed_ms, game: record.game });
        }
        Ok(())
    }

    /// The run's spec.
    pub fn spec(&self) -> &ShardSpec {
        &self.spec
    }

    /// What was left out while reading (torn last lines).
    pub fn notes(&self) -> &[String] {
        &self.notes
    }

    /// The longest shard's time to its last game, in seconds: the run's
    /// wall time where the shards ran side by side.
    pub fn seconds(&self) -> f64 {
        self.records.values().map(|r| r.elapsed_ms).max().unwrap_or(0) as f64 / 1000.0
    }

    /// Every game of series `series` (`None` but for the studies), which has
    /// `total` games, in index order; refused unless each is there.
    pub fn games<G: DeserializeOwned>(&self, series: Option<Fingerprint>, total: usize) -> Result<Vec<G>, MergeError> {
        if let Some(((_, index), stored)) = self.records.iter().find(|((s, i), _)| *s == series && *i >= total) {
            let at = stored.at.clone();
            return Err(MergeError::OutOfRange { at, index: *index, series: series_text(series), total });
        }
        let missing: Vec<usize> = (0..total).filter(|i| !self.records.contains_key(&(series, *i))).collect();
        if !missing.is_empty() {
            let (count, list) = (missing.len(), ranges(&missing));
            return Err(MergeError::Missing { count, total, series: series_text(series), list });
        }
        (0..total)
            .map(|index| {
                let stored = &self.records[&(series, index)];
                serde_json::from_str(stored.game.get()).map_err(|error| MergeError::Game {
                    at: stored.at.clone(),
                    index,
                    error: error.to_string(),
                })
            })
            .collect()
    }

    /// The games of the one-series kinds (match, tournament, tune), as
    /// [`ShardSet::games`] with the spec's own count.
    pub fn all_games<G: DeserializeOwned>(&self) -> Result<Vec<G>, MergeError> {
        let (series, games, _) = self.spec.layout().unwrap_or((0, 0, false));
        self.games(None, series * games)
    }
}

/// The header of one file, checked against its own spec.
fn read_header(name: &str, text: &str) -> Result<Header, MergeError> {
    let first = text.lines().next().filter(|l| !l.trim().is_empty());
    let first = first.ok_or_else(|| MergeError::Empty { file: name.to_string() })?;
    // The format first, so that another version says so rather than failing
    // on a field it does not know.
    #[derive(Deserialize)]
    struct Version {
        breakline_shard: u32,
    }
    let bad = |error: serde_json::Error| MergeError::Header { file: name.to_string(), error: error.to_string() };
    let version: Version = serde_json::from_str(first).map_err(bad)?;
    if version.breakline_shard != FORMAT {
        return Err(MergeError::Format { file: name.to_string(), found: version.breakline_shard });
    }
    let header: Header = serde_json::from_str(first).map_err(bad)?;
    let actual = header.spec.fingerprint();
    if header.fingerprint != actual {
        return Err(MergeError::Fingerprint { file: name.to_string(), stated: header.fingerprint, actual });
    }
    Ok(header)
}

fn series_text(series: Option<Fingerprint>) -> String {
    series.map_or(String::new(), |s| format!(" of series {s}"))
}

/// Ascending indices as ranges, "3, 7-9, 12", the first 20 ranges at most.
fn ranges(indices: &[usize]) -> String {
    let mut runs: Vec<(usize, usize)> = Vec::new();
    for &i in indices {
        match runs.last_mut() {
            Some((_, end)) if *end + 1 == i => *end = i,
            _ => runs.push((i, i)),
        }
    }
    let shown = runs.iter().take(20).map(|&(a, b)| if a == b { a.to_string() } else { format!("{a}-{b}") });
    let mut text = shown.collect::<Vec<_>>().join(", ");
    if runs.len() > 20 {
        text.push_str(&format!(" and {} more ranges", runs.len() - 20));
    }
    text
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn missing_games_read_as_ranges() {
        assert_eq!(ranges(&[3, 7, 8, 9, 12]), "3, 7-9, 12");
        assert_eq!(ranges(&[0]), "0");
        let many: Vec<usize> = (0..100).map(|i| i * 2).collect();
        assert!(ranges(&many).ends_with("and 80 more ranges"));
    }
}
