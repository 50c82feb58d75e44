//! The activation and cancellation calls of what a player holds and may activate or cancel (a
//! bonus, a free-spin bundle, a quest), which are the same in every holder's route module.

/// Defines `activate` and `cancel` handlers in the calling module: each applies the player's
/// `rewards::Action` and answers the item as it is now, read by `$read` (the holder's list by id,
/// with `$conn`, `$player_id` and `$id` in scope). Each call's documentation, action and path
/// are its arguments, as is the tag. The module imports what the handlers name (`State`,
/// `CurrentPlayer`, `Path`, `JsonResponse`, `rewards`, `Action`, `changed`, `ApiError`,
/// `AppState`).
macro_rules! activate_and_cancel {
    (
        $item:ident, $tag:tt,
        |$conn:ident, $player_id:ident, $id:ident| $read:expr,
        $(#[$activate_doc:meta])* activate: $activate:ident $activate_path:tt,
        $(#[$cancel_doc:meta])* cancel: $cancel:ident $cancel_path:tt $(,)?
    ) => {
        async fn answer(
            state: &AppState,
            $player_id: i64,
            $id: i64,
        ) -> Result<JsonResponse<$item>, ApiError> {
            let mut conn = state.pool.acquire().await?;
            let $conn = &mut conn;
            changed($read, $id)
        }

        $(#[$activate_doc])*
        #[utoipa::path(put, path = $activate_path, tag = $tag,
            security(("bearer" = [])), params(("id" = i64, Path)),
            responses((status = 200, body = $item), (status = 404, body = service_kit::ErrorBody),
                      (status = 409, body = service_kit::ErrorBody)))]
        async fn activate(
            State(state): State<AppState>,
            player: CurrentPlayer,
            Path(id): Path<i64>,
        ) -> Result<JsonResponse<$item>, ApiError> {
            rewards::act(&state.deps(), player.id, Action::$activate, id).await?;
            answer(&state, player.id, id).await
        }

        $(#[$cancel_doc])*
        #[utoipa::path(put, path = $cancel_path, tag = $tag,
            security(("bearer" = [])), params(("id" = i64, Path)),
            responses((status = 200, body = $item), (status = 404, body = service_kit::ErrorBody),
                      (status = 409, body = service_kit::ErrorBody)))]
        async fn cancel(
            State(state): State<AppState>,
            player: CurrentPlayer,
            Path(id): Path<i64>,
        ) -> Result<JsonResponse<$item>, ApiError> {
            rewards::act(&state.deps(), player.id, Action::$cancel, id).await?;
            answer(&state, player.id, id).await
        }
    };
}
