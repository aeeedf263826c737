//! Another program run for a game: started with piped input and output, told
//! lines, and read line by line with a deadline, so a silent program is a
//! timeout rather than a hang. Both kinds of program seat (`engine:` and
//! `uci:`/`ugi:`) talk through it.

use std::io::{BufRead, BufReader, Write};
use std::path::Path;
use std::process::{self, Child, ChildStdin, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::time::Duration;

use web_time::Instant;

use super::engine_error::EngineError;
use breakline_rules::error::SharedSource;

/// A running program and the lines it writes.
pub(crate) struct Program {
    child: Child,
    stdin: ChildStdin,
    lines: Receiver<String>,
    /// The longest wait for any one answer.
    pub(crate) timeout: Duration,
    /// The line that ends the session, sent when the program is let go.
    quit: &'static str,
}

impl Program {
    /// Runs `program` with `args`, its standard error dropped.
    pub(crate) fn spawn(
        program: &Path,
        args: &[String],
        timeout: Duration,
        quit: &'static str,
    ) -> Result<Program, EngineError> {
        let name = program.display().to_string();
        let mut child = process::Command::new(program)
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .map_err(|e| EngineError::Start { program: name.clone(), reason: SharedSource::new(e) })?;
        let (Some(stdin), Some(stdout)) = (child.stdin.take(), child.stdout.take()) else {
            let _ = child.kill();
            return Err(EngineError::NoPipes(name));
        };
        let (tx, lines) = mpsc::channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { break };
                if tx.send(line).is_err() {
                    break;
                }
            }
        });
        Ok(Program { child, stdin, lines, timeout, quit })
    }

    /// Writes one line.
    pub(crate) fn send(&mut self, line: &str) -> Result<(), EngineError> {
        writeln!(self.stdin, "{line}").and_then(|_| self.stdin.flush()).map_err(|_| EngineError::Exited)
    }

    /// The next line, waiting until `deadline` at most; `waiting_for` is the
    /// command it answers, for the error.
    pub(crate) fn next_line(&mut self, deadline: Instant, waiting_for: &str) -> Result<String, EngineError> {
        let left = deadline.saturating_duration_since(Instant::now());
        match self.lines.recv_timeout(left) {
            Ok(line) => Ok(line),
            Err(RecvTimeoutError::Timeout) => {
                Err(EngineError::Timeout { command: waiting_for.to_string(), ms: self.timeout.as_millis() })
            }
            Err(RecvTimeoutError::Disconnected) => Err(EngineError::ExitedBeforeAnswer(waiting_for.to_string())),
        }
    }
}

impl Drop for Program {
    fn drop(&mut self) {
        let _ = self.send(self.quit);
        // Give it a moment to leave on its own, then make sure it is gone.
        for _ in 0..20 {
            if matches!(self.child.try_wait(), Ok(Some(_))) {
                return;
            }
            std::thread::sleep(Duration::from_millis(5));
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}
