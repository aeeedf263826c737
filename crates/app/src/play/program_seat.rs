//! The player editor's third kind of player: another program (Fairy-Stockfish
//! or any UCI, UGI or engine-protocol program), typed as `breakline match`
//! takes it. The text is a draft until it names a program and the person
//! presses "Play it", so typing never starts or stops a process.

use bevy_egui::egui::{self, RichText, Ui};

use crate::engine::Side;
use crate::engine::Variant;
use crate::engine::ai::player::Player;
use crate::engine::lab::runner::Seat;
use crate::game::players::PlayerSetup;
use crate::platform::installed_programs;
use crate::theme::palette;

/// How the seat's text is written, for the hover.
const SEAT_SYNTAX: &str = "uci:PATH, ugi:PATH or engine:PATH, then :movetime=MS (or :depth=N, :nodes=N), :arg=ARG and :NAME=VALUE options; a clock, when the game has one, replaces movetime";

/// Where the editor remembers that "Program" was chosen for `side` and is
/// not yet played (the side keeps its player until then).
pub(crate) fn drafting_id(side: Side) -> egui::Id {
    egui::Id::new(("program_seat_open", side.name()))
}

/// The draft of `side`'s program seat, kept between frames.
fn draft_id(side: Side) -> egui::Id {
    egui::Id::new(("program_seat_draft", side.name()))
}

/// Fairy-Stockfish where it is installed and plays `variant` (Breakthrough only).
fn fairy_stockfish(variant: Variant) -> Option<&'static std::path::Path> {
    installed_programs::fairy_stockfish().filter(|_| variant == Variant::Breakthrough)
}

/// Fairy-Stockfish's seat at a second a move, a person's pace.
fn fairy_stockfish_seat(path: &std::path::Path) -> String {
    format!("uci:{}:movetime=1000", path.display())
}

/// A first draft: Fairy-Stockfish where it plays the variant, else the form of the text.
fn first_draft(variant: Variant) -> String {
    fairy_stockfish(variant).map_or_else(|| "uci:".to_string(), fairy_stockfish_seat)
}

/// The editor under "Program": the draft, what it names, and "Play it",
/// which makes `player` that program.
pub(crate) fn editor(ui: &mut Ui, side: Side, player: &mut PlayerSetup, variant: Variant) {
    let id = draft_id(side);
    let current = match player {
        PlayerSetup::Program(seat) => Some(seat.clone()),
        _ => None,
    };
    let mut draft: String =
        ui.data(|d| d.get_temp(id)).or_else(|| current.clone()).unwrap_or_else(|| first_draft(variant));
    let width = ui.available_width();
    let field = egui::TextEdit::singleline(&mut draft).desired_width(width).font(egui::TextStyle::Monospace);
    ui.add(field).on_hover_text(SEAT_SYNTAX);
    let parsed = Seat::parse(&draft, variant);
    match &parsed {
        Ok(Seat::Ai(_)) | Err(_) if !crate::engine::ai::player::names_program(&draft) => {
            let words = "Name a program: uci:PATH, ugi:PATH or engine:PATH.";
            ui.label(RichText::new(words).color(palette::ERROR.color32()).small());
        }
        Err(error) => {
            ui.label(RichText::new(error.to_string()).color(palette::ERROR.color32()).small());
        }
        Ok(_) => {
            let name = Player::Program(draft.clone()).display_name();
            let words =
                format!("{name}: started for the game, its moves checked by the rules; a bad or late answer forfeits.");
            ui.label(RichText::new(words).weak().small());
        }
    }
    if current.is_none() {
        let words = format!("Until Play it, {} plays this side.", player.label());
        ui.label(RichText::new(words).weak().small());
    }
    let usable = matches!(parsed, Ok(Seat::Uci(_) | Seat::Engine(_)));
    ui.horizontal_wrapped(|ui| {
        let fresh = current.as_deref() != Some(draft.as_str());
        let play = ui.add_enabled(usable && fresh, egui::Button::new("Play it"));
        if play.on_hover_text("This program plays this side from the next move").clicked() {
            *player = PlayerSetup::Program(draft.clone());
            ui.data_mut(|d| d.remove::<bool>(drafting_id(side)));
        }
        if let Some(path) = fairy_stockfish(variant)
            && ui.small_button("Fairy-Stockfish").on_hover_text(path.display().to_string()).clicked()
        {
            draft = fairy_stockfish_seat(path);
        }
    });
    ui.data_mut(|d| d.insert_temp(id, draft));
}
