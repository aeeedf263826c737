//! The server over TLS (rustls on ring): a client that trusts the server's
//! self-signed certificate signs up and plays over `wss://`; a wrong key is
//! refused at the start.

use std::sync::Arc;

use breakline_server::server;
use breakline_server::store::sqlite::SqliteStore;
use breakline_server::tls;
use futures_util::{SinkExt, StreamExt};
use rustls::pki_types::{CertificateDer, ServerName};
use serde_json::{Value, json};
use tokio::net::{TcpListener, TcpStream};
use tokio_rustls::TlsConnector;
use tokio_tungstenite::tungstenite::Message;

use crate::client::scratch;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_client_signs_up_over_tls_and_a_plain_client_is_turned_away() {
    let dir = scratch("tls");
    let certified = rcgen::generate_simple_self_signed(vec!["localhost".to_string()]).expect("a certificate");
    let (cert, key) = (dir.join("cert.pem"), dir.join("key.pem"));
    std::fs::write(&cert, certified.cert.pem()).expect("written");
    std::fs::write(&key, certified.signing_key.serialize_pem()).expect("written");
    let other = rcgen::generate_simple_self_signed(vec!["localhost".to_string()]).expect("another");
    let wrong_key = dir.join("wrong.pem");
    std::fs::write(&wrong_key, other.signing_key.serialize_pem()).expect("written");
    assert!(tls::config(&cert, &wrong_key).is_err(), "a key that is not the certificate's");
    assert!(tls::config(&key, &key).is_err(), "a key as the certificate");

    let listener = TcpListener::bind("127.0.0.1:0").await.expect("a port");
    let store = SqliteStore::open(&dir.join("db.sqlite3")).expect("the store");
    let config = tls::config(&cert, &key).expect("the pair");
    let running = server::start_tls(listener, Box::new(store), Default::default(), config).await.expect("started");

    let mut roots = rustls::RootCertStore::empty();
    roots.add(CertificateDer::from(certified.cert.der().to_vec())).expect("trusted");
    #[expect(deprecated, reason = "the server's provider: ring")]
    let provider = Arc::new(rustls::crypto::ring::default_provider());
    let client = rustls::ClientConfig::builder_with_provider(provider)
        .with_safe_default_protocol_versions()
        .expect("versions")
        .with_root_certificates(roots)
        .with_no_client_auth();
    let tcp = TcpStream::connect(running.addr()).await.expect("connects");
    let name = ServerName::try_from("localhost").expect("a name");
    let stream = TlsConnector::from(Arc::new(client)).connect(name, tcp).await.expect("a TLS handshake");
    let (mut ws, _) = tokio_tungstenite::client_async("wss://localhost/ws", stream).await.expect("a WebSocket");
    let sign_up = json!({"v": 1, "id": 1, "type": "sign_up", "name": "alice", "password": "a long password"});
    ws.send(Message::Text(sign_up.to_string().into())).await.expect("sent");
    let Some(Ok(Message::Text(text))) = ws.next().await else { panic!("an answer") };
    let welcome: Value = serde_json::from_str(text.as_str()).expect("JSON");
    assert_eq!((&welcome["type"], &welcome["id"]), (&json!("welcome"), &json!(1)), "{welcome}");

    // A plain client gets no WebSocket from a TLS server.
    let plain = tokio_tungstenite::connect_async(format!("ws://{}/ws", running.addr())).await;
    assert!(plain.is_err());
    running.stop().await;
}
