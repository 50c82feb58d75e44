//! Identity verification: documents a player uploads, and the access token of the external
//! verification service's web SDK.

use utoipa_axum::router::OpenApiRouter;

use crate::AppState;

mod documents;
mod sandbox_verification;
mod sumsub;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .merge(documents::router())
        .merge(sumsub::router())
        .merge(OpenApiRouter::from(sandbox_verification::router()))
}
