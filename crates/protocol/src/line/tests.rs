//! Every command and reply survives the round trip through its line, and
//! every canonical line through its value.

use breakline_ai::eval::WIN;
use breakline_ai::search::{AiConfig, Limit};
use breakline_rules::connection_rule::BothConnected;
use breakline_rules::{BoardSize, Side, Variant};

use super::*;
use crate::command::{Command, EngineOption, Go, GoClocks, SolveLimits, Start};
use crate::reply::{GameStatus, Info, Reply, Solved};

fn commands() -> Vec<Command> {
    vec![
        Command::Quit,
        Command::Stop,
        Command::IsReady,
        Command::Variant { variant: Variant::Breakthrough, size: Some(BoardSize { columns: 6, rows: 5 }) },
        Command::Variant { variant: Variant::LinesOfAction, size: None },
        Command::Position { start: Start::StartPos, moves: vec![] },
        Command::Position {
            start: Start::Fen { ranks: "bbbbbb/bbbbbb/6/6/wwwwww/wwwwww".into(), side: "w".into() },
            moves: vec!["a2-a3".into(), "f5xe4".into()],
        },
        Command::Legal,
        Command::Play("b2-b3".into()),
        Command::Undo,
        Command::Status,
        Command::Fen,
        Command::SetOption(EngineOption::Ai("enhanced:expert:time=100".into())),
        Command::SetOption(EngineOption::Threads(3)),
        Command::SetOption(EngineOption::Threads(AiConfig::AUTO_THREADS)),
        Command::SetOption(EngineOption::MoveLimit(200)),
        Command::SetOption(EngineOption::EvalFile("nets/my net.nnue".into())),
        Command::SetOption(EngineOption::Wdl(true)),
        Command::SetOption(EngineOption::Wdl(false)),
        Command::SetOption(EngineOption::MultiPv(3)),
        Command::SetOption(EngineOption::BothConnected(BothConnected::Draw)),
        Command::SetOption(EngineOption::BothConnected(BothConnected::MoverWins)),
        Command::Go(Go::default()),
        Command::Go(Go {
            limits: vec![Limit::Depth(4), Limit::TimeMs(250)],
            ai: Some("alphabeta:expert".into()),
            ..Go::default()
        }),
        Command::Go(Go { limits: vec![Limit::Iterations(900)], ..Go::default() }),
        Command::Go(Go {
            clocks: GoClocks {
                time: [Some(60_000), Some(59_000)],
                increment: [Some(1_000), Some(0)],
                moves_to_go: Some(20),
            },
            ..Go::default()
        }),
        Command::Go(Go { infinite: true, ai: Some("mcts:expert".into()), ..Go::default() }),
        Command::Perft(5),
        Command::Solve(SolveLimits::default()),
        Command::Solve(SolveLimits { movetime: Some(500), nodes: Some(10_000), memory: Some(64), threads: Some(2) }),
    ]
}

fn replies() -> Vec<Reply> {
    let info = Info {
        depth: 7,
        score: 35,
        nodes: 12_345,
        time_ms: 17,
        pv: vec!["a2-a3".into(), "h7-h6".into()],
        ..Info::default()
    };
    vec![
        Reply::Ok,
        Reply::ReadyOk,
        Reply::Error("unknown command 'frob'".into()),
        Reply::Legal(vec!["a2-a3".into(), "b2-b3".into()]),
        Reply::Legal(vec![]),
        Reply::Status(GameStatus::Ongoing(Side::Black)),
        Reply::Status(GameStatus::Win(Side::White)),
        Reply::Status(GameStatus::Draw),
        Reply::Fen("bbbbbb/bbbbbb/6/6/wwwwww/wwwwww w".into()),
        Reply::Info(info.clone()),
        Reply::Info(Info {
            multipv: Some(2),
            wdl: Some([610, 0, 390]),
            iterations: 4_000,
            qnodes: 9_000,
            score: -(WIN - 4),
            ..info.clone()
        }),
        Reply::Info(Info { score: WIN - 3, pv: vec![], ..info }),
        Reply::InfoString("book move".into()),
        Reply::BestMove("c2xd3".into()),
        Reply::Perft { depth: 4, nodes: Some(78_251) },
        Reply::Perft { depth: 6, nodes: None },
        Reply::Solved(Solved::Win { winner: Side::Black, plies: 9, nodes: 4_321, pv: vec!["a5-a4".into()] }),
        Reply::Solved(Solved::Unknown { nodes: 99 }),
    ]
}

