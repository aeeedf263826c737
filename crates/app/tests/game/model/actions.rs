//! What a person can do, as the panels' buttons and keys do it in code:
//! screen changes through `NextState<Screen>`, `GameRequest`s and `Ask`s to
//! the one owner of the game, files in the model's own folder, clock time
//! passing a `STEP` a frame. An action that the screen shown does not offer
//! does nothing (so a shrunk sequence still replays).

use bevy::prelude::*;
use breakline_app::board::input::BoardPointer;
use breakline_app::board::layout::{BoardFlip, ViewFlip};
use breakline_app::files::game_file::{FileAction, FileRequest};
use breakline_app::game::phase::TurnPhase;
use breakline_app::game::players::{PlayerSetup, Players};
use breakline_app::game::request::GameRequest;
use breakline_app::game::screen::{Mode, Screen};
use breakline_app::game::settings::{GameSettings, PlaySettings};
use breakline_app::home::screens::ResumeScreen;
use breakline_app::library::browse::{LibraryRequest, LibraryView};
use breakline_app::library::practice::PracticeRequest;
use breakline_app::library::report::ReportRequest;
use breakline_app::play::asks::{Answer, Ask, Question};
use breakline_app::play::setup::{ColourChoice, Opponent, PlayChoice, PlayRequest};
use breakline_app::puzzles::puzzle::PuzzleRequest;
use breakline_app::tasks::analysis::AnalysisSettings;
use breakline_engine::ai::search::Level;
use breakline_engine::rules::clock::TimeControl;
use breakline_engine::{AiConfig, Variant};

use super::world::World;
use crate::panels::WINDOW_SIZES;
use crate::{Rng, mode, screen, session, turn, update_until};

/// The game the play setup starts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Setup {
    Casual,
    Rated,
    /// Rated, one minute each, no increment.
    RatedClocked,
    /// Casual, the person plays Black (the level moves first).
    CasualAsBlack,
    Friend,
}

/// One thing a person does.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Action {
    /// Home's button for a screen (Play's opens the setup), or Home itself.
    Go(Screen),
    /// Home's Resume, where it is offered.
    Resume,
    /// The setup's Start.
    Start(Setup),
    /// The person's move on the board: the legal move at this index (wrapped).
    Move(u8),
    TakeBack,
    Redo,
    /// ◀: one move back along the line shown (a move then tries a side line).
    Back,
    /// The side line shown made the game's own.
    PromoteLine,
    Hint,
    Analysis(bool),
    /// Watch & Lab's pause and step.
    Pause(bool),
    Step,
    Flip,
    Resign,
    /// The answer to the question open (resign? take back?).
    Answer(bool),
    /// The end panel's New game (the N key).
    NewGame,
    /// Tenths of a second on the clock: this many frames of `STEP`.
    Wait(u8),
    Save,
    Open,
    /// Watch & Lab's preset: two levels play.
    Matchup,
    /// The Library's newest game, opened in Analyse.
    LibraryOpen,
    Report,
    /// The Library's exercise (again: "Next exercise").
    Exercise,
    /// A puzzle's Next (after one is solved or missed).
    NextPuzzle,
    /// Settings: animation on or off, a setting kept over a restart.
    Animate,
    /// The Escape key.
    Escape,
    Restart,
    /// The window dragged to one of the sizes people have (`WINDOW_SIZES`).
    Resize(u8),
}

/// Every kind of action by name, for the tally.
pub const KINDS: [&str; 28] = [
    "Go",
    "Resume",
    "Start",
    "Move",
    "TakeBack",
    "Redo",
    "Back",
    "PromoteLine",
    "Hint",
    "Analysis",
    "Pause",
    "Step",
    "Flip",
    "Resign",
    "Answer",
    "NewGame",
    "Wait",
    "Save",
    "Open",
    "Matchup",
    "LibraryOpen",
    "Report",
    "Exercise",
    "NextPuzzle",
    "Animate",
    "Escape",
    "Restart",
    "Resize",
];

/// The screens Home's buttons open.
const SCREENS: [Screen; 9] = [
    Screen::Home,
    Screen::PlaySetup,
    Screen::Learn,
    Screen::Puzzles,
    Screen::Analyse,
    Screen::Watch,
    Screen::Library,
    Screen::Flow,
    Screen::Settings,
];

const SETUPS: [Setup; 5] = [Setup::Casual, Setup::Rated, Setup::RatedClocked, Setup::CasualAsBlack, Setup::Friend];

/// The model's board: Breakthrough's 8x8, quick to play.
const VARIANT: Variant = Variant::Breakthrough;

