//! Settings remembered between runs: board, players, pacing, sound,
//! looks, the play setup's choice and the game left unfinished, as
//! JSON in the platform's config directory. A missing file means defaults;
//! an unreadable one means defaults and a notice, never a failed start.
//! Changes are written at most once a second, and on exit.

use std::path::{Path, PathBuf};

use bevy::prelude::*;
use serde::{Deserialize, Serialize};

use crate::engine::ai::player::{GameRecord, Player};
use crate::engine::rules::clock::TimeControl;
use crate::engine::rules::connection_rule::BothConnected;
use crate::engine::rules::record::MoveRecord;
use crate::engine::{BoardSize, Variant};
use crate::game::clock::TurnTimer;
use crate::game::notice::Notice;
use crate::game::owner::visit::Visit;
use crate::game::players::PlayerSetup;
use crate::game::players::Players;
use crate::game::ratings::Progress;
use crate::game::screen::Screen;
use crate::game::session::GameSession;
use crate::game::settings::{GameSettings, PlaySettings, SettingsPath};
use crate::home::screens::{OpeningScreen, ResumeScreen};
use crate::library::keep::Keeping;
use crate::library::shelf::LibrarySettings;
use crate::platform::file_error::{FileError, Problem, read_text_if_any, write_text};
use crate::platform::launch::LaunchOptions;
use crate::play::rated::{Casual, RatedGame};
use crate::play::setup::{PlayChoice, StoredPlay};
use crate::series::form::{SeriesForm, StoredSeries};
use crate::sound::settings::SoundSettings;
use crate::theme::looks::{Looks, StoredLooks};
use crate::ui::views::PanelLayout;

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct StoredSettings {
    pub variant: Variant,
    pub size: BoardSize,
    pub white: Player,
    pub black: Player,
    pub animate: bool,
    pub move_secs: f32,
    pub ai_delay_secs: f32,
    /// Ask before a game in progress is replaced (files from before it lack it).
    #[serde(default = "ask_by_default")]
    pub confirm_replace: bool,
    /// The clock of new games (files from before it lack it: none).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub time_control: Option<TimeControl>,
    /// Lines of Action's rule for a move joining both sides, in new games
    /// (files from before it lack it: the mover wins).
    #[serde(default, skip_serializing_if = "is_default_rule")]
    pub both_connected: BothConnected,
    /// Ratings, puzzle streaks, lessons offered (files from before it lack it).
    #[serde(default)]
    pub progress: Progress,
    /// Volume and mute (files from before the sound lack them: the defaults).
    #[serde(default)]
    pub sound: SoundSettings,
    /// Board theme, piece set and interface scale (files from before them lack them: the defaults).
    #[serde(default)]
    pub looks: StoredLooks,
    /// The play setup's last choice (files from before it lack it).
    #[serde(default)]
    pub play: StoredPlay,
    /// What the library keeps (files from before it lack it: the defaults).
    #[serde(default)]
    pub library: LibrarySettings,
    /// The Series tab's form as last set (files from before it lack it).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub series: Option<StoredSeries>,
    /// The engine's numbers shown in every mode (files from before it lack it: off).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub engine_numbers: bool,
    /// The unfinished game, resumed on the next start (none when no game waits).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub game: Option<StoredGame>,
}

/// A game left unfinished: its record (players, clock and each move's
/// reading, moves, side lines) and whether it would be rated.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct StoredGame {
    pub record: GameRecord,
    /// Why it would not be rated; none: it is rated.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub unrated: Option<String>,
    /// The moves taken back in it so far.
    #[serde(default)]
    pub takebacks: u32,
    /// Whether the library keeps it when it ends (played from its first move).
    #[serde(default)]
    pub kept: bool,
    /// Milliseconds the side to move had used of its turn (a clocked game's
    /// clock goes on from there after the restart).
    #[serde(default, skip_serializing_if = "is_zero")]
    pub turn_ms: u64,
    /// The moves taken back that Redo would play again, the next first.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub redo: Vec<MoveRecord>,
}

