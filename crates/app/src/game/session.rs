//! The game being played and the only code that changes it: the engine
//! position, its record, the moves taken back for redo, the ply under review
//! and, when a recorded game is being watched, the record it replays. Fields
//! are private; every mutator keeps position and record in step, so no undo,
//! load or resignation can leave them disagreeing.

use bevy::prelude::*;

use crate::engine::ai::player::{GameRecord, Player};
use crate::game::players::Players;
use crate::game::side_lines::{Edited, deleted, position_on, promoted, tried};
use std::time::Duration;

use crate::engine::rules::analysis::winning_pieces;
use crate::engine::rules::clock::{Clock, TimeControl};
use crate::engine::rules::connection_rule::BothConnected;
use crate::engine::rules::error::MoveError;
use crate::engine::rules::record::line_tree::LinePath;
use crate::engine::rules::record::{MoveRecord, RecordError};
use crate::engine::{BoardSize, Move as EngineMove, Outcome, Position, SearchInfo, Side, Variant};
pub use crate::game::replay_source::ReplaySource;
use crate::game::step::last_shown_move;
pub(crate) use crate::game::step::{Step, step_between};
use crate::game::take_back::batch;

/// A position of a game: the game (its generation), the ply and the
/// position's hash. Every background result carries the key of the position
/// it was computed for.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct PositionKey {
    pub generation: u64,
    pub ply: usize,
    pub hash: u64,
}

#[derive(Resource, Clone, Debug)]
pub struct GameSession {
    position: Position,
    record: GameRecord,
    /// Counts games started; every search remembers the one it was started for.
    generation: u64,
    /// Moves taken back, the latest last, with their records (figures included).
    redo: Vec<(EngineMove, MoveRecord)>,
    /// Where the first undo left from (ply, side to move, its time left): a redo back there gives no more.
    undone_from: Option<(usize, Side, Duration)>,
    /// The ply the board shows while reviewing; `None` follows the game.
    /// In a side line, the ply where the line leaves the game.
    review: Option<usize>,
    /// The side line the board shows, if it shows one, with its position.
    line: Option<(LinePath, Position)>,
    replay: Option<ReplaySource>,
    /// The time the turn in progress had used when the game was set aside
    /// or left (at this ply): its clock goes on from there, not from zero.
    carried_turn: Option<(usize, Duration)>,
    /// The players' own names where the game came with them (a site's
    /// record kept in the library: "Ann" and "Bob"), White's first.
    names: Option<[String; 2]>,
    /// Plies before the position the game starts from (an exercise's): moves are numbered on from there.
    first_ply: usize,
    /// Set up on Play to be played (its Start, a rematch): a game in progress before its first move.
    pub(crate) set_up_on_play: bool,
}

/// Why a move was not played.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum PlayRefused {
    /// Chosen for another game or position, or by a player whose turn it is not.
    Stale,
    GameOver,
    /// The mover's time ran out before the move: the game is lost on time.
    FlagFell,
    Reviewing,
    Illegal(MoveError),
}

/// What a change did to the position the board shows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Shown {
    /// Nothing the board shows changed.
    Same,
    /// The board shows another position: one step away, or a jump.
    Moved(Option<Step>),
}

impl GameSession {
    /// Game `generation` at `position` with its `record`, live (every constructor starts here).
    fn at(position: Position, record: GameRecord, generation: u64) -> GameSession {
        GameSession {
            position,
            record,
            generation,
            redo: Vec::new(),
            undone_from: None,
            review: None,
            line: None,
            replay: None,
            carried_turn: None,
            names: None,
            first_ply: 0,
            set_up_on_play: false,
        }
    }

    /// A new game of `variant` on `size` (a size the variant does not allow falls back to its default).
    pub(crate) fn new(variant: Variant, size: BoardSize, generation: u64) -> GameSession {
        let position = Position::start(variant, size)
            .or_else(|_| Position::start(variant, variant.default_size()))
            .expect("every variant's default size is supported");
        let record = GameRecord::new(&position, Player::Human, Player::Human, 0);
        GameSession::at(position, record, generation)
    }

    /// The game a checked record describes (see [`GameRecord::rebuilt`]).
    pub(crate) fn from_record(record: &GameRecord, generation: u64) -> Result<GameSession, RecordError> {
        let (record, position) = record.rebuilt()?;
        let spent = record.last_turn().unwrap_or_default();
        Ok(GameSession::at(position, record, generation).with_turn_spent(spent))
    }

