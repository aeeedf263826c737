//! Panel sections that set a game up: variant and board size (for the next
//! game), the clock picker (Play's setup page's), the two players (applied
//! at once) and the matchup presets.

use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
use bevy_egui::egui::{self, RichText, Ui};

use crate::engine::ai::search::{Level, Limit, LimitKind, all_cores, limits};
use crate::engine::lab::levels::LevelTable;
use crate::engine::rules::clock::TimeControl;
use crate::engine::{AiConfig, Algorithm, BoardSize, Side, Strategy, Variant};
use crate::game::players::{PlayerSetup, Players};
use crate::game::presets;
use crate::game::presets::matchup;
use crate::game::request::{GameRequest, NewMatchup};
use crate::game::settings::{GameSettings, StudyBoard};
use crate::learn::lessons::LessonRequest;
use crate::theme::palette;
use crate::ui::views::GameView;

/// The next game's settings, and the two places the Game section sends a
/// person to (Flow Free, a lesson).
#[derive(SystemParam)]
pub(crate) struct SetupState<'w> {
    pub(crate) settings: ResMut<'w, GameSettings>,
    pub(crate) study_board: ResMut<'w, StudyBoard>,
    pub(crate) lessons: MessageWriter<'w, LessonRequest>,
}

/// The next game's variant and size (its clock is Play's setup's); New
/// game, Restart and the rules.
/// `waits`: the person's game waits in Watch & Lab, where a preset or
/// "Watch these players" starts a game beside it; New game and Restart,
/// which would end it, are greyed (fresh eyes, round 27: they ended the
/// person's game, asked first, where a preset kept it).
pub(crate) fn game_section(
    ui: &mut Ui,
    setup: &mut SetupState,
    (game, waits): (&GameView, bool),
    requests: &mut MessageWriter<GameRequest>,
) {
    egui::CollapsingHeader::new("Game").default_open(true).show(ui, |ui| {
        // The study board's, not Play's next game's (see `StudyBoard`).
        let chosen = setup.study_board.board(&setup.settings);
        let mut edited = GameSettings { variant: chosen.0, size: chosen.1, ..*setup.settings };
        let current = (game.session.variant(), game.session.size());
        // The picker is the next game's (fresh eyes: it lit up Breakthrough
        // above a Lines of Action board, as if that were the board's game).
        ui.label(RichText::new("New game:").weak());
        variant_picker(ui, &mut edited.variant);
        if edited.variant.check_size(edited.size).is_err() {
            edited.size = edited.variant.default_size();
        }
        let (cmin, cmax) = edited.variant.column_range();
        let (rmin, rmax) = edited.variant.row_range();
        match edited.variant {
            Variant::Breakthrough => {
                ui.add(egui::Slider::new(&mut edited.size.columns, cmin..=cmax).text("columns"));
                ui.add(egui::Slider::new(&mut edited.size.rows, rmin..=rmax).text("rows"));
            }
            Variant::LinesOfAction => {
                let mut side = edited.size.columns;
                ui.add(egui::Slider::new(&mut side, cmin.max(rmin)..=cmax.min(rmax)).text("squares a side"));
                edited.size = BoardSize::new(side, side);
            }
        }
        // Play's clock is Play's (fresh eyes, rounds 14 and 16: set here, it
        // carried into Play's next game): games started here have none.
        // Said as where to go (fresh eyes, round 26: "Play's New game sets
        // one" sent a person looking for a New game button with a clock).
        ui.label(RichText::new("Games started here have no clock; a clock is set in Play's setup.").weak());
        if (edited.variant, edited.size) != chosen {
            setup.study_board.0 = Some((edited.variant, edited.size));
        }

        ui.horizontal_wrapped(|ui| {
            let waiting = "Your game in progress waits: a preset or \"Watch these players\" starts a game beside it";
            let new_game =
                if waits { waiting } else { "A new game on the board chosen above, between the players below" };
            let button = ui.add_enabled(!waits, egui::Button::new("New game"));
            if button.on_hover_text(new_game).on_disabled_hover_text(new_game).clicked() {
                requests.write(GameRequest::NewGame { rematch: false });
            }
            let rematch =
                format!("The board's game ({} {}) again from its start, same players", current.0.title(), current.1);
            let rematch = if waits { waiting.to_string() } else { rematch };
            let button = ui.add_enabled(!waits, egui::Button::new("Restart"));
            if button.on_hover_text(&rematch).on_disabled_hover_text(&rematch).clicked() {
                requests.write(GameRequest::NewGame { rematch: true });
            }
            let how = format!("The rules of {}, shown on the board; the game waits", edited.variant.title());
            if ui.button("How to play").on_hover_text(how).clicked() {
                setup.lessons.write(LessonRequest::Open(Some(edited.variant)));
            }
        });
        // Notes go under the buttons, so the buttons never move under the pointer.
        if (edited.variant, edited.size) != current {
            // The board's game named beside the settings' (fresh eyes, round
            // 12: the panel seemed to describe another game than the board's).
            let note =
                format!("On the board: {} {}. Variant and size take effect on New game.", current.0.title(), current.1);
            ui.label(RichText::new(note).color(palette::NOTE.color32()));
            let unfit = Side::BOTH.iter().any(|side| match game.players.get(*side) {
                PlayerSetup::Ai(config) => config.check_variant(edited.variant).is_err(),
                PlayerSetup::Human | PlayerSetup::Program(_) => false,
            });
            if unfit {
                let note = format!("AI strategies that do not play {} will switch to Expert.", edited.variant.title());
                ui.label(RichText::new(note).color(palette::NOTE.color32()));
            }
        }
    });
}

