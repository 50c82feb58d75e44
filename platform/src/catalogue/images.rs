//! Game artwork drawn by the sandbox itself, so the catalogue has real images in both ratios and
//! every density without fetching anything from outside. The HTTP side is `routes/images.rs`.
//!
//! The artwork is a JPEG, as operators' artwork is raster: an SVG `<img>` is a document of its own
//! that the browser parses, lays out and shapes the text of on the page's main thread, tile after
//! tile (docs/performance.md: about a third of the home page's start-up work on a phone),
//! where a JPEG is decoded off it. The game's name is not drawn: every tile and page prints it beside
//! the artwork, and drawing text would need a font in the sandbox. The sport catalogue's images
//! (`sport_art`) are raster for the same reason: `/sport` shows two per sport card; the round card
//! picture is a PNG, for its transparent corners.

use std::collections::HashMap;
use std::sync::{Mutex, OnceLock};

use axum::body::Bytes;

use serde::Serialize;
use sqlx::SqlitePool;
use utoipa::ToSchema;

use crate::catalogue::CatalogueError;

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
                |scale: u8| format!("/api/sandbox/images/games/{identity}/{ratio}/{scale}x.jpg");
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

/// JPEG quality: smooth gradients stay free of visible blocks at a few kilobytes per tile.
const QUALITY: u8 = 82;

/// A game's artwork, `width` by `height` CSS pixels at `scale` device pixels each, as a JPEG; 404
/// `game_not_found` for an unknown identity.
pub async fn draw(
    pool: &SqlitePool,
    identity: &str,
    width: u32,
    height: u32,
    scale: u32,
) -> Result<Bytes, CatalogueError> {
    let known: Option<(i64,)> = sqlx::query_as("SELECT 1 FROM games WHERE identity = ?")
        .bind(identity)
        .fetch_optional(pool)
        .await?;
    if known.is_none() {
        return Err(CatalogueError::GameNotFound);
    }
    let (pixel_width, pixel_height) = (width * scale, height * scale);
    let identity = identity.to_owned();
    let key = (identity.clone(), width, height, scale);
    drawn_once(key, move || {
        encode(
            &paint(&identity, pixel_width, pixel_height),
            pixel_width,
            pixel_height,
        )
    })
    .await
}

/// An artwork from the cache, or drawn by `draw` off the async workers (drawing and encoding are CPU
/// work of a few milliseconds) and kept.
async fn drawn_once(
    key: ArtworkKey,
    draw: impl FnOnce() -> Result<Vec<u8>, CatalogueError> + Send + 'static,
) -> Result<Bytes, CatalogueError> {
    if let Some(image) = drawn().lock().expect("artwork cache").get(&key) {
        return Ok(image.clone());
    }
    let image: Bytes = tokio::task::spawn_blocking(draw)
        .await
        .map_err(|error| anyhow::anyhow!("artwork task failed: {error}"))??
        .into();
    let mut cache = drawn().lock().expect("artwork cache");
    if cache.len() >= CACHED_ARTWORKS {
        cache.clear();
    }
    cache.insert(key, image.clone());
    Ok(image)
}

/// Artworks kept once drawn: every listing a browser opens with empty caches (each end-to-end test,
/// each new visitor) asks for the same few hundred, and the debug build of the tests' stack spends
/// tens of milliseconds on each. At most this many (a few MB; the whole catalogue's tiles at one
/// density), then it starts again.
const CACHED_ARTWORKS: usize = 2048;

type ArtworkKey = (String, u32, u32, u32);

fn drawn() -> &'static Mutex<HashMap<ArtworkKey, Bytes>> {
    static DRAWN: OnceLock<Mutex<HashMap<ArtworkKey, Bytes>>> = OnceLock::new();
    DRAWN.get_or_init(Mutex::default)
}

fn encode(pixels: &[u8], width: u32, height: u32) -> Result<Vec<u8>, CatalogueError> {
    let too_large = || CatalogueError::from(anyhow::anyhow!("artwork of {width}x{height} pixels"));
    let width = u16::try_from(width).map_err(|_| too_large())?;
    let height = u16::try_from(height).map_err(|_| too_large())?;
    let mut jpeg = Vec::with_capacity(pixels.len() / 16);
    let mut encoder = jpeg_encoder::Encoder::new(&mut jpeg, QUALITY);
    // Progressive: a phone on a slow network sees the whole tile early, then its detail.
    encoder.set_progressive(true);
    encoder
        .encode(pixels, width, height, jpeg_encoder::ColorType::Rgb)
        .map_err(|error| anyhow::anyhow!("artwork encoding: {error}"))?;
    Ok(jpeg)
}

