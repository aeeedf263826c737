// Runs a wasm32-wasip1 program (a crate's test binary) under Node's WASI, so
// the engine's tests run as WebAssembly with no runtime to install: cargo
// calls it as the target's runner, and this process ends with the program's
// exit code. The program runs in a child Node, single-threaded, which writes
// its code to a pipe before it exits: Node 20's background threads can race
// a large memory's growth, and it can crash after the program has finished
// (both seen here as segfaults); a crash before the code is written is a
// failure.
import { spawn } from "node:child_process";
import { writeSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { WASI } from "node:wasi";
import process, { argv, env } from "node:process";

const [program, ...args] = argv.slice(2);
if (env.WASI_RUN_CHILD === undefined) {
    const options = { stdio: ["inherit", "inherit", "inherit", "pipe"], env: { ...env, WASI_RUN_CHILD: "1" } };
    const self = new URL(import.meta.url).pathname;
    const child = spawn(process.execPath, ["--single-threaded", "--no-warnings", self, program, ...args], options);
    let sent = null;
    child.stdio[3].on("data", (code) => { sent = Number(code); });
    child.on("close", (code, signal) => {
        if (sent === null && signal !== null) console.error(`wasi-run: ${program} ended by ${signal}`);
        process.exit(sent ?? code ?? 1);
    });
} else {
    // Written at once to the parent's pipe (fd 3), before anything can crash.
    const done = (code) => { writeSync(3, String(code)); process.reallyExit(code); };
    const wasi = new WASI({ version: "preview1", args: [program, ...args], env, preopens: { "/": "/" } });
    const imports = wasi.getImportObject();
    imports.wasi_snapshot_preview1.proc_exit = done;
    const module = await WebAssembly.compile(await readFile(program));
    try {
        wasi.start(await WebAssembly.instantiate(module, imports));
        done(0);
    } catch (e) {
        console.error(e);
        done(1);
    }
}
