//! The refusals of identity checks: the documents a player uploads.

use axum::http::StatusCode;

use crate::ApiError;
use crate::identity::documents::{DOCUMENT_TYPES, DocumentError, MAX_DOCUMENTS};

/// 400 for a bad type or an empty file, 415 for a format the platform does not keep, 404 and 409
/// for a document that is not there or must stay.
impl From<DocumentError> for ApiError {
    fn from(error: DocumentError) -> Self {
        let unsupported = |code: &'static str, message: String| {
            Self::client(StatusCode::UNSUPPORTED_MEDIA_TYPE, code, message)
        };
        match error {
            DocumentError::UnknownType { kind } => Self::bad_request(
                "invalid_document_type",
                format!(
                    "{kind:?} is not a document type; use one of {}.",
                    DOCUMENT_TYPES.join(", ")
                ),
            ),
            DocumentError::Empty => Self::bad_request("document_empty", "The file is empty."),
            DocumentError::UnsupportedFormat => unsupported(
                "unsupported_document_format",
                "Upload a JPEG or PNG photo, or a PDF.".to_owned(),
            ),
            DocumentError::TypeMismatch { content_type } => unsupported(
                "document_type_mismatch",
                format!("The file is {content_type}, not what the upload said."),
            ),
            DocumentError::LimitReached => Self::conflict(
                "document_limit_reached",
                format!("You can keep up to {MAX_DOCUMENTS} documents. Delete one first."),
            ),
            DocumentError::NotFound => {
                Self::not_found("document_not_found", "There is no such document.")
            }
            DocumentError::Approved => {
                Self::conflict("document_approved", "An approved document stays on file.")
            }
            DocumentError::Database(e) => e.into(),
            DocumentError::Internal(e) => e.into(),
        }
    }
}
