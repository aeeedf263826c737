//! Volume and mute, as the settings file keeps them: files from before the
//! sound lack them and load with the defaults; a volume over 100 is refused
//! with the settings file's one-line error.

use bevy::prelude::*;
use serde::{Deserialize, Serialize};

/// A volume in percent, 0 to 100.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(try_from = "u8", into = "u8")]
pub struct Volume(u8);

impl Volume {
    pub const MAX: u8 = 100;

    /// The percentage.
    pub fn percent(self) -> u8 {
        self.0
    }
}

/// A volume over [`Volume::MAX`] percent.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[error("volume {0} is over {max}", max = Volume::MAX)]
pub struct VolumeError(u8);

impl TryFrom<u8> for Volume {
    type Error = VolumeError;

    fn try_from(percent: u8) -> Result<Volume, VolumeError> {
        if percent > Volume::MAX {
            return Err(VolumeError(percent));
        }
        Ok(Volume(percent))
    }
}

impl From<Volume> for u8 {
    fn from(volume: Volume) -> u8 {
        volume.0
    }
}

/// How loud the game's sounds are.
#[derive(Resource, Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct SoundSettings {
    pub volume: Volume,
    pub muted: bool,
}

impl Default for SoundSettings {
    fn default() -> Self {
        SoundSettings { volume: Volume(70), muted: false }
    }
}

impl SoundSettings {
    /// The samples' scale, 0 to 1 (the square of the percentage: the ear
    /// hears loudness about so), or None when nothing should sound.
    pub fn gain(&self) -> Option<f32> {
        let fraction = f32::from(self.volume.0) / f32::from(Volume::MAX);
        (!self.muted && self.volume.0 > 0).then_some(fraction * fraction)
    }

    /// Sets the volume, held to 0..=100.
    pub fn set_percent(&mut self, percent: u8) {
        self.volume = Volume(percent.min(Volume::MAX));
    }
}
