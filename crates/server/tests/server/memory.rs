//! The hub on its own, with the time passed in: an ended game leaves memory
//! after a while and comes back from the store when someone watches it.

use breakline_server::hub::{Hub, KEEP_ENDED_MS};
use breakline_server::ids::{GameId, SeekId};
use breakline_server::message::{ClientMessage, ServerMessage};
use breakline_server::spec::GameSpec;
use breakline_server::store::Account;
use breakline_server::store::sqlite::SqliteStore;
use tokio::sync::mpsc;

use crate::client::{five_by_five, scratch};

#[test]
fn an_ended_game_leaves_memory_and_a_watch_brings_it_back() {
    let dir = scratch("memory");
    let store = SqliteStore::open(&dir.join("db.sqlite3")).expect("the store");
    let mut hub = Hub::new(Box::new(store), Default::default(), 0).expect("the hub");
    let mut conns = Vec::new();
    for name in ["alice", "bob"] {
        let (outbox, inbox) = mpsc::channel(64);
        let conn = hub.join(outbox);
        let id = hub.create_account(name, None, 0).expect("an account");
        hub.sign_in(conn, Account { id, name: name.into(), password_hash: None }, 0).expect("signed in");
        conns.push((conn, inbox));
    }
    let spec: GameSpec = serde_json::from_value(five_by_five(false, true)).expect("a spec");
    let Ok(ServerMessage::Seeking { seek }) =
        hub.handle(conns[0].0, ClientMessage::Seek { spec, colour: Default::default() }, 0)
    else {
        panic!("a seek")
    };
    assert_eq!(seek, SeekId(1));
    assert!(matches!(hub.handle(conns[1].0, ClientMessage::AcceptSeek { seek }, 0), Ok(ServerMessage::Done)));
    let game = GameId(1);
    assert!(matches!(hub.handle(conns[0].0, ClientMessage::Resign { game }, 10), Ok(ServerMessage::Done)));
    let loaded = hub.games_loaded();
    hub.sweep(10 + KEEP_ENDED_MS - 1);
    assert_eq!(hub.games_loaded(), loaded);
    hub.sweep(10 + KEEP_ENDED_MS);
    assert_eq!(hub.games_loaded(), loaded - 1);
    let Ok(ServerMessage::Resync { state }) = hub.handle(conns[1].0, ClientMessage::Watch { game, since: None }, 0)
    else {
        panic!("the game from the store")
    };
    assert!(state.result.is_over());
    assert_eq!(hub.games_loaded(), loaded);
}
