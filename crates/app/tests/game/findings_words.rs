//! Issue 50's findings on the rated game's rules, the messages and the end
//! of a game (4, 5, 6, 7, 14's wording, 18), each driven through the
//! requests a click or a key sends.

use bevy::prelude::*;
use breakline_app::board::typed::move_hints;
use breakline_app::board::words::{DescribeRequest, PositionWords};
use breakline_app::files::game_file::{FileAction, FileRequest};
use breakline_app::game::length::game_length;
use breakline_app::game::notice::Notice;
use breakline_app::game::phase::{GamePhase, TurnPhase};
use breakline_app::game::players::{PlayerSetup, Players};
use breakline_app::game::ratings::Progress;
use breakline_app::game::request::{GameRequest, MoveChosen};
use breakline_app::game::settings::{GameSettings, PlaySettings};
use breakline_app::game::thinking::AiThinking;
use breakline_app::game::verdict::verdict;
use breakline_app::platform::launch::LaunchOptions;
use breakline_app::play::asks::{Answer, Ask, Question};
use breakline_app::play::rated::RatedGame;
use breakline_app::puzzles::puzzle::PuzzleRequest;
use breakline_app::tasks::analysis::AnalysisSettings;
use breakline_app::theme::palette::{self, Tone};
use breakline_engine::rules::clock::TimeControl;
use breakline_engine::rules::describe::describe_position;
use breakline_engine::rules::typed_move::read_typed_move;
use breakline_engine::{Position, Side, Variant};

use crate::{ai, game_app, options, phase, session, settled_human_turn, update_until};

fn send<M: Message>(app: &mut App, message: M) {
    app.world_mut().write_message(message);
}

fn words(app: &App) -> String {
    app.world().resource::<PositionWords>().0.clone().unwrap_or_default()
}

fn question(app: &App) -> Option<String> {
    app.world().resource::<Question>().text().map(str::to_string)
}

fn unrated(app: &App) -> Option<&'static str> {
    app.world().resource::<RatedGame>().unrated_because()
}

/// The person plays the side to move's first legal move.
fn play_first(app: &mut App) {
    let s = session(app);
    let (plies, request) =
        (s.plies(), MoveChosen::human(s.position().legal_moves()[0], s.generation(), s.position().hash()));
    send(app, request);
    assert!(update_until(app, 50, |app| session(app).plies() > plies));
}

/// The person's move and the level's answer.
fn exchange(app: &mut App) {
    assert!(settled_human_turn(app, 200));
    let plies = session(app).plies();
    play_first(app);
    assert!(update_until(app, 400, |app| session(app).plies() >= plies + 2));
    assert!(settled_human_turn(app, 200));
}

/// Asks, and answers the question that follows.
fn ask_and_answer(app: &mut App, ask: Ask, yes: bool) {
    send(app, ask);
    app.update();
    assert!(question(app).is_some(), "{ask:?} asks first");
    send(app, Answer(yes));
    app.update();
    app.update();
}

#[test]
fn finding_04_describe_follows_the_board_and_names_its_game() {
    let v = Variant::Breakthrough;
    let mut app = game_app(options(v, PlayerSetup::Human, PlayerSetup::Human));
    assert!(settled_human_turn(&mut app, 50));
    send(&mut app, DescribeRequest);
    app.update();
    assert!(words(&app).contains("No move played yet."), "{}", words(&app));

    // A move later the words say so, without asking again.
    play_first(&mut app);
    app.update();
    let mv = session(&app).position().moves()[0];
    let name = position_before_last(session(&app).position()).move_name(mv);
    assert!(words(&app).contains(&format!("Last move: White {name}.")), "{}", words(&app));

    // Another game: Lines of Action is described as Lines of Action.
    let mut settings = *app.world().resource::<GameSettings>();
    settings.variant = Variant::LinesOfAction;
    settings.size = Variant::LinesOfAction.default_size();
    *app.world_mut().resource_mut::<GameSettings>() = settings;
    send(&mut app, GameRequest::NewGame { rematch: false });
    assert!(update_until(&mut app, 50, |app| session(app).variant() == Variant::LinesOfAction));
    app.update();
    assert!(words(&app).starts_with("Lines of Action 8x8."), "{}", words(&app));

    // A puzzle borrows the board: the words describe the puzzle's position.
    send(&mut app, PuzzleRequest::Start(Variant::Breakthrough));
    assert!(update_until(&mut app, 50, |app| session(app).variant() == Variant::Breakthrough));
    app.update();
    assert_eq!(words(&app), describe_position(&session(&app).shown_position(), None));
}