/// The clock of new games: none, a preset (minutes + seconds, as lichess
/// names them) or a custom base and increment.
pub(crate) fn clock_picker(ui: &mut Ui, control: &mut Option<TimeControl>) {
    let label = |c: &Option<TimeControl>| c.map_or("No clock".to_string(), |c| c.label());
    ui.horizontal(|ui| {
        ui.label("Clock");
        egui::ComboBox::from_id_salt("clock_picker").selected_text(label(control)).show_ui(ui, |ui| {
            ui.selectable_value(control, None, "No clock");
            for preset in TimeControl::PRESETS {
                ui.selectable_value(control, Some(preset), preset.label());
            }
            let custom = control.is_some_and(|c| !TimeControl::PRESETS.contains(&c));
            if ui.selectable_label(custom, "Custom…").clicked() && !custom {
                *control = TimeControl::new(10 * 60_000, 5_000).ok();
            }
        });
    });
    let Some(current) = *control else { return };
    if TimeControl::PRESETS.contains(&current) {
        return;
    }
    // Custom: whole minutes and seconds, within the control's own ranges.
    let mut minutes = (current.base().as_secs_f64() / 60.0).max(1.0).round() as u64;
    let mut increment = current.increment().as_secs();
    ui.horizontal(|ui| {
        ui.add(egui::DragValue::new(&mut minutes).range(1..=180).suffix(" min"));
        ui.label("+");
        ui.add(egui::DragValue::new(&mut increment).range(0..=60).suffix(" s"));
    });
    if let Ok(edited) = TimeControl::new(minutes * 60_000, increment * 1000) {
        *control = Some(edited);
    }
}

/// The two board games (the variant of the next new game).
pub(crate) fn variant_picker(ui: &mut Ui, variant: &mut Variant) {
    ui.horizontal_wrapped(|ui| {
        for choice in Variant::ALL {
            ui.selectable_value(variant, choice, choice.title());
        }
    });
}

/// The two players of the game on the board, for its `variant`, the
/// levels' ratings too (fresh eyes, round 24: two masters playing Lines of
/// Action were labelled with Breakthrough's ratings, the Game section's
/// choice for the next game). `suggested`: the level an opponent switched
/// to AI starts at (the one nearest the person's rating, as the rating
/// section suggests).
pub(crate) fn players_section(
    ui: &mut Ui,
    (variant, _, suggested): (Variant, Variant, Level),
    current: &Players,
    requests: &mut MessageWriter<GameRequest>,
) {
    egui::CollapsingHeader::new("Players").default_open(true).show(ui, |ui| {
        ui.label(RichText::new("Changes apply to the game on the board.").weak());
        let mut players = current.clone();
        for side in Side::BOTH {
            ui.group(|ui| player_editor(ui, side, players.get_mut(side), (variant, variant, suggested)));
        }
        if players != *current {
            requests.write(GameRequest::SetPlayers(players));
        }
    });
}

