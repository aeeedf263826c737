//! The browser's bench search run natively, for its nodes a second beside
//! the worker's (web/test.mjs): `--json` prints the job web/bench-job.json
//! holds; with no argument it runs that job and prints what it found.

use breakline_web_worker::{Reply, bench, run_json};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let job = serde_json::to_string(&bench()?)?;
    if std::env::args().nth(1).as_deref() == Some("--json") {
        println!("{job}");
        return Ok(());
    }
    match serde_json::from_str(&run_json(&job, |_| {}))? {
        Reply::Done(result) => {
            let info = result.info;
            let seconds = info.time.as_secs_f64().max(1e-9);
            println!(
                "native: depth {} · {} nodes in {:.0} ms · {:.0} nodes/s",
                info.depth,
                info.nodes,
                seconds * 1000.0,
                info.nodes as f64 / seconds
            );
            Ok(())
        }
        other => Err(format!("the bench search gave no move: {other:?}").into()),
    }
}
