//! Where nginx sends each request, and what it answers when the upstream is gone.

use std::collections::BTreeMap;
use std::net::SocketAddr;

use anyhow::{Context, bail, ensure};
use serde_json::Value;

use crate::topology::Topology;

/// Every request of the run went where `deploy/README.md`'s table says.
pub fn check_routing(t: &Topology) -> anyhow::Result<()> {
    let entries = t.access_log();
    let auth = t.auth_addresses();
    let bots = t.bot_addresses();
    let platform = [t.platform.address];
    let centrifugo = [t.centrifugo.address];
    let mut routed: BTreeMap<&str, usize> = BTreeMap::new();
    for entry in &entries {
        let (route, expected): (&str, &[SocketAddr]) = match entry.path.as_str() {
            "/api/player/tg_login" | "/api/player/tg_login/refresh" => ("auth-service", &auth),
            "/api/connection/websocket" => ("centrifugo", &centrifugo),
            "/telegram/webhook" => ("bot", &bots),
            p if p.starts_with("/api/") => ("platform", &platform),
            _ => ("static", &[]),
        };
        let right = if expected.is_empty() {
            entry.upstreams.is_empty()
        } else {
            entry
                .upstreams
                .iter()
                .all(|u| expected.iter().any(|a| a.to_string() == *u))
        };
        if !right {
            bail!(
                "{} went to {:?}, not to {route}",
                entry.path,
                entry.upstreams
            );
        }
        *routed.entry(route).or_default() += 1;
    }
    println!(
        "routing: every request of the run went where deploy/README.md says: {}",
        routed
            .iter()
            .map(|(route, n)| format!("{route} {n}"))
            .collect::<Vec<_>>()
            .join(", ")
    );
    for route in ["auth-service", "centrifugo", "bot", "platform", "static"] {
        ensure!(
            routed.contains_key(route),
            "no request was routed to {route}"
        );
    }
    Ok(())
}

/// With the platform down, a player's call gets the JSON error of the stack's edge (a stable code the
/// client and support can read), with the security headers, not nginx's HTML error page.
pub async fn check_upstream_down(t: &mut Topology) -> anyhow::Result<()> {
    t.platform.kill().await?;
    let response = reqwest::get(t.url("/api/game/games")).await?;
    let status = response.status().as_u16();
    let headers = response.headers().clone();
    let body: Value = response
        .json()
        .await
        .context("the answer with the platform down is not JSON")?;
    ensure!(
        status == 502 && body["code"] == "upstream_unavailable" && body["message"].is_string(),
        "with the platform down: {status} {body}"
    );
    ensure!(
        headers
            .get("content-type")
            .is_some_and(|v| v == "application/json")
            && headers
                .get("x-content-type-options")
                .is_some_and(|v| v == "nosniff"),
        "with the platform down, the headers were {headers:?}"
    );
    println!("upstream down: {status} {}", body["code"]);
    Ok(())
}