fn is_zero(value: &u64) -> bool {
    *value == 0
}

/// The turn's time is written in whole seconds while the clock runs (the
/// file is rewritten once a second at most, not every frame), rounded up,
/// exactly at exit: a crash or a kill never gives time back (fresh eyes,
/// round 14: steps of five seconds rounded down gave up to 4 s back).
const TURN_STEP_MS: u64 = 1_000;

fn ask_by_default() -> bool {
    true
}

/// `<config dir>/breakline/settings.json` (in the browser, its storage's
/// entry of that name).
pub(crate) fn default_path() -> Option<PathBuf> {
    let config = if cfg!(target_arch = "wasm32") { Some(PathBuf::from("/config")) } else { dirs::config_dir() };
    config.map(|dir| dir.join("breakline").join("settings.json"))
}

/// `Ok(None)` when there is no file yet.
pub fn read(path: &Path) -> Result<Option<StoredSettings>, FileError> {
    let Some(text) = read_text_if_any(path)? else { return Ok(None) };
    let stored: StoredSettings = serde_json::from_str(&text).map_err(|e| Problem::Settings(e).at(path))?;
    stored.variant.check_size(stored.size).map_err(|e| Problem::from(e).at(path))?;
    let finite = stored.move_secs.is_finite() && stored.ai_delay_secs.is_finite();
    if !finite || stored.move_secs < 0.0 || stored.ai_delay_secs < 0.0 {
        return Err(Problem::Times.at(path));
    }
    Ok(Some(stored))
}

pub fn write(path: &Path, stored: &StoredSettings) -> Result<(), FileError> {
    let json = serde_json::to_string_pretty(stored).map_err(|source| FileError::Encode { what: "settings", source })?;
    write_text(path, &json)
}

fn is_default_rule(rule: &BothConnected) -> bool {
    *rule == BothConnected::default()
}

/// The launch defaults with the saved board and players, for the command
/// line to override. Problems are reported by the game once it runs.
pub fn saved_launch_options() -> LaunchOptions {
    let defaults = LaunchOptions::default();
    match default_path().map(|path| read(&path)) {
        Some(Ok(Some(stored))) => LaunchOptions {
            variant: stored.variant,
            size: stored.size,
            white: PlayerSetup::from(&stored.white),
            black: PlayerSetup::from(&stored.black),
            time_control: stored.time_control,
            both_connected: stored.both_connected,
            ..defaults
        },
        _ => defaults,
    }
}

/// What is remembered, as it is now.
#[derive(bevy::ecs::system::SystemParam)]
struct Remembered<'w> {
    settings: Res<'w, GameSettings>,
    players: Res<'w, Players>,
    play: Res<'w, PlaySettings>,
    progress: Res<'w, Progress>,
    sound: Res<'w, SoundSettings>,
    looks: Res<'w, Looks>,
    choice: Res<'w, PlayChoice>,
    library: Res<'w, LibrarySettings>,
    series: Res<'w, SeriesForm>,
    layout: Res<'w, PanelLayout>,
    game: WaitingGame<'w>,
}

/// The game in progress, as the settings keep it.
#[derive(bevy::ecs::system::SystemParam)]
struct WaitingGame<'w> {
    session: Res<'w, GameSession>,
    visit: Res<'w, Visit>,
    rated: Res<'w, RatedGame>,
    keeping: Res<'w, Keeping>,
    timer: Res<'w, TurnTimer>,
}

