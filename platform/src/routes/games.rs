//! The game catalogue over HTTP: collections, the filtered and paged game listing, and one game by
//! id or identity. The listing itself is `crate::catalogue::games`.

use axum::Json;
use axum::body::Bytes;
use axum::extract::State;
use axum::http::header;
use axum::response::{IntoResponse, Response};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::List;
use crate::auth::CurrentPlayer;
use crate::catalogue::favorites;
use crate::catalogue::games::{
    self, Collection, DEFAULT_PER_PAGE, Game, GameCategory, GameFilter, GameSort, WrittenFilter,
};
use crate::paging::{Page, Paging};
use crate::routes::extract::{Path, Query, VisitorCountry};
use crate::{ApiError, AppState};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(collections))
        .routes(routes!(games))
        .routes(routes!(game))
}

/// Collections the visitor's country may see: those limited to no country, and those limited to
/// theirs. A visitor whose country is unknown sees only the former.
#[utoipa::path(get, path = "/api/game/collections", tag = "games",
    params(("cf-ipcountry" = Option<String>, Header, description = "The visitor's country, set by the CDN")),
    responses((status = 200, body = List<Collection>)))]
async fn collections(
    State(state): State<AppState>,
    country: Option<VisitorCountry>,
) -> Result<Json<List<Collection>>, ApiError> {
    let country = country.map(|VisitorCountry(code)| code);
    let data = games::visible_collections(&state.pool, country).await?;
    Ok(Json(List { data }))
}

#[derive(Deserialize, IntoParams)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
#[into_params(parameter_in = Query)]
struct GamesQuery {
    /// A collection's identity. Its games come in the collection's order unless `sort` is given;
    /// a collection limited to other countries than the visitor's lists nothing.
    collection: Option<String>,
    /// Provider identities, comma-separated: games of any of them.
    provider: Option<String>,
    /// Feature identities (GET /api/game/games/features), comma-separated: games with all of them.
    feature: Option<String>,
    /// Inlined: a parameter's schema is not collected into the document's components.
    #[param(inline)]
    category: Option<GameCategory>,
    /// Text in the game's name, 2 to 64 characters, any case. Empty means no search.
    search: Option<String>,
    /// `popular` (the default outside a collection), `new`, `name` or `name-desc`.
    #[param(inline)]
    sort: Option<GameSort>,
    page: Option<u32>,
    per_page: Option<u32>,
}

/// Games, filtered, sorted and paged. Unknown collections, providers and features, bad sorts and
/// categories and unusable search texts are 400s with their own codes.
#[utoipa::path(get, path = "/api/game/games", tag = "games", params(GamesQuery,
        ("cf-ipcountry" = Option<String>, Header, description = "The visitor's country, set by the CDN")),
    responses((status = 200, body = Page<Game>), (status = 400, body = service_kit::ErrorBody)))]
async fn games(
    State(state): State<AppState>,
    country: Option<VisitorCountry>,
    Query(query): Query<GamesQuery>,
) -> Result<Response, ApiError> {
    let paging = Paging::new(query.page, query.per_page, DEFAULT_PER_PAGE)?;
    let country = country.map(|VisitorCountry(code)| code);
    let filter = GameFilter::parse(
        WrittenFilter {
            collection: query.collection.as_deref(),
            providers: query.provider.as_deref(),
            features: query.feature.as_deref(),
            category: query.category,
            search: query.search.as_deref(),
            sort: query.sort,
        },
        country,
    )?;
    // The filter as parsed (not the raw query), so spellings of one filter share an answer.
    let key = format!("{filter:?} {paging:?}");
    let answer = match state.listings.get(&key) {
        Some(answer) => answer,
        None => {
            let page = filter.page(&state.pool, paging).await?;
            let answer = Bytes::from(
                serde_json::to_vec(&page)
                    .map_err(|e| anyhow::anyhow!("a games page does not serialise: {e}"))?,
            );
            state.listings.insert(key, answer.clone());
            answer
        }
    };
    Ok(([(header::CONTENT_TYPE, "application/json")], answer).into_response())
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct GameDetails {
    #[serde(flatten)]
    game: Game,
    /// Identities of the visible collections the game is in.
    collections: Vec<String>,
    /// Whether the signed-in player keeps it among favourites; always false for guests.
    is_favorite: bool,
}

/// One game by its id or identity. Public; a signed-in caller also learns whether it is a
/// favourite.
#[utoipa::path(get, path = "/api/game/games/{id}", tag = "games", security((), ("bearer" = [])),
    params(("id" = String, Path, description = "The game's id or identity")),
    responses((status = 200, body = GameDetails), (status = 404, body = service_kit::ErrorBody)))]
async fn game(
    State(state): State<AppState>,
    player: Option<CurrentPlayer>,
    Path(id): Path<String>,
) -> Result<Json<GameDetails>, ApiError> {
    let game = games::find_game(&state.pool, &id).await?;
    let collections = games::collections_of(&state.pool, game.id).await?;
    let is_favorite = match player {
        Some(player) => favorites::is_favorite(&state.pool, player.id, game.id).await?,
        None => false,
    };
    Ok(Json(GameDetails {
        game,
        collections,
        is_favorite,
    }))
}
