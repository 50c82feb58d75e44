//! Identity verification: documents a player uploads, and the access token of the external
//! verification service's web SDK. The HTTP side is `routes/identity/`.

pub mod documents;
pub mod sumsub;
