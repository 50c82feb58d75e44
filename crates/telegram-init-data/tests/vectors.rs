//! Published vectors, tampering and freshness. The first-party vector is the one of
//! `@telegram-apps/init-data-node`'s tests (bot token `5768337691:AAH5...`); the third-party one is
//! Telegram's example for bot 7342037359, signed with Telegram's production key.

use std::time::{Duration, SystemTime, UNIX_EPOCH};

use ed25519_dalek::SigningKey;
use telegram_init_data::{
    InitData, InitDataError, TelegramEnvironment, ThirdPartyValidator, User, Validator, bot_id,
    is_bot_token, sign, sign_pairs, third_party_signature,
};

const TOKEN: &str = "5768337691:AAH5YkoiEuPk8-FZa32hStHTqXiLPtAEhx8";
const FIRST_PARTY: &str = "auth_date=1&can_send_after=10000&chat=%7B%22id%22%3A1%2C%22type%22%3A%22group%22%2C%22title%22%3A%22chat-title%22%2C%22photo_url%22%3A%22group%22%2C%22username%22%3A%22my-chat%22%7D&chat_instance=888&chat_type=sender&hash=47cfa22e72b887cba90c9cb833c5ea0f599975b6ce7193741844b5c4a4228b40&query_id=QUERY&receiver=%7B%22added_to_attachment_menu%22%3Afalse%2C%22allows_write_to_pm%22%3Atrue%2C%22first_name%22%3A%22receiver-first-name%22%2C%22id%22%3A991%2C%22is_bot%22%3Afalse%2C%22is_premium%22%3Atrue%2C%22language_code%22%3A%22ru%22%2C%22last_name%22%3A%22receiver-last-name%22%2C%22photo_url%22%3A%22receiver-photo%22%2C%22username%22%3A%22receiver-username%22%7D&start_param=debug&user=%7B%22added_to_attachment_menu%22%3Afalse%2C%22allows_write_to_pm%22%3Afalse%2C%22first_name%22%3A%22user-first-name%22%2C%22id%22%3A222%2C%22is_bot%22%3Atrue%2C%22is_premium%22%3Afalse%2C%22language_code%22%3A%22en%22%2C%22last_name%22%3A%22user-last-name%22%2C%22photo_url%22%3A%22user-photo%22%2C%22username%22%3A%22user-username%22%7D";

const THIRD_PARTY_BOT: u64 = 7_342_037_359;
const THIRD_PARTY: &str = "user=%7B%22id%22%3A279058397%2C%22first_name%22%3A%22Vladislav%20%2B%20-%20%3F%20%5C%2F%22%2C%22last_name%22%3A%22Kibenko%22%2C%22username%22%3A%22vdkfrost%22%2C%22language_code%22%3A%22ru%22%2C%22is_premium%22%3Atrue%2C%22allows_write_to_pm%22%3Atrue%2C%22photo_url%22%3A%22https%3A%5C%2F%5C%2Ft.me%5C%2Fi%5C%2Fuserpic%5C%2F320%5C%2F4FPEE4tmP3ATHa57u6MqTDih13LTOiMoKoLDRG4PnSA.svg%22%7D&chat_instance=8134722200314281151&chat_type=private&auth_date=1733584787&signature=zL-ucjNyREiHDE8aihFwpfR9aggP2xiAo3NSpfe-p7IbCisNlDKlo7Kb6G4D0Ao2mBrSgEk4maLSdv6MLIlADQ&hash=2174df5b000556d044f3f020384e879c8efcab55ddea2ced4eb752e93e7080d6";

fn at(unix: u64) -> SystemTime {
    UNIX_EPOCH + Duration::from_secs(unix)
}

fn code(result: Result<InitData, InitDataError>) -> &'static str {
    result.expect_err("refused").code()
}

fn any_age() -> Validator {
    Validator::new(TOKEN).with_max_age(None)
}