fn position_before_last(position: &Position) -> Position {
    let mut before = position.clone();
    before.undo();
    before
}

#[test]
fn finding_04_the_move_box_hint_is_each_games_own() {
    for variant in Variant::ALL {
        let mut position = Position::start(variant, variant.default_size()).unwrap();
        // Each side's own move, the second side's too (fresh eyes, round 20:
        // the box showed White Black's squares in Lines of Action).
        for _ in 0..2 {
            let (hint, hover) = move_hints(&position);
            for example in hint.split(" or ") {
                let mv = read_typed_move(&position, example);
                assert!(mv.is_ok(), "{variant:?}: {example} is a move of the side to move");
            }
            assert!(hover.contains(hint.split(" or ").next().unwrap()), "{variant:?}: {hover}");
            let first = position.legal_moves()[0];
            position.play(first).unwrap();
        }
    }
    // What the box said in both games is no move of Lines of Action.
    let loa = Position::start(Variant::LinesOfAction, Variant::LinesOfAction.default_size()).unwrap();
    assert!(read_typed_move(&loa, "e2-e3").is_err());
    // A finished game's position offers no example (fresh eyes, round 23:
    // "b1-d3" beside a won game, with no piece on b1).
    let mut won = Position::from_fen(Variant::Breakthrough, "5/5/5/1w3/b4 w").unwrap();
    while !won.outcome().is_over() {
        let mv = won.legal_moves()[0];
        won.play(mv).unwrap();
    }
    assert_eq!(move_hints(&won).0, "", "no move to show once the game is over");
}

#[test]
fn finding_05_a_hint_or_the_analysis_in_a_rated_game_asks_first() {
    let v = Variant::Breakthrough;
    let mut app = game_app(options(v, PlayerSetup::Human, ai("novice", v)));
    exchange(&mut app);
    assert_eq!(unrated(&app), None);
    assert!(app.world().resource::<RatedGame>().in_force(session(&app)), "no winning-chance bar");

    // No: the game stays rated and no hint is searched.
    ask_and_answer(&mut app, Ask::Hint, false);
    assert_eq!(unrated(&app), None);
    send(&mut app, Ask::Hint);
    app.update();
    let given_up = "A hint ends this rated game as a loss for your rating; play goes on as a casual game. Go on?";
    assert_eq!(question(&app).as_deref(), Some(given_up));
    let games = |app: &App| app.world().resource::<Progress>().rating(v).games;
    assert_eq!(games(&app), 0);
    send(&mut app, Answer(true));
    app.update();
    assert_eq!(question(&app), None);
    assert_eq!(unrated(&app), Some("it was made casual after you had moved, which counts as a loss"));
    assert!(!app.world().resource::<RatedGame>().in_force(session(&app)));
    // Fresh eyes: a hint, then resigning, escaped the lost game's loss. The
    // yes counts the loss at once, and the resignation counts nothing more.
    assert_eq!(games(&app), 1, "a loss, counted at the yes");
    ask_and_answer(&mut app, Ask::Resign, true);
    assert!(update_until(&mut app, 20, |app| phase(app) == GamePhase::Over));
    app.update();
    assert_eq!(games(&app), 1, "counted once");

    // The analysis asks in a rated game, and is switched on only after yes.
    let mut app = game_app(options(v, PlayerSetup::Human, ai("novice", v)));
    exchange(&mut app);
    send(&mut app, Ask::Analysis);
    app.update();
    let given_up = "The analysis ends this rated game as a loss for your rating; play goes on as a casual game. Go on?";
    assert_eq!(question(&app).as_deref(), Some(given_up));
    assert!(!app.world().resource::<AnalysisSettings>().on);
    send(&mut app, Answer(true));
    app.update();
    assert!(app.world().resource::<AnalysisSettings>().on);
    assert!(unrated(&app).is_some());

    // In a casual game nothing asks.
    app.world_mut().resource_mut::<AnalysisSettings>().on = false;
    send(&mut app, Ask::Analysis);
    app.update();
    assert_eq!(question(&app), None);
    assert!(app.world().resource::<AnalysisSettings>().on);
}

