//! The move box in the game panel: type a move (or `describe`), Enter plays
//! it through the usual request path and a refusal shows in one line under
//! the box; the Describe button and the position in words below it, in a
//! label.

use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
use bevy_egui::egui::{self, RichText};

use crate::board::keyboard::BoardFocus;
use crate::board::typed::{MoveBoxReply, TypedMove, move_hints};
use crate::board::words::{DescribeRequest, PositionWords};
use crate::engine::Position;
use crate::game::phase::GamePhase;
use crate::game::screen::Screen;
use crate::game::session::GameSession;
use crate::theme::palette;

/// What is being typed, and whether a key asked for the cursor in the box.
#[derive(Resource, Default, Clone, Debug, PartialEq, Eq)]
pub(crate) struct MoveBoxEntry {
    text: String,
    pub(crate) focus_wanted: bool,
    /// The entry last sent: given back to the box if it is refused, to be
    /// mended rather than typed again.
    sent: Option<String>,
    /// The refused entry: its refusal shows while the box still holds it
    /// (fresh eyes, round 16: it stayed after the box was cleared).
    refused: Option<String>,
}

/// The move box's part of the panel's parameters.
#[derive(SystemParam)]
pub(crate) struct MoveBoxState<'w> {
    entry: ResMut<'w, MoveBoxEntry>,
    reply: Res<'w, MoveBoxReply>,
    words: Res<'w, PositionWords>,
    focus: Res<'w, BoardFocus>,
    typed: MessageWriter<'w, TypedMove>,
    describe: MessageWriter<'w, DescribeRequest>,
}

pub(crate) fn plugin(app: &mut App) {
    app.init_resource::<MoveBoxEntry>()
        .add_systems(Update, forget_on_leaving.run_if(state_changed::<Screen>))
        .add_systems(Update, forget_on_a_new_game)
        .add_systems(OnEnter(GamePhase::Over), forget_on_leaving);
}

/// Each screen's box starts empty: what was typed (and why it was refused)
/// on one screen is not another's (fresh eyes: Play's refused entry and its
/// error showed in Watch & Lab's box, under another game), nor is a refusal
/// in a game that has ended (fresh eyes, round 22: it stayed beside the result).
fn forget_on_leaving(mut entry: ResMut<MoveBoxEntry>, mut reply: ResMut<MoveBoxReply>) {
    let focus_wanted = entry.focus_wanted;
    entry.set_if_neq(MoveBoxEntry { focus_wanted, ..default() });
    reply.set_if_neq(MoveBoxReply::default());
}

/// Nor is an entry typed, or refused, for another game than the board's
/// (fresh eyes, round 23: a refusal for the person's waiting game stayed
/// over the AI game started beside it).
fn forget_on_a_new_game(
    session: Res<GameSession>,
    mut last: Local<Option<u64>>,
    entry: ResMut<MoveBoxEntry>,
    reply: ResMut<MoveBoxReply>,
) {
    let generation = session.generation();
    if last.replace(generation).is_some_and(|before| before != generation) {
        forget_on_leaving(entry, reply);
    }
}

