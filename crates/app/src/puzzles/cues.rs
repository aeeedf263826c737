//! The puzzle's verdicts out loud: a cue as a puzzle turns solved or missed.
//! The stage is set in several places (a winning move, a line played out,
//! the solver's judgement, the refutation's reply), so the cue follows the
//! stage rather than each place.

use bevy::prelude::*;

use crate::engine::Variant;
use crate::game::sound_cue::SoundCue;
use crate::puzzles::puzzle::{PuzzleRun, Stage};

/// The puzzle and its verdict as last seen: `Some(true)` solved,
/// `Some(false)` missed, `None` still open.
type Seen = Option<(Variant, usize, Option<bool>)>;

pub(crate) fn plugin(app: &mut App) {
    app.add_systems(Update, sound_verdicts.run_if(resource_changed::<PuzzleRun>));
}

fn sound_verdicts(run: Res<PuzzleRun>, mut seen: Local<Seen>, mut sounds: MessageWriter<SoundCue>) {
    let now = run.active.as_ref().map(|active| {
        let verdict = match active.stage {
            Stage::Solved => Some(true),
            Stage::Missed { .. } => Some(false),
            _ => None,
        };
        (active.variant, active.index, verdict)
    });
    if let Some((_, _, Some(solved))) = now
        && now != *seen
    {
        sounds.write(if solved { SoundCue::PuzzleSolved } else { SoundCue::PuzzleMissed });
    }
    *seen = now;
}
