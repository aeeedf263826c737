//! Every UCI and UGI command and reply survives the round trip through its
//! line, real lines of Fairy-Stockfish and cutechess read, and bad lines are named.

use breakline_ai::eval::WIN;
use breakline_ai::search::Limit;
use breakline_rules::connection_rule::BothConnected;
use breakline_rules::{BoardSize, Side, Variant};

use super::*;
use crate::command::{Command, EngineOption, Go, GoClocks, Protocol, Query, Start};
use crate::line::SyntaxError;
use crate::reply::{Id, Info, OptionKind, OptionSpec, Reply, Response, UgiResult};

const UGI_LOA: Flavor = Flavor::Ugi { p1: Side::Black };

fn commands() -> Vec<Command> {
    let clocks = GoClocks { time: [Some(60_000), Some(59_000)], increment: [Some(1_000), Some(0)], moves_to_go: None };
    vec![
        Command::Hello(Protocol::Uci),
        Command::Hello(Protocol::Ugi),
        Command::NewGame,
        Command::IsReady,
        Command::Stop,
        Command::Quit,
        Command::Query(Query::GameOver),
        Command::Query(Query::P1Turn),
        Command::Query(Query::Result),
        Command::Variant { variant: Variant::Breakthrough, size: None },
        Command::Variant { variant: Variant::LinesOfAction, size: None },
        Command::Variant { variant: Variant::Breakthrough, size: Some(BoardSize::new(6, 5)) },
        Command::SetOption(EngineOption::Threads(4)),
        Command::SetOption(EngineOption::Hash(64)),
        Command::SetOption(EngineOption::MultiPv(3)),
        Command::SetOption(EngineOption::Wdl(true)),
        Command::SetOption(EngineOption::Wdl(false)),
        Command::SetOption(EngineOption::Ai("enhanced:expert:time=100".into())),
        Command::SetOption(EngineOption::MoveLimit(200)),
        Command::SetOption(EngineOption::EvalFile("nets/my net.nnue".into())),
        Command::SetOption(EngineOption::BothConnected(BothConnected::Draw)),
        Command::SetOption(EngineOption::BothConnected(BothConnected::MoverWins)),
        Command::Position { start: Start::StartPos, moves: vec!["a2a3".into(), "b7b6".into()] },
        Command::Position {
            start: Start::Fen { ranks: "bbbbbb/bbbbbb/6/wwwwww/wwwwww".into(), side: "w".into() },
            moves: vec!["a2a3".into()],
        },
        Command::Go(Go { limits: vec![Limit::Depth(4), Limit::TimeMs(250)], nodes: Some(5_000), ..Go::default() }),
        Command::Go(Go { clocks: clocks.clone(), ..Go::default() }),
        Command::Go(Go { clocks: GoClocks { moves_to_go: Some(20), ..clocks }, ..Go::default() }),
        Command::Go(Go { infinite: true, ..Go::default() }),
    ]
}

fn replies() -> Vec<Reply> {
    let info = Info { depth: 7, score: 35, nodes: 12_345, time_ms: 17, pv: vec!["a2a3".into()], ..Info::default() };
    vec![
        Reply::ReadyOk,
        Reply::HelloOk(Protocol::Uci),
        Reply::HelloOk(Protocol::Ugi),
        Reply::Id(Id::Name("Breakline 0.1.0".into())),
        Reply::Id(Id::Author("the Breakline authors".into())),
        Reply::Option(OptionSpec {
            name: "UCI_Variant".into(),
            kind: OptionKind::Combo {
                default: "breakthrough".into(),
                vars: vec!["breakthrough".into(), "linesofaction".into()],
            },
        }),
        Reply::Option(OptionSpec { name: "Hash".into(), kind: OptionKind::Spin { default: 16, min: 1, max: 4096 } }),
        Reply::Option(OptionSpec { name: "UCI_ShowWDL".into(), kind: OptionKind::Check { default: false } }),
        Reply::Option(OptionSpec { name: "AI".into(), kind: OptionKind::String { default: "enhanced:expert".into() } }),
        Reply::Option(OptionSpec {
            name: "Debug Log File".into(),
            kind: OptionKind::String { default: String::new() },
        }),
        Reply::Option(OptionSpec { name: "Clear Hash".into(), kind: OptionKind::Button }),
        Reply::Info(info.clone()),
        Reply::Info(Info { multipv: Some(2), wdl: Some([610, 0, 390]), score: -(WIN - 4), ..info.clone() }),
        Reply::Info(Info { score: WIN - 3, pv: vec![], ..info }),
        Reply::InfoString("book move".into()),
        Reply::BestMove("c2d3".into()),
        Reply::Response(Response::Flag(true)),
        Reply::Response(Response::Flag(false)),
        Reply::Response(Response::Result(UgiResult::P1Win)),
        Reply::Response(Response::Result(UgiResult::P2Win)),
        Reply::Response(Response::Result(UgiResult::Draw)),
        Reply::Response(Response::Result(UgiResult::None)),
    ]
}