    /// A new game under Lines of Action's rule for a move joining both
    /// sides (Breakthrough has no such rule); its record states it.
    pub(crate) fn with_both_connected(mut self, rule: BothConnected) -> GameSession {
        if self.plies() == 0 && self.position.both_connected().is_some_and(|now| now != rule) {
            self.position.set_both_connected(rule);
            let control = self.record.time_control;
            self.record = GameRecord::new(&self.position, Player::Human, Player::Human, 0);
            self.record.time_control = control;
        }
        self
    }

    /// The game of a move list that led to `position`, played by `players`.
    pub(crate) fn from_position(position: Position, players: &Players, generation: u64) -> GameSession {
        let start = position.rewound();
        let mut record = GameRecord::new(&start, Player::from(&players.white), Player::from(&players.black), 0);
        let mut replay = start;
        for &mv in position.moves() {
            let before = replay.clone();
            if replay.play(mv).is_err() {
                break;
            }
            record.push(&before, mv, None);
        }
        record.finish(&replay);
        GameSession::at(replay, record, generation)
    }

    /// The same game numbered as if `plies` had come before its start.
    pub(crate) fn with_first_ply(mut self, plies: usize) -> GameSession {
        self.first_ply = plies;
        self
    }

    /// `ply` counted as its whole game counts it (the plies before its start included).
    pub fn game_ply(&self, ply: usize) -> usize {
        self.first_ply + ply
    }

    /// The side that made (or makes) the game's first move: White in
    /// Breakthrough, Black in Lines of Action. The move list's first column.
    pub fn first_mover(&self) -> Side {
        let side = self.position.side_to_move();
        if self.position.moves().len().is_multiple_of(2) { side } else { side.opponent() }
    }

    /// A game that replays `source` from `start`.
    pub(crate) fn watching(source: ReplaySource, start: Position, generation: u64) -> GameSession {
        let (white, black) = source.players();
        let record = GameRecord::new(&start, white.clone(), black.clone(), 0);
        GameSession { replay: Some(source), ..GameSession::at(start, record, generation) }
    }

    pub fn position(&self) -> &Position {
        &self.position
    }

    pub fn record(&self) -> &GameRecord {
        &self.record
    }

    pub fn generation(&self) -> u64 {
        self.generation
    }

    pub fn variant(&self) -> Variant {
        self.position.variant()
    }

    pub fn size(&self) -> BoardSize {
        self.position.size()
    }

    pub(crate) fn side_to_move(&self) -> Side {
        self.position.side_to_move()
    }

    pub fn plies(&self) -> usize {
        self.position.moves().len()
    }

    /// The position's outcome, or the opponent's win after a resignation or
    /// a fallen flag (which only the record knows: the board does not show it).
    pub fn outcome(&self) -> Outcome {
        if self.record.lost_off_board().is_some() { self.record.result } else { self.position.outcome() }
    }

    /// Whether the game ended before it began: a person in it never moved,
    /// and it ended off the board. Aborted: no result, no row, no rating.
    pub fn aborted(&self, players: &Players) -> bool {
        let Some(_) = self.record.lost_off_board() else { return false };
        Side::BOTH.into_iter().any(|side| !players.get(side).is_ai() && !self.has_moved(side))
    }

    /// Whether `side` has moved, a move taken back included (round 17).
    pub fn has_moved(&self, side: Side) -> bool {
        self.record.moves.iter().chain(self.redo.iter().map(|(_, entry)| entry)).any(|entry| entry.side == side)
    }

    /// The side that gave up or ran out of time, if one did.
    pub fn resigned(&self) -> Option<Side> {
        self.record.lost_off_board()
    }

    /// The same game played on `control`'s clock (a new game's, before its first move).
    pub(crate) fn with_time_control(mut self, control: Option<TimeControl>) -> GameSession {
        self.record.time_control = control;
        self
    }

    /// The same game, its turn in progress having used `spent` already (a
    /// game set aside, or left at a restart, keeps its turn's time).
    pub(crate) fn with_turn_spent(mut self, spent: Duration) -> GameSession {
        self.carried_turn = (!spent.is_zero()).then_some((self.plies(), spent));
        self
    }

    /// The time the turn in progress had used when the game was set aside
    /// or left: zero once a move was played from there.
    pub(crate) fn carried_turn_spent(&self) -> Duration {
        match self.carried_turn {
            Some((ply, spent)) if ply == self.plies() => spent,
            _ => Duration::ZERO,
        }
    }

