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

/// The sport catalogue's three images (spec section 3), drawn by the sandbox for any sport code.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SportArt {
    /// 1200 by 160, behind the widget on the sport's pages.
    WidgetBackground,
    /// 224 by 192, the sport card's background.
    CardBackground,
    /// 80 by 80, the sport card's picture: the code's initials on a disc.
    CardImage,
}

impl SportArt {
    /// The file name in `/api/sandbox/images/sports/{code}/{file}`.
    pub fn from_file(file: &str) -> Option<Self> {
        match file {
            "widget-background.svg" => Some(Self::WidgetBackground),
            "card-background.svg" => Some(Self::CardBackground),
            "card-image.svg" => Some(Self::CardImage),
            _ => None,
        }
    }
}

/// A sport code as the client's catalogue allows it: a lowercase hyphenated slug.
pub fn valid_sport_code(code: &str) -> bool {
    (1..=60).contains(&code.len())
        && code.split('-').all(|part| {
            !part.is_empty()
                && part
                    .bytes()
                    .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit())
        })
}

/// One of a sport's images: colours from its code, so each sport keeps its own. Only the
/// picture carries text (the initials), which is decoration beside the sport's name.
pub fn sport_art(code: &str, art: SportArt) -> String {
    let hue = code
        .bytes()
        .fold(11u32, |h, b| h.wrapping_mul(31).wrapping_add(u32::from(b)))
        % 360;
    let second_hue = (hue + 40) % 360;
    let gradient = format!(
        r##"<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="hsl({hue},65%,42%)"/><stop offset="1" stop-color="hsl({second_hue},70%,20%)"/></linearGradient></defs>"##
    );
    match art {
        SportArt::WidgetBackground => format!(
            r##"<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="160" viewBox="0 0 1200 160" aria-hidden="true">{gradient}<rect width="1200" height="160" fill="url(#g)"/><path d="M0 160 L420 0 H520 L100 160 Z M560 160 L980 0 H1060 L640 160 Z" fill="#fff" fill-opacity="0.07"/><circle cx="1080" cy="40" r="110" fill="#fff" fill-opacity="0.06"/></svg>"##
        ),
        SportArt::CardBackground => format!(
            r##"<svg xmlns="http://www.w3.org/2000/svg" width="224" height="192" viewBox="0 0 224 192" aria-hidden="true">{gradient}<rect width="224" height="192" fill="url(#g)"/><circle cx="190" cy="30" r="70" fill="#fff" fill-opacity="0.08"/><circle cx="20" cy="180" r="50" fill="#000" fill-opacity="0.12"/></svg>"##
        ),
        SportArt::CardImage => {
            // Letters and digits only: nothing in the picture needs escaping.
            let initials: String = code
                .split('-')
                .filter_map(|part| part.chars().next())
                .filter(char::is_ascii_alphanumeric)
                .take(2)
                .collect::<String>()
                .to_uppercase();
            format!(
                r##"<svg xmlns="http://www.w3.org/2000/svg" width="80" height="80" viewBox="0 0 80 80" aria-hidden="true"><circle cx="40" cy="40" r="38" fill="#fff"/><circle cx="40" cy="40" r="32" fill="hsl({hue},65%,34%)"/><text x="40" y="48" text-anchor="middle" font-family="system-ui,sans-serif" font-size="24" font-weight="700" fill="#fff">{initials}</text></svg>"##
            )
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sport_art_is_drawn_for_any_slug_and_only_slugs_pass() {
        assert!(valid_sport_code("ice-hockey") && valid_sport_code("esports"));
        for bad in [
            "",
            "Ice",
            "ice--hockey",
            "-ice",
            "a/b",
            "ice hockey",
            &"x".repeat(61),
        ] {
            assert!(!valid_sport_code(bad), "{bad:?}");
        }
        let picture = sport_art("ice-hockey", SportArt::CardImage);
        assert!(picture.starts_with("<svg") && picture.contains(">IH</text>"));
        assert_ne!(
            sport_art("soccer", SportArt::CardBackground),
            sport_art("tennis", SportArt::CardBackground)
        );
        assert_eq!(
            SportArt::from_file("card-image.svg"),
            Some(SportArt::CardImage)
        );
        assert_eq!(SportArt::from_file("card-image.png"), None);
    }

    #[test]
    fn names_are_escaped_in_the_artwork() {
        let svg = artwork("x", "Tom & <Jerry>", "A\"B", 150, 200, 150, 200);
        assert!(svg.contains("Tom &amp; &lt;Jerry&gt;"));
        assert!(svg.contains("A&quot;B"));
        assert!(!svg.contains("<Jerry>"));
    }
}
