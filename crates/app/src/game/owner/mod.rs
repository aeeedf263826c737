//! The one place the game changes: every [`GameRequest`] (a click, an AI
//! result or failure, a button, a key, a file, a replay step, a pause, a
//! player change) is applied here, in the order it was sent, through
//! [`GameSession`]'s mutators. What the board must show goes out as one
//! [`ShowPosition`]; the game phases are set here and by the turn cycle
//! ([`turn`]), which is part of the owner, and nowhere else.

mod turn;
pub(crate) mod visit;

pub use visit::Visit;

use bevy::ecs::system::SystemParam;
use bevy::prelude::*;

use crate::engine::Side;
use crate::game::clock::TurnTimer;
use crate::game::control::AiControl;
use crate::game::left::GameLeft;
use crate::game::notice::Notice;
use crate::game::phase::{GamePhase, GameSystems, TurnPhase};
use crate::game::players::{PlayerSetup, Players};
use crate::game::request::{
    AiError, GameRequest, MoveChosen, MoveSource, NewMatchup, OpenedGame, ReplaceGame, VisitedGame, WatchedGame,
};
use crate::game::screen::{Mode, Screen};
use crate::game::session::{GameSession, PlayRefused, Shown};
use crate::game::settings::{GameSettings, PlaySettings, StudyBoard};
use crate::game::show::ShowPosition;
use crate::game::sound_cue::{SoundCue, end_cue, move_cue};

pub(crate) fn plugin(app: &mut App) {
    if !app.world().contains_resource::<GameSession>() {
        let settings = *app.world_mut().get_resource_or_init::<GameSettings>();
        app.insert_resource(GameSession::new(settings.variant, settings.size, 0));
    }
    app.init_resource::<AiControl>()
        .init_resource::<Visit>()
        .init_resource::<HeldRequests>()
        .add_systems(Update, apply_requests.in_set(GameSystems::Apply))
        .add_systems(
            Update,
            return_in_menus
                .after(GameSystems::Apply)
                .run_if(not(in_state(Mode::Board)))
                .run_if(not(in_state(GamePhase::Setup))),
        )
        .add_plugins(turn::plugin);
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
    fn setting_up(&self) -> bool {
        *self.phase.get() == GamePhase::Setup
    }

    fn turn(&self) -> Option<TurnPhase> {
        self.turn.as_ref().map(|t| *t.get())
    }

    fn over(&self) -> bool {
        *self.phase.get() == GamePhase::Over
    }

    /// The game was replaced: setup clears the old pieces and any search.
    fn restart(&mut self) {
        self.next_phase.set(GamePhase::Setup);
    }

    /// The turn in progress starts over (its search, if any, is dropped).
    fn redecide(&mut self) {
        self.next_turn.set(TurnPhase::Deciding);
    }

    /// The position moved under the players: slide, then decide whose turn it is.
    fn after_jump(&mut self, session: &GameSession) {
        if self.over() {
            if !session.outcome().is_over() {
                self.next_phase.set(GamePhase::Playing);
            }
        } else {
            self.next_turn.set(TurnPhase::Animating);
        }
    }
}

/// Everything the owner reads and writes.
#[derive(SystemParam)]
pub(crate) struct Owner<'w> {
    session: ResMut<'w, GameSession>,
    phases: Phases<'w>,
    board: MessageWriter<'w, ShowPosition>,
    /// Play's next board, and the one chosen in Analyse and Watch & Lab.
    settings: (Res<'w, GameSettings>, Res<'w, StudyBoard>),
    play: Res<'w, PlaySettings>,
    screen: Res<'w, State<Screen>>,
    players: ResMut<'w, Players>,
    control: ResMut<'w, AiControl>,
    notice: ResMut<'w, Notice>,
    replace: ResMut<'w, ReplaceGame>,
    timer: Res<'w, TurnTimer>,
    visit: ResMut<'w, Visit>,
    sounds: MessageWriter<'w, SoundCue>,
    left_games: MessageWriter<'w, GameLeft>,
}

