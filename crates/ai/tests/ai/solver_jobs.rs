//! Job-level proofs (`solver::jobs`): run in-process, jobs executed here,
//! they agree with the one-process solver; a job that dies is handed out
//! again; a run resumed from its directory equals an uninterrupted one; the
//! proved lines replay by the rules.

use std::fs;
use std::path::{Path, PathBuf};

use breakline_ai::solver::jobs::{self, JobDir, JobError, JobSettings, JobSolution, WaveStart};
use breakline_ai::solver::{self, SolveConfig, Verdict};
use breakline_rules::position::Position;
use breakline_rules::{BoardSize, Variant};

fn scratch_dir(name: &str) -> PathBuf {
    let path = std::env::temp_dir().join(format!("breakline-jobs-{}-{name}", std::process::id()));
    let _ = fs::remove_dir_all(&path);
    path
}

fn start(columns: u8, rows: u8) -> Position {
    Position::start(Variant::Breakthrough, BoardSize::new(columns, rows)).unwrap()
}

/// Small budgets, so that even 3x5 takes several waves of jobs.
fn settings(budget: u64) -> JobSettings {
    JobSettings { budget, wave: 4, memory_mib: 1, probe: 64, last_ranks: None, last_ranks_file: None }
}

/// A whole job-level solve in `dir`, each wave run by `run`.
fn solve_in(
    pos: &Position,
    dir: &Path,
    budget: u64,
    run: &mut dyn FnMut(&Path, usize),
) -> Result<JobSolution, JobError> {
    let settings = settings(budget);
    let dir = JobDir::open(dir, pos, &settings)?;
    jobs::solve_by_jobs(pos, &settings, &dir, &mut |wave: &WaveStart| run(wave.path, wave.jobs))
}

fn here(wave: &Path, _jobs: usize) {
    jobs::run_wave_here(wave, 2).unwrap();
}

fn results_of(wave: &Path) -> Vec<PathBuf> {
    let stem = wave.file_stem().unwrap().to_string_lossy().into_owned();
    let folder = wave.parent().unwrap();
    let mut found: Vec<PathBuf> = fs::read_dir(folder)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "result"))
        .filter(|p| p.file_name().unwrap().to_string_lossy().starts_with(&stem))
        .collect();
    found.sort();
    found
}

#[test]
fn job_level_proofs_agree_with_the_one_process_solver() {
    // The checked (debug) build, many times slower, keeps to 3x5.
    let boards: &[(u8, u8, u64)] = if cfg!(debug_assertions) { &[(3, 5, 300)] } else { &[(3, 5, 300), (4, 5, 3000)] };
    for &(columns, rows, budget) in boards {
        let pos = start(columns, rows);
        let one = solver::solve(&pos, &SolveConfig { distance: false, ..SolveConfig::default() }, &mut ()).unwrap();
        let dir = scratch_dir(&format!("agree-{columns}x{rows}"));
        let by_jobs = solve_in(&pos, &dir, budget, &mut here).unwrap();
        assert_eq!(Verdict::Win(by_jobs.winner), one.verdict, "{columns}x{rows}");
        assert!(by_jobs.waves > 2, "{columns}x{rows}: the budget cuts the proof into waves");
        solver::check_line(&pos, by_jobs.winner, &by_jobs.line).unwrap();
        assert_eq!(by_jobs.line.len() as u32, by_jobs.bound, "the line follows the proof's choices");
        fs::remove_dir_all(&dir).unwrap();
    }
}

/// The position a job's result file is about.
fn fen_of(result: &Path) -> String {
    let text = fs::read_to_string(result).unwrap();
    serde_json::from_str::<serde_json::Value>(&text).unwrap()["fen"].as_str().unwrap().to_owned()
}

/// The wave files of a job directory, in order.
fn waves_in(dir: &Path) -> Vec<PathBuf> {
    let mut waves: Vec<PathBuf> = fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "jobs"))
        .collect();
    waves.sort();
    waves
}

