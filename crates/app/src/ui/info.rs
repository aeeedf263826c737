//! Panel sections about the game in progress: whose turn it is and what the
//! AI is thinking, pause/step and animation pacing, per-side statistics and
//! the move list.

use bevy::prelude::*;
use bevy_egui::egui::{self, RichText, Ui};

use crate::engine::ai::search::score_text;
use crate::engine::library::review::GameReport;
use crate::engine::rules::clock::clock_text;
use crate::engine::rules::explain::{line_text, loa_reaches};
use crate::engine::rules::notation::{compact_count, thousands};
use crate::engine::rules::record::MoveRecord;
use crate::engine::rules::record::line_tree::LinePath;
use crate::engine::rules::record::variation::Line;
use crate::engine::{SearchInfo, Side};
use crate::game::clock::TurnTimer;
use crate::game::control::AiControl;
use crate::game::phase::TurnPhase;
use crate::game::players::PlayerSetup;
use crate::game::request::GameRequest;
use crate::game::session::GameSession;
use crate::game::settings::PlaySettings;
use crate::theme::palette;
use crate::ui::numbering::move_number;
use crate::ui::views::{AiView, GameView};

/// Both clocks of a game on the clock, Black's above White's as on the
/// board, the running one lit, each under ten seconds in tenths.
pub(crate) fn clocks(ui: &mut Ui, session: &GameSession, timer: &TurnTimer) {
    let Some((clock, running)) = crate::game::clock::showing(session, timer) else { return };
    // In a narrow window's panel Black's clock goes under White's. A row of
    // the clocks' own height: a layout over the whole panel would centre them
    // in all of it and push everything under them out of the window.
    let draw = |ui: &mut Ui| {
        for side in [Side::White, Side::Black] {
            let left = clock.remaining(side);
            let text = format!("{} {}", side.title(), clock_text(left));
            let mut rich = RichText::new(text).monospace().size(18.0);
            rich = match running == Some(side) {
                true if left < LOW_TIME => rich.strong().color(palette::ERROR.color32()),
                true => rich.strong().color(palette::HEADLINE.color32()),
                false => rich.color(palette::GUIDE.color32()),
            };
            let frame = egui::Frame::group(ui.style()).inner_margin(egui::Margin::symmetric(8, 2));
            frame
                .show(ui, |ui| ui.add(egui::Label::new(rich).extend()))
                .response
                .on_hover_text(clock.control().label());
        }
    };
    if ui.available_width() < CLOCKS_SIDE_BY_SIDE {
        ui.vertical(draw);
    } else {
        ui.horizontal(draw);
    }
}

/// While a Lines of Action piece is selected: why its marked squares are
/// what they are, line by line (the pieces on a line set the distance).
pub(crate) fn selection_reasons(ui: &mut Ui, session: &GameSession, selection: &crate::board::input::Selection) {
    let Some(from) = selection.square else { return };
    let Some(reaches) = loa_reaches(&session.shown_position(), from) else { return };
    let size = session.size();
    ui.label(RichText::new(format!("Why {} may go where it may:", size.square_name(from))).strong());
    for line in &reaches {
        ui.label(RichText::new(line_text(size, line)).color(palette::NOTE.color32()));
    }
}

/// The width two framed clocks need side by side ("White 4:59" and "Black 5:00").
const CLOCKS_SIDE_BY_SIDE: f32 = 262.0;

/// Under this a running clock shows in the warning colour.
const LOW_TIME: std::time::Duration = std::time::Duration::from_secs(10);

/// "Breakthrough 8x8 · You vs Medium", the players in full on hover.
fn header(ui: &mut Ui, game: &GameView) {
    let session = &game.session;
    // A watched record names who really played it.
    let (who, in_full) = match (session.replay(), session.names()) {
        (Some(replay), _) => (format!("watching {}", replay.title), replay.title.clone()),
        // A site's game names its players as the site did.
        (None, Some([white, black])) => (session.matchup(&game.players), format!("White: {white} · Black: {black}")),
        // A lesson's or puzzle's other side is played by the visit, not by a
        // person (fresh eyes, round 12: a puzzle said "Human vs Human").
        (None, None) if game.visit.active() => {
            let played = Side::BOTH.into_iter().filter(|side| !game.visit.scripts(*side)).collect::<Vec<_>>();
            let who = match played.as_slice() {
                [side] => format!("you play {}", side.title()),
                _ => "you play both sides".to_string(),
            };
            (who.clone(), who)
        }
        (None, None) => (session.matchup(&game.players), game.players.matchup_in_full()),
    };
    ui.label(format!("{} {}  ·  {who}", session.variant().title(), session.size())).on_hover_text(in_full);
}

