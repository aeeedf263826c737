//! The worker's entry: `web/worker.js` calls [`search`] with each posted job
//! and posts what it hands to `progress`, then what it returns.

use wasm_bindgen::prelude::*;

/// Runs the search job `job` (JSON); calls `progress` with each report
/// (JSON) and returns the end (JSON).
#[wasm_bindgen]
pub fn search(job: &str, progress: &js_sys::Function) -> String {
    crate::run_json(job, |report| {
        // A failing callback only loses a progress report; the end still comes.
        let _ = progress.call1(&JsValue::NULL, &JsValue::from_str(&report));
    })
}