fn third_party() -> ThirdPartyValidator {
    ThirdPartyValidator::telegram(THIRD_PARTY_BOT, TelegramEnvironment::Production)
        .with_max_age(None)
}

#[test]
fn the_published_first_party_vector_is_valid_and_typed() {
    let data = any_age().validate(FIRST_PARTY).unwrap();
    assert_eq!(data.auth_date, 1);
    assert_eq!(data.start_param.as_deref(), Some("debug"));
    assert_eq!(data.query_id.as_deref(), Some("QUERY"));
    assert_eq!(data.chat_type.as_deref(), Some("sender"));
    assert_eq!(data.chat_instance.as_deref(), Some("888"));
    assert_eq!(data.can_send_after, Some(10_000));
    let user = data.user.unwrap();
    assert_eq!(user.id, 222);
    assert_eq!(user.first_name, "user-first-name");
    assert_eq!(user.last_name.as_deref(), Some("user-last-name"));
    assert_eq!(user.username.as_deref(), Some("user-username"));
    assert_eq!(user.language_code.as_deref(), Some("en"));
    assert!(user.is_bot && !user.is_premium && !user.allows_write_to_pm);
    assert_eq!(user.photo_url.as_deref(), Some("user-photo"));
    assert!(data.receiver.unwrap().is_premium);
    assert_eq!(data.chat.unwrap().kind, "group");
}

#[test]
fn the_first_party_vector_is_refused_with_a_wrong_token_expired_or_without_hash() {
    assert_eq!(
        code(
            Validator::new(&format!("{TOKEN}A"))
                .with_max_age(None)
                .validate(FIRST_PARTY)
        ),
        "init_data_invalid"
    );
    assert_eq!(
        code(Validator::new(TOKEN).validate(FIRST_PARTY)),
        "init_data_expired"
    );
    let without_hash = FIRST_PARTY.replace(
        "&hash=47cfa22e72b887cba90c9cb833c5ea0f599975b6ce7193741844b5c4a4228b40",
        "",
    );
    assert_eq!(
        code(any_age().validate(&without_hash)),
        "init_data_missing_hash"
    );
    let without_auth_date = FIRST_PARTY.replace("auth_date=1&", "");
    assert_eq!(
        code(any_age().validate(&without_auth_date)),
        "init_data_missing_auth_date"
    );
    let upper_case_hash = FIRST_PARTY.replace("47cfa22e", "47CFA22E");
    assert_eq!(
        code(any_age().validate(&upper_case_hash)),
        "init_data_bad_encoding"
    );
}

/// Every position, every other byte value: nothing but the exact signed string passes.
fn assert_every_changed_byte_is_refused(raw: &str, check: impl Fn(&str) -> bool, skip: &str) {
    let skipped = raw.find(skip).map(|start| start..start + skip.len());
    let mut tried = 0;
    for position in 0..raw.len() {
        if skipped
            .as_ref()
            .is_some_and(|range| range.contains(&position))
        {
            continue;
        }
        for byte in 0..=u8::MAX {
            let mut bytes = raw.as_bytes().to_vec();
            if bytes[position] == byte {
                continue;
            }
            bytes[position] = byte;
            let Ok(changed) = String::from_utf8(bytes) else {
                continue;
            };
            tried += 1;
            assert!(
                !check(&changed),
                "accepted with byte {position} set to {byte:#04x}: {changed}"
            );
        }
    }
    assert!(tried > raw.len() * 100, "only {tried} changes tried");
}

#[test]
fn every_single_changed_byte_of_the_first_party_vector_is_refused() {
    let validator = any_age();
    assert_every_changed_byte_is_refused(
        FIRST_PARTY,
        |raw| validator.validate(raw).is_ok(),
        "\u{0}",
    );
}

