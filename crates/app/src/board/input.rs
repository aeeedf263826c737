//! Human moves, by click-click or drag and drop, one logic for both: a press
//! on one of your pieces selects it (and marks its legal destinations) and
//! starts a drag; a press or a release on a marked square chooses the move;
//! a drop anywhere else puts the piece back, still selected. Chosen moves go
//! to the owner like every other request. While an earlier position (or a
//! side line) is reviewed, the person moves on the position shown, and the
//! move is tried there as a side line.

use bevy::prelude::*;

use crate::engine::rules::explain::why_refused;
use crate::engine::{Move as EngineMove, Position};
use crate::game::owner::in_progress;
use crate::game::owner::visit::Visit;
use crate::game::phase::{GameSystems, TurnPhase};
use crate::game::ratings::RatedNow;
use crate::game::request::{GameRequest, MoveChosen};
use crate::game::screen::{Mode, Screen};
use crate::game::session::{GameSession, PositionKey};

/// The pointer went down or up over a board square (the view sends these;
/// a release off the board has no square).
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub enum BoardPointer {
    Press(u8),
    Release(Option<u8>),
}

/// The human's selected piece and where it may go; `dragging` while the
/// pointer that picked it is still down.
#[derive(Resource, Default, Clone, Debug, PartialEq)]
pub struct Selection {
    pub square: Option<u8>,
    pub moves: Vec<EngineMove>,
    pub dragging: bool,
    /// The press that is down selected the piece (rather than finding it
    /// selected already): its release does not deselect it.
    fresh: bool,
}

/// A move the person aimed that the rules refuse, and which rule it broke:
/// shown as a wrong move where the person looks (a lesson's card takes it as
/// its wrong answer), never kept as a notice for other panels. It belongs to
/// the position it was aimed on and goes with it, with the next press, or
/// when the board is left.
#[derive(Resource, Default, Clone, Debug, PartialEq, Eq)]
pub struct MoveRefusal {
    pub why: Option<String>,
}

impl MoveRefusal {
    /// Takes it (a lesson's card shows it instead of the board).
    pub fn take(&mut self) -> Option<String> {
        self.why.take()
    }
}

impl Selection {
    fn clear(&mut self) {
        *self = Selection::default();
    }

    pub(crate) fn move_to(&self, square: u8) -> Option<EngineMove> {
        self.moves.iter().copied().find(|m| m.to == square)
    }
}

pub(crate) fn plugin(app: &mut App) {
    app.add_message::<BoardPointer>()
        .init_resource::<Selection>()
        .init_resource::<MoveRefusal>()
        .add_systems(OnExit(TurnPhase::HumanTurn), clear_selection)
        // A piece held stays on its screen (fresh eyes, round 18: a pawn
        // picked up on Play and left held took Flow Free's Escape, which
        // then never went Home, and a click back on Play moved it).
        .add_systems(Update, clear_selection.run_if(state_changed::<Screen>))
        .add_systems(OnExit(Mode::Board), |mut refusal: ResMut<MoveRefusal>| {
            refusal.set_if_neq(MoveRefusal::default());
        })
        .add_systems(
            Update,
            (
                handle_pointer.in_set(GameSystems::Input).run_if(in_state(TurnPhase::HumanTurn).or_else(trying_lines)),
                clear_stale_selection.after(GameSystems::Apply).before(GameSystems::Show),
                drop_on_escape.in_set(GameSystems::Input),
            ),
        );
}

/// Escape puts down the piece held, and only that (Home sees a piece held
/// and stays: fresh eyes, round 12: Escape with a pawn picked up left for
/// Home, and the pawn was still held on return).
/// A refused move's line goes the same way, before the screen does (fresh
/// eyes, round 19: Escape left Analyse with the refusal still shown).
fn drop_on_escape(
    keys: Option<Res<ButtonInput<KeyCode>>>,
    mut selection: ResMut<Selection>,
    mut refusal: ResMut<MoveRefusal>,
) {
    if !keys.is_some_and(|keys| keys.just_pressed(KeyCode::Escape)) {
        return;
    }
    if selection.square.is_some() {
        selection.clear();
    } else if refusal.why.is_some() {
        refusal.take();
    }
}

/// Run condition: moves on the board are tried as side lines (an earlier
/// position is reviewed, and no lesson or puzzle borrows the board).
fn trying_lines(session: Res<GameSession>, visit: Res<Visit>) -> bool {
    session.reviewing() && !visit.active()
}

/// A selection belongs to the position it was made on: another one shown
/// (a review step, a side line) drops it.
fn clear_stale_selection(
    session: Res<GameSession>,
    mut shown: Local<Option<PositionKey>>,
    mut selection: ResMut<Selection>,
    mut refusal: ResMut<MoveRefusal>,
) {
    let key = session.shown_key();
    if shown.replace(key) != Some(key) {
        if *selection != Selection::default() {
            selection.clear();
        }
        refusal.set_if_neq(MoveRefusal::default());
    }
}

/// Why the person's game in progress is played on Play only, if it is: a
/// rated game, or a game on the clock, whose clock runs on Play only (fresh
/// eyes, round 14: a move in Watch & Lab earned the increment with the clock
/// stopped, and Redo in Analyse played a rated game's moves again).
pub(crate) fn played_on_play(session: &GameSession, rated: RatedNow, visit: &Visit) -> Option<&'static str> {
    if !in_progress(session, visit) || visit.waiting() {
        return None;
    }
    if rated.0 {
        Some(PLAYED_ON_PLAY)
    } else if session.record().time_control.is_some() {
        Some(CLOCKED_ON_PLAY)
    } else {
        None
    }
}

