//! [`Position`]: a game of either variant on any supported size, chosen at run
//! time. It picks the narrowest bit width that fits the board and keeps the
//! moves played, so front-ends get checked play and undo without generics.

use std::sync::atomic::AtomicBool;

use super::bits::Wide;
use super::breakthrough::{self, Breakthrough};
use super::connection_rule::BothConnected;
use super::error::{FenError, MoveError};
use super::game::Game;
use super::loa::{self, LinesOfAction};
use super::notation;
use super::perft;
use super::placement::Placement;
use crate::{BoardSize, Move, Outcome, Side, SizeError, Variant};

/// The concrete game inside a [`Position`]: each variant at the narrowest
/// square set its size fits, so 8x8 never pays for 12x12.
#[derive(Clone, Debug, PartialEq)]
pub enum AnyGame {
    /// Breakthrough on up to 64 squares.
    Breakthrough64(Breakthrough<u64>),
    /// Breakthrough on up to 128 squares.
    Breakthrough128(Breakthrough<u128>),
    /// Breakthrough on larger boards.
    BreakthroughWide(Breakthrough<Wide>),
    /// Lines of Action on up to 64 squares.
    Loa64(LinesOfAction<u64>),
    /// Lines of Action on up to 128 squares.
    Loa128(LinesOfAction<u128>),
    /// Lines of Action on larger boards.
    LoaWide(LinesOfAction<Wide>),
}

/// Runs `$body` with `$g` bound to the concrete game inside an [`AnyGame`].
/// Exported because the AI and the lab dispatch on the concrete game too.
#[macro_export]
macro_rules! with_game {
    ($any:expr, $g:ident => $body:expr) => {
        match $any {
            $crate::position::AnyGame::Breakthrough64($g) => $body,
            $crate::position::AnyGame::Breakthrough128($g) => $body,
            $crate::position::AnyGame::BreakthroughWide($g) => $body,
            $crate::position::AnyGame::Loa64($g) => $body,
            $crate::position::AnyGame::Loa128($g) => $body,
            $crate::position::AnyGame::LoaWide($g) => $body,
        }
    };
}
pub use crate::with_game;

impl AnyGame {
    fn from_placement(variant: Variant, p: &Placement) -> Result<AnyGame, FenError> {
        let n = p.size.squares();
        Ok(match (variant, n) {
            (Variant::Breakthrough, 0..=64) => AnyGame::Breakthrough64(Game::from_placement(p)?),
            (Variant::Breakthrough, 65..=128) => AnyGame::Breakthrough128(Game::from_placement(p)?),
            (Variant::Breakthrough, _) => AnyGame::BreakthroughWide(Game::from_placement(p)?),
            (Variant::LinesOfAction, 0..=64) => AnyGame::Loa64(Game::from_placement(p)?),
            (Variant::LinesOfAction, 65..=128) => AnyGame::Loa128(Game::from_placement(p)?),
            (Variant::LinesOfAction, _) => AnyGame::LoaWide(Game::from_placement(p)?),
        })
    }
}

/// A game of either variant on any supported size, with the moves played from its start.
#[derive(Clone, Debug, PartialEq)]
pub struct Position {
    game: AnyGame,
    variant: Variant,
    start: Placement,
    moves: Vec<Move>,
}

impl Position {
    /// The concrete game, for the searches and evaluations that dispatch on
    /// it (with [`with_game!`](crate::with_game)); only the position changes it.
    pub fn game(&self) -> &AnyGame {
        &self.game
    }

    /// The start position of `variant` on `size`.
    pub fn start(variant: Variant, size: BoardSize) -> Result<Position, SizeError> {
        variant.check_size(size)?;
        let placement = match variant {
            Variant::Breakthrough => breakthrough::start_placement(size),
            Variant::LinesOfAction => loa::start_placement(size),
        };
        Position::from_placement(variant, placement).map_err(|e| match e {
            FenError::Size(s) => s,
            other => unreachable!("start placements are valid: {other}"),
        })
    }

    /// A position read from a position string; the size comes from the string.
    pub fn from_fen(variant: Variant, fen: &str) -> Result<Position, FenError> {
        Position::from_placement(variant, Placement::parse(fen)?)
    }

    /// A position of `variant` with the pieces of `placement`, checked as [`Game::from_placement`] does.
    pub fn from_placement(variant: Variant, placement: Placement) -> Result<Position, FenError> {
        let game = AnyGame::from_placement(variant, &placement)?;
        Ok(Position { game, variant, start: placement, moves: Vec::new() })
    }

    /// The game being played.
    pub fn variant(&self) -> Variant {
        self.variant
    }

    /// The board's dimensions.
    pub fn size(&self) -> BoardSize {
        self.start.size
    }

    /// The side whose turn it is.
    pub fn side_to_move(&self) -> Side {
        with_game!(&self.game, g => g.side_to_move())
    }

    /// The Zobrist hash of the pieces and the side to move.
    pub fn hash(&self) -> u64 {
        with_game!(&self.game, g => g.hash())
    }

    /// The result so far.
    pub fn outcome(&self) -> Outcome {
        with_game!(&self.game, g => g.outcome())
    }

    /// The moves the side to move may play; none once the game is over.
    pub fn legal_moves(&self) -> Vec<Move> {
        with_game!(&self.game, g => g.legal_moves().to_vec())
    }

    /// The side of the piece on `square`, if any.
    pub fn piece_at(&self, square: u8) -> Option<Side> {
        with_game!(&self.game, g => g.piece_at(square))
    }

    /// Every piece on the board with its square, lowest square first.
    pub fn pieces(&self) -> Vec<(u8, Side)> {
        (0..self.size().squares() as u8).filter_map(|sq| self.piece_at(sq).map(|c| (sq, c))).collect()
    }

