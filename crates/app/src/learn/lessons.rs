//! "How to play": the lesson card's state. A page's example or try-it
//! position borrows the board as a visit, so the game in progress waits and
//! comes back exactly as it was when the card closes. An example's moves are
//! the visit's scripted moves, one a second, with its squares and arrows
//! marked; in a try-it the person plays the side to move (the other side is
//! scripted, so it stays still), and a move the page did not ask for is
//! taken back with the reason. Flow Free's card is text only. The card opens
//! only from Learn (Home points a newcomer there): it never takes the board
//! from a game the person started.

use bevy::prelude::*;

use crate::board::input::MoveRefusal;
use crate::board::layout::BoardLayout;
use crate::engine::lessons::{Lesson, Page, lesson};
use crate::engine::{Move as EngineMove, Position, Side, Variant};
use crate::game::owner::visit::Visit;
use crate::game::phase::{GameSystems, TurnPhase};
use crate::game::players::{PlayerSetup, Players};
use crate::game::request::VisitedGame;
use crate::game::request::{GameRequest, MoveChosen, OpenedGame};
use crate::game::screen::Mode;
use crate::game::session::GameSession;
use crate::game::sound_cue::SoundCue;
use crate::theme::palette;

/// Seconds between an example's moves: long enough to see each one land.
pub(crate) const EXAMPLE_STEP_SECS: f32 = 1.0;

/// Seconds the example's start stands, with its arrows, before the first
/// move: a person reads the position before it changes.
pub(crate) const EXAMPLE_START_SECS: f32 = 2.5;

/// What the person asks of the card.
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub enum LessonRequest {
    /// The card of a board game, or of Flow Free (`None`), at its first page.
    Open(Option<Variant>),
    /// Page `n`, from 0.
    Page(usize),
    /// The page's example again from its start.
    Replay,
    /// The page's try-it position.
    TryIt,
    /// Close the card; the game that waited comes back.
    Close,
    /// After the last page: the play setup, this game chosen, against the
    /// level suggested for the person (the play setup answers it).
    PlayNow(Variant),
}

/// How the person's answer to a try-it stands.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Answer {
    /// No move yet (or the last one was taken back).
    Waiting,
    /// The move asked for.
    Right,
    /// A move the page did not ask for, taken back, and why.
    Wrong(String),
}

/// What the board shows for the page.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Showing {
    /// Nothing of the page (text only; the board is left as it is).
    Text,
    /// The example, its moves played one by one.
    Example,
    /// The try-it position and the answer so far.
    TryIt(Answer),
}

/// The card that is open.
#[derive(Clone, Debug)]
pub struct OpenLesson {
    pub lesson: Lesson,
    /// The page shown, from 0.
    pub page: usize,
    pub showing: Showing,
    /// The visited position, before any move.
    start: Option<Position>,
    /// The example's moves.
    script: Vec<EngineMove>,
    /// The visit's game once it opened; before, any generation above `after` may be it.
    generation: Option<u64>,
    after: u64,
    /// When the example plays its next move (virtual seconds).
    next_at: f32,
    /// Whether this card borrowed the board (its Close gives it back).
    visited: bool,
}

impl OpenLesson {
    /// The example's progress: moves played and moves in all.
    pub(crate) fn example_progress(&self, session: &GameSession) -> (usize, usize) {
        let played = if self.on_board(session) { session.plies() } else { 0 };
        (played.min(self.script.len()), self.script.len())
    }

    /// Whether the board shows this card's visit.
    fn on_board(&self, session: &GameSession) -> bool {
        self.generation == Some(session.generation())
    }
}

/// The card, if one is open.
#[derive(Resource, Default, Clone, Debug)]
pub struct LessonRun {
    pub open: Option<OpenLesson>,
}

