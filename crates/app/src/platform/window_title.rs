//! The window's title names the screen ("Breakline · Library"): the
//! desktop's task bar and the browser's tab say where the game is, and the
//! web build's browser test reads the screen from the page's title.

use bevy::prelude::*;
use bevy::window::PrimaryWindow;

use crate::game::screen::Screen;

/// The title for `screen`: the game's name alone on Home.
pub fn title_for(screen: Screen) -> String {
    match screen {
        Screen::Home => "Breakline".to_string(),
        screen => format!("Breakline · {}", screen.title()),
    }
}

pub(crate) fn view_plugin(app: &mut App) {
    app.add_systems(Update, name_the_screen);
}

/// Writes the title when the screen differs from the one last named (the
/// first frame's included: the browser's page starts with its own title).
fn name_the_screen(
    screen: Res<State<Screen>>,
    mut named: Local<Option<Screen>>,
    mut windows: Query<&mut Window, With<PrimaryWindow>>,
) {
    if *named == Some(*screen.get()) {
        return;
    }
    let title = title_for(*screen.get());
    for mut window in &mut windows {
        window.title = title.clone();
    }
    // The browser's tab: winit gives the window's title to the canvas alone.
    #[cfg(target_arch = "wasm32")]
    if let Some(document) = web_sys::window().and_then(|window| window.document()) {
        document.set_title(&title);
    }
    *named = Some(*screen.get());
}