/// A number from a text (a game's identity, a sport's code) that its artwork's hue and motif come
/// from, so each keeps its look everywhere; `seed` keeps games and sports of one name apart.
fn text_hash(seed: u32, text: &str) -> u32 {
    text.bytes()
        .fold(seed, |h, b| h.wrapping_mul(31).wrapping_add(u32::from(b)))
}

/// RGB pixels, row by row: a diagonal gradient between two hues of the game, a soft disc in the top
/// right corner, and a ring or a band (by identity) lower down. Sizes are fractions of the width, so
/// every density is the same picture.
fn paint(identity: &str, width: u32, height: u32) -> Vec<u8> {
    let hash = text_hash(7, identity);
    let hue = (hash % 360) as f32;
    let from = hsl(hue, 0.70, 0.45);
    let to = hsl((hue + 48.0) % 360.0, 0.75, 0.22);
    let (w, h) = (width as f32, height as f32);
    let disc = (w * 0.75, h * 0.25, w / 3.0);
    let ring = (w * 0.22, h * 0.78, w * 0.26, w * 0.035);
    let band = (hash >> 9) % 2 == 1;
    shade(width, height, from, to, |px, py| {
        let mut white = 0.08 * coverage(disc.2 - distance(px, py, disc.0, disc.1));
        if band {
            // A band across the lower part, rising to the right.
            let across = (py - h * 0.8) + (px - w * 0.5) * 0.35;
            white += 0.06 * coverage(w * 0.06 - across.abs());
        } else {
            let from_edge = (distance(px, py, ring.0, ring.1) - ring.2).abs();
            white += 0.07 * coverage(ring.3 - from_edge);
        }
        (white, 0.0)
    })
}

/// RGB pixels of a diagonal gradient from `from` (top left) to `to` (bottom right), with the
/// overlays `tint` gives for each pixel centre: how much white, then how much black, to mix in.
fn shade(
    width: u32,
    height: u32,
    from: [f32; 3],
    to: [f32; 3],
    tint: impl Fn(f32, f32) -> (f32, f32),
) -> Vec<u8> {
    let (w, h) = (width as f32, height as f32);
    let mut pixels = Vec::with_capacity(width as usize * height as usize * 3);
    for y in 0..height {
        let py = y as f32 + 0.5;
        for x in 0..width {
            let px = x as f32 + 0.5;
            let t = (px / w + py / h) / 2.0;
            let (white, black) = tint(px, py);
            for channel in 0..3 {
                let value = from[channel] + (to[channel] - from[channel]) * t;
                let mixed = (value + (255.0 - value) * white) * (1.0 - black);
                pixels.push(mixed.round().clamp(0.0, 255.0) as u8);
            }
        }
    }
    pixels
}

fn distance(x: f32, y: f32, cx: f32, cy: f32) -> f32 {
    ((x - cx).powi(2) + (y - cy).powi(2)).sqrt()
}

/// How much of a pixel lies inside a shape, from its signed distance to the edge (positive inside).
fn coverage(inside_by: f32) -> f32 {
    (inside_by + 0.5).clamp(0.0, 1.0)
}

/// HSL (hue in degrees, saturation and lightness 0–1) as RGB 0–255.
fn hsl(hue: f32, saturation: f32, lightness: f32) -> [f32; 3] {
    let chroma = (1.0 - (2.0 * lightness - 1.0).abs()) * saturation;
    let sector = hue / 60.0;
    let second = chroma * (1.0 - (sector % 2.0 - 1.0).abs());
    let (r, g, b) = match sector as u32 {
        0 => (chroma, second, 0.0),
        1 => (second, chroma, 0.0),
        2 => (0.0, chroma, second),
        3 => (0.0, second, chroma),
        4 => (second, 0.0, chroma),
        _ => (chroma, 0.0, second),
    };
    let lift = lightness - chroma / 2.0;
    [(r + lift) * 255.0, (g + lift) * 255.0, (b + lift) * 255.0]
}