/// Why a person's move on this screen's board is not played: a game played
/// on Play only ([`played_on_play`]) is reviewed elsewhere, with side lines.
pub(crate) fn played_on_play_only(
    screen: Screen,
    session: &GameSession,
    rated: RatedNow,
    visit: &Visit,
) -> Option<&'static str> {
    (screen != Screen::Play && !session.reviewing()).then(|| played_on_play(session, rated, visit)).flatten()
}

/// Why the board's game is taken back or redone on Play only, reviewed or
/// not (fresh eyes, round 12: Undo while reviewing in Analyse spent a
/// rated game's take-back); none on Play or for another game.
pub(crate) fn game_off_play(
    screen: Screen,
    session: &GameSession,
    rated: RatedNow,
    visit: &Visit,
) -> Option<&'static str> {
    (screen != Screen::Play).then(|| played_on_play(session, rated, visit)).flatten()
}

/// The words of that refusal for a rated game.
pub(crate) const PLAYED_ON_PLAY: &str = "Your rated game is played on Play (Resume it from Home); here, step back through its moves (◀) to review it and try side lines, without analysis until it ends";

/// The words of that refusal for a game on the clock.
pub(crate) const CLOCKED_ON_PLAY: &str = "Your game on the clock is played on Play, where its clock runs (Resume it from Home); here, step back through its moves (◀) to review it and try side lines, without analysis until it ends";

fn handle_pointer(
    mut pointer: MessageReader<BoardPointer>,
    (session, rated, screen): (Res<GameSession>, Res<RatedNow>, Res<State<Screen>>),
    mut selection: ResMut<Selection>,
    mut requests: MessageWriter<GameRequest>,
    mut refusal: ResMut<MoveRefusal>,
    visit: Res<Visit>,
) {
    // A visit's scripted side answers by itself; its pieces are not the person's.
    if visit.scripts(session.side_to_move()) || (session.reviewing() && visit.active()) {
        pointer.clear();
        return;
    }
    if let Some(why) = played_on_play_only(*screen.get(), &session, *rated, &visit) {
        if pointer.read().any(|event| matches!(event, BoardPointer::Press(_))) {
            refusal.why = Some(why.to_string());
        }
        return;
    }
    let board = session.shown_position();
    for event in pointer.read() {
        if matches!(event, BoardPointer::Press(_)) {
            refusal.set_if_neq(MoveRefusal::default());
        }
        let aimed = aimed_move(&selection, &board, *event);
        let chosen = match *event {
            BoardPointer::Press(square) => press(&mut selection, &board, square),
            BoardPointer::Release(square) => release(&mut selection, square),
        };
        // A move aimed at an unmarked square says which rule it broke.
        if chosen.is_none()
            && let Some(why) = aimed.and_then(|m| why_refused(&board, m))
        {
            refusal.why = Some(why);
        }
        if let Some(mv) = chosen {
            requests.write(MoveChosen::by_person(mv, &session));
            selection.clear();
            // Later events of this frame were aimed at the position before the move.
            break;
        }
    }
}

/// The move a press or a drop aims at with a piece selected: onto another
/// square that does not hold one of the mover's pieces (those select it).
fn aimed_move(selection: &Selection, board: &Position, event: BoardPointer) -> Option<EngineMove> {
    let from = selection.square?;
    let to = match event {
        BoardPointer::Press(square) => square,
        BoardPointer::Release(square) if selection.dragging => square?,
        BoardPointer::Release(_) => return None,
    };
    // A press on another of the mover's pieces selects it; a drop there is refused.
    let selects = matches!(event, BoardPointer::Press(_)) && board.piece_at(to) == Some(board.side_to_move());
    (to != from && !selects && selection.move_to(to).is_none()).then(|| EngineMove::new(from, to, false))
}

fn press(selection: &mut Selection, board: &Position, square: u8) -> Option<EngineMove> {
    if let Some(mv) = selection.move_to(square) {
        return Some(mv);
    }
    let side = board.side_to_move();
    if selection.square == Some(square) {
        selection.dragging = true;
        selection.fresh = false;
    } else if board.piece_at(square) == Some(side) && !board.outcome().is_over() {
        let moves = board.legal_moves().into_iter().filter(|m| m.from == square).collect();
        *selection = Selection { square: Some(square), moves, dragging: true, fresh: true };
    } else {
        selection.clear();
    }
    None
}

fn release(selection: &mut Selection, square: Option<u8>) -> Option<EngineMove> {
    let was_dragging = std::mem::take(&mut selection.dragging);
    let fresh = std::mem::take(&mut selection.fresh);
    match square {
        // A drop on another square: the move if it is marked, else the piece goes back.
        Some(square) if was_dragging && Some(square) != selection.square => selection.move_to(square),
        // A second click on the selected piece lets it go; the first keeps it.
        Some(_) if was_dragging && !fresh => {
            selection.clear();
            None
        }
        _ => None,
    }
}

fn clear_selection(mut selection: ResMut<Selection>) {
    selection.clear();
}
