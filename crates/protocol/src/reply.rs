//! What an engine answers: one [`Reply`] a line.

use breakline_ai::eval::Score;
use breakline_rules::Side;

use crate::command::Protocol;

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
    /// UCI's `id`: the engine's name or author.
    Id(Id),
    /// UCI's `option`: one option the engine takes.
    Option(OptionSpec),
    /// UCI's `uciok` (UGI's `ugiok`): the engine has named itself.
    HelloOk(Protocol),
    /// UGI's `response` to a `query`.
    Response(Response),
}

/// One `id` line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Id {
    /// `id name ...`.
    Name(String),
    /// `id author ...`.
    Author(String),
}

/// One option as UCI declares it: its name and kind.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OptionSpec {
    /// The name, as `setoption name` takes it (case does not matter).
    pub name: String,
    /// Its type, default and range.
    pub kind: OptionKind,
}

/// An option's type with its default (and range or choices).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum OptionKind {
    /// On or off.
    Check {
        /// The value unless set.
        default: bool,
    },
    /// A whole number in a range.
    Spin {
        /// The value unless set.
        default: i64,
        /// The least value.
        min: i64,
        /// The greatest value.
        max: i64,
    },
    /// One word of a list.
    Combo {
        /// The value unless set.
        default: String,
        /// The words it takes.
        vars: Vec<String>,
    },
    /// Free text.
    String {
        /// The value unless set.
        default: String,
    },
    /// An action with no value.
    Button,
}

/// UGI's answer to a `query`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Response {
    /// To `gameover` and `p1turn`.
    Flag(bool),
    /// To `result`.
    Result(UgiResult),
}

/// A game's result as UGI names it: by turn order (p1 moves first).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum UgiResult {
    /// The first mover won.
    P1Win,
    /// The second mover won.
    P2Win,
    /// Drawn.
    Draw,
    /// Not over.
    None,
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
    /// Of `nodes`, those in quiescence past the horizon, when counted
    /// (the line protocol's `qnodes`; UCI has no such field).
    pub qnodes: u64,
    /// The line, as moves in text.
    pub pv: Vec<String>,
}

/// What a dialect makes of the fields at the front of an `info` line.
pub(crate) enum OwnField<'a> {
    /// One of its own fields, read: the fields after it.
    Read(&'a [&'a str]),
    /// Not one of its own: the fields both dialects share are tried.
    Shared,
    /// One of its own fields, with a number that is not one.
    Bad,
}

impl Info {
    /// An `info` line's fields; `None` when a number is not one. `own` reads
    /// the fields only its dialect has (its score, counts and marks) first;
    /// a field neither knows is skipped with its value.
    pub(crate) fn read<'a>(
        fields: &'a [&'a str],
        own: impl Fn(&mut Info, &'a [&'a str]) -> OwnField<'a>,
    ) -> Option<Info> {
        let mut info = Info::default();
        let mut rest = fields;
        loop {
            match own(&mut info, rest) {
                OwnField::Read(tail) => {
                    rest = tail;
                    continue;
                }
                OwnField::Bad => return None,
                OwnField::Shared => {}
            }
            rest = match rest {
                [] => break,
                ["pv", moves @ ..] => {
                    info.pv = moves.iter().map(|m| m.to_string()).collect();
                    break;
                }
                ["wdl", w, d, l, tail @ ..] => {
                    info.wdl = Some([w.parse().ok()?, d.parse().ok()?, l.parse().ok()?]);
                    tail
                }
                ["multipv", k, tail @ ..] => {
                    info.multipv = Some(k.parse().ok()?);
                    tail
                }
                ["depth", n, tail @ ..] => {
                    info.depth = n.parse().ok()?;
                    tail
                }
                ["nodes", n, tail @ ..] => {
                    info.nodes = n.parse().ok()?;
                    tail
                }
                ["time", n, tail @ ..] => {
                    info.time_ms = n.parse().ok()?;
                    tail
                }
                // A field neither dialect knows, with its value: another build's news.
                [_, _, tail @ ..] => tail,
                [_] => break,
            };
        }
        Some(info)
    }
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
