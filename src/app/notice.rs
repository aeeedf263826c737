//! One line of feedback in the panel: a file saved, a load that failed, a
//! settings file that could not be read.

use bevy::prelude::*;

#[derive(Resource, Default, Clone, Debug, PartialEq, Eq)]
pub struct Notice {
    pub text: Option<String>,
    pub error: bool,
}

impl Notice {
    pub(crate) fn info(&mut self, text: impl Into<String>) {
        *self = Notice { text: Some(text.into()), error: false };
    }

    pub(crate) fn error(&mut self, text: impl Into<String>) {
        *self = Notice { text: Some(text.into()), error: true };
    }
}

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Notice>();
}
