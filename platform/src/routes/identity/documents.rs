//! Identity documents: a player uploads scans or photos (multipart: `type` and `file`), lists them
//! and deletes those not yet approved. Files lie in the `documents` directory beside the sandbox
//! database, one folder per player, under names the platform chooses; the format is decided by the
//! file's first bytes, never by the name or the declared content type alone.

use std::path::{Path as FsPath, PathBuf};
use std::str::FromStr;

use axum::Json;
use axum::extract::multipart::{Field, MultipartError, MultipartRejection};
use axum::extract::{DefaultBodyLimit, Multipart, State};
use axum::http::StatusCode;
use serde::Serialize;
use sqlx::FromRow;
use sqlx::sqlite::SqliteConnectOptions;
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::auth::CurrentPlayer;
use crate::extract::Path;
use crate::routes::List;
use crate::{ApiError, AppState};

/// The largest document file accepted.
pub const MAX_DOCUMENT_BYTES: usize = 10 * 1024 * 1024;

/// Room for the multipart framing and the `type` field around the file.
const MULTIPART_OVERHEAD_BYTES: usize = 64 * 1024;

/// A player keeps at most this many documents.
pub const MAX_DOCUMENTS: i64 = 20;

pub const DOCUMENT_TYPES: &[&str] = &[
    "passport",
    "id_card",
    "driving_licence",
    "residence_permit",
    "utility_bill",
    "bank_statement",
    "selfie",
];

/// `documentStatuses` of GET /api/settings/constants.
const STATUS_APPROVED: i64 = 2;

/// (content type, extension, first bytes)
const FORMATS: &[(&str, &str, &[u8])] = &[
    ("image/jpeg", "jpg", b"\xFF\xD8\xFF"),
    ("image/png", "png", b"\x89PNG\r\n\x1A\n"),
    ("application/pdf", "pdf", b"%PDF-"),
];

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(list, upload))
        // The app-wide body limit is the client's 512 KB; a document may be much larger.
        .layer(DefaultBodyLimit::max(
            MAX_DOCUMENT_BYTES + MULTIPART_OVERHEAD_BYTES,
        ))
        .routes(routes!(delete))
}

/// Where documents are kept: `documents/` beside the database file, or in the system's temporary
/// directory for an in-memory database.
pub fn documents_dir(database_url: &str) -> PathBuf {
    let beside_database = SqliteConnectOptions::from_str(database_url)
        .ok()
        .map(|options| options.get_filename().to_path_buf())
        .filter(|file| !file.as_os_str().is_empty() && !file.starts_with(":memory:"))
        .map(|file| {
            file.parent()
                .filter(|dir| !dir.as_os_str().is_empty())
                .map_or_else(|| PathBuf::from("."), FsPath::to_path_buf)
        });
    beside_database
        .unwrap_or_else(|| std::env::temp_dir().join("platform-sandbox"))
        .join("documents")
}

#[derive(Serialize, FromRow, ToSchema)]
#[serde(rename_all = "camelCase")]
struct Document {
    id: i64,
    /// One of `passport`, `id_card`, `driving_licence`, `residence_permit`, `utility_bill`,
    /// `bank_statement`, `selfie`.
    #[serde(rename = "type")]
    kind: String,
    /// `documentStatuses` of GET /api/settings/constants: 1 pending, 2 approved, 3 rejected.
    status: i64,
    file_name: String,
    /// `image/jpeg`, `image/png` or `application/pdf`.
    content_type: String,
    size: i64,
    /// RFC 3339, UTC.
    created_at: String,
}

const DOCUMENT_COLUMNS: &str =
    "id, type AS kind, status, file_name, content_type, size_bytes AS size, created_at";

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
    let data = sqlx::query_as(&format!(
        "SELECT {DOCUMENT_COLUMNS} FROM player_documents WHERE player_id = ? ORDER BY id DESC"
    ))
    .bind(player.id)
    .fetch_all(&state.pool)
    .await?;
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

/// The format of a file by its first bytes: (content type, extension).
fn sniff(bytes: &[u8]) -> Option<(&'static str, &'static str)> {
    FORMATS
        .iter()
        .find(|(_, _, magic)| bytes.starts_with(magic))
        .map(|(content_type, extension, _)| (*content_type, *extension))
}

