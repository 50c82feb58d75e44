//! The launch the benchmark and `examples/check_batches.rs` check (each includes this file with
//! `#[path]`): a user with every field, chat_type, chat_instance and start_param, signed now with
//! the sandbox's token (534 bytes, 59 escapes). The Node reference, `auth-service/tests/node/bench.mjs`,
//! checks the same launch.

use std::time::{SystemTime, UNIX_EPOCH};

use telegram_init_data::{InitData, SANDBOX_BOT_TOKEN, User, sign};

pub fn launch() -> String {
    let now = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .expect("after 1970")
        .as_secs();
    let mut user = User::new(279_058_397, "Vladislav + - ? \\/");
    user.last_name = Some("Kibenko".to_owned());
    user.username = Some("vdkfrost".to_owned());
    user.language_code = Some("ru".to_owned());
    user.is_premium = true;
    user.allows_write_to_pm = true;
    user.photo_url = Some(
        "https://t.me/i/userpic/320/4FPEE4tmP3ATHa57u6MqTDih13LTOiMoKoLDRG4PnSA.svg".to_owned(),
    );
    let mut data = InitData::for_user(user, now);
    data.chat_instance = Some("8134722200314281151".to_owned());
    data.chat_type = Some("private".to_owned());
    data.start_param = Some("ref_42".to_owned());
    sign(&data, SANDBOX_BOT_TOKEN)
}
