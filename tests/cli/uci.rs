//! `breakline uci`: UCI and UGI sessions driven line by line as a GUI would
//! (through the session the command runs), and the binary itself as a
//! `uci:`/`ugi:` seat of a match, refereed by the runner.

use std::time::Duration;

use breakline::engine::ai::search::Level;
use breakline::engine::protocol::Protocol;
use breakline::engine::protocol::session::{Dialect, Flow};
use breakline::engine::rules::typed_move::read_typed_move;
use breakline::engine::{BoardSize, Variant};

use crate::breakline;
use crate::protocol::{Client, PROMPTLY};

fn uci() -> Client {
    Client::speaking(Dialect::Uci(Protocol::Uci))
}

impl Client {
    /// Sends a UCI `go` and waits for its `bestmove`, which must name a
    /// legal move (written without a dash).
    fn uci_go(&mut self, line: &str) -> Vec<String> {
        let position = self.session.position().clone();
        self.send(line);
        let lines = self.wait_for("bestmove ", Duration::from_secs(120));
        let best = lines.last().unwrap().strip_prefix("bestmove ").unwrap().to_string();
        assert!(!best.contains('-') && !best.contains('x'), "{best}");
        assert!(read_typed_move(&position, &best).is_ok(), "{line}: {best} is not legal");
        lines
    }
}

#[test]
fn uci_names_the_engine_and_its_options_then_uciok() {
    let mut c = uci();
    let lines = c.ask("uci");
    assert!(lines[0].starts_with("id name Breakline "), "{lines:?}");
    assert!(lines[1].starts_with("id author "), "{lines:?}");
    for option in [
        "option name UCI_Variant type combo default breakthrough var breakthrough var linesofaction",
        "option name Threads type spin default 1 min 1 max 256",
        "option name MultiPV type spin default 1 min 1 max 32",
        "option name UCI_ShowWDL type check default false",
    ] {
        assert!(lines.iter().any(|l| l == option), "{option} missing from {lines:?}");
    }
    assert!(lines.iter().any(|l| l.starts_with("option name Hash type spin")), "{lines:?}");
    assert!(lines.iter().any(|l| l.starts_with("option name AI type string default ")), "{lines:?}");
    assert_eq!(lines.last().map(String::as_str), Some("uciok"));
    assert!(c.ask("setoption name UCI_Variant value breakthrough").is_empty());
    assert!(c.ask("setoption name Threads value 1").is_empty());
    assert!(c.ask("setoption name Hash value 8").is_empty());
    assert!(c.ask("setoption name AI value alphabeta:expert").is_empty());
    assert_eq!(c.one("isready"), "readyok");
    assert!(c.ask("ucinewgame").is_empty());
}

#[test]
fn uci_plays_the_master_unless_told() {
    let mut c = uci();
    let master = Level::MASTER.config().to_string();
    let lines = c.ask("uci");
    let default = format!("option name AI type string default {master}");
    assert!(lines.contains(&default), "{default} missing from {lines:?}");
    // The master opens from its book, which the hand-written player has not.
    let lines = c.uci_go("go movetime 50");
    assert!(lines.iter().any(|l| l == "info string book move"), "{lines:?}");
}

#[test]
fn a_game_is_told_by_startpos_moves_with_or_without_dashes() {
    let mut c = uci();
    c.ask("uci");
    assert!(c.ask("position startpos moves a2a3 b7-b6 c2c3").is_empty());
    assert_eq!(c.session.position().moves().len(), 3);
    assert_eq!(c.session.position().side_to_move(), breakline::engine::rules::Side::Black);
    let lines = c.uci_go("go depth 3");
    assert!(lines.iter().any(|l| l.starts_with("info depth 3 score cp ") && l.contains(" nps ")), "{lines:?}");
    c.uci_go("go nodes 500");
    c.uci_go("go wtime 2000 btime 2000 winc 10 binc 10");
}

