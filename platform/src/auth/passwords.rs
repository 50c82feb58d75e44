//! Passwords are stored as argon2id PHC strings and checked off the async runtime (hashing is
//! deliberately slow).

use argon2::Argon2;
use argon2::password_hash::rand_core::OsRng;
use argon2::password_hash::{PasswordHash, PasswordHasher, PasswordVerifier, SaltString};

pub async fn hash(password: String) -> anyhow::Result<String> {
    tokio::task::spawn_blocking(move || {
        let salt = SaltString::generate(&mut OsRng);
        Argon2::default()
            .hash_password(password.as_bytes(), &salt)
            .map(|hash| hash.to_string())
            .map_err(|e| anyhow::anyhow!("hashing a password: {e}"))
    })
    .await?
}

pub async fn verify(password: String, stored: String) -> anyhow::Result<bool> {
    tokio::task::spawn_blocking(move || {
        let parsed = PasswordHash::new(&stored)
            .map_err(|e| anyhow::anyhow!("a stored password hash is unreadable: {e}"))?;
        Ok(Argon2::default()
            .verify_password(password.as_bytes(), &parsed)
            .is_ok())
    })
    .await?
}

#[cfg(test)]
mod tests {
    #[tokio::test]
    async fn a_hash_verifies_its_password_only() {
        let stored = super::hash("correct horse".to_owned()).await.unwrap();
        assert!(stored.starts_with("$argon2id$"));
        assert!(
            super::verify("correct horse".to_owned(), stored.clone())
                .await
                .unwrap()
        );
        assert!(
            !super::verify("wrong horse".to_owned(), stored)
                .await
                .unwrap()
        );
    }
}
