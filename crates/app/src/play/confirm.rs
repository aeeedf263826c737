//! The questions over the board. Before a game in progress is replaced:
//! Enter (or "Replace") goes ahead, Esc (or "Keep playing") keeps the game;
//! "don't ask again" turns the question off (it is remembered with the other
//! settings). Before a wish that cannot be taken back (a resignation, a hint
//! in a rated game): Enter (or "Yes") goes on, Esc (or "No") does not.

use bevy_egui::egui::{self, Key, RichText};

use bevy::prelude::*;

use crate::game::request::{GameRequest, ReplaceGame};
use crate::game::settings::PlaySettings;
use crate::play::asks::{Answer, Question};
use crate::theme::palette;

/// The pending wish's question ("A hint makes this game casual: go on?").
pub(crate) fn question(ctx: &egui::Context, question: &Question, answers: &mut MessageWriter<Answer>) {
    let Some(text) = question.text() else { return };
    let mut answer = None;
    let response = egui::Modal::new(egui::Id::new("wish_question")).show(ctx, |ui| {
        ui.set_max_width(320.0);
        ui.label(RichText::new(text).strong());
        ui.horizontal(|ui| {
            if ui.button("Yes (Enter)").clicked() {
                answer = Some(true);
            }
            if ui.button("No (Esc)").clicked() {
                answer = Some(false);
            }
        });
        if ui.input(|i| i.key_pressed(Key::Enter)) {
            answer = Some(true);
        }
    });
    if response.should_close() && answer.is_none() {
        answer = Some(false);
    }
    if let Some(yes) = answer {
        answers.write(Answer(yes));
    }
}

/// The game a replacement would end, as the question describes it.
pub(crate) struct Ending {
    /// Its moves.
    pub(crate) plies: usize,
    /// A rated game the person has moved in: replaced, it counts as a loss.
    pub(crate) at_stake: bool,
    /// A rated game whose loss counted already (made casual after a move):
    /// the Library keeps it as it is left.
    pub(crate) counted: bool,
    /// Its players ("You vs Casual") when it waits beside a game studied.
    pub(crate) waiting: Option<String>,
}

pub(crate) fn show(
    ctx: &egui::Context,
    replace: &ReplaceGame,
    Ending { plies, at_stake, counted, waiting }: Ending,
    play: &mut ResMut<PlaySettings>,
    requests: &mut MessageWriter<GameRequest>,
) {
    let Some(pending) = replace.pending.as_ref() else {
        return;
    };
    let what = match pending {
        GameRequest::Open(_) => "Open this game and end the game in progress?",
        GameRequest::StartMatchup(_) => "Start this matchup and end the game in progress?",
        GameRequest::Watch(_) => "Watch the recorded game and end the game in progress?",
        GameRequest::PlayOnFromStudy => "Play on from this game and end the game in progress that waits?",
        _ => "Start a new game and end the one in progress?",
    };
    let mut ask = play.confirm_replace;
    let mut answer = None;
    let response = egui::Modal::new(egui::Id::new("replace_game")).show(ctx, |ui| {
        ui.set_max_width(320.0);
        ui.label(RichText::new(what).strong());
        let length = crate::game::length::game_length(plies);
        match &waiting {
            Some(who) => ui.label(format!(
                "It ends your game in progress ({who}, {length}), waiting for you on Play: not the game on this board. It cannot be taken back afterwards."
            )),
            None => ui.label(format!("The current game has {length}; it cannot be taken back afterwards.")),
        };
        if at_stake {
            let loss = "It is rated: ended this way, it counts as a loss (and the Library keeps it).";
            ui.label(RichText::new(loss).strong().color(palette::ERROR.color32()));
        } else if counted {
            // Its loss counted when it became casual, so it is kept (fresh
            // eyes, round 21: "will not keep it" was said of a game kept).
            ui.label("Its loss counted when it became casual: the Library keeps it as it is left.");
        } else {
            // Said before it is gone (fresh eyes, round 14: Home says the
            // Library keeps every finished game, and a replaced one vanished).
            ui.label("It is not finished, so the Library will not keep it: save it first (Files) to keep it.");
        }
        ui.checkbox(&mut ask, "Ask before replacing a game in progress");
        ui.horizontal(|ui| {
            if ui.button("Replace (Enter)").clicked() {
                answer = Some(true);
            }
            if ui.button("Keep playing (Esc)").clicked() {
                answer = Some(false);
            }
        });
        if ui.input(|i| i.key_pressed(Key::Enter)) {
            answer = Some(true);
        }
    });
    if response.should_close() && answer.is_none() {
        // Esc or a click beside the question.
        answer = Some(false);
    }
    if ask != play.confirm_replace {
        play.confirm_replace = ask;
    }
    match answer {
        Some(true) => {
            requests.write(GameRequest::ConfirmReplace);
        }
        Some(false) => {
            requests.write(GameRequest::CancelReplace);
        }
        None => {}
    }
}

/// Two more frames once a question is answered: the answer is read in the
/// next frame, and egui keeps the question's layer on top, blocking the
/// panels and the board, until a frame is drawn without it; a resting
/// window draws none until the next event (fresh eyes, rounds 18 and 19:
/// after an Esc the question stayed on screen, and the next click went to
/// closing it, lost).
pub(crate) fn more_frames_after_a_question(
    (question, replace): (Res<Question>, Res<ReplaceGame>),
    (mut answers, mut requests): (MessageReader<Answer>, MessageReader<GameRequest>),
    mut redraw: MessageWriter<bevy::window::RequestRedraw>,
    mut was_open: Local<bool>,
) {
    let open = question.text().is_some() || replace.pending.is_some();
    let replace_answered =
        requests.read().any(|request| matches!(request, GameRequest::ConfirmReplace | GameRequest::CancelReplace));
    let answered = answers.read().count() > 0 || replace_answered;
    if answered || (*was_open && !open) {
        redraw.write(bevy::window::RequestRedraw);
    }
    *was_open = open;
}

#[cfg(test)]
mod tests {
    use super::*;
    use bevy::window::RequestRedraw;

    fn redraws(app: &mut App) -> usize {
        app.world_mut().resource_mut::<Messages<RequestRedraw>>().drain().count()
    }

    #[test]
    fn an_answer_draws_the_frames_that_take_the_question_away() {
        let mut app = App::new();
        app.init_resource::<Question>()
            .init_resource::<ReplaceGame>()
            .add_message::<Answer>()
            .add_message::<GameRequest>()
            .add_message::<RequestRedraw>()
            .add_systems(Last, more_frames_after_a_question);
        app.update();
        assert_eq!(redraws(&mut app), 0, "a resting window draws nothing");
        app.world_mut().write_message(Answer(false));
        app.update();
        assert_eq!(redraws(&mut app), 1, "the answer is read in a frame of its own");
        app.world_mut().write_message(GameRequest::CancelReplace);
        app.update();
        assert_eq!(redraws(&mut app), 1, "so is a replacement's");
        app.update();
        assert_eq!(redraws(&mut app), 0, "then the window rests");
    }
}