#[test]
fn position_fen_sets_lines_of_action_and_oblong_breakthrough_boards() {
    let mut c = uci();
    assert!(c.ask("setoption name UCI_Variant value linesofaction").is_empty());
    assert!(c.ask("position fen 1pppppp1/P6P/P6P/P6P/P6P/P6P/P6P/1pppppp1 b - - 0 1 moves b1b3").is_empty());
    assert_eq!(c.session.position().variant(), Variant::LinesOfAction);
    assert_eq!(c.session.position().moves().len(), 1);
    c.uci_go("go depth 2");
    assert!(c.ask("setoption name UCI_Variant value breakthrough").is_empty());
    assert!(c.ask("position fen pppppp/pppppp/6/PPPPPP/PPPPPP w - - 0 1 moves a2a3").is_empty());
    assert_eq!(c.session.position().size(), BoardSize::new(6, 5));
    c.uci_go("go depth 2");
    // startpos keeps the board the last position string named.
    assert!(c.ask("position startpos").is_empty());
    assert_eq!(c.session.position().size(), BoardSize::new(6, 5));
    assert!(c.ask("setoption name UCI_Variant value breakthrough 5x7").is_empty());
    assert_eq!(c.session.position().size(), BoardSize::new(5, 7));
}

#[test]
fn bad_lines_get_an_info_string_error_and_change_nothing() {
    let mut c = uci();
    c.ask("uci");
    c.ask("position startpos moves a2a3");
    let before = c.session.position().fen();
    for bad in [
        "frobnicate",
        "position startpos moves a2a4",
        "position startpos moves a7a6 a7a6",
        "position fen wwww/4/4/bbbb w",
        "position fen pppp/4/4/PPPP q",
        "position startpos a2a3",
        "setoption name Contempt value 10",
        "setoption name UCI_Variant value chess",
        "setoption name Hash value 0",
        "setoption name MultiPV value 99",
        "setoption name AI value bogus:expert",
        "setoption name MoveLimit value 30",
        "go depth",
        "go infinite depth 3",
        "go ponder",
        "uci now",
        "query",
    ] {
        let lines = c.ask(bad);
        assert_eq!(lines.len(), 1, "{bad} -> {lines:?}");
        assert!(lines[0].starts_with("info string error: "), "{bad} -> {lines:?}");
        assert_eq!(c.session.position().fen(), before, "{bad} changed the position");
    }
    // A refused go still answers bestmove, as a GUI waits for one.
    c.ask("position fen 8/P6p/8/8/8/8/8/8 w moves a7a8");
    assert_eq!(c.ask("go depth 1"), ["info string error: game over", "bestmove (none)"]);
}

#[test]
fn stop_ends_go_infinite_and_isready_answers_while_it_runs() {
    let mut c = uci();
    c.ask("uci");
    c.send("go infinite");
    c.send("isready");
    c.wait_for("readyok", PROMPTLY);
    c.send("position startpos moves a2a3");
    let busy = c.wait_for("info string error", PROMPTLY);
    assert_eq!(busy.last().map(String::as_str), Some("info string error: a search is running: send stop first"));
    c.send("stop");
    let lines = c.wait_for("bestmove ", PROMPTLY);
    assert!(lines.last().unwrap().starts_with("bestmove "), "{lines:?}");
    assert!(!c.session.is_busy());
    assert_eq!(c.session.position().moves().len(), 0, "the refused position changed nothing");
    assert_eq!(c.send("quit"), Flow::Quit);
}

#[test]
fn a_proven_win_is_a_mate_score_in_moves() {
    let mut c = uci();
    c.ask("uci");
    // White's pawn on a7 wins by stepping to a8: a win in one ply, mate 1.
    c.ask("position fen 4p3/P7/8/8/8/8/8/7P w - - 0 1");
    let lines = c.uci_go("go depth 3");
    assert!(lines.iter().any(|l| l.contains(" score mate 1 ")), "{lines:?}");
    assert_eq!(lines.last().map(String::as_str), Some("bestmove a7a8"));
    // Black to move here loses to a7a8 whatever it does: mate -1.
    c.ask("position fen 8/P6p/8/8/8/8/8/8 b - - 0 1");
    let lines = c.uci_go("go depth 3");
    assert!(lines.iter().any(|l| l.contains(" score mate -1 ")), "{lines:?}");
}