impl WaitingGame<'_> {
    /// The game with moves that has not ended (while a lesson or a puzzle
    /// has the board, the one that waits for it), if there is one.
    fn stored(&self, exact: bool) -> Option<StoredGame> {
        // Taken back to its start, a game with moves to redo is still the
        // one Home offers (fresh eyes, round 17: a rated game given up there
        // was gone after a restart, its loss counted).
        let session = self.visit.left_game().unwrap_or(&*self.session);
        let moves = session.plies() > 0 || !session.redo_records().is_empty();
        if !moves || session.outcome().is_over() || session.replay().is_some() {
            return None;
        }
        let mut record = session.record().clone();
        if let Some(players) = self.visit.left_players() {
            (record.white, record.black) = (Player::from(&players.white), Player::from(&players.black));
        }
        let (unrated, takebacks) = self.rated.kept_standing();
        let kept = self.keeping.keeps_game_in_progress(&self.session, &self.visit);
        let spent = if self.visit.waiting() { session.carried_turn_spent() } else { self.timer.spent() };
        let spent_ms = u64::try_from(spent.as_millis()).unwrap_or(u64::MAX);
        let turn_ms = if exact { spent_ms } else { spent_ms.div_ceil(TURN_STEP_MS) * TURN_STEP_MS };
        let redo = if self.visit.waiting() { Vec::new() } else { session.redo_records() };
        Some(StoredGame { record, unrated: unrated.map(str::to_string), takebacks, kept, turn_ms, redo })
    }
}

impl Remembered<'_> {
    /// Whether anything remembered changed this frame (the turn's running
    /// time aside: it is written in steps).
    fn changed(&self) -> bool {
        let game = &self.game;
        let game_changed = game.session.is_changed()
            || game.visit.is_changed()
            || game.rated.is_changed()
            || game.keeping.is_changed();
        let settings_changed = self.settings.is_changed() || self.players.is_changed() || self.play.is_changed();
        let looks_changed = self.looks.is_changed() || self.sound.is_changed();
        let rest_changed = self.progress.is_changed()
            || self.choice.is_changed()
            || self.library.is_changed()
            || self.layout.is_changed();
        game_changed || settings_changed || looks_changed || rest_changed
    }

    /// The settings in force now (`exact`: the turn's time to the millisecond).
    fn current(&self, exact: bool) -> StoredSettings {
        let (settings, players, play) = (&self.settings, &self.players, &self.play);
        StoredSettings {
            variant: settings.variant,
            size: settings.size,
            white: Player::from(&players.white),
            black: Player::from(&players.black),
            animate: play.animate,
            move_secs: play.move_secs,
            ai_delay_secs: play.ai_delay_secs,
            confirm_replace: play.confirm_replace,
            time_control: settings.time_control,
            both_connected: settings.both_connected,
            progress: self.progress.clone(),
            sound: *self.sound,
            looks: StoredLooks::from(&*self.looks),
            play: StoredPlay::from(&*self.choice),
            library: *self.library,
            series: self.series.stored(),
            engine_numbers: self.layout.engine_numbers,
            game: self.game.stored(exact),
        }
    }
}

/// What was last read or written, and when the settings were last compared.
#[derive(Resource, Default)]
struct SavedState {
    stored: Option<StoredSettings>,
    checked_at: f32,
}

pub(crate) fn plugin(app: &mut App) {
    app.init_resource::<SettingsPath>()
        .init_resource::<SavedState>()
        // Headless runs have no panels, but the tick is remembered all the same.
        .init_resource::<PanelLayout>()
        .add_systems(Startup, (apply_saved.pipe(resume_saved_game), note_saved).chain())
        .add_systems(Update, save_changes)
        .add_systems(Last, save_on_exit);
}

