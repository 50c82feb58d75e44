//! Helpers of the rewards tests: bonus codes, and a watcher that runs the real npm `centrifuge`
//! client (`node/channels-client.mjs`) on the player's channels.

use std::process::Stdio;
use std::time::Duration;

use reqwest::Method;
use serde_json::{Value, json};
use tokio::io::{AsyncBufReadExt, BufReader, Lines};
use tokio::process::{Child, ChildStdin, ChildStdout};

use crate::common::TestPlatform;

/// Activates the player's bonus `id`.
pub async fn activate_bonus(platform: &TestPlatform, token: &str, id: i64) -> (u16, Value) {
    platform
        .put_as(token, &format!("/api/game/player-bonuses/{id}/activate"))
        .await
}

pub async fn apply_code(
    platform: &TestPlatform,
    token: &str,
    code: &str,
    trigger: i64,
) -> (u16, Value) {
    platform
        .call(
            Method::POST,
            "/api/game/bonuses/bonuscodes",
            Some(token),
            Some(json!({"bonusCode": code, "trigger": trigger})),
        )
        .await
}

/// The npm client subscribed to some channels of one player.
pub struct Watcher {
    child: Child,
    stdin: Option<ChildStdin>,
    lines: Lines<BufReader<ChildStdout>>,
    /// Every publication received so far: `{"channel", "data"}`.
    pub seen: Vec<Value>,
}

impl Watcher {
    /// Starts the client and waits until every subscription is in place.
    pub async fn start(platform: &TestPlatform, token: &str, channels: &[String]) -> Self {
        let helper = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/node");
        assert!(
            helper.join("node_modules/centrifuge").is_dir(),
            "the Node test helper's packages are missing: run `npm ci --prefix platform/tests/node`"
        );
        let url = format!(
            "{}/api/connection/websocket",
            platform.base.replacen("http://", "ws://", 1)
        );
        let mut child = tokio::process::Command::new(crate::common::node())
            .arg(helper.join("channels-client.mjs"))
            .arg(url)
            .arg(token)
            .args(channels)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .kill_on_drop(true)
            .spawn()
            .expect("node starts");
        let stdin = child.stdin.take();
        let lines = BufReader::new(child.stdout.take().expect("stdout")).lines();
        let mut watcher = Self {
            child,
            stdin,
            lines,
            seen: Vec::new(),
        };
        let mut subscribed = Vec::new();
        while subscribed.len() < channels.len() {
            let line = watcher.next_line().await;
            if let Some(channel) = line["subscribed"].as_str() {
                subscribed.push(channel.to_owned());
            } else {
                watcher.seen.push(line);
            }
        }
        watcher
    }

    async fn next_line(&mut self) -> Value {
        let line = tokio::time::timeout(Duration::from_secs(30), self.lines.next_line())
            .await
            .unwrap_or_else(|_| panic!("no publication in 30 s; seen: {:#?}", self.seen))
            .expect("client output")
            .unwrap_or_else(|| panic!("the client ended; seen: {:#?}", self.seen));
        serde_json::from_str(&line).unwrap_or_else(|_| panic!("a JSON line, got {line}"))
    }

    /// Waits for a publication on `channel` whose data satisfies `wanted` (or finds one already
    /// received), and returns its data.
    pub async fn until(&mut self, channel: &str, wanted: impl Fn(&Value) -> bool) -> Value {
        if let Some(found) = self
            .seen
            .iter()
            .find(|p| p["channel"] == channel && wanted(&p["data"]))
        {
            return found["data"].clone();
        }
        loop {
            let line = self.next_line().await;
            self.seen.push(line.clone());
            if line["channel"] == channel && wanted(&line["data"]) {
                return line["data"].clone();
            }
        }
    }

    /// Disconnects the client and checks it ended well.
    pub async fn stop(mut self) {
        drop(self.stdin.take());
        let status = tokio::time::timeout(Duration::from_secs(10), self.child.wait())
            .await
            .expect("the client stops")
            .expect("node runs");
        assert!(status.success(), "the client failed: {status}");
    }
}
