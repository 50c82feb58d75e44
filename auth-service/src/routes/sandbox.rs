//! Local Telegram launches (sandbox configuration only): init data for a chosen test user, signed
//! with the stack's bot token, so the whole Mini App sign-in runs on a laptop and in tests.
//!
//! - `GET /sandbox/telegram/` is a small form;
//! - `GET /sandbox/telegram/launch?id=42&first_name=Ada&start_param=ref_7` redirects to the
//!   miniapp with the launch parameters Telegram puts in its URL;
//! - `POST /sandbox/telegram/init-data` with the same fields as JSON answers
//!   `{"initData": "...", "launchUrl": "/#tgWebAppData=..."}` for tests.

use std::time::{SystemTime, UNIX_EPOCH};

use axum::extract::{Query, State};
use axum::http::{HeaderValue, StatusCode, header};
use axum::response::{Html, IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use serde::{Deserialize, Serialize};
use telegram_init_data::{InitData, User, sign};

use crate::{AppState, AuthError};

/// The Bot API version, platform and theme a Telegram Desktop launch reports.
const WEB_APP_VERSION: &str = "8.0";
const WEB_APP_PLATFORM: &str = "tdesktop";
const THEME_PARAMS: &str = r##"{"bg_color":"#17212b","text_color":"#f5f5f5","hint_color":"#708499","link_color":"#6ab3f3","button_color":"#5288c1","button_text_color":"#ffffff","secondary_bg_color":"#232e3c","header_bg_color":"#17212b","accent_text_color":"#6ab2f2","section_bg_color":"#17212b","section_header_text_color":"#6ab3f3","subtitle_text_color":"#708499","destructive_text_color":"#ec3942"}"##;

pub fn router() -> Router<AppState> {
    Router::new()
        .route("/sandbox/telegram", get(page))
        .route("/sandbox/telegram/", get(page))
        .route("/sandbox/telegram/launch", get(launch))
        .route("/sandbox/telegram/init-data", post(init_data))
}

/// The test user and launch to mint; everything but `id` has a default.
#[derive(Debug, Deserialize)]
pub struct TestLaunch {
    #[serde(default = "default_id")]
    id: i64,
    #[serde(default = "default_first_name")]
    first_name: String,
    last_name: Option<String>,
    username: Option<String>,
    #[serde(default = "default_language")]
    language_code: String,
    #[serde(default)]
    is_premium: bool,
    photo_url: Option<String>,
    /// Whether the player lets the bot write to them, as Telegram says in the launch; yes by default
    /// (a player who started the bot). No makes the app ask for it, after the first deposit.
    #[serde(default = "default_allows_write_to_pm")]
    allows_write_to_pm: bool,
    start_param: Option<String>,
    /// Unix seconds; now by default (an old one makes expired data on purpose).
    auth_date: Option<u64>,
}

fn default_id() -> i64 {
    100_001
}

fn default_first_name() -> String {
    "Test".to_owned()
}

fn default_allows_write_to_pm() -> bool {
    true
}

fn default_language() -> String {
    "en".to_owned()
}

impl TestLaunch {
    fn sign(self, bot_token: &str) -> Minted {
        let auth_date = self.auth_date.unwrap_or_else(|| {
            SystemTime::now()
                .duration_since(UNIX_EPOCH)
                .map_or(0, |d| d.as_secs())
        });
        let mut user = User::new(self.id, self.first_name);
        user.last_name = self.last_name.filter(|s| !s.is_empty());
        user.username = self.username.filter(|s| !s.is_empty());
        user.language_code = Some(self.language_code);
        user.is_premium = self.is_premium;
        user.allows_write_to_pm = self.allows_write_to_pm;
        user.photo_url = self.photo_url.filter(|s| !s.is_empty());
        let start_param = self.start_param.filter(|s| !s.is_empty());
        let mut data = InitData::for_user(user, auth_date);
        data.chat_type = Some("sender".to_owned());
        data.chat_instance = Some(format!("{}", self.id.wrapping_mul(7919)));
        data.start_param = start_param.clone();
        // Telegram adds its own Ed25519 `signature` (Bot API 8.0) with a key only it holds; the client
        // SDK refuses launch data without one, so the sandbox puts in a well-formed stand-in (64 zero
        // bytes, base64url). The auth service checks the bot-token hash, which covers it.
        data.signature = Some("A".repeat(86));
        let init_data = sign(&data, bot_token);
        let mut launch_url = String::from("/#tgWebAppData=");
        launch_url.push_str(&component(&init_data));
        launch_url.push_str("&tgWebAppVersion=");
        launch_url.push_str(WEB_APP_VERSION);
        launch_url.push_str("&tgWebAppPlatform=");
        launch_url.push_str(WEB_APP_PLATFORM);
        launch_url.push_str("&tgWebAppThemeParams=");
        launch_url.push_str(&component(THEME_PARAMS));
        if let Some(start_param) = start_param {
            launch_url.push_str("&tgWebAppStartParam=");
            launch_url.push_str(&component(&start_param));
        }
        Minted {
            init_data,
            launch_url,
        }
    }
}

#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Minted {
    init_data: String,
    launch_url: String,
}

