//! The one palette: every colour the game draws, on the board (Bevy sprites,
//! meshes and gizmos) and in the panels (egui), is named here once, so the
//! panel's legend and the board's arrows cannot drift apart.

use bevy::prelude::Color;
use bevy_egui::egui::Color32;

use crate::engine::Side;
use crate::engine::library::review::Mark;

/// A colour in sRGB with straight alpha, readable by both Bevy and egui.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Tone {
    r: u8,
    g: u8,
    b: u8,
    a: u8,
}

impl Tone {
    pub const fn rgb(r: u8, g: u8, b: u8) -> Tone {
        Tone { r, g, b, a: 255 }
    }

    /// The same colour at `alpha` (0 = clear, 1 = opaque).
    pub const fn alpha(self, alpha: f32) -> Tone {
        Tone { a: (alpha.clamp(0.0, 1.0) * 255.0) as u8, ..self }
    }

    /// For sprites, meshes and gizmos.
    pub const fn color(self) -> Color {
        Color::srgba_u8(self.r, self.g, self.b, self.a)
    }

    /// For the panels.
    pub const fn color32(self) -> Color32 {
        Color32::from_rgba_unmultiplied_const(self.r, self.g, self.b, self.a)
    }

    /// `share` of the way from this colour to `other` (0 = this, 1 = other), opaque.
    pub fn mix(self, other: Tone, share: f32) -> Tone {
        let t = share.clamp(0.0, 1.0);
        let lerp = |a: u8, b: u8| (a as f32 + (b as f32 - a as f32) * t).round() as u8;
        Tone::rgb(lerp(self.r, other.r), lerp(self.g, other.g), lerp(self.b, other.b))
    }

    /// This colour laid over `under` at its own opacity, as the screen shows it.
    pub fn over(self, under: Tone) -> Tone {
        under.mix(Tone { a: 255, ..self }, self.a as f32 / 255.0)
    }

    /// The colour egui uses (a panel's fill, say), opaque.
    pub fn of_color32(color: Color32) -> Tone {
        Tone::rgb(color.r(), color.g(), color.b())
    }

    /// The hue in degrees (0 red, 120 green, 240 blue); 0 for a grey.
    pub fn hue(self) -> f32 {
        let [r, g, b] = [self.r, self.g, self.b].map(|c| c as f32 / 255.0);
        let (max, min) = (r.max(g).max(b), r.min(g).min(b));
        let span = max - min;
        if span == 0.0 {
            return 0.0;
        }
        let sixths = if max == r {
            ((g - b) / span).rem_euclid(6.0)
        } else if max == g {
            (b - r) / span + 2.0
        } else {
            (r - g) / span + 4.0
        };
        60.0 * sixths
    }

    /// The relative luminance (WCAG), 0 for black to 1 for white.
    fn luminance(self) -> f32 {
        let linear = |c: u8| {
            let c = c as f32 / 255.0;
            if c <= 0.04045 { c / 12.92 } else { ((c + 0.055) / 1.055).powf(2.4) }
        };
        0.2126 * linear(self.r) + 0.7152 * linear(self.g) + 0.0722 * linear(self.b)
    }

    /// The contrast ratio (WCAG) of two opaque colours, from 1 (none) to 21.
    pub fn contrast(self, other: Tone) -> f32 {
        let (a, b) = (self.luminance() + 0.05, other.luminance() + 0.05);
        a.max(b) / a.min(b)
    }

    /// The sRGB bytes of an image pixel, at `alpha` coverage.
    pub fn rgba_bytes(self, alpha: f32) -> [u8; 4] {
        [self.r, self.g, self.b, (alpha.clamp(0.0, 1.0) * 255.0).round() as u8]
    }
}

/// Each side's accent (its arrows, its points on the graph, its legend):
/// orange and blue, told apart by colour-blind eyes too.
pub const fn side_accent(side: Side) -> Tone {
    match side {
        Side::White => WHITE_ACCENT,
        Side::Black => BLACK_ACCENT,
    }
}

