//! The two notification feeds over HTTP, side by side: the inbox
//! (`/api/notification/messenger/messages`) and pushes (`/api/notification/pushes`). They have the
//! same calls (pushes have no delete), each a thin door to `crate::notifications`, which serves both.

use utoipa_axum::router::OpenApiRouter;

use crate::AppState;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .merge(messages::router())
        .merge(pushes::router())
}

/// The inbox (`/api/notification/messenger/messages`).
mod messages {
    use axum::Json as JsonResponse;
    use axum::extract::State;
    use serde::Deserialize;
    use utoipa::ToSchema;
    use utoipa_axum::router::OpenApiRouter;
    use utoipa_axum::routes;

    use super::super::PageQuery;
    use crate::auth::CurrentPlayer;
    use crate::notifications::{self as feeds, Feed, FeedChange, FeedPage};
    use crate::routes::extract::{Json, Query};
    use crate::{ApiError, AppState};

    pub fn router() -> OpenApiRouter<AppState> {
        OpenApiRouter::new()
            .routes(routes!(list, delete))
            .routes(routes!(read))
            .routes(routes!(read_all))
    }

    #[derive(Deserialize, ToSchema)]
    #[serde(rename_all = "camelCase", deny_unknown_fields)]
    struct MessageIds {
        message_ids: Vec<i64>,
    }

    /// The player's messages, newest first, with the unread count.
    #[utoipa::path(get, path = "/api/notification/messenger/messages", tag = "notifications",
        security(("bearer" = [])), params(PageQuery),
        responses((status = 200, body = FeedPage), (status = 400, body = service_kit::ErrorBody)))]
    async fn list(
        State(state): State<AppState>,
        player: CurrentPlayer,
        Query(query): Query<PageQuery>,
    ) -> Result<JsonResponse<FeedPage>, ApiError> {
        Ok(JsonResponse(
            feeds::page(&state.pool, Feed::Messages, player.id, query.paging()?).await?,
        ))
    }

    /// Marks messages read (state 2, `readAt` set).
    #[utoipa::path(post, path = "/api/notification/messenger/messages/read", tag = "notifications",
        security(("bearer" = [])), request_body = MessageIds,
        responses((status = 200, body = FeedChange), (status = 400, body = service_kit::ErrorBody)))]
    async fn read(
        State(state): State<AppState>,
        player: CurrentPlayer,
        Json(body): Json<MessageIds>,
    ) -> Result<JsonResponse<FeedChange>, ApiError> {
        let ids = feeds::ids_json(&body.message_ids, "messageIds")?;
        Ok(JsonResponse(
            feeds::mark_read(&state.pool, Feed::Messages, player.id, Some(ids)).await?,
        ))
    }

    /// Marks every message read.
    #[utoipa::path(post, path = "/api/notification/messenger/messages/read/all", tag = "notifications",
        security(("bearer" = [])), responses((status = 200, body = FeedChange)))]
    async fn read_all(
        State(state): State<AppState>,
        player: CurrentPlayer,
    ) -> Result<JsonResponse<FeedChange>, ApiError> {
        Ok(JsonResponse(
            feeds::mark_read(&state.pool, Feed::Messages, player.id, None).await?,
        ))
    }

    /// Deletes messages.
    #[utoipa::path(delete, path = "/api/notification/messenger/messages", tag = "notifications",
        security(("bearer" = [])), request_body = MessageIds,
        responses((status = 200, body = FeedChange), (status = 400, body = service_kit::ErrorBody)))]
    async fn delete(
        State(state): State<AppState>,
        player: CurrentPlayer,
        Json(body): Json<MessageIds>,
    ) -> Result<JsonResponse<FeedChange>, ApiError> {
        let ids = feeds::ids_json(&body.message_ids, "messageIds")?;
        Ok(JsonResponse(
            feeds::delete(&state.pool, Feed::Messages, player.id, ids).await?,
        ))
    }
}

/// Pushes (`/api/notification/pushes`).
mod pushes {
    use axum::Json as JsonResponse;
    use axum::extract::State;
    use serde::Deserialize;
    use utoipa::ToSchema;
    use utoipa_axum::router::OpenApiRouter;
    use utoipa_axum::routes;

    use super::super::PageQuery;
    use crate::auth::CurrentPlayer;
    use crate::notifications::{self as feeds, Feed, FeedChange, FeedPage};
    use crate::routes::extract::{Json, Query};
    use crate::{ApiError, AppState};

    pub fn router() -> OpenApiRouter<AppState> {
        OpenApiRouter::new()
            .routes(routes!(list))
            .routes(routes!(read))
            .routes(routes!(read_all))
    }

    #[derive(Deserialize, ToSchema)]
    #[serde(rename_all = "camelCase", deny_unknown_fields)]
    struct PushIds {
        push_ids: Vec<i64>,
    }

    /// The player's pushes, newest first, with the unread count.
    #[utoipa::path(get, path = "/api/notification/pushes", tag = "notifications",
        security(("bearer" = [])), params(PageQuery),
        responses((status = 200, body = FeedPage), (status = 400, body = service_kit::ErrorBody)))]
    async fn list(
        State(state): State<AppState>,
        player: CurrentPlayer,
        Query(query): Query<PageQuery>,
    ) -> Result<JsonResponse<FeedPage>, ApiError> {
        Ok(JsonResponse(
            feeds::page(&state.pool, Feed::Pushes, player.id, query.paging()?).await?,
        ))
    }

    /// Marks pushes read.
    #[utoipa::path(post, path = "/api/notification/pushes/read", tag = "notifications",
        security(("bearer" = [])), request_body = PushIds,
        responses((status = 200, body = FeedChange), (status = 400, body = service_kit::ErrorBody)))]
    async fn read(
        State(state): State<AppState>,
        player: CurrentPlayer,
        Json(body): Json<PushIds>,
    ) -> Result<JsonResponse<FeedChange>, ApiError> {
        let ids = feeds::ids_json(&body.push_ids, "pushIds")?;
        Ok(JsonResponse(
            feeds::mark_read(&state.pool, Feed::Pushes, player.id, Some(ids)).await?,
        ))
    }

    /// Marks every push read.
    #[utoipa::path(post, path = "/api/notification/pushes/read/all", tag = "notifications",
        security(("bearer" = [])), responses((status = 200, body = FeedChange)))]
    async fn read_all(
        State(state): State<AppState>,
        player: CurrentPlayer,
    ) -> Result<JsonResponse<FeedChange>, ApiError> {
        Ok(JsonResponse(
            feeds::mark_read(&state.pool, Feed::Pushes, player.id, None).await?,
        ))
    }
}