/// How the person moves here: not an invitation a refusal then contradicts
/// (fresh eyes, round 14: Analyse said to click a piece of a rated game it
/// would not move).
/// A side a puzzle or an exercise answers for is not the person's to move
/// (fresh eyes, round 22: "Click one of your pieces" while a move was judged).
fn how_to_move(game: &GameView) -> Option<&'static str> {
    let side = game.session.position().side_to_move();
    match game.moves_refused() {
        Some(_) => Some("Its moves are played on Play: Resume it from Home."),
        None if game.visit.scripts(side) => None,
        None => Some("Click one of your pieces, then a marked square."),
    }
}

/// The result, said here only once the end section above is closed (it
/// says it otherwise: never twice).
fn result_once(ui: &mut Ui, game: &GameView) {
    let session = &game.session;
    if ui.ctx().data(|d| d.get_temp::<u64>(end_closed_id())) != Some(session.generation()) {
        return;
    }
    let words = crate::game::verdict::verdict(session, &game.players);
    let text = words.map_or_else(|| session.outcome().describe(), |(_, sentence)| sentence);
    ui.label(RichText::new(text).strong().color(palette::HEADLINE.color32()));
}

/// The search's counts, short enough for a panel at 800x600 (fresh eyes,
/// round 25: "… nodes/s · 2.34 k …" was cut); the table hits on hover.
fn search_counts(ui: &mut Ui, info: &SearchInfo) {
    let seconds = info.time.as_secs_f64();
    let speed = if seconds > 0.0 { compact_count((info.nodes as f64 / seconds) as u64) } else { "–".into() };
    // Only the enhanced search keeps a table; MCTS and plain searches report none.
    let table =
        if info.tt_hits > 0 { format!(" · {} table hits", compact_count(info.tt_hits)) } else { String::new() };
    let nodes = compact_count(info.nodes);
    let counts = format!("{nodes} nodes · {speed}/s");
    let hover = format!("{nodes} nodes searched, {speed} nodes a second{table}");
    ui.add(egui::Label::new(RichText::new(counts).weak()).truncate()).on_hover_text(hover);
}

