//! What an engine answers: one [`Reply`] a line.

use breakline_ai::eval::Score;
use breakline_rules::Side;

/// One line from an engine.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Reply {
    /// The command was taken.
    Ok,
    /// The answer to `isready`.
    ReadyOk,
    /// The command was refused and changed nothing: why.
    Error(String),
    /// The legal moves, as text.
    Legal(Vec<String>),
    /// Whether the game goes on.
    Status(GameStatus),
    /// The position as a position string (ranks, then the side to move).
    Fen(String),
    /// A search's progress.
    Info(Info),
    /// A remark for people (`info string ...`).
    InfoString(String),
    /// A search's move, as text.
    BestMove(String),
    /// A perft's count at a depth, or `None` when it was stopped.
    Perft {
        /// The depth counted to.
        depth: u32,
        /// The leaves, unless stopped.
        nodes: Option<u64>,
    },
    /// A proof's verdict.
    Solved(Solved),
}

/// The state of the session's game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GameStatus {
    /// Going on, with this side to move.
    Ongoing(Side),
    /// Won by this side.
    Win(Side),
    /// Drawn.
    Draw,
}

/// A search's report: one line of it (with MultiPV, each root line is one).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Info {
    /// The line's number from 1, when several were asked for.
    pub multipv: Option<usize>,
    /// Plies searched.
    pub depth: u32,
    /// The score from the side to move's view.
    pub score: Score,
    /// Win, draw and loss in thousandths for the side to move, when asked for.
    pub wdl: Option<[u32; 3]>,
    /// Positions visited.
    pub nodes: u64,
    /// Milliseconds since the search began.
    pub time_ms: u64,
    /// MCTS playouts, when any.
    pub iterations: u64,
    /// The line, as moves in text.
    pub pv: Vec<String>,
}

/// What a proof found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Solved {
    /// `winner` wins in `plies` plies, along `pv`.
    Win {
        /// The side that wins.
        winner: Side,
        /// Plies to the win (or its bound).
        plies: u32,
        /// Positions visited.
        nodes: u64,
        /// The winning line, as moves in text.
        pv: Vec<String>,
    },
    /// No proof within the limits.
    Unknown {
        /// Positions visited.
        nodes: u64,
    },
}
