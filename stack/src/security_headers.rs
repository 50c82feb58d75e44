//! The security headers of everything the edge sends, as `deploy/nginx.conf` sends them.
//!
//! The app shell gets a Content-Security-Policy that fits a Mini App: scripts from this origin and
//! the shell's own inline scripts only (their hashes come with the build, `miniapp/dist/csp.json`,
//! written by `miniapp/tooling/csp-hashes.ts`), plus the third parties an operator configures; frames
//! from this origin (the sandbox's games) and the configured game and sportsbook hosts; and
//! `frame-ancestors` limited to this origin and Telegram's web client, so the app still opens inside
//! Telegram Web but no other site can frame it. Pages with a policy of their own (the platform's game
//! and payment pages) keep theirs. Every response gets `X-Content-Type-Options: nosniff` and a
//! `Referrer-Policy`; HSTS is sent only behind TLS (`X-Forwarded-Proto: https` from the proxy that
//! terminates it), since a plain-HTTP origin cannot promise HTTPS.

use std::path::Path;

use axum::extract::{Request, State};
use axum::http::{HeaderValue, header};
use axum::middleware::Next;
use axum::response::Response;
use service_kit::{ConfigError, Env};

/// Hosts an operator adds to the policy (`CSP_SCRIPT_SRC`, `CSP_FRAME_SRC`, `CSP_CONNECT_SRC`:
/// space-separated `https://` origins, `*.` wildcards allowed): a captcha or analytics script, the
/// sportsbook widget's host, game providers' hosts.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ExtraSources {
    pub script: Vec<String>,
    pub frame: Vec<String>,
    pub connect: Vec<String>,
}

impl ExtraSources {
    pub fn from_env(env: &Env) -> Result<Self, ConfigError> {
        Ok(Self {
            script: origins(env, "CSP_SCRIPT_SRC")?,
            frame: origins(env, "CSP_FRAME_SRC")?,
            connect: origins(env, "CSP_CONNECT_SRC")?,
        })
    }
}

/// `https://host[:port]` or `https://*.host`, nothing that could end or extend a directive.
fn origins(env: &Env, name: &str) -> Result<Vec<String>, ConfigError> {
    let Some(value) = env.get(name) else {
        return Ok(Vec::new());
    };
    value
        .split_whitespace()
        .map(|source| {
            let host = source.strip_prefix("https://").unwrap_or_default();
            let host = host.strip_prefix("*.").unwrap_or(host);
            let valid = !host.is_empty()
                && host
                    .chars()
                    .all(|c| c.is_ascii_alphanumeric() || matches!(c, '.' | '-' | ':'));
            if valid {
                Ok(source.to_owned())
            } else {
                Err(ConfigError::Invalid {
                    name: name.to_owned(),
                    reason: format!("{source:?} is not an https:// origin"),
                })
            }
        })
        .collect()
}

/// The app shell's policy, one line with `{script}`, `{connect}` and `{frame}` where sources join
/// the directives. The same file makes nginx's header at build time (`miniapp/tooling/csp-hashes.ts`
/// writes `csp.nginx.conf`), so the two edges send one policy.
const POLICY_TEMPLATE: &str = include_str!("../../deploy/csp-policy.txt");

/// The policy of the app shell.
pub fn shell_policy(script_hashes: &[String], extra: &ExtraSources) -> String {
    let list = |sources: &[String]| sources.iter().map(|s| format!(" {s}")).collect::<String>();
    POLICY_TEMPLATE
        .trim()
        .replace(
            "{script}",
            &format!("{}{}", list(script_hashes), list(&extra.script)),
        )
        .replace("{connect}", &list(&extra.connect))
        .replace("{frame}", &list(&extra.frame))
}

