//! Text put into the HTML pages and SVG images the platform draws itself.

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