/// Whose turn it is, or the result, and what the AI is thinking.
/// `numbers`: with the search's depth, nodes, speed and table hits.
pub(crate) fn status(ui: &mut Ui, game: &GameView, ai: &AiView, numbers: bool) {
    let session = &game.session;
    let position = session.position();
    header(ui, game);
    // The status (its headline and three rows) is as tall whatever it says.
    let top = ui.min_rect().height();
    if session.reviewing() {
        // The header describes the position on the board (a side line's too).
        let side = session.shown_position().side_to_move();
        let what = if session.line_path().is_some() { "side line" } else { "reviewing" };
        let text =
            format!("Move {}: {} to move ({what})", move_number(session.game_ply(session.shown_ply())), side.title());
        ui.label(RichText::new(text).strong().size(HEADLINE_SIZE).color(palette::REVIEW.color32()));
        // As tall as the live status: the review's buttons below stay under
        // the mouse (⏮ jumped 45 pixels up on entering a review).
        keep_status_height(ui, top, session.generation());
        return;
    }
    if game.over() {
        result_once(ui, game);
        keep_status_height(ui, top, session.generation());
        return;
    }
    let side = position.side_to_move();
    ui.label(
        RichText::new(format!("Move {}: {} to move", move_number(session.game_ply(session.plies())), side.title()))
            .strong()
            .size(HEADLINE_SIZE),
    );
    let turn = game.turn();
    if let Some(status) = ai.thinking.current(session).filter(|_| turn == Some(TurnPhase::AiThinking)) {
        // No spinner: it repaints every frame, and on a software renderer
        // those frames take the cores the search needs. The line changes
        // when the search reports (a few times a second at most).
        let program = matches!(game.players.get(side), PlayerSetup::Program(_));
        let machine = if program { "program" } else { "AI" };
        ui.label(format!("⏳ {} {machine} is thinking… {:.1} s", status.side.title(), status.elapsed().as_secs_f32()));
        match status.latest.as_ref().filter(|_| numbers) {
            Some(info) => {
                let best = info.pv.first().map(|m| position.move_name(*m)).unwrap_or_else(|| "…".to_string());
                let reach = if info.iterations > 0 {
                    format!("{} playouts", thousands(info.iterations))
                } else {
                    format!("depth {}", info.depth)
                };
                // One row each, cut short rather than wrapped, so the buttons below never
                // move; counts in three figures so that a narrow panel still shows them.
                // Scores from White's side, as the analysis, the graph and the bar speak.
                let white = if status.side == Side::White { info.score } else { -info.score };
                let line = format!("{reach} · best {best} (White {})", score_text(white));
                ui.add(egui::Label::new(line).truncate());
                search_counts(ui, info);
            }
            // Another program's search reports nothing to this panel, only its move.
            None if numbers => {
                // Cut short like the rows above; a program's seat is a long path, so its words come first.
                let words = if program {
                    format!("It shows no search here, only its move · {}", status.player)
                } else {
                    format!("{} · first iteration running", status.player)
                };
                let line = RichText::new(words).weak();
                ui.add(egui::Label::new(line).truncate());
            }
            None => {}
        }
    } else if game.players.get(side).is_ai() && ai.control.paused() {
        // Space everywhere; Analyse has no Resume button (fresh eyes, round 27).
        ui.label("AI paused — Space (or Resume) plays on.");
    } else if let Some(words) = how_to_move(game).filter(|_| turn == Some(TurnPhase::HumanTurn)) {
        ui.label(RichText::new(words).weak());
    }
    keep_status_height(ui, top, session.generation());
    if let Some(error) = ai.control.error() {
        ui.label(RichText::new(error).color(palette::ERROR.color32()));
    }
}

/// Space after what the status said since `top` (the panel's height then),
/// up to a headline (two lines: a review's wraps in a narrow panel) and
/// three rows, and up to the tallest it has been in game `generation`: the
/// status never shrinks within a game, so the buttons below it never jump
/// up under the mouse (⏮ moved 45 pixels on entering a review, and 188 from
/// a finished game's result to its review).
fn keep_status_height(ui: &mut Ui, top: f32, generation: u64) {
    // A button row can be taller than a text row: size every row for it.
    let row =
        ui.text_style_height(&egui::TextStyle::Body).max(ui.spacing().interact_size.y) + ui.spacing().item_spacing.y;
    let headline = ui.fonts_mut(|fonts| fonts.row_height(&egui::FontId::proportional(HEADLINE_SIZE)));
    let least = 2.0 * headline + ui.spacing().item_spacing.y + 3.0 * row;
    let tallest_id = egui::Id::new(("status_tallest", generation));
    let tallest: f32 = ui.data(|d| d.get_temp(tallest_id)).unwrap_or(0.0);
    let used = ui.min_rect().height() - top;
    let height = least.max(tallest);
    if used < height {
        ui.add_space(height - used);
    }
    ui.data_mut(|d| d.insert_temp(tallest_id, height.max(used)));
}

/// The status's headline ("Move 12: White to move"), in points.
const HEADLINE_SIZE: f32 = 16.0;

/// Whether the AI's next move can be stepped: not when the game is over,
/// nor while an earlier move is shown (fresh eyes, round 20: a Step pressed
/// while reviewing was kept, and played on the return to the last move).
#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) enum Steppable {
    Yes,
    Over,
    Reviewing,
}

