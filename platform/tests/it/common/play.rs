//! Real-money play set-up shared by the tests: a game session and spins through the sandbox
//! provider.

use reqwest::Method;
use serde_json::{Value, json};

use super::TestPlatform;

impl TestPlatform {
    /// A real-money session of `game` for the player holding `token`; returns its token.
    pub async fn real_session(&self, token: &str, game: &str) -> String {
        let (status, body) = self
            .call(
                Method::POST,
                &format!("/api/game/games/{game}/play"),
                Some(token),
                Some(json!({"demoMode": false})),
            )
            .await;
        assert_eq!(status, 200, "{body}");
        body["token"].as_str().expect("session token").to_owned()
    }

    /// One spin of `amount` in the session, as the sandbox game sends it (no player token).
    pub async fn spin(&self, session: &str, amount: i64) -> (u16, Value) {
        self.call(
            Method::POST,
            &format!("/api/sandbox/game-sessions/{session}/spins"),
            None,
            Some(json!({ "amount": amount })),
        )
        .await
    }
}
