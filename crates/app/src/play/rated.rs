//! Rated games: a game a person finishes against a level of the ladder, with
//! no hint, no solver, no analysis, no change of players and at most [`TAKEBACKS`]
//! undos, moves their rating in that game (Glicko-2; the level counts at its
//! measured rating, its interval as its deviation). Lessons and puzzles
//! borrow the board as visits and are never rated.

use bevy::prelude::*;

use crate::board::overlay::ThinkingOverlay;
use crate::engine::ai::search::Level;
use crate::engine::lab::levels::LevelTable;
use crate::engine::library::glicko::Opponent;
use crate::engine::{Side, Variant};
use crate::game::left::GameLeft;
use crate::game::notice::Notice;
use crate::game::owner::visit::Visit;
use crate::game::phase::{GamePhase, GameSystems};
use crate::game::players::{PlayerSetup, Players};
use crate::game::ratings::{Progress, RatedNow};
use crate::game::request::{GameRequest, MoveSource};
use crate::game::screen::Screen;
use crate::game::session::GameSession;
use crate::tasks::analysis::AnalysisSettings;
use crate::tasks::hint::HintRequest;
use crate::tasks::proof::SolveRequest;

/// Undos a rated game allows (a slip of the mouse, not a second try).
pub const TAKEBACKS: u32 = 2;

/// Why a game of two people, or of two levels, is not rated.
const NOT_A_PAIRING: &str = "only a person against a level is rated";

/// Why a game chosen casual is not rated.
pub const CASUAL: &str = "the game was chosen casual";

/// Why a game whose players changed after its first move is not rated.
const PLAYERS_CHANGED: &str = "the players changed during the game";

/// Why a game resumed after a restart, unrated for another reason, stays so.
const NOT_RATED_WHEN_LEFT: &str = "it was not rated when it was left";

/// Why a rated game ended before the person's first move does not count.
pub const ABORTED: &str = "the game was aborted: you made no move";

/// What a rated game forbids, stated once: each makes the game casual, so
/// asked for during a rated game each asks first ([`Forbidden::question`]).
/// The winning-chance bar is not asked for: it is hidden while a rated game
/// is played ([`RatedGame::in_force`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Forbidden {
    Hint,
    Solver,
    Analysis,
    /// A take-back beyond [`TAKEBACKS`].
    TakeBack,
    /// Going back to an earlier move ("Continue from here"): however many
    /// moves it drops (fresh eyes, round 9: one "take-back" dropped a whole
    /// losing game, clocks and all, down to an abort).
    GoingBack,
}

impl Forbidden {
    /// The question asked before it is done in a rated game; `moved`: the
    /// person has moved in it, so giving the rating up counts as a loss.
    pub fn question(self, moved: bool) -> String {
        let what = match self {
            Forbidden::Hint => "A hint",
            Forbidden::Solver => "The solver",
            Forbidden::Analysis => "The analysis",
            Forbidden::TakeBack => "Another take-back",
            Forbidden::GoingBack => "Going back to an earlier move",
        };
        if moved {
            format!("{what} ends this rated game as a loss for your rating; play goes on as a casual game. Go on?")
        } else {
            format!("{what} makes this game casual (before your first move it costs nothing): go on?")
        }
    }

    /// Why the game is no longer rated once it was done.
    fn reason(self) -> &'static str {
        match self {
            Forbidden::Hint => "a hint was asked for",
            Forbidden::Solver => "the solver was asked",
            Forbidden::Analysis => "the analysis was on",
            Forbidden::TakeBack => TOO_MANY_TAKEBACKS,
            Forbidden::GoingBack => "it went back to an earlier move",
        }
    }
}

/// Why a rated game the person had moved in is rated no more: they gave
/// its rating up (a hint, the analysis, a take-back too many), which counts
/// as a loss as leaving it does (fresh eyes: a hint, then resigning,
/// escaped a lost rated game's loss).
const GIVEN_UP: &str = "it was made casual after you had moved, which counts as a loss";