/// The sport catalogue's three images (spec section 3), drawn by the sandbox for any sport code.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SportArt {
    /// 1200 by 160, behind the widget on the sport's pages.
    WidgetBackground,
    /// 224 by 192, the sport card's background.
    CardBackground,
    /// 80 by 80, the sport card's picture: a disc in the sport's colour.
    CardImage,
}

impl SportArt {
    /// The file name in `/api/sandbox/images/sports/{code}/{file}`.
    pub fn from_file(file: &str) -> Option<Self> {
        match file {
            "widget-background.jpg" => Some(Self::WidgetBackground),
            "card-background.jpg" => Some(Self::CardBackground),
            "card-image.png" => Some(Self::CardImage),
            _ => None,
        }
    }

    /// The file's media type.
    pub fn content_type(self) -> &'static str {
        match self {
            Self::WidgetBackground | Self::CardBackground => "image/jpeg",
            Self::CardImage => "image/png",
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

/// One of a sport's images, colours from its code so each sport keeps its own: the backgrounds are
/// JPEGs, the card picture a PNG with transparent corners. No text is drawn (the sandbox has no
/// font; the sport's name is printed beside its picture). Each image is drawn once per process.
pub async fn sport_art(code: &str, art: SportArt) -> Result<Bytes, CatalogueError> {
    let (width, height) = match art {
        SportArt::WidgetBackground => (1200, 160),
        SportArt::CardBackground => (224, 192),
        SportArt::CardImage => (80, 80),
    };
    // One cache with the games' artwork; a sport's key cannot be a game identity (it has a colon).
    let key = (format!("sport:{code}:{art:?}"), width, height, 1);
    let code = code.to_owned();
    drawn_once(key, move || draw_sport_art(&code, art, width, height)).await
}

fn draw_sport_art(
    code: &str,
    art: SportArt,
    width: u32,
    height: u32,
) -> Result<Vec<u8>, CatalogueError> {
    let hue = (text_hash(11, code) % 360) as f32;
    let from = hsl(hue, 0.65, 0.42);
    let to = hsl((hue + 40.0) % 360.0, 0.70, 0.20);
    let (w, h) = (width as f32, height as f32);
    match art {
        SportArt::WidgetBackground => {
            let pixels = shade(width, height, from, to, |px, py| {
                // Two stripes rising to the right, and a large soft disc at the right end.
                let stripe = |left_at_bottom: f32, thickness: f32| {
                    let across = px - (left_at_bottom + (h - py) * 2.6);
                    coverage(thickness / 2.0 - (across - thickness / 2.0).abs())
                };
                let white = 0.07 * (stripe(50.0, 90.0) + stripe(600.0, 70.0))
                    + 0.06 * coverage(110.0 - distance(px, py, w * 0.9, h * 0.25));
                (white.min(1.0), 0.0)
            });
            encode(&pixels, width, height)
        }
        SportArt::CardBackground => {
            let pixels = shade(width, height, from, to, |px, py| {
                let white = 0.08 * coverage(70.0 - distance(px, py, w * 0.85, h * 0.16));
                let black = 0.12 * coverage(50.0 - distance(px, py, w * 0.09, h * 0.94));
                (white, black)
            });
            encode(&pixels, width, height)
        }
        SportArt::CardImage => {
            // A white ring around a disc of the sport's colour; outside it, transparent.
            let inner = hsl(hue, 0.65, 0.34);
            let (cx, cy) = (w / 2.0, h / 2.0);
            let mut rgba = Vec::with_capacity(width as usize * height as usize * 4);
            for y in 0..height {
                for x in 0..width {
                    let d = distance(x as f32 + 0.5, y as f32 + 0.5, cx, cy);
                    let alpha = coverage(w * 0.475 - d);
                    let colour_share = coverage(w * 0.40 - d);
                    for channel in inner {
                        let value = 255.0 + (channel - 255.0) * colour_share;
                        rgba.push(value.round().clamp(0.0, 255.0) as u8);
                    }
                    rgba.push((alpha * 255.0).round() as u8);
                }
            }
            encode_png(&rgba, width, height)
        }
    }
}

fn encode_png(rgba: &[u8], width: u32, height: u32) -> Result<Vec<u8>, CatalogueError> {
    let mut png = Vec::new();
    let mut encoder = png::Encoder::new(&mut png, width, height);
    encoder.set_color(png::ColorType::Rgba);
    encoder.set_depth(png::BitDepth::Eight);
    encoder.set_compression(png::Compression::Best);
    let failed = |error: png::EncodingError| anyhow::anyhow!("artwork encoding: {error}");
    let mut writer = encoder.write_header().map_err(failed)?;
    writer.write_image_data(rgba).map_err(failed)?;
    writer.finish().map_err(failed)?;
    Ok(png)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hsl_matches_known_colours() {
        let round = |c: [f32; 3]| c.map(|v| v.round() as u8);
        assert_eq!(round(hsl(0.0, 1.0, 0.5)), [255, 0, 0]);
        assert_eq!(round(hsl(120.0, 1.0, 0.5)), [0, 255, 0]);
        assert_eq!(round(hsl(240.0, 1.0, 0.25)), [0, 0, 128]);
        assert_eq!(round(hsl(200.0, 0.0, 0.5)), [128, 128, 128]);
    }

    #[test]
    fn every_density_is_the_same_picture() {
        let small = paint("lucky-sevens", 150, 200);
        let large = paint("lucky-sevens", 450, 600);
        assert_eq!(small.len(), 150 * 200 * 3);
        assert_eq!(large.len(), 450 * 600 * 3);
        // The centre of a pixel of the small one and of the large one's matching pixel.
        for (x, y) in [(10, 10), (112, 50), (75, 100), (30, 160), (140, 190)] {
            let a = &small[(y * 150 + x) * 3..][..3];
            let b = &large[((y * 3 + 1) * 450 + x * 3 + 1) * 3..][..3];
            for channel in 0..3 {
                assert!(
                    a[channel].abs_diff(b[channel]) <= 6,
                    "({x}, {y}): {a:?} vs {b:?}"
                );
            }
        }
    }

    #[test]
    fn games_look_different_and_the_artwork_is_a_small_jpeg() {
        assert_ne!(
            paint("lucky-sevens", 30, 40),
            paint("golden-pharaoh", 30, 40)
        );
        let jpeg = encode(&paint("lucky-sevens", 450, 600), 450, 600).expect("encodes");
        assert_eq!(&jpeg[..3], &[0xFF, 0xD8, 0xFF], "a JPEG's start of image");
        assert!(jpeg.len() < 60_000, "{} bytes", jpeg.len());
    }

    #[tokio::test]
    async fn sport_art_is_raster_for_any_slug_and_only_slugs_pass() {
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
        let picture = sport_art("ice-hockey", SportArt::CardImage)
            .await
            .expect("drawn");
        assert_eq!(&picture[..8], b"\x89PNG\r\n\x1a\n", "a PNG's signature");
        let background = sport_art("soccer", SportArt::CardBackground)
            .await
            .expect("drawn");
        assert_eq!(
            &background[..3],
            &[0xFF, 0xD8, 0xFF],
            "a JPEG's start of image"
        );
        assert_ne!(
            background,
            sport_art("tennis", SportArt::CardBackground)
                .await
                .expect("drawn")
        );
        assert_eq!(
            SportArt::from_file("card-image.png"),
            Some(SportArt::CardImage)
        );
        assert_eq!(SportArt::from_file("card-image.svg"), None);
    }

    #[test]
    fn the_card_picture_is_round_with_transparent_corners() {
        let png = draw_sport_art("soccer", SportArt::CardImage, 80, 80).expect("drawn");
        let decoder = png::Decoder::new(png.as_slice());
        let mut reader = decoder.read_info().expect("a PNG");
        let mut rgba = vec![0; reader.output_buffer_size()];
        reader.next_frame(&mut rgba).expect("its pixels");
        let alpha = |x: usize, y: usize| rgba[(y * 80 + x) * 4 + 3];
        assert_eq!((alpha(0, 0), alpha(79, 79)), (0, 0), "corners");
        assert_eq!(alpha(40, 40), 255, "centre");
        assert_eq!(
            &rgba[(40 * 80 + 2) * 4..][..3],
            &[255, 255, 255],
            "the white ring"
        );
    }
}