/// `encodeURIComponent`, as Telegram encodes launch parameters.
fn component(value: &str) -> String {
    let mut out = String::with_capacity(value.len() * 3);
    for byte in value.bytes() {
        if byte.is_ascii_alphanumeric() || b"-_.!~*'()".contains(&byte) {
            out.push(char::from(byte));
        } else {
            out.push_str(&format!("%{byte:02X}"));
        }
    }
    out
}

fn enabled(state: &AppState) -> Result<(), AuthError> {
    if state.config.local_launches() {
        Ok(())
    } else {
        Err(AuthError::LocalLaunchesDisabled)
    }
}

async fn launch(
    State(state): State<AppState>,
    Query(launch): Query<TestLaunch>,
) -> Result<Response, AuthError> {
    enabled(&state)?;
    let minted = launch.sign(state.config.bot_token.expose());
    let location = HeaderValue::try_from(minted.launch_url)
        .map_err(|e| AuthError::Internal(anyhow::anyhow!("launch URL: {e}")))?;
    Ok((
        StatusCode::SEE_OTHER,
        [
            (header::LOCATION, location),
            (header::CACHE_CONTROL, HeaderValue::from_static("no-store")),
        ],
    )
        .into_response())
}

async fn init_data(
    State(state): State<AppState>,
    Json(launch): Json<TestLaunch>,
) -> Result<Json<Minted>, AuthError> {
    enabled(&state)?;
    Ok(Json(launch.sign(state.config.bot_token.expose())))
}

async fn page(State(state): State<AppState>) -> Result<Html<&'static str>, AuthError> {
    enabled(&state)?;
    Ok(Html(PAGE))
}

const PAGE: &str = r#"<!doctype html>
<html lang="en">
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Sandbox: open the Mini App as a Telegram user</title>
<style>
  body { font: 16px system-ui, sans-serif; max-width: 28rem; margin: 2rem auto; padding: 0 1rem; }
  label { display: block; margin: .75rem 0 .25rem; }
  input { width: 100%; padding: .4rem; box-sizing: border-box; }
  button { margin-top: 1rem; padding: .5rem 1rem; }
  p { color: #555; }
</style>
<h1>Open the Mini App as a Telegram user</h1>
<p>Sandbox only: the init data is signed with the stack's test bot token, exactly as Telegram
would sign it, and the Mini App opens with Telegram's launch parameters.</p>
<form method="get" action="/sandbox/telegram/launch">
  <label for="id">Telegram user id</label>
  <input id="id" name="id" type="number" value="100001" required>
  <label for="first_name">First name</label>
  <input id="first_name" name="first_name" value="Test" required>
  <label for="username">Username</label>
  <input id="username" name="username" value="tester">
  <label for="language_code">Language</label>
  <input id="language_code" name="language_code" value="en">
  <label for="start_param">Start parameter (a referral looks like ref_42)</label>
  <input id="start_param" name="start_param">
  <button type="submit">Open the Mini App</button>
</form>
</html>
"#;
