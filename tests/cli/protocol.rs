//! The engine protocol, one session driven line by line as a client would:
//! replies and a running search's lines arrive in one shared output.

use std::io::Write;
use std::sync::{Arc, Mutex};
use std::thread;
use std::time::{Duration, Instant};

use breakline::engine::protocol::session::{Dialect, EngineSession, Flow, Sink};
use breakline::engine::{Position, Variant};

/// How long a search may take to answer `stop`: far above the milliseconds it
/// needs, so a loaded machine cannot fail the test, yet a search that ignored
/// the request (and ran on for minutes) would.
pub(crate) const PROMPTLY: Duration = Duration::from_secs(10);

/// The bytes a session wrote, shared with the test.
#[derive(Clone, Default)]
struct Buffer(Arc<Mutex<Vec<u8>>>);

impl Write for Buffer {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        self.0.lock().unwrap().extend_from_slice(buf);
        Ok(buf.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

pub(crate) struct Client {
    pub(crate) session: EngineSession,
    out: Sink,
    buffer: Buffer,
    /// Lines already returned to the test.
    read: usize,
}

impl Client {
    fn new() -> Client {
        Client::speaking(Dialect::Line)
    }

    /// A client of a session in `dialect`.
    pub(crate) fn speaking(dialect: Dialect) -> Client {
        let buffer = Buffer::default();
        let out = Sink::new(buffer.clone());
        Client { session: EngineSession::with_dialect(out.clone(), dialect), out, buffer, read: 0 }
    }

    pub(crate) fn send(&mut self, line: &str) -> Flow {
        self.session.handle(line, &mut self.out).unwrap()
    }

    /// The whole lines written since the last call.
    pub(crate) fn lines(&mut self) -> Vec<String> {
        let text = String::from_utf8(self.buffer.0.lock().unwrap().clone()).unwrap();
        let whole: Vec<String> =
            text.split_inclusive('\n').filter_map(|l| l.strip_suffix('\n')).map(String::from).collect();
        let new = whole[self.read..].to_vec();
        self.read = whole.len();
        new
    }

    /// Sends a command that answers at once and returns its reply.
    pub(crate) fn ask(&mut self, line: &str) -> Vec<String> {
        self.send(line);
        self.lines()
    }

    pub(crate) fn one(&mut self, line: &str) -> String {
        let lines = self.ask(line);
        assert_eq!(lines.len(), 1, "{line} -> {lines:?}");
        lines[0].clone()
    }

    /// Every line up to the first starting with `prefix`, waiting for it.
    pub(crate) fn wait_for(&mut self, prefix: &str, bound: Duration) -> Vec<String> {
        let start = Instant::now();
        let mut seen = Vec::new();
        loop {
            for line in self.lines() {
                let found = line.starts_with(prefix);
                seen.push(line);
                if found {
                    return seen;
                }
            }
            assert!(start.elapsed() < bound, "no '{prefix}' line within {bound:?}; got {seen:?}");
            thread::sleep(Duration::from_millis(5));
        }
    }

    /// Sends `go` and waits for its best move, which must be legal.
    fn go(&mut self, line: &str) -> Vec<String> {
        let legal = self.session.position().legal_moves();
        self.send(line);
        let lines = self.wait_for("bestmove ", Duration::from_secs(120));
        let best = lines.last().unwrap().strip_prefix("bestmove ").unwrap();
        let pos = self.session.position();
        assert!(legal.iter().any(|&m| pos.move_name(m) == best), "{line}: {best} is not legal");
        lines
    }
}

#[test]
fn a_session_plays_through_the_documented_commands() {
    let mut c = Client::new();
    assert_eq!(
        c.one("variant breakthrough 2x5"),
        "error breakthrough is not played on 2x5: columns 3-12 and rows 5-12 are supported"
    );
    assert_eq!(c.one("variant breakthrough 6x6"), "ok");
    assert_eq!(c.one("isready"), "readyok");
    assert_eq!(c.one("fen"), "fen bbbbbb/bbbbbb/6/6/wwwwww/wwwwww w");
    let legal = c.one("legal");
    assert!(legal.starts_with("legal ") && legal.split(' ').count() == 17, "{legal}");
    assert_eq!(c.one("play a2-a3"), "ok");
    assert_eq!(c.one("status"), "status ongoing black");
    assert_eq!(c.one("position startpos moves a2-a3 a5-a4 b2-b3"), "ok");
    assert_eq!(c.one("fen"), "fen bbbbbb/1bbbbb/b5/ww4/2wwww/wwwwww b");
    assert_eq!(c.one("position fen 3b1/5/5/w4/5/5/5/1w3 w moves a5-a6 d8-d7 a6-a7 d7-d6 a7-a8"), "ok");
    assert_eq!(c.one("status"), "status win white");
    assert_eq!(c.one("legal"), "legal");
    assert_eq!(c.one("go depth 2"), "error game over");
    assert_eq!(c.one("variant loa 8x8"), "ok");
    assert_eq!(c.one("fen"), "fen 1bbbbbb1/w6w/w6w/w6w/w6w/w6w/w6w/1bbbbbb1 b");
    assert_eq!(c.one("status"), "status ongoing black");
    c.send("perft 2");
    assert_eq!(c.wait_for("perft", PROMPTLY), ["perft 2 1244"]);
    assert!(c.ask("stop").is_empty(), "stop without a search is ignored");
    assert_eq!(c.send("quit"), Flow::Quit);
    assert!(c.lines().is_empty());
}

#[test]
fn bad_lines_get_an_error_and_change_nothing() {
    let mut c = Client::new();
    c.one("play a2-a3");
    let before = c.one("fen");
    for bad in [
        "frobnicate",
        "play a2-a4",
        "play a7-a6x",
        "play",
        "position fen 8/8 w",
        "position fen bbbbbbbb/bbbbbbbb/8/8/8/8/wwwwwwww/wwwwwwww w moves a2-a3 a2-a3",
        "position startpos moves a2-a5",
        "position sideways",
        "variant chess",
        "variant loa 8x9",
        "variant loa 13x13",
        "setoption ai bogus:expert",
        "setoption ai alphabeta:classic",
        "setoption threads 0",
        "setoption threads many",
        "setoption threads",
        "setoption multipv 0",
        "setoption multipv 33",
        "setoption multipv x",
        "setoption multipv",
        "go depth x",
        "go depth 0",
        "go movetime",
        "go sideways 3",
        "go infinite depth 3",
        "go iterations 100",
        "go depth 2 ai minimax:expert:time=5",
        "go ai alphabeta:expert movetime 100",
        "perft 9",
        "perft",
    ] {
        let reply = c.one(bad);
        assert!(reply.starts_with("error "), "{bad} -> {reply}");
        assert!(!c.session.is_busy(), "{bad} started something");
        assert_eq!(c.one("fen"), before, "{bad} changed the position");
    }
    assert!(c.ask("   ").is_empty(), "blank lines are ignored");
}

#[test]
fn go_reports_info_lines_then_a_legal_best_move() {
    let mut c = Client::new();
    c.one("variant breakthrough 6x6");
    assert_eq!(c.one("setoption ai alphabeta:offensive1:depth=2"), "ok");
    let lines = c.go("go");
    let (last, infos) = lines.split_last().unwrap();
    assert!(!infos.is_empty() && infos.iter().all(|l| l.starts_with("info depth 2 ")), "{lines:?}");
    assert!(infos.last().unwrap().contains(" pv "), "{lines:?}");
    let best = last.strip_prefix("bestmove ").unwrap();
    assert_eq!(c.one(&format!("play {best}")), "ok", "the position takes commands once bestmove is out");
    // Limits on the go line replace the configured ones, and `ai` replaces the player.
    let lines = c.go("go depth 3 ai enhanced:offensive2");
    let depths: Vec<&str> = lines.iter().filter_map(|l| l.split(' ').nth(2)).collect();
    assert_eq!(depths, ["1", "2", "3", "3"], "{lines:?}");
    let lines = c.go("go iterations 50 ai mcts:expert:time=100000");
    assert!(lines.iter().any(|l| l.contains(" iterations 50")), "{lines:?}");
    // `setoption threads` sets what `auto` means; a config's own count stays.
    for threads in ["2", "auto", "1"] {
        assert_eq!(c.one(&format!("setoption threads {threads}")), "ok");
        for ai in ["enhanced:expert:time=30", "mcts:expert:time=30", "enhanced:expert:time=30:threads=3"] {
            let lines = c.go(&format!("go ai {ai}"));
            let best = lines.last().unwrap().strip_prefix("bestmove ").unwrap();
            assert!(c.one("legal").split(' ').any(|m| m == best), "{ai}: {lines:?}");
        }
    }
}

/// Starts `go infinite` with `ai` and waits until it has reported once.
fn start_infinite(c: &mut Client, ai: &str) {
    assert_eq!(c.one(&format!("setoption ai {ai}")), "ok");
    c.send("go infinite");
    assert!(c.session.is_busy());
}

#[test]
fn stop_ends_an_infinite_search_at_once_with_its_best_move() {
    let mut c = Client::new();
    for ai in ["enhanced:expert", "mcts:expert", "alphabeta:offensive1", "minimax:offensive1"] {
        start_infinite(&mut c, ai);
        // A search that reports proves it is running before the stop (MCTS
        // reports every so often, the fixed-depth searches only at the end).
        if ai.starts_with("enhanced") {
            c.wait_for("info depth 3 ", Duration::from_secs(60));
        } else {
            thread::sleep(Duration::from_millis(100));
        }
        assert!(c.session.is_busy(), "{ai}: an infinite search waits for stop");
        let asked = Instant::now();
        c.send("stop");
        assert!(asked.elapsed() < PROMPTLY, "{ai}: stop took {:?}", asked.elapsed());
        let lines = c.lines();
        let best = lines.last().and_then(|l| l.strip_prefix("bestmove ")).unwrap_or_else(|| panic!("{ai}: {lines:?}"));
        if ai.starts_with("alphabeta") || ai.starts_with("minimax") {
            // Stopped long before a root move was searched to depth 64: the
            // last word claims nothing (it once read "depth 64 score loss0").
            let info = lines.iter().rev().find(|l| l.starts_with("info ")).expect("a last info line");
            assert!(info.starts_with("info depth 0 score +0 "), "{ai}: {lines:?}");
        }
        let start = Position::start(Variant::Breakthrough, Variant::Breakthrough.default_size()).unwrap();
        assert!(start.legal_moves().iter().any(|&m| start.move_name(m) == best), "{ai}: {best}");
        assert!(!c.session.is_busy());
        assert_eq!(c.one(&format!("play {best}")), "ok");
        assert_eq!(c.one("undo"), "ok");
    }
}

#[test]
fn an_infinite_search_holds_its_answer_until_stop() {
    let mut c = Client::new();
    // White wins in one: the search proves it at once, but must not answer
    // before the client says stop.
    assert_eq!(c.one("position fen 5/w4/5/4b/5 w"), "ok");
    start_infinite(&mut c, "enhanced:expert");
    c.wait_for("info ", Duration::from_secs(60));
    thread::sleep(Duration::from_millis(200));
    assert!(c.lines().iter().all(|l| !l.starts_with("bestmove")));
    assert!(c.session.is_busy());
    c.send("stop");
    let last = c.lines().last().cloned().unwrap_or_default();
    assert!(last == "bestmove a4-a5" || last == "bestmove a4-b5", "{last}");
}

#[test]
fn isready_and_the_position_answer_during_a_search() {
    let mut c = Client::new();
    assert_eq!(c.one("play a2-a3"), "ok");
    let fen = c.one("fen");
    start_infinite(&mut c, "mcts:expert");
    c.send("isready");
    c.wait_for("readyok", PROMPTLY);
    c.send("fen");
    assert_eq!(c.wait_for("fen ", PROMPTLY).last(), Some(&fen));
    c.send("status");
    assert_eq!(c.wait_for("status ", PROMPTLY).last().unwrap(), "status ongoing black");
    c.send("stop");
    assert!(c.lines().last().unwrap().starts_with("bestmove "));
}

#[test]
fn commands_that_change_the_position_are_refused_during_a_search() {
    let mut c = Client::new();
    let fen = c.one("fen");
    start_infinite(&mut c, "enhanced:expert");
    for command in [
        "variant loa",
        "position startpos moves a2-a3",
        "play a2-a3",
        "undo",
        "setoption ai easy",
        "go depth 1",
        "perft 1",
    ] {
        c.send(command);
        let lines = c.wait_for("error ", PROMPTLY);
        assert_eq!(lines.last().unwrap(), "error a search is running: send stop first", "{command}");
    }
    c.send("fen");
    assert_eq!(c.wait_for("fen ", PROMPTLY).last(), Some(&fen));
    c.send("stop");
    assert!(c.lines().last().unwrap().starts_with("bestmove "));
    assert_eq!(c.one("play a2-a3"), "ok");
    assert_eq!(c.one("setoption ai easy"), "ok");
}

#[test]
fn perft_runs_in_the_background_and_stops() {
    let mut c = Client::new();
    assert_eq!(c.one("variant loa 12x12"), "ok");
    c.send("perft 8");
    c.send("isready");
    c.wait_for("readyok", PROMPTLY);
    assert_eq!(c.one("play b1-b3"), "error a perft is running: send stop first");
    let asked = Instant::now();
    c.send("stop");
    assert!(asked.elapsed() < PROMPTLY);
    assert_eq!(c.lines(), ["perft 8 stopped"]);
    c.send("perft 2");
    assert_eq!(c.wait_for("perft", PROMPTLY), ["perft 2 3548"]);
}

#[test]
fn quit_during_a_search_stops_it_and_quits() {
    let mut c = Client::new();
    start_infinite(&mut c, "enhanced:expert");
    let asked = Instant::now();
    assert_eq!(c.send("quit"), Flow::Quit);
    assert!(asked.elapsed() < PROMPTLY);
    assert!(c.lines().last().unwrap().starts_with("bestmove "));
    assert!(!c.session.is_busy());
}

#[test]
fn solve_answers_with_the_winner_distance_and_line() {
    let mut c = Client::new();
    assert_eq!(c.one("variant breakthrough 3x5"), "ok");
    let reply = c.one("solve movetime 60000");
    let words: Vec<&str> = reply.split(' ').collect();
    assert_eq!(&words[..4], ["solved", "win", "black", "18"], "{reply}");
    assert_eq!(words[4], "nodes");
    let pv = reply.split(" pv ").nth(1).unwrap();
    assert_eq!(pv.split(' ').count(), 18, "{reply}");
    assert_eq!(c.one("variant breakthrough 8x8"), "ok");
    assert_eq!(c.one("solve nodes 1000"), "solved unknown nodes 1024");
    assert_eq!(c.one("solve movetime"), "error solve option 'movetime' needs a value");
    assert_eq!(c.one("solve depth 3"), "error unknown solve option 'depth'");
    assert_eq!(c.one("position fen w4/5/5/2b2/5 b"), "ok");
    assert_eq!(c.one("solve"), "error the game is already over");
}

#[test]
fn a_book_move_says_so_and_a_search_does_not() {
    let mut c = Client::new();
    c.one("variant loa 8x8");
    let lines = c.go("go ai enhanced:expert:depth=2:book=on");
    assert_eq!(lines.first().map(String::as_str), Some("info string book move"), "{lines:?}");
    assert_eq!(lines.len(), 3, "the book line, one info line, bestmove: {lines:?}");
    let lines = c.go("go ai enhanced:expert:depth=2:book=off");
    assert!(lines.iter().all(|l| !l.contains("book")), "{lines:?}");
}

#[test]
fn setoption_wdl_adds_winning_chances_that_follow_the_score() {
    let mut c = Client::new();
    c.one("variant breakthrough 8x8");
    let plain = c.go("go depth 2 ai alphabeta:expert");
    assert!(plain.iter().all(|l| !l.contains(" wdl ")), "off by default: {plain:?}");
    assert_eq!(c.one("setoption wdl maybe"), "error setoption wdl takes on or off, not 'maybe'");
    assert_eq!(c.one("setoption wdl on"), "ok");
    let lines = c.go("go depth 2 ai alphabeta:expert");
    let info = lines.iter().rev().find(|l| l.starts_with("info depth")).expect("an info line");
    let words: Vec<&str> = info.split(' ').collect();
    let at = words.iter().position(|w| *w == "wdl").expect("a wdl field");
    let wdl: Vec<u32> = words[at + 1..at + 4].iter().map(|w| w.parse().unwrap()).collect();
    assert_eq!(wdl.iter().sum::<u32>(), 1000, "{info}");
    let score: i32 = words[words.iter().position(|w| *w == "score").unwrap() + 1].parse().unwrap();
    let expected = breakline::engine::ai::eval::win_chance(Variant::Breakthrough, score);
    assert_eq!(wdl[0], (expected * 1000.0).round() as u32, "{info}");
    assert_eq!(wdl[0] > 500, score > 0, "{info}");
}

/// The `info` lines of one report of `lines` (from the start), each as its
/// `multipv` number, depth, score and first move.
fn multipv_fields(lines: &[String]) -> Vec<(usize, u32, String, String)> {
    lines
        .iter()
        .filter(|l| l.starts_with("info "))
        .map(|l| {
            let w: Vec<&str> = l.split(' ').collect();
            assert_eq!((w[1], w[3], w[5]), ("multipv", "depth", "score"), "{l}");
            let pv = l.split(" pv ").nth(1).unwrap_or_else(|| panic!("a line: {l}"));
            (w[2].parse().unwrap(), w[4].parse().unwrap(), w[6].to_string(), pv.split(' ').next().unwrap().to_string())
        })
        .collect()
}

#[test]
fn setoption_multipv_reports_every_line_of_every_depth() {
    let mut c = Client::new();
    assert_eq!(c.one("setoption multipv 3"), "ok");
    let lines = c.go("go depth 4 ai enhanced:expert");
    let fields = multipv_fields(&lines);
    // Depths 1 to 4 as they finish, then the result once more.
    let numbered: Vec<(usize, u32)> = fields.iter().map(|f| (f.0, f.1)).collect();
    let expected: Vec<(usize, u32)> = [1, 2, 3, 4, 4].iter().flat_map(|&d| (1..=3).map(move |k| (k, d))).collect();
    assert_eq!(numbered, expected, "{lines:?}");
    for report in fields.chunks(3) {
        let firsts: Vec<&String> = report.iter().map(|f| &f.3).collect();
        assert!(firsts[0] != firsts[1] && firsts[1] != firsts[2] && firsts[0] != firsts[2], "{lines:?}");
        let scores: Vec<i32> = report.iter().map(|f| f.2.parse().unwrap()).collect();
        assert!(scores.windows(2).all(|w| w[0] >= w[1]), "best first: {lines:?}");
    }
    let best = lines.last().unwrap().strip_prefix("bestmove ").unwrap();
    assert_eq!(best, fields[fields.len() - 3].3, "bestmove is multipv 1's move: {lines:?}");
    // A refused count keeps the last one; one line is the plain form again.
    assert_eq!(c.one("setoption multipv 0"), "error bad multipv line count '0' (a count from 1 to 32)");
    assert_eq!(c.one("setoption multipv x"), "error bad multipv line count 'x' (a count from 1 to 32)");
    assert_eq!(multipv_fields(&c.go("go depth 2 ai enhanced:expert")).len(), 9);
    assert_eq!(c.one("setoption multipv 1"), "ok");
    let plain = c.go("go depth 2 ai enhanced:expert");
    assert!(plain.iter().filter(|l| l.starts_with("info ")).all(|l| l.starts_with("info depth ")), "{plain:?}");
    // Algorithms of one line give it as line 1; each line has its own chances.
    assert_eq!(c.one("setoption multipv 2"), "ok");
    assert_eq!(c.one("setoption wdl on"), "ok");
    let lines = c.go("go depth 2 ai alphabeta:expert");
    let infos: Vec<&String> = lines.iter().filter(|l| l.starts_with("info ")).collect();
    assert!(!infos.is_empty() && infos.iter().all(|l| l.starts_with("info multipv 1 depth 2 ")), "{lines:?}");
    assert!(infos.iter().all(|l| l.contains(" wdl ")), "{lines:?}");
}

#[test]
fn setoption_bothconnected_draw_makes_a_move_joining_both_sides_a_draw() {
    let mut c = Client::new();
    // Black's c2xa2 joins Black and leaves White one piece: both sides joined.
    let game = "position fen 5w/6/6/6/w1b3/b5 b moves c2xa2";
    assert_eq!(c.one("variant loa 6x6"), "ok");
    assert_eq!(c.one(game), "ok");
    assert_eq!(c.one("status"), "status win black");
    assert_eq!(c.one("setoption bothconnected draw"), "ok");
    assert_eq!(c.one("status"), "status draw", "the session's position follows at once");
    assert_eq!(c.one("variant loa 6x6"), "ok");
    assert_eq!(c.one(game), "ok");
    assert_eq!(c.one("status"), "status draw");
    assert_eq!(c.one("setoption bothconnected mover-wins"), "ok");
    assert_eq!(c.one(game), "ok");
    assert_eq!(c.one("status"), "status win black");
    assert!(c.one("setoption bothconnected maybe").starts_with("error unknown rule 'maybe'"));
}