    /// Both clocks as they stood after `ply` moves: each side's time after
    /// its last move then (the record keeps it), or the base time. Undo and
    /// review read the clocks of the ply they show; none without a control.
    pub(crate) fn clock_after(&self, ply: usize) -> Option<Clock> {
        let mut clock = Clock::new(self.record.time_control?);
        for entry in self.record.moves.iter().take(ply) {
            if let Some(ms) = entry.clock_ms {
                clock.set_remaining(entry.side, Duration::from_millis(ms));
            }
        }
        // The flag fell after the last move: the clocks stay as they stopped,
        // the flagged side's at zero (no move of its records that reading).
        if let Some(flagged) = self.lost_on_time().filter(|_| ply >= self.plies()) {
            clock.set_remaining(flagged, Duration::ZERO);
        }
        Some(clock)
    }

    /// The side whose flag fell, if the game was lost on time.
    pub(crate) fn lost_on_time(&self) -> Option<Side> {
        if self.record.result.reason_is_time() { self.record.lost_off_board() } else { None }
    }

    /// The clocks of the live position.
    pub fn clock(&self) -> Option<Clock> {
        self.clock_after(self.plies())
    }

    /// The side to move's time ran out: the opponent wins; false if the
    /// game was already over or has no clock.
    pub(crate) fn flag_fell(&mut self, side: Side) -> bool {
        if self.outcome().is_over() || self.record.time_control.is_none() || self.reviewing() {
            return false;
        }
        self.record.flag_fell(side);
        true
    }

    /// The ply the board shows while reviewing; `None` follows the game.
    pub fn review_ply(&self) -> Option<usize> {
        self.review
    }

    pub fn reviewing(&self) -> bool {
        self.review.is_some()
    }

    /// The ply the board shows: the reviewed one or the live one (in a
    /// side line, the moves from the start to its shown position).
    pub(crate) fn shown_ply(&self) -> usize {
        match &self.line {
            Some((path, _)) => path.depth(),
            None => self.review.unwrap_or(self.plies()),
        }
    }

    /// The position the board shows.
    pub fn shown_position(&self) -> Position {
        match &self.line {
            Some((_, position)) => position.clone(),
            None => self.position.at_ply(self.shown_ply()),
        }
    }

    /// The move that led to the shown position (none at the start).
    pub fn shown_last_move(&self) -> Option<EngineMove> {
        match &self.line {
            Some((_, position)) => position.moves().last().copied(),
            None => last_shown_move(self.position.moves(), self.review),
        }
    }

    /// The side line the board shows, if it shows one.
    pub fn line_path(&self) -> Option<&LinePath> {
        self.line.as_ref().map(|(path, _)| path)
    }

    /// The place in the game's tree the board shows (on the main line when
    /// no side line is shown).
    pub fn shown_path(&self) -> LinePath {
        self.line_path().cloned().unwrap_or_else(|| LinePath::main(self.shown_ply()))
    }

    /// The game's latest position (whatever the board shows).
    pub(crate) fn live_key(&self) -> PositionKey {
        PositionKey { generation: self.generation, ply: self.plies(), hash: self.position.hash() }
    }

    /// Which position of which game is shown: what a background result is
    /// for, so it can be dropped once the board has moved on.
    pub fn shown_key(&self) -> PositionKey {
        let hash = match (&self.line, self.review) {
            (Some((_, position)), _) => position.hash(),
            (None, Some(_)) => self.shown_position().hash(),
            (None, None) => self.position.hash(),
        };
        PositionKey { generation: self.generation, ply: self.shown_ply(), hash }
    }

    /// The pieces that won the shown position: none while an earlier ply
    /// of a finished game is reviewed.
    pub fn shown_winners(&self) -> Vec<u8> {
        if self.reviewing() { winning_pieces(&self.shown_position()) } else { winning_pieces(&self.position) }
    }

    /// Whether undo would change anything: moves back to an earlier human
    /// turn. A finished game stays finished (kept and counted as it ended).
    pub(crate) fn can_undo(&self, players: &Players) -> bool {
        !self.outcome().is_over() && batch(&self.position, players, std::iter::repeat_n(None, self.plies())) > 0
    }

    pub fn redo_len(&self) -> usize {
        self.redo.len()
    }