/// The last path segment of a device's file name, without control characters, at most 120
/// characters.
fn clean_file_name(raw: Option<&str>, extension: &str) -> String {
    let name: String = raw
        .unwrap_or_default()
        .rsplit(['/', '\\'])
        .next()
        .unwrap_or_default()
        .chars()
        .filter(|c| !c.is_control())
        .take(120)
        .collect();
    let name = name.trim();
    if name.is_empty() || name == "." || name == ".." {
        format!("document.{extension}")
    } else {
        name.to_owned()
    }
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
    if !DOCUMENT_TYPES.contains(&kind.as_str()) {
        return Err(ApiError::bad_request(
            "invalid_document_type",
            format!(
                "{kind:?} is not a document type; use one of {}.",
                DOCUMENT_TYPES.join(", ")
            ),
        ));
    }
    if file.too_large {
        return Err(too_large());
    }
    if file.bytes.is_empty() {
        return Err(ApiError::bad_request(
            "document_empty",
            "The file is empty.",
        ));
    }
    let (content_type, extension) = sniff(&file.bytes).ok_or_else(|| {
        ApiError::client(
            StatusCode::UNSUPPORTED_MEDIA_TYPE,
            "unsupported_document_format",
            "Upload a JPEG or PNG photo, or a PDF.",
        )
    })?;
    let declared = file.declared_type.as_deref().map(|t| match t {
        "image/jpg" | "image/pjpeg" => "image/jpeg",
        other => other,
    });
    if declared.is_some_and(|d| d != content_type && d != "application/octet-stream") {
        return Err(ApiError::client(
            StatusCode::UNSUPPORTED_MEDIA_TYPE,
            "document_type_mismatch",
            format!("The file is {content_type}, not what the upload said."),
        ));
    }
    let held: i64 = sqlx::query_scalar("SELECT count(*) FROM player_documents WHERE player_id = ?")
        .bind(player.id)
        .fetch_one(&state.pool)
        .await?;
    if held >= MAX_DOCUMENTS {
        return Err(ApiError::conflict(
            "document_limit_reached",
            format!("You can keep up to {MAX_DOCUMENTS} documents. Delete one first."),
        ));
    }

    let stored_name = format!("{}/{}.{extension}", player.id, uuid::Uuid::new_v4());
    let path = documents_dir(&state.config.database_url).join(&stored_name);
    if let Some(dir) = path.parent() {
        tokio::fs::create_dir_all(dir)
            .await
            .map_err(|e| anyhow::anyhow!("documents directory {}: {e}", dir.display()))?;
    }
    tokio::fs::write(&path, &file.bytes)
        .await
        .map_err(|e| anyhow::anyhow!("document file {}: {e}", path.display()))?;
    let inserted: Result<Document, sqlx::Error> = sqlx::query_as(&format!(
        "INSERT INTO player_documents (player_id, type, file_name, content_type, size_bytes, stored_name)
         VALUES (?, ?, ?, ?, ?, ?) RETURNING {DOCUMENT_COLUMNS}"
    ))
    .bind(player.id)
    .bind(&kind)
    .bind(clean_file_name(file.file_name.as_deref(), extension))
    .bind(content_type)
    .bind(file.bytes.len() as i64)
    .bind(&stored_name)
    .fetch_one(&state.pool)
    .await;
    match inserted {
        Ok(document) => Ok((StatusCode::CREATED, Json(document))),
        Err(e) => {
            // A file without its row would never be listed or deleted.
            let _ = tokio::fs::remove_file(&path).await;
            Err(e.into())
        }
    }
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
    let found: Option<(i64, String)> = sqlx::query_as(
        "SELECT status, stored_name FROM player_documents WHERE id = ? AND player_id = ?",
    )
    .bind(id)
    .bind(player.id)
    .fetch_optional(&state.pool)
    .await?;
    let Some((status, stored_name)) = found else {
        return Err(ApiError::not_found(
            "document_not_found",
            "There is no such document.",
        ));
    };
    if status == STATUS_APPROVED {
        return Err(ApiError::conflict(
            "document_approved",
            "An approved document stays on file.",
        ));
    }
    let deleted =
        sqlx::query("DELETE FROM player_documents WHERE id = ? AND player_id = ? AND status <> ?")
            .bind(id)
            .bind(player.id)
            .bind(STATUS_APPROVED)
            .execute(&state.pool)
            .await?
            .rows_affected();
    if deleted == 0 {
        return Err(ApiError::not_found(
            "document_not_found",
            "There is no such document.",
        ));
    }
    let path = documents_dir(&state.config.database_url).join(&stored_name);
    if let Err(e) = tokio::fs::remove_file(&path).await
        && e.kind() != std::io::ErrorKind::NotFound
    {
        tracing::warn!(error = %e, file = %path.display(), "document file not removed");
    }
    Ok(StatusCode::NO_CONTENT)
}