/// Why a game on another board than the standard one is not rated.
pub const OTHER_BOARD: &str = "ratings are measured on the standard board only";

/// Why a game opened when already finished does not move the rating now.
const OPENED_FINISHED: &str = "it was opened finished";

const TOO_MANY_TAKEBACKS: &str = "more than two moves were taken back";

/// Why a game moved on another screen than Play is not rated.
const PLAYED_ELSEWHERE: &str = "only games played on the Play screen are rated";
/// Why a game begun by Analyse's or Watch & Lab's New game is not rated
/// (fresh eyes, round 21: a teacher's new analysis board against the last
/// opponent was a rated game, its first move the AI's, the rating at stake).
const STARTED_ELSEWHERE: &str = "only games started on Play are rated";

/// New games are casual (chosen so in the play setup) until a rated one is chosen.
#[derive(Resource, Default, Clone, Copy, Debug, PartialEq, Eq)]
pub struct Casual(pub bool);

/// Whether the game in progress will be rated, and the last rated result.
#[derive(Resource, Default, Clone, Debug, PartialEq)]
pub struct RatedGame {
    generation: Option<u64>,
    /// Why the game will not be rated; `None` while it will be.
    unrated: Option<&'static str>,
    takebacks: u32,
    /// The game in progress while a visit has the board, with its standing.
    set_aside: Option<SetAside>,
    /// The game's end already moved the rating (an undo and the same end count once).
    counted: bool,
    /// The last rated game's result.
    pub last: Option<RatedResult>,
    /// The game (its generation) given up by a yes after the person's first
    /// move: its loss counted, so the Library keeps it when it ends or is
    /// left, after a restart or a visit too (fresh eyes, round 14: such a
    /// game resumed after a restart and then left was not kept).
    given_up: Option<u64>,
}

/// The standing of the game that waits while a visit has the board.
#[derive(Clone, Debug, PartialEq)]
struct SetAside {
    generation: u64,
    moves: Vec<crate::engine::Move>,
    /// Whether and why it was unrated.
    unrated: Option<&'static str>,
    takebacks: u32,
    /// Its end had moved the rating already (fresh eyes: a finished rated
    /// game taken up again after a puzzle was counted a second time).
    counted: bool,
}

/// A rated game's effect: which game, and the rating before and after.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct RatedResult {
    pub generation: u64,
    pub variant: Variant,
    pub before: f64,
    pub after: f64,
    /// The rating was new (few games, a wide interval), so it moved far.
    pub provisional: bool,
}

/// Below this many games before it, a rating is new and moves fast.
const NEW_RATING_GAMES: u32 = 5;

impl RatedResult {
    /// "Rated: your Breakthrough rating went from 1000 to 970 (-30)."
    pub fn words(&self) -> String {
        // The change of the figures shown (831 to 703 is -128, whatever the decimals).
        let (before, after) = (self.before.round(), self.after.round());
        let game = self.variant.title();
        if before == after {
            return format!("Rated: your {game} rating stayed at {after:.0}.");
        }
        // Why a first loss moves a rating far (fresh eyes, round 14: 1000 to
        // 695 against a level of about 800, with nothing said).
        let new = if self.provisional { " A new rating moves fast: its first games count most." } else { "" };
        format!("Rated: your {game} rating went from {before:.0} to {after:.0} ({:+.0}).{new}", after - before)
    }
}