#[test]
fn the_published_third_party_vector_is_valid_with_telegrams_production_key() {
    let data = third_party().validate(THIRD_PARTY).unwrap();
    let user = data.user.unwrap();
    assert_eq!(user.id, 279_058_397);
    assert_eq!(user.first_name, "Vladislav + - ? /");
    assert_eq!(
        user.photo_url.as_deref(),
        Some("https://t.me/i/userpic/320/4FPEE4tmP3ATHa57u6MqTDih13LTOiMoKoLDRG4PnSA.svg")
    );
    assert!(user.is_premium && user.allows_write_to_pm);
    assert_eq!(data.chat_type.as_deref(), Some("private"));
    assert_eq!(data.auth_date, 1_733_584_787);
}

#[test]
fn the_third_party_vector_is_refused_for_another_bot_key_or_age() {
    let other_bot =
        ThirdPartyValidator::telegram(THIRD_PARTY_BOT + 1, TelegramEnvironment::Production)
            .with_max_age(None);
    assert_eq!(code(other_bot.validate(THIRD_PARTY)), "init_data_invalid");
    let test_key = ThirdPartyValidator::telegram(THIRD_PARTY_BOT, TelegramEnvironment::Test)
        .with_max_age(None);
    assert_eq!(code(test_key.validate(THIRD_PARTY)), "init_data_invalid");
    let default_age =
        ThirdPartyValidator::telegram(THIRD_PARTY_BOT, TelegramEnvironment::Production);
    assert_eq!(code(default_age.validate(THIRD_PARTY)), "init_data_expired");
    let without_signature = THIRD_PARTY.replace("&signature=", "&unsigned=");
    assert_eq!(
        code(third_party().validate(&without_signature)),
        "init_data_missing_signature"
    );
}

/// The third-party check leaves `hash` out by design (a third party cannot check it), so only the
/// bytes of its value may change.
#[test]
fn every_single_changed_byte_of_the_third_party_vector_outside_its_hash_is_refused() {
    let validator = third_party();
    let hash_value = "2174df5b000556d044f3f020384e879c8efcab55ddea2ced4eb752e93e7080d6";
    assert_every_changed_byte_is_refused(
        THIRD_PARTY,
        |raw| validator.validate(raw).is_ok(),
        hash_value,
    );
}

#[test]
fn freshness_follows_the_injected_clock() {
    let signed_at = 1_700_000_000;
    let raw = sign(&InitData::for_user(User::new(7, "Ada"), signed_at), TOKEN);
    let validator = Validator::new(TOKEN).with_max_age(Some(Duration::from_secs(3600)));
    assert!(validator.validate_at(&raw, at(signed_at + 3600)).is_ok());
    let err = validator
        .validate_at(&raw, at(signed_at + 3601))
        .unwrap_err();
    assert_eq!(err.code(), "init_data_expired");
    assert_eq!(
        err.to_string(),
        "the init data is 3601 seconds old; at most 3600 are accepted"
    );
    assert!(
        Validator::new(TOKEN)
            .validate_at(&raw, at(signed_at + 86_400))
            .is_ok()
    );
    assert!(
        Validator::new(TOKEN)
            .validate_at(&raw, at(signed_at + 86_401))
            .is_err()
    );
}

#[test]
fn signed_launches_round_trip_with_every_typed_field() {
    let mut user = User::new(5_000_000_000, "Zoë & \"friends\"");
    user.last_name = Some("O'Brien".to_owned());
    user.username = Some("zoe".to_owned());
    user.language_code = Some("es".to_owned());
    user.is_premium = true;
    user.allows_write_to_pm = true;
    user.photo_url = Some("https://t.me/i/userpic/320/x.svg".to_owned());
    let mut data = InitData::for_user(user, 1_700_000_000);
    data.start_param = Some("ref_42".to_owned());
    data.query_id = Some("AAHdF6IQAAAAAN0XohDhrOrc".to_owned());
    data.chat_type = Some("private".to_owned());
    data.chat_instance = Some("-3788475317572404878".to_owned());
    let raw = sign(&data, TOKEN);
    let mut validated = any_age().validate(&raw).unwrap();
    assert!(validated.hash.take().is_some());
    assert_eq!(validated, data);
}

