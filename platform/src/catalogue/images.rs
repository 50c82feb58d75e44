//! Game artwork drawn by the sandbox itself (SVG), so the catalogue has real images in both ratios
//! and every density without fetching anything from outside. The HTTP side is
//! `routes/images.rs`.

use serde::Serialize;
use sqlx::SqlitePool;
use utoipa::ToSchema;

use crate::ApiError;
use crate::html::escape;

/// Image URLs of one game: `1x1` and `3x4` ratios, each at `1x`, `2x` and `3x` density.
#[derive(Serialize, ToSchema)]
pub struct GameImages {
    #[serde(rename = "1x1")]
    square: Densities,
    #[serde(rename = "3x4")]
    portrait: Densities,
}

#[derive(Serialize, ToSchema)]
struct Densities {
    #[serde(rename = "1x")]
    x1: String,
    #[serde(rename = "2x")]
    x2: String,
    #[serde(rename = "3x")]
    x3: String,
}

impl GameImages {
    pub fn of(identity: &str) -> Self {
        let densities = |ratio: &str| {
            let url =
                |scale: u8| format!("/api/sandbox/images/games/{identity}/{ratio}/{scale}x.svg");
            Densities {
                x1: url(1),
                x2: url(2),
                x3: url(3),
            }
        };
        Self {
            square: densities("1x1"),
            portrait: densities("3x4"),
        }
    }
}

/// A game's artwork at `scale` times its `width` by `height`; 404 `game_not_found` for an
/// unknown identity.
pub async fn draw(
    pool: &SqlitePool,
    identity: &str,
    width: u32,
    height: u32,
    scale: u32,
) -> Result<String, ApiError> {
    let game: Option<(String, String)> = sqlx::query_as(
        "SELECT g.name, p.name FROM games g JOIN game_providers p ON p.id = g.provider_id
         WHERE g.identity = ?",
    )
    .bind(identity)
    .fetch_optional(pool)
    .await?;
    let Some((name, provider)) = game else {
        return Err(ApiError::not_found(
            "game_not_found",
            "There is no such game.",
        ));
    };
    Ok(artwork(
        identity,
        &name,
        &provider,
        width * scale,
        height * scale,
        width,
        height,
    ))
}

fn artwork(
    identity: &str,
    name: &str,
    provider: &str,
    pixel_width: u32,
    pixel_height: u32,
    width: u32,
    height: u32,
) -> String {
    let hue = identity
        .bytes()
        .fold(7u32, |h, b| h.wrapping_mul(31).wrapping_add(u32::from(b)))
        % 360;
    let second_hue = (hue + 48) % 360;
    let mut lines = Vec::new();
    let mut line = String::new();
    for word in name.split_whitespace() {
        if !line.is_empty() && line.len() + word.len() > 12 {
            lines.push(std::mem::take(&mut line));
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(word);
    }
    lines.push(line);
    let first_line_y = height / 2 - (lines.len() as u32 - 1) * 11;
    let title: String = lines
        .iter()
        .enumerate()
        .map(|(i, text)| {
            format!(
                r##"<text x="50%" y="{}" text-anchor="middle" font-size="18" font-weight="700" fill="#fff">{}</text>"##,
                first_line_y + i as u32 * 22,
                escape(text)
            )
        })
        .collect();
    format!(
        r##"<svg xmlns="http://www.w3.org/2000/svg" width="{pixel_width}" height="{pixel_height}" viewBox="0 0 {width} {height}" role="img" aria-label="{label}"><defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="hsl({hue},70%,45%)"/><stop offset="1" stop-color="hsl({second_hue},75%,22%)"/></linearGradient></defs><rect width="{width}" height="{height}" fill="url(#g)"/><circle cx="{cx}" cy="{cy}" r="{r}" fill="#ffffff" fill-opacity="0.08"/>{title}<text x="50%" y="{provider_y}" text-anchor="middle" font-size="10" fill="#fff" fill-opacity="0.75">{provider}</text></svg>"##,
        label = escape(name),
        cx = width * 3 / 4,
        cy = height / 4,
        r = width / 3,
        provider_y = height - 14,
        provider = escape(provider),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_escaped_in_the_artwork() {
        let svg = artwork("x", "Tom & <Jerry>", "A\"B", 150, 200, 150, 200);
        assert!(svg.contains("Tom &amp; &lt;Jerry&gt;"));
        assert!(svg.contains("A&quot;B"));
        assert!(!svg.contains("<Jerry>"));
    }
}
