//! Facts about a position for people looking at it: each side's connected
//! groups and centre of mass (Lines of Action), the squares each side attacks
//! (Breakthrough), and the pieces that decided a finished game.

use super::bits::Bits;
use super::game::Game;
use super::position::{Position, with_game};
use super::side_view::SideView;
use crate::{Outcome, Side, Variant, WinReason};

/// The 8-connected groups of `color`'s pieces, largest first, each sorted.
pub fn groups(position: &Position, color: Side) -> Vec<Vec<u8>> {
    let mut out: Vec<Vec<u8>> = with_game!(&position.game(), g => {
        let board = g.board();
        board.geometry().groups(board.pieces(color)).map(|group| group.squares().map(|sq| sq as u8).collect()).collect()
    });
    out.sort_by_key(|g| std::cmp::Reverse(g.len()));
    out
}

/// The average (file, rank) of `color`'s pieces, or `None` without pieces.
pub fn centre_of_mass(position: &Position, color: Side) -> Option<(f32, f32)> {
    let size = position.size();
    let squares: Vec<u8> = position.pieces().into_iter().filter(|&(_, c)| c == color).map(|(sq, _)| sq).collect();
    if squares.is_empty() {
        return None;
    }
    let n = squares.len() as f32;
    let file = squares.iter().map(|&s| size.file_of(s) as f32).sum::<f32>() / n;
    let rank = squares.iter().map(|&s| size.rank_of(s) as f32).sum::<f32>() / n;
    Some((file, rank))
}

/// Breakthrough: the squares `color`'s pawns could capture on (diagonally ahead).
pub fn attacked_squares(position: &Position, color: Side) -> Vec<u8> {
    with_game!(&position.game(), g => SideView::new(g.board(), color).attacks().squares().map(|sq| sq as u8).collect())
}

/// The pieces to highlight when the game is over: the pawn(s) on the far rank
/// in Breakthrough, the winner's connected group in Lines of Action, and for
/// any other win (everything captured, no move left) the piece that made the
/// last move, if it was the winner's.
pub fn winning_pieces(position: &Position) -> Vec<u8> {
    let Outcome::Win { winner, reason } = position.outcome() else {
        return Vec::new();
    };
    let size = position.size();
    let own = position.pieces().into_iter().filter(|&(_, c)| c == winner).map(|(sq, _)| sq);
    match (position.variant(), reason) {
        (Variant::Breakthrough, WinReason::ReachedGoal) => {
            own.filter(|&sq| size.rank_of(sq) == size.goal_rank(winner)).collect()
        }
        (Variant::LinesOfAction, WinReason::Connected) => {
            groups(position, winner).into_iter().next().unwrap_or_default()
        }
        _ => {
            let last = position.moves().last().map(|m| m.to);
            last.filter(|&sq| position.piece_at(sq) == Some(winner)).into_iter().collect()
        }
    }
}
