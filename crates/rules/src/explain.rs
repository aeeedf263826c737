//! The rules in words, for people learning them: why a Lines of Action piece
//! may go where it may (the pieces on each of its lines set the distance,
//! an enemy piece in the way blocks it, its own may be jumped), and which
//! rule a refused move broke, in either game. Read from the position; the
//! move generator stays the authority on what is legal.

use super::position::Position;
use crate::{BoardSize, Move, Side, Variant};

/// The four lines through a square, each with its two directions (file and
/// rank steps): row, column and the two diagonals.
const LINES: [(&str, [(i32, i32); 2]); 4] = [
    ("row", [(1, 0), (-1, 0)]),
    ("column", [(0, 1), (0, -1)]),
    ("diagonal", [(1, 1), (-1, -1)]),
    ("other diagonal", [(1, -1), (-1, 1)]),
];

/// Where a Lines of Action piece gets to in one direction of a line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Reach {
    /// It lands on this square (taking the enemy piece there, if `capture`).
    Lands {
        /// The square.
        to: u8,
        /// An enemy piece is taken.
        capture: bool,
    },
    /// The distance runs off the board.
    OffBoard,
    /// One of its own pieces stands on the square it would land on.
    OwnPieceThere(u8),
    /// An enemy piece stands in the way, on this square.
    Blocked(u8),
}

/// One line through a piece: how many pieces stand on it (the distance every
/// move along it goes) and where each direction leads.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LineReach {
    /// "row", "column", "diagonal" or "other diagonal".
    pub line: &'static str,
    /// Pieces of both sides on the whole line, the moving one included.
    pub pieces: u32,
    /// The two directions.
    pub toward: [Reach; 2],
}

/// Why the Lines of Action piece on `from` may move where it may, line by
/// line; none if the square holds no piece or the game is Breakthrough.
pub fn loa_reaches(position: &Position, from: u8) -> Option<Vec<LineReach>> {
    let own = position.piece_at(from)?;
    if position.variant() != Variant::LinesOfAction {
        return None;
    }
    let size = position.size();
    let reaches = LINES
        .iter()
        .map(|&(line, dirs)| {
            let pieces = dirs.iter().map(|&d| ray(size, from, d).filter(|&s| position.piece_at(s).is_some()).count());
            let pieces = 1 + pieces.sum::<usize>() as u32;
            let toward = dirs.map(|d| reach(position, own, from, d, pieces));
            LineReach { line, pieces, toward }
        })
        .collect();
    Some(reaches)
}

/// The squares from `from` (not included) in direction `(df, dr)` to the edge.
fn ray(size: BoardSize, from: u8, (df, dr): (i32, i32)) -> impl Iterator<Item = u8> {
    let (mut f, mut r) = (size.file_of(from) as i32, size.rank_of(from) as i32);
    std::iter::from_fn(move || {
        f += df;
        r += dr;
        let inside = (0..size.columns as i32).contains(&f) && (0..size.rows as i32).contains(&r);
        inside.then(|| (r * size.columns as i32 + f) as u8)
    })
}

fn reach(position: &Position, own: Side, from: u8, dir: (i32, i32), distance: u32) -> Reach {
    let path: Vec<u8> = ray(position.size(), from, dir).take(distance as usize).collect();
    let Some(&to) = path.last().filter(|_| path.len() == distance as usize) else { return Reach::OffBoard };
    if let Some(&enemy) = path[..path.len() - 1].iter().find(|&&s| position.piece_at(s) == Some(own.opponent())) {
        return Reach::Blocked(enemy);
    }
    match position.piece_at(to) {
        Some(side) if side == own => Reach::OwnPieceThere(to),
        there => Reach::Lands { to, capture: there.is_some() },
    }
}

