//! Watching a finished series game: the game's record becomes the move source
//! of a new game on the main board ([`GameRequest::Watch`]), so its moves go
//! through the normal turn cycle (pause, step, delay and animation included)
//! while the players the person set stay as they are.

use bevy::prelude::*;

use crate::game::notice::Notice;
use crate::game::phase::GameSystems;
use crate::game::request::{GameRequest, WatchedGame};
use crate::game::session::ReplaySource;
use crate::series::runner::Series;

/// Replays finished game `index` of the current series on the main board.
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub struct WatchSeriesGame {
    pub index: usize,
}

pub(crate) fn plugin(app: &mut App) {
    app.add_message::<WatchSeriesGame>().add_systems(Update, watch.in_set(GameSystems::Input));
}

/// The series game's record as a game to watch, titled with who really played.
fn watch(
    mut requests: MessageReader<WatchSeriesGame>,
    series: Res<Series>,
    mut notice: ResMut<Notice>,
    mut game_requests: MessageWriter<GameRequest>,
) {
    let Some(request) = requests.read().last().copied() else {
        return;
    };
    let number = request.index + 1;
    let Some(game) = series.game(request.index) else {
        notice.error(format!("Game {number} of the series has not finished."));
        return;
    };
    let total = series.progress().1;
    let record = &game.record;
    let title = format!("{} vs {}, game {number} of {total}", record.white.display_name(), record.black.display_name());
    match ReplaySource::from_record(record, title, Some(request.index)) {
        Ok((source, start)) => {
            game_requests.write(GameRequest::Watch(Box::new(WatchedGame { source, start })));
        }
        Err(error) => notice.error(format!("Game {number} cannot be replayed: {error}")),
    }
}