pub(crate) fn apply_requests(
    mut requests: MessageReader<GameRequest>,
    mut held: ResMut<HeldRequests>,
    mut owner: Owner,
) {
    if owner.phases.setting_up() {
        held.0.extend(requests.read().cloned());
        return;
    }
    let waiting = std::mem::take(&mut held.0);
    for request in waiting.iter().chain(requests.read()) {
        if let Some(request) = owner.confirmed(request) {
            owner.apply(request);
        }
    }
}

/// Requests that came while a game was being set up (its one `Setup`
/// frame, when the old game's entities go): applied on the next frame, in
/// order. Messages live two frames, so without this a puzzle's next
/// position, sent just as the last one was laid out, was lost.
#[derive(Resource, Default)]
pub(crate) struct HeldRequests(Vec<GameRequest>);

/// A lesson or a puzzle left for a menu (Home, Settings) gives the board
/// back as it closes, while the board game's systems rest: its `Return` is
/// applied at once, so the game that waited is the one Home offers to resume
/// (only this request: a menu holds the game still).
fn return_in_menus(mut requests: MessageReader<GameRequest>, mut owner: Owner) {
    if requests.read().any(|request| matches!(request, GameRequest::Return)) {
        owner.apply(GameRequest::Return);
    }
}

/// A game with moves that has not ended (a watched record is not the
/// person's game; during a visit, the game left behind is), or one set up
/// on Play's Start (or with a clock on the command line) before its first
/// move. It is kept as any game in
/// progress (fresh eyes, round 24: a 5+3 game not begun was replaced by
/// Watch & Lab's New game, its players and a pasted game, with nothing
/// asked; round 25: a rated game not begun, offered by Home's Resume, by a
/// Library game opened). A clock alone does not make one: the board a
/// restart lays out with the settings' clock is no one's game (round 27:
/// that "rated game in progress" forbade every Library game, while Home
/// offered nothing to resume).
pub(crate) fn in_progress(session: &GameSession, visit: &Visit) -> bool {
    let game = visit.left_game().unwrap_or(session);
    let begun = game.plies() > 0 || game.set_up_on_play;
    begun && !game.outcome().is_over() && game.replay().is_none()
}

