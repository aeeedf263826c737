// The AI's searches off the page's thread: a module worker running the
// engine-only wasm (crates/web-worker, built by web/build.sh). Each message
// is a search job (JSON); the worker posts each progress report and then the
// end (JSON). The page stops a search by terminating the worker and starts
// a fresh one for the next job. Its first message says it is ready.
import init, { search } from "./breakline_worker.js";

const started = performance.now();
const ready = init().then(
  () => postMessage(JSON.stringify({ ready: performance.now() - started })),
  (error) => postMessage(JSON.stringify({ failed: `the search worker could not start: ${error}` })),
);
onmessage = async ({ data }) => {
  await ready;
  postMessage(search(data, (report) => postMessage(report)));
};
