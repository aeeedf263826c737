//! `breakline sound-check` (hidden): plays one of the game's sounds through
//! the game's own player, as a move in the window does, and says whether
//! the sound server played it. CI runs it against a real server
//! (tests/sound/pulse.sh).

use clap::Args;
use thiserror::Error;

use crate::app::game::sound_cue::SoundCue;
use crate::app::sound::player::SoundPlayer;
use crate::app::sound::settings::SoundSettings;
use crate::app::sound::synth;

#[derive(Args, Debug)]
pub(crate) struct SoundCheckArgs {
    /// The sound to play: move, capture, win, loss, draw, low-clock, puzzle-solved, puzzle-missed,
    /// lesson-right or lesson-wrong
    #[arg(long, default_value = "move", value_parser = parse_cue)]
    cue: SoundCue,
    /// The volume in percent, as the Sound section sets it
    #[arg(long, default_value_t = 100, value_parser = clap::value_parser!(u8).range(1..=100))]
    volume: u8,
}

/// A cue by its name in kebab case ("low-clock" for `LowClock`).
fn parse_cue(text: &str) -> Result<SoundCue, String> {
    let kebab = |cue: &SoundCue| {
        let mut name = String::new();
        for c in format!("{cue:?}").chars() {
            if c.is_uppercase() && !name.is_empty() {
                name.push('-');
            }
            name.push(c.to_ascii_lowercase());
        }
        name
    };
    let names: Vec<String> = SoundCue::ALL.iter().map(kebab).collect();
    let found = SoundCue::ALL.iter().zip(&names).find(|(_, name)| *name == text);
    found.map(|(cue, _)| *cue).ok_or_else(|| format!("no sound '{text}' (one of {})", names.join(", ")))
}

/// The sound server did not play the sound.
#[derive(Debug, Error)]
#[error("sound check: {0}")]
pub(crate) struct SoundCheckError(String);

pub(crate) fn run(args: &SoundCheckArgs) -> Result<(), SoundCheckError> {
    let cue = args.cue;
    let mut settings = SoundSettings::default();
    settings.set_percent(args.volume);
    let gain = settings.gain().ok_or_else(|| SoundCheckError("the volume is zero".into()))?;
    let player = SoundPlayer::spawn();
    player.play(synth::samples(cue, gain));
    let report = player.finish();
    match (report.played, report.error) {
        (1, _) => {
            println!("played {cue:?} ({} samples at {} Hz)", synth::samples(cue, gain).len(), synth::SAMPLE_RATE);
            Ok(())
        }
        (_, Some(error)) => Err(SoundCheckError(error)),
        (_, None) => Err(SoundCheckError("the sound was not played".into())),
    }
}