/// Pacing comes from the file (the command line has no flags for
/// them); board and players came with the launch options. What the run starts
/// with counts as saved: only changes made while playing are written.
fn apply_saved(
    path: Res<SettingsPath>,
    (mut play, mut progress): (ResMut<PlaySettings>, ResMut<Progress>),
    mut sound: ResMut<SoundSettings>,
    (mut looks, mut choice, mut library): (ResMut<Looks>, ResMut<PlayChoice>, ResMut<LibrarySettings>),
    (mut series, mut notice, mut layout): (ResMut<SeriesForm>, ResMut<Notice>, ResMut<PanelLayout>),
    mut casual: ResMut<Casual>,
) -> Option<StoredGame> {
    let Some(path) = &path.0 else {
        return None;
    };
    match read(path) {
        Ok(Some(stored)) => {
            play.animate = stored.animate;
            play.move_secs = stored.move_secs;
            play.ai_delay_secs = stored.ai_delay_secs;
            play.confirm_replace = stored.confirm_replace;
            *progress = stored.progress;
            *sound = stored.sound;
            *library = stored.library;
            // Fresh eyes, round 12: the tick was lost at a restart.
            layout.engine_numbers = stored.engine_numbers;
            if let Some(form) = stored.series {
                series.restore(form);
            }
            let (saved_looks, mut problems) = stored.looks.looks();
            *looks = saved_looks;
            match stored.play.choice() {
                // The rematch is as the setup chose (a casual game offered a
                // rated rematch after a restart: fresh eyes, round 16).
                Ok(saved) => {
                    casual.0 = !saved.rated;
                    *choice = saved;
                }
                Err(problem) => problems.push(problem.to_string()),
            }
            if !problems.is_empty() {
                let problems = problems.join("; ");
                warn!("settings: {problems}; using the defaults for those");
                notice.error(format!("Settings: {problems}; using the defaults for those"));
            }
            stored.game
        }
        Ok(None) => None,
        Err(error) => {
            warn!("settings: {error}; using defaults");
            notice.error(format!("Settings not loaded ({error}); using defaults"));
            None
        }
    }
}

/// A plain start (on Home) takes up the game left unfinished, as it was
/// left: Home offers to resume it. A record that no longer reads is
/// dropped with a notice; a launch that names a game opens that one.
fn resume_saved_game(
    In(game): In<Option<StoredGame>>,
    opening: Option<Res<OpeningScreen>>,
    (mut session, mut players, mut rated): (ResMut<GameSession>, ResMut<Players>, ResMut<RatedGame>),
    mut keeping: ResMut<Keeping>,
    (mut resume, mut notice): (ResMut<ResumeScreen>, ResMut<Notice>),
) {
    let Some(game) = game.filter(|_| opening.is_some_and(|o| o.0 == Screen::Home)) else { return };
    let generation = session.generation();
    match GameSession::from_record(&game.record, generation) {
        Ok(resumed) if (resumed.plies() > 0 || !game.redo.is_empty()) && !resumed.outcome().is_over() => {
            *players = Players::from_record(&game.record);
            players.fit_variant(resumed.variant());
            *session = resumed.with_turn_spent(std::time::Duration::from_millis(game.turn_ms)).with_redo(&game.redo);
            rated.resume(generation, game.unrated.as_deref(), game.takebacks);
            keeping.resume(generation, game.kept);
            resume.0 = Some(Screen::for_players(&players));
        }
        Ok(_) => {}
        Err(error) => {
            warn!("settings: the unfinished game does not read ({error}); it is dropped");
            notice.error(format!("The unfinished game could not be restored: {error}"));
        }
    }
}

/// What the run starts with counts as saved (after [`apply_saved`]).
fn note_saved(remembered: Remembered, mut saved: ResMut<SavedState>) {
    saved.stored = Some(remembered.current(false));
}

/// Compares at most once a second, and at once in a frame where something
/// remembered changed: a resting window may run no other frame for a long
/// time (a game's end, a flag, is often the last frame before a quit or a
/// crash, and must not wait for one).
fn save_changes(time: Res<Time<Real>>, path: Res<SettingsPath>, remembered: Remembered, mut saved: ResMut<SavedState>) {
    let now = time.elapsed_secs();
    if path.0.is_none() || (now - saved.checked_at < 1.0 && !remembered.changed()) {
        return;
    }
    saved.checked_at = now;
    save(&path, remembered.current(false), &mut saved);
}