#[test]
fn ugi_answers_ugiok_and_referees_its_position() {
    let mut c = uci();
    assert_eq!(c.ask("ugi").last().map(String::as_str), Some("ugiok"));
    assert!(c.ask("uginewgame").is_empty());
    c.ask("position startpos");
    assert_eq!(c.one("query gameover"), "response false");
    assert_eq!(c.one("query p1turn"), "response true");
    assert_eq!(c.one("query result"), "response none");
    c.ask("position fen 8/P6p/8/8/8/8/8/8 w - - 0 1 moves a7a8");
    assert_eq!(c.one("query gameover"), "response true");
    assert_eq!(c.one("query result"), "response p1win");
    // In Lines of Action p1 is Black, and UGI's clocks follow turn order.
    c.ask("setoption name UCI_Variant value linesofaction");
    c.ask("position startpos");
    assert_eq!(c.one("query p1turn"), "response true");
    c.uci_go("go p1time 3000 p2time 3000 p1inc 10 p2inc 10");
    assert!(c.ask("go wtime 1000").iter().any(|l| l.starts_with("info string error: unknown go parameter 'wtime'")));
}

/// Plays a short match of `white` against a depth-1 AI, returning stdout.
fn match_against_ai(white: &str, extra: &[&str]) -> String {
    let mut args = vec!["match", "--white", white, "--black", "alphabeta:expert:depth=1", "--games", "2", "--swap"];
    args.extend_from_slice(extra);
    let (code, out, err) = breakline(&args);
    assert_eq!(code, 0, "{err}");
    out
}

#[test]
fn breakline_uci_plays_a_match_as_a_uci_seat() {
    let me = env!("CARGO_BIN_EXE_breakline");
    let out = match_against_ai(&format!("uci:{me}:arg=uci:depth=2:Hash=8:AI=alphabeta:expert"), &[]);
    assert!(out.contains("games analysed: 2"), "{out}");
    assert!(!out.contains("forfeit"), "{out}");
}

/// Finding (major): a program seat was recorded as this build's master
/// (`[White "Master"]` for a `uci:` seat); its record names the program.
#[test]
fn a_uci_seat_is_recorded_as_its_program_never_as_a_level() {
    let me = env!("CARGO_BIN_EXE_breakline");
    let json = std::env::temp_dir().join(format!("breakline-uci-seat-{}.jsonl", std::process::id()));
    let seat = format!("uci:{me}:arg=uci:depth=1");
    let args = ["match", "--white", &seat, "--black", "alphabeta:expert:depth=1", "--games", "2", "--swap"];
    let mut all = args.to_vec();
    all.extend(["--json", json.to_str().unwrap()]);
    let (code, _, err) = breakline(&all);
    assert_eq!(code, 0, "{err}");
    let text = std::fs::read_to_string(&json).unwrap();
    for line in text.lines() {
        let record = &serde_json::from_str::<serde_json::Value>(line).unwrap()["record"];
        let sides = [&record["white"], &record["black"]];
        let program = sides.iter().find(|side| side.get("program").is_some()).expect("the program's side");
        assert_eq!(program["program"], seat.as_str(), "{record}");
        assert!(sides.iter().any(|side| side.get("ai").is_some()), "{record}");
    }
    std::fs::remove_file(json).ok();
}

#[test]
fn breakline_ugi_plays_lines_of_action_and_an_oblong_board_on_the_clock() {
    let me = env!("CARGO_BIN_EXE_breakline");
    let out = match_against_ai(&format!("ugi:{me}:arg=uci"), &["--variant", "loa", "--tc", "2+0.05"]);
    assert!(out.contains("games analysed: 2") && !out.contains("forfeit"), "{out}");
    let out = match_against_ai(&format!("uci:{me}:arg=uci:nodes=300"), &["--size", "6x5"]);
    assert!(out.contains("Breakthrough 6x5") && !out.contains("forfeit"), "{out}");
}