/// Squares and arrows the page's example marks on the board (indices of the
/// board shown); the view draws them in [`palette::LESSON`].
#[derive(Resource, Default, Clone, Debug, PartialEq)]
pub struct LessonMarks {
    pub highlights: Vec<u8>,
    pub arrows: Vec<(u8, u8)>,
}

pub(crate) fn plugin(app: &mut App) {
    app.add_message::<LessonRequest>().init_resource::<LessonRun>().init_resource::<LessonMarks>().add_systems(
        Update,
        (handle_requests, follow_visit, play_example, judge_answer, refused_is_wrong).chain().after(GameSystems::Apply),
    );
}

/// Lesson arrows are drawn thicker than plain gizmos.
#[derive(Default, Reflect, GizmoConfigGroup)]
struct LessonGizmos;

/// Window-only parts: the marks, and frames while an example plays.
pub(crate) fn view_plugin(app: &mut App) {
    let line = GizmoLineConfig { width: 5.0, ..default() };
    app.insert_gizmo_config(LessonGizmos, GizmoConfig { line, ..default() }).add_systems(
        Update,
        (retint, draw_arrows.run_if(in_state(Mode::Board)), keep_example_moving).after(GameSystems::Animate),
    );
}

/// Everything the card's systems read and write.
#[derive(bevy::ecs::system::SystemParam)]
struct Card<'w> {
    run: ResMut<'w, LessonRun>,
    marks: ResMut<'w, LessonMarks>,
    session: Res<'w, GameSession>,
    visit: Res<'w, Visit>,
    turn: Option<Res<'w, State<TurnPhase>>>,
    time: Res<'w, Time>,
    game: MessageWriter<'w, GameRequest>,
}

fn handle_requests(mut requests: MessageReader<LessonRequest>, mut card: Card) {
    for request in requests.read() {
        match *request {
            LessonRequest::Open(variant) => card.open(variant),
            LessonRequest::Page(page) => card.turn_to(page),
            LessonRequest::Replay => card.show(Showing::Example),
            LessonRequest::TryIt => card.show(Showing::TryIt(Answer::Waiting)),
            LessonRequest::Close => card.close(),
            // Leaving Learn for the play setup closes the card.
            LessonRequest::PlayNow(_) => {}
        }
    }
}

impl Card<'_> {
    fn open(&mut self, variant: Option<Variant>) {
        // Another game's card replaces this one; Flow Free's needs no board.
        let keeps_board = variant.is_some();
        if !keeps_board {
            self.close();
        }
        let visited = self.run.open.as_ref().is_some_and(|open| open.visited);
        self.run.open = Some(OpenLesson {
            lesson: lesson(variant),
            page: 0,
            showing: Showing::Text,
            start: None,
            script: Vec::new(),
            generation: None,
            after: 0,
            next_at: 0.0,
            visited: visited && keeps_board,
        });
        self.turn_to(0);
    }

    /// Page `page`: its example if it has one, else its try-it, else text.
    fn turn_to(&mut self, page: usize) {
        let Some(open) = self.run.open.as_mut().filter(|open| page < open.lesson.pages.len()) else { return };
        open.page = page;
        let page = &open.lesson.pages[page];
        let showing = match (&page.example, &page.try_it) {
            (Some(_), _) => Showing::Example,
            (None, Some(_)) => Showing::TryIt(Answer::Waiting),
            (None, None) => Showing::Text,
        };
        self.show(showing);
    }

    /// Lays the page's example or try-it position on the board as a visit.
    fn show(&mut self, showing: Showing) {
        *self.marks = LessonMarks::default();
        let Some(open) = self.run.open.as_mut() else { return };
        let page = &open.lesson.pages[open.page];
        let (Some(variant), Some(start)) = (open.lesson.variant, board_position(page, &showing, open.lesson.variant))
        else {
            open.showing = Showing::Text;
            return;
        };
        open.script = match (&showing, &page.example) {
            (Showing::Example, Some(example)) => example.moves(variant).unwrap_or_default(),
            _ => Vec::new(),
        };
        // The example plays both sides; in a try-it the person plays the side to move.
        let mover = start.side_to_move();
        let scripted =
            if showing == Showing::Example { vec![Side::White, Side::Black] } else { vec![mover.opponent()] };
        let players = Players { white: PlayerSetup::Human, black: PlayerSetup::Human };
        let session = GameSession::from_position(start.clone(), &players, 0);
        let opened = OpenedGame { session, players, message: String::new(), kept_when_finished: false };
        self.game.write(GameRequest::Visit(Box::new(VisitedGame { opened, scripted })));
        open.start = Some(start);
        open.showing = showing;
        open.generation = None;
        open.after = self.session.generation();
        open.visited = true;
    }

    /// Closes the card; a board it borrowed goes back to the game that waited.
    fn close(&mut self) {
        if self.run.open.take().is_some_and(|open| open.visited) && self.visit.active() {
            self.game.write(GameRequest::Return);
        }
        *self.marks = LessonMarks::default();
    }
}