    /// The moves Redo would play, the next first (kept over a restart).
    pub(crate) fn redo_records(&self) -> Vec<MoveRecord> {
        self.redo.iter().rev().map(|(_, entry)| entry.clone()).collect()
    }

    /// The same game with `records` (the next first) to redo, up to a move
    /// that does not follow (fresh eyes: Redo did not survive a restart).
    pub(crate) fn with_redo(mut self, records: &[MoveRecord]) -> GameSession {
        let mut position = self.position.clone();
        let mut redo = Vec::new();
        for entry in records {
            let Ok(mv) = position.parse_move(&entry.notation) else { break };
            if entry.side != position.side_to_move() || position.play(mv).is_err() {
                break;
            }
            redo.push((mv, entry.clone()));
        }
        self.redo = redo.into_iter().rev().collect();
        self
    }

    /// The players' own names, where the game came with them.
    pub fn names(&self) -> Option<&[String; 2]> {
        self.names.as_ref()
    }

    /// Who plays, as a header says it: the players' own names where the
    /// game came with them, else `players` ("You vs Medium").
    pub fn matchup(&self, players: &Players) -> String {
        match (&self.replay, &self.names) {
            // A replay is of who really played ("Improver vs Novice, game 3 of 4").
            (Some(replay), _) => replay.title.clone(),
            (None, Some([white, black])) => format!("{white} vs {black}"),
            // A finished game is of who played it, whoever is set now (fresh eyes, round 25).
            (None, None) if self.outcome().is_over() => Players::from_record(&self.record).matchup(),
            (None, None) => players.matchup(),
        }
    }

    /// The same game with its players' own names (both, or none).
    pub(crate) fn with_names(self, white: Option<String>, black: Option<String>) -> GameSession {
        let names = white.zip(black).map(|(white, black)| [white, black]);
        GameSession { names, ..self }
    }

    pub fn replay(&self) -> Option<&ReplaySource> {
        self.replay.as_ref()
    }

    /// The recorded move to play next while watching a record, with its figures.
    pub(crate) fn replay_next(&self) -> Option<(EngineMove, SearchInfo)> {
        self.replay.as_ref()?.at(self.plies())
    }

    /// The last move `side` played, with its search figures.
    pub(crate) fn last_record_of(&self, side: Side) -> Option<&MoveRecord> {
        self.record.moves.iter().rev().find(|m| m.side == side)
    }

    /// Plays `mv` for the side to move, which took `spent` over it (charged to its clock: a move after
    /// its flag fell loses instead; `None`: no time, no increment); it forgets the moves taken back.
    /// On a refusal nothing changes.
    pub(crate) fn play(
        &mut self,
        mv: EngineMove,
        search: Option<&SearchInfo>,
        spent: Option<Duration>,
    ) -> Result<(), PlayRefused> {
        if self.outcome().is_over() {
            return Err(PlayRefused::GameOver);
        }
        if self.reviewing() {
            return Err(PlayRefused::Reviewing);
        }
        let side = self.side_to_move();
        let mut clock = self.clock();
        if let (Some(clock), Some(spent)) = (&mut clock, spent)
            && clock.charge(side, spent).is_err()
        {
            self.record.flag_fell(side);
            return Err(PlayRefused::FlagFell);
        }
        let before = self.position.clone();
        self.position.play(mv).map_err(PlayRefused::Illegal)?;
        self.record.push(&before, mv, search.map(SearchInfo::figures).as_ref());
        if let Some(clock) = clock {
            self.record.stamp_clock(clock.remaining(side));
        }
        self.record.finish(&self.position);
        (self.redo, self.undone_from) = (Vec::new(), None);
        self.carried_turn = None;
        Ok(())
    }

    /// `side` gives up (`left`: leaves the game unfinished) when the turn in progress has used `spent`
    /// (kept in the record: the clocks stand as they stopped when it is opened again); false if over.
    pub(crate) fn resign(&mut self, side: Side, spent: Duration, left: bool) -> bool {
        if self.outcome().is_over() {
            return false;
        }
        if left {
            self.record.abandon_after(side, spent)
        } else {
            self.record.resign_after(side, spent)
        }
        true
    }

    /// `side`, a program, gave no legal answer; false if the game was already over.
    pub(crate) fn forfeit(&mut self, side: Side) -> bool {
        if self.outcome().is_over() {
            return false;
        }
        self.record.forfeit(side);
        true
    }

