//! The series presets: one click fills the whole Series form with a
//! reproduction of a study, the LOA levels, the naive-players study or a
//! classic matchup.

use crate::engine::lab::naive_study::NaiveStudy;
use crate::engine::lab::runner::Seat;
use crate::engine::lab::studies::{SERIES_GAMES, STUDY_DEPTH, alpha_beta, loa_levels, offence_defence_series};
use crate::engine::{AiConfig, BoardSize, Variant};
use crate::game::players::PlayerSetup;
use crate::game::presets;
use crate::game::presets::matchup;
use crate::series::form::SeriesForm;

/// A reproduction preset: one click fills the whole series form
/// ([`SeriesPreset::fill`]).
#[derive(Clone, Debug, PartialEq)]
pub struct SeriesPreset {
    pub title: String,
    /// The course's name for it, for the tooltip (empty when it has none).
    pub(crate) course: String,
    pub variant: Variant,
    pub size: BoardSize,
    pub a: AiConfig,
    pub b: AiConfig,
    pub(crate) games: usize,
    pub(crate) swap: bool,
    pub(crate) noise: f64,
}

impl SeriesPreset {
    /// Fills the whole form with the preset.
    pub(crate) fn fill(&self, form: &mut SeriesForm) {
        (form.variant, form.size) = (self.variant, self.size);
        form.a_text = self.a.to_string();
        form.b_text = self.b.to_string();
        (form.games, form.swap, form.noise, form.random_plies) = (self.games, self.swap, self.noise, 0);
    }
}

/// The classic study's five 99-game series (alpha-beta depth 3, tie-break
/// noise on, A plays White), the LOA levels, the naive-players study (one
/// preset per naive player and board), then the seven classic matchups
/// as single exact games (as in the originals; raise games and noise for a
/// distribution).
pub fn series_presets() -> Vec<SeriesPreset> {
    let eight = BoardSize::new(8, 8);
    let mut list: Vec<SeriesPreset> = offence_defence_series()
        .into_iter()
        .map(|(a, b, _)| SeriesPreset {
            title: format!("Study: {a} vs {b}, {SERIES_GAMES} games"),
            course: String::new(),
            variant: Variant::Breakthrough,
            size: eight,
            a: alpha_beta(a, STUDY_DEPTH),
            b: alpha_beta(b, STUDY_DEPTH),
            games: SERIES_GAMES,
            swap: false,
            noise: 1.0,
        })
        .collect();
    let (easy, medium) = loa_levels();
    list.push(SeriesPreset {
        title: "LOA levels: classic depth 2 vs depth 3, both colours".to_string(),
        course: String::new(),
        variant: Variant::LinesOfAction,
        size: eight,
        a: easy,
        b: medium,
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
            course: String::new(),
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
            title: format!("Matchup {number}: {}", m.name),
            course: m.course.to_string(),
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
