//! nginx's access log in the `upstreams` format of `deploy/nginx.conf`: which replica answered each
//! request, and every replica tried before it.

use std::net::SocketAddr;

#[derive(Debug, Clone)]
pub struct Entry {
    pub client: String,
    /// When nginx finished the request, in seconds since the epoch.
    pub at: f64,
    pub path: String,
    pub status: u16,
    /// The upstreams tried, in order (empty when nginx answered itself).
    pub upstreams: Vec<String>,
}

impl Entry {
    /// The replica that gave the answer.
    pub fn answered_by(&self) -> Option<&str> {
        self.upstreams.last().map(String::as_str)
    }

    pub fn answered_by_any(&self, addresses: &[SocketAddr]) -> bool {
        self.answered_by()
            .is_some_and(|u| addresses.iter().any(|a| a.to_string() == u))
    }
}

/// `$remote_addr [$time_iso8601] $msec "$request" $status $body_bytes_sent rt=.. upstream="..." ...`
pub fn parse(text: &str) -> Vec<Entry> {
    text.lines().filter_map(parse_line).collect()
}

fn parse_line(line: &str) -> Option<Entry> {
    let quoted: Vec<&str> = line.split('"').collect();
    let head: Vec<&str> = quoted.first()?.split_whitespace().collect();
    let request: Vec<&str> = quoted.get(1)?.split_whitespace().collect();
    let status = quoted.get(2)?.split_whitespace().next()?.parse().ok()?;
    // Several tries are "a, b"; an internal redirect adds " : ".
    let upstreams = quoted
        .get(3)?
        .split([',', ':'])
        .map(str::trim)
        .filter(|u| !u.is_empty() && *u != "-")
        .collect::<Vec<_>>();
    // "127.0.0.1:8082" was split at its colon above: put host and port back together.
    let upstreams = upstreams
        .chunks(2)
        .filter_map(|pair| match pair {
            [host, port] => Some(format!("{host}:{port}")),
            _ => None,
        })
        .collect();
    Some(Entry {
        client: (*head.first()?).to_owned(),
        at: head.get(2)?.parse().ok()?,
        path: (*request.get(1)?).to_owned(),
        status,
        upstreams,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_retried_request_lists_both_replicas() {
        let line = r#"127.0.1.7 [2026-11-25T15:00:00+00:00] 1764082800.123 "POST /api/player/tg_login HTTP/1.1" 200 512 rt=0.010 upstream="127.0.0.1:4001, 127.0.0.1:4002" upstream_status="502, 200" upstream_time="0.001, 0.009""#;
        let entry = parse_line(line).expect("parsed");
        assert_eq!(entry.client, "127.0.1.7");
        assert_eq!(entry.path, "/api/player/tg_login");
        assert_eq!(entry.status, 200);
        assert_eq!(entry.upstreams, ["127.0.0.1:4001", "127.0.0.1:4002"]);
        assert_eq!(entry.answered_by(), Some("127.0.0.1:4002"));
        assert!((entry.at - 1_764_082_800.123).abs() < 1e-6);
        let own = r#"127.0.0.1 [2026-11-25T15:00:00+00:00] 1764082800.5 "GET / HTTP/1.1" 200 900 rt=0.000 upstream="-" upstream_status="-" upstream_time="-""#;
        assert!(parse_line(own).expect("parsed").upstreams.is_empty());
    }
}
