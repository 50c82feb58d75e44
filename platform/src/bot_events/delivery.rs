//! The delivery worker: posts each due event to the bot's hook, signed, and records the answer.
//! 202 ends it; 400, 413 and 422 say the event must be fixed, not retried, and end it too; any
//! other answer, a timeout or a refused connection is tried again after 1 s, doubling up to
//! 5 minutes, for as long as the event is less than a day old (the bot drops older ones).

use std::sync::Arc;
use std::time::Duration;

use hmac::{Hmac, Mac};
use sha2::Sha256;
use sqlx::SqlitePool;
use tokio::sync::Notify;
use tokio_util::sync::CancellationToken;

use super::Hook;
use crate::clock::{NOW, NOW_PLUS};

/// The header each delivery is signed in: `t=<unix seconds>,v1=<hex HMAC-SHA256>`.
pub const SIGNATURE_HEADER: &str = "X-Platform-Signature";
/// The bot's path under its base address.
pub const PATH: &str = "/platform-events";
const FIRST_RETRY: Duration = Duration::from_secs(1);
const LONGEST_RETRY: Duration = Duration::from_secs(300);
/// How long one request may take.
const REQUEST_TIMEOUT: Duration = Duration::from_secs(10);
/// The longest the worker sleeps without being woken: a safety net for a missed wake.
const IDLE_POLL: Duration = Duration::from_secs(30);
/// Events per look at the queue.
const BATCH: i64 = 50;

/// `t=<unix_seconds>,v1=<hex HMAC-SHA256(secret, "<t>." + body)>`.
pub fn sign(secret: &[u8], unix_seconds: u64, body: &[u8]) -> String {
    let mut mac = Hmac::<Sha256>::new_from_slice(secret).expect("HMAC takes keys of any length");
    mac.update(unix_seconds.to_string().as_bytes());
    mac.update(b".");
    mac.update(body);
    let signature: String = mac
        .finalize()
        .into_bytes()
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect();
    format!("t={unix_seconds},v1={signature}")
}

/// The wait before try number `attempts + 1`, after `attempts` failed tries.
pub fn retry_delay(attempts: u32) -> Duration {
    FIRST_RETRY
        .saturating_mul(2u32.saturating_pow(attempts.saturating_sub(1)))
        .min(LONGEST_RETRY)
}

/// What an answer means for the event.
#[derive(Debug, Clone, PartialEq, Eq)]
enum Answer {
    Accepted,
    Refused(String),
    Retry(String),
}

fn answer_of(status: u16) -> Answer {
    match status {
        200..=299 => Answer::Accepted,
        400 | 413 | 422 => Answer::Refused(format!("the bot answered {status}")),
        _ => Answer::Retry(format!("the bot answered {status}")),
    }
}

/// Delivers the queue until `shutdown`: the events due now, then sleeps until the next is due,
/// it is woken (`BotEvents::wake`), or a while has passed.
pub async fn run(pool: SqlitePool, hook: Hook, wake: Arc<Notify>, shutdown: CancellationToken) {
    let client = match reqwest::Client::builder().timeout(REQUEST_TIMEOUT).build() {
        Ok(client) => client,
        Err(e) => {
            tracing::error!(error = %e, "cannot build the bot events client");
            return;
        }
    };
    let url = format!("{}{PATH}", hook.url);
    tracing::info!(url = %url, "player events go to the bot");
    loop {
        let pause = match deliver_due(&pool, &client, &url, &hook).await {
            Ok(pause) => pause,
            Err(e) => {
                tracing::error!(error = %e, "the bot events queue cannot be read");
                FIRST_RETRY
            }
        };
        tokio::select! {
            () = shutdown.cancelled() => return,
            () = wake.notified() => {}
            () = tokio::time::sleep(pause) => {}
        }
    }
}

#[derive(sqlx::FromRow)]
struct Due {
    id: String,
    body: String,
    attempts: i64,
    too_old: bool,
}

