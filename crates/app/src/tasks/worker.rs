//! The browser's searches in a Web Worker (`web/worker.js` running the
//! engine-only `breakline-web-worker` wasm): the job posted as JSON,
//! progress and the end posted back and sent on to the job's channels.
//! Stopping is terminating: a search that polls nothing cannot be asked
//! to stop, so each job gets a fresh worker and dropping the job ends it
//! (a SharedArrayBuffer flag would need a cross-origin isolated page).

use std::cell::{Cell, RefCell};
use std::collections::HashMap;
use std::sync::Arc;
use std::sync::mpsc::{Sender, channel};

use bevy::log::{error, info};
use breakline_web_worker::{Reply, SearchJob};
use thiserror::Error;
use wasm_bindgen::prelude::*;
use web_time::Instant;

use crate::engine::{SearchInfo, SearchResult};
use crate::game::request::AiError;
use crate::game::wake::{PROGRESS_INTERVAL, Waker};
use crate::tasks::job::BackgroundJob;

/// A search's end, as `search_job::SearchOutcome`.
type Outcome = Result<SearchResult, AiError>;

/// The worker's script, beside the page (web/build.sh puts it there).
const SCRIPT: &str = "worker.js";

#[wasm_bindgen]
extern "C" {
    type Worker;
    #[wasm_bindgen(constructor, catch)]
    fn new(url: &str, options: &JsValue) -> Result<Worker, JsValue>;
    #[wasm_bindgen(method, catch, js_name = postMessage)]
    fn post_message(this: &Worker, message: &JsValue) -> Result<(), JsValue>;
    #[wasm_bindgen(method)]
    fn terminate(this: &Worker);
    #[wasm_bindgen(method, setter)]
    fn set_onmessage(this: &Worker, handler: &js_sys::Function);
    #[wasm_bindgen(method, setter)]
    fn set_onerror(this: &Worker, handler: &js_sys::Function);
}

/// Why a search in the worker ended without a move.
#[derive(Debug, Error)]
enum WorkerError {
    #[error("the search worker could not start: {0}")]
    Start(String),
    #[error("the search worker failed: {0}")]
    Failed(String),
    #[error("the search worker's reply is not readable: {0}")]
    Unreadable(String),
}

/// A running worker and its handlers, kept alive until its job is dropped
/// (a handler is never dropped while it runs: only the job's drop ends it).
struct Running {
    worker: Worker,
    _message: Closure<dyn FnMut(JsValue)>,
    _error: Closure<dyn FnMut(JsValue)>,
}

thread_local! {
    // The page has one thread; a job (which must be Send) holds only its id.
    static RUNNING: RefCell<HashMap<u64, Running>> = RefCell::new(HashMap::new());
    static NEXT_ID: Cell<u64> = const { Cell::new(0) };
}

/// Starts `job` in a fresh worker; see `search_job::spawn`.
pub(crate) fn start(
    name: &str,
    waker: &Waker,
    job: &SearchJob,
    progress: Option<Sender<SearchInfo>>,
) -> BackgroundJob<Outcome> {
    let fail = |error: WorkerError| failed(name, error);
    let text = match serde_json::to_string(job) {
        Ok(text) => text,
        Err(e) => return fail(WorkerError::Start(e.to_string())),
    };
    let options = js_sys::Object::new();
    let _ = js_sys::Reflect::set(&options, &"type".into(), &"module".into());
    let worker = match Worker::new(SCRIPT, &options) {
        Ok(worker) => worker,
        Err(e) => return fail(WorkerError::Start(format!("{e:?}"))),
    };
    let (sender, result) = channel();
    let message = on_message(name.to_string(), waker.clone(), sender.clone(), progress);
    let error = on_error(waker.clone(), sender);
    worker.set_onmessage(message.as_ref().unchecked_ref());
    worker.set_onerror(error.as_ref().unchecked_ref());
    if let Err(e) = worker.post_message(&JsValue::from_str(&text)) {
        worker.terminate();
        return fail(WorkerError::Start(format!("{e:?}")));
    }
    let id = NEXT_ID.with(|next| next.replace(next.get() + 1));
    RUNNING.with(|running| running.borrow_mut().insert(id, Running { worker, _message: message, _error: error }));
    BackgroundJob::in_worker(result, Some(Box::new(move || stop(id))))
}

/// A job that failed before its worker ran: its error is its result.
fn failed(name: &str, error: WorkerError) -> BackgroundJob<Outcome> {
    error!("{name}: {error}");
    let (sender, result) = channel();
    let _ = sender.send(Err(Arc::new(error) as AiError));
    BackgroundJob::in_worker(result, None)
}

/// Ends the worker of job `id` (its search, if it still runs) and lets its
/// handlers go; called when the job is dropped.
fn stop(id: u64) {
    if let Some(running) = RUNNING.with(|running| running.borrow_mut().remove(&id)) {
        running.worker.terminate();
    }
}

fn on_message(
    name: String,
    waker: Waker,
    sender: Sender<Outcome>,
    progress: Option<Sender<SearchInfo>>,
) -> Closure<dyn FnMut(JsValue)> {
    let started = Instant::now();
    let throttled = waker.throttled(PROGRESS_INTERVAL);
    Closure::new(move |event: JsValue| {
        let data = js_sys::Reflect::get(&event, &"data".into()).ok().and_then(|d| d.as_string());
        let reply = data.as_deref().map(serde_json::from_str::<Reply>);
        // The receivers are gone once the job is dropped; nobody needs these then.
        let end = match reply {
            Some(Ok(Reply::Ready(ms))) => {
                let waited = started.elapsed().as_secs_f64() * 1000.0;
                info!("{name}: search worker ready in {waited:.0} ms (its wasm loaded in {ms:.0} ms)");
                return;
            }
            Some(Ok(Reply::Progress(info))) => {
                if let Some(progress) = &progress {
                    let _ = progress.send(info);
                    throttled.wake();
                }
                return;
            }
            Some(Ok(Reply::Done(result))) => Ok(result),
            Some(Ok(Reply::Failed(why))) => Err(WorkerError::Failed(why)),
            Some(Err(e)) => Err(WorkerError::Unreadable(e.to_string())),
            None => Err(WorkerError::Unreadable("not text".into())),
        };
        let _ = sender.send(end.map_err(|error| Arc::new(error) as AiError));
        waker.wake();
    })
}

fn on_error(waker: Waker, sender: Sender<Outcome>) -> Closure<dyn FnMut(JsValue)> {
    Closure::new(move |event: JsValue| {
        let why = js_sys::Reflect::get(&event, &"message".into()).ok().and_then(|m| m.as_string());
        let error = WorkerError::Failed(why.unwrap_or_else(|| "an error with no message".into()));
        error!("{error}");
        let _ = sender.send(Err(Arc::new(error) as AiError));
        waker.wake();
    })
}
