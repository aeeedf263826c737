//! Flow Free: the text format and its typed errors, the independent
//! validator, every solving method held to it, and the CS 440 report's puzzles
//! recovered from its printed solutions.

use std::sync::Arc;
use std::sync::atomic::AtomicBool;

use breakline_flow::library::{self, SHIPPED};
use breakline_flow::{
    Budget, Colour, GaveUp, Method, Observer, Outcome, Puzzle, PuzzleError, Violation, count_solutions, solve,
    solve_watched, validate,
};
use rand::rngs::StdRng;
use rand::{RngExt, SeedableRng};

/// The report's printed solutions: 7x7 and 8x8 as printed (dumb section, `0`
/// orange), 9x9 with the cell its last row lost in print (the row is all G).
const REPORT_7X7: &str =
    "G G G 0 0 0 0\nG B G G G Y 0\nG B B B R Y 0\nG Y Y Y R Y 0\nG Y R R R Y 0\nG Y R Y Y Y 0\nG Y Y Y 0 0 0";
const REPORT_8X8: &str = "Y Y Y R R R G G\nY B Y P P R R G\nY B 0 0 P G R G\nY B 0 P P G G G\n\
                          Y B 0 0 0 0 Y Y\nY B B B B 0 Q Y\nY Q Q Q Q Q Q Y\nY Y Y Y Y Y Y Y";
const REPORT_9X9: &str = "D B B B O K K K K\nD B O O O R R R K\nD B R Q Q Q Q R K\nD B R R R R R R K\n\
                          G G K K K K K K K\nG K K P P P P P G\nG K Y Y Y Y Y P G\nG K K K K K K P G\n\
                          G G G G G G G G G";
/// The report's first 10x10 exactly as printed, some rows a cell short.
const REPORT_10X10: [&str; 10] = [
    "R G G G G G G G G",
    "R R R R O O O O G",
    "Y Y P R Q Q Q Q G",
    "Y P P R R R R R G",
    "Y P G G B B B B R G",
    "Y P P G B R R B R G",
    "Y Y P G B R B B R G",
    "P Y P G B R R R R G",
    "P Y P G B B B B B G",
    "P P P G G G G G G",
];

fn shipped(name: &str) -> Puzzle {
    library::find(name).expect("shipped").puzzle().expect("parses")
}

fn solved(puzzle: &Puzzle, method: Method) -> Vec<Colour> {
    match solve(puzzle, method, &Budget::default(), 7).outcome {
        Outcome::Solved(cells) => cells,
        other => panic!("{method} did not solve:\n{puzzle}{other:?}"),
    }
}

#[test]
fn every_shipped_puzzle_parses_and_writes_back_the_same() {
    assert_eq!(SHIPPED.len(), 8);
    for s in &SHIPPED {
        let puzzle = s.puzzle().unwrap_or_else(|e| panic!("{}: {e}", s.name));
        assert_eq!(format!("{}x{}", puzzle.width(), puzzle.height()), s.name);
        assert_eq!(Puzzle::parse(&puzzle.to_text()).unwrap(), puzzle);
    }
    assert!(shipped("14x14").cell_count() >= 144, "a puzzle of at least 12x12 ships");
}

#[test]
fn bad_puzzles_get_typed_errors() {
    let cases: [(&str, PuzzleError); 8] = [
        ("", PuzzleError::Empty),
        ("# only a comment\n\n", PuzzleError::Empty),
        ("A.A\n..\nB.B", PuzzleError::RaggedRow { row: 2, found: 2, expected: 3 }),
        ("A.\n.*\nA.", PuzzleError::BadChar { row: 2, column: 2, ch: '*' }),
        ("A.A\n.B.\n...", PuzzleError::Unpaired { colour: 'B', count: 1 }),
        ("AAA\n...\n...", PuzzleError::Unpaired { colour: 'A', count: 3 }),
        ("AA", PuzzleError::Size { width: 2, height: 1 }),
        ("...\n...", PuzzleError::NoColours),
    ];
    for (text, expected) in cases {
        assert_eq!(Puzzle::parse(text), Err(expected), "{text:?}");
    }
    let wide = format!("A{}A\n{}\n", ".".repeat(19), ".".repeat(21));
    assert_eq!(Puzzle::parse(&wide), Err(PuzzleError::Size { width: 21, height: 2 }));
    // 33 colours, each twice, on a 6x11 grid.
    let names: Vec<char> = ('A'..='Z').chain('a'..='g').collect();
    let text: String = names
        .iter()
        .flat_map(|&c| [c, c])
        .collect::<Vec<char>>()
        .chunks(6)
        .map(|r| r.iter().collect::<String>() + "\n")
        .collect();
    assert_eq!(Puzzle::parse(&text), Err(PuzzleError::TooManyColours { found: 33, max: 32 }));
    // Every message is one line.
    assert!(!PuzzleError::RaggedRow { row: 2, found: 1, expected: 3 }.to_string().contains('\n'));
}

