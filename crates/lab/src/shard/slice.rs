//! Which share of a series a run plays: shard K of N, counted from 1 as
//! people (and GNU parallel's `{#}`) count; batch engines that count from 0
//! are mapped in `env`.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};
use thiserror::Error;

/// Shard `number` of `count`, 1 <= number <= count.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(try_from = "String", into = "String")]
pub struct Shard {
    number: usize,
    count: usize,
}

/// Why a shard cannot be named so.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum ShardError {
    /// Not `K/N` with two whole numbers.
    #[error("shard '{0}' is not K/N (e.g. 2/4: the second of four shards, counted from 1)")]
    Form(String),
    /// K outside 1..=N, or N zero.
    #[error("shard {number}/{count} does not exist: K runs from 1 to N")]
    Range {
        /// K as given.
        number: usize,
        /// N as given.
        count: usize,
    },
    /// A batch engine's variable holds no number.
    #[error("{name}='{value}' is not a whole number")]
    Variable {
        /// The variable.
        name: &'static str,
        /// What it holds.
        value: String,
    },
    /// A batch engine's index variable is set but the count beside it is not.
    #[error("{set} is set but {missing} is not ({hint})")]
    Missing {
        /// The variable found.
        set: &'static str,
        /// The one needed with it.
        missing: &'static str,
        /// Where it comes from.
        hint: &'static str,
    },
    /// A Slurm array index that is no contiguous task of the array.
    #[error(
        "SLURM_ARRAY_TASK_ID={id} is not task 1-{count} of an array from {min} in steps of {step} \
         (submit with a plain range such as --array=0-{last})"
    )]
    SlurmIndex {
        /// SLURM_ARRAY_TASK_ID.
        id: usize,
        /// SLURM_ARRAY_TASK_MIN.
        min: usize,
        /// SLURM_ARRAY_TASK_STEP.
        step: usize,
        /// SLURM_ARRAY_TASK_COUNT.
        count: usize,
        /// count - 1, for the hint.
        last: usize,
    },
}

impl Shard {
    /// Shard `number` (from 1) of `count`.
    pub fn new(number: usize, count: usize) -> Result<Shard, ShardError> {
        if count == 0 || number == 0 || number > count {
            return Err(ShardError::Range { number, count });
        }
        Ok(Shard { number, count })
    }

    /// The whole series as one shard.
    pub fn whole() -> Shard {
        Shard { number: 1, count: 1 }
    }

    /// K, from 1.
    pub fn number(self) -> usize {
        self.number
    }

    /// N.
    pub fn count(self) -> usize {
        self.count
    }
}

impl FromStr for Shard {
    type Err = ShardError;

    fn from_str(text: &str) -> Result<Shard, ShardError> {
        let form = || ShardError::Form(text.to_string());
        let (k, n) = text.trim().split_once('/').ok_or_else(form)?;
        let number = k.trim().parse().map_err(|_| form())?;
        let count = n.trim().parse().map_err(|_| form())?;
        Shard::new(number, count)
    }
}

impl fmt::Display for Shard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}/{}", self.number, self.count)
    }
}

impl TryFrom<String> for Shard {
    type Error = ShardError;

    fn try_from(text: String) -> Result<Shard, ShardError> {
        text.parse()
    }
}

impl From<Shard> for String {
    fn from(shard: Shard) -> String {
        shard.to_string()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shards_read_as_k_of_n_from_one() {
        assert_eq!("2/4".parse::<Shard>().unwrap(), Shard::new(2, 4).unwrap());
        assert_eq!(" 1 / 1 ".parse::<Shard>().unwrap(), Shard::whole());
        for bad in ["", "3", "0/4", "5/4", "1/0", "a/b", "-1/4", "1/4/2"] {
            assert!(bad.parse::<Shard>().is_err(), "{bad}");
        }
        assert_eq!(Shard::new(3, 7).unwrap().to_string(), "3/7");
    }
}
