//! Signing init data like Telegram does, for tests and for local launches with a test bot's token.

use base64::Engine as _;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use ed25519_dalek::{Signer as _, SigningKey};
use hmac::Mac;

use crate::InitData;
use crate::parse::{Pairs, encode};
use crate::validate::{keyed_mac, third_party_message};

/// The raw init data string of `data`, with its `hash` made with `bot_token`.
pub fn sign(data: &InitData, bot_token: &str) -> String {
    sign_pairs(&data.to_pairs(), bot_token)
}

/// The raw init data string of `pairs` (any `hash` among them is left out), in their order,
/// with `hash` appended: for tests that need keys or values [`InitData`] cannot express.
pub fn sign_pairs<K: AsRef<str>, V: AsRef<str>>(pairs: &[(K, V)], bot_token: &str) -> String {
    let mut pairs = owned_pairs(pairs);
    // In the given order, before the check string sorts the pairs.
    let mut out = query_string(&pairs);
    let mut mac = keyed_mac(bot_token);
    pairs.feed_check_string(&["hash"], |piece| mac.update(piece));
    let hash = hex::encode(mac.finalize().into_bytes());
    if !out.is_empty() {
        out.push('&');
    }
    out.push_str("hash=");
    out.push_str(&hash);
    out
}

/// The third-party `signature` value of `pairs` for bot `bot_id`, made with `key` (Telegram
/// keeps its own key; tests use one of their own).
pub fn third_party_signature<K: AsRef<str>, V: AsRef<str>>(
    pairs: &[(K, V)],
    bot_id: u64,
    key: &SigningKey,
) -> String {
    let mut pairs = owned_pairs(pairs);
    let signature = key.sign(third_party_message(bot_id, &mut pairs).as_bytes());
    URL_SAFE_NO_PAD.encode(signature.to_bytes())
}

fn owned_pairs<K: AsRef<str>, V: AsRef<str>>(pairs: &[(K, V)]) -> Pairs<'static> {
    let kept: Vec<(&str, &str)> = pairs
        .iter()
        .map(|(k, v)| (k.as_ref(), v.as_ref()))
        .filter(|(k, _)| *k != "hash")
        .collect();
    Pairs::from_decoded(&kept)
}

fn query_string(pairs: &Pairs<'_>) -> String {
    let mut out = String::new();
    for (i, (key, value)) in pairs.iter().enumerate() {
        if i > 0 {
            out.push('&');
        }
        encode(key, &mut out);
        out.push('=');
        encode(value, &mut out);
    }
    out
}

/// The bot's id: the digits before the `:` of its token.
pub fn bot_id(bot_token: &str) -> Option<u64> {
    let (id, _) = bot_token.split_once(':')?;
    if id.is_empty() || !id.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    id.parse().ok()
}

/// Whether `bot_token` has the shape of a Telegram bot token: `<digits>:<35 of [A-Za-z0-9_-]>`.
pub fn is_bot_token(bot_token: &str) -> bool {
    let Some((_, secret)) = bot_token.split_once(':') else {
        return false;
    };
    bot_id(bot_token).is_some()
        && secret.len() == 35
        && secret
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'_' || b == b'-')
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `@telegram-apps/init-data-node`'s vector: the same pairs and token give the same hash.
    #[test]
    fn the_signer_reproduces_the_published_hash() {
        let published = "auth_date=1&can_send_after=10000&chat=%7B%22id%22%3A1%2C%22type%22%3A%22group%22%2C%22title%22%3A%22chat-title%22%2C%22photo_url%22%3A%22group%22%2C%22username%22%3A%22my-chat%22%7D&chat_instance=888&chat_type=sender&hash=47cfa22e72b887cba90c9cb833c5ea0f599975b6ce7193741844b5c4a4228b40&query_id=QUERY&receiver=%7B%22added_to_attachment_menu%22%3Afalse%2C%22allows_write_to_pm%22%3Atrue%2C%22first_name%22%3A%22receiver-first-name%22%2C%22id%22%3A991%2C%22is_bot%22%3Afalse%2C%22is_premium%22%3Atrue%2C%22language_code%22%3A%22ru%22%2C%22last_name%22%3A%22receiver-last-name%22%2C%22photo_url%22%3A%22receiver-photo%22%2C%22username%22%3A%22receiver-username%22%7D&start_param=debug&user=%7B%22added_to_attachment_menu%22%3Afalse%2C%22allows_write_to_pm%22%3Afalse%2C%22first_name%22%3A%22user-first-name%22%2C%22id%22%3A222%2C%22is_bot%22%3Atrue%2C%22is_premium%22%3Afalse%2C%22language_code%22%3A%22en%22%2C%22last_name%22%3A%22user-last-name%22%2C%22photo_url%22%3A%22user-photo%22%2C%22username%22%3A%22user-username%22%7D";
        let pairs = Pairs::split(published).expect("well formed");
        let pairs: Vec<(&str, &str)> = pairs.iter().collect();
        let signed = sign_pairs(&pairs, "5768337691:AAH5YkoiEuPk8-FZa32hStHTqXiLPtAEhx8");
        assert!(
            signed.ends_with(
                "&hash=47cfa22e72b887cba90c9cb833c5ea0f599975b6ce7193741844b5c4a4228b40"
            )
        );
    }
}
