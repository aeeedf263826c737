//! The engine protocol, one session driven line by line.

use breakline::cli::protocol::{EngineSession, Flow};

fn send(session: &mut EngineSession, line: &str) -> Vec<String> {
    let mut out = Vec::new();
    session.handle(line, &mut out).unwrap();
    String::from_utf8(out).unwrap().lines().map(str::to_string).collect()
}

fn one(session: &mut EngineSession, line: &str) -> String {
    let lines = send(session, line);
    assert_eq!(lines.len(), 1, "{line} -> {lines:?}");
    lines[0].clone()
}

#[test]
fn a_session_plays_through_the_documented_commands() {
    let mut s = EngineSession::new();
    assert_eq!(
        one(&mut s, "variant breakthrough 2x5"),
        "error breakthrough is not played on 2x5: columns 3-12 and rows 5-12 are supported"
    );
    assert_eq!(one(&mut s, "variant breakthrough 6x6"), "ok");
    assert_eq!(one(&mut s, "fen"), "fen bbbbbb/bbbbbb/6/6/wwwwww/wwwwww w");
    let legal = one(&mut s, "legal");
    assert!(legal.starts_with("legal ") && legal.split(' ').count() == 17, "{legal}");
    assert_eq!(one(&mut s, "play a2-a3"), "ok");
    assert_eq!(one(&mut s, "status"), "status ongoing black");
    assert_eq!(one(&mut s, "position startpos moves a2-a3 a5-a4 b2-b3"), "ok");
    assert_eq!(one(&mut s, "fen"), "fen bbbbbb/1bbbbb/b5/ww4/2wwww/wwwwww b");
    assert_eq!(one(&mut s, "position fen 3b1/5/5/w4/5/5/5/1w3 w moves a5-a6 d8-d7 a6-a7 d7-d6 a7-a8"), "ok");
    assert_eq!(one(&mut s, "status"), "status win white");
    assert_eq!(one(&mut s, "legal"), "legal");
    assert_eq!(one(&mut s, "go depth 2"), "error game over");
    assert_eq!(one(&mut s, "variant loa 8x8"), "ok");
    assert_eq!(one(&mut s, "fen"), "fen 1bbbbbb1/w6w/w6w/w6w/w6w/w6w/w6w/1bbbbbb1 b");
    assert_eq!(one(&mut s, "status"), "status ongoing black");
    assert_eq!(send(&mut s, "quit"), Vec::<String>::new());
    let mut out = Vec::new();
    assert_eq!(s.handle("quit", &mut out).unwrap(), Flow::Quit);
}

#[test]
fn bad_lines_get_an_error_and_change_nothing() {
    let mut s = EngineSession::new();
    one(&mut s, "play a2-a3");
    let before = one(&mut s, "fen");
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
        "go depth x",
        "go movetime",
        "go depth 2 ai minimax:expert:time=5",
    ] {
        let reply = one(&mut s, bad);
        assert!(reply.starts_with("error "), "{bad} -> {reply}");
        assert_eq!(one(&mut s, "fen"), before, "{bad} changed the position");
    }
    assert!(send(&mut s, "   ").is_empty(), "blank lines are ignored");
}

#[test]
fn go_reports_info_lines_then_a_legal_best_move() {
    let mut s = EngineSession::new();
    one(&mut s, "variant breakthrough 6x6");
    assert_eq!(one(&mut s, "setoption ai alphabeta:offensive1:depth=2"), "ok");
    let lines = send(&mut s, "go");
    let (last, infos) = lines.split_last().unwrap();
    assert!(!infos.is_empty() && infos.iter().all(|l| l.starts_with("info depth ")), "{lines:?}");
    assert!(infos.last().unwrap().contains(" pv "), "{lines:?}");
    let best = last.strip_prefix("bestmove ").expect("bestmove line");
    assert_eq!(one(&mut s, &format!("play {best}")), "ok");
    let lines = send(&mut s, "go depth 3 ai enhanced:offensive2");
    assert!(lines.last().unwrap().starts_with("bestmove "), "{lines:?}");
}

#[test]
fn solve_answers_with_the_winner_distance_and_line() {
    let mut s = EngineSession::new();
    assert_eq!(one(&mut s, "variant breakthrough 3x5"), "ok");
    let reply = one(&mut s, "solve movetime 60000");
    let words: Vec<&str> = reply.split(' ').collect();
    assert_eq!(&words[..4], ["solved", "win", "black", "18"], "{reply}");
    assert_eq!(words[4], "nodes");
    let pv = reply.split(" pv ").nth(1).unwrap();
    assert_eq!(pv.split(' ').count(), 18, "{reply}");
    assert_eq!(one(&mut s, "variant breakthrough 8x8"), "ok");
    assert_eq!(one(&mut s, "solve nodes 1000"), "solved unknown nodes 1024");
    assert_eq!(one(&mut s, "solve movetime"), "error solve option 'movetime' needs a value");
    assert_eq!(one(&mut s, "solve depth 3"), "error unknown solve option 'depth'");
    assert_eq!(one(&mut s, "position fen w4/5/5/2b2/5 b"), "ok");
    assert_eq!(one(&mut s, "solve"), "error the game is already over");
}