#[test]
fn finding_05_after_the_game_the_panel_says_what_happened_to_the_rating() {
    let v = Variant::Breakthrough;
    let mut app = game_app(options(v, PlayerSetup::Human, ai("novice", v)));
    exchange(&mut app);
    let rated = app.world().resource::<RatedGame>();
    let rules = "This game is rated: no hints, no analysis; take-backs left: 2 of 2.";
    assert_eq!(rated.standing(session(&app)), rules);
    // The take-backs left are counted on screen (fresh eyes, round 10).
    exchange(&mut app);
    send(&mut app, GameRequest::Undo);
    assert!(settled_human_turn(&mut app, 200));
    let rated = app.world().resource::<RatedGame>();
    let rules = "This game is rated: no hints, no analysis; take-backs left: 1 of 2.";
    assert_eq!(rated.standing(session(&app)), rules);
    ask_and_answer(&mut app, Ask::Resign, true);
    assert!(update_until(&mut app, 20, |app| phase(app) == GamePhase::Over));
    app.update();
    let rated = app.world().resource::<RatedGame>();
    let standing = rated.standing(session(&app));
    assert!(standing.starts_with("Rated: your Breakthrough rating went from "), "{standing}");
    assert!(!standing.contains("already"), "{standing}");

    // A game made casual before the person's first move says so after it
    // ends, and that the rating stayed.
    send(&mut app, GameRequest::NewGame { rematch: false });
    assert!(update_until(&mut app, 50, |app| session(app).plies() == 0));
    assert!(settled_human_turn(&mut app, 200));
    ask_and_answer(&mut app, Ask::Hint, true);
    exchange(&mut app);
    ask_and_answer(&mut app, Ask::Resign, true);
    assert!(update_until(&mut app, 20, |app| phase(app) == GamePhase::Over));
    let standing = app.world().resource::<RatedGame>().standing(session(&app));
    assert_eq!(standing, "This game was not rated (a hint was asked for): your rating did not change.");

    // One made casual after it says that it counted as a loss.
    send(&mut app, GameRequest::NewGame { rematch: false });
    assert!(update_until(&mut app, 50, |app| session(app).plies() == 0));
    exchange(&mut app);
    ask_and_answer(&mut app, Ask::Hint, true);
    ask_and_answer(&mut app, Ask::Resign, true);
    assert!(update_until(&mut app, 20, |app| phase(app) == GamePhase::Over));
    let standing = app.world().resource::<RatedGame>().standing(session(&app));
    let lost =
        "This game became casual after you had moved: it counted as a loss. Rated: your Breakthrough rating went";
    assert!(standing.starts_with(lost), "{standing}");
}

#[test]
fn finding_06_resigning_asks_first_and_is_told_from_the_players_side() {
    let v = Variant::Breakthrough;
    let mut app = game_app(options(v, PlayerSetup::Human, ai("novice", v)));
    exchange(&mut app);
    send(&mut app, Ask::Resign);
    app.update();
    app.update();
    let asked = Some("Resign this rated game? Black wins, and your rating counts it as a loss.");
    assert_eq!(question(&app).as_deref(), asked, "the rating named (fresh eyes, round 20)");
    assert_eq!(phase(&app), GamePhase::Playing, "one click does not resign");
    send(&mut app, Answer(true));
    assert!(update_until(&mut app, 20, |app| phase(app) == GamePhase::Over));
    let players = app.world().resource::<Players>().clone();
    let words = verdict(session(&app), &players).expect("the game is over");
    assert_eq!(words, ("You lost".to_string(), "You resigned. Black wins.".to_string()));

    // Between two people the sides are named.
    let both = Players { white: PlayerSetup::Human, black: PlayerSetup::Human };
    assert_eq!(verdict(session(&app), &both).unwrap().1, "White resigned. Black wins.");
}