/// Players for a game to watch beside the person's game in progress, chosen
/// here and started by a button; the waiting game keeps its own (fresh eyes,
/// round 22: with a two-person game on the board, Watch & Lab offered no
/// players at all, only presets).
pub(crate) fn players_beside_section(
    ui: &mut Ui,
    (variant, chosen, suggested): (Variant, Variant, Level),
    requests: &mut MessageWriter<GameRequest>,
) {
    egui::CollapsingHeader::new("Players").default_open(true).show(ui, |ui| {
        ui.label(RichText::new("For a new game to watch beside the game that waits.").weak());
        let id = egui::Id::new(("players_beside", variant));
        let two_ais =
            || Players { white: PlayerSetup::Ai(suggested.config()), black: PlayerSetup::Ai(suggested.config()) };
        let mut players: Players = ui.data(|d| d.get_temp(id)).unwrap_or_else(two_ais);
        for side in Side::BOTH {
            ui.group(|ui| player_editor(ui, side, players.get_mut(side), (variant, chosen, suggested)));
        }
        let hover = "A new game between these players, studied here; your game waits and comes back on Home";
        if ui.button("Watch these players").on_hover_text(hover).clicked() {
            requests.write(GameRequest::StartMatchup(players.clone().into()));
        }
        ui.data_mut(|d| d.insert_temp(id, players));
    });
}

/// The three kinds of player the editor offers.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum SeatKind {
    Human,
    Ai,
    Program,
}

fn player_editor(
    ui: &mut Ui,
    side: Side,
    player: &mut PlayerSetup,
    (variant, chosen, suggested): (Variant, Variant, Level),
) {
    let program_id = crate::play::program_seat::drafting_id(side);
    // "Program" chosen and not yet played: its editor stays open over the player before.
    let drafting = ui.data(|d| d.get_temp(program_id)) == Some(true);
    let mut kind = match player {
        PlayerSetup::Program(_) => SeatKind::Program,
        _ if drafting => SeatKind::Program,
        PlayerSetup::Human => SeatKind::Human,
        PlayerSetup::Ai(_) => SeatKind::Ai,
    };
    let before = kind;
    ui.horizontal(|ui| {
        ui.label(RichText::new(side.title()).strong());
        ui.selectable_value(&mut kind, SeatKind::Human, "Human");
        ui.selectable_value(&mut kind, SeatKind::Ai, "AI");
        let hover = "Another program (Fairy-Stockfish, any UCI or UGI engine)";
        ui.selectable_value(&mut kind, SeatKind::Program, "Program").on_hover_text(hover);
    });
    if kind != before {
        // Choosing "Program" opens its editor; the side changes at "Play it".
        ui.data_mut(|d| d.insert_temp(program_id, kind == SeatKind::Program));
        match kind {
            SeatKind::Human => *player = PlayerSetup::Human,
            SeatKind::Ai => *player = PlayerSetup::Ai(suggested.config()),
            SeatKind::Program => {}
        }
    }
    if kind == SeatKind::Program {
        crate::play::program_seat::editor(ui, side, player, variant);
        return;
    }
    let PlayerSetup::Ai(config) = player else {
        return;
    };
    // Nothing here may be wider than the panel: a wider row widens the
    // group, and every line in it is then cut at the panel's edge.
    let width = ui.available_width();
    ui.spacing_mut().slider_width = (width - 140.0).clamp(50.0, 100.0);
    let table = LevelTable::shipped();
    let current = Level::of(config).map_or_else(|| "Custom".to_string(), |level| table.label(chosen, level));
    // A combo box's width is its text's; the arrow comes on top of it.
    let combo_width = |most: f32| (width - 24.0).min(most);
    // Its words are cut (the whole label is in the list) rather than pushing the panel wider.
    let combo = egui::ComboBox::from_id_salt((side.name(), "level"))
        .selected_text(current)
        .width(combo_width(230.0))
        .truncate();
    combo.show_ui(ui, |ui| {
        for level in Level::ALL {
            if ui.selectable_label(Level::of(config) == Some(level), table.label(chosen, level)).clicked() {
                *config = level.config();
            }
        }
    });
    egui::ComboBox::from_id_salt((side.name(), "algorithm"))
        .selected_text(config.algorithm().title())
        .width(combo_width(170.0))
        .show_ui(ui, |ui| {
            for algorithm in Algorithm::ALL {
                if ui.selectable_label(config.algorithm() == algorithm, algorithm.title()).clicked()
                    && config.algorithm() != algorithm
                {
                    *config = config.switched_to(algorithm);
                }
            }
        });
    let mut strategy = config.strategy();
    egui::ComboBox::from_id_salt((side.name(), "strategy"))
        .selected_text(strategy.id())
        .width(combo_width(170.0))
        .show_ui(ui, |ui| {
            for choice in Strategy::for_variant(variant) {
                ui.selectable_value(&mut strategy, choice, choice.id()).on_hover_text(choice.description(variant));
            }
        });
    config.set_strategy(strategy);
    ui.label(RichText::new(strategy.description(variant)).weak());
    limits_editor(ui, side, config);
    handicaps_editor(ui, side, config);
    ui.add(egui::Label::new(RichText::new(config.to_string()).monospace().weak()).wrap());
}

