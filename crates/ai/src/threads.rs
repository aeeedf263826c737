//! How many threads the engine's work may run on: every one asked for where
//! the build has threads, one where it has none. WebAssembly in the browser
//! has no threads (a spawn fails at run time), so there Lazy SMP, parallel
//! MCTS and the parallel solver run as their one-thread forms, and a
//! person is told "one thread in the browser" rather than offered more.

/// Whether this build can run work on threads of its own.
pub const AVAILABLE: bool = !cfg!(target_family = "wasm");

/// The threads to run when `asked` are asked for: all of them (one at
/// least) where threads exist, one where they do not.
pub fn usable(asked: usize) -> usize {
    if AVAILABLE { asked.max(1) } else { 1 }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn asks_are_kept_where_threads_exist_and_one_thread_runs_where_not() {
        let expected = if cfg!(target_family = "wasm") { [1, 1, 1] } else { [1, 1, 8] };
        assert_eq!([usable(0), usable(1), usable(8)], expected);
    }
}