/// The box, its reply line, the Describe button and the description.
pub(crate) fn section(ui: &mut egui::Ui, state: &mut MoveBoxState, shown: &Position) {
    let (hint, hover) = move_hints(shown);
    // Wrapped: in a narrow window's panel the buttons go under the box.
    ui.horizontal_wrapped(|ui| {
        ui.label("Move").on_hover_text(hover);
        // One id whatever the panel shows above the box (a status line, a
        // refusal): an id from the box's place changed with them after each
        // move, so the box lost the keyboard and the next letters became
        // shortcuts (H asked for a hint).
        let edit = egui::TextEdit::singleline(&mut state.entry.text)
            .id(egui::Id::new("move_box"))
            .hint_text(hint)
            .desired_width(90.0);
        let response = ui.add(edit).on_hover_text("M puts the cursor here");
        if std::mem::take(&mut state.entry.focus_wanted) {
            response.request_focus();
        }
        let entered = response.lost_focus() && ui.input(|i| i.key_pressed(egui::Key::Enter));
        if (entered || ui.button("Play").clicked()) && !state.entry.text.trim().is_empty() {
            let text = std::mem::take(&mut state.entry.text);
            state.entry.sent = Some(text.clone());
            state.typed.write(TypedMove(text));
            // The cursor stays in the box for the next move.
            response.request_focus();
        }
        if ui.button("Describe").on_hover_text("The position in words (D)").clicked() {
            state.describe.write(DescribeRequest);
        }
    });
    if state.reply.is_changed() {
        let sent = state.entry.sent.take();
        if state.reply.0.is_some() && state.entry.text.is_empty() {
            state.entry.text = sent.clone().unwrap_or_default();
            select_all(ui.ctx(), &state.entry.text);
        }
        state.entry.refused = state.reply.0.as_ref().and(sent);
    }
    let still_there = state.entry.refused.as_deref().is_none_or(|refused| refused == state.entry.text);
    if let Some(refusal) = state.reply.0.as_ref().filter(|_| still_there) {
        ui.colored_label(palette::ERROR.color32(), refusal);
    }
    // A sentence at the panel's reading size (fresh eyes, round 10: a tiny
    // "K: …" read as a stray label).
    let keys = if state.focus.on {
        "Board keys on: the arrows move, Enter picks and drops, Esc stops (or press K)."
    } else {
        "Press K to play with the arrow keys instead of the mouse."
    };
    ui.label(RichText::new(keys).weak());
    if let Some(words) = &state.words.0 {
        ui.label(words);
    }
}

/// Selects the whole of the box's text, so that the next move typed
/// replaces a refused entry given back (fresh eyes, round 23: typed after
/// it, from the cursor at its start, "e5-d6e5-e6" was refused again).
fn select_all(ctx: &egui::Context, text: &str) {
    let id = egui::Id::new("move_box");
    let mut edit = egui::text_edit::TextEditState::load(ctx, id).unwrap_or_default();
    let all =
        egui::text::CCursorRange::two(egui::text::CCursor::new(0), egui::text::CCursor::new(text.chars().count()));
    edit.cursor.set_char_range(Some(all));
    edit.store(ctx, id);
}

#[cfg(test)]
mod tests {
    use bevy::ecs::system::SystemState;

    use super::*;

    /// A frame of the panel with the move box under `above` lines of status
    /// (the status grows and shrinks between turns), the keys `events` pressed.
    /// The panel's system state lives across frames, as the panel's does (its
    /// change ticks tell a new reply from an old one).
    fn frame(ctx: &egui::Context, world: &mut World, above: usize, events: Vec<egui::Event>) {
        let mut state = world.remove_resource::<PanelTicks>().map_or_else(|| SystemState::new(world), |t| t.0);
        let mut params = state.get_mut(world).expect("the move box's resources");
        let input = egui::RawInput { events, ..Default::default() };
        let start =
            Position::start(crate::engine::Variant::Breakthrough, crate::engine::BoardSize::new(8, 8)).expect("8x8");
        let _ = ctx.run_ui(input, |ui| {
            for line in 0..above {
                ui.label(format!("status line {line}"));
            }
            section(ui, &mut params, &start);
        });
        state.apply(world);
        world.insert_resource(PanelTicks(state));
    }

