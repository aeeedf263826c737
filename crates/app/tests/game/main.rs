//! Headless tests of the Bevy game: the real game plugins on `MinimalPlugins`
//! (no window, renderer or egui), with a fixed time step per update.

mod ai_games;
mod analysis;
mod animation;
mod clock;
mod comforts;
mod explorer;
mod findings_game_in_progress;
mod findings_round_18;
mod findings_round_22;
mod findings_round_23;
mod findings_round_24;
mod findings_round_25;
mod findings_round_26;
mod findings_rounds_10_11;
mod findings_rounds_12_13;
mod findings_rounds_14_15;
mod findings_screens;
mod findings_study;
mod findings_words;
mod flow;
mod human_moves;
mod journeys;
mod keyboard;
mod layout;
mod lessons;
mod library;
mod model;
mod nets;
mod overlay;
mod owner;
mod panels;
mod programs;
mod proof;
mod puzzles;
mod rated;
mod screens;
mod series;
mod side_lines;
mod sounds;
mod stale_search;
mod wings;

use std::time::{Duration, Instant};

use bevy::prelude::*;
use bevy::state::app::StatesPlugin;
use bevy::time::TimeUpdateStrategy;
use breakline_app::board::pieces::Piece;
use breakline_app::game::phase::{GamePhase, TurnPhase};
use breakline_app::game::players::{PlayerSetup, Players};
use breakline_app::game::screen::{Mode, Screen};
use breakline_app::game::session::GameSession;
use breakline_app::game::settings::PlaySettings;
use breakline_app::game::sound_cue::SoundCue;
use breakline_app::platform::launch::LaunchOptions;
use breakline_app::{configure, plugin};
use breakline_engine::{AiConfig, Position, Side, Variant};

/// Virtual time that passes with every `update`.
pub const STEP: Duration = Duration::from_millis(50);

pub fn game_app(options: LaunchOptions) -> App {
    let mut app = App::new();
    app.add_plugins((MinimalPlugins, StatesPlugin)).insert_resource(TimeUpdateStrategy::ManualDuration(STEP));
    configure(&mut app, &options);
    // Most tests replace games freely; `owner.rs` tests the question.
    app.insert_resource(PlaySettings { confirm_replace: false, ..default() });
    app.add_plugins(plugin);
    app.init_resource::<CueLog>().add_systems(Last, collect_cues);
    app.update();
    app
}

/// The sound cues the game wrote, kept for [`heard`].
#[derive(Resource, Default)]
pub struct CueLog(Vec<SoundCue>);

fn collect_cues(mut cues: MessageReader<SoundCue>, mut log: ResMut<CueLog>) {
    log.0.extend(cues.read().copied());
}

/// The sound cues written since the last call, in order.
pub fn heard(app: &mut App) -> Vec<SoundCue> {
    std::mem::take(&mut app.world_mut().resource_mut::<CueLog>().0)
}

pub fn options(variant: Variant, white: PlayerSetup, black: PlayerSetup) -> LaunchOptions {
    LaunchOptions { variant, size: variant.default_size(), white, black, ..LaunchOptions::default() }
}

pub fn ai(text: &str, variant: Variant) -> PlayerSetup {
    PlayerSetup::Ai(AiConfig::parse(text, variant).expect("valid AI config"))
}

/// The level a seat plays, whatever the game's seed (each Start seeds it anew).
pub fn level_of(setup: &PlayerSetup) -> Option<breakline_engine::ai::search::Level> {
    match setup {
        PlayerSetup::Ai(config) => breakline_engine::ai::search::Level::of(config),
        _ => None,
    }
}

pub fn session(app: &App) -> &GameSession {
    app.world().resource::<GameSession>()
}

pub fn turn(app: &App) -> Option<TurnPhase> {
    app.world().get_resource::<State<TurnPhase>>().map(|s| *s.get())
}

pub fn phase(app: &App) -> GamePhase {
    *app.world().resource::<State<GamePhase>>().get()
}

/// How long the tests wait in all for an AI task on another thread: frames
/// while it thinks do not count against a wait's budget (a slow or busy
/// machine must not fail a test), up to this long.
const AI_PATIENCE: Duration = Duration::from_secs(60);

/// After one frame: whether it counts against a wait's budget. While an AI
/// task runs, gives it a moment instead, until `deadline`: 2 ms, so that the
/// frames' simulated time (a `STEP` each) outruns an AI's clock only when the
/// AI is very slow, as on a loaded machine.
fn frame_counts(app: &App, deadline: Instant) -> bool {
    if turn(app) == Some(TurnPhase::AiThinking) && Instant::now() < deadline {
        std::thread::sleep(Duration::from_millis(2));
        return false;
    }
    true
}

/// Updates until `done` holds, at most `max` frames besides those an AI task
/// on another thread thinks through.
pub fn update_until(app: &mut App, max: usize, mut done: impl FnMut(&App) -> bool) -> bool {
    let deadline = Instant::now() + AI_PATIENCE;
    let mut frames = 0;
    while frames < max {
        if done(app) {
            return true;
        }
        app.update();
        frames += frame_counts(app, deadline) as usize;
    }
    done(app)
}

/// Updates until it is a person's turn and stays so over two frames (the
/// frame a move lands still shows the turn before its slide starts); at most
/// `max` frames besides those an AI task thinks through.
pub fn settled_human_turn(app: &mut App, max: usize) -> bool {
    let deadline = Instant::now() + AI_PATIENCE;
    let mut frames = 0;
    while frames < max {
        if turn(app) == Some(TurnPhase::HumanTurn) {
            app.update();
            if turn(app) == Some(TurnPhase::HumanTurn) {
                return true;
            }
        }
        app.update();
        frames += frame_counts(app, deadline) as usize;
    }
    false
}

/// The piece entities stand exactly where the shown position (the live one,
/// or the reviewed one) has pieces.
pub fn assert_pieces_match(app: &mut App) {
    let position = &session(app).shown_position();
    let mut expected: Vec<(u8, Side)> = position.pieces();
    expected.sort_by_key(|(square, _)| *square);
    let ply = position.moves().len();
    let mut query = app.world_mut().query::<&Piece>();
    let mut actual: Vec<(u8, Side)> = query.iter(app.world()).map(|p| (p.square, p.color)).collect();
    actual.sort_by_key(|(square, _)| *square);
    assert_eq!(actual, expected, "piece entities after ply {ply}");
}

/// The position after the first `ply` moves of `live` (the one a review of
/// ply `ply` shows).
pub fn position_at(live: &Position, ply: usize) -> Position {
    let mut position = live.clone();
    while position.moves().len() > ply && position.undo().is_some() {}
    position
}

/// A small seeded xorshift generator for random test sequences.
pub struct Rng(pub u64);

impl Rng {
    pub fn next(&mut self, below: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % below as u64) as usize
    }
}

/// The screen the window shows.
pub fn screen(app: &App) -> Screen {
    *app.world().resource::<State<Screen>>().get()
}

/// The board game's mode (computed from the screen).
pub fn mode(app: &App) -> Mode {
    *app.world().resource::<State<Mode>>().get()
}

/// Who plays each side now.
pub fn players(app: &App) -> Players {
    app.world().resource::<Players>().clone()
}

/// Goes to `to` as a button does; the mode follows in the same update.
pub fn go(app: &mut App, to: Screen) {
    app.world_mut().resource_mut::<NextState<Screen>>().set(to);
    assert!(update_until(app, 10, |app| screen(app) == to && mode(app) == to.mode()), "{to:?} shows");
}