#[test]
fn a_job_that_dies_is_handed_out_again() {
    let pos = start(3, 5);
    let whole_dir = scratch_dir("whole");
    let whole = solve_in(&pos, &whole_dir, 300, &mut here).unwrap();
    let dir = scratch_dir("killed");
    // The positions whose results were lost, with the wave that lost them.
    let mut lost: Vec<(PathBuf, String)> = Vec::new();
    let mut killed = 0;
    let mut dying = |wave: &Path, jobs: usize| {
        here(wave, jobs);
        // The first wave with several jobs loses one job's result (its task
        // was killed), the next such wave loses all.
        let results = results_of(wave);
        if results.len() > 1 && killed < 2 {
            killed += 1;
            let gone = if killed == 1 { &results[..1] } else { &results[..] };
            for p in gone {
                lost.push((wave.to_path_buf(), fen_of(p)));
                fs::remove_file(p).unwrap();
            }
        }
    };
    let again = solve_in(&pos, &dir, 300, &mut dying).unwrap();
    assert_eq!(killed, 2);
    assert!(again.waves > whole.waves, "the lost jobs took more waves");
    assert_eq!((again.winner, &again.line, again.bound), (whole.winner, &whole.line, whole.bound));
    // Every lost job went out again in a later wave.
    let waves = waves_in(&dir);
    for (wave, fen) in &lost {
        let later = waves.iter().filter(|w| *w > wave).map(|w| fs::read_to_string(w).unwrap());
        assert!(
            later.clone().any(|text| text.contains(fen.as_str())),
            "{fen} lost in {wave:?} was not handed out again"
        );
    }
    fs::remove_dir_all(&whole_dir).unwrap();
    fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_resumed_job_level_proof_equals_an_uninterrupted_one() {
    let pos = start(3, 5);
    let whole_dir = scratch_dir("uninterrupted");
    let whole = solve_in(&pos, &whole_dir, 300, &mut here).unwrap();
    assert!(whole.waves >= 3, "the proof must outlast the interruption: {} waves", whole.waves);
    let dir = scratch_dir("interrupted");
    // The first run's jobs stop after two waves: the master gives up.
    let mut waves = 0;
    let mut stopping = |wave: &Path, jobs: usize| {
        waves += 1;
        if waves <= 2 {
            here(wave, jobs);
        }
    };
    let stopped = solve_in(&pos, &dir, 300, &mut stopping);
    assert!(matches!(stopped, Err(JobError::NoProgress(_))), "{stopped:?}");
    let resumed = solve_in(&pos, &dir, 300, &mut here).unwrap();
    assert_eq!((resumed.winner, &resumed.line, resumed.bound), (whole.winner, &whole.line, whole.bound));
    assert_eq!((resumed.jobs, resumed.job_nodes), (whole.jobs, whole.job_nodes));
    assert_eq!(resumed.waves + 2, whole.waves, "the resumed run starts where the results leave off");
    // Finished, the directory answers at once.
    let done = solve_in(&pos, &dir, 300, &mut |_, _| panic!("no wave needed")).unwrap();
    assert_eq!(done.line, whole.line);
    fs::remove_dir_all(&whole_dir).unwrap();
    fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn each_wave_comes_with_the_results_so_far_and_the_roots_numbers() {
    let pos = start(3, 5);
    let dir = scratch_dir("numbers");
    let settings = settings(300);
    let run_dir = JobDir::open(&dir, &pos, &settings).unwrap();
    let mut heard: Vec<(usize, u32, u32)> = Vec::new();
    let solution = jobs::solve_by_jobs(&pos, &settings, &run_dir, &mut |wave: &WaveStart| {
        heard.push((wave.results, wave.proof, wave.disproof));
        here(wave.path, wave.jobs);
    })
    .unwrap();
    assert_eq!(heard.len(), solution.waves);
    assert_eq!(heard[0].0, 0, "no result before the first wave");
    for pair in heard.windows(2) {
        assert!(pair[1].0 > pair[0].0, "each wave brings results: {heard:?}");
    }
    // Open numbers: neither 0 (decided) nor infinite, while waves go out.
    assert!(heard.iter().all(|&(_, p, d)| p > 0 && d > 0 && p < 1 << 30 && d < 1 << 30), "{heard:?}");
    // Black wins 3x5: White's (the mover's) win looks ever harder to prove.
    let (first, last) = (heard[0], heard[heard.len() - 1]);
    assert!(last.1 > first.1 || last.2 < first.2, "{heard:?}");
    fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn shards_of_a_wave_run_each_job_once() {
    let pos = start(3, 5);
    let dir = scratch_dir("shards");
    let mut counted = Vec::new();
    let mut by_shards = |wave: &Path, jobs: usize| {
        let ran: usize = (1..=3).map(|k| jobs::run_wave(wave, k, 3, 1).unwrap()).sum();
        assert_eq!(ran, jobs);
        assert_eq!(jobs::run_wave(wave, 2, 3, 1).unwrap(), 0, "a task run again skips what is done");
        counted.push(ran);
    };
    let s = solve_in(&pos, &dir, 300, &mut by_shards).unwrap();
    assert_eq!(counted.iter().sum::<usize>(), s.jobs);
    fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn job_level_proofs_refuse_what_they_cannot_answer() {
    let dir = scratch_dir("refuse");
    let loa = Position::start(Variant::LinesOfAction, BoardSize::new(6, 6)).unwrap();
    assert!(matches!(solve_in(&loa, &dir, 100, &mut here), Err(JobError::Repeats)));
    let pos = start(3, 5);
    solve_in(&pos, &dir, 300, &mut here).unwrap();
    let other = solve_in(&pos, &dir, 400, &mut here).unwrap_err();
    assert!(matches!(other, JobError::Foreign { .. }), "another budget: {other}");
    let mut moved = pos.clone();
    moved.play_text("a2-a3").unwrap();
    assert!(matches!(solve_in(&moved, &dir, 300, &mut here), Err(JobError::Foreign { .. })));
    let missing = jobs::run_wave(&dir.join("wave-9999.jobs"), 1, 1, 1).unwrap_err();
    assert!(missing.to_string().contains("wave-9999.jobs"), "{missing}");
    fs::remove_dir_all(&dir).unwrap();
}