pub const WHITE_ACCENT: Tone = Tone::rgb(255, 153, 31);
pub const BLACK_ACCENT: Tone = Tone::rgb(51, 140, 255);
/// The Okabe-Ito orange and blue of the attack layer.
pub const WHITE_ATTACK: Tone = Tone::rgb(230, 158, 0);
pub const BLACK_ATTACK: Tone = Tone::rgb(0, 115, 179);
/// Warm hues for White's groups (magenta through red to yellow), cool ones
/// for Black's (green through blue to violet), so neighbouring groups of the
/// two sides never share a colour (a lime once sat beside Black's green).
pub const WHITE_GROUPS: [Tone; 6] = [
    Tone::rgb(255, 204, 26),
    Tone::rgb(255, 89, 77),
    Tone::rgb(255, 102, 217),
    Tone::rgb(160, 82, 45),
    Tone::rgb(255, 140, 0),
    Tone::rgb(242, 242, 153),
];
pub const BLACK_GROUPS: [Tone; 6] = [
    Tone::rgb(51, 128, 255),
    Tone::rgb(26, 217, 204),
    Tone::rgb(153, 89, 255),
    Tone::rgb(51, 204, 77),
    Tone::rgb(89, 77, 191),
    Tone::rgb(128, 230, 255),
];
/// Light and dark, for a side's marks outlined in the other's.
pub const PAPER: Tone = Tone::rgb(255, 247, 230);
pub const INK: Tone = Tone::rgb(26, 20, 13);

/// The least contrast a legend's word keeps with what is under it (WCAG's
/// for large or bold text).
pub const LEGIBLE: f32 = 3.0;

/// What a legend's word in `tone` is drawn on over a panel's `background`:
/// `None` where it reads on the panel itself, else a chip of paper or ink,
/// whichever it reads better on (Black's ink-coloured diamond on a dark panel).
pub fn legend_chip(tone: Tone, background: Tone) -> Option<Tone> {
    if tone.contrast(background) >= LEGIBLE {
        return None;
    }
    Some(if tone.contrast(PAPER) >= tone.contrast(INK) { PAPER } else { INK })
}

/// The hint's arrow and button.
pub const HINT: Tone = Tone::rgb(51, 217, 255);
/// The proof's line on the board, its button and its star on the graph.
pub const PROOF: Tone = Tone::rgb(240, 90, 220);
/// A lesson's marked squares and arrows.
pub const LESSON: Tone = Tone::rgb(170, 120, 255);
/// The last move's squares.
pub const LAST_MOVE: Tone = Tone::rgb(255, 209, 51);
/// The piece picked up.
pub const SELECTED: Tone = Tone::rgb(77, 217, 102);
/// The keyboard's focus square: an outline that shows on both woods and over the selection tint.
pub const KEYBOARD_FOCUS: Tone = Tone::rgb(217, 38, 217);
/// File and rank labels.
pub const LABEL: Tone = Tone::rgb(237, 217, 179);
/// Behind the board.
pub const BACKGROUND: Tone = Tone::rgb(41, 38, 36);
/// The score bars' track and fill.
pub const BAR_TRACK: Tone = Tone::rgb(0, 0, 0);
pub const BAR_FILL: Tone = Tone::rgb(255, 255, 255);
/// A Flow Free cell with no colour yet, and the grid between cells.
pub const EMPTY_CELL: Tone = Tone::rgb(18, 18, 20);
pub const GRID_LINE: Tone = Tone::rgb(115, 107, 97);

