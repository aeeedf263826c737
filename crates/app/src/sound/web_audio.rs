//! The browser's player: each sound becomes a Web Audio buffer played by the
//! page's one `AudioContext`, which the browser mixes and times itself, so
//! the frame loop only hands samples over. Browsers start audio only after
//! the person has touched the page; a sound refused before then is skipped.

use std::cell::RefCell;

use bevy::prelude::*;
use web_sys::{AudioBuffer, AudioContext};

use crate::sound::synth::SAMPLE_RATE;

thread_local! {
    /// The page's audio context, made at the first sound (the page has one thread).
    static CONTEXT: RefCell<Option<AudioContext>> = const { RefCell::new(None) };
}

/// The handle the game keeps: hand it samples, it plays them.
#[derive(Resource, Default)]
pub struct SoundPlayer;

impl SoundPlayer {
    /// The browser's player (its context is made at the first sound).
    pub fn spawn() -> SoundPlayer {
        SoundPlayer
    }

    /// Why sounds are not heard: a browser's refusal is said in the log only.
    pub fn trouble(&self) -> Option<String> {
        None
    }

    /// Plays `samples` and returns at once; a browser that refuses says why once in the log.
    pub fn play(&self, samples: Vec<i16>) {
        CONTEXT.with_borrow_mut(|context| {
            if let Err(error) = play_in(context, &samples) {
                debug!("sound: the browser did not play it: {error:?}");
            }
        });
    }
}

fn play_in(context: &mut Option<AudioContext>, samples: &[i16]) -> Result<(), wasm_bindgen::JsValue> {
    if context.is_none() {
        *context = Some(AudioContext::new()?);
    }
    let Some(context) = context.as_ref() else { return Ok(()) };
    let buffer: AudioBuffer = context.create_buffer(1, samples.len().max(1) as u32, SAMPLE_RATE as f32)?;
    let floats: Vec<f32> = samples.iter().map(|&s| f32::from(s) / f32::from(i16::MAX)).collect();
    buffer.copy_to_channel(&floats, 0)?;
    let source = context.create_buffer_source()?;
    source.set_buffer(Some(&buffer));
    source.connect_with_audio_node(&context.destination())?;
    source.start()
}
