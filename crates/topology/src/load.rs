//! A steady, open-loop load: requests leave on a fixed schedule whatever the answers do, so a
//! stall or a failure shows in the samples instead of slowing the sender down.

use std::sync::Arc;
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};

use tokio::task::JoinSet;

#[derive(Debug, Clone, Copy)]
pub struct Sample {
    /// When it was sent, in seconds since the epoch (the clock of nginx's log).
    pub sent_at: f64,
    /// The answer's status, or `None` when no answer came (connection failure, timeout).
    pub status: Option<u16>,
    pub latency: Duration,
}

pub fn unix_now() -> f64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0.0, |d| d.as_secs_f64())
}

/// POSTs `bodies` in turn to `url` at `rate` per second for `duration`, request `n` from
/// `clients[n % len]` (each bound to its own source address).
pub async fn steady(
    clients: &[reqwest::Client],
    url: &str,
    bodies: Arc<Vec<String>>,
    rate: f64,
    duration: Duration,
) -> Vec<Sample> {
    let gap = Duration::from_secs_f64(1.0 / rate);
    let started = Instant::now();
    let mut tasks = JoinSet::new();
    let mut n: u32 = 0;
    loop {
        let due = started + gap * n;
        if due >= started + duration {
            break;
        }
        tokio::time::sleep_until(due.into()).await;
        let client = clients[n as usize % clients.len()].clone();
        let body = bodies[n as usize % bodies.len()].clone();
        let url = url.to_owned();
        tasks.spawn(async move {
            let sent_at = unix_now();
            let clock = Instant::now();
            let status = match client
                .post(url)
                .header("content-type", "application/json")
                .body(body)
                .send()
                .await
            {
                Ok(response) => {
                    let status = response.status().as_u16();
                    response.bytes().await.ok().map(|_| status)
                }
                Err(_) => None,
            };
            Sample {
                sent_at,
                status,
                latency: clock.elapsed(),
            }
        });
        n += 1;
    }
    let mut samples = Vec::with_capacity(n as usize);
    while let Some(sample) = tasks.join_next().await {
        if let Ok(sample) = sample {
            samples.push(sample);
        }
    }
    samples.sort_by(|a, b| a.sent_at.total_cmp(&b.sent_at));
    samples
}

/// The latency under which the fraction `p` of the samples finished.
pub fn percentile(samples: &[Sample], p: f64) -> Duration {
    let mut latencies: Vec<Duration> = samples.iter().map(|s| s.latency).collect();
    latencies.sort_unstable();
    let index = ((latencies.len() as f64 * p).ceil() as usize).saturating_sub(1);
    latencies.get(index).copied().unwrap_or_default()
}