/// The weak levels' handicaps (blunders, the tie-break noise), shown while
/// the config has them: a level turned Custom keeps nothing that no control
/// takes off (a slider moved to 0 removes its handicap, and the control).
fn handicaps_editor(ui: &mut Ui, side: Side, config: &mut AiConfig) {
    ui.push_id((side.name(), "handicaps"), |ui| {
        let mut blunder = config.blunder();
        if blunder > 0.0 {
            // "blunders (share of moves)" ran past the left panel's edge at every window size.
            let slider = egui::Slider::new(&mut blunder, limits::BLUNDER).text("blunders");
            let hover = "The share of moves in which this player plays a weaker move on purpose";
            if ui.add(slider).on_hover_text(hover).changed() {
                // In the slider's range, which is the config's: always accepted.
                let _ = config.set_blunder(blunder);
            }
        }
        let mut noise = config.noise();
        if noise > 0.0 {
            let slider = egui::Slider::new(&mut noise, limits::NOISE).text("noise");
            if ui.add(slider).on_hover_text("Random tie-breaks between moves of about the same score").changed() {
                let _ = config.set_noise(noise);
            }
        }
    });
}

/// The limits the algorithm takes (a depth for the plain searches, a time
/// and/or depth for enhanced, a time and/or playout count for MCTS, as
/// [`Algorithm::takes`] says), ticked on and off where it takes several.
/// Sliders cover the everyday range; any value the config holds stays as it
/// is until the person moves it, so a config from the command line is never
/// rewritten by being shown.
fn limits_editor(ui: &mut Ui, side: Side, config: &mut AiConfig) {
    let algorithm = config.algorithm();
    let kinds: Vec<LimitKind> = EDITOR_ORDER.into_iter().filter(|&kind| algorithm.takes(kind)).collect();
    ui.push_id((side.name(), "limits"), |ui| {
        if kinds.len() > 1 {
            ui.horizontal(|ui| {
                for &kind in &kinds {
                    let on = config.limit(kind).is_some();
                    let mut ticked = on;
                    ui.checkbox(&mut ticked, limit_label(kind));
                    // The config keeps its last limit: unticking that one does nothing.
                    let _ = match (on, ticked) {
                        (false, true) => config.set_limit(algorithm.starting_limit(kind)),
                        (true, false) => config.clear_limit(kind),
                        _ => Ok(()),
                    };
                }
            });
        }
        for &kind in &kinds {
            if let Some(limit) = config.limit(kind) {
                let edited = limit_slider(ui, algorithm, limit);
                if edited != limit {
                    // In range and of a kind the algorithm takes: always accepted.
                    let _ = config.set_limit(edited);
                }
            }
        }
        if algorithm.takes_threads() {
            threads_editor(ui, config);
        }
    });
}

/// The order the editor shows the limits in: the time first, as the usual one.
const EDITOR_ORDER: [LimitKind; 3] = [LimitKind::Time, LimitKind::Depth, LimitKind::Iterations];

fn limit_label(kind: LimitKind) -> &'static str {
    match kind {
        LimitKind::Time => "time",
        LimitKind::Depth => "depth",
        LimitKind::Iterations => "playouts",
    }
}

/// A slider over the everyday range of `limit`'s kind; what is typed beyond
/// it is brought into the range the config takes.
fn limit_slider(ui: &mut Ui, algorithm: Algorithm, limit: Limit) -> Limit {
    let edited = match limit {
        Limit::Depth(mut plies) => {
            let slider = egui::Slider::new(&mut plies, algorithm.everyday_depth()).text("depth (plies)");
            ui.add(slider.clamping(egui::SliderClamping::Never));
            Limit::Depth(plies)
        }
        Limit::TimeMs(mut ms) => {
            let slider = egui::Slider::new(&mut ms, limits::EVERYDAY_TIME_MS).logarithmic(true).text("ms a move");
            ui.add(slider.clamping(egui::SliderClamping::Never));
            Limit::TimeMs(ms)
        }
        Limit::Iterations(mut playouts) => {
            let slider = egui::Slider::new(&mut playouts, limits::EVERYDAY_PLAYOUTS).logarithmic(true).text("playouts");
            ui.add(slider.clamping(egui::SliderClamping::Never));
            Limit::Iterations(playouts)
        }
    };
    edited.clamped()
}