fn save_on_exit(
    mut exit: MessageReader<AppExit>,
    path: Res<SettingsPath>,
    remembered: Remembered,
    mut saved: ResMut<SavedState>,
) {
    if exit.read().count() > 0 {
        save(&path, remembered.current(true), &mut saved);
    }
}

fn save(path: &SettingsPath, now: StoredSettings, saved: &mut SavedState) {
    let Some(path) = &path.0 else {
        return;
    };
    if saved.stored.as_ref() == Some(&now) {
        return;
    }
    if let Err(error) = write(path, &now) {
        warn!("settings: {error}");
    }
    // Remembered even on failure, so a read-only disk is not retried every second.
    saved.stored = Some(now);
}

#[cfg(test)]
mod tests {
    use super::*;

    fn temp_path(name: &str) -> PathBuf {
        std::env::temp_dir().join(format!("breakline-settings-{}-{name}", std::process::id()))
    }

    fn stored() -> StoredSettings {
        let v = Variant::Breakthrough;
        StoredSettings {
            variant: v,
            size: v.default_size(),
            white: Player::Human,
            black: Player::Human,
            animate: true,
            move_secs: 0.3,
            ai_delay_secs: 0.4,
            confirm_replace: true,
            time_control: None,
            both_connected: BothConnected::default(),
            progress: Progress::default(),
            sound: SoundSettings::default(),
            looks: StoredLooks::default(),
            play: StoredPlay::default(),
            library: LibrarySettings::default(),
            series: None,
            engine_numbers: true,
            game: None,
        }
    }

    #[test]
    fn settings_round_trip() {
        let path = temp_path("round-trip.json");
        let mut settings = stored();
        settings.sound.muted = true;
        settings.sound.set_percent(35);
        write(&path, &settings).expect("writes");
        assert_eq!(read(&path).ok(), Some(Some(settings)));
        let _ = std::fs::remove_file(&path);
    }

    #[test]
    fn settings_saved_before_the_lessons_load_with_the_card_not_yet_offered() {
        let path = temp_path("lessons-old.json");
        write(&path, &stored()).expect("writes");
        let text = std::fs::read_to_string(&path).expect("reads");
        let mut json: serde_json::Value = serde_json::from_str(&text).expect("json");
        json["progress"].as_object_mut().expect("progress").insert("lessons_seen".into(), true.into());
        std::fs::write(&path, json.to_string()).expect("writes");
        assert!(read(&path).expect("reads").expect("a file").progress.lessons_seen, "the flag is kept");
        // A file from before the flag: it loads, the card not yet offered.
        json["progress"].as_object_mut().expect("progress").remove("lessons_seen");
        std::fs::write(&path, json.to_string()).expect("writes");
        assert!(!read(&path).expect("reads").expect("a file").progress.lessons_seen);
        let _ = std::fs::remove_file(&path);
    }

    #[test]
    fn settings_from_before_the_sound_load_with_its_defaults_and_a_bad_volume_is_refused() {
        let path = temp_path("sound-old.json");
        write(&path, &stored()).expect("writes");
        let text = std::fs::read_to_string(&path).expect("reads");
        let mut json: serde_json::Value = serde_json::from_str(&text).expect("json");
        json.as_object_mut().expect("object").remove("sound");
        std::fs::write(&path, json.to_string()).expect("writes");
        assert_eq!(read(&path).expect("reads").expect("a file").sound, SoundSettings::default());
        json["sound"] = serde_json::json!({ "volume": 101, "muted": false });
        std::fs::write(&path, json.to_string()).expect("writes");
        let error = read(&path).expect_err("refused").to_string();
        assert!(error.contains("volume 101 is over 100") && !error.contains('\n'), "{error}");
        let _ = std::fs::remove_file(&path);
    }
}