impl RatedGame {
    /// Why the game in progress will not count, or `None` if it will.
    pub fn unrated_because(&self) -> Option<&'static str> {
        self.unrated
    }

    fn start(&mut self, generation: u64, why_not: Option<&'static str>) {
        let set_aside = self.set_aside.take();
        *self = RatedGame {
            generation: Some(generation),
            unrated: why_not,
            takebacks: 0,
            set_aside,
            counted: false,
            last: self.last,
            given_up: self.given_up,
        };
    }

    /// Whether game `generation`'s result moved the rating (it ended rated,
    /// was left rated, or was given up after the first move).
    pub fn counted_for(&self, generation: u64) -> bool {
        self.last.is_some_and(|last| last.generation == generation) || self.given_up == Some(generation)
    }

    /// Across a visit the game left behind keeps its standing: set aside when
    /// the visit starts, taken up again when the same game comes back.
    /// Returns whether the game now on the board was taken up.
    fn follow_visit(&mut self, session: &GameSession, visit: &Visit) -> bool {
        if visit.waiting() {
            if self.set_aside.is_none()
                && let Some(left) = visit.left_game()
            {
                let (generation, moves) = (left.generation(), left.position().moves().to_vec());
                let (unrated, takebacks, counted) = (self.unrated, self.takebacks, self.counted);
                self.set_aside = Some(SetAside { generation, moves, unrated, takebacks, counted });
            }
            return false;
        }
        let Some(aside) = self.set_aside.take() else { return false };
        if session.position().moves() != aside.moves.as_slice() {
            return false;
        }
        (self.generation, self.unrated, self.takebacks) = (Some(session.generation()), aside.unrated, aside.takebacks);
        self.counted = aside.counted;
        // The same game under the generation its return gave it.
        if self.given_up == Some(aside.generation) {
            self.given_up = Some(session.generation());
        }
        if let Some(last) = self.last.as_mut().filter(|last| last.generation == aside.generation) {
            last.generation = session.generation();
        }
        true
    }

    /// Whether game `generation` (the board's or the one set aside) was
    /// still rated when it was left.
    fn was_rated(&self, generation: u64) -> bool {
        match &self.set_aside {
            Some(aside) if aside.generation == generation => aside.unrated.is_none() && !aside.counted,
            _ => self.generation == Some(generation) && self.unrated.is_none() && !self.counted,
        }
    }

    /// The game in progress's standing: why it will not be rated (`None`:
    /// it will) and the moves taken back; during a visit (a lesson, a
    /// puzzle, a game studied), the standing of the game that waits.
    pub fn kept_standing(&self) -> (Option<&'static str>, u32) {
        match &self.set_aside {
            Some(aside) => (aside.unrated, aside.takebacks),
            None => (self.unrated, self.takebacks),
        }
    }

    /// A game resumed after a restart, game `generation`, keeps the standing
    /// it was left with (`unrated`: why it would not count, as it was stored).
    pub fn resume(&mut self, generation: u64, unrated: Option<&str>, takebacks: u32) {
        // The reason as it was (fresh eyes, round 11: "a hint was asked for"
        // came back from a restart as "it was not rated when it was left").
        let forbidden =
            [Forbidden::Hint, Forbidden::Solver, Forbidden::Analysis, Forbidden::TakeBack, Forbidden::GoingBack];
        let known =
            [CASUAL, NOT_A_PAIRING, GIVEN_UP, TOO_MANY_TAKEBACKS, PLAYED_ELSEWHERE, OTHER_BOARD, PLAYERS_CHANGED];
        let mut reasons = known.into_iter().chain(forbidden.map(Forbidden::reason));
        let why = unrated.map(|why| reasons.find(|known| *known == why).unwrap_or(NOT_RATED_WHEN_LEFT));
        *self = RatedGame {
            generation: Some(generation),
            unrated: why,
            takebacks,
            set_aside: None,
            counted: false,
            last: self.last,
            given_up: (why == Some(GIVEN_UP)).then_some(generation),
        };
    }

    fn spoil(&mut self, why: &'static str) {
        self.unrated.get_or_insert(why);
    }

    /// Whether the game `session` shows is rated and still being played: its
    /// rules hold (nothing it forbids without asking, no winning-chance bar).
    pub fn in_force(&self, session: &GameSession) -> bool {
        self.generation == Some(session.generation())
            && self.unrated.is_none()
            && !self.counted
            && !session.outcome().is_over()
    }

    /// Whether replacing the game in progress would count as a loss: it is
    /// rated and still played, and the person has moved in it. The game in
    /// progress is the board's (`session`, `players`) or, during a visit,
    /// the one that waits (fresh eyes: "Play on from this game" beside a
    /// rated game warned of nothing, and the game counted as a loss).
    pub fn at_stake(&self, session: &GameSession, players: &Players, visit: &Visit) -> bool {
        // Moves taken back and still there to redo count (fresh eyes, round
        // 20: undo to the start, a free hint "before your first move", then
        // Redo, and a rated game was casual at no cost).
        let moved = |game: &GameSession, person: Side| game.has_moved(person);
        if let (Some(aside), Some(left), Some(left_players)) =
            (&self.set_aside, visit.left_game(), visit.left_players())
            && aside.generation == left.generation()
        {
            let rated = aside.unrated.is_none() && !aside.counted && !left.outcome().is_over();
            return rated && left_players.person().is_some_and(|person| moved(left, person));
        }
        self.in_force(session) && players.person().is_some_and(|person| moved(session, person))
    }

    /// Whether doing `what` now would make the rated game casual (and so asks first).
    pub fn would_spoil(&self, session: &GameSession, what: Forbidden) -> bool {
        self.in_force(session) && (what != Forbidden::TakeBack || self.takebacks >= TAKEBACKS)
    }

    /// The take-backs a rated game in progress still allows (none for a casual one).
    pub fn takebacks_left(&self, session: &GameSession) -> Option<u32> {
        self.in_force(session).then(|| TAKEBACKS.saturating_sub(self.takebacks))
    }

    /// Undo's hover: in a rated game, how many take-backs are left, and
    /// that one more asks before it ends the rating (the button stays, as
    /// a slip needs it; people read it as a free undo).
    pub fn undo_hover(&self, session: &GameSession) -> String {
        match self.takebacks_left(session) {
            None => "Take back (Ctrl+Z)".to_string(),
            Some(0) => {
                "Take back (Ctrl+Z): no take-backs left in this rated game; another ends the rating (asked first)"
                    .to_string()
            }
            Some(left) => format!("Take back (Ctrl+Z): {left} of {TAKEBACKS} left in this rated game"),
        }
    }

    /// The person said yes to `what`: the game is casual from now on.
    pub(crate) fn make_casual(&mut self, what: Forbidden) {
        self.spoil(what.reason());
    }

    /// The person said yes to `what` in the rated game on the board (`board`:
    /// its session, players and the visit). Before their first move the
    /// game only becomes casual; after it, it counts as a loss at once, as
    /// leaving it would, and play goes on casual.
    /// The game went on under generation `now` (cut at a reviewed move):
    /// its standing, and a loss counted for it, go with it (fresh eyes,
    /// round 16: a game given up, then cut, was kept in the library as
    /// never rated).
    fn follow_cut(&mut self, now: u64) {
        let before = now.checked_sub(1);
        if self.generation.is_some() && self.generation == before {
            self.generation = Some(now);
        }
        if self.given_up.is_some() && self.given_up == before {
            self.given_up = Some(now);
        }
        if let Some(last) = self.last.as_mut().filter(|last| Some(last.generation) == before) {
            last.generation = now;
        }
    }

    pub(crate) fn give_up(
        &mut self,
        what: Forbidden,
        board: (&GameSession, &Players, &Visit),
        progress: &mut Progress,
        notice: &mut Notice,
    ) {
        let (session, players, visit) = board;
        let at_stake = !visit.waiting() && self.at_stake(session, players, visit);
        self.make_casual(what);
        if !at_stake || self.unrated.is_none() {
            return;
        }
        self.unrated = Some(GIVEN_UP);
        self.given_up = Some(session.generation());
        let Some((_, level)) = rated_pairing(players) else { return };
        if let Some(result) = record_result(progress, session.variant(), level, 0.0, session.generation()) {
            self.last = Some(result);
            notice.error(format!("The game is casual now, and counted as a loss. {}", result.words()));
        }
    }

    /// Whether the game `session` shows was rated and has ended: it stays
    /// ended (no undo of a resignation or of the last move, which would play
    /// a rated game on after its result counted).
    pub fn final_result(&self, session: &GameSession) -> bool {
        self.counted && self.generation == Some(session.generation())
    }

    /// What the panel says of the game's rating: its rules while it is
    /// rated, why it is not, or after it ended what happened to the rating.
    pub fn standing(&self, session: &GameSession) -> String {
        // A replay of a finished game (a series game watched) is no one's to rate.
        if session.replay().is_some() {
            return "A replayed game: no rating moves with it.".to_string();
        }
        let this_game = self.generation == Some(session.generation());
        if let Some(last) =
            self.last.filter(|last| this_game && self.counted && last.generation == session.generation())
        {
            return last.words();
        }
        let over = session.outcome().is_over();
        if let (Some(GIVEN_UP), true) = (self.unrated, this_game) {
            // The loss's figures live until a restart; the fact does not
            // (fresh eyes, round 21: "your rating did not change" was said).
            let figures = self.last.filter(|last| last.generation == session.generation());
            let counted = "This game became casual after you had moved: it counted as a loss.";
            return figures.map_or(counted.to_string(), |last| format!("{counted} {}", last.words()));
        }
        match (self.unrated.filter(|_| this_game), over) {
            // The take-backs left are counted on screen, not only in Undo's hover (fresh eyes, round 10).
            (None, false) => {
                let left = TAKEBACKS.saturating_sub(self.takebacks);
                format!("This game is rated: no hints, no analysis; take-backs left: {left} of {TAKEBACKS}.")
            }
            (None, true) => "This game was rated.".to_string(),
            (Some(why), false) => format!("This game is not rated: {why}."),
            // No person played a level: there is no "your rating" to speak of.
            (Some(why), true) if why == NOT_A_PAIRING => format!("This game was not rated: {why}."),
            // What it did to the rating is in its record; opening it does
            // nothing to it (fresh eyes, round 20: "settled when it was
            // played" said nothing a person could use).
            (Some(OPENED_FINISHED), true) => {
                "A finished game, opened: opening and studying it change no rating.".to_string()
            }
            (Some(why), true) => format!("This game was not rated ({why}): your rating did not change."),
        }
    }

    /// New players before the first move make a new pairing, judged on its
    /// own (what the person chose before playing is the game they play);
    /// after it they spoil the game. Only the pairing's verdict is redone: a
    /// hint or the analysis before the first move still counts.
    /// `judge`: the new pairing's verdict, judged whole (fresh eyes: a
    /// casual game that replaced an AI-vs-AI one was judged on its pairing
    /// alone, and rated).
    fn players_changed(&mut self, before_first_move: bool, judge: impl FnOnce() -> Option<&'static str>) {
        if !before_first_move || self.takebacks > 0 {
            self.spoil(PLAYERS_CHANGED);
        } else if self.unrated.is_none_or(|why| why == NOT_A_PAIRING) {
            self.unrated = judge();
        }
    }
}