/// A line's reach in words: "row, 3 pieces: moves exactly 3 — to e4; west
/// off the board".
pub fn line_text(size: BoardSize, line: &LineReach) -> String {
    let piece_word = if line.pieces == 1 { "piece" } else { "pieces" };
    let ends: Vec<String> = line
        .toward
        .iter()
        .map(|reach| match reach {
            Reach::Lands { to, capture: false } => format!("to {}", size.square_name(*to)),
            Reach::Lands { to, capture: true } => format!("takes on {}", size.square_name(*to)),
            Reach::OffBoard => "off the board one way".to_string(),
            Reach::OwnPieceThere(s) => format!("not {}: its own piece is there", size.square_name(*s)),
            Reach::Blocked(s) => format!("blocked by the enemy on {}", size.square_name(*s)),
        })
        .collect();
    // A line off the board at both ends says so once.
    let ends = if line.toward.iter().all(|reach| *reach == Reach::OffBoard) && ends.len() == 2 {
        vec!["off the board both ways".to_string()]
    } else {
        ends
    };
    format!("{}: {} {piece_word}, so exactly {}: {}", line.line, line.pieces, line.pieces, ends.join("; "))
}

/// Which rule a move the rules refuse broke, in one line (for a move the
/// rules allow: none).
pub fn why_refused(position: &Position, m: Move) -> Option<String> {
    if position.legal_moves().iter().any(|l| l.from == m.from && l.to == m.to) {
        return None;
    }
    let size = position.size();
    let mover = position.side_to_move();
    if position.outcome().is_over() {
        return Some("The game is over.".to_string());
    }
    if position.piece_at(m.from) != Some(mover) {
        return Some(format!("{} holds none of your pieces.", size.square_name(m.from)));
    }
    if position.piece_at(m.to) == Some(mover) {
        return Some(format!("Your own piece stands on {}.", size.square_name(m.to)));
    }
    Some(match position.variant() {
        Variant::Breakthrough => breakthrough_rule(position, mover, m),
        Variant::LinesOfAction => loa_rule(position, m),
    })
}

fn breakthrough_rule(position: &Position, mover: Side, m: Move) -> String {
    let size = position.size();
    let ahead = if mover == Side::White { 1 } else { -1 };
    let df = size.file_of(m.to) as i32 - size.file_of(m.from) as i32;
    let dr = size.rank_of(m.to) as i32 - size.rank_of(m.from) as i32;
    if dr != ahead || df.abs() > 1 {
        return "A pawn moves one square forward, straight or diagonally.".to_string();
    }
    // Straight ahead onto an enemy pawn: the only other way a one-step move fails.
    "A pawn captures only diagonally: straight ahead it needs an empty square.".to_string()
}