#[test]
fn grids_up_to_20x20_solve() {
    // Twenty colours, each joining the two ends of its own row.
    let text: String = ('A'..='T').map(|c| format!("{c}{}{c}\n", ".".repeat(18))).collect();
    let puzzle = Puzzle::parse(&text).unwrap();
    assert_eq!((puzzle.width(), puzzle.height(), puzzle.colour_count()), (20, 20, 20));
    for method in [Method::Smart, Method::Paths] {
        let cells = solved(&puzzle, method);
        assert!(cells.iter().enumerate().all(|(i, &c)| c as usize == i / 20), "{method}");
    }
}

#[test]
fn the_format_ignores_spaces_comments_and_underscores() {
    let a = Puzzle::parse("# title\nA _ B\n\n. . .\nA . B\n").unwrap();
    let b = Puzzle::parse("A.B\n...\nA.B").unwrap();
    assert_eq!(a, b);
    assert_eq!(a.colour_count(), 2);
    assert_eq!(a.ends(0), [0, 6]);
    assert_eq!(a.names(), ['A', 'B']);
}

#[test]
fn the_report_puzzles_are_recovered_from_its_printed_solutions() {
    for (name, printed) in [("7x7", REPORT_7X7), ("8x8", REPORT_8X8), ("9x9", REPORT_9X9)] {
        let (puzzle, cells) = Puzzle::from_solution(printed).unwrap();
        assert_eq!(puzzle, shipped(name), "{name}");
        validate(&puzzle, &cells).unwrap();
    }
    // The smart section prints the 8x8 with the letter O for orange.
    let (smart_print, _) = Puzzle::from_solution(&REPORT_8X8.replace('0', "O")).unwrap();
    assert_eq!(smart_print.to_text().replace('O', "0"), shipped("8x8").to_text());
}

#[test]
fn the_report_puzzles_solve_to_its_printed_solutions() {
    for (name, printed) in [("7x7", REPORT_7X7), ("8x8", REPORT_8X8), ("9x9", REPORT_9X9)] {
        let (puzzle, cells) = Puzzle::from_solution(printed).unwrap();
        for method in [Method::Smart, Method::Paths] {
            assert_eq!(solved(&puzzle, method), cells, "{name} by {method}");
        }
    }
    for name in ["7x7", "8x8"] {
        let (_, cells) = Puzzle::from_solution(if name == "7x7" { REPORT_7X7 } else { REPORT_8X8 }).unwrap();
        assert_eq!(solved(&shipped(name), Method::Dumb), cells, "{name} by dumb");
    }
}

#[test]
fn the_first_10x10_matches_the_report_print_but_for_the_cells_it_lost() {
    let puzzle = shipped("10x10");
    let cells = solved(&puzzle, Method::Paths);
    let ours = puzzle.render_cells(&cells);
    for (row, printed) in ours.lines().zip(REPORT_10X10) {
        let printed: Vec<char> = printed.split(' ').map(|s| s.chars().next().unwrap()).collect();
        let row: Vec<char> = row.chars().collect();
        assert!(row.len() - printed.len() <= 1, "{row:?} {printed:?}");
        // The printed row is ours with at most one cell left out.
        let mut it = row.iter();
        assert!(printed.iter().all(|p| it.any(|c| c == p)), "{row:?} {printed:?}");
    }
}

#[test]
fn the_validator_catches_each_broken_rule() {
    let (puzzle, good) = Puzzle::from_solution(REPORT_7X7).unwrap();
    assert_eq!(validate(&puzzle, &good), Ok(()));
    assert!(matches!(validate(&puzzle, &good[1..]), Err(Violation::WrongSize { .. })));
    let mut bad = good.clone();
    bad[0] = 200;
    assert_eq!(validate(&puzzle, &bad), Err(Violation::Uncoloured { row: 1, column: 1 }));
    let mut bad = good.clone();
    bad[3] = good[0]; // the orange source at row 1, column 4
    assert_eq!(validate(&puzzle, &bad), Err(Violation::SourceChanged { row: 1, column: 4 }));
    let mut bad = good.clone();
    bad[9] = good[8]; // row 2 column 3 turned blue: a branch
    assert!(matches!(validate(&puzzle, &bad), Err(Violation::Degree { .. })));
    // A path along the top and a detached loop of the same colour below.
    let puzzle = Puzzle::parse("A..A\nB..B\n..CC\n..DD").unwrap();
    let loop_grid = [0, 0, 0, 0, 1, 1, 1, 1, 0, 0, 2, 2, 0, 0, 3, 3];
    assert_eq!(validate(&puzzle, &loop_grid), Err(Violation::Disconnected('A')));
}