/// The level offered to a person who picks an AI opponent: the one nearest
/// their rating in `variant` (Medium where the ladder has no levels).
pub fn suggested_level(progress: &Progress, variant: Variant) -> Level {
    LevelTable::shipped().nearest(variant, progress.rating(variant).glicko.rating).unwrap_or(Level::MEDIUM)
}

pub(crate) fn plugin(app: &mut App) {
    app.init_resource::<RatedGame>()
        .init_resource::<Casual>()
        .add_systems(Update, track.after(crate::tasks::analysis::new_games_start_without).before(GameSystems::Show))
        .add_systems(
            Update,
            hide_thinking.after(crate::board::overlay::lines::follow_search).before(GameSystems::Board),
        )
        .add_systems(OnEnter(GamePhase::Over), rate);
}

/// The opponent's thinking (its expected line, its scores) is analysis: a
/// rated game shows none of it while it is played (the panel says so).
fn hide_thinking(session: Res<GameSession>, rated: Res<RatedGame>, mut overlay: ResMut<ThinkingOverlay>) {
    if rated.in_force(&session) && overlay.line.is_some() {
        overlay.line = None;
    }
}

/// The person's side and the level they play, if the players make a rated pairing.
pub(crate) fn rated_pairing(players: &Players) -> Option<(Side, Level)> {
    match (&players.white, &players.black) {
        (PlayerSetup::Human, PlayerSetup::Ai(config)) => Level::of(config).map(|level| (Side::White, level)),
        (PlayerSetup::Ai(config), PlayerSetup::Human) => Level::of(config).map(|level| (Side::Black, level)),
        _ => None,
    }
}

