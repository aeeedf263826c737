//! The Flow Free puzzle as the mode plays it: the puzzle on the board, the
//! drawing, a solve's replay and its note, the requests that change them and
//! the order of the mode's systems.

use std::collections::HashMap;
use std::time::Duration;

use bevy::prelude::*;

use crate::engine::flow::library::{SHIPPED, Shipped};
use crate::engine::flow::{Colour, Drawing, Method, Puzzle};
use crate::engine::rules::notation::thousands;
use crate::game::screen::Mode;

/// What the player (or a test) asks of the puzzle; the pointer sends the
/// drawing ones with the cell under it.
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub enum FlowRequest {
    /// Open the shipped puzzle with this index.
    Pick(usize),
    Press(usize),
    DragTo(usize),
    Release,
    /// Clear the paths.
    Reset,
    /// Solve with the chosen method and speed.
    Solve,
    Cancel,
}

/// The puzzle on the board and how it is being played.
#[derive(Resource, Clone, Debug)]
pub struct FlowGame {
    /// Index into [`SHIPPED`].
    pub(crate) index: usize,
    pub drawing: Drawing,
    pub method: Method,
    /// Solver steps shown a second; `None` shows only the result.
    pub speed: Option<f32>,
    /// The solver's grid while it plays; the drawing shows otherwise.
    pub replay: Option<Replay>,
    /// What the last solve ended with, until the board changes again.
    pub note: Option<SolveNote>,
    /// The running (or last) solve set the person's pipes aside: the solver
    /// starts from the dots alone, and the words say so.
    pub(crate) started_over: bool,
    /// This puzzle's finished solves here, each method's last: shown beside
    /// the study's published figures (fresh eyes, round 21: the figures
    /// beside the board were never this run's).
    pub runs: HashMap<Method, (u64, Duration)>,
}

/// The solver's grid as the player sees it, and its attempts so far.
#[derive(Clone, Debug, PartialEq)]
pub struct Replay {
    pub cells: Vec<Option<Colour>>,
    pub attempts: u64,
}

#[derive(Clone, Debug, PartialEq)]
pub enum SolveNote {
    Solved { method: Method, attempts: u64, time: Duration },
    NoSolution { method: Method, attempts: u64, time: Duration },
    Cancelled { attempts: u64 },
    Failed(String),
}

impl FlowGame {
    pub(crate) fn new(index: usize) -> FlowGame {
        let index = index.min(SHIPPED.len() - 1);
        FlowGame {
            index,
            drawing: Drawing::new(shipped_puzzle(index)),
            method: Method::Paths,
            speed: Some(DEFAULT_SPEED),
            replay: None,
            note: None,
            started_over: false,
            runs: HashMap::new(),
        }
    }

    /// Whether the person has drawn any pipe.
    pub fn has_pipes(&self) -> bool {
        self.drawing.paths().iter().any(|path| !path.is_empty())
    }

