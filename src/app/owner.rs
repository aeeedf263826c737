//! The one place the game changes: every [`GameRequest`] (a click, an AI
//! result, a button, a key, a file, a replay step) is applied here, in the
//! order it was sent, through [`GameSession`]'s mutators. What the board
//! must show goes out as one [`ShowPosition`]; what happens next goes to the
//! game phases.

use bevy::ecs::system::SystemParam;
use bevy::prelude::*;

use super::ai::AiSearchTask;
use super::board_sync::ShowPosition;
use super::notice::Notice;
use super::players::PlayerSetup;
use super::players::Players;
use super::session::Step;
use super::session::{GameSession, PlayRefused, Shown};
use super::state::{
    AiControl, GamePhase, GameRequest, GameSettings, GameSystems, MoveChosen, MoveSource, PlaySettings, ReplaceGame,
    TurnPhase,
};
use crate::engine::Side;

pub(super) fn plugin(app: &mut App) {
    if !app.world().contains_resource::<GameSession>() {
        let settings = *app.world_mut().get_resource_or_init::<GameSettings>();
        app.insert_resource(GameSession::new(settings.variant, settings.size, 0));
    }
    app.add_systems(Update, apply_requests.in_set(GameSystems::Apply).run_if(not(in_state(GamePhase::Setup))));
}

/// The game phases as the owner sees and sets them.
#[derive(SystemParam)]
struct Phases<'w> {
    phase: Res<'w, State<GamePhase>>,
    turn: Option<Res<'w, State<TurnPhase>>>,
    next_phase: ResMut<'w, NextState<GamePhase>>,
    next_turn: ResMut<'w, NextState<TurnPhase>>,
}

impl Phases<'_> {
    fn turn(&self) -> Option<TurnPhase> {
        self.turn.as_ref().map(|t| *t.get())
    }

    /// The game was replaced: setup clears the old pieces and any search.
    fn restart(&mut self) {
        self.next_phase.set(GamePhase::Setup);
    }

    /// The position moved under the players: slide, then decide whose turn it is.
    fn after_jump(&mut self, session: &GameSession) {
        if *self.phase.get() == GamePhase::Over {
            if !session.outcome().is_over() {
                self.next_phase.set(GamePhase::Playing);
            }
        } else {
            self.next_turn.set(TurnPhase::Animating);
        }
    }
}

/// What the owner reads besides the session and the phases.
#[derive(SystemParam)]
struct Context<'w, 's> {
    commands: Commands<'w, 's>,
    searches: Query<'w, 's, Entity, With<AiSearchTask>>,
    settings: Res<'w, GameSettings>,
    play: Res<'w, PlaySettings>,
    players: ResMut<'w, Players>,
    control: ResMut<'w, AiControl>,
    notice: ResMut<'w, Notice>,
    replace: ResMut<'w, ReplaceGame>,
}

fn apply_requests(
    mut requests: MessageReader<GameRequest>,
    mut session: ResMut<GameSession>,
    mut context: Context,
    mut phases: Phases,
    mut board: MessageWriter<ShowPosition>,
) {
    if context.players.is_changed() {
        session.set_players(&context.players);
    }
    for request in requests.read() {
        let request = match request {
            GameRequest::ConfirmReplace => match context.replace.pending.take() {
                Some(pending) => pending,
                None => continue,
            },
            GameRequest::CancelReplace => {
                context.replace.pending = None;
                continue;
            }
            // A game in progress is never thrown away by a stray key: ask first.
            request if request.replaces_game() && context.play.confirm_replace && in_progress(&session) => {
                context.replace.pending = Some(request.clone());
                continue;
            }
            request => request.clone(),
        };
        apply(request, &mut session, &mut context, &mut phases, &mut board);
    }
}

/// A game with moves that has not ended (a watched record is not the person's game).
fn in_progress(session: &GameSession) -> bool {
    session.plies() > 0 && !session.outcome().is_over() && session.replay().is_none()
}