#[test]
fn finding_06_a_rated_resignation_cannot_be_undone() {
    let v = Variant::Breakthrough;
    let mut app = game_app(options(v, PlayerSetup::Human, ai("novice", v)));
    exchange(&mut app);
    ask_and_answer(&mut app, Ask::Resign, true);
    assert!(update_until(&mut app, 20, |app| phase(app) == GamePhase::Over));
    app.update();
    assert!(app.world().resource::<RatedGame>().final_result(session(&app)));
    send(&mut app, Ask::TakeBack);
    for _ in 0..10 {
        app.update();
    }
    assert_eq!(phase(&app), GamePhase::Over, "Undo does not reopen a rated game that was resigned");
    assert_eq!(question(&app), None);
    // Refused in words, not in silence (fresh eyes, round 21).
    let said = app.world().resource::<breakline_app::game::notice::Notice>().text.clone();
    assert_eq!(said.as_deref(), Some(breakline_app::play::asks::RESULT_STANDS));

    // Nor a casual game's: a finished game stays as it ended (it is kept so).
    let mut casual = game_app(options(v, PlayerSetup::Human, PlayerSetup::Human));
    assert!(settled_human_turn(&mut casual, 50));
    play_first(&mut casual);
    assert!(settled_human_turn(&mut casual, 50));
    ask_and_answer(&mut casual, Ask::Resign, true);
    assert!(update_until(&mut casual, 20, |app| phase(app) == GamePhase::Over));
    send(&mut casual, Ask::TakeBack);
    for _ in 0..10 {
        casual.update();
    }
    assert_eq!(phase(&casual), GamePhase::Over, "Undo does not reopen a casual game that was resigned");
}

/// Fresh eyes, round 9 (major): "Continue from here" counted as one
/// take-back however many moves it dropped, so a rated game went back to
/// its start, clocks refilled, and was aborted instead of lost. In a rated
/// game it always asks first, and a yes makes the game casual.
#[test]
fn finding_05_continue_from_here_in_a_rated_game_asks_first() {
    let v = Variant::Breakthrough;
    let mut app = game_app(options(v, PlayerSetup::Human, ai("novice", v)));
    for _ in 0..4 {
        exchange(&mut app);
    }
    let live = session(&app).plies();
    send(&mut app, GameRequest::GoTo { ply: 0 });
    send(&mut app, Ask::ContinueFromHere);
    app.update();
    let given_up = "Going back to an earlier move ends this rated game as a loss for your rating; play goes on as a casual game. Go on?";
    assert_eq!(question(&app).as_deref(), Some(given_up));
    assert_eq!(session(&app).plies(), live, "nothing is cut before the answer");
    send(&mut app, Answer(false));
    app.update();
    assert_eq!((session(&app).plies(), unrated(&app)), (live, None), "no: the game and its rating stay");
    send(&mut app, Ask::ContinueFromHere);
    app.update();
    send(&mut app, Answer(true));
    assert!(update_until(&mut app, 20, |app| session(app).plies() == 0), "yes: cut");
    assert!(unrated(&app).is_some(), "and casual");
    // A take-back (Undo) still counts within the limit, without a question.
    let mut app = game_app(options(v, PlayerSetup::Human, ai("novice", v)));
    for _ in 0..2 {
        exchange(&mut app);
    }
    send(&mut app, Ask::TakeBack);
    app.update();
    assert_eq!(question(&app), None, "the first take-back is allowed");
}