/// Small puzzles, some without a solution: every method agrees on which, and
/// every solution passes the validator.
#[test]
fn all_methods_agree_on_small_puzzles_and_their_solutions_are_valid() {
    let mut puzzles: Vec<Puzzle> =
        ["A.A\n...\nB.B", "A.B\n...\nB.A", "AB\nBA", "A.\n.A", "AA\nBB", "A..\n...\n..A", "A.B\n.C.\nACB"]
            .iter()
            .map(|t| Puzzle::parse(t).unwrap())
            .collect();
    // Solvable ones: a 4x5 snake cut into random pieces, each a colour (kept
    // when the pieces obey the rules, e.g. none touches itself at a turn).
    let mut rng = StdRng::seed_from_u64(13);
    let snake: Vec<usize> =
        (0..4).flat_map(|r| (0..5).map(move |c| r * 5 + if r % 2 == 0 { c } else { 4 - c })).collect();
    while puzzles.len() < 30 {
        let mut grid = ['?'; 20];
        let (mut at, mut name) = (0, b'A');
        while at < 20 {
            let len = rng.random_range(2..=7).min(20 - at);
            let len = if 20 - at - len == 1 { len + 1 } else { len };
            for &cell in &snake[at..at + len] {
                grid[cell] = name as char;
            }
            at += len;
            name += 1;
        }
        let text: String = grid.chunks(5).map(|r| r.iter().collect::<String>() + "\n").collect();
        if let Ok((puzzle, cells)) = Puzzle::from_solution(&text)
            && validate(&puzzle, &cells).is_ok()
        {
            puzzles.push(puzzle);
        }
    }
    // Random 4x4 puzzles with two or three colours, seeded: mostly unsolvable.
    while puzzles.len() < 60 {
        let mut grid = ['.'; 16];
        let colours = rng.random_range(2..=3);
        for name in ['A', 'B', 'C'].iter().take(colours) {
            for _ in 0..2 {
                let free: Vec<usize> = (0..16).filter(|&i| grid[i] == '.').collect();
                grid[free[rng.random_range(0..free.len())]] = *name;
            }
        }
        let text: String = grid.chunks(4).map(|r| r.iter().collect::<String>() + "\n").collect();
        puzzles.push(Puzzle::parse(&text).unwrap());
    }
    let (mut solvable, mut unsolvable) = (0, 0);
    for puzzle in &puzzles {
        let count = count_solutions(puzzle, 2, &Budget::default()).unwrap();
        let verdicts: Vec<bool> = Method::ALL
            .iter()
            .map(|&method| match solve(puzzle, method, &Budget::default(), 5).outcome {
                Outcome::Solved(cells) => {
                    validate(puzzle, &cells).unwrap_or_else(|e| panic!("{method}:\n{puzzle}{e}"));
                    true
                }
                Outcome::Unsolvable => false,
                Outcome::GaveUp(why) => panic!("{method} gave up ({why:?}) without a budget"),
            })
            .collect();
        assert!(verdicts.iter().all(|&v| v == verdicts[0]), "methods disagree on\n{puzzle}{verdicts:?}");
        assert_eq!(verdicts[0], count > 0, "the count disagrees on\n{puzzle}");
        if verdicts[0] { solvable += 1 } else { unsolvable += 1 }
    }
    assert!(solvable >= 5 && unsolvable >= 5, "{solvable} solvable, {unsolvable} unsolvable");
}

#[test]
fn every_shipped_puzzle_solves_validly_by_both_strong_methods() {
    for s in &SHIPPED {
        let puzzle = s.puzzle().unwrap();
        for method in [Method::Smart, Method::Paths] {
            // The smart ordering takes minutes on the 12x12.
            if (method, s.name) == (Method::Smart, "12x12") {
                continue;
            }
            let cells = solved(&puzzle, method);
            validate(&puzzle, &cells).unwrap_or_else(|e| panic!("{} by {method}: {e}", s.name));
        }
    }
}

