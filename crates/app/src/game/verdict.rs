//! A game's result in words from the player's side: against an AI the person
//! is "you" ("You resigned. Black wins."); between two people or two AIs the
//! sides are named ("White's time ran out. Black wins."). The banner, the
//! status line and the resignation's question all read it.

use crate::engine::{DrawReason, Outcome, Side, WinReason};
use crate::game::players::Players;
use crate::game::session::GameSession;

/// The result's headline ("You won", "You lost", "Black wins", "Draw",
/// "Game aborted") and its sentence ("You resigned. Black wins."); `None`
/// while the game goes on.
pub fn verdict(session: &GameSession, players: &Players) -> Option<(String, String)> {
    // A replayed game (a series game watched) was played by others, whoever sits now.
    let person = players.person().filter(|_| session.replay().is_none());
    if session.aborted(players) {
        // Whose first move it was, and a flag said as a flag (fresh eyes,
        // round 14: "before a first move" read oddly beside the AI's move,
        // and a time that ran out was not mentioned).
        let who = match (session.resigned(), person) {
            (Some(side), Some(me)) if side == me => "your".to_string(),
            (Some(side), _) => format!("{}'s", side.title()),
            (None, _) => "a".to_string(),
        };
        let how = if session.lost_on_time().is_some() { "The time ran out" } else { "It ended" };
        let sentence = format!("{how} before {who} first move: no result, not kept, no rating change.");
        return Some(("Game aborted".to_string(), sentence));
    }
    match session.outcome() {
        Outcome::Ongoing => None,
        Outcome::Draw { reason } => {
            let why = match reason {
                DrawReason::Repetition => "The same position came three times: a draw.",
                DrawReason::MoveLimit => "The move limit was reached: a draw.",
                DrawReason::BothConnected => "One move joined both sides' pieces: a draw (the tournament rule).",
            };
            Some(("Draw".to_string(), why.to_string()))
        }
        Outcome::Win { winner, reason } => {
            let headline = match person {
                Some(side) if side == winner => "You won".to_string(),
                Some(_) => "You lost".to_string(),
                None => format!("{} wins", winner.title()),
            };
            Some((headline, format!("{} {} wins.", cause(winner, reason, person), winner.title())))
        }
    }
}

/// What ended the game, as a sentence naming the side it happened to.
fn cause(winner: Side, reason: WinReason, person: Option<Side>) -> String {
    let loser = winner.opponent();
    let (you_lost, you_won) = (person == Some(loser), person == Some(winner));
    match reason {
        WinReason::Resignation if you_lost => "You resigned.".to_string(),
        WinReason::Resignation => format!("{} resigned.", loser.title()),
        // A clock's flag is named by its colour, the way the clocks are.
        WinReason::Time => format!("{}'s time ran out{}.", loser.title(), if you_lost { " (yours)" } else { "" }),
        WinReason::ReachedGoal if you_won => "Your pawn reached the far rank.".to_string(),
        WinReason::ReachedGoal => format!("{}'s pawn reached the far rank.", winner.title()),
        WinReason::CapturedAll if you_won => "You took every enemy piece.".to_string(),
        WinReason::CapturedAll => format!("{} took every {} piece.", winner.title(), loser.title()),
        WinReason::Connected if you_won => "You joined all your pieces into one group.".to_string(),
        WinReason::Connected => format!("{} joined all its pieces into one group.", winner.title()),
        WinReason::NoMoves => format!("{} had no legal move.", loser.title()),
        WinReason::Forfeit => format!("{} forfeited (an illegal, malformed or late answer).", loser.title()),
        WinReason::Abandoned if you_lost => "You left the game unfinished: a loss.".to_string(),
        WinReason::Abandoned => format!("{} left the game unfinished.", loser.title()),
        WinReason::Unstated => "The record gives no reason.".to_string(),
    }
}
