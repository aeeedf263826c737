//! The Series window's logic: AI-vs-AI series played in the background while
//! the game goes on, their live results, and replays of finished games on the
//! main board. The egui window itself is added only when egui is present, so
//! the headless tests run the logic alone.

pub(crate) mod panel;
mod replay;
mod runner;

use bevy::prelude::*;
use bevy_egui::EguiPlugin;

pub(crate) use panel::open_button;
pub use replay::WatchSeriesGame;
pub use runner::{CancelSeries, Series, SeriesStatus, StartSeries};

use super::players::PlayerSetup;
use super::presets::{self, matchup};
use crate::engine::lab::naive_study::NaiveStudy;
use crate::engine::lab::runner::Seat;
use crate::engine::{AiConfig, Algorithm, BoardSize, Strategy, Variant};

pub(crate) fn plugin(app: &mut App) {
    app.add_plugins((runner::plugin, replay::plugin));
    if app.is_plugin_added::<EguiPlugin>() {
        // The tab itself is drawn by the game's right panel.
        app.add_plugins(panel::plugin);
    }
}

/// A reproduction preset: one click fills the whole series form.
#[derive(Clone, Debug, PartialEq)]
pub struct SeriesPreset {
    pub title: String,
    pub variant: Variant,
    pub size: BoardSize,
    pub a: AiConfig,
    pub b: AiConfig,
    games: usize,
    swap: bool,
    noise: f64,
}

/// The classic study's five 99-game series (alpha-beta depth 3, tie-break
/// noise on, A plays White), the LOA levels, the naive-players study (one
/// preset per naive player and board), then the seven classic matchups
/// as single exact games (as in the originals; raise games and noise for a
/// distribution).
pub fn series_presets() -> Vec<SeriesPreset> {
    use Strategy::*;
    let ab = |strategy, depth| {
        AiConfig::fixed_depth(Algorithm::AlphaBeta, strategy, depth).expect("the studies' depths are in range")
    };
    let eight = BoardSize::new(8, 8);
    let mut list: Vec<SeriesPreset> = [
        (Offensive1, Defensive1),
        (Offensive2, Defensive1),
        (Offensive1, Defensive2),
        (Offensive2, Defensive2),
        (Combined, Combined),
    ]
    .into_iter()
    .map(|(a, b)| SeriesPreset {
        title: format!("Study: {a} vs {b}, 99 games"),
        variant: Variant::Breakthrough,
        size: eight,
        a: ab(a, 3),
        b: ab(b, 3),
        games: 99,
        swap: false,
        noise: 1.0,
    })
    .collect();
    list.push(SeriesPreset {
        title: "LOA levels: classic depth 2 vs depth 3, both colours".to_string(),
        variant: Variant::LinesOfAction,
        size: eight,
        a: ab(Classic, 2),
        b: ab(Classic, 3),
        games: 40,
        swap: true,
        noise: 1.0,
    });
    // The iterative-deepening article's study: its strong player against each
    // naive player, on 6x6 and 8x8, colours swapped (see `breakline experiments --only 6`).
    for pairing in NaiveStudy::article().pairings().expect("the article's time and depth are in range") {
        let (schedule, Seat::Ai(a), Seat::Ai(b)) = (pairing.spec.schedule, pairing.spec.a, pairing.spec.b) else {
            continue;
        };
        list.push(SeriesPreset {
            title: format!("Naive study: balanced 3 s vs {} depth 3, {}", pairing.naive, schedule.size),
            variant: schedule.variant,
            size: schedule.size,
            a,
            b,
            games: 4,
            swap: schedule.swap,
            noise: schedule.noise,
        });
    }
    for number in 1..=presets::COUNT {
        let Some(m) = matchup(number) else {
            continue;
        };
        // The matchups to watch (master vs master) are no reproductions.
        let (PlayerSetup::Ai(a), PlayerSetup::Ai(b)) = (m.white, m.black) else {
            continue;
        };
        if number > 7 {
            continue;
        }
        list.push(SeriesPreset {
            title: format!("Matchup {number}: {}", m.title),
            variant: m.variant,
            size: m.size,
            a,
            b,
            games: 1,
            swap: false,
            noise: 0.0,
        });
    }
    list
}