/// Headlines: the result, the review marker on the graph.
pub const HEADLINE: Tone = Tone::rgb(250, 210, 90);
/// Reviewing an earlier position.
pub const REVIEW: Tone = Tone::rgb(240, 180, 90);
/// A note that asks for attention (a setting the variant cannot use).
pub const NOTE: Tone = Tone::rgb(240, 180, 60);
/// Something went wrong.
pub const ERROR: Tone = Tone::rgb(255, 120, 110);
/// A game report's marks: an inaccuracy (`?!`), a mistake (`?`), a blunder (`??`).
pub const MARK_INACCURACY: Tone = Tone::rgb(240, 220, 80);
pub const MARK_MISTAKE: Tone = Tone::rgb(255, 150, 40);
pub const MARK_BLUNDER: Tone = Tone::rgb(240, 60, 60);
/// Something worked (a solved puzzle, a saved file).
pub const SUCCESS: Tone = Tone::rgb(120, 220, 120);
/// The series' first program in its plots.
pub const SERIES_A: Tone = Tone::rgb(110, 170, 255);
/// Guide lines on plots: the even line, and the proven bounds.
pub const GUIDE: Tone = Tone::rgb(160, 160, 160);
/// Legend swatches for marks drawn in each side's own piece colour; the
/// frame's wood as it is.
pub const NEUTRAL: Tone = Tone::rgb(255, 255, 255);

/// The high-contrast board: plain light and dark squares, a dark frame.
pub const CONTRAST_LIGHT: Tone = Tone::rgb(222, 222, 222);
pub const CONTRAST_DARK: Tone = Tone::rgb(112, 112, 112);
pub const CONTRAST_FRAME: Tone = Tone::rgb(70, 70, 70);
/// The colour-blind-safe board (Okabe-Ito): sky blue and blue squares, a
/// blue-grey frame, the last move in orange and the picked piece in bluish green.
pub const SAFE_LIGHT: Tone = Tone::rgb(146, 205, 240);
pub const SAFE_DARK: Tone = Tone::rgb(0, 114, 178);
pub const SAFE_FRAME: Tone = Tone::rgb(90, 110, 140);
pub const SAFE_LAST_MOVE: Tone = Tone::rgb(230, 159, 0);
pub const SAFE_SELECTED: Tone = Tone::rgb(0, 158, 115);
/// The flat discs: White's face and its marks' ink, Black's face and its marks.
pub const DISC_WHITE: Tone = Tone::rgb(250, 246, 236);
pub const DISC_BLACK: Tone = Tone::rgb(34, 32, 36);

/// The colour a mark is drawn in, on the graph and in the list.
pub(crate) fn mark_colour(mark: Mark) -> Color32 {
    match mark {
        Mark::Inaccuracy => MARK_INACCURACY.color32(),
        Mark::Mistake => MARK_MISTAKE.color32(),
        Mark::Blunder => MARK_BLUNDER.color32(),
    }
}

#[cfg(test)]
mod tests {
    use bevy::color::ColorToPacked;

    use super::*;

    /// Bevy and egui read a tone as the same sRGB bytes, so a legend swatch
    /// is the colour of the mark it explains.
    #[test]
    fn both_toolkits_see_the_same_colour() {
        for tone in [WHITE_ACCENT, BLACK_ACCENT, PROOF, HINT, WHITE_ATTACK, ERROR] {
            let srgba = tone.color().to_srgba().to_u8_array();
            assert_eq!(srgba, tone.color32().to_srgba_unmultiplied());
        }
        // egui keeps colours premultiplied: a translucent tone comes back within rounding.
        let faint = PROOF.alpha(0.5);
        let (bevy, egui) = (faint.color().to_srgba().to_u8_array(), faint.color32().to_srgba_unmultiplied());
        assert!(bevy.iter().zip(egui).all(|(a, b)| a.abs_diff(b) <= 2), "{bevy:?} vs {egui:?}");
        assert_eq!(side_accent(Side::White), WHITE_ACCENT);
    }

    #[test]
    fn a_tone_over_another_mixes_by_its_opacity() {
        assert_eq!(HINT.over(INK), HINT);
        assert_eq!(HINT.alpha(0.0).over(INK), INK);
        assert_eq!(Tone::rgb(200, 100, 0).alpha(0.5).over(Tone::rgb(0, 100, 200)), Tone::rgb(100, 100, 100));
    }
}
