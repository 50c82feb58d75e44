//! The load generator of the benchmarks in `docs/performance.md`: `connections` keep-alive HTTP/1.1
//! connections send requests for a fixed time, either as fast as they are answered (the throughput
//! ceiling; latency is then mostly queueing) or on a fixed schedule spread over the connections,
//! where latency counts from the scheduled time so a stall is not hidden by the requests it delayed.

use std::collections::BTreeMap;
use std::net::SocketAddr;
use std::sync::Arc;
use std::time::{Duration, Instant};

use anyhow::Context;
use http_body_util::{BodyExt, Full};
use hyper::Request;
use hyper::body::Bytes;
use hyper::client::conn::http1::SendRequest;
use hyper_util::rt::TokioIo;
use tokio::net::TcpStream;

/// Builds the `n`-th request of a connection (the generator sets `host`).
pub type MakeRequest =
    Arc<dyn Fn(usize, usize) -> anyhow::Result<Request<Full<Bytes>>> + Send + Sync>;

#[derive(Debug, Clone, Copy)]
pub struct Load {
    pub connections: usize,
    pub duration: Duration,
    /// Requests per second on a fixed schedule, or `None` for as fast as answered.
    pub rate: Option<f64>,
    /// At most this many requests in all, numbered across connections as the request builder
    /// sees them (connection `c` sends `c`, `c + connections`, ...): with `duration` as a cap, a
    /// run that sends each of a list's items exactly once however long they take.
    pub total: Option<usize>,
}

#[derive(Debug, Default)]
pub struct Report {
    /// Every answer's latency, whatever its status.
    pub latencies: Vec<Duration>,
    /// The latencies of the answers with `expected_status` only: under overload the refused
    /// requests (503 at once) would otherwise hide how long the served ones took.
    pub expected_latencies: Vec<Duration>,
    /// Answers with another status than `expected_status`, or none.
    pub failures: usize,
    /// How many answers had each status.
    pub statuses: BTreeMap<u16, usize>,
    pub elapsed: Duration,
}

impl Report {
    pub fn requests_per_second(&self) -> f64 {
        self.latencies.len() as f64 / self.elapsed.as_secs_f64().max(f64::EPSILON)
    }

    /// The latency below which the fraction `p` of requests finished.
    pub fn percentile(&self, p: f64) -> Duration {
        percentile_of(&self.latencies, p)
    }

    /// One line: p50, p90, p99, p99.9 and max in milliseconds.
    pub fn latency_line(&self) -> String {
        let ms = |d: Duration| d.as_secs_f64() * 1000.0;
        format!(
            "latency: p50 {:.2} ms, p90 {:.2} ms, p99 {:.2} ms, p99.9 {:.2} ms, max {:.2} ms",
            ms(self.percentile(0.50)),
            ms(self.percentile(0.90)),
            ms(self.percentile(0.99)),
            ms(self.percentile(0.999)),
            ms(self.latencies.last().copied().unwrap_or_default())
        )
    }
}

/// The latency below which the fraction `p` of the sorted `latencies` lie.
pub fn percentile_of(latencies: &[Duration], p: f64) -> Duration {
    let index = ((latencies.len() as f64 * p).ceil() as usize).saturating_sub(1);
    latencies.get(index).copied().unwrap_or_default()
}

/// Runs `load` against `address`; latencies come back sorted.
pub async fn run(
    address: SocketAddr,
    load: Load,
    expected_status: u16,
    make_request: MakeRequest,
) -> anyhow::Result<Report> {
    let interval = load
        .rate
        .filter(|rate| *rate > 0.0)
        .map(|rate| Duration::from_secs_f64(load.connections as f64 / rate));
    // Every connection is open before the clock starts: connecting is not what is measured, and
    // opening 1,024 inside the schedule's first second is a stall of its own in the services, which
    // refuse logins while their pools grow.
    let mut senders = Vec::with_capacity(load.connections);
    for _ in 0..load.connections {
        senders.push(connect(address).await?);
    }
    let started = Instant::now();
    let until = started + load.duration;
    let mut tasks = tokio::task::JoinSet::new();
    for (connection, sender) in senders.into_iter().enumerate() {
        // Connections start spread over one interval, so the offered load is even.
        let schedule = interval.map(|gap| {
            (
                started + gap.mul_f64(connection as f64 / load.connections as f64),
                gap,
            )
        });
        tasks.spawn(one_connection(
            address,
            sender,
            Numbering {
                connection,
                connections: load.connections,
                total: load.total,
            },
            until,
            schedule,
            expected_status,
            make_request.clone(),
        ));
    }
    let mut report = Report::default();
    while let Some(run) = tasks.join_next().await {
        let run = run.context("a connection task panicked")??;
        report.latencies.extend(run.latencies);
        report.expected_latencies.extend(run.expected_latencies);
        report.failures += run.failures;
        for (status, count) in run.statuses {
            *report.statuses.entry(status).or_default() += count;
        }
    }
    report.elapsed = started.elapsed();
    report.latencies.sort_unstable();
    report.expected_latencies.sort_unstable();
    Ok(report)
}

