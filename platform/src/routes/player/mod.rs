//! Players: registration, sessions, profile and start-up data.

use serde::Serialize;
use utoipa_axum::router::OpenApiRouter;

use crate::AppState;
use crate::players::{Profile, load_profile};

mod avatars;
mod fields;
mod one_time_codes;
mod profile;
mod register;
mod sessions;
mod social;
mod telegram;
pub mod validation;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .merge(register::router())
        .merge(sessions::router())
        .merge(profile::router())
        .merge(telegram::router())
        .merge(one_time_codes::router())
        .merge(fields::router())
        .merge(avatars::router())
        .merge(social::router())
}

/// `{profile}`: the answer of the calls that create or change a player without opening a session.
#[derive(Debug, Serialize, utoipa::ToSchema)]
// A session response has a `profile` too; refusing other fields keeps the two apart where an
// answer may be either (`oneOf`).
#[serde(deny_unknown_fields)]
pub struct ProfileResponse {
    pub profile: Profile,
}
