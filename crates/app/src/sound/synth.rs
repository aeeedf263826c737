//! The sounds themselves, synthesised in code rather than shipped as files:
//! each cue is a few enveloped tones (a woody click for a move, a heavier
//! double knock for a capture, a rising arpeggio for a win, a falling one
//! for a loss, ...). They are tiny to describe, need no decoder and no
//! asset, and the same cue always gives the same samples.

use std::f32::consts::TAU;

use crate::game::sound_cue::SoundCue;

/// Samples a second (mono, 16-bit): what every sound server takes as is.
pub const SAMPLE_RATE: u32 = 44_100;

/// The colour of a tone.
#[derive(Clone, Copy)]
enum Timbre {
    /// A sine with a soft octave: bells and chimes.
    Pure,
    /// Odd harmonics: a buzz for what went wrong.
    Buzz,
    /// A burst of noise over a low tone: wood on wood.
    Knock,
}

/// One tone of a cue: when it starts and how long it rings (seconds), its
/// pitch (Hz) and its loudness (0 to 1).
#[derive(Clone, Copy)]
struct Note {
    start: f32,
    length: f32,
    pitch: f32,
    loudness: f32,
    timbre: Timbre,
}

const fn note(start: f32, length: f32, pitch: f32, loudness: f32, timbre: Timbre) -> Note {
    Note { start, length, pitch, loudness, timbre }
}

/// The notes of each cue.
fn notes(cue: SoundCue) -> Vec<Note> {
    use Timbre::{Buzz, Knock, Pure};
    match cue {
        SoundCue::Move => vec![note(0.0, 0.07, 700.0, 0.7, Knock)],
        SoundCue::Capture => vec![note(0.0, 0.09, 420.0, 0.9, Knock), note(0.045, 0.12, 300.0, 0.8, Knock)],
        SoundCue::Win => [523.25, 659.25, 783.99, 1046.5]
            .iter()
            .enumerate()
            .map(|(i, &pitch)| note(i as f32 * 0.09, 0.22, pitch, 0.5, Pure))
            .collect(),
        SoundCue::Loss => [392.0, 311.13, 261.63]
            .iter()
            .enumerate()
            .map(|(i, &pitch)| note(i as f32 * 0.14, 0.28, pitch, 0.5, Pure))
            .collect(),
        SoundCue::Draw => vec![note(0.0, 0.16, 440.0, 0.5, Pure), note(0.15, 0.2, 440.0, 0.5, Pure)],
        SoundCue::LowClock => vec![note(0.0, 0.07, 1320.0, 0.45, Pure), note(0.12, 0.07, 1320.0, 0.45, Pure)],
        SoundCue::PuzzleSolved => vec![note(0.0, 0.18, 659.25, 0.5, Pure), note(0.1, 0.3, 880.0, 0.5, Pure)],
        SoundCue::PuzzleMissed => vec![note(0.0, 0.16, 220.0, 0.5, Buzz), note(0.12, 0.24, 196.0, 0.5, Buzz)],
        SoundCue::LessonRight => vec![note(0.0, 0.3, 880.0, 0.4, Pure), note(0.0, 0.3, 1318.5, 0.25, Pure)],
        SoundCue::LessonWrong => vec![note(0.0, 0.2, 180.0, 0.5, Buzz)],
    }
}

/// The cue's samples at `gain` (0 to 1), 16-bit mono at [`SAMPLE_RATE`].
pub fn samples(cue: SoundCue, gain: f32) -> Vec<i16> {
    let notes = notes(cue);
    let end = notes.iter().map(|n| n.start + n.length).fold(0.0, f32::max);
    let count = (end * SAMPLE_RATE as f32).ceil() as usize;
    let mut mix = vec![0.0f32; count];
    let mut noise = Noise(0x9E37_79B9_7F4A_7C15);
    for n in &notes {
        let first = (n.start * SAMPLE_RATE as f32) as usize;
        for (i, sample) in mix.iter_mut().enumerate().skip(first) {
            let t = (i - first) as f32 / SAMPLE_RATE as f32;
            if t >= n.length {
                break;
            }
            *sample += n.loudness * envelope(t, n.length) * voice(n, t, &mut noise);
        }
    }
    let gain = gain.clamp(0.0, 1.0);
    mix.iter().map(|s| ((s * gain).clamp(-1.0, 1.0) * f32::from(i16::MAX)) as i16).collect()
}

/// A quick rise (no click at the start) and a ring that dies away to
/// nothing by the note's end.
fn envelope(t: f32, length: f32) -> f32 {
    const ATTACK: f32 = 0.004;
    let rise = (t / ATTACK).min(1.0);
    let fall = (-5.0 * t / length).exp() * (1.0 - t / length);
    rise * fall
}

fn voice(n: &Note, t: f32, noise: &mut Noise) -> f32 {
    let phase = TAU * n.pitch * t;
    match n.timbre {
        Timbre::Pure => 0.8 * phase.sin() + 0.2 * (2.0 * phase).sin(),
        Timbre::Buzz => 0.6 * phase.sin() + 0.3 * (3.0 * phase).sin() + 0.15 * (5.0 * phase).sin(),
        // The noise lasts the first few milliseconds: the strike.
        Timbre::Knock => 0.6 * phase.sin() + if t < 0.006 { 0.6 * noise.next() } else { 0.0 },
    }
}

/// A small fixed-seed generator: the knock's noise is the same every time.
struct Noise(u64);

impl Noise {
    /// The next value in -1..1.
    fn next(&mut self) -> f32 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 >> 40) as f32 / (1u64 << 23) as f32 - 1.0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_cue_sounds_short_and_distinct_and_scales_with_the_gain() {
        let mut seen = Vec::new();
        for cue in SoundCue::ALL {
            let full = samples(cue, 1.0);
            let seconds = full.len() as f32 / SAMPLE_RATE as f32;
            assert!((0.05..=0.6).contains(&seconds), "{cue:?}: {seconds} s");
            let peak = full.iter().map(|s| s.unsigned_abs()).max().unwrap();
            assert!(peak > 8000, "{cue:?}: peak {peak}");
            assert!(!seen.contains(&full), "{cue:?} sounds like another cue");
            let quiet = samples(cue, 0.25);
            let quiet_peak = quiet.iter().map(|s| s.unsigned_abs()).max().unwrap();
            assert!((f32::from(quiet_peak) / f32::from(peak) - 0.25).abs() < 0.01, "{cue:?}");
            assert!(samples(cue, 0.0).iter().all(|&s| s == 0));
            seen.push(full);
        }
        assert_eq!(samples(SoundCue::Capture, 0.7), samples(SoundCue::Capture, 0.7), "the same every time");
    }
}
