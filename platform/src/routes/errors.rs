//! The domain's refusals as the spec's answers: each domain error enum gets its status, its stable
//! code and the message the client shows here, so the domain never speaks HTTP.

use crate::ApiError;
use crate::auth::NotSignedIn;

/// 401 (403 when blocked): the client clears its session and opens sign-in.
impl From<NotSignedIn> for ApiError {
    fn from(refusal: NotSignedIn) -> Self {
        match refusal {
            NotSignedIn::TokenExpired => {
                Self::unauthorized("token_expired", "Your session token has expired.")
            }
            NotSignedIn::TokenInvalid => {
                Self::unauthorized("token_invalid", "Your session token is not valid.")
            }
            NotSignedIn::SessionClosed => {
                Self::unauthorized("session_closed", "This session was closed. Sign in again.")
            }
            NotSignedIn::SessionIdle => Self::unauthorized(
                "session_expired",
                "This session has been idle too long. Sign in again.",
            ),
            NotSignedIn::Blocked => Self::blocked(),
            NotSignedIn::Database(e) => e.into(),
        }
    }
}
