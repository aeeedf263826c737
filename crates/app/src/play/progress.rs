//! The person's progress in the panels: their rating in the current game
//! with its history plot and the level nearest it, the Puzzles button with
//! the puzzle rating and streak, and the puzzle in progress.

use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
use bevy_egui::egui::{self, RichText, Ui};

use crate::engine::lab::levels::LevelTable;
use crate::engine::puzzles::PuzzleSet;
use crate::engine::{Side, Variant};
use crate::game::players::{PlayerSetup, Players};
use crate::game::ratings::{Progress, RatingHistory};
use crate::game::request::GameRequest;
use crate::game::screen::Screen;
use crate::play::rated::{Casual, RatedGame, rated_pairing};
use crate::puzzles::puzzle::{PuzzleRequest, PuzzleRun, Stage};
use crate::theme::palette;

/// What the sections read, and the puzzle requests they send.
#[derive(SystemParam)]
pub(crate) struct ProgressState<'w> {
    pub(crate) progress: Res<'w, Progress>,
    rated: Res<'w, RatedGame>,
    pub(crate) puzzles: Res<'w, PuzzleRun>,
    puzzle_requests: MessageWriter<'w, PuzzleRequest>,
    pub(crate) visit: Res<'w, crate::game::owner::visit::Visit>,
    session: Res<'w, crate::game::session::GameSession>,
    casual: Res<'w, Casual>,
}

impl ProgressState<'_> {
    /// Whether a rematch of the game on the board (the same players,
    /// colours swapped, the same board) starts rated: the setup's choice
    /// stands, whatever made the last game casual (fresh eyes: a game made
    /// casual by a hint was followed by a rated rematch without a word).
    pub(crate) fn rematch_rated(&self, players: &Players) -> bool {
        !self.casual.0
            && rated_pairing(players).is_some()
            && self.session.size() == self.session.variant().default_size()
    }
}

/// Height of the rating history plot.
const PLOT_HEIGHT: f32 = 60.0;

/// "Your rating" in `variant`, the plot, the suggested level and the
/// puzzles; the screen the puzzles' button asks for, if any.
pub(crate) fn section(
    ui: &mut Ui,
    (state, on): (&mut ProgressState, Screen),
    variant: Variant,
    players: &Players,
    requests: &mut MessageWriter<GameRequest>,
) -> Option<Screen> {
    let mut wanted = None;
    egui::CollapsingHeader::new("Your rating and puzzles").default_open(true).show(ui, |ui| {
        let rating = state.progress.rating(variant);
        ui.label(rating_line("Rating", rating));
        history_plot(ui, &rating.history);
        if let Some(level) = LevelTable::shipped().nearest(variant, rating.glicko.rating) {
            let label = LevelTable::shipped().label(variant, level);
            ui.horizontal_wrapped(|ui| {
                ui.label(RichText::new("Nearest level:").weak());
                let person = rated_pairing(players).map_or(Side::White, |(side, _)| side);
                let mut suggested = Players { white: PlayerSetup::Human, black: PlayerSetup::Human };
                // Each game seeds its level anew: the same level is the same player.
                let mut config = level.config();
                if let PlayerSetup::Ai(playing) = players.get(person.opponent()) {
                    config.set_seed(playing.seed());
                }
                *suggested.get_mut(person.opponent()) = PlayerSetup::Ai(config);
                // During a visit the players are the visited game's, not the person's game's.
                // A rated game the person moved in keeps its opponent (a change
                // would have made it casual without a word, and a loss escaped).
                let at_stake = state.rated.at_stake(&state.session, players, &state.visit);
                let can_pick = &suggested != players && !state.visit.waiting() && !at_stake;
                if ui
                    .add_enabled(can_pick, egui::Button::new(label))
                    .on_hover_text("Play it (from the next move)")
                    .on_disabled_hover_text("Offered again after this rated game")
                    .clicked()
                {
                    requests.write(GameRequest::SetPlayers(suggested));
                }
            });
        }
        // Once the game has ended, the end section says what it did to the rating.
        if !state.session.outcome().is_over() {
            ui.label(RichText::new(state.rated.standing(&state.session)).weak());
        }
        ui.separator();
        wanted = puzzles_line(ui, state, variant, on);
    });
    wanted
}

