pub mod login;
pub mod sandbox;
