//! Sound: the game's cues ([`SoundCue`], written where each game event
//! happens) become short tones synthesised in code ([`synth`]) and played
//! through the desktop's sound server ([`pulse`], PulseAudio's native
//! protocol in pure Rust, which PipeWire desktops serve too) on a thread of
//! their own ([`player`]), so the frame loop never waits for audio; in the
//! browser, through its Web Audio ([`web_audio`]). Volume and mute come from
//! the settings ([`settings`]).

#[cfg(not(target_arch = "wasm32"))]
pub mod player;
#[cfg(not(target_arch = "wasm32"))]
pub mod pulse;
pub mod settings;
pub mod synth;
#[cfg(target_arch = "wasm32")]
pub mod web_audio;

use bevy::prelude::*;

use crate::game::sound_cue::SoundCue;
#[cfg(not(target_arch = "wasm32"))]
pub use crate::sound::player::SoundPlayer;
use crate::sound::settings::SoundSettings;
#[cfg(target_arch = "wasm32")]
pub use crate::sound::web_audio::SoundPlayer;

/// The wing's logic, headless: the settings the panel and the file share.
pub(crate) fn plugin(app: &mut App) {
    app.init_resource::<SoundSettings>();
}

/// Playback (a window's game only: the headless tests read the cues).
pub(crate) fn view_plugin(app: &mut App) {
    app.insert_resource(SoundPlayer::spawn()).add_systems(Last, play_cues);
}

/// Each cue of the frame, at the volume set, unless muted.
fn play_cues(mut cues: MessageReader<SoundCue>, settings: Res<SoundSettings>, player: Res<SoundPlayer>) {
    for &cue in cues.read() {
        if let Some(gain) = settings.gain() {
            player.play(synth::samples(cue, gain));
        }
    }
}