/// Follows the game in progress: a new game starts eligible or not; an undo
/// past the limit, a hint, the analysis or new players after the first move
/// spoil it.
pub(crate) fn track(
    mut requests: MessageReader<GameRequest>,
    (mut hints, mut solves): (MessageReader<HintRequest>, MessageReader<SolveRequest>),
    (session, players, visit, analysis): (Res<GameSession>, Res<Players>, Res<Visit>, Res<AnalysisSettings>),
    (casual, screen): (Res<Casual>, Res<State<Screen>>),
    (mut rated, mut now): (ResMut<RatedGame>, ResMut<RatedNow>),
    (mut progress, mut notice, mut left_games): (ResMut<Progress>, ResMut<Notice>, MessageReader<GameLeft>),
) {
    let requests: Vec<&GameRequest> = requests.read().collect();
    // "Continue from here" cuts the same game under a new generation (so
    // stale searches drop): its standing goes with it, as an undo's does.
    let cut = requests.iter().any(|r| matches!(r, GameRequest::ContinueFromHere | GameRequest::PromoteLine));
    if cut {
        rated.follow_cut(session.generation());
    }
    // Before the standing moves on to the new game: the game left was rated, or not.
    for GameLeft { session: left, players: left_players } in left_games.read() {
        if rated.was_rated(left.generation()) {
            forfeit(left, left_players, &mut rated, &mut progress, &mut notice);
        }
    }
    let taken_up = rated.follow_visit(&session, &visit);
    if !taken_up && rated.generation != Some(session.generation()) {
        let off_play = matches!(screen.get(), Screen::Analyse | Screen::Watch);
        let why_not = why_not_rated(&session, &players, &visit, casual.0);
        rated.start(session.generation(), why_not.or(Some(STARTED_ELSEWHERE).filter(|_| off_play)));
    }
    for request in requests {
        match request {
            // Promoting a side line replaces the moves after it, as a take-back does.
            GameRequest::Undo | GameRequest::ContinueFromHere | GameRequest::PromoteLine => {
                rated.takebacks += 1;
                if rated.takebacks > TAKEBACKS {
                    rated.spoil(TOO_MANY_TAKEBACKS);
                }
            }
            // A rated game is played on Play: a person's move made elsewhere
            // (a first start's board moved in Analyse) makes it casual.
            GameRequest::Play(choice)
                if choice.source == MoveSource::Human && *screen.get() != Screen::Play && !visit.waiting() =>
            {
                rated.spoil(PLAYED_ELSEWHERE);
            }
            GameRequest::SetPlayers(players) => {
                let fresh = session.plies() == 0 && session.replay().is_none() && !visit.waiting();
                rated.players_changed(fresh, || why_not_rated(&session, players, &visit, casual.0));
            }
            _ => {}
        }
    }
    // The safety net: the buttons and keys ask first (see the asks module).
    if hints.read().count() > 0 {
        rated.make_casual(Forbidden::Hint);
    }
    if solves.read().count() > 0 {
        rated.make_casual(Forbidden::Solver);
    }
    if analysis.on {
        rated.make_casual(Forbidden::Analysis);
    }
    now.set_if_neq(RatedNow(rated.in_force(&session)));
}

