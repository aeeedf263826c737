//! The shard a batch engine gives a run through its environment, where no
//! `--shard` says: a generic `BREAKLINE_SHARD=K/N`, a Slurm job array
//! (`SLURM_ARRAY_TASK_ID`, `_MIN`, `_STEP`, `_COUNT`) or a Kubernetes Indexed
//! Job (`JOB_COMPLETION_INDEX`, with the completions count in
//! `BREAKLINE_SHARDS`, which the manifest sets: Kubernetes does not tell a
//! pod how many completions its job has). GNU parallel passes `--shard {#}/N`.

use super::slice::{Shard, ShardError};

/// A shard read from the environment, and the variable that gave it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct EnvShard {
    /// The shard.
    pub shard: Shard,
    /// Which batch engine's variables named it (for the run's note).
    pub source: &'static str,
}

/// The shard the environment names (`var` looks a variable up), or `None`
/// where none of the batch engines' variables is set.
pub fn shard_from_env(var: impl Fn(&str) -> Option<String>) -> Result<Option<EnvShard>, ShardError> {
    let found = |shard, source| Ok(Some(EnvShard { shard, source }));
    if let Some(text) = var("BREAKLINE_SHARD") {
        return found(text.parse()?, "BREAKLINE_SHARD");
    }
    if let Some(id) = var("SLURM_ARRAY_TASK_ID") {
        return found(slurm(&var, &id)?, "SLURM_ARRAY_TASK_ID");
    }
    if let Some(index) = var("JOB_COMPLETION_INDEX") {
        let index = number("JOB_COMPLETION_INDEX", &index)?;
        let count = var("BREAKLINE_SHARDS").ok_or(ShardError::Missing {
            set: "JOB_COMPLETION_INDEX",
            missing: "BREAKLINE_SHARDS",
            hint: "set it to the job's completions in the manifest",
        })?;
        // Kubernetes counts completions from 0; shards count from 1.
        return found(Shard::new(index + 1, number("BREAKLINE_SHARDS", &count)?)?, "JOB_COMPLETION_INDEX");
    }
    Ok(None)
}

/// A Slurm array task as a shard: its place in the array, from 1.
fn slurm(var: &impl Fn(&str) -> Option<String>, id: &str) -> Result<Shard, ShardError> {
    let id = number("SLURM_ARRAY_TASK_ID", id)?;
    let count = var("SLURM_ARRAY_TASK_COUNT").ok_or(ShardError::Missing {
        set: "SLURM_ARRAY_TASK_ID",
        missing: "SLURM_ARRAY_TASK_COUNT",
        hint: "Slurm sets both in a job array",
    })?;
    let count = number("SLURM_ARRAY_TASK_COUNT", &count)?;
    // Arrays may start anywhere (--array=1-4) and step (--array=0-12:4).
    let min = var("SLURM_ARRAY_TASK_MIN").map_or(Ok(0), |v| number("SLURM_ARRAY_TASK_MIN", &v))?;
    let step = var("SLURM_ARRAY_TASK_STEP").map_or(Ok(1), |v| number("SLURM_ARRAY_TASK_STEP", &v))?.max(1);
    let bad = || ShardError::SlurmIndex { id, min, step, count, last: count.saturating_sub(1) };
    let offset = id.checked_sub(min).filter(|o| o % step == 0).ok_or_else(bad)?;
    Shard::new(offset / step + 1, count).map_err(|_| bad())
}

fn number(name: &'static str, value: &str) -> Result<usize, ShardError> {
    value.trim().parse().map_err(|_| ShardError::Variable { name, value: value.to_string() })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn env(vars: &[(&str, &str)]) -> impl Fn(&str) -> Option<String> {
        let vars: Vec<(String, String)> = vars.iter().map(|(k, v)| (k.to_string(), v.to_string())).collect();
        move |name| vars.iter().find(|(k, _)| k == name).map(|(_, v)| v.clone())
    }

    fn shard(vars: &[(&str, &str)]) -> Result<Option<Shard>, ShardError> {
        shard_from_env(env(vars)).map(|s| s.map(|s| s.shard))
    }

    #[test]
    fn slurm_arrays_map_to_shards_from_one_wherever_they_start() {
        let four = |id, min| {
            shard(&[("SLURM_ARRAY_TASK_ID", id), ("SLURM_ARRAY_TASK_MIN", min), ("SLURM_ARRAY_TASK_COUNT", "4")])
        };
        assert_eq!(four("0", "0").unwrap(), Some(Shard::new(1, 4).unwrap()));
        assert_eq!(four("3", "0").unwrap(), Some(Shard::new(4, 4).unwrap()));
        assert_eq!(four("1", "1").unwrap(), Some(Shard::new(1, 4).unwrap()));
        assert_eq!(four("4", "1").unwrap(), Some(Shard::new(4, 4).unwrap()));
        assert!(four("5", "1").is_err());
        assert!(four("x", "1").unwrap_err().to_string().contains("SLURM_ARRAY_TASK_ID='x'"));
        let stepped = shard(&[
            ("SLURM_ARRAY_TASK_ID", "8"),
            ("SLURM_ARRAY_TASK_MIN", "0"),
            ("SLURM_ARRAY_TASK_STEP", "4"),
            ("SLURM_ARRAY_TASK_COUNT", "4"),
        ]);
        assert_eq!(stepped.unwrap(), Some(Shard::new(3, 4).unwrap()));
        let missing = shard(&[("SLURM_ARRAY_TASK_ID", "2")]).unwrap_err().to_string();
        assert!(missing.contains("SLURM_ARRAY_TASK_COUNT"), "{missing}");
    }

    #[test]
    fn kubernetes_indexed_jobs_count_from_zero_with_the_count_beside() {
        let k8s = shard(&[("JOB_COMPLETION_INDEX", "0"), ("BREAKLINE_SHARDS", "3")]);
        assert_eq!(k8s.unwrap(), Some(Shard::new(1, 3).unwrap()));
        let last = shard(&[("JOB_COMPLETION_INDEX", "2"), ("BREAKLINE_SHARDS", "3")]);
        assert_eq!(last.unwrap(), Some(Shard::new(3, 3).unwrap()));
        assert!(shard(&[("JOB_COMPLETION_INDEX", "3"), ("BREAKLINE_SHARDS", "3")]).is_err());
        let alone = shard(&[("JOB_COMPLETION_INDEX", "1")]).unwrap_err().to_string();
        assert!(alone.contains("BREAKLINE_SHARDS"), "{alone}");
    }

    #[test]
    fn the_generic_variable_comes_first_and_no_variable_is_no_shard() {
        let both = shard(&[("BREAKLINE_SHARD", "2/5"), ("SLURM_ARRAY_TASK_ID", "0")]);
        assert_eq!(both.unwrap(), Some(Shard::new(2, 5).unwrap()));
        assert_eq!(shard(&[]).unwrap(), None);
        assert!(shard(&[("BREAKLINE_SHARD", "6/5")]).is_err());
    }
}
