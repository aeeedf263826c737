//! The job's round trip: written, read back and run as the worker runs it.

use breakline_ai::search::{Level, Limit};
use breakline_rules::{BoardSize, Variant};

use super::*;

fn played(variant: Variant, moves: usize) -> Position {
    let mut position = Position::start(variant, BoardSize::new(8, 8)).expect("start");
    for _ in 0..moves {
        let mv = position.legal_moves()[0];
        position.play(mv).expect("legal");
    }
    position
}

#[test]
fn a_job_rebuilds_its_position() {
    for variant in [Variant::Breakthrough, Variant::LinesOfAction] {
        let position = played(variant, 3);
        let job = SearchJob::new(&position, &Level::MASTER.config(), 1, None);
        let text = serde_json::to_string(&job).expect("writes");
        let read: SearchJob = serde_json::from_str(&text).expect("reads");
        assert_eq!(read, job);
        assert_eq!(read.position().expect("valid").hash(), position.hash());
    }
}

#[test]
fn a_job_runs_and_reports() {
    let position = played(Variant::Breakthrough, 2);
    // Without its book, so the master searches from the opening.
    let mut config = Level::MASTER.config();
    config.set_book(false);
    let config = config.with_limits(&[Limit::TimeMs(200)]).expect("by time");
    let job = serde_json::to_string(&SearchJob::new(&position, &config, 1, None)).expect("writes");
    let mut reports = 0;
    let end = run_json(&job, |report| {
        assert!(matches!(serde_json::from_str(&report), Ok(Reply::Progress(_))), "{report}");
        reports += 1;
    });
    let Ok(Reply::Done(result)) = serde_json::from_str::<Reply>(&end) else { panic!("no move: {end}") };
    assert!(position.legal_moves().contains(&result.best_move));
    assert!(reports > 0, "progress was reported");
}

#[test]
fn a_bad_job_fails_in_words() {
    let end = run_json("{not a job", |_| {});
    assert!(matches!(serde_json::from_str(&end), Ok(Reply::Failed(_))), "{end}");
}

#[test]
fn the_pages_bench_job_is_the_bench() {
    let stored: SearchJob = serde_json::from_str(include_str!("../../../web/bench-job.json")).expect("reads");
    assert_eq!(
        stored,
        bench().expect("the bench job"),
        "regenerate it: cargo run -p breakline-web-worker --example bench -- --json"
    );
}