#[test]
fn a_uci_program_s_illegal_move_forfeits_and_a_bad_seat_is_an_error() {
    let engine = crate::engine_matches::fake_program(
        "uci-illegal",
        "uci) echo 'id name Fake'; echo uciok ;; isready) echo readyok ;; go*) echo 'bestmove a1h8' ;;",
    );
    let out = match_against_ai(&format!("uci:{}", engine.display()), &[]);
    assert_eq!(out.matches("forfeit in game").count(), 2, "{out}");
    assert!(out.contains("illegal move 'a1h8'"), "{out}");
    for (seat, error) in [("uci:", "uci player needs a program"), ("uci:/bin/true:oops", "bad seat part 'oops'")] {
        let (code, _, err) = breakline(&["match", "--white", seat, "--black", "alphabeta:expert:depth=1"]);
        assert_ne!(code, 0);
        assert!(err.contains(error), "{seat}: {err}");
    }
}

#[test]
fn a_uci_seat_refuses_an_option_its_program_does_not_list_and_names_the_nearest() {
    let engine = crate::engine_matches::fake_program(
        "uci-options",
        "uci) echo 'id name Fake'; echo 'option name Hash type spin default 16 min 1 max 1024'; \
         echo 'option name Threads type spin default 1 min 1 max 8'; echo uciok ;; \
         isready) echo readyok ;; go*) echo 'bestmove a2a3' ;;",
    );
    for (option, error) in [
        ("Hashh=16", "the program has no option 'Hashh' (did you mean Hash?)"),
        ("Contempt=3", "the program has no option 'Contempt' (its options: Hash, Threads)"),
    ] {
        let seat = format!("uci:{}:{option}", engine.display());
        let (code, out, err) = breakline(&["match", "--white", &seat, "--black", "alphabeta:expert:depth=1"]);
        assert_ne!(code, 0, "{option}: {out}");
        assert_eq!(err.trim_end().lines().count(), 1, "{option}: {err}");
        assert!(err.trim_end().ends_with(error), "{option}: {err}");
    }
    // The options it lists, in any case, are sent: the program plays (and
    // forfeits on its second, illegal a2a3).
    let seat = format!("uci:{}:hash=16:Threads=1", engine.display());
    let (code, _, err) = breakline(&["match", "--white", &seat, "--black", "alphabeta:expert:depth=1", "--games", "1"]);
    assert_eq!(code, 0, "{err}");
}

/// `breakline uci` in its own process (a loaded net is the process's), fed
/// line by line: `say` sends a line and reads replies up to one starting
/// with `until`; `send` sends one that has no reply.
struct Process {
    child: std::process::Child,
    lines: std::io::Lines<std::io::BufReader<std::process::ChildStdout>>,
}

impl Process {
    fn start() -> Process {
        use std::process::Stdio;
        let mut child = crate::command(&["uci"]).stdin(Stdio::piped()).stdout(Stdio::piped()).spawn().unwrap();
        let stdout = child.stdout.take().unwrap();
        Process { child, lines: std::io::BufRead::lines(std::io::BufReader::new(stdout)) }
    }

    fn send(&mut self, line: &str) {
        use std::io::Write;
        writeln!(self.child.stdin.as_mut().unwrap(), "{line}").unwrap();
    }

    fn say(&mut self, line: &str, until: &str) -> Vec<String> {
        self.send(line);
        let mut replies = Vec::new();
        for reply in self.lines.by_ref() {
            let reply = reply.unwrap();
            let done = reply.starts_with(until);
            replies.push(reply);
            if done {
                return replies;
            }
        }
        panic!("{line}: no '{until}' before the end: {replies:?}");
    }
}