/// What the game that just ended did to the rating, or why it did nothing.
pub(crate) fn rating_change(state: &ProgressState) -> String {
    state.rated.standing(&state.session)
}

/// "Rating 1043 ± 180 · 12 games" (± twice the deviation, a 95% interval).
fn rating_line(title: &str, rating: &RatingHistory) -> String {
    let g = rating.glicko;
    let games = if rating.games == 1 { "game" } else { "games" };
    format!("{title} {:.0} ± {:.0} · {} {games}", g.rating, 2.0 * g.deviation, rating.games)
}

/// The ratings after each game as a line, with the lowest and highest marked.
fn history_plot(ui: &mut Ui, history: &[f64]) {
    if history.len() < 2 {
        return;
    }
    let (rect, _) = ui.allocate_exact_size(egui::vec2(ui.available_width(), PLOT_HEIGHT), egui::Sense::hover());
    let painter = ui.painter_at(rect);
    painter.rect_filled(rect, 3.0, palette::BAR_TRACK.alpha(0.35).color32());
    // The labels name the highest and lowest ratings held, at the line's own
    // top and bottom (fresh eyes, round 10: they named padded values no
    // game reached, and nothing said what ran along the bottom).
    let lo = history.iter().copied().fold(f64::INFINITY, f64::min);
    let hi = history.iter().copied().fold(f64::NEG_INFINITY, f64::max).max(lo + 1.0);
    // The line keeps clear of the labels at the top and bottom.
    let inner = rect.shrink2(egui::vec2(0.0, 12.0));
    let point = |i: usize, r: f64| {
        let x = rect.left() + 32.0 + (rect.width() - 36.0) * i as f32 / (history.len() - 1) as f32;
        let y = inner.bottom() - inner.height() * ((r - lo) / (hi - lo)) as f32;
        egui::pos2(x, y)
    };
    let points: Vec<egui::Pos2> = history.iter().enumerate().map(|(i, &r)| point(i, r)).collect();
    painter.add(egui::Shape::line(points, egui::Stroke::new(2.0, palette::HEADLINE.color32())));
    let font = egui::FontId::proportional(10.0);
    let weak = ui.visuals().weak_text_color();
    painter.text(
        rect.left_top() + egui::vec2(3.0, 1.0),
        egui::Align2::LEFT_TOP,
        format!("{hi:.0}"),
        font.clone(),
        weak,
    );
    painter.text(
        rect.left_bottom() + egui::vec2(3.0, -1.0),
        egui::Align2::LEFT_BOTTOM,
        format!("{lo:.0}"),
        font.clone(),
        weak,
    );
    let games = match history.len() - 1 {
        1 => "after 1 rated game →".to_string(),
        n => format!("the last {n} rated games →"),
    };
    painter.text(rect.right_bottom() + egui::vec2(-3.0, -1.0), egui::Align2::RIGHT_BOTTOM, games, font, weak);
}

