//! Who may move and when: a repeated ply is harmless, a move out of turn, a
//! stale or early ply, an illegal move and a stranger's move are refused,
//! and none of them changes the game.

use serde_json::json;

use crate::client::{Client, assert_error, five_by_five, paired, play_on, position_after, scratch, scripted, serve};

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn repeated_plies_are_harmless_and_wrong_moves_are_refused() {
    let dir = scratch("moves");
    let server = serve(&dir.join("db.sqlite3"), Default::default()).await;
    let mut alice = Client::signed_up(server.addr(), "alice").await;
    let mut bob = Client::signed_up(server.addr(), "bob").await;
    let mut carol = Client::signed_up(server.addr(), "carol").await;
    let game = paired(&mut alice, &mut bob, five_by_five(false, true)).await;
    let played = play_on([&mut alice, &mut bob], game, Vec::new(), 1).await;
    // White sends its first move again (a resend after a lost ack): acknowledged, nothing new.
    let again = alice.request(json!({"type": "move", "game": game, "ply": 0, "move": played[0]})).await;
    assert_eq!((&again["type"], &again["version"]), (&json!("move_ack"), &json!(2)), "{again}");
    let position = position_after(&played);
    let blacks = scripted(&position);
    let refusals = [
        (0, json!({"ply": 1, "move": blacks}), "not_your_turn"),
        (1, json!({"ply": 0, "move": blacks}), "stale_ply"),
        (1, json!({"ply": 3, "move": blacks}), "future_ply"),
        (1, json!({"ply": 1, "move": "a5-a1"}), "illegal_move"),
        (1, json!({"ply": 1, "move": "zz"}), "illegal_move"),
        (2, json!({"ply": 1, "move": blacks}), "not_a_player"),
    ];
    for (who, mut body, code) in refusals {
        body["type"] = json!("move");
        body["game"] = json!(game);
        let client = [&mut alice, &mut bob, &mut carol].into_iter().nth(who).expect("a client");
        assert_error(&client.request(body).await, code);
    }
    let stranger = carol.request(json!({"type": "resign", "game": game})).await;
    assert_error(&stranger, "not_a_player");
    assert_error(&carol.request(json!({"type": "move", "game": 999, "ply": 0, "move": "a1-a2"})).await, "no_such_game");
    let mut anonymous = Client::connect(server.addr()).await;
    assert_error(
        &anonymous.request(json!({"type": "move", "game": game, "ply": 1, "move": blacks})).await,
        "not_signed_in",
    );
    // A spectator finds the game in the list of games in play.
    let listed = anonymous.request(json!({"type": "list_games"})).await;
    assert_eq!(
        (&listed["games"][0]["game"], &listed["games"][0]["your_move"]),
        (&json!(game), &json!(false)),
        "{listed}"
    );
    // The game goes on from where it was: Black's move at ply 1 is still to come.
    let state = carol.request(json!({"type": "watch", "game": game})).await;
    assert_eq!((&state["type"], &state["state"]["moves"]), (&json!("resync"), &json!(played)), "{state}");
    assert_eq!(state["state"]["version"], 2);
    play_on([&mut alice, &mut bob], game, played, 200).await;
    let ended = carol.event(game, "ended").await;
    assert_eq!(ended["result"]["state"], "finished");
    server.stop().await;
}
