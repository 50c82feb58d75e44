//! The real-time WebSocket through the edge: `/api/connection/websocket` is upgraded by the edge's
//! proxy and carried to the sandbox platform's hub, pings, replies and close frames included.

use crate::common;
use std::time::Duration;

use futures_util::{SinkExt, StreamExt};
use serde_json::{Value, json};
use tokio_tungstenite::tungstenite::Message;

const WAIT: Duration = Duration::from_secs(5);

#[tokio::test]
async fn the_hub_answers_through_the_edge_and_closes_on_shutdown() {
    let stack = common::spawn_with(&[("REALTIME_PING_INTERVAL_SECONDS", "1")]).await;
    let url = format!("ws://{}/api/connection/websocket", stack.address);

    let (mut socket, _) = tokio_tungstenite::connect_async(&url)
        .await
        .expect("upgraded through the edge");
    let connect = json!({"id": 1, "connect": {"name": "js"}});
    socket
        .send(Message::text(connect.to_string()))
        .await
        .expect("send");
    let reply = next_json(&mut socket).await;
    assert_eq!(reply["id"], 1, "{reply}");
    assert_eq!(reply["connect"]["ping"], 1, "{reply}");

    assert_eq!(next_json(&mut socket).await, json!({}), "a server ping");
    socket.send(Message::text("{}")).await.expect("pong");
    let subscribe = json!({"id": 2, "subscribe": {"channel": "global:online"}});
    socket
        .send(Message::text(subscribe.to_string()))
        .await
        .expect("send");
    loop {
        let message = next_json(&mut socket).await;
        if message["id"] == 2 {
            assert_eq!(message["subscribe"], json!({}));
            break;
        }
    }

    stack.shutdown.cancel();
    loop {
        match tokio::time::timeout(WAIT, socket.next())
            .await
            .expect("in time")
        {
            Some(Ok(Message::Close(Some(close)))) => {
                assert_eq!(u16::from(close.code), 3001);
                assert_eq!(close.reason.as_str(), "shutdown");
                break;
            }
            Some(Ok(Message::Text(_) | Message::Ping(_) | Message::Pong(_))) => {}
            other => panic!("expected the hub's close frame, got {other:?}"),
        }
    }
}

async fn next_json<S>(socket: &mut S) -> Value
where
    S: StreamExt<Item = Result<Message, tokio_tungstenite::tungstenite::Error>> + Unpin,
{
    loop {
        let message = tokio::time::timeout(WAIT, socket.next())
            .await
            .expect("a frame in time");
        match message {
            Some(Ok(Message::Text(text))) => {
                return serde_json::from_str(&text).expect("one JSON message");
            }
            Some(Ok(Message::Ping(_) | Message::Pong(_))) => {}
            other => panic!("unexpected {other:?}"),
        }
    }
}
