//! The puzzles built into the binary (the text files under `assets/flow/`),
//! with the figures the CS 440 report published for them.

use super::puzzle::{Puzzle, PuzzleError};
use super::solve::Method;

/// What the report printed for one puzzle and method.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Published {
    /// Solved, with the report's effort figures.
    Solved {
        /// Attempts counted by the report.
        attempts: u64,
        /// Seconds taken.
        seconds: f64,
    },
    /// Stopped by hand, unsolved, after this many minutes.
    Aborted {
        /// Minutes run before stopping.
        minutes: u32,
    },
    /// The report has no figure.
    None,
}

/// A shipped puzzle.
#[derive(Clone, Copy, Debug)]
pub struct Shipped {
    /// The puzzle's name (its file name without the extension).
    pub name: &'static str,
    text: &'static str,
    /// The report's figures for dumbest, dumb and smart.
    report: [Published; 3],
}

impl Shipped {
    /// The puzzle, read from its text.
    pub fn puzzle(&self) -> Result<Puzzle, PuzzleError> {
        Puzzle::parse(self.text)
    }

    /// The report's figure for a method (ours, `paths`, has none).
    pub fn published(&self, method: Method) -> Published {
        match method {
            Method::Dumbest => self.report[0],
            Method::Dumb => self.report[1],
            Method::Smart => self.report[2],
            Method::Paths => Published::None,
        }
    }
}

const fn solved(attempts: u64, seconds: f64) -> Published {
    Published::Solved { attempts, seconds }
}

const ABORTED_45: Published = Published::Aborted { minutes: 45 };

/// Smallest first. The report's 10x10 smart figure is its extra-credit run
/// (smart plus its rule C1A); its second 10x10 is not shipped, as neither its
/// input nor a complete print of its solution could be found.
pub const SHIPPED: [Shipped; 8] = [
    Shipped { name: "5x5", text: include_str!("../../../assets/flow/5x5.txt"), report: [Published::None; 3] },
    Shipped {
        name: "7x7",
        text: include_str!("../../../assets/flow/7x7.txt"),
        report: [ABORTED_45, solved(510_683, 32.46), solved(313, 0.032)],
    },
    Shipped {
        name: "8x8",
        text: include_str!("../../../assets/flow/8x8.txt"),
        report: [ABORTED_45, solved(8_205_733, 713.04), solved(904, 0.106)],
    },
    Shipped {
        name: "9x9",
        text: include_str!("../../../assets/flow/9x9.txt"),
        report: [ABORTED_45, Published::Aborted { minutes: 60 }, solved(4_265, 0.585)],
    },
    Shipped {
        name: "10x10",
        text: include_str!("../../../assets/flow/10x10.txt"),
        report: [Published::None, Published::None, solved(60_131, 11.48)],
    },
    Shipped { name: "12x12", text: include_str!("../../../assets/flow/12x12.txt"), report: [Published::None; 3] },
    Shipped { name: "12x14", text: include_str!("../../../assets/flow/12x14.txt"), report: [Published::None; 3] },
    Shipped { name: "14x14", text: include_str!("../../../assets/flow/14x14.txt"), report: [Published::None; 3] },
];

/// A shipped puzzle by name (`7x7`, `12x14`...).
pub fn find(name: &str) -> Option<&'static Shipped> {
    SHIPPED.iter().find(|s| s.name == name)
}