    /// Takes back a resignation, or else the moves back to the previous turn
    /// of a human (one ply when both sides are AI); a loss on time stays.
    /// `spent`: the side to move's time on its turn, never given back.
    pub(crate) fn undo(&mut self, players: &Players, spent: Duration) -> Shown {
        let shown_before = self.review;
        let mover = self.side_to_move();
        let left_before = self.clock().map(|clock| {
            Side::BOTH
                .map(|side| clock.remaining(side).saturating_sub(if side == mover { spent } else { Duration::ZERO }))
        });
        if self.outcome().is_over() {
            return Shown::Same;
        }
        if let (None, Some(left)) = (self.undone_from, left_before) {
            self.undone_from = Some((self.plies(), mover, left[mover.index()]));
        }
        let count = batch(&self.position, players, std::iter::repeat_n(None, self.plies()));
        let mut steps = Vec::new();
        for _ in 0..count {
            let (Some(mv), Some(entry)) = (self.position.undo(), self.record.pop()) else {
                break;
            };
            self.redo.push((mv, entry));
            self.carried_turn = None;
            steps.push(Step::Back(mv));
        }
        self.record.finish(&self.position);
        if let (Some(before), Some(after), false) = (left_before, self.clock(), steps.is_empty()) {
            let side = self.side_to_move();
            let owed = after.remaining(side).saturating_sub(before[side.index()]);
            self.carried_turn = (!owed.is_zero()).then_some((self.plies(), owed));
        }
        self.after_history_step(shown_before, &steps)
    }

    /// Plays again what undo took back, up to the next human turn; no clock gets
    /// back time spent (`spent`: the turn's; fresh eyes, rounds 11 and 15).
    pub(crate) fn redo(&mut self, players: &Players, spent: Duration) -> Shown {
        let shown_before = self.review;
        if self.outcome().is_over() || self.redo.is_empty() {
            return Shown::Same;
        }
        // The mover gets its time now plus the increment, as if played at once (rounds 15, 18).
        let mover = self.side_to_move();
        let increment = self.record.time_control.map_or(Duration::ZERO, |control| control.increment());
        let cap = self.clock().map(|clock| clock.remaining(mover).saturating_sub(spent) + increment);
        let pending = self.redo.iter().rev().map(|(mv, _)| Some(*mv));
        let count = match batch(&self.position, players, pending) {
            // The players changed since the undo: no human turn ahead, so all of it.
            0 => self.redo.len(),
            count => count,
        };
        let mut steps = Vec::new();
        for _ in 0..count {
            let Some((mv, mut entry)) = self.redo.pop() else {
                break;
            };
            if let (Some(cap), Some(ms), true) = (cap, entry.clock_ms.as_mut(), entry.side == mover) {
                *ms = (*ms).min(cap.as_millis() as u64);
            }
            if self.position.play(mv).is_err() {
                (self.redo, self.undone_from) = (Vec::new(), None);
                break;
            }
            self.record.push_record(entry);
            steps.push(Step::Forward(mv));
        }
        self.record.finish(&self.position);
        if let (Some((ply, side, left)), Some(clock)) = (self.undone_from, self.clock())
            && (ply, side) == (self.plies(), self.side_to_move())
        {
            let owed = clock.remaining(side).saturating_sub(left);
            self.carried_turn = (!owed.is_zero()).then_some((ply, owed));
            self.undone_from = None;
        }
        self.after_history_step(shown_before, &steps)
    }

    /// Undo and redo end any review and show the live position.
    fn after_history_step(&mut self, shown_before: Option<usize>, steps: &[Step]) -> Shown {
        if steps.is_empty() && shown_before.is_none() {
            return Shown::Same;
        }
        self.review = None;
        self.line = None;
        let single = if steps.len() == 1 && shown_before.is_none() { steps.first().copied() } else { None };
        Shown::Moved(single)
    }

    /// Shows the position after `ply` moves; the live ply ends review.
    pub(crate) fn go_to(&mut self, ply: usize) -> Shown {
        let live = self.plies();
        let target = (ply < live).then_some(ply);
        if let Some((_, before)) = self.line.take() {
            self.review = target;
            return Shown::Moved(step_between(&before, &self.shown_position()));
        }
        if target == self.review {
            return Shown::Same;
        }
        let shown = self.shown_ply();
        let wanted = target.unwrap_or(live);
        self.review = target;
        let step = match wanted.checked_sub(shown) {
            Some(1) => self.position.moves().get(shown).copied().map(Step::Forward),
            None if shown - wanted == 1 => self.position.moves().get(wanted).copied().map(Step::Back),
            _ => None,
        };
        Shown::Moved(step)
    }