fn apply(
    request: GameRequest,
    session: &mut GameSession,
    context: &mut Context,
    phases: &mut Phases,
    board: &mut MessageWriter<ShowPosition>,
) {
    let Context { settings, players, control, notice, replace, commands, searches, .. } = context;
    if request.replaces_game() {
        replace.pending = None;
    }
    let before = (session.generation(), session.position().hash(), session.review_ply());
    {
        match &request {
            GameRequest::NewGame { rematch } => {
                let (variant, size) =
                    if *rematch { (session.variant(), session.size()) } else { (settings.variant, settings.size) };
                players.fit_variant(variant);
                *session = GameSession::new(variant, size, session.generation() + 1);
                session.set_players(players);
                control.step_requested = false;
                control.error = None;
                phases.restart();
            }
            GameRequest::Play(choice) => {
                if play(session, players, phases.turn(), choice) {
                    let step = choice.mv;
                    board.write(ShowPosition { position: session.shown_position(), step: Some(Step::Forward(step)) });
                    phases.next_turn.set(TurnPhase::Animating);
                }
            }
            GameRequest::Undo | GameRequest::Redo => {
                let was_over = session.outcome().is_over();
                let shown = match request {
                    GameRequest::Undo => session.undo(players),
                    _ => session.redo(players),
                };
                if let Shown::Moved(step) = shown {
                    board.write(ShowPosition { position: session.shown_position(), step });
                    if players.both_ai() {
                        // Otherwise the AI would play the taken-back move again at once.
                        control.paused = true;
                    }
                }
                if shown != Shown::Same || was_over != session.outcome().is_over() {
                    phases.after_jump(session);
                }
            }
            GameRequest::Resign => {
                if *phases.phase.get() == GamePhase::Playing
                    && !session.reviewing()
                    && session.resign(resigning_side(players, session.side_to_move()))
                {
                    phases.next_phase.set(GamePhase::Over);
                }
            }
            GameRequest::GoTo { ply } => {
                if let Shown::Moved(step) = session.go_to(*ply) {
                    board.write(ShowPosition { position: session.shown_position(), step });
                    // A turn in progress (a search, a half-made human move) starts over after review.
                    if session.reviewing()
                        && matches!(phases.turn(), Some(TurnPhase::AiThinking | TurnPhase::HumanTurn))
                    {
                        phases.next_turn.set(TurnPhase::Deciding);
                    }
                }
            }
            GameRequest::ContinueFromHere => {
                if session.continue_from_here() {
                    if *phases.phase.get() == GamePhase::Over {
                        phases.next_phase.set(GamePhase::Playing);
                    } else {
                        phases.next_turn.set(TurnPhase::Deciding);
                    }
                }
            }
            GameRequest::Open(opened) => {
                let generation = session.generation() + 1;
                *session = opened.session.clone().with_generation(generation);
                players.set_if_neq(opened.players.clone());
                session.set_players(players);
                notice.info(opened.message.clone());
                control.step_requested = false;
                control.error = None;
                phases.restart();
            }
            GameRequest::Watch(watched) => {
                let generation = session.generation() + 1;
                *session = GameSession::watching(watched.source.clone(), watched.start.clone(), generation);
                control.step_requested = false;
                control.error = None;
                phases.restart();
            }
            GameRequest::StopReplay => {
                if session.stop_replay() {
                    session.set_players(players);
                    notice.info(format!("Stopped watching after ply {}; the game goes on from here.", session.plies()));
                    if phases.turn() == Some(TurnPhase::AiThinking) {
                        phases.next_turn.set(TurnPhase::Deciding);
                    }
                }
            }
            GameRequest::ConfirmReplace | GameRequest::CancelReplace => {}
        }
    }
    // A search for a position that went away (undo, review, another game) is
    // stopped now: dropping its task sets its stop flag. A played move ends
    // its own search.
    let after = (session.generation(), session.position().hash(), session.review_ply());
    if after != before && !matches!(request, GameRequest::Play(_)) {
        for task in searches.iter() {
            commands.entity(task).despawn();
        }
    }
}

/// Plays `choice` if it was made for this game and position, by the player
/// whose turn it is; anything else is ignored (and says why in the log).
fn play(session: &mut GameSession, players: &Players, turn: Option<TurnPhase>, choice: &MoveChosen) -> bool {
    if choice.generation != session.generation() || choice.position_hash != session.position().hash() {
        debug!("ignoring a move chosen for another game or position");
        return false;
    }
    // While a record is watched, only the record moves.
    let recorded = session.replay_next().map(|(mv, _)| mv);
    let expected = match (choice.source, players.get(session.side_to_move())) {
        (MoveSource::Replay, _) => recorded == Some(choice.mv) && turn == Some(TurnPhase::AiThinking),
        _ if recorded.is_some() => false,
        (MoveSource::Human, PlayerSetup::Human) => turn == Some(TurnPhase::HumanTurn),
        (MoveSource::Ai, PlayerSetup::Ai(_)) => turn == Some(TurnPhase::AiThinking),
        _ => false,
    };
    if !expected {
        debug!("ignoring a move from a player whose turn it is not");
        return false;
    }
    match session.play(choice.mv, choice.search.as_ref()) {
        Ok(()) => true,
        Err(PlayRefused::Illegal(error)) => {
            debug!("ignoring an illegal move: {error}");
            false
        }
        Err(refused) => {
            debug!("ignoring a move: {refused:?}");
            false
        }
    }
}

/// Against the AI it is always the human who gives up, even on the AI's turn.
fn resigning_side(players: &Players, to_move: Side) -> Side {
    match (players.white.is_ai(), players.black.is_ai()) {
        (false, true) => Side::White,
        (true, false) => Side::Black,
        _ => to_move,
    }
}