impl Owner<'_> {
    /// The request to apply now, if any: one that would replace a game in
    /// progress waits for the person's yes (a stray key never throws a game away).
    fn confirmed(&mut self, request: &GameRequest) -> Option<GameRequest> {
        match request {
            GameRequest::ConfirmReplace => self.replace.pending.take(),
            GameRequest::CancelReplace => {
                self.replace.pending = None;
                None
            }
            // Beside a person's game a matchup or a recorded game is studied: nothing is lost.
            GameRequest::StartMatchup(_) | GameRequest::Watch(_) if self.person_game_in_progress() => {
                Some(request.clone())
            }
            request
                if (request.replaces_game()
                    || matches!(request, GameRequest::StartMatchup(_) | GameRequest::Watch(_)))
                    && self.play.confirm_replace
                    && in_progress(&self.session, &self.visit) =>
            {
                self.replace.pending = Some(request.clone());
                None
            }
            request => Some(request.clone()),
        }
    }

    fn apply(&mut self, request: GameRequest) {
        if request.replaces_game() {
            self.leave_game_in_progress();
            self.replace.pending = None;
            self.end_visit();
        }
        match &request {
            GameRequest::NewGame { rematch } => self.new_game(*rematch),
            GameRequest::Play(choice) => self.play_move(choice),
            GameRequest::Undo | GameRequest::Redo => self.take_back(matches!(request, GameRequest::Undo)),
            GameRequest::Resign => self.resign(),
            GameRequest::GoTo { ply } => self.go_to(*ply),
            GameRequest::ContinueFromHere => self.continue_from_here(),
            GameRequest::TryMove(choice) => self.try_move(choice),
            GameRequest::ShowLine(path) => {
                let shown = self.session.show_line(path);
                self.after_review_step(shown);
            }
            GameRequest::PromoteLine => self.promote_line(),
            GameRequest::DeleteLine => {
                let shown = self.session.delete_line();
                self.after_review_step(shown);
            }
            GameRequest::Open(opened) => self.open(opened),
            GameRequest::Watch(watched) => self.watch(watched),
            GameRequest::Visit(visited) => self.visit(visited),
            GameRequest::Return => self.return_from_visit(),
            GameRequest::Study(opened) => self.study(opened),
            GameRequest::StartMatchup(matchup) => self.start_matchup(matchup),
            // `replaces_game` ended the visit: the studied game stays, as the game.
            GameRequest::PlayOnFromStudy => {}
            GameRequest::StopReplay => self.stop_replay(),
            GameRequest::SetPaused(paused) => {
                self.control.paused = *paused;
                self.control.error = None;
            }
            // Only from the last move: one asked while an earlier move is
            // shown was kept and played on the return (fresh eyes, round 20).
            GameRequest::StepAi => {
                self.control.step_requested = self.control.paused && !self.session.reviewing();
                self.control.error = None;
            }
            GameRequest::AiFailed { side, error } => self.ai_failed(*side, error),
            GameRequest::FlagFell { generation, plies } => {
                if (*generation, *plies) == (self.session.generation(), self.session.plies()) {
                    self.flag_fell();
                }
            }
            GameRequest::SetPlayers(players) => self.set_players(players),
            GameRequest::ConfirmReplace | GameRequest::CancelReplace => {}
        }
    }

    fn show(&mut self, step: Option<crate::game::session::Step>) {
        self.board.write(ShowPosition { position: self.session.shown_position(), step });
    }

    /// Replaces the game by `session` with the current players.
    fn replace_session(&mut self, session: GameSession) {
        *self.session = session;
        self.session.set_players(&self.players);
        self.control.reset();
        // Pausing is for watching AIs: a game a person plays starts moving
        // (a pause set in Watch & Lab never holds a person's opponent).
        if !self.players.both_ai() {
            self.control.paused = false;
        }
        self.phases.restart();
    }

    fn new_game(&mut self, rematch: bool) {
        let (variant, size) = if rematch { (self.session.variant(), self.session.size()) } else { self.next_board() };
        self.players.fit_variant(variant);
        let generation = self.session.generation() + 1;
        let control = if rematch { self.session.record().time_control } else { self.clock_for_new_game() };
        let rule = if rematch {
            self.session.position().both_connected().unwrap_or_default()
        } else {
            self.settings.0.both_connected
        };
        let mut session = GameSession::new(variant, size, generation).with_both_connected(rule);
        session.set_up_on_play = *self.screen.get() == Screen::Play && !self.players.both_ai();
        self.replace_session(session.with_time_control(control));
    }

    /// The board of a new game here: Play's setup's on Play, the study
    /// board in Analyse and Watch & Lab.
    fn next_board(&self) -> (crate::engine::Variant, crate::engine::BoardSize) {
        let (settings, study) = (&*self.settings.0, &*self.settings.1);
        if matches!(self.screen.get(), Screen::Analyse | Screen::Watch) {
            study.board(settings)
        } else {
            (settings.variant, settings.size)
        }
    }

    /// The clock of a new game of the current players: the one Play's setup
    /// set for people's games; none for two AIs, nor for a game started in
    /// Analyse or Watch & Lab (fresh eyes, rounds 14 and 16: a clock set
    /// there carried into Play's next game).
    fn clock_for_new_game(&self) -> Option<crate::engine::rules::clock::TimeControl> {
        let elsewhere = matches!(self.screen.get(), Screen::Analyse | Screen::Watch);
        if self.players.both_ai() || elsewhere { None } else { self.settings.0.time_control }
    }

    fn open(&mut self, opened: &OpenedGame) {
        let generation = self.session.generation() + 1;
        self.players.set_if_neq(opened.players.clone());
        self.replace_session(opened.session.clone().with_generation(generation));
        // In Analyse a game of two AIs is studied, not watched: it waits for
        // Space (fresh eyes, round 27: a game pasted there played on by itself).
        if *self.screen.get() == Screen::Analyse && self.players.both_ai() {
            self.control.paused = true;
        }
        // A lesson's card says what it shows; it needs no toast.
        if !opened.message.is_empty() {
            self.notice.info(opened.message.clone());
        }
    }

    fn watch(&mut self, watched: &WatchedGame) {
        if self.person_game_in_progress() {
            self.begin_study();
        } else {
            self.replace.pending = None;
            self.end_visit();
        }
        let generation = self.session.generation() + 1;
        *self.session = GameSession::watching(watched.source.clone(), watched.start.clone(), generation);
        self.control.reset();
        self.phases.restart();
    }

    fn play_move(&mut self, choice: &MoveChosen) {
        let spent = self.timer.ran().then(|| self.timer.spent());
        if choice.source == MoveSource::Scripted && !self.scripted_turn() {
            debug!("ignoring a scripted move out of its turn");
            return;
        }
        // A visit's scripted side is not the person's to move, whatever sent the move.
        if choice.source == MoveSource::Human && self.visit.scripts(self.session.side_to_move()) {
            debug!("ignoring a person's move for a visit's scripted side");
            return;
        }
        let played = play(&mut self.session, &self.players, self.phases.turn(), choice, spent);
        if played == Err(PlayRefused::FlagFell) {
            self.flag_fell();
        }
        if played.is_ok() {
            if choice.source != MoveSource::Human {
                // The stepped move is made; the next one waits again.
                self.control.step_requested = false;
            }
            let capture = self.session.position().moves().last().is_some_and(|m| m.capture);
            self.sounds.write(move_cue(capture));
            self.sound_game_end();
            self.show(Some(crate::game::session::Step::Forward(choice.mv)));
            self.phases.next_turn.set(TurnPhase::Animating);
        }
    }

    fn take_back(&mut self, undo: bool) {
        let was_over = self.session.outcome().is_over();
        let spent = self.timer.spent();
        let shown =
            if undo { self.session.undo(&self.players, spent) } else { self.session.redo(&self.players, spent) };
        if let Shown::Moved(step) = shown {
            self.show(step);
            if self.players.both_ai() {
                // Otherwise the AI would play the taken-back move again at once.
                self.control.paused = true;
            }
        }
        if shown != Shown::Same || was_over != self.session.outcome().is_over() {
            self.phases.after_jump(&self.session);
        }
    }

    fn resign(&mut self) {
        let side = self.players.resigning(self.session.side_to_move());
        if *self.phases.phase.get() == GamePhase::Playing
            && !self.session.reviewing()
            && self.session.resign(side, self.timer.spent(), false)
        {
            self.sound_game_end();
            self.phases.next_phase.set(GamePhase::Over);
        }
    }

    fn go_to(&mut self, ply: usize) {
        let shown = self.session.go_to(ply);
        self.after_review_step(shown);
    }

    /// The board shows another position of the game or a side line.
    fn after_review_step(&mut self, shown: Shown) {
        if let Shown::Moved(step) = shown {
            self.show(step);
            // A turn in progress (a search, a half-made human move) starts over after review.
            if self.session.reviewing()
                && matches!(self.phases.turn(), Some(TurnPhase::AiThinking | TurnPhase::HumanTurn))
            {
                self.phases.redecide();
            }
        }
    }

    /// A move tried on the reviewed position, for that position and game;
    /// a visit's board is its own (nothing is tried there).
    fn try_move(&mut self, choice: &MoveChosen) {
        let key = self.session.shown_key();
        if (choice.generation, choice.position_hash) != (key.generation, key.hash) || self.visit.active() {
            debug!("ignoring a tried move for another position");
            return;
        }
        match self.session.try_line(choice.mv) {
            Ok(shown) => {
                self.sounds.write(move_cue(choice.mv.capture));
                self.after_review_step(shown);
            }
            Err(refused) => debug!("not trying the move: {refused:?}"),
        }
    }

    /// The shown side line becomes the game's (or its parent line's) own:
    /// the game changed, so its turn (or its end) is decided again.
    fn promote_line(&mut self) {
        if !self.session.promote_line() {
            return;
        }
        self.show(None);
        if self.phases.over() {
            if !self.session.outcome().is_over() {
                self.phases.next_phase.set(GamePhase::Playing);
            }
        } else {
            self.phases.redecide();
        }
    }

    fn continue_from_here(&mut self) {
        if self.session.continue_from_here() {
            if self.phases.over() {
                self.phases.next_phase.set(GamePhase::Playing);
            } else {
                self.phases.redecide();
            }
        }
    }

    fn stop_replay(&mut self) {
        if self.session.stop_replay() {
            self.session.set_players(&self.players);
            let plies = self.session.plies();
            let length = crate::game::length::game_length(plies);
            self.notice.info(format!("Stopped watching after {length}; the game goes on from here."));
            if self.phases.turn() == Some(TurnPhase::AiThinking) {
                self.phases.redecide();
            }
        }
    }

    /// The side to move ran out of time: the game is over, its search stopped.
    fn flag_fell(&mut self) {
        let side = self.session.side_to_move();
        let fell_now = self.session.flag_fell(side);
        if fell_now {
            self.sound_game_end();
        }
        if fell_now || self.session.record().result.reason_is_time() {
            self.phases.next_phase.set(GamePhase::Over);
        }
    }

    /// The game just ended: its sound, unless a puzzle or a lesson borrows
    /// the board (they sound their own verdicts).
    fn sound_game_end(&mut self) {
        let cue = end_cue(self.session.outcome(), &self.players);
        if let Some(cue) = cue.filter(|_| self.visit.left.is_none()) {
            self.sounds.write(cue);
        }
    }

    /// A search failed: the AI pauses and the panel says why.
    fn ai_failed(&mut self, side: Side, error: &AiError) {
        // Another program that cannot answer loses the game, as in a match;
        // this build's AI failing is a fault to show, with the game kept.
        if let PlayerSetup::Program(_) = self.players.get(side)
            && self.session.forfeit(side)
        {
            self.notice.error(format!("{} forfeited: {error}", side.title()));
            self.sound_game_end();
            self.phases.next_phase.set(GamePhase::Over);
            return;
        }
        self.control.error = Some(format!("{} AI: {error}", side.title()));
        self.control.paused = true;
        self.control.step_requested = false;
        if self.phases.turn() == Some(TurnPhase::AiThinking) {
            self.phases.redecide();
        }
    }

    /// New players apply at once: a turn waiting for the player it was
    /// started for (a search with another config, a person's move now the
    /// AI's) starts over. A watched record moves whoever is set to play.
    fn set_players(&mut self, players: &Players) {
        let before = self.players.get(self.session.side_to_move()).clone();
        let were_ai = self.players.both_ai();
        if !self.players.set_if_neq(players.clone()) {
            return;
        }
        // A fresh game's clock follows its players, as a new game's does
        // (fresh eyes' model, round 16: the setup's game, started while two
        // AIs were watched, came without its clock).
        let fresh = self.session.plies() == 0 && self.session.replay().is_none();
        if fresh && were_ai != self.players.both_ai() {
            let control = self.clock_for_new_game();
            *self.session = self.session.clone().with_time_control(control);
        }
        self.session.set_players(&self.players);
        if self.session.replay_next().is_some() {
            return;
        }
        let current = self.players.get(self.session.side_to_move());
        let stale = match (self.phases.turn(), current) {
            (Some(TurnPhase::HumanTurn), PlayerSetup::Ai(_) | PlayerSetup::Program(_)) => true,
            (Some(TurnPhase::AiThinking), PlayerSetup::Human) => true,
            // The search under way was started for the player before.
            (Some(TurnPhase::AiThinking), _) => *current != before,
            _ => false,
        };
        if stale {
            self.phases.redecide();
        }
    }
}