/// The hashes the build wrote; none (scripts from this origin only) when the build has no file.
pub fn build_script_hashes(static_dir: &Path) -> anyhow::Result<Vec<String>> {
    let file = static_dir.join("csp.json");
    let text = match std::fs::read_to_string(&file) {
        Ok(text) => text,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(Vec::new()),
        Err(e) => return Err(anyhow::anyhow!("cannot read {}: {e}", file.display())),
    };
    let parsed: serde_json::Value = serde_json::from_str(&text)
        .map_err(|e| anyhow::anyhow!("{} is not JSON: {e}", file.display()))?;
    let hashes = parsed["scriptHashes"]
        .as_array()
        .ok_or_else(|| anyhow::anyhow!("{} has no scriptHashes list", file.display()))?
        .iter()
        .map(|hash| {
            hash.as_str()
                .filter(|h| {
                    h.starts_with("'sha256-")
                        && h.ends_with('\'')
                        && h[8..h.len() - 1]
                            .chars()
                            .all(|c| c.is_ascii_alphanumeric() || matches!(c, '+' | '/' | '='))
                })
                .map(str::to_owned)
                .ok_or_else(|| anyhow::anyhow!("{} holds a malformed hash", file.display()))
        })
        .collect::<anyhow::Result<Vec<_>>>()?;
    Ok(hashes)
}

#[derive(Clone)]
pub struct SecurityHeaders {
    shell_policy: HeaderValue,
}

impl SecurityHeaders {
    pub fn new(static_dir: &Path, extra: &ExtraSources) -> anyhow::Result<Self> {
        let policy = shell_policy(&build_script_hashes(static_dir)?, extra);
        Ok(Self {
            shell_policy: HeaderValue::try_from(policy)?,
        })
    }
}

pub async fn apply(
    State(security): State<SecurityHeaders>,
    request: Request,
    next: Next,
) -> Response {
    let behind_tls = request
        .headers()
        .get("x-forwarded-proto")
        .is_some_and(|proto| proto.as_bytes().eq_ignore_ascii_case(b"https"));
    let mut response = next.run(request).await;
    let is_html = response
        .headers()
        .get(header::CONTENT_TYPE)
        .is_some_and(|value| value.as_bytes().starts_with(b"text/html"));
    let headers = response.headers_mut();
    if is_html && !headers.contains_key(header::CONTENT_SECURITY_POLICY) {
        headers.insert(
            header::CONTENT_SECURITY_POLICY,
            security.shell_policy.clone(),
        );
    }
    headers
        .entry(header::X_CONTENT_TYPE_OPTIONS)
        .or_insert(HeaderValue::from_static("nosniff"));
    headers
        .entry(header::REFERRER_POLICY)
        .or_insert(HeaderValue::from_static("strict-origin-when-cross-origin"));
    if behind_tls {
        headers
            .entry(header::STRICT_TRANSPORT_SECURITY)
            .or_insert(HeaderValue::from_static(
                "max-age=31536000; includeSubDomains",
            ));
    }
    response
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn operator_sources_must_be_https_origins() {
        let env = Env::from_pairs([
            (
                "CSP_SCRIPT_SRC",
                "https://www.google.com https://*.gstatic.com",
            ),
            ("CSP_FRAME_SRC", "https://games.example:8443"),
        ]);
        let extra = ExtraSources::from_env(&env).unwrap();
        assert_eq!(
            extra.script,
            ["https://www.google.com", "https://*.gstatic.com"]
        );
        assert_eq!(extra.frame, ["https://games.example:8443"]);
        for bad in [
            "http://plain.example",
            "https://evil.example; script-src *",
            "'unsafe-inline'",
            "https://",
            "*",
        ] {
            let env = Env::from_pairs([("CSP_SCRIPT_SRC", bad)]);
            assert!(ExtraSources::from_env(&env).is_err(), "{bad}");
        }
    }

    #[test]
    fn the_shell_policy_allows_its_hashes_and_telegram_web_as_a_frame_parent() {
        let policy = shell_policy(
            &["'sha256-abc='".to_owned()],
            &ExtraSources {
                script: vec!["https://widget.example".to_owned()],
                ..ExtraSources::default()
            },
        );
        assert!(policy.contains("script-src 'self' 'sha256-abc=' https://widget.example;"));
        assert!(policy.contains("frame-ancestors 'self' https://web.telegram.org"));
        assert!(policy.contains("object-src 'none'"));
        assert!(!policy.contains("unsafe-eval"));
        assert!(!policy.contains('{'), "every placeholder filled: {policy}");
    }
}