    #[derive(Resource)]
    struct PanelTicks(SystemState<MoveBoxState<'static>>);

    fn key(key: egui::Key) -> egui::Event {
        egui::Event::Key { key, physical_key: None, pressed: true, repeat: false, modifiers: Default::default() }
    }

    /// The move box's resources, with the keyboard asked for.
    fn focused_box() -> (egui::Context, World) {
        let mut world = World::new();
        world.init_resource::<MoveBoxEntry>();
        world.init_resource::<MoveBoxReply>();
        world.init_resource::<PositionWords>();
        world.init_resource::<BoardFocus>();
        world.init_resource::<Messages<TypedMove>>();
        world.init_resource::<Messages<DescribeRequest>>();
        world.resource_mut::<MoveBoxEntry>().focus_wanted = true;
        (egui::Context::default(), world)
    }

    /// Finding (major): after a typed move the box lost the keyboard, so the
    /// next move's letters fired shortcuts (H asked for a hint).
    #[test]
    fn the_move_box_keeps_the_keyboard_after_a_typed_move() {
        let (ctx, mut world) = focused_box();
        frame(&ctx, &mut world, 1, vec![]);
        frame(&ctx, &mut world, 1, vec![egui::Event::Text("b2b3".into())]);
        frame(&ctx, &mut world, 1, vec![key(egui::Key::Enter)]);
        let typed: Vec<String> = world.resource_mut::<Messages<TypedMove>>().drain().map(|m| m.0).collect();
        assert_eq!(typed, ["b2b3"]);
        // The move is made: the status above the box changes, twice.
        for above in [3, 2] {
            frame(&ctx, &mut world, above, vec![]);
            assert!(
                ctx.memory(|memory| memory.focused()).is_some(),
                "the box keeps the keyboard with {above} lines above it"
            );
        }
        frame(&ctx, &mut world, 2, vec![egui::Event::Text("h".into())]);
        assert_eq!(world.resource::<MoveBoxEntry>().text, "h", "the next letters go into the box");
    }

    /// Fresh eyes, round 6: a refused entry ("c3 is ambiguous") was gone
    /// from the box and had to be typed again; it comes back to be mended,
    /// and an accepted one does not.
    #[test]
    fn a_refused_entry_comes_back_to_the_box() {
        let (ctx, mut world) = focused_box();
        frame(&ctx, &mut world, 1, vec![]);
        frame(&ctx, &mut world, 1, vec![egui::Event::Text("c3".into())]);
        frame(&ctx, &mut world, 1, vec![key(egui::Key::Enter)]);
        assert_eq!(world.resource::<MoveBoxEntry>().text, "", "sent");
        world.resource_mut::<MoveBoxReply>().0 = Some("c3 is ambiguous".to_string());
        frame(&ctx, &mut world, 1, vec![]);
        assert_eq!(world.resource::<MoveBoxEntry>().text, "c3", "the refused entry is back");

        // Mended after End (fresh eyes, round 23: it comes back selected,
        // so a move typed at once replaces it rather than joining it).
        frame(&ctx, &mut world, 1, vec![key(egui::Key::End)]);
        frame(&ctx, &mut world, 1, vec![egui::Event::Text("-d4".into())]);
        assert_eq!(world.resource::<MoveBoxEntry>().text, "c3-d4", "mended");
        frame(&ctx, &mut world, 1, vec![key(egui::Key::Enter)]);
        world.resource_mut::<MoveBoxReply>().0 = None;
        frame(&ctx, &mut world, 1, vec![]);
        assert_eq!(world.resource::<MoveBoxEntry>().text, "", "an accepted move leaves the box empty");
    }

    /// Fresh eyes, round 23: a move typed after a refusal joined the entry
    /// given back ("e5-d6e5-e6"); it replaces it.
    #[test]
    fn a_move_typed_after_a_refusal_replaces_the_entry() {
        let (ctx, mut world) = focused_box();
        frame(&ctx, &mut world, 1, vec![]);
        frame(&ctx, &mut world, 1, vec![egui::Event::Text("e5-d6".into())]);
        frame(&ctx, &mut world, 1, vec![key(egui::Key::Enter)]);
        world.resource_mut::<MoveBoxReply>().0 = Some("e5-d6 is not legal here".to_string());
        frame(&ctx, &mut world, 1, vec![]);
        frame(&ctx, &mut world, 1, vec![]);
        frame(&ctx, &mut world, 1, vec![egui::Event::Text("e5-e6".into())]);
        assert_eq!(world.resource::<MoveBoxEntry>().text, "e5-e6");
    }

    /// Fresh eyes, round 8: Play's refused entry and its error showed in
    /// Watch & Lab's box; another screen's box starts empty.
    #[test]
    fn another_screen_starts_with_an_empty_box() {
        let (ctx, mut world) = focused_box();
        frame(&ctx, &mut world, 1, vec![egui::Event::Text("a1-a9".into())]);
        world.resource_mut::<MoveBoxReply>().0 = Some("square a9 is off the 8x8 board".to_string());
        world.run_system_cached(forget_on_leaving).expect("runs");
        assert_eq!(world.resource::<MoveBoxEntry>().text, "");
        assert_eq!(world.resource::<MoveBoxReply>().0, None);
    }
}