/// Visits: a lesson or a puzzle borrows the board, or a game opened in
/// Analyse is studied (see [`Visit`]).
impl Owner<'_> {
    /// Opens the visited game, keeping the person's game aside.
    fn visit(&mut self, visited: &VisitedGame) {
        self.set_aside();
        self.visit.scripted = visited.scripted.clone();
        self.visit.study = false;
        self.open(&visited.opened);
    }

    /// Opens a game to study in Analyse; a game in progress waits aside
    /// (with no game in progress there is nothing to give back).
    fn study(&mut self, opened: &OpenedGame) {
        // A lesson, puzzle or exercise on the board gives way to the study;
        // the game that waited for it goes on waiting (it was dropped before).
        if self.visit.active() {
            self.visit.scripted.clear();
            self.visit.study = true;
            self.open(opened);
            return;
        }
        if !in_progress(&self.session, &self.visit) {
            self.end_visit();
            self.open(opened);
            return;
        }
        self.begin_study();
        self.open(opened);
    }

    /// The person's game waits; what comes on the board is studied.
    fn begin_study(&mut self) {
        self.set_aside();
        self.visit.scripted.clear();
        self.visit.study = true;
    }

    /// A new game of `players` on the settings' board: studied beside a
    /// person's game in progress, or in place of the game on the board.
    fn start_matchup(&mut self, matchup: &NewMatchup) {
        let (variant, size) = matchup.board.unwrap_or_else(|| self.next_board());
        let session = GameSession::new(variant, size, 0).with_both_connected(self.settings.0.both_connected);
        let players = matchup.players.clone();
        let opened = OpenedGame { session, players, message: String::new(), kept_when_finished: false };
        if self.person_game_in_progress() {
            self.begin_study();
        } else {
            self.replace.pending = None;
            self.end_visit();
        }
        self.open(&opened);
    }

    /// The game in progress (during a visit, the one that waits), about to be
    /// replaced: if the person had moved in it, it is told as left (see [`GameLeft`]).
    fn leave_game_in_progress(&mut self) {
        let left = match self.visit.left.as_deref() {
            Some((session, players)) => GameLeft::of(session, players, session.carried_turn_spent()),
            None => GameLeft::of(&self.session, &self.players, self.timer.spent()),
        };
        if let Some(left) = left {
            self.left_games.write(left);
        }
    }

    /// Whether a person plays the game in progress (during a visit, the one that waits).
    fn person_game_in_progress(&self) -> bool {
        let players = self.visit.left_players().unwrap_or(&self.players);
        in_progress(&self.session, &self.visit) && !players.both_ai()
    }

    /// The person's game waits, with its turn's time so far (a visit from a
    /// visit keeps the first game aside, not the visit).
    fn set_aside(&mut self) {
        if self.visit.left.is_none() {
            let waiting = self.session.clone().with_turn_spent(self.timer.spent());
            self.visit.left = Some(Box::new((waiting, self.players.clone())));
        }
    }

    /// Brings back the game the person left, as it was.
    fn return_from_visit(&mut self) {
        let Some(left) = self.visit.left.take() else { return };
        self.visit.scripted.clear();
        self.visit.study = false;
        let (session, players) = *left;
        let generation = self.session.generation() + 1;
        self.players.set_if_neq(players);
        self.replace_session(session.with_generation(generation));
    }

    /// A new, opened or watched game ends the visit; the game left behind goes.
    fn end_visit(&mut self) {
        self.visit.left = None;
        self.visit.scripted.clear();
        self.visit.study = false;
    }

    /// Whether a scripted move may be played now: its side is to move and waits.
    fn scripted_turn(&self) -> bool {
        self.visit.scripts(self.session.side_to_move()) && self.phases.turn() == Some(TurnPhase::HumanTurn)
    }
}