#[test]
fn every_command_reads_back_from_its_line_in_both_flavors() {
    for flavor in [Flavor::Uci, Flavor::ugi(Variant::Breakthrough), UGI_LOA] {
        for command in commands() {
            let line = command_text(&command, flavor);
            assert_eq!(parse_command(&line, flavor), Ok(Some(command)), "{line}");
        }
    }
}

#[test]
fn every_reply_reads_back_from_its_line() {
    for reply in replies() {
        let line = reply_text(&reply).expect("a line");
        assert_eq!(parse_reply(&line), Ok(reply), "{line}");
    }
}

#[test]
fn canonical_lines_are_written_back_as_they_were() {
    for line in [
        "position startpos moves a2a3 b7b6",
        "position fen pppppppp/pppppppp/8/8/8/8/PPPPPPPP/PPPPPPPP w - - 0 1 moves a2a3",
        "position fen 1pppppp1/P6P/P6P/P6P/P6P/P6P/P6P/1pppppp1 b - - 0 1",
        "setoption name UCI_Variant value breakthrough",
        "setoption name UCI_ShowWDL value true",
        "go wtime 1000 btime 900 winc 10 binc 10",
        "go movetime 100",
        "go depth 3",
        "go nodes 2000",
        "go infinite",
    ] {
        let command = parse_command(line, Flavor::Uci).expect(line).expect(line);
        assert_eq!(command_text(&command, Flavor::Uci), line);
    }
    for line in [
        "info depth 3 score mate 2 wdl 1000 0 0 nodes 40 nps 40000 time 1 pv a2a3",
        "info depth 5 score mate -3 nodes 40 nps 40000 time 1",
        "info multipv 1 depth 2 score cp -12 nodes 9 nps 9000 time 0 pv h7h6",
        "bestmove a7a6",
    ] {
        assert_eq!(reply_text(&parse_reply(line).expect(line)).as_deref(), Some(line));
    }
}

#[test]
fn ugi_clocks_follow_turn_order() {
    let go = parse_command("go p1time 5000 p2time 4000 p1inc 50 p2inc 40", UGI_LOA).unwrap().unwrap();
    let Command::Go(go) = go else { panic!("{go:?}") };
    // In Lines of Action Black moves first: p1 is Black.
    assert_eq!(go.clocks.time, [Some(4000), Some(5000)]);
    assert_eq!(go.clocks.increment, [Some(40), Some(50)]);
    assert!(matches!(parse_command("go p1time 5", Flavor::Uci), Err(SyntaxError::UnknownGoOption { .. })));
    assert!(matches!(parse_command("go wtime 5", UGI_LOA), Err(SyntaxError::UnknownGoOption { .. })));
}

#[test]
fn scores_map_proofs_to_mates_in_moves() {
    let score = |line: &str| match parse_reply(line) {
        Ok(Reply::Info(info)) => info.score,
        other => panic!("{other:?}"),
    };
    // A win in 3 plies is a mate in 2 moves; a loss in 4 plies a mate in -2.
    let text = |s| reply_text(&Reply::Info(Info { score: s, ..Info::default() })).unwrap();
    assert!(text(WIN - 3).contains("score mate 2 "), "{}", text(WIN - 3));
    assert!(text(-(WIN - 4)).contains("score mate -2 "), "{}", text(-(WIN - 4)));
    assert!(text(-41).contains("score cp -41 "));
    assert_eq!(score("info depth 1 score mate 1 nodes 1 time 1"), WIN - 1);
    assert_eq!(score("info depth 1 score mate 0 nodes 1 time 1"), -WIN);
    // A huge cp is still no proof.
    assert!(score("info depth 1 score cp 99999999 nodes 1 time 1") < WIN - 1000);
}

#[test]
fn fairy_stockfish_lines_are_read() {
    let line =
        "info depth 9 seldepth 10 multipv 1 score cp 6 lowerbound nodes 4207 nps 221421 tbhits 0 time 19 pv a7a6 f2f3";
    let Ok(Reply::Info(info)) = parse_reply(line) else { panic!("{line}") };
    assert_eq!((info.depth, info.score, info.nodes, info.time_ms), (9, 6, 4207, 19));
    assert_eq!(info.pv, ["a7a6", "f2f3"]);
    assert_eq!(parse_reply("bestmove a7a6 ponder f2f3"), Ok(Reply::BestMove("a7a6".into())));
    let option = "option name UCI_Variant type combo default chess var 3check var breakthrough";
    let Ok(Reply::Option(spec)) = parse_reply(option) else { panic!("{option}") };
    assert_eq!(spec.name, "UCI_Variant");
    assert!(parse_reply("Fairy-Stockfish 11.1 LB 64 by Fabian Fichter").is_err());
}