#[test]
fn finding_07_moves_and_plies_are_counted_one_way() {
    assert_eq!(game_length(34), "17 moves (34 plies)");
    assert_eq!(game_length(33), "17 moves (33 plies)");
    assert_eq!(game_length(1), "1 move (1 ply)");
    assert_eq!(game_length(0), "0 moves (0 plies)");

    // A game of four plies opened from a file is two moves.
    let v = Variant::Breakthrough;
    let mut app = game_app(options(v, PlayerSetup::Human, PlayerSetup::Human));
    assert!(settled_human_turn(&mut app, 50));
    for _ in 0..4 {
        play_first(&mut app);
        assert!(settled_human_turn(&mut app, 50));
    }
    let path = std::env::temp_dir().join(format!("breakline-findings-words-{}.json", std::process::id()));
    send(&mut app, FileRequest { action: FileAction::Save, path: path.clone() });
    app.update();
    send(&mut app, FileRequest { action: FileAction::Load, path: path.clone() });
    for _ in 0..5 {
        app.update();
    }
    let notice = app.world().resource::<Notice>().text.clone().unwrap_or_default();
    assert!(notice.contains("(2 moves (4 plies))"), "{notice}");
    let _ = std::fs::remove_file(path);
}

#[test]
fn finding_14_a_fallen_flag_is_told_by_its_colour() {
    let v = Variant::Breakthrough;
    let time_control = Some(TimeControl::parse("2+0").unwrap());
    let people = Players { white: PlayerSetup::Human, black: PlayerSetup::Human };
    let mut app = game_app(LaunchOptions { time_control, ..options(v, PlayerSetup::Human, PlayerSetup::Human) });
    // Both sides move once; then White's flag falls.
    for _ in 0..2 {
        assert!(settled_human_turn(&mut app, 20));
        play_first(&mut app);
    }
    assert!(update_until(&mut app, 100, |app| phase(app) == GamePhase::Over));
    let words = verdict(session(&app), &people).unwrap();
    assert_eq!(words, ("Black wins".to_string(), "White's time ran out. Black wins.".to_string()));
    let against_ai = Players { white: PlayerSetup::Human, black: ai("novice", v) };
    assert_eq!(verdict(session(&app), &against_ai).unwrap().1, "White's time ran out (yours). Black wins.");
}

#[test]
fn a_flag_fallen_before_the_first_move_aborts_the_game() {
    let v = Variant::Breakthrough;
    let time_control = Some(TimeControl::parse("0.5+0").unwrap());
    let people = Players { white: PlayerSetup::Human, black: PlayerSetup::Human };
    let mut app = game_app(LaunchOptions { time_control, ..options(v, PlayerSetup::Human, PlayerSetup::Human) });
    assert!(update_until(&mut app, 10, |app| crate::turn(app) == Some(TurnPhase::HumanTurn)));
    assert!(update_until(&mut app, 20, |app| phase(app) == GamePhase::Over));
    let (headline, sentence) = verdict(session(&app), &people).unwrap();
    assert_eq!(headline, "Game aborted");
    assert!(sentence.contains("no result"), "{sentence}");
}

#[test]
fn finding_18_the_thinking_label_names_the_side_to_move() {
    // Searches of 100 ms, no book: every move is a search that lasts many frames.
    let v = Variant::Breakthrough;
    let level = "enhanced:expert:time=100:book=off";
    let mut app = game_app(options(v, ai(level, v), ai(level, v)));
    app.world_mut().resource_mut::<PlaySettings>().ai_delay_secs = 0.0;
    let mut named = [false, false];
    let start = std::time::Instant::now();
    while session(&app).plies() < 4 {
        assert!(start.elapsed() < std::time::Duration::from_secs(30), "the game did not go on");
        app.update();
        let s = session(&app);
        if let Some(side) = app.world().resource::<AiThinking>().side_thinking(s) {
            assert_eq!(side, s.position().side_to_move(), "after ply {}", s.plies());
            named[side.index()] = true;
        }
        std::thread::sleep(std::time::Duration::from_millis(2));
    }
    assert_eq!(named, [true, true], "both sides' searches were named while they ran");
}

#[test]
fn finding_18_every_legend_word_reads_on_its_panel() {
    // egui's panel fills, dark and light.
    let panels = [Tone::rgb(27, 27, 27), Tone::rgb(248, 248, 248)];
    let words = [
        palette::WHITE_GROUPS[4],
        palette::BLACK_GROUPS[0],
        palette::PAPER,
        palette::INK,
        palette::WHITE_ATTACK,
        palette::BLACK_ATTACK,
    ];
    for panel in panels {
        for word in words {
            let under = palette::legend_chip(word, panel).unwrap_or(panel);
            assert!(word.contrast(under) >= palette::LEGIBLE, "{word:?} on {under:?}");
        }
    }
    // Drawn straight on the dark panel, Black's ink-coloured "diamond" was not.
    assert!(palette::INK.contrast(panels[0]) < palette::LEGIBLE);
}

