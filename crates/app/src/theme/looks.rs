//! The looks a person picks in Settings: the board theme, the piece set and
//! the interface's scale, and their settings-file form, read leniently (an
//! unknown name or a scale out of range falls back to the default with a
//! one-line reason).

use std::ops::RangeInclusive;

use bevy::prelude::*;
use serde::{Deserialize, Serialize};

use crate::theme::palette::{self, Tone};

/// The squares' look.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BoardTheme {
    /// Light and dark wood (textures).
    Wood,
    /// Plain light and dark grey, for the most contrast with the pieces.
    Contrast,
    /// Okabe-Ito sky blue and blue, with orange and green marks: told apart
    /// with any kind of colour blindness.
    ColourSafe,
}

/// The pieces' look.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PieceSet {
    /// Shaded stones (textures).
    Stones,
    /// Flat discs marked by shape too: a ring on White's, a dot on Black's.
    Discs,
}

/// The interface scales Settings offers (egui points per logical pixel).
pub const SCALES: RangeInclusive<f32> = 0.75..=2.0;

/// What the person picked.
#[derive(Resource, Clone, Copy, Debug, PartialEq)]
pub struct Looks {
    pub board: BoardTheme,
    pub pieces: PieceSet,
    /// The interface's size, within [`SCALES`].
    pub scale: f32,
}

/// The interface's zoom in force: the person's scale grown with a large
/// window (egui's zoom factor). What is drawn outside egui, the board's
/// coordinates, grows with it.
#[derive(Resource, Clone, Copy, Debug, PartialEq)]
pub struct InterfaceZoom(pub f32);

impl Default for InterfaceZoom {
    fn default() -> Self {
        InterfaceZoom(1.0)
    }
}

impl Default for Looks {
    fn default() -> Self {
        Looks { board: BoardTheme::Wood, pieces: PieceSet::Stones, scale: 1.0 }
    }
}

impl BoardTheme {
    pub const ALL: [BoardTheme; 3] = [BoardTheme::Wood, BoardTheme::Contrast, BoardTheme::ColourSafe];

    pub fn id(self) -> &'static str {
        match self {
            BoardTheme::Wood => "wood",
            BoardTheme::Contrast => "contrast",
            BoardTheme::ColourSafe => "colour-safe",
        }
    }

    pub fn title(self) -> &'static str {
        match self {
            BoardTheme::Wood => "Wood",
            BoardTheme::Contrast => "High contrast",
            BoardTheme::ColourSafe => "Colour-blind safe",
        }
    }

    /// The light and dark squares' plain colours; `None` for the wood textures.
    pub fn squares(self) -> Option<(Tone, Tone)> {
        match self {
            BoardTheme::Wood => None,
            BoardTheme::Contrast => Some((palette::CONTRAST_LIGHT, palette::CONTRAST_DARK)),
            BoardTheme::ColourSafe => Some((palette::SAFE_LIGHT, palette::SAFE_DARK)),
        }
    }

    /// The tint over the frame's wood.
    pub fn frame(self) -> Tone {
        match self {
            BoardTheme::Wood => palette::NEUTRAL,
            BoardTheme::Contrast => palette::CONTRAST_FRAME,
            BoardTheme::ColourSafe => palette::SAFE_FRAME,
        }
    }

    /// The last move's and the picked-up piece's square tints, laid over
    /// the square at their own opacity.
    pub fn marks(self) -> (Tone, Tone) {
        match self {
            BoardTheme::Wood | BoardTheme::Contrast => (palette::LAST_MOVE.alpha(0.38), palette::SELECTED.alpha(0.5)),
            // Orange laid thinly over blue mixes to grey: it covers the square nearly whole.
            BoardTheme::ColourSafe => (palette::SAFE_LAST_MOVE.alpha(0.85), palette::SAFE_SELECTED.alpha(0.5)),
        }
    }
}

impl PieceSet {
    pub const ALL: [PieceSet; 2] = [PieceSet::Stones, PieceSet::Discs];

    pub fn id(self) -> &'static str {
        match self {
            PieceSet::Stones => "stones",
            PieceSet::Discs => "discs",
        }
    }

    pub fn title(self) -> &'static str {
        match self {
            PieceSet::Stones => "Stones",
            PieceSet::Discs => "Flat discs with marks",
        }
    }
}

/// The settings file's form of [`Looks`]: names, and the scale.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct StoredLooks {
    pub board: String,
    pub pieces: String,
    pub scale: f32,
}

impl Default for StoredLooks {
    fn default() -> Self {
        StoredLooks::from(&Looks::default())
    }
}

impl From<&Looks> for StoredLooks {
    fn from(looks: &Looks) -> Self {
        StoredLooks { board: looks.board.id().to_string(), pieces: looks.pieces.id().to_string(), scale: looks.scale }
    }
}

impl StoredLooks {
    /// The looks named, each unreadable part at its default with the reason.
    pub fn looks(&self) -> (Looks, Vec<String>) {
        let defaults = Looks::default();
        let mut problems = Vec::new();
        let board = BoardTheme::ALL.into_iter().find(|t| t.id() == self.board).unwrap_or_else(|| {
            problems.push(format!("no board theme '{}'", self.board));
            defaults.board
        });
        let pieces = PieceSet::ALL.into_iter().find(|p| p.id() == self.pieces).unwrap_or_else(|| {
            problems.push(format!("no piece set '{}'", self.pieces));
            defaults.pieces
        });
        let scale = if SCALES.contains(&self.scale) {
            self.scale
        } else {
            problems.push(format!("interface scale {} is outside {}-{}", self.scale, SCALES.start(), SCALES.end()));
            defaults.scale
        };
        (Looks { board, pieces, scale }, problems)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// On the colour-blind-safe board the last move's squares read as orange
    /// on both the light and the dark blue (red well above blue), not grey.
    #[test]
    fn the_colour_safe_last_move_is_orange_on_both_squares() {
        let (last, _) = BoardTheme::ColourSafe.marks();
        for square in [palette::SAFE_LIGHT, palette::SAFE_DARK] {
            let [r, g, b, _] = last.over(square).rgba_bytes(1.0);
            assert!(r >= g + 30 && r >= b + 120, "{square:?} under the mark shows ({r}, {g}, {b})");
        }
    }
}
