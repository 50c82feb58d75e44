//! Text put into the HTML pages and SVG images the platform draws itself, and the answer such a page
//! goes out in.

use axum::http::{HeaderValue, StatusCode, header};
use axum::response::{Html, IntoResponse, Response};

/// Who may frame one of the sandbox's own pages.
#[derive(Clone, Copy)]
pub enum Framing {
    /// Nobody (a payment page: it must never sit under another site's content).
    Deny,
    /// The client's own pages (the game page, the verification stand-in).
    SameOrigin,
}

/// An HTML page of the sandbox's own (payment, game, verification stand-in): its Content-Security-Policy,
/// who may frame it, never cached, sending no referrer on.
pub fn sandbox_page(
    status: StatusCode,
    document: String,
    policy: HeaderValue,
    framing: Framing,
) -> Response {
    let mut response = (status, Html(document)).into_response();
    let headers = response.headers_mut();
    headers.insert(header::CONTENT_SECURITY_POLICY, policy);
    let frame_options = match framing {
        Framing::Deny => "DENY",
        Framing::SameOrigin => "SAMEORIGIN",
    };
    headers.insert(
        header::X_FRAME_OPTIONS,
        HeaderValue::from_static(frame_options),
    );
    headers.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    headers.insert(
        header::REFERRER_POLICY,
        HeaderValue::from_static("no-referrer"),
    );
    response
}

/// Escapes text for an HTML or XML element or a quoted attribute.
pub fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            c => out.push(c),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::escape;

    #[test]
    fn markup_and_quotes_are_escaped() {
        assert_eq!(
            escape(r#"Tom & <Jerry> "A" 'B'"#),
            "Tom &amp; &lt;Jerry&gt; &quot;A&quot; &#39;B&#39;"
        );
    }
}