#[test]
fn every_command_reads_back_from_its_line() {
    for command in commands() {
        let line = command_text(&command);
        assert_eq!(parse_command(&line), Ok(Some(command)), "{line}");
    }
}

#[test]
fn every_reply_reads_back_from_its_line() {
    for reply in replies() {
        let line = reply_text(&reply);
        assert_eq!(parse_reply(&line), Ok(reply), "{line}");
    }
}

#[test]
fn canonical_lines_are_written_back_as_they_were() {
    for line in [
        "variant loa 8x8",
        "position startpos moves a2-a3 h7-h6",
        "setoption threads auto",
        "go depth 4 movetime 100 wtime 1000 btime 900 winc 10 binc 10 movestogo 5 ai enhanced:expert",
        "info multipv 1 depth 3 score win2 wdl 1000 0 0 nodes 40 time 1 pv a2-a3",
        "solved win white 5 nodes 300 pv a2-a3 h7-h6",
        "perft 3 stopped",
    ] {
        let text = match parse_command(line) {
            Ok(Some(command)) => command_text(&command),
            _ => reply_text(&parse_reply(line).expect(line)),
        };
        assert_eq!(text, line);
    }
}

#[test]
fn an_unknown_go_parameter_is_named_with_what_go_takes() {
    let takes = "go takes depth N, movetime MS, iterations N, nodes N, wtime/btime/winc/binc MS, movestogo N, \
                 ai CONFIG, infinite";
    for (line, word) in
        [("go blah", "blah"), ("go blah 3", "blah"), ("go depth 3 blah", "blah"), ("go p1time 5", "p1time")]
    {
        let error = parse_command(line).unwrap_err().to_string();
        assert_eq!(error, format!("unknown go parameter '{word}' ({takes})"), "{line}");
    }
}

#[test]
fn bad_lines_are_named_not_guessed() {
    assert_eq!(parse_command("   "), Ok(None));
    assert_eq!(parse_command("frob"), Err(SyntaxError::UnknownCommand("frob".into())));
    assert_eq!(parse_command("perft 9"), Err(SyntaxError::PerftDepth("9".into())));
    assert_eq!(parse_command("go depth"), Err(SyntaxError::GoNeedsValue("depth".into())));
    assert_eq!(parse_command("go infinite depth 3"), Err(SyntaxError::InfiniteWithLimits));
    assert_eq!(parse_command("go wtime soon"), Err(SyntaxError::GoValue { key: "wtime".into(), value: "soon".into() }));
    assert_eq!(parse_command("setoption wdl maybe"), Err(SyntaxError::OnOff { option: "wdl", value: "maybe".into() }));
    assert_eq!(parse_command("solve nodes"), Err(SyntaxError::SolveNeedsValue("nodes".into())));
    assert_eq!(parse_command("position startpos a2-a3"), Err(SyntaxError::ExpectedMoves("a2-a3".into())));
    assert!(matches!(parse_command("variant chess"), Err(SyntaxError::Size(_))));
    assert!(matches!(parse_command("go movetime soon"), Err(SyntaxError::Limit(_))));
    for line in ["bestmove", "status ongoing red", "info depth x", "perft x 3", "hello"] {
        assert!(parse_reply(line).is_err(), "{line}");
    }
}

#[test]
fn bothconnected_option_refuses_an_unknown_rule() {
    assert_eq!(
        parse_command("setoption bothconnected mover"),
        Ok(Some(Command::SetOption(EngineOption::BothConnected(BothConnected::MoverWins))))
    );
    assert!(matches!(parse_command("setoption bothconnected loss"), Err(SyntaxError::BothConnected(_))));
    assert!(matches!(parse_command("setoption bothconnected"), Err(SyntaxError::Usage(_))));
}