impl Action {
    /// A random action among those the screen shown offers, a move the
    /// likeliest where there are moves (as people do).
    pub fn random(rng: &mut Rng, world: &World) -> Action {
        let on = screen(&world.app);
        let mut offered = offered(on, rng);
        if world.app.world().resource::<Question>().text().is_some() {
            offered.push(Action::Answer(rng.next(3) > 0));
        }
        offered.push(Action::Wait(1 + rng.next(30) as u8));
        // A restart now and then: one step in forty or so.
        if rng.next(4) == 0 {
            offered.push(Action::Restart);
        }
        // The window dragged to another size now and then.
        if rng.next(3) == 0 {
            offered.push(Action::Resize(rng.next(WINDOW_SIZES.len()) as u8));
        }
        if on != Screen::Home {
            offered.extend([Action::Go(Screen::Home), Action::Escape]);
        }
        offered[rng.next(offered.len())]
    }

    /// Does it, as the button or key does, then lets it land: false when
    /// the screen shown does not offer it (nothing happened).
    pub fn apply(self, world: &mut World) -> bool {
        let on = screen(&world.app);
        let board = mode(&world.app) == Mode::Board;
        match self {
            Action::Go(to) if to == Screen::Home || on == Screen::Home => go(&mut world.app, to),
            Action::Resume if on == Screen::Home => {
                if let Some(to) = world.app.world().resource::<ResumeScreen>().0 {
                    go(&mut world.app, to);
                }
            }
            Action::Start(setup) if on == Screen::PlaySetup => start(&mut world.app, setup),
            Action::Move(index) if board => play(&mut world.app, index),
            Action::TakeBack if board => send(world, Ask::TakeBack),
            Action::Redo if board => send(world, Ask::Redo),
            Action::Back if board => match session(&world.app).step_along(false) {
                Some(path) => send(world, GameRequest::ShowLine(path)),
                None => return false,
            },
            Action::PromoteLine if board && session(&world.app).line_path().is_some() => send(world, Ask::PromoteLine),
            Action::Hint if board => send(world, Ask::Hint),
            Action::Analysis(true) if board => send(world, Ask::Analysis),
            Action::Analysis(false) if board => world.app.world_mut().resource_mut::<AnalysisSettings>().on = false,
            Action::Pause(paused) if on == Screen::Watch => send(world, GameRequest::SetPaused(paused)),
            Action::Step if on == Screen::Watch => send(world, GameRequest::StepAi),
            Action::Flip if board => flip(&mut world.app),
            Action::Resign if board => send(world, Ask::Resign),
            Action::Answer(yes) if world.app.world().resource::<Question>().text().is_some() => {
                send(world, Answer(yes))
            }
            Action::NewGame if matches!(on, Screen::Play | Screen::Watch) => {
                send(world, GameRequest::NewGame { rematch: false })
            }
            Action::Wait(tenths) => (0..2 * tenths as usize).for_each(|_| world.app.update()),
            Action::Save if board => {
                let path = world.save_file();
                send(world, FileRequest { action: FileAction::Save, path });
            }
            Action::Open if board && world.save_file().exists() => {
                let path = world.save_file();
                send(world, FileRequest { action: FileAction::Load, path });
            }
            Action::Matchup if on == Screen::Watch => {
                let level = PlayerSetup::Ai(level(1));
                send(world, GameRequest::StartMatchup((Players { white: level.clone(), black: level }).into()));
            }
            Action::LibraryOpen if on == Screen::Library => open_newest(world),
            Action::Report if on == Screen::Analyse => send(world, ReportRequest),
            Action::Exercise if on == Screen::Library || on == Screen::Analyse => {
                send(world, PracticeRequest::Start(VARIANT))
            }
            Action::NextPuzzle if on == Screen::Puzzles => send(world, PuzzleRequest::Next),
            Action::Animate if on == Screen::Settings => {
                let mut play = world.app.world_mut().resource_mut::<PlaySettings>();
                play.animate = !play.animate;
            }
            Action::Escape if on != Screen::Home => press_escape(&mut world.app),
            Action::Restart => world.restart(),
            Action::Resize(size) => world.resize(WINDOW_SIZES[size as usize % WINDOW_SIZES.len()]),
            _ => return false,
        }
        world.settle();
        true
    }

    /// The kind of action, for the run's tally.
    pub fn kind(self) -> &'static str {
        let text = format!("{self:?}");
        let name = text.split('(').next().unwrap_or_default();
        KINDS.iter().copied().find(|kind| *kind == name).unwrap_or("other")
    }

    /// The action as Rust, for a journey printed to keep.
    pub fn code(self) -> String {
        format!("Action::{self:?}").replace("Go(", "Go(Screen::").replace("Start(", "Start(Setup::")
    }
}

