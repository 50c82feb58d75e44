//! Game and sport artwork over HTTP; the drawing is `crate::catalogue::images`.

use axum::extract::State;
use axum::http::header;
use axum::response::{IntoResponse, Response};
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::catalogue::images;
use crate::routes::extract::Path;
use crate::{ApiError, AppState};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(game_image))
        .routes(routes!(sport_image))
}

/// A JPEG file: in the OpenAPI document, a binary string.
#[derive(ToSchema)]
#[schema(value_type = String, format = Binary)]
#[allow(dead_code)] // Only its schema is used.
struct Jpeg(Vec<u8>);

/// A game's artwork, drawn by the sandbox.
#[utoipa::path(get, path = "/api/sandbox/images/games/{identity}/{ratio}/{file}", tag = "sandbox",
    params(("identity" = String, Path), ("ratio" = String, Path, description = "1x1 or 3x4"),
           ("file" = String, Path, description = "1x.jpg, 2x.jpg or 3x.jpg")),
    responses((status = 200, content_type = "image/jpeg", body = Jpeg),
              (status = 404, body = service_kit::ErrorBody)))]
async fn game_image(
    State(state): State<AppState>,
    Path((identity, ratio, file)): Path<(String, String, String)>,
) -> Result<Response, ApiError> {
    let (width, height) = match ratio.as_str() {
        "1x1" => (150, 150),
        "3x4" => (150, 200),
        _ => {
            return Err(ApiError::not_found(
                "image_not_found",
                "Ratios are 1x1 and 3x4.",
            ));
        }
    };
    let scale: u32 = match file.as_str() {
        "1x.jpg" => 1,
        "2x.jpg" => 2,
        "3x.jpg" => 3,
        _ => {
            return Err(ApiError::not_found(
                "image_not_found",
                "Densities are 1x, 2x and 3x.",
            ));
        }
    };
    let jpeg = images::draw(&state.pool, &identity, width, height, scale).await?;
    Ok((
        [
            (header::CONTENT_TYPE, "image/jpeg"),
            // The artwork of an identity never changes.
            (header::CACHE_CONTROL, "public, max-age=604800, immutable"),
        ],
        jpeg,
    )
        .into_response())
}

/// A PNG file: in the OpenAPI document, a binary string.
#[derive(ToSchema)]
#[schema(value_type = String, format = Binary)]
#[allow(dead_code)] // Only its schema is used.
struct Png(Vec<u8>);

/// One of a sport's catalogue images (spec section 3: widget background, card background, card
/// image), drawn by the sandbox for any sport code: the client's default sport catalogue points
/// here, an operator's names its own.
#[utoipa::path(get, path = "/api/sandbox/images/sports/{code}/{file}", tag = "sandbox",
    params(("code" = String, Path, description = "The sport's code, a lowercase hyphenated slug"),
           ("file" = String, Path, description = "widget-background.jpg, card-background.jpg or card-image.png")),
    responses((status = 200, content_type = "image/jpeg", body = Jpeg),
              (status = 200, content_type = "image/png", body = Png),
              (status = 404, body = service_kit::ErrorBody)))]
async fn sport_image(Path((code, file)): Path<(String, String)>) -> Result<Response, ApiError> {
    let art = images::SportArt::from_file(&file).filter(|_| images::valid_sport_code(&code));
    let Some(art) = art else {
        return Err(ApiError::not_found(
            "image_not_found",
            "Sport images are {code}/widget-background.jpg, card-background.jpg and card-image.png.",
        ));
    };
    Ok((
        [
            (header::CONTENT_TYPE, art.content_type()),
            // A code's artwork never changes.
            (header::CACHE_CONTROL, "public, max-age=604800, immutable"),
        ],
        images::sport_art(&code, art).await?,
    )
        .into_response())
}