/// The Puzzles button with the puzzle rating and streak; the screen it
/// asks for, if any (`on`: the screen shown).
fn puzzles_line(ui: &mut Ui, state: &mut ProgressState, variant: Variant, on: Screen) -> Option<Screen> {
    let mut wanted = None;
    let Some(set) = PuzzleSet::shipped(variant) else {
        ui.label(RichText::new(format!("No {} puzzles are shipped yet.", variant.title())).weak());
        return None;
    };
    let progress = state.progress.puzzles(variant);
    ui.horizontal(|ui| {
        let busy = state.puzzles.active.is_some();
        let hover = format!("{} puzzles proved by the solver, each with one winning first move", set.puzzles.len());
        if ui.add_enabled(!busy, egui::Button::new("Puzzles")).on_hover_text(hover).clicked() {
            // On the Puzzles screen, with its task, hint and answer (fresh
            // eyes: from Play the puzzle came onto Play's board, with none).
            if on == Screen::Puzzles {
                state.puzzle_requests.write(PuzzleRequest::Start(variant));
            } else {
                wanted = Some(Screen::Puzzles);
            }
        }
        ui.label(format!("streak {} (best {})", progress.streak, progress.best_streak));
    });
    // Each game has its puzzle rating (fresh eyes, round 12: one looked lost beside the other's).
    let title = format!("{} puzzle rating", variant.title());
    ui.label(RichText::new(rating_line(&title, &progress.rating)).weak());
    wanted
}

/// Said before the hint is taken, not only after (a finding: the cost showed
/// once it was paid).
const HINT_COSTS: &str =
    "Show the next move of the solution: the puzzle then counts as a miss for your puzzle rating and streak";

/// The puzzle in progress, at the top of the game panel: the task, how it
/// goes, and its buttons.
pub(crate) fn puzzle_section(ui: &mut Ui, state: &mut ProgressState) {
    let Some(active) = &state.puzzles.active else { return };
    // The game's puzzles, and the other game's a click away (fresh eyes,
    // round 14: Puzzles opened on the game last played, with no way back).
    let shown = active.variant;
    ui.horizontal(|ui| {
        for variant in crate::engine::Variant::ALL {
            if ui.selectable_label(variant == shown, variant.title()).clicked() && variant != shown {
                state.puzzle_requests.write(PuzzleRequest::Start(variant));
            }
        }
    });
    let total = PuzzleSet::shipped(active.variant).map_or(0, |set| set.puzzles.len());
    ui.heading(format!("Puzzle {} of {total}", active.number()));
    ui.label(RichText::new(active.task()).strong());
    let (text, color) = active.status();
    ui.label(RichText::new(text).color(color.color32()));
    // Help taken is said where the puzzle's standing is (round 14: after
    // the hint nothing said it counted).
    if active.counted_before {
        ui.label(RichText::new("Tried before: this try changes no rating or streak.").weak());
    } else if active.helped && !matches!(active.stage, Stage::Solved | Stage::Missed { .. }) {
        ui.label(RichText::new("Help taken: this puzzle counts as a miss, solved or not.").weak());
    }
    let variant = active.variant;
    let progress = state.progress.puzzles(variant);
    // Said, or the numbers' jumps looked like skipped puzzles (fresh eyes, round 16).
    let rating = rating_line("rating", &progress.rating);
    let line = format!("streak {} · {rating} (puzzles come near this rating)", progress.streak);
    ui.label(RichText::new(line).weak());
    let stage = active.stage.clone();
    ui.horizontal_wrapped(|ui| {
        let mut send = |request| {
            state.puzzle_requests.write(request);
        };
        if stage == Stage::YourMove && ui.button("Hint (counts as a miss)").on_hover_text(HINT_COSTS).clicked() {
            send(PuzzleRequest::Hint);
        }
        if matches!(stage, Stage::Missed { .. }) {
            if ui.button("Try again").on_hover_text("Back to the position before the miss").clicked() {
                send(PuzzleRequest::Retry);
            }
            if ui.button("Show the answer").on_hover_text("Back there, with the winning move marked").clicked() {
                send(PuzzleRequest::ShowAnswer);
            }
        }
        if ui.button("Next puzzle").clicked() {
            send(PuzzleRequest::Next);
        }
        // It leaves for Home, as leaving the screen does (finding: named
        // "Back to the game", it went Home); the game waits there to resume.
        if ui.button("Leave puzzles").on_hover_text("Back to Home, where your game waits").clicked() {
            send(PuzzleRequest::Leave);
        }
    });
    ui.separator();
}