/// Which requests one connection sends: its own numbers, below `total`.
struct Numbering {
    connection: usize,
    connections: usize,
    total: Option<usize>,
}

impl Numbering {
    fn allows(&self, n: usize) -> bool {
        self.total
            .is_none_or(|total| self.connection + n * self.connections < total)
    }
}

/// A keep-alive HTTP/1.1 connection to `address`.
async fn connect(address: SocketAddr) -> anyhow::Result<SendRequest<Full<Bytes>>> {
    let stream = TcpStream::connect(address).await?;
    stream.set_nodelay(true)?;
    let (sender, driver) = hyper::client::conn::http1::handshake(TokioIo::new(stream)).await?;
    tokio::spawn(driver);
    Ok(sender)
}

async fn one_connection(
    address: SocketAddr,
    mut sender: SendRequest<Full<Bytes>>,
    numbering: Numbering,
    until: Instant,
    mut schedule: Option<(Instant, Duration)>,
    expected_status: u16,
    make_request: MakeRequest,
) -> anyhow::Result<Report> {
    // Room for what this connection is expected to send, so pushing never reallocates mid-run.
    let expected = match schedule {
        Some((_, gap)) => {
            (until
                .saturating_duration_since(Instant::now())
                .as_secs_f64()
                / gap.as_secs_f64().max(f64::EPSILON)) as usize
        }
        None => 100_000,
    };
    let mut run = Report {
        latencies: Vec::with_capacity(expected.min(1_000_000) + 16),
        ..Report::default()
    };
    let host = hyper::header::HeaderValue::try_from(address.to_string())?;
    let mut n = 0;
    while Instant::now() < until && numbering.allows(n) {
        let mut request = make_request(numbering.connection, n)?;
        n += 1;
        request
            .headers_mut()
            .insert(hyper::header::HOST, host.clone());
        let sent = match &mut schedule {
            Some((next, gap)) => {
                let due = *next;
                *next += *gap;
                tokio::time::sleep_until(due.into()).await;
                due
            }
            None => Instant::now(),
        };
        sender.ready().await?;
        let response = sender.send_request(request).await?;
        let status = response.status();
        response.into_body().collect().await?;
        let latency = sent.elapsed();
        run.latencies.push(latency);
        *run.statuses.entry(status.as_u16()).or_default() += 1;
        if status.as_u16() == expected_status {
            run.expected_latencies.push(latency);
        } else {
            run.failures += 1;
        }
    }
    Ok(run)
}

/// `[connections] [seconds] [rate]` from the command line; rate 0 (the default) means as fast as
/// answered.
pub fn load_from_args(default_connections: usize) -> anyhow::Result<Load> {
    let mut args = std::env::args().skip(1);
    let connections: usize = args.next().map_or(Ok(default_connections), |a| a.parse())?;
    let seconds: u64 = args.next().map_or(Ok(10), |a| a.parse())?;
    let rate: f64 = args.next().map_or(Ok(0.0), |a| a.parse())?;
    Ok(Load {
        connections,
        duration: Duration::from_secs(seconds),
        rate: (rate > 0.0).then_some(rate),
        total: None,
    })
}

/// One benchmark as `docs/performance.md` reports it: a 1 s warm-up (pools, connections), then
/// `load`, then two lines of results for `name`; any answer other than 200 fails it.
pub async fn benchmark(
    name: &str,
    address: SocketAddr,
    load: Load,
    make_request: MakeRequest,
) -> anyhow::Result<Report> {
    let warm_up = Load {
        duration: Duration::from_secs(1),
        ..load
    };
    run(address, warm_up, 200, make_request.clone()).await?;
    let report = run(address, load, 200, make_request).await?;
    println!(
        "{name}: {} connections, {} s, {}: {} requests ({} not 200), {:.0} requests/s",
        load.connections,
        load.duration.as_secs(),
        load.rate
            .map_or("as fast as answered".to_owned(), |r| format!(
                "{r} requests/s offered"
            )),
        report.latencies.len(),
        report.failures,
        report.requests_per_second()
    );
    println!("{}", report.latency_line());
    anyhow::ensure!(
        report.failures == 0,
        "{} requests were not answered 200",
        report.failures
    );
    Ok(report)
}

#[cfg(test)]
mod tests {
    use super::Numbering;

    #[test]
    fn a_total_is_shared_out_across_connections_each_number_once() {
        let connections = 3;
        let mut sent: Vec<usize> = (0..connections)
            .flat_map(|connection| {
                let numbering = Numbering {
                    connection,
                    connections,
                    total: Some(8),
                };
                (0..)
                    .take_while(move |&n| numbering.allows(n))
                    .map(move |n| connection + n * connections)
            })
            .collect();
        sent.sort_unstable();
        assert_eq!(sent, (0..8).collect::<Vec<_>>());
    }

    #[test]
    fn without_a_total_only_time_ends_a_connection() {
        let numbering = Numbering {
            connection: 2,
            connections: 4,
            total: None,
        };
        assert!(numbering.allows(1_000_000));
    }
}