fn loa_rule(position: &Position, m: Move) -> String {
    let size = position.size();
    let df = size.file_of(m.to) as i32 - size.file_of(m.from) as i32;
    let dr = size.rank_of(m.to) as i32 - size.rank_of(m.from) as i32;
    let straight = df == 0 || dr == 0 || df.abs() == dr.abs();
    if !straight {
        return "A piece moves along a row, a column or a diagonal.".to_string();
    }
    let steps = df.abs().max(dr.abs()) as u32;
    let dir = (df.signum(), dr.signum());
    let reaches = loa_reaches(position, m.from).unwrap_or_default();
    let Some(line) = reaches.iter().find(|l| LINES.iter().any(|&(name, dirs)| name == l.line && dirs.contains(&dir)))
    else {
        return "A piece moves along a row, a column or a diagonal.".to_string();
    };
    if steps != line.pieces {
        // "There is 1 piece", not "There are 1 piece" (fresh eyes, round 25).
        let (verb, word) = if line.pieces == 1 { ("is", "piece") } else { ("are", "pieces") };
        return format!(
            "There {verb} {} {word} on this {}: the piece moves exactly {}, not {steps}.",
            line.pieces, line.line, line.pieces
        );
    }
    let blocker = ray(size, m.from, dir)
        .take(steps as usize - 1)
        .find(|&s| position.piece_at(s).is_some_and(|p| Some(p) != position.piece_at(m.from)));
    match blocker {
        Some(s) => format!("It cannot jump the enemy piece on {}.", size.square_name(s)),
        None => "That move is not allowed here.".to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn loa() -> Position {
        Position::start(Variant::LinesOfAction, BoardSize::new(8, 8)).unwrap()
    }

    fn square(pos: &Position, name: &str) -> u8 {
        let size = pos.size();
        (0..size.columns * size.rows).find(|&s| size.square_name(s) == name).unwrap()
    }

    #[test]
    fn a_loa_piece_moves_as_far_as_its_line_has_pieces() {
        let pos = loa();
        let from = square(&pos, "b1");
        let reaches = loa_reaches(&pos, from).unwrap();
        let row = &reaches[0];
        // Six of its side on the first rank: it would move six, onto its own piece or off the board.
        assert_eq!(row.pieces, 6);
        let column = &reaches[1];
        assert_eq!(column.pieces, 2, "b1 and b8");
        assert_eq!(column.toward[0], Reach::Lands { to: square(&pos, "b3"), capture: false });
        assert_eq!(column.toward[1], Reach::OffBoard);
        // Every square the reaches land on is a legal move, and every legal move is one of them.
        let landed: Vec<u8> = reaches
            .iter()
            .flat_map(|l| l.toward.iter())
            .filter_map(|r| if let Reach::Lands { to, .. } = r { Some(*to) } else { None })
            .collect();
        let mut legal: Vec<u8> = pos.legal_moves().iter().filter(|m| m.from == from).map(|m| m.to).collect();
        let mut landed_sorted = landed.clone();
        landed_sorted.sort_unstable();
        legal.sort_unstable();
        assert_eq!(landed_sorted, legal);
        assert!(line_text(pos.size(), column).starts_with("column: 2 pieces, so exactly 2: to b3"));
    }

    #[test]
    fn a_line_off_the_board_both_ways_says_so_once() {
        let size = BoardSize::new(8, 8);
        let line = LineReach { line: "row", pieces: 6, toward: [Reach::OffBoard, Reach::OffBoard] };
        // Finding: "off the board one way; off the board one way".
        assert_eq!(line_text(size, &line), "row: 6 pieces, so exactly 6: off the board both ways");
    }

    #[test]
    fn the_reaches_agree_with_the_move_generator_everywhere_in_a_game() {
        let mut pos = loa();
        for ply in 0..40 {
            let side = pos.side_to_move();
            for from in 0..64u8 {
                if pos.piece_at(from) != Some(side) {
                    continue;
                }
                let mut landed: Vec<u8> = loa_reaches(&pos, from)
                    .unwrap()
                    .iter()
                    .flat_map(|l| l.toward.clone())
                    .filter_map(|r| if let Reach::Lands { to, .. } = r { Some(to) } else { None })
                    .collect();
                let mut legal: Vec<u8> = pos.legal_moves().iter().filter(|m| m.from == from).map(|m| m.to).collect();
                landed.sort_unstable();
                legal.sort_unstable();
                assert_eq!(landed, legal, "ply {ply}, {}", pos.size().square_name(from));
            }
            let moves = pos.legal_moves();
            if moves.is_empty() || pos.outcome().is_over() {
                break;
            }
            pos.play(moves[(ply * 7) % moves.len()]).unwrap();
        }
    }

    #[test]
    fn a_refused_move_names_the_rule_it_broke() {
        let pos = loa();
        let from = square(&pos, "b1");
        let short = Move::new(from, square(&pos, "b2"), false);
        assert_eq!(
            why_refused(&pos, short).unwrap(),
            "There are 2 pieces on this column: the piece moves exactly 2, not 1."
        );
        // One piece on the line: "There is 1 piece".
        let lone = Position::from_fen(Variant::LinesOfAction, "8/8/2w5/4w3/2w5/2b5/8/b7 b").unwrap();
        let two = Move::new(square(&lone, "a1"), square(&lone, "c1"), false);
        assert_eq!(why_refused(&lone, two).unwrap(), "There is 1 piece on this row: the piece moves exactly 1, not 2.");
        let knight = Move::new(from, square(&pos, "c3"), false);
        assert!(why_refused(&pos, knight).unwrap().contains("row, a column or a diagonal"));
        let legal = Move::new(from, square(&pos, "b3"), false);
        assert_eq!(why_refused(&pos, legal), None);

        let bt = Position::start(Variant::Breakthrough, BoardSize::new(8, 8)).unwrap();
        let a2 = square(&bt, "a2");
        let back = Move::new(a2, square(&bt, "a1"), false);
        assert_eq!(why_refused(&bt, back).unwrap(), "Your own piece stands on a1.");
        let two = Move::new(a2, square(&bt, "a4"), false);
        assert!(why_refused(&bt, two).unwrap().starts_with("A pawn moves one square forward"));
        let theirs = Move::new(square(&bt, "a7"), square(&bt, "a6"), false);
        assert_eq!(why_refused(&bt, theirs).unwrap(), "a7 holds none of your pieces.");
    }
}