#[test]
fn finding_18_the_group_tints_keep_the_sides_apart() {
    // White's warm (magenta through red to yellow), Black's cool (green through violet).
    for tone in palette::WHITE_GROUPS {
        let hue = tone.hue();
        assert!(hue >= 300.0 || hue <= 65.0, "White's {tone:?} at {hue:.0}°");
    }
    for tone in palette::BLACK_GROUPS {
        let hue = tone.hue();
        assert!((120.0..=270.0).contains(&hue), "Black's {tone:?} at {hue:.0}°");
    }
}

#[test]
fn finding_18_the_move_list_names_the_first_mover() {
    let loa = Variant::LinesOfAction;
    let mut app = game_app(options(loa, PlayerSetup::Human, PlayerSetup::Human));
    assert!(settled_human_turn(&mut app, 50));
    assert_eq!(session(&app).first_mover(), Side::Black);
    play_first(&mut app);
    assert_eq!(session(&app).first_mover(), Side::Black, "after Black's first move");
    let bt = game_app(options(Variant::Breakthrough, PlayerSetup::Human, PlayerSetup::Human));
    assert_eq!(session(&bt).first_mover(), Side::White);
}

/// Findings: a game between two other people "did not change your rating"
/// for a false reason (only games from the start are rated), and an AI
/// against AI end spoke of "your rating".
#[test]
fn a_game_no_person_played_against_a_level_never_speaks_of_your_rating() {
    let v = Variant::Breakthrough;
    let people = options(v, PlayerSetup::Human, PlayerSetup::Human);
    let mut app = game_app(people);
    for _ in 0..2 {
        assert!(settled_human_turn(&mut app, 20));
        play_first(&mut app);
    }
    send(&mut app, Ask::Resign);
    app.update();
    send(&mut app, Answer(true));
    assert!(update_until(&mut app, 20, |app| phase(app) == GamePhase::Over));
    let standing = app.world().resource::<RatedGame>().standing(session(&app));
    assert_eq!(standing, "This game was not rated: only a person against a level is rated.");
}

/// Finding (fresh eyes): resigning before the first move asked "Black
/// wins" and then aborted the game; the question says what will happen.
#[test]
fn resigning_before_a_first_move_asks_to_abort() {
    let v = Variant::Breakthrough;
    let mut app = game_app(options(v, PlayerSetup::Human, ai("novice", v)));
    assert!(settled_human_turn(&mut app, 20));
    send(&mut app, Ask::Resign);
    app.update();
    let text = question(&app).unwrap_or_default();
    assert!(text.starts_with("Abort this game?"), "{text}");
    send(&mut app, Answer(true));
    assert!(update_until(&mut app, 20, |app| phase(app) == GamePhase::Over));
    let players = app.world().resource::<Players>().clone();
    assert_eq!(verdict(session(&app), &players).map(|words| words.0).as_deref(), Some("Game aborted"));
}

/// Fresh eyes, round 8: resigned before a first move, the game was
/// "aborted" on the banner while its words said "White wins: the opponent
/// resigned"; the words say it has no result.
#[test]
fn a_game_resigned_before_a_first_move_is_described_as_aborted() {
    let v = Variant::LinesOfAction;
    let mut app = game_app(options(v, ai("novice", v), PlayerSetup::Human));
    assert!(settled_human_turn(&mut app, 200), "Black, the person, moves first");
    send(&mut app, DescribeRequest);
    send(&mut app, GameRequest::Resign);
    assert!(update_until(&mut app, 20, |app| phase(app) == GamePhase::Over));
    app.update();
    let players = app.world().resource::<Players>().clone();
    assert!(session(&app).aborted(&players), "the person never moved");
    assert!(words(&app).contains("Aborted before a first move: no result."), "{}", words(&app));
    assert!(!words(&app).contains("wins"), "{}", words(&app));
}