/// What `on` offers (a move counted several times: moves are most of what
/// people do), its random choices drawn from `rng`.
fn offered(on: Screen, rng: &mut Rng) -> Vec<Action> {
    let moves = vec![Action::Move(rng.next(64) as u8); 6];
    let mut offered = match on {
        Screen::Home => {
            let mut home: Vec<Action> = SCREENS.iter().map(|&to| Action::Go(to)).collect();
            home.extend([Action::Resume; 3]);
            home
        }
        Screen::PlaySetup => vec![Action::Start(SETUPS[rng.next(SETUPS.len())]); 3],
        Screen::Play => [Action::TakeBack, Action::Redo, Action::Hint, Action::Flip, Action::Resign, Action::NewGame]
            .into_iter()
            .chain([Action::Analysis(rng.next(2) == 0), Action::Save, Action::Open, Action::Back, Action::PromoteLine])
            .collect(),
        Screen::Analyse => vec![
            Action::TakeBack,
            Action::Redo,
            Action::Back,
            Action::Back,
            Action::PromoteLine,
            Action::Analysis(rng.next(2) == 0),
            Action::Flip,
            Action::Report,
            Action::Exercise,
            Action::Save,
            Action::Open,
        ],
        Screen::Watch => vec![
            Action::Pause(rng.next(2) == 0),
            Action::Step,
            Action::Matchup,
            Action::NewGame,
            Action::Flip,
            Action::Analysis(rng.next(2) == 0),
        ],
        Screen::Learn => vec![Action::Flip],
        Screen::Puzzles => vec![Action::NextPuzzle, Action::Flip],
        Screen::Library => vec![Action::LibraryOpen, Action::Exercise],
        Screen::Settings => vec![Action::Animate],
        _ => vec![],
    };
    if matches!(on, Screen::Play | Screen::Analyse | Screen::Learn | Screen::Puzzles) {
        offered.extend(moves);
    }
    offered
}

fn send(world: &mut World, message: impl Message) {
    world.app.world_mut().write_message(message);
}

fn level(number: u8) -> AiConfig {
    Level::new(number).expect("a level").config()
}

/// Escape pressed for one frame, as the window's keyboard does.
fn press_escape(app: &mut App) {
    app.world_mut().resource_mut::<ButtonInput<KeyCode>>().press(KeyCode::Escape);
    app.update();
    let mut keys = app.world_mut().resource_mut::<ButtonInput<KeyCode>>();
    keys.release(KeyCode::Escape);
    keys.clear();
}

/// Goes to `to` as a button does.
fn go(app: &mut App, to: Screen) {
    app.world_mut().resource_mut::<NextState<Screen>>().set(to);
    update_until(app, 10, |app| screen(app) == to);
}

/// The setup's choice, the clock in the game settings, then Start.
fn start(app: &mut App, setup: Setup) {
    let beginner = Opponent::Level(Level::new(1).expect("level 1"));
    let (opponent, colour, rated) = match setup {
        Setup::Casual => (beginner, ColourChoice::White, false),
        Setup::Rated | Setup::RatedClocked => (beginner, ColourChoice::White, true),
        Setup::CasualAsBlack => (beginner, ColourChoice::Black, false),
        Setup::Friend => (Opponent::Friend, ColourChoice::White, false),
    };
    let clock = (setup == Setup::RatedClocked).then(|| TimeControl::parse("60+0").expect("a time control"));
    app.world_mut().resource_mut::<GameSettings>().time_control = clock;
    *app.world_mut().resource_mut::<PlayChoice>() = PlayChoice { opponent, colour, rated };
    app.world_mut().write_message(PlayRequest::Start);
    update_until(app, 30, |app| screen(app) == Screen::Play);
}

/// A person's move, when it is a person's turn on the board shown, or a
/// side line's from a position reviewed.
fn play(app: &mut App, index: u8) {
    let s = session(app);
    if turn(app) != Some(TurnPhase::HumanTurn) && !s.reviewing() {
        return;
    }
    let moves = s.shown_position().legal_moves();
    if moves.is_empty() {
        return;
    }
    // Two clicks, as on the board: the board's own rules (whose piece, which
    // screen plays which game) decide, not the model.
    let mv = moves[index as usize % moves.len()];
    for square in [mv.from, mv.to] {
        app.world_mut().write_message(BoardPointer::Press(square));
        app.world_mut().write_message(BoardPointer::Release(Some(square)));
        app.update();
    }
}

/// The Flip button: the view's flip while one is set (a puzzle's), else the person's.
fn flip(app: &mut App) {
    let view = *app.world().resource::<ViewFlip>();
    match view.0 {
        Some(shown) => app.world_mut().resource_mut::<ViewFlip>().0 = Some(!shown),
        None => {
            let mut choice = app.world_mut().resource_mut::<BoardFlip>();
            choice.0 = !choice.0;
        }
    }
}

/// The Library's Open on its newest game.
fn open_newest(world: &mut World) {
    let newest = world.app.world().resource::<LibraryView>().games.first().map(|game| game.id);
    if let Some(id) = newest {
        send(world, LibraryRequest::Open(id));
    }
}