/// Why a game starting now would not be rated (`None`: it will be), its
/// players `players`, the setup's choice `casual`.
fn why_not_rated(session: &GameSession, players: &Players, visit: &Visit, casual: bool) -> Option<&'static str> {
    if visit.studying() {
        Some("a game opened to study is not rated")
    } else if visit.active() {
        Some("lessons and puzzles are not rated")
    } else if rated_pairing(players).is_none() {
        // First: a game of two other people (or two AIs) is not the
        // person's at all, however it began.
        Some(NOT_A_PAIRING)
    } else if session.outcome().is_over() {
        // A finished game opened (from the library, a file): it was
        // rated, or not, when it was played.
        Some(OPENED_FINISHED)
    } else if session.plies() > 0 || session.replay().is_some() {
        Some("only games played from the start are rated")
    } else if session.size() != session.variant().default_size() {
        // The levels' ratings were measured on the standard board (fresh
        // eyes: an 8x5 game set in Analyse was rated against them).
        Some(OTHER_BOARD)
    } else if casual {
        Some(CASUAL)
    } else {
        None
    }
}

/// A rated game the person moved in, replaced before it ended (a new game,
/// another opened, a studied game played on): a loss, as leaving a game is
/// on a server, said in the notice.
fn forfeit(left: &GameSession, players: &Players, rated: &mut RatedGame, progress: &mut Progress, notice: &mut Notice) {
    let Some((_, level)) = rated_pairing(players) else { return };
    let Some(result) = record_result(progress, left.variant(), level, 0.0, left.generation()) else { return };
    rated.counted |= rated.generation == Some(left.generation());
    rated.last = Some(result);
    // A loss, told as bad news (a green tick read as good).
    notice.error(format!("The rated game left unfinished counts as a loss. {}", result.words()));
}

