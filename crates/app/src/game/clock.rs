//! The game clock as it runs: the time the side to move has spent on its
//! turn so far, counted while it is to move (not paused, not in review, not
//! over, not in a puzzle, not while a move slides), the flag that falls when
//! it reaches the side's time left, and the low-clock sound as a person's
//! time falls under ten seconds. The clocks themselves are the game's record
//! (each move keeps its side's time), so undo and review show the times of
//! their ply.

use std::time::Duration;

use web_time::Instant;

use bevy::prelude::*;

use crate::engine::Side;
use crate::engine::rules::clock::{Clock, next_change};
use crate::game::control::AiControl;
use crate::game::phase::{GameSystems, TurnPhase};
use crate::game::players::Players;
use crate::game::request::{GameRequest, ReplaceGame};
use crate::game::screen::Screen;
use crate::game::session::GameSession;
use crate::game::sound_cue::{SoundCue, crossed_low};

/// The turn in progress and the time spent on it.
#[derive(Resource, Default, Clone, Copy, Debug, PartialEq)]
pub struct TurnTimer {
    /// The game and ply the time is counted for: a move, an undo or a new
    /// game starts a fresh turn.
    turn: Option<(u64, usize)>,
    spent: Duration,
    /// When the clock last looked, if it was running then: the time since
    /// counts only if the clock ran through it (not a rest spent paused or
    /// in review).
    running_since: Option<Instant>,
    /// The flag was reported for this turn.
    flagged: bool,
}

impl TurnTimer {
    /// The time the side to move has spent on this turn.
    pub fn spent(&self) -> Duration {
        self.spent
    }

    /// Whether the clock ran at all this turn (it runs now, or it counted
    /// time): a move made with it standing still is not charged.
    pub fn ran(&self) -> bool {
        self.running_since.is_some() || !self.spent.is_zero()
    }
}

/// Where the clock reads the time: the wall clock in the window (Bevy's
/// real time is the instant the previous frame finished rendering, which
/// after a rest lags by the whole rest), or the frames' own time, which the
/// headless tests step by a fixed amount.
#[derive(Resource, Default, Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum TimeSource {
    #[default]
    Frames,
    Wall,
}

/// A question is open to the person (resign? give up the rating?): their
/// game holds still, clock and all, until it is answered.
#[derive(Resource, Default, Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct ClockHeld(pub(crate) bool);

pub(crate) fn plugin(app: &mut App) {
    app.init_resource::<TurnTimer>()
        .init_resource::<TimeSource>()
        .init_resource::<ClockHeld>()
        .add_systems(Update, run_turn_timer.after(GameSystems::Input).before(GameSystems::Apply));
}

/// Whether the side to move's clock runs now: while it is to move (a
/// person's turn, an AI's search) on the screen where the game is played,
/// not while the last move slides or a watched game waits out its delay
/// between moves.
fn clock_runs(session: &GameSession, turn: Option<TurnPhase>, here: bool, control: &AiControl, person: bool) -> bool {
    // A person's clock runs while they look back through the game, as a
    // real one does: stopped, stepping back was a pause button, free
    // thinking in a rated game (fresh eyes, round 14). Nobody moves then,
    // so an AI's clock waits.
    let to_move =
        if session.reviewing() { person } else { matches!(turn, Some(TurnPhase::HumanTurn | TurnPhase::AiThinking)) };
    session.record().time_control.is_some()
        && to_move
        && here
        && !control.paused()
        && session.replay().is_none()
        && !session.outcome().is_over()
}

/// Whether the game's clock may run on this screen: a game is played on
/// Play, and watched on Watch & Lab when no person plays it. A person's game
/// shown in Watch & Lab waits with its clock stopped, as on a menu, and
/// Analyse studies any game with its clock stopped.
fn clock_screen(screen: Screen, players: &Players) -> bool {
    match screen {
        Screen::Play => true,
        Screen::Watch => players.both_ai(),
        _ => false,
    }
}

/// Whether the AI of the game on the board may think now: a clocked game's
/// only where its clock runs, so no search goes uncharged while the game
/// waits (fresh eyes, round 25: a rated 15+10 game's AI thought on in
/// Analyse and Watch & Lab with its clock stopped, and played there, its
/// increment added). A replay moves by its record.
pub(crate) fn ai_thinks_here(session: &GameSession, screen: Screen, players: &Players) -> bool {
    session.record().time_control.is_none() || session.replay().is_some() || clock_screen(screen, players)
}

