//! The state of a game: going on, won (and why) or drawn (and why).

use serde::{Deserialize, Serialize};

use crate::Side;

/// Why a game was won.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum WinReason {
    /// Breakthrough: a pawn reached the far rank.
    ReachedGoal,
    /// Breakthrough: the opponent has no pawns left.
    CapturedAll,
    /// Lines of Action: all pieces form one connected group.
    Connected,
    /// The side to move had no legal move.
    NoMoves,
    /// The loser gave up (only the game front-ends produce this).
    Resignation,
    /// The loser, a program in a match, gave an illegal, malformed or late answer.
    Forfeit,
    /// The loser's time ran out (a game under a time control).
    Time,
    /// The loser left the game unfinished (a person's game replaced after
    /// they had moved in it, which counts as a loss).
    Abandoned,
    /// A record names the winner and not how, on a board still undecided
    /// (a pasted or imported `1-0`).
    Unstated,
}

impl WinReason {
    /// Whether the game was won off the board (the board did not decide it).
    pub fn off_board(self) -> bool {
        matches!(
            self,
            WinReason::Resignation | WinReason::Forfeit | WinReason::Time | WinReason::Abandoned | WinReason::Unstated
        )
    }
}

/// Why a game was drawn (Lines of Action only).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum DrawReason {
    /// The same position occurred for the third time.
    Repetition,
    /// The game reached its move limit undecided.
    MoveLimit,
    /// One move joined both sides' pieces, under the tournament rule.
    BothConnected,
}

/// The state of a game: going on, won or drawn.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Outcome {
    /// Not decided yet.
    Ongoing,
    /// Won by one side.
    Win {
        /// The side that won.
        winner: Side,
        /// How it won.
        reason: WinReason,
    },
    /// Drawn.
    Draw {
        /// Why.
        reason: DrawReason,
    },
}

impl Outcome {
    /// Whether a side won because the other's time ran out.
    pub fn reason_is_time(self) -> bool {
        matches!(self, Outcome::Win { reason: WinReason::Time, .. })
    }

    /// Whether the game has ended (won or drawn).
    #[inline]
    pub fn is_over(self) -> bool {
        self != Outcome::Ongoing
    }

    /// The winning side, if the game was won.
    pub fn winner(self) -> Option<Side> {
        match self {
            Outcome::Win { winner, .. } => Some(winner),
            _ => None,
        }
    }

    /// How it ended, in a word or two for a list's column ("resigned", "on
    /// time", "far rank", "repetition"); none while it goes on.
    pub fn termination(self) -> Option<&'static str> {
        Some(match self {
            Outcome::Ongoing => return None,
            Outcome::Win { reason, .. } => match reason {
                WinReason::ReachedGoal => "far rank",
                WinReason::CapturedAll => "all captured",
                WinReason::Connected => "connected",
                WinReason::NoMoves => "no moves",
                WinReason::Resignation => "resigned",
                WinReason::Forfeit => "forfeit",
                WinReason::Time => "on time",
                WinReason::Abandoned => "left",
                WinReason::Unstated => "as recorded",
            },
            Outcome::Draw { reason } => match reason {
                DrawReason::Repetition => "repetition",
                DrawReason::MoveLimit => "move limit",
                DrawReason::BothConnected => "both connected",
            },
        })
    }

    /// A sentence for banners and logs, e.g. "White wins: a pawn reached the far rank".
    pub fn describe(self) -> String {
        match self {
            Outcome::Ongoing => "game in progress".to_string(),
            Outcome::Win { winner, reason } => {
                let why = match reason {
                    WinReason::ReachedGoal => "a pawn reached the far rank",
                    WinReason::CapturedAll => "all enemy pawns captured",
                    WinReason::Connected => "all pieces connected",
                    WinReason::NoMoves => "the opponent had no legal move",
                    WinReason::Resignation => "the opponent resigned",
                    WinReason::Forfeit => "the opponent forfeited (an illegal, malformed or late answer)",
                    WinReason::Time => "the opponent's time ran out",
                    WinReason::Abandoned => "the opponent left the game",
                    WinReason::Unstated => "as the record states (it gives no reason)",
                };
                let name = if winner == Side::White { "White" } else { "Black" };
                format!("{name} wins: {why}")
            }
            Outcome::Draw { reason: DrawReason::Repetition } => {
                "Draw: the same position occurred three times".to_string()
            }
            Outcome::Draw { reason: DrawReason::MoveLimit } => "Draw: the move limit was reached".to_string(),
            Outcome::Draw { reason: DrawReason::BothConnected } => {
                "Draw: one move joined both sides' pieces (tournament rule)".to_string()
            }
        }
    }
}