/// The person's rating after a rated game against `level` scored `score`
/// (1 a win, 0 a loss): its effect, or `None` where the level has no
/// measured rating.
fn record_result(
    progress: &mut Progress,
    variant: Variant,
    level: Level,
    score: f64,
    generation: u64,
) -> Option<RatedResult> {
    let measured = LevelTable::shipped().rating(variant, level)?;
    let opponent = Opponent { rating: measured.rating, deviation: (measured.interval / 1.96).max(30.0) };
    let history = progress.rating_mut(variant);
    let (before, provisional) = (history.glicko.rating, history.games < NEW_RATING_GAMES);
    history.record(opponent, score);
    Some(RatedResult { generation, variant, before, after: history.glicko.rating, provisional })
}

/// A finished rated game moves the person's rating.
fn rate(
    session: Res<GameSession>,
    players: Res<Players>,
    mut rated: ResMut<RatedGame>,
    mut progress: ResMut<Progress>,
) {
    let outcome = session.outcome();
    let counted = rated.counted;
    if rated.generation != Some(session.generation()) || rated.unrated.is_some() || counted || !outcome.is_over() {
        return;
    }
    let Some((person, level)) = rated_pairing(&players) else { return };
    // A game the person never moved in is aborted, not lost or won.
    if session.aborted(&players) {
        rated.spoil(ABORTED);
        return;
    }
    let score = match outcome.winner() {
        Some(winner) if winner == person => 1.0,
        Some(_) => 0.0,
        None => 0.5,
    };
    let Some(result) = record_result(&mut progress, session.variant(), level, score, session.generation()) else {
        return;
    };
    rated.last = Some(result);
    // Counted once: a second entry into Over (an undo, then the same end) is not.
    rated.counted = true;
}