#[test]
fn moves_lose_their_dash_and_capture_mark_only() {
    assert_eq!(uci_move("a2-a3"), "a2a3");
    assert_eq!(uci_move("c2xd3"), "c2d3");
    assert_eq!(uci_move("a10-a11"), "a10a11");
    assert_eq!(uci_move("x2xx3"), "x2x3");
    assert_eq!(uci_move("x2x3"), "x2x3");
    assert_eq!(uci_move("(none)"), "(none)");
}

#[test]
fn an_unknown_go_parameter_is_named_with_what_go_takes_in_each_dialect() {
    let uci = "go takes depth N, movetime MS, nodes N, wtime/btime/winc/binc MS, movestogo N, infinite";
    let ugi = "go takes depth N, movetime MS, nodes N, p1time/p2time/p1inc/p2inc MS, movestogo N, infinite";
    for (line, flavor, word, takes) in [
        ("go blah", Flavor::Uci, "blah", uci),
        ("go blah 3", Flavor::Uci, "blah", uci),
        ("go depth 3 blah", Flavor::Uci, "blah", uci),
        ("go p1time 5", Flavor::Uci, "p1time", uci),
        ("go blah", UGI_LOA, "blah", ugi),
        ("go wtime 5", UGI_LOA, "wtime", ugi),
    ] {
        let error = parse_command(line, flavor).unwrap_err().to_string();
        assert_eq!(error, format!("unknown go parameter '{word}' ({takes})"), "{line}");
    }
    // A parameter go takes, left without its value, still says so.
    assert_eq!(parse_command("go depth", Flavor::Uci).unwrap_err().to_string(), "go option 'depth' needs a value");
}

#[test]
fn bad_lines_are_named_not_guessed() {
    let uci = |line| parse_command(line, Flavor::Uci);
    assert_eq!(uci("   "), Ok(None));
    assert_eq!(uci("frob"), Err(SyntaxError::UnknownCommand("frob".into())));
    assert_eq!(uci("setoption name Contempt value 3"), Err(SyntaxError::UnknownOption("Contempt".into())));
    assert!(matches!(uci("setoption name Hash value lots"), Err(SyntaxError::OptionValue { .. })));
    assert!(matches!(uci("setoption name UCI_Variant value chess"), Err(SyntaxError::OptionValue { .. })));
    assert!(matches!(uci("setoption name UCI_ShowWDL value on"), Err(SyntaxError::OptionValue { .. })));
    assert!(matches!(uci("setoption value 3"), Err(SyntaxError::Usage(_))));
    assert!(matches!(uci("position fen bbbb/4/4/wwww w"), Err(SyntaxError::Fen(_))));
    assert_eq!(uci("position startpos a2a3"), Err(SyntaxError::ExpectedMoves("a2a3".into())));
    assert_eq!(uci("go depth"), Err(SyntaxError::GoNeedsValue("depth".into())));
    assert_eq!(uci("go infinite nodes 4"), Err(SyntaxError::InfiniteWithLimits));
    assert!(matches!(uci("go nodes 0"), Err(SyntaxError::GoValue { .. })));
    assert!(matches!(uci("query winner"), Err(SyntaxError::Usage(_))));
    assert!(matches!(uci("uci now"), Err(SyntaxError::Usage(_))));
    for line in ["bestmove", "info depth x", "response maybe", "option name X type dial", "hello"] {
        assert!(parse_reply(line).is_err(), "{line}");
    }
}

#[test]
fn setoption_names_ignore_case_and_a_level_is_an_ai() {
    let uci = |line| parse_command(line, Flavor::Uci);
    assert_eq!(uci("setoption name threads value 2"), Ok(Some(Command::SetOption(EngineOption::Threads(2)))));
    assert_eq!(uci("setoption name AI value hard"), Ok(Some(Command::SetOption(EngineOption::Ai("hard".into())))));
    assert_eq!(
        uci("setoption name UCI_Variant value linesofaction"),
        Ok(Some(Command::Variant { variant: Variant::LinesOfAction, size: None }))
    );
}

#[test]
fn both_connected_option_reads_a_rule_in_any_case_and_refuses_others() {
    let uci = |line| parse_command(line, Flavor::Uci);
    assert_eq!(
        uci("setoption name bothconnected value Draw"),
        Ok(Some(Command::SetOption(EngineOption::BothConnected(BothConnected::Draw))))
    );
    assert_eq!(
        uci("setoption name BothConnected value mover"),
        Ok(Some(Command::SetOption(EngineOption::BothConnected(BothConnected::MoverWins))))
    );
    assert!(matches!(uci("setoption name BothConnected value loss"), Err(SyntaxError::OptionValue { .. })));
}