/// Pause and step the AI; the pause between its moves and the slides.
pub(crate) fn pacing_section(
    ui: &mut Ui,
    control: &AiControl,
    step: Steppable,
    play: &mut ResMut<PlaySettings>,
    requests: &mut MessageWriter<GameRequest>,
) {
    egui::CollapsingHeader::new("AI moves and animation").default_open(true).show(ui, |ui| {
        let paused = control.paused();
        ui.horizontal(|ui| {
            // A finished game has no AI moves to hold (fresh eyes, round 25:
            // Pause stayed live beside "White wins").
            let pause_text = if paused { "Resume" } else { "Pause" };
            let (live, pause_hover) = match step {
                Steppable::Over => (false, "The game is over: no AI moves to hold"),
                _ => (true, "Hold AI moves (a running search finishes first)"),
            };
            let pause = ui.add_enabled(live, egui::Button::new(pause_text));
            if pause.on_hover_text(pause_hover).on_disabled_hover_text(pause_hover).clicked() {
                requests.write(GameRequest::SetPaused(!paused));
            }
            let hover = match step {
                Steppable::Reviewing => "Go to the last move (End) to step the AI from there",
                _ => "Play one AI move",
            };
            let button = ui.add_enabled(paused && step == Steppable::Yes, egui::Button::new("Step"));
            if button.on_hover_text(hover).on_disabled_hover_text(hover).clicked() {
                requests.write(GameRequest::StepAi);
            }
        });
        let mut edited = play.clone();
        let pause = egui::Slider::new(&mut edited.ai_delay_secs, 0.0..=3.0).text("s pause");
        ui.add(pause).on_hover_text("The pause between two AI moves, when AI plays AI");
        ui.checkbox(&mut edited.animate, "Animate moves");
        ui.add_enabled(edited.animate, egui::Slider::new(&mut edited.move_secs, 0.05..=1.5).text("s a slide"));
        play.set_if_neq(edited);
    });
}

pub(crate) fn statistics_section(ui: &mut Ui, session: &GameSession) {
    egui::CollapsingHeader::new("Statistics").default_open(true).show(ui, |ui| {
        statistics_grid(ui, session, "live_stats");
    });
}

/// Per-side figures: captures, the last move's search, totals and averages.
pub(crate) fn statistics_grid(ui: &mut Ui, session: &GameSession, id: &str) {
    let figures = [side_figures(session, Side::White), side_figures(session, Side::Black)];
    // Counts in three figures ("2.92 M"), and a scroll of its own should a
    // narrow panel still be too narrow: a grid never widens the panel (at
    // 800x600 it pushed the panel's content past the window's edge).
    egui::ScrollArea::horizontal().id_salt((id, "scroll")).show(ui, |ui| {
        egui::Grid::new(id).striped(true).num_columns(3).show(ui, |ui| {
            ui.label("");
            ui.label(RichText::new("White").strong());
            ui.label(RichText::new("Black").strong());
            ui.end_row();
            for (row, name) in FIGURES.iter().enumerate() {
                ui.label(*name);
                ui.label(&figures[0][row]);
                ui.label(&figures[1][row]);
                ui.end_row();
            }
        });
    });
}

/// The statistics' rows, in [`side_figures`]' order.
const FIGURES: [&str; 9] = [
    "Moves",
    "Captures",
    "Last move nodes",
    "Last move time",
    "Last move depth",
    "Total nodes",
    "Total time",
    "Avg nodes / move",
    "Avg time / move",
];

/// One side's column of the statistics. A person's moves are not searched:
/// their search figures read "–", never "0.0 ms".
fn side_figures(session: &GameSession, side: Side) -> [String; 9] {
    let stats = session.record().stats.side(side);
    let last = session.last_record_of(side);
    let searched = last.filter(|m| m.nodes > 0);
    let dash = || "–".to_string();
    let any = |text: String| if stats.nodes > 0 { text } else { dash() };
    let depth = last.map_or_else(dash, |m| match (m.book, m.depth) {
        (true, _) => "book".to_string(),
        (false, 0) => dash(),
        (false, depth) => depth.to_string(),
    });
    [
        stats.moves.to_string(),
        stats.captures.to_string(),
        searched.map_or_else(dash, |m| compact_count(m.nodes)),
        searched.map_or_else(dash, |m| millis(m.time_us as f64 / 1000.0)),
        depth,
        any(compact_count(stats.nodes)),
        any(millis(stats.total_time_ms())),
        any(compact_count(stats.average_nodes().round() as u64)),
        any(millis(stats.average_time_ms())),
    ]
}

