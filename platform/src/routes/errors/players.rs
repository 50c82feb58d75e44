//! The players' refusals: signing in and up, the profile's e-mail and phone, avatars, and the
//! social accounts a player signs in with.

use crate::ApiError;
use crate::players::PlayerError;

impl From<PlayerError> for ApiError {
    fn from(error: PlayerError) -> Self {
        match error {
            PlayerError::NotFound => {
                Self::not_found("player_not_found", "There is no such player.")
            }
            PlayerError::PhoneUnknown => Self::not_found(
                "player_not_found",
                "No account uses this phone number yet. Sign up first.",
            ),
            PlayerError::PhoneTaken => Self::conflict(
                "phone_taken",
                "This phone number belongs to another account.",
            ),
            PlayerError::PhoneRegistered => {
                Self::invalid_field("phone", "An account with this phone number already exists")
            }
            PlayerError::CountryOrLocaleUnknown => {
                Self::bad_request("invalid_request", "Country or language is not known.")
            }
            PlayerError::EmailTaken => {
                Self::conflict("email_taken", "This e-mail belongs to another account.")
            }
            PlayerError::NoEmail => {
                Self::bad_request("email_missing", "Add an e-mail address first.")
            }
            PlayerError::EmailUnnamed => {
                Self::bad_request("email_missing", "Say which e-mail address to confirm.")
            }
            PlayerError::EmailVerified => {
                Self::conflict("email_verified", "This e-mail is already confirmed.")
            }
            PlayerError::WrongCurrentPassword => {
                Self::invalid_field("currentPassword", "The current password is wrong")
            }
            PlayerError::WrongCredentials => {
                Self::unauthorized("invalid_credentials", "Wrong e-mail, phone or password.")
            }
            PlayerError::Blocked => Self::blocked(),
            PlayerError::AvatarNotFound => {
                Self::not_found("avatar_not_found", "There is no such avatar.")
            }
            PlayerError::ProviderUnknown => {
                Self::bad_request("provider_unknown", "This sign-in provider is not offered.")
            }
            PlayerError::SocialCodeInvalid => Self::unauthorized(
                "social_code_invalid",
                "The sign-in was not completed. Try again.",
            ),
            PlayerError::SocialLinked => Self::conflict(
                "social_already_linked",
                "This account is already linked, to you or to another player.",
            ),
            PlayerError::TelegramTaken => Self::conflict(
                "social_already_linked",
                "This Telegram account belongs to another player.",
            ),
            PlayerError::LastSignInMethod => Self::conflict(
                "last_sign_in_method",
                "This is your only way to sign in. Set a password or link another account first.",
            ),
            PlayerError::SocialNotLinked => {
                Self::not_found("social_not_linked", "This account is not linked.")
            }
            PlayerError::Verification(e) => e.into(),
            PlayerError::LoginToken(e) => e.into(),
            PlayerError::Wallet(e) => e.into(),
            PlayerError::Database(e) => e.into(),
            PlayerError::Internal(e) => e.into(),
        }
    }
}