#[test]
fn third_party_signatures_made_with_a_test_key_are_checked() {
    let key = SigningKey::from_bytes(&[7; 32]);
    let pairs = [
        ("auth_date", "1700000000"),
        ("user", r#"{"id":1,"first_name":"A"}"#),
    ];
    let signature = third_party_signature(&pairs, 99, &key);
    let mut with_signature = pairs.to_vec();
    with_signature.push(("signature", &signature));
    let raw = sign_pairs(&with_signature, TOKEN);
    let validator = ThirdPartyValidator::with_key(99, key.verifying_key()).with_max_age(None);
    assert_eq!(validator.validate(&raw).unwrap().user.unwrap().id, 1);
    assert!(
        any_age().validate(&raw).is_ok(),
        "the hash covers the signature too"
    );
    let other = ThirdPartyValidator::with_key(98, key.verifying_key()).with_max_age(None);
    assert_eq!(code(other.validate(&raw)), "init_data_invalid");
}

#[test]
fn duplicate_keys_are_refused_even_when_signed() {
    let raw = format!(
        "{}&user=%7B%7D",
        sign(&InitData::for_user(User::new(1, "A"), 1), TOKEN)
    );
    assert_eq!(code(any_age().validate(&raw)), "init_data_duplicate_key");
}

#[test]
fn bot_ids_come_from_tokens() {
    assert_eq!(bot_id(TOKEN), Some(5_768_337_691));
    assert_eq!(
        bot_id(telegram_init_data::SANDBOX_BOT_TOKEN),
        Some(7_000_000_001)
    );
    assert_eq!(bot_id("abc:def"), None);
    assert_eq!(bot_id("no-colon"), None);
    assert!(is_bot_token(TOKEN));
    assert!(is_bot_token(telegram_init_data::SANDBOX_BOT_TOKEN));
    assert!(!is_bot_token("5768337691:short"));
    assert!(!is_bot_token(
        "5768337691:AAH5YkoiEuPk8-FZa32hStHTqXiLPtAEhx!"
    ));
}

#[test]
fn the_check_alone_types_nothing_until_asked() {
    let verified = any_age().verify(FIRST_PARTY).unwrap();
    assert_eq!(verified.auth_date(), 1);
    assert_eq!(verified.get("start_param"), Some("debug"));
    assert_eq!(verified.user().unwrap().unwrap().id, 222);
    // The values are the player's credential: Debug names the keys only.
    let debug = format!("{verified:?}");
    assert!(
        debug.contains("start_param")
            && !debug.contains("debug\"")
            && !debug.contains("user-first-name")
    );

    // A signed `user` that is not a user object passes the check and is refused when typed.
    let raw = sign_pairs(&[("auth_date", "1"), ("user", "[1]")], TOKEN);
    let verified = any_age().verify(&raw).unwrap();
    assert_eq!(
        verified.user().unwrap_err().code(),
        "init_data_bad_encoding"
    );
    assert_eq!(code(any_age().validate(&raw)), "init_data_bad_encoding");
    // Without a user there is nothing to type.
    let raw = sign_pairs(&[("auth_date", "1")], TOKEN);
    assert_eq!(any_age().verify(&raw).unwrap().user(), Ok(None));
}

#[test]
fn escaped_and_plain_spellings_of_a_key_are_one_key() {
    // `auth%5Fdate` decodes to `auth_date`: the buffer-backed and the borrowed text compare equal.
    let raw = sign_pairs(&[("auth_date", "1"), ("query_id", "a=b")], TOKEN);
    assert_eq!(any_age().verify(&raw).unwrap().get("query_id"), Some("a=b"));
    let doubled = raw.replacen("query_id", "auth%5Fdate", 1);
    assert_eq!(
        any_age().verify(&doubled).unwrap_err().code(),
        "init_data_duplicate_key"
    );
}
