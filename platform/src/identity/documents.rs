//! Identity documents: a player uploads scans or photos, lists them and deletes those not yet
//! approved. Files lie in the `documents` directory beside the sandbox database, one folder per
//! player, under names the platform chooses; the format is decided by the file's first bytes,
//! never by the name or the declared content type alone. The HTTP side (the multipart form) is
//! `routes/identity/documents.rs`.

use std::path::{Path, PathBuf};
use std::str::FromStr;

use serde::Serialize;
use sqlx::sqlite::SqliteConnectOptions;
use sqlx::{FromRow, SqlitePool};
use utoipa::ToSchema;

/// The largest document file accepted.
pub const MAX_DOCUMENT_BYTES: usize = 10 * 1024 * 1024;

/// A player keeps at most this many documents.
pub const MAX_DOCUMENTS: i64 = 20;

/// What a document may be.
pub const DOCUMENT_TYPES: &[&str] = &[
    "passport",
    "id_card",
    "driving_licence",
    "residence_permit",
    "utility_bill",
    "bank_statement",
    "selfie",
];

/// Why a document is not listed, kept or deleted.
#[derive(Debug, thiserror::Error)]
pub enum DocumentError {
    #[error("{kind:?} is not a document type")]
    UnknownType { kind: String },
    #[error("the file is empty")]
    Empty,
    #[error("the file is not a JPEG, PNG or PDF")]
    UnsupportedFormat,
    /// The file's bytes say `content_type`; the upload declared another.
    #[error("the file is {content_type}, not what the upload said")]
    TypeMismatch { content_type: &'static str },
    #[error("the player keeps as many documents as allowed")]
    LimitReached,
    #[error("there is no such document")]
    NotFound,
    #[error("an approved document stays on file")]
    Approved,
    #[error(transparent)]
    Database(#[from] sqlx::Error),
    #[error(transparent)]
    Internal(#[from] anyhow::Error),
}

/// `documentStatuses` of GET /api/settings/constants.
const STATUS_APPROVED: i64 = 2;

/// (content type, extension, first bytes)
const FORMATS: &[(&str, &str, &[u8])] = &[
    ("image/jpeg", "jpg", b"\xFF\xD8\xFF"),
    ("image/png", "png", b"\x89PNG\r\n\x1A\n"),
    ("application/pdf", "pdf", b"%PDF-"),
];

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
                .map_or_else(|| PathBuf::from("."), Path::to_path_buf)
        });
    beside_database
        .unwrap_or_else(|| std::env::temp_dir().join("platform-sandbox"))
        .join("documents")
}

#[derive(Serialize, FromRow, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Document {
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

/// The player's documents, the latest first.
pub async fn list(pool: &SqlitePool, player_id: i64) -> Result<Vec<Document>, sqlx::Error> {
    sqlx::query_as(&format!(
        "SELECT {DOCUMENT_COLUMNS} FROM player_documents WHERE player_id = ? ORDER BY id DESC"
    ))
    .bind(player_id)
    .fetch_all(pool)
    .await
}

/// Refuses a `kind` that is not one of `DOCUMENT_TYPES`.
pub fn check_type(kind: &str) -> Result<(), DocumentError> {
    if DOCUMENT_TYPES.contains(&kind) {
        return Ok(());
    }
    Err(DocumentError::UnknownType {
        kind: kind.to_owned(),
    })
}

/// A document's file as uploaded: its bytes, and what the device said of it.
pub struct NewFile<'a> {
    pub bytes: &'a [u8],
    pub declared_type: Option<&'a str>,
    pub file_name: Option<&'a str>,
}

/// The format of a file by its content: (content type, extension). An empty file, one that is not
/// JPEG, PNG or PDF, and one whose declared type says otherwise are refused.
fn format_of(file: &NewFile<'_>) -> Result<(&'static str, &'static str), DocumentError> {
    if file.bytes.is_empty() {
        return Err(DocumentError::Empty);
    }
    let (content_type, extension) = sniff(file.bytes).ok_or(DocumentError::UnsupportedFormat)?;
    let declared = file.declared_type.map(|t| match t {
        "image/jpg" | "image/pjpeg" => "image/jpeg",
        other => other,
    });
    if declared.is_some_and(|d| d != content_type && d != "application/octet-stream") {
        return Err(DocumentError::TypeMismatch { content_type });
    }
    Ok((content_type, extension))
}

/// Keeps a document of a checked `kind` for the player, pending review: its file under `dir` and
/// its row. Refused as `format_of` refuses, and at `MAX_DOCUMENTS`.
pub async fn store(
    pool: &SqlitePool,
    dir: &Path,
    player_id: i64,
    kind: &str,
    file: NewFile<'_>,
) -> Result<Document, DocumentError> {
    let (content_type, extension) = format_of(&file)?;
    let held: i64 = sqlx::query_scalar("SELECT count(*) FROM player_documents WHERE player_id = ?")
        .bind(player_id)
        .fetch_one(pool)
        .await?;
    if held >= MAX_DOCUMENTS {
        return Err(DocumentError::LimitReached);
    }

    let stored_name = format!("{player_id}/{}.{extension}", uuid::Uuid::new_v4());
    let path = dir.join(&stored_name);
    if let Some(dir) = path.parent() {
        tokio::fs::create_dir_all(dir)
            .await
            .map_err(|e| anyhow::anyhow!("documents directory {}: {e}", dir.display()))?;
    }
    tokio::fs::write(&path, file.bytes)
        .await
        .map_err(|e| anyhow::anyhow!("document file {}: {e}", path.display()))?;
    let inserted: Result<Document, sqlx::Error> = sqlx::query_as(&format!(
        "INSERT INTO player_documents (player_id, type, file_name, content_type, size_bytes, stored_name)
         VALUES (?, ?, ?, ?, ?, ?) RETURNING {DOCUMENT_COLUMNS}"
    ))
    .bind(player_id)
    .bind(kind)
    .bind(clean_file_name(file.file_name, extension))
    .bind(content_type)
    .bind(file.bytes.len() as i64)
    .bind(&stored_name)
    .fetch_one(pool)
    .await;
    match inserted {
        Ok(document) => Ok(document),
        Err(e) => {
            // A file without its row would never be listed or deleted.
            let _ = tokio::fs::remove_file(&path).await;
            Err(e.into())
        }
    }
}

/// Deletes one of the player's own documents and its file under `dir`. Another player's document
/// is not found, as if it did not exist; an approved one stays.
pub async fn delete(
    pool: &SqlitePool,
    dir: &Path,
    player_id: i64,
    id: i64,
) -> Result<(), DocumentError> {
    let found: Option<(i64, String)> = sqlx::query_as(
        "SELECT status, stored_name FROM player_documents WHERE id = ? AND player_id = ?",
    )
    .bind(id)
    .bind(player_id)
    .fetch_optional(pool)
    .await?;
    let (status, stored_name) = found.ok_or(DocumentError::NotFound)?;
    if status == STATUS_APPROVED {
        return Err(DocumentError::Approved);
    }
    let deleted =
        sqlx::query("DELETE FROM player_documents WHERE id = ? AND player_id = ? AND status <> ?")
            .bind(id)
            .bind(player_id)
            .bind(STATUS_APPROVED)
            .execute(pool)
            .await?
            .rows_affected();
    if deleted == 0 {
        return Err(DocumentError::NotFound);
    }
    let path = dir.join(&stored_name);
    if let Err(e) = tokio::fs::remove_file(&path).await
        && e.kind() != std::io::ErrorKind::NotFound
    {
        tracing::warn!(error = %e, file = %path.display(), "document file not removed");
    }
    Ok(())
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