#[test]
fn every_shipped_puzzle_has_exactly_one_solution() {
    for s in &SHIPPED {
        assert_eq!(count_solutions(&s.puzzle().unwrap(), 2, &Budget::default()), Ok(1), "{}", s.name);
    }
}

#[test]
fn the_random_method_is_reproducible_from_its_seed() {
    let puzzle = shipped("5x5");
    let budget = Budget { attempt_limit: Some(200_000), ..Budget::default() };
    let first = solve(&puzzle, Method::Dumbest, &budget, 42);
    let again = solve(&puzzle, Method::Dumbest, &budget, 42);
    assert_eq!(first.outcome, again.outcome);
    assert_eq!(first.attempts, again.attempts);
    let others: Vec<u64> = (0..8).map(|seed| solve(&puzzle, Method::Dumbest, &budget, seed).attempts).collect();
    assert!(others.iter().any(|&a| a != others[0]), "the seed changes the search: {others:?}");
}

#[test]
fn budgets_and_the_stop_flag_end_a_search_with_the_reason() {
    let puzzle = shipped("9x9");
    let limited = Budget { attempt_limit: Some(5000), ..Budget::default() };
    let report = solve(&puzzle, Method::Dumb, &limited, 1);
    assert_eq!((report.outcome, report.attempts), (Outcome::GaveUp(GaveUp::AttemptLimit), 5000));
    let flag = Arc::new(AtomicBool::new(true));
    let stopped = Budget { stop: Some(flag), ..Budget::default() };
    let report = solve(&puzzle, Method::Dumbest, &stopped, 1);
    assert_eq!(report.outcome, Outcome::GaveUp(GaveUp::Stopped));
    let timed = Budget { time_limit: Some(std::time::Duration::from_millis(1)), ..Budget::default() };
    assert_eq!(solve(&puzzle, Method::Dumbest, &timed, 1).outcome, Outcome::GaveUp(GaveUp::TimeLimit));
}

/// Records every step, as the game's animation will.
#[derive(Default)]
struct Recorder {
    steps: Vec<(usize, Option<Colour>)>,
    stop_after: Option<usize>,
    asked: u64,
}

impl Observer for Recorder {
    fn assigned(&mut self, cell: usize, colour: Colour) {
        self.steps.push((cell, Some(colour)));
    }
    fn unassigned(&mut self, cell: usize) {
        self.steps.push((cell, None));
    }
    fn should_stop(&mut self) -> bool {
        self.asked += 1;
        self.stop_after.is_some_and(|n| self.steps.len() >= n)
    }
}

#[test]
fn an_observer_sees_every_step_and_can_cancel() {
    let puzzle = shipped("7x7");
    for method in Method::ALL {
        let mut recorder = Recorder::default();
        let budget = Budget { attempt_limit: Some(2_000_000), ..Budget::default() };
        let report = solve_watched(&puzzle, method, &budget, 3, &mut recorder);
        let Outcome::Solved(cells) = report.outcome else {
            assert_eq!(method, Method::Dumbest, "only the random method may fail on the 7x7");
            continue;
        };
        // Replaying the steps on the empty puzzle gives the solution.
        let mut board: Vec<Option<Colour>> = (0..puzzle.cell_count()).map(|c| puzzle.source(c)).collect();
        for &(cell, colour) in &recorder.steps {
            assert!(puzzle.source(cell).is_none(), "{method} touched a source");
            board[cell] = colour;
        }
        assert_eq!(board, cells.iter().map(|&c| Some(c)).collect::<Vec<_>>(), "{method}");
        assert_eq!(report.attempts, solve(&puzzle, method, &budget, 3).attempts, "watching changes nothing");
        assert_eq!(recorder.asked, report.attempts, "{method}: asked once per attempt");
    }
    let mut recorder = Recorder { stop_after: Some(10), ..Recorder::default() };
    let report = solve_watched(&puzzle, Method::Smart, &Budget::default(), 1, &mut recorder);
    assert_eq!(report.outcome, Outcome::GaveUp(GaveUp::Stopped));
    assert_eq!(recorder.steps.len(), 10);
}

#[test]
fn the_smart_ordering_beats_the_reports_attempt_counts() {
    for s in &SHIPPED {
        if let library::Published::Solved { attempts, .. } = s.published(Method::Smart) {
            let report = solve(&s.puzzle().unwrap(), Method::Smart, &Budget::default(), 1);
            assert!(matches!(report.outcome, Outcome::Solved(_)), "{}", s.name);
            assert!(report.attempts <= attempts, "{}: {} attempts, the report {attempts}", s.name, report.attempts);
        }
    }
}