    /// What a solve started now does with the pipes drawn, for the button's
    /// tooltip.
    pub fn solve_hint(&self) -> &'static str {
        if self.has_pipes() {
            "The solver starts over from the dots, without your pipes; Cancel brings them back (S)"
        } else {
            "Watch the solver fill the board (S)"
        }
    }

    pub(crate) fn shipped(&self) -> &'static Shipped {
        &SHIPPED[self.index]
    }

    pub fn puzzle(&self) -> &Puzzle {
        self.drawing.puzzle()
    }

    /// Opens another puzzle (the method and speed stay).
    pub(crate) fn pick(&mut self, index: usize) {
        *self = FlowGame { method: self.method, speed: self.speed, ..FlowGame::new(index) };
    }

    /// The line under the board: progress, the verdict, or the solver's.
    pub fn status(&self, solving: bool) -> String {
        if solving && self.started_over {
            return format!(
                "Solving by “{}” from the dots: it starts over without your pipes…",
                method_title(self.method)
            );
        }
        if solving {
            return format!("Solving by “{}”…", method_title(self.method));
        }
        match &self.note {
            Some(SolveNote::Solved { method, attempts, time }) if self.started_over => {
                let effort = format!("{} attempts, {}", thousands(*attempts), millis(*time));
                return format!(
                    "Solved by “{}”, starting over (your pipes were replaced): {effort}",
                    method_title(*method)
                );
            }
            Some(SolveNote::Solved { method, attempts, time }) => {
                return format!(
                    "Solved by “{}”: {} attempts, {}",
                    method_title(*method),
                    thousands(*attempts),
                    millis(*time)
                );
            }
            Some(SolveNote::Cancelled { attempts }) if self.started_over => {
                return format!("Cancelled after {} attempts; your pipes are back", thousands(*attempts));
            }
            Some(SolveNote::NoSolution { method, attempts, time }) => {
                return format!(
                    "No solution (“{}”: {} attempts, {})",
                    method_title(*method),
                    thousands(*attempts),
                    millis(*time)
                );
            }
            Some(SolveNote::Cancelled { attempts }) => {
                return format!("Cancelled after {} attempts", thousands(*attempts));
            }
            Some(SolveNote::Failed(error)) => return format!("The solver failed: {error}"),
            None => {}
        }
        let d = &self.drawing;
        if d.is_solved() {
            let moves = d.moves();
            let plural = if moves == 1 { "" } else { "s" };
            // One move a colour is the least a puzzle takes.
            let perfect = if moves as usize == self.puzzle().colour_count() { " Perfect!" } else { "" };
            return format!("Solved in {moves} move{plural}!{perfect}");
        }
        let (colours, cells) = (self.puzzle().colour_count(), self.puzzle().cell_count());
        // The dots are not pipe: before the first line there is nothing to count.
        let dots = 2 * colours;
        let drawn = d.filled().saturating_sub(dots);
        if drawn == 0 {
            return format!("Join each pair of dots with a pipe: {colours} colours.");
        }
        format!("Flows {}/{colours} · pipe {}%", d.connected(), drawn * 100 / cells.saturating_sub(dots).max(1))
    }
}

/// Solver steps a second to start with.
pub(crate) const DEFAULT_SPEED: f32 = 20.0;

/// The start-up puzzle when the command line asks for Flow mode.
#[derive(Resource, Clone, Copy, Debug)]
pub(crate) struct OpenFlow(pub(crate) usize);

pub(crate) fn shipped_puzzle(index: usize) -> Puzzle {
    // The shipped puzzles are checked by the engine's tests.
    SHIPPED[index].puzzle().expect("shipped puzzles parse")
}

pub(crate) fn millis(time: Duration) -> String {
    let ms = time.as_secs_f64() * 1000.0;
    if ms < 10.0 { format!("{ms:.2} ms") } else { format!("{ms:.0} ms") }
}

/// The order of Flow's systems within a frame.
#[derive(SystemSet, Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub(crate) enum FlowSystems {
    /// The pointer and keys become requests.
    Input,
    Apply,
    Play,
    Show,
}

pub(crate) fn plugin(app: &mut App) {
    app.add_message::<FlowRequest>()
        .insert_resource(FlowGame::new(0))
        .configure_sets(
            Update,
            (FlowSystems::Input, FlowSystems::Apply, FlowSystems::Play, FlowSystems::Show)
                .chain()
                .distributive_run_if(in_state(Mode::Flow)),
        )
        .add_systems(Startup, open_at_launch)
        .add_systems(OnExit(Mode::Flow), leave);
}

/// The puzzle named at launch (the opening screen is Flow's).
fn open_at_launch(open: Option<Res<OpenFlow>>, mut game: ResMut<FlowGame>) {
    if let Some(open) = open {
        game.pick(open.0);
    }
}

/// Leaving ends the drag and the solve (its task is despawned on exit).
fn leave(mut game: ResMut<FlowGame>) {
    game.drawing.release();
    if let Some(replay) = game.replay.take() {
        game.note = Some(SolveNote::Cancelled { attempts: replay.attempts });
    }
}

/// Each method's name in the game: what it does, not the study's nicknames
/// ("dumbest", "dumb"), which stay the command line's names and are said
/// beside the published figures.
pub(crate) fn method_title(method: Method) -> &'static str {
    match method {
        Method::Dumbest => "Random cells",
        Method::Dumb => "Reading order",
        Method::Smart => "Most constrained",
        Method::Paths => "Growing paths",
    }
}