/// Counts the real time of each frame the clock runs through, and reports
/// the flag once the side to move has used its time.
fn run_turn_timer(
    (time, source): (Res<Time<Real>>, Res<TimeSource>),
    session: Res<GameSession>,
    (turn, screen): (Option<Res<State<TurnPhase>>>, Res<State<Screen>>),
    (control, players, replace, held): (Res<AiControl>, Res<Players>, Res<ReplaceGame>, Res<ClockHeld>),
    mut timer: ResMut<TurnTimer>,
    (mut requests, mut sounds): (MessageWriter<GameRequest>, MessageWriter<SoundCue>),
) {
    let this_turn = Some((session.generation(), session.plies()));
    if timer.turn != this_turn {
        // A game set aside or left at a restart goes on with its turn's time so far.
        *timer = TurnTimer { turn: this_turn, spent: session.carried_turn_spent(), ..TurnTimer::default() };
    }
    let now = match *source {
        TimeSource::Wall => Instant::now(),
        TimeSource::Frames => time.last_update().unwrap_or_else(|| time.startup()),
    };
    // The game holds still while the person is asked whether to replace it, or anything else.
    let here = clock_screen(*screen.get(), &players) && replace.pending.is_none() && !held.0;
    let person = !players.get(session.side_to_move()).is_ai();
    let runs = clock_runs(&session, turn.map(|t| *t.get()), here, &control, person);
    let spent_before = timer.spent;
    if runs && let Some(since) = timer.running_since {
        timer.spent += now.saturating_duration_since(since);
    }
    timer.running_since = runs.then_some(now);
    let Some(clock) = session.clock() else { return };
    let side = session.side_to_move();
    let person = !players.get(side).is_ai();
    if person && crossed_low(clock.showing(side, spent_before), clock.showing(side, timer.spent)) {
        sounds.write(SoundCue::LowClock);
    }
    if runs && !timer.flagged && timer.spent >= clock.remaining(session.side_to_move()) {
        timer.flagged = true;
        requests.write(GameRequest::FlagFell { generation: session.generation(), plies: session.plies() });
    }
}

/// The clocks as they show now: the shown ply's, with the side to move's
/// turn so far taken off while its clock runs.
pub fn showing(session: &GameSession, timer: &TurnTimer) -> Option<(Clock, Option<Side>)> {
    // A game in progress shows its live clocks while it is reviewed too (its
    // side to move's runs on); a finished one the clocks of the move shown.
    let over = session.outcome().is_over();
    // A game with a time control but no move's clock kept (pasted or
    // imported) would show its base times as fresh clocks (fresh eyes,
    // round 21): it shows none until its clock runs.
    let kept = session.record().moves.iter().any(|entry| entry.clock_ms.is_some());
    if session.plies() > 0 && !kept && timer.running_since.is_none() {
        return None;
    }
    let clock = session.clock_after(if over { session.shown_ply() } else { session.plies() })?;
    // Held (a question open, a menu shown), the turn's time so far still
    // shows as spent: the clock stands still, it does not jump back; so
    // after a resignation, which ends the game in the turn it was made.
    let this_turn = timer.turn == Some((session.generation(), session.plies())) && !(over && session.reviewing());
    if timer.running_since.is_none() {
        if !this_turn || timer.spent.is_zero() {
            return Some((clock, None));
        }
        let side = session.side_to_move();
        let mut shown = clock;
        shown.set_remaining(side, clock.showing(side, timer.spent));
        return Some((shown, None));
    }
    let side = session.side_to_move();
    let mut shown = clock;
    shown.set_remaining(side, clock.showing(side, timer.spent));
    Some((shown, Some(side)))
}

/// How long until the running clock's digits change: the window wakes then
/// (and not before) to show them. None while no clock runs.
pub(crate) fn next_redraw(session: &GameSession, timer: &TurnTimer) -> Option<Duration> {
    let (clock, Some(side)) = showing(session, timer)? else { return None };
    Some(next_change(clock.remaining(side)))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::rules::clock::TimeControl;
    use crate::engine::{BoardSize, Variant};

    /// Finding (fresh eyes): with a question open the clock showed the
    /// turn's start (3:04 for 2:31) and jumped back once it closed.
    #[test]
    fn a_held_clock_shows_the_time_spent_on_the_turn() {
        let control = TimeControl::parse("60+0").expect("a time control");
        let session = GameSession::new(Variant::Breakthrough, BoardSize::new(8, 8), 3).with_time_control(Some(control));
        let held = TurnTimer { turn: Some((3, 0)), spent: Duration::from_secs(5), ..TurnTimer::default() };
        let (clock, running) = showing(&session, &held).expect("a clock");
        assert_eq!((clock.remaining(Side::White), running), (Duration::from_secs(55), None));
        let other_turn = TurnTimer { turn: Some((2, 0)), ..held };
        assert_eq!(showing(&session, &other_turn).expect("a clock").0.remaining(Side::White), Duration::from_secs(60));
    }

    /// Fresh eyes, round 21: a pasted game with a time control and no
    /// clocks in its moves showed fresh clocks beside its last move.
    #[test]
    fn a_game_without_kept_clocks_shows_none() {
        let control = TimeControl::parse("60+0").expect("a time control");
        let mut session =
            GameSession::new(Variant::Breakthrough, BoardSize::new(8, 8), 3).with_time_control(Some(control));
        let first = session.position().legal_moves()[0];
        session.play(first, None, Some(Duration::from_secs(2))).expect("a legal move");
        let idle = TurnTimer::default();
        let (clock, _) = showing(&session, &idle).expect("a played game's clocks");
        assert_eq!(clock.remaining(Side::White), Duration::from_secs(58));
        let mut pasted = session.record().clone();
        pasted.moves.iter_mut().for_each(|entry| entry.clock_ms = None);
        let pasted = GameSession::from_record(&pasted, 4).expect("the same game");
        assert!(showing(&pasted, &idle).is_none(), "no clocks kept, none shown");
    }
}