/// The position a page shows for `showing`, if it has one that reads.
fn board_position(page: &Page, showing: &Showing, variant: Option<Variant>) -> Option<Position> {
    let variant = variant?;
    let read = match showing {
        Showing::Example => page.example.as_ref()?.position(variant),
        Showing::TryIt(_) => page.try_it.as_ref()?.position(variant),
        Showing::Text => return None,
    };
    read.inspect_err(|error| warn!("lesson page {}: {error}", page.title)).ok()
}

/// Notes when the visit opened (and marks the example's squares); forgets
/// the card when the board was taken for something else (a new game, a file).
fn follow_visit(mut card: Card) {
    let now = card.time.elapsed_secs();
    let Some(open) = card.run.open.as_mut() else { return };
    let (Some(start), true) = (open.start.as_ref(), open.visited) else { return };
    let session = &*card.session;
    match open.generation {
        None if card.visit.active()
            && session.generation() > open.after
            && session.plies() == 0
            && session.record().start_fen == start.fen() =>
        {
            open.generation = Some(session.generation());
            open.next_at = now + EXAMPLE_START_SECS;
            *card.marks = marks(open, start);
        }
        Some(generation) if generation != session.generation() || !card.visit.active() => {
            card.run.open = None;
            *card.marks = LessonMarks::default();
        }
        _ => {}
    }
}

/// The example's highlights and arrows on its board.
fn marks(open: &OpenLesson, start: &Position) -> LessonMarks {
    let example = open.lesson.pages[open.page].example.as_ref().filter(|_| open.showing == Showing::Example);
    let Some(example) = example else { return LessonMarks::default() };
    let size = start.size();
    LessonMarks {
        highlights: example.highlight_squares(size).unwrap_or_default(),
        arrows: example.arrow_squares(size).unwrap_or_default(),
    }
}

/// The example's next move, once the board waits and its moment came.
fn play_example(mut card: Card) {
    let now = card.time.elapsed_secs();
    let waiting = card.turn.as_ref().is_some_and(|t| *t.get() == TurnPhase::HumanTurn);
    let session = &*card.session;
    let Some(open) = card.run.open.as_mut().filter(|o| o.showing == Showing::Example && o.on_board(session)) else {
        return;
    };
    let played = session.position().moves();
    let on_script = open.script.starts_with(played);
    let due = on_script && now >= open.next_at;
    // A moment after its last move the example is over (its game may be
    // too), and its marks go: they named the start's squares (fresh eyes,
    // round 26: they stayed on the finished board, about nothing any more).
    let over = !open.script.is_empty() && played.len() == open.script.len();
    if due && over && *card.marks != LessonMarks::default() {
        *card.marks = LessonMarks::default();
    }
    let Some(&mv) = open.script.get(played.len()).filter(|_| due && waiting) else {
        return;
    };
    card.game.write(MoveChosen::scripted(mv, session));
    open.next_at = now + EXAMPLE_STEP_SECS;
    // The arrows start from the start's pieces: once one moves they would
    // point from empty squares. The squares marked stay while it plays.
    card.marks.arrows.clear();
}

