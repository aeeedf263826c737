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
        err.starts_with("breakline: ") && err.contains("move 1 (a2-a5)") && err.trim().lines().count() == 1,
        "{err}"
    );
}