/// Search threads: `auto` (every core for a timed search, one for a depth or
/// playout limit, as the engine resolves it) or a count, offered up to the
/// machine's cores.
fn threads_editor(ui: &mut Ui, config: &mut AiConfig) {
    ui.horizontal(|ui| {
        let mut auto = config.threads() == AiConfig::AUTO_THREADS;
        let cores = all_cores();
        ui.checkbox(&mut auto, "auto threads").on_hover_text(format!(
            "Every core ({cores}) when only the time limits the search; one thread with a depth or playout limit, so such a search plays the same move every time."
        ));
        let fewest = *limits::THREADS.start();
        let most = (*limits::THREADS.end()).min(cores.max(config.threads()));
        let mut threads = config.threads();
        if auto {
            threads = AiConfig::AUTO_THREADS;
            let n = config.search_threads();
            ui.label(RichText::new(if n == 1 { "1 thread".to_string() } else { format!("{n} threads") }).weak());
        } else {
            if threads == AiConfig::AUTO_THREADS {
                threads = cores.clamp(fewest, most);
            }
            ui.add(egui::DragValue::new(&mut threads).range(fewest..=most).suffix(" threads"));
        }
        // `auto` or a count in range, for an algorithm that takes threads: always accepted.
        let _ = config.set_threads(threads);
    });
}

/// The classic matchups: a click sets the players and starts the game.
pub(crate) fn presets_section(ui: &mut Ui, requests: &mut MessageWriter<GameRequest>) {
    egui::CollapsingHeader::new("Matchup presets").default_open(true).show(ui, |ui| {
        ui.label(RichText::new("The course's classic Breakthrough experiments (depth 3; hover for their course names), then two games to watch.").weak());
        for number in 1..=presets::COUNT {
            let Some(m) = matchup(number) else {
                continue;
            };
            if ui.button(format!("{number}. {}", m.name)).on_hover_text(m.tooltip()).clicked() {
                // One request: a "keep playing" leaves the players as they
                // were; the preset's board is its own, not the next game's.
                let players = Players { white: m.white, black: m.black };
                let matchup = NewMatchup { players, board: Some((m.variant, m.size)) };
                requests.write(GameRequest::StartMatchup(Box::new(matchup)));
            }
        }
    });
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Draws the player editor for `player` for a few frames, with no input.
    fn shown(mut player: PlayerSetup, variant: Variant) -> PlayerSetup {
        let ctx = egui::Context::default();
        for _ in 0..3 {
            let _ = ctx.run_ui(egui::RawInput::default(), |ui| {
                player_editor(ui, Side::White, &mut player, (variant, variant, Level::MEDIUM))
            });
        }
        player
    }

    #[test]
    fn any_config_the_parser_accepts_survives_the_editor_unchanged() {
        let bt = Variant::Breakthrough;
        for text in [
            "alphabeta:expert:depth=12",
            "minimax:offensive1:depth=9",
            "enhanced:expert:depth=30:time=50",
            "enhanced:balanced:time=7",
            "enhanced:expert:depth=64",
            "mcts:expert:time=20:iterations=7",
            "mcts:attacker:iterations=900000000",
            "enhanced:expert:time=86400000:tt=4096:nullmove=off:noise=0.3:seed=9",
            "easy",
            "master",
        ] {
            let config = AiConfig::parse(text, bt).expect(text);
            let player = PlayerSetup::Ai(config.clone());
            assert_eq!(shown(player.clone(), bt), player, "{text}");
        }
        let loa = AiConfig::parse("enhanced:classic:depth=20", Variant::LinesOfAction).unwrap();
        let player = PlayerSetup::Ai(loa);
        assert_eq!(shown(player.clone(), Variant::LinesOfAction), player);
        assert_eq!(shown(PlayerSetup::Human, bt), PlayerSetup::Human);
    }
}
