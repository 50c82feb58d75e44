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

/// A feed's module: its listing and its reads, each a door to `crate::notifications`, with the
/// feed's paths, the name of its ids' field and the handlers' documentation as the arguments.
/// `$($extra)*` is what only this feed has (its routes and handlers).
macro_rules! feed {
    (
        $(#[$module_doc:meta])* $module:ident, $feed:expr,
        $ids:ident { $ids_field:ident: $ids_name:tt },
        list: $list_path:tt $list_doc:tt,
        read: $read_path:tt $read_doc:tt,
        read_all: $read_all_path:tt $read_all_doc:tt,
        routes: [$($route:ident),*],
        $($extra:item)*
    ) => {
        $(#[$module_doc])*
        mod $module {
            use axum::Json as JsonResponse;
            use axum::extract::State;
            use serde::Deserialize;
            use utoipa::ToSchema;
            use utoipa_axum::router::OpenApiRouter;
            use utoipa_axum::routes;

            use super::super::PageQuery;
            use crate::auth::CurrentPlayer;
            use crate::routes::extract::{Json, Query};
            use crate::notifications::{self as feeds, Feed, FeedChange, FeedPage};
            use crate::{ApiError, AppState};

            pub fn router() -> OpenApiRouter<AppState> {
                OpenApiRouter::new()
                    .routes(routes!(list $(, $route)*))
                    .routes(routes!(read))
                    .routes(routes!(read_all))
            }

            #[derive(Deserialize, ToSchema)]
            #[serde(rename_all = "camelCase", deny_unknown_fields)]
            struct $ids {
                $ids_field: Vec<i64>,
            }

            #[doc = $list_doc]
            #[utoipa::path(get, path = $list_path, tag = "notifications",
                security(("bearer" = [])), params(PageQuery),
                responses((status = 200, body = FeedPage),
                          (status = 400, body = service_kit::ErrorBody)))]
            async fn list(
                State(state): State<AppState>,
                player: CurrentPlayer,
                Query(query): Query<PageQuery>,
            ) -> Result<JsonResponse<FeedPage>, ApiError> {
                Ok(JsonResponse(
                    feeds::page(&state.pool, $feed, player.id, query.paging()?).await?,
                ))
            }

            #[doc = $read_doc]
            #[utoipa::path(post, path = $read_path, tag = "notifications",
                security(("bearer" = [])), request_body = $ids,
                responses((status = 200, body = FeedChange),
                          (status = 400, body = service_kit::ErrorBody)))]
            async fn read(
                State(state): State<AppState>,
                player: CurrentPlayer,
                Json(body): Json<$ids>,
            ) -> Result<JsonResponse<FeedChange>, ApiError> {
                let ids = feeds::ids_json(&body.$ids_field, $ids_name)?;
                Ok(JsonResponse(
                    feeds::mark_read(&state.pool, $feed, player.id, Some(ids)).await?,
                ))
            }

            #[doc = $read_all_doc]
            #[utoipa::path(post, path = $read_all_path, tag = "notifications",
                security(("bearer" = [])), responses((status = 200, body = FeedChange)))]
            async fn read_all(
                State(state): State<AppState>,
                player: CurrentPlayer,
            ) -> Result<JsonResponse<FeedChange>, ApiError> {
                Ok(JsonResponse(
                    feeds::mark_read(&state.pool, $feed, player.id, None).await?,
                ))
            }

            $($extra)*
        }
    };
}

feed! {
    /// The inbox (`/api/notification/messenger/messages`).
    messages, Feed::Messages, MessageIds { message_ids: "messageIds" },
    list: "/api/notification/messenger/messages"
        " The player's messages, newest first, with the unread count.",
    read: "/api/notification/messenger/messages/read"
        " Marks messages read (state 2, `readAt` set).",
    read_all: "/api/notification/messenger/messages/read/all"
        " Marks every message read.",
    routes: [delete],

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

feed! {
    /// Pushes (`/api/notification/pushes`).
    pushes, Feed::Pushes, PushIds { push_ids: "pushIds" },
    list: "/api/notification/pushes" " The player's pushes, newest first, with the unread count.",
    read: "/api/notification/pushes/read" " Marks pushes read.",
    read_all: "/api/notification/pushes/read/all" " Marks every push read.",
    routes: [],
}