/// The move list, with the side lines under the move they replace; a click
/// on a move returns its place (the game's ply after it, or a side line's).
/// `shown`: the place on the board while reviewing, highlighted.
/// `report`: the game's report, whose marks (`?!`, `?`, `??`) follow the moves.
pub(crate) fn moves_section(
    ui: &mut Ui,
    session: &GameSession,
    shown: Option<&LinePath>,
    report: Option<&GameReport>,
) -> Option<LinePath> {
    let mut clicked = None;
    egui::CollapsingHeader::new("Moves").default_open(true).show(ui, |ui| {
        let moves = &session.record().moves;
        if moves.is_empty() {
            ui.label(RichText::new("No moves yet.").weak());
            return;
        }
        let scroll_id = egui::Id::new("move_list_scrolled_to");
        let scrolled_to: Option<LinePath> = ui.data(|d| d.get_temp(scroll_id)).flatten();
        if shown.is_none() {
            ui.data_mut(|d| d.remove::<Option<LinePath>>(scroll_id));
        }
        let tree = session.record().line_tree();
        let rows: Vec<(usize, &[MoveRecord])> = moves.chunks(2).enumerate().collect();
        // Each row is the first mover's move and the reply: Black's first in Lines of Action.
        let first = session.first_mover();
        // Whether the whole list was in the panel's sight last frame: only
        // then does a move shown scroll into it (scrolling the list scrolls
        // the panel too; fresh eyes, round 22: an exercise opened with its
        // task scrolled out of sight).
        let sight_id = egui::Id::new("move_list_in_sight");
        let in_sight = ui.data(|d| d.get_temp::<bool>(sight_id)).unwrap_or(false);
        let panel_sight = ui.clip_rect();
        let list = egui::ScrollArea::vertical().id_salt("move_list").max_height(260.0).stick_to_bottom(true);
        let output = list.show(ui, |ui| {
            // A grid of the moves until a row with side lines, then the lines, and on.
            for block in rows.split_inclusive(|(turn, _)| has_lines(&tree, *turn)) {
                let Some(&(first_row, _)) = block.first() else { continue };
                egui::Grid::new(("move_grid", first_row))
                    .num_columns(3)
                    .spacing([14.0, 2.0])
                    .min_col_width(MOVE_COLUMN)
                    .show(ui, |ui| {
                        if first_row == 0 {
                            ui.label("");
                            for side in [first, first.opponent()] {
                                ui.label(RichText::new(side.title()).weak());
                            }
                            ui.end_row();
                        }
                        for &(turn, pair) in block {
                            move_row(
                                ui,
                                (turn, pair, session.game_ply(turn * 2 + 1)),
                                (shown, report),
                                (scroll_id, scrolled_to.as_ref(), in_sight),
                                &mut clicked,
                            );
                        }
                    });
                if let Some(&(turn, _)) = block.last().filter(|(turn, _)| has_lines(&tree, *turn)) {
                    for at in [turn * 2, turn * 2 + 1] {
                        let place = (at, session.game_ply(0));
                        crate::ui::side_lines::lines_at(ui, &tree, place, shown, &mut clicked);
                    }
                }
            }
        });
        ui.data_mut(|d| d.insert_temp(sight_id, panel_sight.contains_rect(output.inner_rect)));
        if moves.iter().any(|m| m.book) {
            ui.label(RichText::new("Moves in italics came from the opening book.").weak().small());
        }
    });
    clicked
}

/// The narrowest column of the move list (a move number fits it; moves are
/// wider, and as wide in each grid), so the grids between side lines line up.
const MOVE_COLUMN: f32 = 28.0;

/// Whether either move of row `turn` has side lines.
fn has_lines(tree: &Line, turn: usize) -> bool {
    tree.moves.iter().skip(turn * 2).take(2).any(|entry| !entry.alternatives.is_empty())
}