/// Plays `choice` if it was made for this game and position, by the player
/// whose turn it is, who took `spent` over it; anything else is ignored
/// (and says why in the log).
fn play(
    session: &mut GameSession,
    players: &Players,
    turn: Option<TurnPhase>,
    choice: &MoveChosen,
    spent: Option<std::time::Duration>,
) -> Result<(), PlayRefused> {
    if choice.generation != session.generation() || choice.position_hash != session.position().hash() {
        debug!("ignoring a move chosen for another game or position");
        return Err(PlayRefused::Stale);
    }
    // While a record is watched, only the record moves.
    let recorded = session.replay_next().map(|(mv, _)| mv);
    let expected = match (choice.source, players.get(session.side_to_move())) {
        (MoveSource::Replay, _) => recorded == Some(choice.mv) && turn == Some(TurnPhase::AiThinking),
        _ if recorded.is_some() => false,
        (MoveSource::Human | MoveSource::Scripted, PlayerSetup::Human) => turn == Some(TurnPhase::HumanTurn),
        (MoveSource::Ai, PlayerSetup::Ai(_) | PlayerSetup::Program(_)) => turn == Some(TurnPhase::AiThinking),
        _ => false,
    };
    if !expected {
        debug!("ignoring a move from a player whose turn it is not");
        return Err(PlayRefused::Stale);
    }
    let played = session.play(choice.mv, choice.search.as_ref(), spent);
    if let Err(refused) = &played {
        debug!("not playing the move: {refused:?}");
    }
    played
}
