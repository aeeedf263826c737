//! The game in a browser: the web build's entry, built for wasm32 with the
//! `web` feature by `web/build.sh`. The same app as the desktop's, drawn on
//! the page's canvas, opened as a plain start opens it: on Home, with the
//! board and players the browser's storage remembers.

use breakline_app::LaunchOptions;
use breakline_app::settings::store::saved_launch_options;

fn main() {
    breakline_app::run(LaunchOptions { home: true, ..saved_launch_options() });
}
