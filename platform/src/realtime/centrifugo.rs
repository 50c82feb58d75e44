//! Publishing through a real Centrifugo's server HTTP API, for production: `POST {url}/api/publish`
//! with the API key in `X-API-Key`. Centrifugo answers HTTP 200 for API errors too, with
//! `{"error": {"code", "message"}}` instead of `{"result": ...}`, so the body decides.

use std::time::Duration;

use anyhow::Context;
use serde::Deserialize;
use serde_json::{Value, json};
use service_kit::Secret;

use super::{PublishFuture, Publisher};

/// A publication that takes longer than this is given up (and logged by the caller).
const TIMEOUT: Duration = Duration::from_secs(5);

#[derive(Clone)]
pub struct CentrifugoPublisher {
    endpoint: String,
    api_key: Secret,
    client: reqwest::Client,
}

impl std::fmt::Debug for CentrifugoPublisher {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("CentrifugoPublisher")
            .field("endpoint", &self.endpoint)
            .finish_non_exhaustive()
    }
}

#[derive(Debug, Deserialize)]
struct ApiAnswer {
    error: Option<ApiError>,
}

#[derive(Debug, Deserialize)]
struct ApiError {
    code: u32,
    #[serde(default)]
    message: String,
}

impl CentrifugoPublisher {
    /// `url` is Centrifugo's base URL, e.g. `http://centrifugo:8000`.
    pub fn new(url: &str, api_key: Secret) -> anyhow::Result<Self> {
        let client = reqwest::Client::builder()
            .timeout(TIMEOUT)
            .build()
            .context("building the Centrifugo HTTP client")?;
        Ok(Self {
            endpoint: format!("{}/api/publish", url.trim_end_matches('/')),
            api_key,
            client,
        })
    }

    async fn send(self, channel: String, data: Value) -> anyhow::Result<()> {
        let response = self
            .client
            .post(&self.endpoint)
            .header("X-API-Key", self.api_key.expose())
            .json(&json!({ "channel": channel, "data": data }))
            .send()
            .await
            .with_context(|| format!("publishing to {channel} through {}", self.endpoint))?;
        let status = response.status();
        if !status.is_success() {
            anyhow::bail!("Centrifugo answered {status} to a publication to {channel}");
        }
        let answer: ApiAnswer = response.json().await.with_context(|| {
            format!("reading Centrifugo's answer to a publication to {channel}")
        })?;
        if let Some(error) = answer.error {
            anyhow::bail!(
                "Centrifugo refused a publication to {channel}: {} {}",
                error.code,
                error.message
            );
        }
        Ok(())
    }
}

impl Publisher for CentrifugoPublisher {
    fn publish(&self, channel: String, data: Value) -> PublishFuture {
        Box::pin(self.clone().send(channel, data))
    }
}
