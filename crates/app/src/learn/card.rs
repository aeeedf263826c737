//! The "How to play" card: a window over the game panel with the page's
//! title and text, the example's progress and Replay, the try-it's task and
//! how the answer went, Prev / Next and Close. It shows in either mode (Flow
//! Free's card is text only); the board's part is `app::lessons`.

use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
use bevy_egui::{EguiContexts, egui};
use egui::{Align2, RichText, Ui};

use crate::engine::Variant;
use crate::game::session::GameSession;
use crate::learn::lessons::{Answer, LessonRequest, LessonRun, OpenLesson, Showing};
use crate::theme::palette;
use crate::ui::backdrop::PanelBackdrop;

/// The card's width in points: the game panel's, roughly, which it covers.
const CARD_WIDTH: f32 = 300.0;

/// The room between the card's edge and its panel's: the anchor's offset
/// and the window's own margins and frame.
const CARD_INSET: f32 = 30.0;

#[derive(SystemParam)]
pub(crate) struct CardState<'w> {
    run: Res<'w, LessonRun>,
    backdrop: Res<'w, PanelBackdrop>,
    session: Res<'w, GameSession>,
    requests: MessageWriter<'w, LessonRequest>,
}

pub(crate) fn draw(mut contexts: EguiContexts, mut state: CardState) -> Result {
    let Some(open) = state.run.open.as_ref() else { return Ok(()) };
    let ctx = contexts.ctx_mut()?;
    let mut asked = None;
    // Within the right panel, which it covers: in a narrow window wider
    // would lay it over the board's last file.
    let right = state.backdrop.rects[1];
    let width = if right.is_positive() { (right.width() - CARD_INSET).min(CARD_WIDTH) } else { CARD_WIDTH };
    // A board game's card names its game in the tabs under the title (a
    // title as long as "Lines of Action" widened it past a narrow panel).
    let title = if open.lesson.variant.is_some() {
        "How to play".to_string()
    } else {
        format!("How to play: {}", open.lesson.name())
    };
    egui::Window::new(title)
        .id(egui::Id::new("lesson_card"))
        .anchor(Align2::RIGHT_TOP, egui::vec2(-8.0, 36.0))
        .collapsible(false)
        .resizable(false)
        .default_width(width)
        .max_width(width)
        .show(ctx, |ui| {
            ui.set_max_width(width);
            asked = contents(ui, open, &state.session);
        });
    if let Some(request) = asked {
        state.requests.write(request);
    }
    Ok(())
}

/// The page, and the request its buttons make, if one was clicked.
fn contents(ui: &mut Ui, open: &OpenLesson, session: &GameSession) -> Option<LessonRequest> {
    let pages = &open.lesson.pages;
    let page = &pages[open.page];
    let mut asked = None;
    // Either game's lessons, whatever the game on the board.
    if let Some(shown) = open.lesson.variant {
        ui.horizontal_wrapped(|ui| {
            for variant in Variant::ALL {
                if ui.selectable_label(variant == shown, variant.title()).clicked() && variant != shown {
                    asked = Some(LessonRequest::Open(Some(variant)));
                }
            }
        });
    }
    // The page's buttons first: below the page they moved with its length,
    // and three clicks on Next turned two pages.
    ui.horizontal(|ui| {
        ui.label(RichText::new(format!("Page {} of {}", open.page + 1, pages.len())).weak());
        if ui.add_enabled(open.page > 0, egui::Button::new("Prev")).clicked() {
            asked = Some(LessonRequest::Page(open.page - 1));
        }
        let last = open.page + 1 >= pages.len();
        if ui.add_enabled(!last, egui::Button::new("Next")).clicked() {
            asked = Some(LessonRequest::Page(open.page + 1));
        }
        let close = if last { "Done" } else { "Close" };
        if ui.button(close).on_hover_text("Back to the game").clicked() {
            asked = Some(LessonRequest::Close);
        }
    });
    ui.heading(page.title);
    ui.label(page.text);
    match &open.showing {
        Showing::Example => {
            ui.separator();
            let (played, total) = open.example_progress(session);
            ui.horizontal_wrapped(|ui| {
                ui.label(RichText::new(format!("Example on the board: move {played} of {total}")).weak());
                if ui.button("Replay").on_hover_text("Play the example again from its start").clicked() {
                    asked = Some(LessonRequest::Replay);
                }
            });
            if let Some(example) = &page.example {
                ui.label(RichText::new(example.caption).italics());
            }
            if page.try_it.is_some() && ui.button("Try it").on_hover_text("Make the move yourself").clicked() {
                asked = Some(LessonRequest::TryIt);
            }
        }
        Showing::TryIt(answer) => {
            ui.separator();
            if let Some(try_it) = &page.try_it {
                ui.label(RichText::new(format!("Try it: {}", try_it.instruction)).strong());
            }
            let (text, tone) = match answer {
                Answer::Waiting => ("Your move on the board.".to_string(), palette::NOTE),
                Answer::Right => ("✔ Right!".to_string(), palette::SUCCESS),
                Answer::Wrong(reason) => (format!("✖ Wrong: {reason} Try again."), palette::ERROR),
            };
            ui.label(RichText::new(text).color(tone.color32()));
            if page.example.is_some() && ui.button("Show the example again").clicked() {
                asked = Some(LessonRequest::Replay);
            }
        }
        Showing::Text => {}
    }
    if let Some(variant) = open.lesson.variant.filter(|_| open.page + 1 >= pages.len()) {
        ui.separator();
        let hover = format!("A game of {} against the level suggested for you", variant.title());
        if ui.button(RichText::new("Play a game now").strong()).on_hover_text(hover).clicked() {
            asked = Some(LessonRequest::PlayNow(variant));
        }
    }
    asked
}
