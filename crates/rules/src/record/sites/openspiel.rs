//! OpenSpiel's move strings: Breakthrough's `a7a6` and `b7c6*` (its first
//! player, which OpenSpiel calls black, starts on the top ranks, so its
//! ranks are Breakline's counted from the other edge), Lines of Action's
//! `b1-b3` and `b3xe3` (Breakline's own notation), as its test games list
//! them: `1. b1-b3 h3-e3`, one pair a line. Such a list says no variant,
//! size or result: the defaults give the first two, the board the third.

use super::error::{ReadError, ReadErrorKind, WriteError};
use super::game::{GameText, play_token};
use super::token::{is_move_number, read_move};
use super::{Defaults, Format};
use crate::position::Position;
use crate::{Move, Variant};

/// The game of a move list whose first line is `first_line`: OpenSpiel's
/// or a bare list in Breakline's orientation, told by the first move.
pub fn read(text: &str, first_line: usize, defaults: Defaults) -> Result<GameText, ReadError> {
    let start = Position::start(defaults.variant, defaults.size)
        .map_err(|e| ReadError { line: first_line, kind: ReadErrorKind::Size(e) })?;
    let tokens: Vec<(usize, &str)> = text
        .lines()
        .enumerate()
        .flat_map(|(i, line)| line.split_whitespace().map(move |t| (first_line + i, t)))
        .filter(|(_, t)| !is_move_number(t))
        .collect();
    let flipped = defaults.variant == Variant::Breakthrough
        && tokens
            .first()
            .is_some_and(|(_, t)| read_move(&start, t, false).is_err() && read_move(&start, t, true).is_ok());
    let mut position = start;
    for &(line, token) in &tokens {
        play_token(&mut position, token, line, flipped)?;
    }
    let starred = tokens.iter().any(|(_, t)| t.ends_with('*'));
    let mut game = GameText::new(position);
    game.format = if flipped || starred { Format::OpenSpiel } else { Format::Moves };
    Ok(game)
}

/// `game`'s moves as OpenSpiel writes them, a numbered pair a line.
pub fn write(game: &GameText) -> Result<String, WriteError> {
    if !game.usual_start() {
        return Err(WriteError::OpenSpielStart);
    }
    let mut out = String::new();
    for (ply, (before, m)) in game.moves_with_positions().iter().enumerate() {
        let name = action_string(before, *m);
        if ply % 2 == 0 {
            if ply > 0 {
                out.push('\n');
            }
            out.push_str(&format!("{}. {name}", ply / 2 + 1));
        } else {
            out.push_str(&format!(" {name}"));
        }
    }
    out.push('\n');
    Ok(out)
}

/// A move as OpenSpiel's `ActionToString` writes it.
fn action_string(before: &Position, m: Move) -> String {
    match before.variant() {
        Variant::LinesOfAction => before.move_name(m),
        Variant::Breakthrough => {
            let size = before.size();
            let square = |s: u8| format!("{}{}", (b'a' + size.file_of(s)) as char, size.rows - size.rank_of(s));
            format!("{}{}{}", square(m.from), square(m.to), if m.capture { "*" } else { "" })
        }
    }
}