    /// The current pieces and side to move.
    pub fn placement(&self) -> Placement {
        with_game!(&self.game, g => g.placement())
    }

    /// The position string of the current position.
    pub fn fen(&self) -> String {
        self.placement().to_fen()
    }

    /// The position the game started from.
    pub fn start_placement(&self) -> &Placement {
        &self.start
    }

    /// Moves played since the start position, oldest first.
    pub fn moves(&self) -> &[Move] {
        &self.moves
    }

    /// Plays `m` if it is legal now; otherwise says why and changes nothing.
    pub fn play(&mut self, m: Move) -> Result<(), MoveError> {
        let size = self.size();
        if self.outcome().is_over() {
            return Err(MoveError::GameOver);
        }
        let on_board = |sq: u8| (sq as usize) < size.squares();
        if !on_board(m.from) || !on_board(m.to) {
            return Err(MoveError::Illegal { played: m, size });
        }
        let side = self.side_to_move();
        if self.piece_at(m.from) != Some(side) {
            return Err(MoveError::NoPieceToMove { played: m, size, side });
        }
        let legal = self.legal_moves();
        let Some(&found) = legal.iter().find(|l| l.from == m.from && l.to == m.to) else {
            return Err(MoveError::Illegal { played: m, size });
        };
        if found.capture != m.capture {
            return Err(if found.capture {
                MoveError::CaptureNotMarked { legal: found, size }
            } else {
                MoveError::CaptureMarkedWrongly { legal: found, size }
            });
        }
        with_game!(&mut self.game, g => g.play_unchecked(found));
        self.moves.push(found);
        Ok(())
    }

    /// Parses a move in notation and plays it.
    pub fn play_text(&mut self, text: &str) -> Result<Move, MoveError> {
        let m = self.parse_move(text)?;
        self.play(m)?;
        Ok(m)
    }

    /// Parses a move's text against this board's size (legality is checked by `play`).
    pub fn parse_move(&self, text: &str) -> Result<Move, MoveError> {
        notation::parse_move(self.size(), text)
    }

    /// `m` in notation on this board, e.g. `a2-a3` or `a2xb3`.
    pub fn move_name(&self, m: Move) -> String {
        self.size().move_name(m)
    }

    /// A square's name on this board, e.g. `a1`.
    pub fn square_name(&self, square: u8) -> String {
        self.size().square_name(square)
    }

    /// Takes back the last move, if any.
    pub fn undo(&mut self) -> Option<Move> {
        let m = self.moves.pop()?;
        with_game!(&mut self.game, g => g.undo_unchecked(m));
        Some(m)
    }

    /// This position after its first `ply` moves (itself if it has no
    /// more), its rules and limits kept, as `undo` keeps them.
    pub fn at_ply(&self, ply: usize) -> Position {
        let mut position = self.clone();
        while position.moves.len() > ply && position.undo().is_some() {}
        position
    }

    /// The position its moves were played from.
    pub fn rewound(&self) -> Position {
        self.at_ply(0)
    }

    /// Lines of Action only: plies after which an undecided game is drawn.
    pub fn move_limit(&self) -> Option<u32> {
        match &self.game {
            AnyGame::Loa64(g) => Some(g.move_limit()),
            AnyGame::Loa128(g) => Some(g.move_limit()),
            AnyGame::LoaWide(g) => Some(g.move_limit()),
            _ => None,
        }
    }

    /// Lines of Action only: what a move that joins both sides' pieces does.
    pub fn both_connected(&self) -> Option<BothConnected> {
        match &self.game {
            AnyGame::Loa64(g) => Some(g.both_connected()),
            AnyGame::Loa128(g) => Some(g.both_connected()),
            AnyGame::LoaWide(g) => Some(g.both_connected()),
            _ => None,
        }
    }

    /// Sets what a Lines of Action move joining both sides does; Breakthrough ignores it.
    pub fn set_both_connected(&mut self, rule: BothConnected) {
        match &mut self.game {
            AnyGame::Loa64(g) => g.set_both_connected(rule),
            AnyGame::Loa128(g) => g.set_both_connected(rule),
            AnyGame::LoaWide(g) => g.set_both_connected(rule),
            _ => {}
        }
    }

    /// Sets the Lines of Action move limit; Breakthrough has none and ignores it.
    pub fn set_move_limit(&mut self, plies: u32) {
        match &mut self.game {
            AnyGame::Loa64(g) => g.set_move_limit(plies),
            AnyGame::Loa128(g) => g.set_move_limit(plies),
            AnyGame::LoaWide(g) => g.set_move_limit(plies),
            _ => {}
        }
    }

    /// Perft: the number of move sequences exactly `depth` plies long from here (a finished game is not extended).
    pub fn perft(&self, depth: u32) -> u64 {
        let mut game = self.game.clone();
        with_game!(&mut game, g => perft::perft(g, depth))
    }

    /// [`Position::perft`] that gives up (`None`) soon after `stop` is set.
    pub fn perft_until(&self, depth: u32, stop: &AtomicBool) -> Option<u64> {
        let mut game = self.game.clone();
        with_game!(&mut game, g => perft::perft_until(g, depth, stop))
    }

    /// Perft at `depth` split by the first move: each legal move and the leaves below it.
    pub fn divide(&self, depth: u32) -> Vec<(Move, u64)> {
        let mut game = self.game.clone();
        with_game!(&mut game, g => perft::divide(g, depth))
    }

    /// The incrementally kept hash recomputed from scratch (for checks).
    pub fn recomputed_hash(&self) -> u64 {
        with_game!(&self.game, g => g.board().compute_hash())
    }
}
