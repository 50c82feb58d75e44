//! Identity documents over HTTP: a player uploads scans or photos (multipart: `type` and `file`),
//! lists them and deletes those not yet approved. Where files lie and what a document may be is
//! `crate::identity::documents`.

use axum::Json;
use axum::extract::multipart::{Field, MultipartError, MultipartRejection};
use axum::extract::{DefaultBodyLimit, Multipart, State};
use axum::http::StatusCode;
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::auth::CurrentPlayer;
use crate::identity::documents::{self, Document, MAX_DOCUMENT_BYTES, NewFile, documents_dir};
use crate::routes::List;
use crate::routes::extract::Path;
use crate::{ApiError, AppState};

/// Room for the multipart framing and the `type` field around the file.
const MULTIPART_OVERHEAD_BYTES: usize = 64 * 1024;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(list, upload))
        // The app-wide body limit is the client's 512 KB; a document may be much larger.
        .layer(DefaultBodyLimit::max(
            MAX_DOCUMENT_BYTES + MULTIPART_OVERHEAD_BYTES,
        ))
        .routes(routes!(delete))
}

/// The multipart form of an upload, as documented for the OpenAPI client.
#[allow(dead_code)] // Only its schema is used; the handler reads the fields as they stream in.
#[derive(ToSchema)]
struct DocumentUpload {
    /// One of the document types.
    #[schema(rename = "type")]
    kind: String,
    /// JPEG, PNG or PDF, at most 10 MB.
    #[schema(value_type = String, format = Binary)]
    file: Vec<u8>,
}

/// The player's documents, the latest first.
#[utoipa::path(get, path = "/api/player/documents", tag = "player", security(("bearer" = [])),
    responses((status = 200, body = List<Document>), (status = 401, body = service_kit::ErrorBody)))]
async fn list(
    State(state): State<AppState>,
    player: CurrentPlayer,
) -> Result<Json<List<Document>>, ApiError> {
    let data = documents::list(&state.pool, player.id).await?;
    Ok(Json(List { data }))
}

fn multipart_error(e: &MultipartError) -> ApiError {
    if e.status() == StatusCode::PAYLOAD_TOO_LARGE {
        too_large()
    } else {
        ApiError::bad_request("invalid_multipart", e.body_text())
    }
}

fn too_large() -> ApiError {
    ApiError::client(
        StatusCode::PAYLOAD_TOO_LARGE,
        "document_too_large",
        format!(
            "A document may be at most {} MB.",
            MAX_DOCUMENT_BYTES / (1024 * 1024)
        ),
    )
}

struct UploadedFile {
    declared_type: Option<String>,
    file_name: Option<String>,
    bytes: Vec<u8>,
    too_large: bool,
}

/// Reads a file field to its end, keeping at most `MAX_DOCUMENT_BYTES`: the rest is read and
/// dropped, so the client gets the answer instead of a reset connection.
async fn read_file(mut field: Field<'_>) -> Result<UploadedFile, ApiError> {
    let declared_type = field.content_type().map(str::to_ascii_lowercase);
    let file_name = field.file_name().map(str::to_owned);
    let mut bytes = Vec::new();
    let mut too_large = false;
    while let Some(chunk) = field.chunk().await.map_err(|e| multipart_error(&e))? {
        if bytes.len() + chunk.len() > MAX_DOCUMENT_BYTES {
            too_large = true;
            bytes = Vec::new();
        }
        if !too_large {
            bytes.extend_from_slice(&chunk);
        }
    }
    Ok(UploadedFile {
        declared_type,
        file_name,
        bytes,
        too_large,
    })
}

/// Uploads a document (multipart form: `type` and `file`). It starts pending review. Errors: 400
/// `document_file_missing`, `document_type_missing`, `invalid_document_type`, `document_empty`,
/// `invalid_multipart`; 413 `document_too_large`; 415 `unsupported_document_format` (not JPEG,
/// PNG or PDF by its content) and `document_type_mismatch` (the declared type says otherwise);
/// 409 `document_limit_reached`.
#[utoipa::path(post, path = "/api/player/documents", tag = "player", security(("bearer" = [])),
    request_body(content = DocumentUpload, content_type = "multipart/form-data"),
    responses((status = 201, body = Document), (status = 400, body = service_kit::ErrorBody),
              (status = 401, body = service_kit::ErrorBody), (status = 409, body = service_kit::ErrorBody),
              (status = 413, body = service_kit::ErrorBody), (status = 415, body = service_kit::ErrorBody)))]
async fn upload(
    State(state): State<AppState>,
    player: CurrentPlayer,
    multipart: Result<Multipart, MultipartRejection>,
) -> Result<(StatusCode, Json<Document>), ApiError> {
    let mut multipart = multipart.map_err(|rejection| {
        ApiError::client(
            rejection.status(),
            "invalid_multipart",
            "Send the document as a multipart form with the fields type and file.",
        )
    })?;
    let mut kind: Option<String> = None;
    let mut file: Option<UploadedFile> = None;
    while let Some(field) = multipart
        .next_field()
        .await
        .map_err(|e| multipart_error(&e))?
    {
        match field.name() {
            Some("type") => {
                let text = field.text().await.map_err(|e| multipart_error(&e))?;
                kind = Some(text.trim().to_owned());
            }
            Some("file") => file = Some(read_file(field).await?),
            // Other fields (a page side, a comment) are not kept by the sandbox.
            _ => {}
        }
    }
    let file = file.ok_or_else(|| {
        ApiError::bad_request("document_file_missing", "Attach the document's file.")
    })?;
    let kind = kind.filter(|k| !k.is_empty()).ok_or_else(|| {
        ApiError::bad_request("document_type_missing", "Say which document this is.")
    })?;
    documents::check_type(&kind)?;
    if file.too_large {
        return Err(too_large());
    }
    let dir = documents_dir(&state.config.database_url);
    let new_file = NewFile {
        bytes: &file.bytes,
        declared_type: file.declared_type.as_deref(),
        file_name: file.file_name.as_deref(),
    };
    let document = documents::store(&state.pool, &dir, player.id, &kind, new_file).await?;
    Ok((StatusCode::CREATED, Json(document)))
}

/// Deletes one of the player's own documents and its file. Another player's document is 404
/// `document_not_found`, as if it did not exist; an approved one is 409 `document_approved`.
#[utoipa::path(delete, path = "/api/player/documents/{id}", tag = "player", security(("bearer" = [])),
    params(("id" = i64, Path)),
    responses((status = 204), (status = 401, body = service_kit::ErrorBody),
              (status = 404, body = service_kit::ErrorBody), (status = 409, body = service_kit::ErrorBody)))]
async fn delete(
    State(state): State<AppState>,
    player: CurrentPlayer,
    Path(id): Path<i64>,
) -> Result<StatusCode, ApiError> {
    let dir = documents_dir(&state.config.database_url);
    documents::delete(&state.pool, &dir, player.id, id).await?;
    Ok(StatusCode::NO_CONTENT)
}
