//! The contact form. A message is stored and, as a real platform would, mailed to the support desk
//! (with the sender as the address to answer) and acknowledged to the sender; the sandbox's mail is
//! its outbox (`GET /api/sandbox/outbox?to=...`).

use sqlx::SqlitePool;

use crate::verification;

/// Where contact messages are delivered.
pub const SUPPORT_MAILBOX: &str = "support@sandbox.casino";

/// A checked contact message: the e-mail lower-cased, every text trimmed, blank optional ones
/// `None`.
pub struct ContactMessage {
    pub name: Option<String>,
    pub email: String,
    pub subject: Option<String>,
    pub message: String,
}

/// Stores the message of a guest or of `player_id`, mails it to support and acknowledges it to the
/// sender; its id.
pub async fn send(
    pool: &SqlitePool,
    player_id: Option<i64>,
    contact: &ContactMessage,
) -> Result<i64, sqlx::Error> {
    let ContactMessage {
        name,
        email,
        subject,
        message,
    } = contact;
    let title = subject.clone().unwrap_or_else(|| "Contact form".to_owned());
    let mut tx = pool.begin().await?;
    let id: i64 = sqlx::query_scalar(
        "INSERT INTO communications (player_id, name, email, subject, message)
         VALUES (?, ?, ?, ?, ?) RETURNING id",
    )
    .bind(player_id)
    .bind(name)
    .bind(email)
    .bind(subject)
    .bind(message)
    .fetch_one(&mut *tx)
    .await?;
    let sender = match name {
        Some(name) => format!("{name} <{email}>"),
        None => email.clone(),
    };
    let signed_in = player_id.map_or("a guest".to_owned(), |id| format!("player {id}"));
    for (recipient, subject, text) in [
        (
            SUPPORT_MAILBOX.to_owned(),
            format!("[#{id}] {title}"),
            format!("From {sender} ({signed_in}), reply to {email}:\n\n{message}"),
        ),
        (
            email.clone(),
            format!("We received your message [#{id}]"),
            format!(
                "Thank you for writing to us. Our support team will answer soon.\n\n> {title}\n\n{message}"
            ),
        ),
    ] {
        verification::notify(&mut *tx, "email", &recipient, &subject, &text).await?;
    }
    tx.commit().await?;
    Ok(id)
}