/// Delivers the events due now; answers how long until the next one is due.
async fn deliver_due(
    pool: &SqlitePool,
    client: &reqwest::Client,
    url: &str,
    hook: &Hook,
) -> Result<Duration, sqlx::Error> {
    loop {
        let due: Vec<Due> = sqlx::query_as(&format!(
            "SELECT id, body, attempts,
                    occurred_at < strftime('%Y-%m-%dT%H:%M:%fZ', 'now', '-24 hours') AS too_old
             FROM bot_events
             WHERE delivered_at IS NULL AND given_up_at IS NULL AND next_attempt_at <= {NOW}
             ORDER BY next_attempt_at, rowid LIMIT ?"
        ))
        .bind(BATCH)
        .fetch_all(pool)
        .await?;
        if due.is_empty() {
            break;
        }
        for event in due {
            if event.too_old {
                give_up(pool, &event.id, "a day old, the bot would drop it").await?;
                continue;
            }
            let answer = post(client, url, hook, &event.body).await;
            match answer {
                Answer::Accepted => {
                    sqlx::query(&format!(
                        "UPDATE bot_events SET delivered_at = {NOW}, attempts = attempts + 1
                         WHERE id = ?"
                    ))
                    .bind(&event.id)
                    .execute(pool)
                    .await?;
                }
                Answer::Refused(reason) => {
                    tracing::error!(event_id = %event.id, reason, "the bot refused an event");
                    give_up(pool, &event.id, &reason).await?;
                }
                Answer::Retry(reason) => {
                    let attempts = u32::try_from(event.attempts + 1).unwrap_or(u32::MAX);
                    let delay = retry_delay(attempts);
                    tracing::warn!(event_id = %event.id, reason, attempts,
                        retry_in_seconds = delay.as_secs(), "an event did not reach the bot");
                    sqlx::query(&format!(
                        "UPDATE bot_events SET attempts = attempts + 1, last_error = ?,
                             next_attempt_at = {NOW_PLUS} WHERE id = ?"
                    ))
                    .bind(&reason)
                    .bind(format!("+{} seconds", delay.as_secs()))
                    .bind(&event.id)
                    .execute(pool)
                    .await?;
                }
            }
        }
    }
    let next: Option<f64> = sqlx::query_scalar(
        "SELECT (julianday(MIN(next_attempt_at)) - julianday('now')) * 86400 FROM bot_events
         WHERE delivered_at IS NULL AND given_up_at IS NULL",
    )
    .fetch_one(pool)
    .await?;
    Ok(next.map_or(IDLE_POLL, |seconds| {
        Duration::from_secs_f64(seconds.clamp(0.0, IDLE_POLL.as_secs_f64()))
    }))
}

async fn give_up(pool: &SqlitePool, id: &str, reason: &str) -> Result<(), sqlx::Error> {
    sqlx::query(&format!(
        "UPDATE bot_events SET given_up_at = {NOW}, last_error = ? WHERE id = ?"
    ))
    .bind(reason)
    .bind(id)
    .execute(pool)
    .await?;
    Ok(())
}

async fn post(client: &reqwest::Client, url: &str, hook: &Hook, body: &str) -> Answer {
    let signature = sign(
        hook.secret.expose().as_bytes(),
        crate::clock::unix_seconds(),
        body.as_bytes(),
    );
    let sent = client
        .post(url)
        .header(reqwest::header::CONTENT_TYPE, "application/json")
        .header(SIGNATURE_HEADER, signature)
        .body(body.to_owned())
        .send()
        .await;
    match sent {
        Ok(response) => answer_of(response.status().as_u16()),
        Err(e) => Answer::Retry(format!("no answer: {e}")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn retries_start_at_a_second_and_double_up_to_five_minutes() {
        let delays: Vec<u64> = (1..=11).map(|n| retry_delay(n).as_secs()).collect();
        assert_eq!(delays, [1, 2, 4, 8, 16, 32, 64, 128, 256, 300, 300]);
        assert_eq!(retry_delay(u32::MAX), LONGEST_RETRY);
    }

    #[test]
    fn only_a_fix_not_retry_answer_ends_a_failing_event() {
        for (status, answer) in [
            (202, Answer::Accepted),
            (400, Answer::Refused("the bot answered 400".into())),
            (422, Answer::Refused("the bot answered 422".into())),
        ] {
            assert_eq!(answer_of(status), answer);
        }
        for status in [401, 404, 429, 500, 503] {
            assert!(matches!(answer_of(status), Answer::Retry(_)));
        }
    }
}
