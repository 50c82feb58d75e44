//! The refusals of the site's own services: codes sent by message, the robot check, the
//! notification feeds, the route rules.

use axum::http::StatusCode;

use crate::ApiError;
use crate::captcha::CaptchaError;
use crate::notifications::{IdsError, MAX_IDS};
use crate::route_rules::{MAX_PATH_BYTES, PathError};
use crate::verification::VerificationError;

impl From<VerificationError> for ApiError {
    fn from(error: VerificationError) -> Self {
        match error {
            VerificationError::TooSoon { wait_seconds } => Self::client(
                StatusCode::TOO_MANY_REQUESTS,
                "code_too_soon",
                format!("A code was just sent. Try again in {wait_seconds} seconds."),
            ),
            VerificationError::CodeInvalid => Self::client(
                StatusCode::UNPROCESSABLE_ENTITY,
                "code_invalid",
                "This code is wrong or has expired. Ask for a new one.",
            ),
            VerificationError::Database(e) => e.into(),
        }
    }
}

/// 422 on the `captcha` field for a token that does not pass; 503 when the provider cannot say.
impl From<CaptchaError> for ApiError {
    fn from(error: CaptchaError) -> Self {
        match error {
            CaptchaError::Refused => Self::invalid_field(
                "captcha",
                "Confirm that you are not a robot, then send again.",
            ),
            CaptchaError::Unavailable => Self::client(
                StatusCode::SERVICE_UNAVAILABLE,
                "captcha_unavailable",
                "The robot check is not available right now. Try again in a minute.",
            ),
        }
    }
}

impl From<IdsError> for ApiError {
    fn from(error: IdsError) -> Self {
        match error {
            IdsError::Count { field } => {
                Self::bad_request("invalid_ids", format!("{field} lists 1 to {MAX_IDS} ids."))
            }
            IdsError::Internal(e) => e.into(),
        }
    }
}

/// 400 `invalid_path`, saying what makes it no site path.
impl From<PathError> for ApiError {
    fn from(error: PathError) -> Self {
        let why = match error {
            PathError::NotRooted => "it does not start with /".to_owned(),
            PathError::OtherSite => "it starts with //, which names another site".to_owned(),
            PathError::TooLong => format!("it is longer than {MAX_PATH_BYTES} bytes"),
            PathError::ControlCharacters => "it holds control characters".to_owned(),
            PathError::QueryOrFragment => "it holds a query or a fragment".to_owned(),
            PathError::Database(e) => return e.into(),
        };
        Self::bad_request(
            "invalid_path",
            format!("The path must be a site path such as /casino: {why}."),
        )
    }
}