/// One row of the move list: its number and its two moves.
fn move_row(
    ui: &mut Ui,
    (turn, pair, game_ply): (usize, &[MoveRecord], usize),
    (shown, report): (Option<&LinePath>, Option<&GameReport>),
    (scroll_id, scrolled_to, in_sight): (egui::Id, Option<&LinePath>, bool),
    clicked: &mut Option<LinePath>,
) {
    // "12." as the game counts it ("12…" where the row begins with a reply).
    ui.label(RichText::new(crate::ui::numbering::move_label(game_ply)).weak());
    for (i, m) in pair.iter().enumerate() {
        let place = LinePath::main(turn * 2 + i + 1);
        let ply = place.ply;
        // A book move (not searched) is set in italics, with the word in
        // its hover and under the list: "(book)" after two moves ran past
        // the panel's edge in an 800-pixel window.
        let (mut text, mut hover) = if m.book {
            (RichText::new(&m.notation).monospace().italics(), "Opening book move · review from here".to_string())
        } else {
            (RichText::new(&m.notation).monospace(), "Review from here".to_string())
        };
        let review = report.and_then(|r| r.moves.get(ply - 1));
        if let Some((review, mark)) = review.and_then(|r| r.mark.map(|mark| (r, mark))) {
            text = RichText::new(format!("{}{}", m.notation, mark.symbol()))
                .monospace()
                .color(crate::theme::palette::mark_colour(mark));
            let better = review.best.as_deref().unwrap_or("–");
            hover = format!("{}: {}; better {better} · {hover}", mark.name(), chance_lost(review.loss));
        }
        let is_shown = shown == Some(&place);
        let label = ui.selectable_label(is_shown, text).on_hover_text(hover);
        if label.clicked() {
            *clicked = Some(place.clone());
        }
        // A move reviewed from elsewhere (the graph, a key) scrolls into view
        // once, while the list itself is in sight: egui scrolls the panel
        // too, and Analyse opened part-way down (fresh eyes, round 16).
        if is_shown && scrolled_to != shown && in_sight {
            label.scroll_to_me(Some(egui::Align::Center));
            ui.data_mut(|d| d.insert_temp(scroll_id, shown.cloned()));
        }
    }
    ui.end_row();
}

/// A move's cost in the one unit the reports use: percentage points of the
/// mover's winning chance ("−11% winning chance"; a bare "−11 points" read
/// as a score).
pub(crate) fn chance_lost(loss: f64) -> String {
    format!("−{loss:.0}% winning chance")
}

/// Where egui remembers the game whose end section the person closed (by
/// generation): the status line says the result only then, never twice.
pub(crate) fn end_closed_id() -> egui::Id {
    egui::Id::new("end_of_game_closed")
}

pub(crate) fn millis(ms: f64) -> String {
    match ms {
        ms if ms >= 1000.0 => format!("{:.2} s", ms / 1000.0),
        ms if ms >= 10.0 => format!("{ms:.0} ms"),
        ms => format!("{ms:.1} ms"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    use crate::engine::{BoardSize, SearchInfo, Variant};

    /// Finding: the person's side read "0.0 ms" for moves nobody searched.
    #[test]
    fn a_moves_cost_is_said_with_its_unit() {
        assert_eq!(chance_lost(11.4), "−11% winning chance");
    }

    #[test]
    fn a_persons_moves_show_no_search_figures() {
        let mut session = GameSession::new(Variant::Breakthrough, BoardSize::new(8, 8), 0);
        let mv = session.position().legal_moves()[0];
        session.play(mv, None, Some(Duration::from_secs(3))).expect("a legal move");
        let mv = session.position().legal_moves()[0];
        let search = SearchInfo { nodes: 1_500, time: Duration::from_millis(20), depth: 4, ..SearchInfo::default() };
        session.play(mv, Some(&search), Some(Duration::from_millis(20))).expect("a legal move");
        let person = side_figures(&session, Side::White);
        assert_eq!(person[0], "1");
        assert!(person[2..].iter().all(|figure| figure == "–"), "{person:?}");
        let ai = side_figures(&session, Side::Black);
        assert_eq!((ai[2].as_str(), ai[3].as_str(), ai[4].as_str()), ("1.50 k", "20 ms", "4"));
    }
}
