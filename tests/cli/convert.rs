//! `breakline convert`: a played game goes from its JSON record to the text
//! people share and back, unchanged but for what text does not carry (each
//! search's figures); malformed text is refused in one line.

use breakline::engine::ai::player::GameRecord;
use breakline::engine::lab::runner::SeriesGame;

use crate::breakline;

fn scratch(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("breakline-convert-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir.join(name)
}

#[test]
fn a_played_game_converts_to_text_and_back() {
    let games = scratch("games.jsonl");
    let args = ["match", "--size", "6x6", "--white", "alphabeta:expert:depth=2", "--black", "master:depth=3"];
    let (code, out, err) = breakline(&[&args[..], &["--games", "1", "--json", games.to_str().unwrap()]].concat());
    assert_eq!(code, 0, "{out}{err}");
    let game: SeriesGame = serde_json::from_str(std::fs::read_to_string(&games).unwrap().trim()).unwrap();
    let record_path = scratch("game.json");
    std::fs::write(&record_path, serde_json::to_string(&game.record).unwrap()).unwrap();
    let (text_path, back_path) = (scratch("game.txt"), scratch("back.json"));
    for (from, to) in [(&record_path, &text_path), (&text_path, &back_path)] {
        let (code, out, err) = breakline(&["convert", from.to_str().unwrap(), to.to_str().unwrap()]);
        assert_eq!((code, out.as_str(), err.as_str()), (0, "", ""));
    }
    let text = std::fs::read_to_string(&text_path).unwrap();
    assert!(text.starts_with("[Variant \"breakthrough\"]\n[Size \"6x6\"]\n"), "{text}");
    assert!(text.contains("[WhiteConfig \"alphabeta:expert:depth=2\"]"), "{text}");
    let (back, _) = GameRecord::from_json(&std::fs::read_to_string(&back_path).unwrap()).unwrap();
    let notation = |r: &GameRecord| r.moves.iter().map(|m| m.notation.clone()).collect::<Vec<_>>();
    assert_eq!(notation(&back), notation(&game.record));
    assert_eq!((back.result, &back.white, &back.black), (game.record.result, &game.record.white, &game.record.black));
    let (code, printed, _) = breakline(&["convert", back_path.to_str().unwrap(), "-"]);
    assert_eq!((code, printed), (0, text), "the text form is stable");
    std::fs::write(&text_path, "[Size \"6x6\"]\n1. a2-a5").unwrap();
    let (code, _, err) = breakline(&["convert", text_path.to_str().unwrap(), "-"]);
    assert_eq!(code, 1);
    assert!(
        err.starts_with("breakline: ") && err.contains("move 1. (ply 1) a2-a5") && err.trim().lines().count() == 1,
        "{err}"
    );
}

/// Two Little Golem games around a damaged one (its third move goes two ranks).
const SITE_GAMES: &str = "[Event \"Breakthrough casual\"]
[Site \"www.littlegolem.net\"]
[White \"alice\"]
[Black \"bob\"]
[Result \"0-1\"]

1. e2-e3 d7-d6 2. e3-e4 d6-d5 3. e4xd5 c7-c6 4. d5xc6 b7xc6 5. resign

[Event \"Breakthrough casual\"]
[Site \"www.littlegolem.net\"]
[Result \"*\"]

1. a2-a3 h7-h6 2. a3-a5 *

[Event \"Breakthrough casual\"]
[Site \"www.littlegolem.net\"]
[White \"carol\"]
[Black \"dan\"]
[Result \"*\"]

1. a2-a3 h7-h6 *
";

#[test]
fn a_sites_games_convert_to_sgf_and_openspiel_and_a_damaged_one_is_named() {
    let input = scratch("site.pgn");
    std::fs::write(&input, SITE_GAMES).unwrap();
    let sgf = scratch("site.sgf");
    let (code, out, err) = breakline(&["convert", input.to_str().unwrap(), sgf.to_str().unwrap()]);
    assert_eq!((code, out.as_str()), (0, ""), "{err}");
    assert_eq!(err.trim().lines().count(), 1, "{err}");
    assert!(err.contains("line 13: move 2. (ply 3) a3-a5"), "{err}");
    let written = std::fs::read_to_string(&sgf).unwrap();
    assert_eq!(written.matches("(;FF[4]GM[41]SZ[8]").count(), 2, "{written}");
    assert!(written.contains("PW[alice]PB[bob]RE[B+R]") && written.contains("PW[carol]PB[dan]"), "{written}");
    let (code, printed, err) = breakline(&["convert", sgf.to_str().unwrap(), "-", "--to", "openspiel"]);
    assert_eq!(code, 0, "{err}");
    assert!(printed.starts_with("1. e7e6 d2d3\n2. e6e5 d3d4\n3. e5d4* c2c3\n"), "{printed}");
    let (code, _, err) = breakline(&["convert", sgf.to_str().unwrap(), scratch("two.json").to_str().unwrap()]);
    assert_eq!(code, 1);
    assert!(err.contains("a JSON record holds one game; 2 were read"), "{err}");
}

#[test]
fn an_openspiel_loa_list_converts_given_its_variant() {
    let input = scratch("loa.txt");
    std::fs::write(&input, "1. b1-b3 h3-e3\n2. b8-b6 h7-f7\n3. b3xe3 h6xe3\n").unwrap();
    let (code, printed, err) = breakline(&["convert", input.to_str().unwrap(), "-", "--variant", "loa", "--to", "pgn"]);
    assert_eq!(code, 0, "{err}");
    assert!(printed.contains("[Variant \"Lines of Action\"]") && printed.contains("3. b3xe3 h6xe3 *"), "{printed}");
    let (code, _, err) = breakline(&["convert", input.to_str().unwrap(), "-", "--to", "pgn"]);
    assert_eq!(code, 1, "Breakthrough by default");
    assert!(err.starts_with("breakline: ") && err.trim().lines().count() == 1, "{err}");
}
