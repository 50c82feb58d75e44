//! Text put into the HTML pages and SVG images the platform draws itself, the page templates of
//! `platform/assets/pages/`, and the answer such a page goes out in.

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

/// A value for a `{{name}}` slot of a page template.
pub enum Slot<'a> {
    /// Text, escaped where it goes (a name, an amount, a token in an attribute).
    Text(&'a str),
    /// Markup the platform made itself from other templates, put in as it is.
    Markup(&'a str),
}

/// `template` with each `{{name}}` replaced by the value `slots` gives `name`. Templates are the
/// platform's own files, so a slot they name and `slots` lacks is a mistake of the code: tests
/// fail on it, and a release build leaves the slot empty.
pub fn fill(template: &str, slots: &[(&str, Slot<'_>)]) -> String {
    let mut out = String::with_capacity(template.len() + 256);
    let mut rest = template;
    while let Some(start) = rest.find("{{") {
        out.push_str(&rest[..start]);
        let after = &rest[start + 2..];
        let Some(end) = after.find("}}") else {
            out.push_str(&rest[start..]);
            return out;
        };
        let name = &after[..end];
        match slots.iter().find(|(slot, _)| *slot == name) {
            Some((_, Slot::Text(text))) => out.push_str(&escape(text)),
            Some((_, Slot::Markup(markup))) => out.push_str(markup),
            None => debug_assert!(false, "the template's slot {name} has no value"),
        }
        rest = &after[end + 2..];
    }
    out.push_str(rest);
    out
}

/// A page template of `platform/assets/pages/`, compiled into the binary.
#[macro_export]
macro_rules! page_template {
    ($file:literal) => {
        include_str!(concat!(env!("CARGO_MANIFEST_DIR"), "/assets/pages/", $file))
    };
}

#[cfg(test)]
mod tests {
    use super::{Slot, escape, fill};

    #[test]
    fn slots_are_filled_text_escaped_and_markup_kept() {
        assert_eq!(
            fill(
                "<h1>{{name}}</h1>{{body}}<p title=\"{{name}}\">{{name}}</p>",
                &[
                    ("name", Slot::Text("A & \"B\"")),
                    ("body", Slot::Markup("<p>ok</p>"))
                ]
            ),
            "<h1>A &amp; &quot;B&quot;</h1><p>ok</p><p title=\"A &amp; &quot;B&quot;\">A &amp; &quot;B&quot;</p>"
        );
        // A value that looks like a slot is not filled again.
        assert_eq!(
            fill(
                "{{a}}{{b}}",
                &[("a", Slot::Markup("{{b}}")), ("b", Slot::Text("x"))]
            ),
            "{{b}}x"
        );
    }

    #[test]
    #[should_panic(expected = "the template's slot missing has no value")]
    fn a_slot_without_a_value_is_a_mistake_tests_see() {
        fill("<p>{{missing}}</p>", &[]);
    }

    #[test]
    fn markup_and_quotes_are_escaped() {
        assert_eq!(
            escape(r#"Tom & <Jerry> "A" 'B'"#),
            "Tom &amp; &lt;Jerry&gt; &quot;A&quot; &#39;B&#39;"
        );
    }
}
