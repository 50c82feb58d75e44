//! Why init data was refused. Every variant has a stable `code()` that services return to clients
//! as is, so the codes are part of the API: never rename one.

use std::time::Duration;

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum InitDataError {
    #[error("the init data is {len} bytes long; at most {max} are accepted")]
    TooLarge { len: usize, max: usize },
    #[error("the init data is not a well-formed query string: {0}")]
    BadEncoding(String),
    #[error("the init data has the key {0:?} more than once")]
    DuplicateKey(String),
    #[error("the init data has no hash")]
    MissingHash,
    #[error("the init data has no signature")]
    MissingSignature,
    #[error("the init data has no auth_date")]
    MissingAuthDate,
    #[error("the init data's signature does not match its content")]
    Invalid,
    #[error("the init data is {} seconds old; at most {} are accepted", age.as_secs(), max_age.as_secs())]
    Expired { age: Duration, max_age: Duration },
}

impl InitDataError {
    /// The stable machine-readable code of this refusal.
    pub fn code(&self) -> &'static str {
        match self {
            Self::TooLarge { .. } => "init_data_too_large",
            Self::BadEncoding(_) => "init_data_bad_encoding",
            Self::DuplicateKey(_) => "init_data_duplicate_key",
            Self::MissingHash => "init_data_missing_hash",
            Self::MissingSignature => "init_data_missing_signature",
            Self::MissingAuthDate => "init_data_missing_auth_date",
            Self::Invalid => "init_data_invalid",
            Self::Expired { .. } => "init_data_expired",
        }
    }
}