    /// Cuts the game at the reviewed ply and plays on from there as a new
    /// generation (so stale searches are dropped); false when not reviewing.
    pub(crate) fn continue_from_here(&mut self) -> bool {
        let Some(ply) = self.review.filter(|_| self.line.is_none()) else {
            return false;
        };
        while self.plies() > ply && self.position.undo().is_some() {
            self.record.pop();
        }
        self.record.finish(&self.position);
        (self.redo, self.undone_from) = (Vec::new(), None);
        self.review = None;
        self.replay = None;
        self.generation += 1;
        true
    }

    /// Ends watching a record; the game goes on from the position reached.
    pub(crate) fn stop_replay(&mut self) -> bool {
        self.replay.take().is_some()
    }

    /// Keeps the record's players in step with who plays now (a watched record, a finished game keep theirs).
    pub(crate) fn set_players(&mut self, players: &Players) {
        if self.replay.is_some() || self.outcome().is_over() {
            return;
        }
        self.record.white = Player::from(&players.white);
        self.record.black = Player::from(&players.black);
    }

    /// The same game under a new generation number.
    pub(crate) fn with_generation(mut self, generation: u64) -> GameSession {
        self.generation = generation;
        self
    }
}

/// Side lines: while reviewing, a move made on the board is tried (see
/// [`crate::game::side_lines`]); the game's own moves change only when
/// a line is promoted.
impl GameSession {
    /// Plays `mv` on the reviewed position as a side line (or along the
    /// game or a line that has it); the game's moves do not change.
    pub(crate) fn try_line(&mut self, mv: EngineMove) -> Result<Shown, PlayRefused> {
        if !self.reviewing() {
            return Err(PlayRefused::Stale);
        }
        let shown = self.shown_position();
        let mut after = shown.clone();
        after.play(mv).map_err(PlayRefused::Illegal)?;
        let edited = tried(&self.record, &self.shown_path(), &shown.move_name(mv)).ok_or(PlayRefused::Stale)?;
        self.record = edited.record;
        self.place(edited.place, after);
        Ok(Shown::Moved(Some(Step::Forward(mv))))
    }

    /// Shows the place `path` of the game's tree (the main line's ends review).
    pub(crate) fn show_line(&mut self, path: &LinePath) -> Shown {
        if path.on_main_line() {
            return self.go_to(path.ply);
        }
        let Some(position) = position_on(&self.record, path) else {
            debug!("ignoring a side line the game does not have");
            return Shown::Same;
        };
        let before = self.shown_position();
        self.place(path.clone(), position);
        Shown::Moved(step_between(&before, &self.shown_position()))
    }

    /// The shown side line becomes the line it branches from (the game's
    /// main line when it leaves the game), under a new generation; false
    /// when no side line is shown.
    pub(crate) fn promote_line(&mut self) -> bool {
        let Some((path, position)) = self.line.clone() else { return false };
        let Some(Edited { record, end, place }) = promoted(&self.record, &path) else { return false };
        (self.record, self.position) = (record, end);
        (self.redo, self.undone_from) = (Vec::new(), None);
        self.generation += 1;
        self.place(place, position);
        true
    }

    /// Deletes the shown side line and shows where it branched from.
    pub(crate) fn delete_line(&mut self) -> Shown {
        let Some((path, before)) = self.line.clone() else { return Shown::Same };
        let Some(Edited { record, place, .. }) = deleted(&self.record, &path) else { return Shown::Same };
        let Some(position) = position_on(&record, &place) else { return Shown::Same };
        self.record = record;
        self.place(place, position);
        Shown::Moved(step_between(&before, &self.shown_position()))
    }

    /// The place one move back (`forward` false) or on from the shown one,
    /// along the shown line; none at either end.
    pub fn step_along(&self, forward: bool) -> Option<LinePath> {
        let path = self.shown_path();
        if forward { self.record.line_tree().next(&path) } else { path.back() }
    }

    /// The board shows `path`, whose position is `position`.
    fn place(&mut self, path: LinePath, position: Position) {
        if path.on_main_line() {
            self.line = None;
            self.review = (path.ply < self.plies()).then_some(path.ply);
        } else {
            self.review = Some(path.leaves_game_at());
            self.line = Some((path, position));
        }
    }
}