/// The person's move in a try-it: right stays; wrong says why and goes back.
fn judge_answer(mut card: Card, mut sounds: MessageWriter<SoundCue>) {
    let session = &*card.session;
    let Some(open) = card.run.open.as_mut().filter(|o| matches!(o.showing, Showing::TryIt(_)) && o.on_board(session))
    else {
        return;
    };
    if open.showing == Showing::TryIt(Answer::Right) || session.plies() != 1 {
        return;
    }
    let (Some(start), Some(try_it)) = (open.start.as_ref(), open.lesson.pages[open.page].try_it.as_ref()) else {
        return;
    };
    let mv = session.position().moves()[0];
    let answer = match try_it.judge(start, mv) {
        Ok(()) => Answer::Right,
        Err(miss) => Answer::Wrong(miss.to_string()),
    };
    if answer != Answer::Right {
        card.game.write(GameRequest::Undo);
    }
    sounds.write(if answer == Answer::Right { SoundCue::LessonRight } else { SoundCue::LessonWrong });
    open.showing = Showing::TryIt(answer);
}

/// A move the rules refuse, aimed in a try-it, is a wrong answer like any
/// other: the card says why, in its colour and mark, and nothing is left
/// over the board (whose labels it would cover) or for other panels.
fn refused_is_wrong(mut card: Card, mut refusal: ResMut<MoveRefusal>, mut sounds: MessageWriter<SoundCue>) {
    if !refusal.is_changed() || refusal.why.is_none() {
        return;
    }
    let session = &*card.session;
    let Some(open) = card.run.open.as_mut().filter(|o| matches!(o.showing, Showing::TryIt(_)) && o.on_board(session))
    else {
        return;
    };
    if let Some(why) = refusal.take() {
        sounds.write(SoundCue::LessonWrong);
        open.showing = Showing::TryIt(Answer::Wrong(why));
    }
}

#[derive(Component)]
struct LessonTint;

/// Above the squares and analysis tints, below the pieces (2).
const TINT_Z: f32 = 1.6;

fn retint(
    mut commands: Commands,
    marks: Res<LessonMarks>,
    layout: Res<BoardLayout>,
    tints: Query<Entity, With<LessonTint>>,
) {
    if !marks.is_changed() && !layout.is_changed() {
        return;
    }
    for entity in &tints {
        commands.entity(entity).despawn();
    }
    for &square in &marks.highlights {
        commands.spawn((
            Name::new("Lesson highlight"),
            LessonTint,
            Sprite::from_color(palette::LESSON.alpha(0.45).color(), Vec2::ONE),
            Transform::from_translation(layout.square_center(square).extend(TINT_Z)).with_scale(layout.scale()),
        ));
    }
}

fn draw_arrows(marks: Res<LessonMarks>, layout: Res<BoardLayout>, mut gizmos: Gizmos<LessonGizmos>) {
    let color = palette::LESSON.color();
    for &(from, to) in &marks.arrows {
        let (from, to) = (layout.square_center(from), layout.square_center(to));
        let end = to - (to - from).normalize_or_zero() * 0.2 * layout.square;
        gizmos.arrow_2d(from, end, color).with_tip_length(0.25 * layout.square);
    }
}

/// The resting window would sleep between an example's moves.
fn keep_example_moving(
    run: Res<LessonRun>,
    session: Res<GameSession>,
    mut redraw: MessageWriter<bevy::window::RequestRedraw>,
) {
    let playing = run.open.as_ref().is_some_and(|open| {
        let (played, total) = open.example_progress(&session);
        open.showing == Showing::Example && played < total
    });
    if playing {
        redraw.write(bevy::window::RequestRedraw);
    }
}