/// A net for Breakthrough 6x6 (no net is shipped for it), all weights zero.
fn six_by_six_net(path: &std::path::Path) {
    use breakline::engine::ai::eval::nnue::{HIDDEN, Net, features};
    let size = BoardSize::new(6, 6);
    let inputs = vec![0; features(size) * HIDDEN];
    let net = Net::from_parts(Variant::Breakthrough, size, 400, inputs, [0; HIDDEN], vec![0; 2 * HIDDEN], vec![0]);
    net.save(path).unwrap();
}

#[test]
fn evalfile_loads_a_net_for_the_next_searches_and_a_bad_file_changes_nothing() {
    let dir = std::env::temp_dir().join(format!("breakline-evalfile-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let (good, damaged) = (dir.join("breakthrough-6x6.nnue"), dir.join("damaged.nnue"));
    six_by_six_net(&good);
    let shipped = concat!(env!("CARGO_MANIFEST_DIR"), "/assets/nets/breakthrough-8x8.nnue");
    let mut bytes = std::fs::read(shipped).unwrap();
    let last = bytes.len() - 1;
    bytes[last] ^= 1; // the checksum no longer matches
    std::fs::write(&damaged, bytes).unwrap();
    let no_net = "info string no nnue net for breakthrough 6x6";
    let mut p = Process::start();
    let hello = p.say("uci", "uciok");
    assert!(hello.iter().any(|l| l == "option name EvalFile type string default <empty>"), "{hello:?}");
    p.send("setoption name UCI_Variant value breakthrough 6x6");
    p.send("setoption name AI value enhanced:nnue:depth=1");
    p.send("position startpos");
    let searched = p.say("go depth 1", "bestmove ");
    assert!(searched.iter().any(|l| l.starts_with(no_net)), "{searched:?}");
    let refused = p.say(&format!("setoption name EvalFile value {}", damaged.display()), "info string");
    assert!(refused[0].starts_with("info string error: net file ") && refused[0].contains("checksum"), "{refused:?}");
    let searched = p.say("go depth 1", "bestmove ");
    assert!(searched.iter().any(|l| l.starts_with(no_net)), "still no net: {searched:?}");
    let loaded = p.say(&format!("setoption name EvalFile value {}", good.display()), "info string");
    assert_eq!(loaded, [format!("info string net file {} loaded for breakthrough 6x6", good.display())]);
    let searched = p.say("go depth 1", "bestmove ");
    assert!(!searched.iter().any(|l| l.contains("no nnue net")), "the loaded net plays: {searched:?}");
    let loaded = p.say(&format!("setoption name EvalFile value {shipped}"), "info string");
    assert!(loaded[0].ends_with("loaded for breakthrough 8x8"), "{loaded:?}");
    p.say("isready", "readyok");
    p.send("quit");
    assert!(p.child.wait().unwrap().success());
    std::fs::remove_dir_all(dir).ok();
}

#[test]
fn the_both_connected_option_is_listed_and_outlives_a_new_game() {
    let mut c = uci();
    let lines = c.ask("uci");
    let option = "option name BothConnected type combo default mover-wins var mover-wins var draw";
    assert!(lines.iter().any(|l| l == option), "{option} missing from {lines:?}");
    // Black's c2a2 joins Black and leaves White one piece: both sides joined.
    let game = "position fen 5P/6/6/6/P1p3/p5 b - - 0 1 moves c2a2";
    assert!(c.ask("setoption name UCI_Variant value linesofaction").is_empty());
    c.ask(game);
    assert_eq!(c.one("query result"), "response p1win", "the mover wins unless told");
    assert!(c.ask("setoption name BothConnected value draw").is_empty());
    assert!(c.ask("ucinewgame").is_empty());
    c.ask(game);
    assert_eq!(c.one("query result"), "response draw");
    c.ask("setoption name UCI_Variant value breakthrough");
    c.ask("setoption name UCI_Variant value linesofaction");
    c.ask(game);
    assert_eq!(c.one("query result"), "response draw", "a new variant keeps the session's rule");
    let bad = c.ask("setoption name BothConnected value sometimes");
    assert!(bad[0].starts_with("info string error: "), "{bad:?}");
}

#[test]
fn a_uci_program_without_the_both_connected_option_is_refused_by_the_tournament_rule() {
    let engine = crate::engine_matches::fake_program(
        "uci-no-rule",
        "uci) echo 'id name Fake'; echo uciok ;; isready) echo readyok ;; go*) echo 'bestmove a1a2' ;;",
    );
    let seat = format!("uci:{}", engine.display());
    let (code, _, err) = breakline(&[
        "match",
        "--white",
        &seat,
        "--black",
        "alphabeta:expert:depth=1",
        "--variant",
        "loa",
        "--both-connected",
        "draw",
    ]);
    assert_ne!(code, 0);
    assert!(err.contains("no BothConnected option") && err.trim().lines().count() == 1, "{err}");
    let me = env!("CARGO_BIN_EXE_breakline");
    let out = match_against_ai(&format!("uci:{me}:arg=uci:depth=1"), &["--variant", "loa", "--both-connected", "draw"]);
    assert!(out.contains("games analysed: 2") && !out.contains("forfeit"), "{out}");
}

/// A net with a second layer (2 x 256 -> 32 -> 1) for Breakthrough 6x6,
/// its weights small and varied, so that a search with it has scores to
/// compare.
fn six_by_six_net_with_a_second_layer() -> breakline::engine::ai::eval::nnue::Net {
    use breakline::engine::ai::eval::nnue::{Net, Shape, Weights, features};
    let size = BoardSize::new(6, 6);
    let small = |n: usize, m: usize| (0..n).map(|i| (i % m) as i16 - (m / 2) as i16).collect::<Vec<_>>();
    let weights = Weights {
        input_weights: small(features(size) * 256, 23),
        input_bias: small(256, 7),
        second_weights: small(32 * 2 * 256, 31),
        second_bias: vec![50_000; 32],
        output_weights: small(32, 11),
        output_bias: vec![0],
    };
    Net::with_shape(Variant::Breakthrough, size, 400, Shape::new(256, 32).unwrap(), weights).unwrap()
}

#[test]
fn evalfile_loads_a_net_with_a_second_layer_and_refuses_it_damaged() {
    let dir = std::env::temp_dir().join(format!("breakline-evalfile-second-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let (good, damaged) = (dir.join("deep.nnue"), dir.join("deep-damaged.nnue"));
    let net = six_by_six_net_with_a_second_layer();
    net.save(&good).unwrap();
    let mut bytes = net.to_bytes();
    bytes[40_000] ^= 4;
    std::fs::write(&damaged, bytes).unwrap();
    let mut p = Process::start();
    p.say("uci", "uciok");
    p.send("setoption name UCI_Variant value breakthrough 6x6");
    p.send("setoption name AI value enhanced:nnue:depth=2");
    let refused = p.say(&format!("setoption name EvalFile value {}", damaged.display()), "info string");
    assert_eq!(
        refused,
        [format!("info string error: net file {}: net file damaged (checksum mismatch)", damaged.display())]
    );
    p.send("position startpos");
    let searched = p.say("go depth 2", "bestmove ");
    assert!(searched.iter().any(|l| l.starts_with("info string no nnue net for breakthrough 6x6")), "{searched:?}");
    let loaded = p.say(&format!("setoption name EvalFile value {}", good.display()), "info string");
    assert_eq!(loaded, [format!("info string net file {} loaded for breakthrough 6x6", good.display())]);
    let searched = p.say("go depth 2", "bestmove ");
    assert!(!searched.iter().any(|l| l.contains("no nnue net")), "the loaded net plays: {searched:?}");
    p.send("quit");
    assert!(p.child.wait().unwrap().success());
    std::fs::remove_dir_all(dir).ok();
}
