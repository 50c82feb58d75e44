//! The player's messages: platform events posted to the real bot's signed hook, sent through the
//! fake Bot API in the player's language with a button to the screen concerned, once, within
//! Telegram's limits (scaled down, `common::TEST_LIMITS`), and only to players who want them.

use crate::common;
use std::time::Duration;

use crate::common::events::{btc, deliver, event, finished, occurred, outbox, player, post, usd};
use crate::common::{EVENTS_SECRET, STAFF_ID, text_message};
use bot::events::sign;
use bot::outbox::{Lane, Outbox};
use bot::preferences::PreferenceStore;
use bot::storage::now_ms;
use serde_json::{Value, json};

const NB: &str = "\u{a0}";

fn button(message: &Value) -> (String, String) {
    let button = &message["reply_markup"]["inline_keyboard"][0][0];
    (
        button["text"].as_str().unwrap_or_default().to_owned(),
        button["web_app"]["url"]
            .as_str()
            .unwrap_or_default()
            .to_owned(),
    )
}

/// A kind, its data, its text per language, its button per language and the screen it opens.
type KindCase = (
    &'static str,
    Value,
    [String; 4],
    [&'static str; 4],
    &'static str,
);

fn every_kind() -> Vec<KindCase> {
    let wallet = [
        "Open wallet",
        "Кошелёк",
        "Abrir billetera",
        "Abrir carteira",
    ];
    let bets = ["My bets", "Мои ставки", "Mis apuestas", "Minhas apostas"];
    let bonuses = ["My bonuses", "Мои бонусы", "Mis bonos", "Meus bônus"];
    let s = |texts: [&str; 4]| texts.map(str::to_owned);
    vec![
        (
            "deposit_credited",
            json!({"amount": usd(2_500)}),
            s([
                "✅ Your deposit of $25.00 has been credited. Good luck!",
                &format!("✅ Депозит 25,00{NB}$ зачислен. Удачи!"),
                &format!("✅ Tu depósito de 25,00{NB}$ ya está acreditado. ¡Buena suerte!"),
                &format!("✅ Seu depósito de ${NB}25,00 foi creditado. Boa sorte!"),
            ]),
            wallet,
            "wallet",
        ),
        (
            "withdrawal_paid",
            json!({"amount": btc(123_456_789)}),
            s([
                &format!("💸 Your withdrawal of 1,234.56789{NB}mBTC has been paid."),
                &format!("💸 Вывод 1{NB}234,56789{NB}mBTC выплачен."),
                &format!("💸 Tu retiro de 1234,56789{NB}mBTC ha sido pagado."),
                &format!("💸 Seu saque de 1.234,56789{NB}mBTC foi pago."),
            ]),
            wallet,
            "wallet",
        ),
        (
            "withdrawal_declined",
            json!({"amount": usd(1_000_000), "reason": "KYC"}),
            s([
                "⚠️ Your withdrawal of $10,000.00 was declined: KYC",
                &format!("⚠️ Вывод 10{NB}000,00{NB}$ отклонён: KYC"),
                &format!("⚠️ Tu retiro de 10.000,00{NB}$ fue rechazado: KYC"),
                &format!("⚠️ Seu saque de ${NB}10.000,00 foi recusado: KYC"),
            ]),
            wallet,
            "wallet",
        ),
        (
            "sport_bet_won",
            json!({"payout": usd(4_210), "title": "Real – Barça"}),
            s([
                "🏆 Your bet on “Real – Barça” won! Payout: $42.10.",
                &format!("🏆 Ваша ставка на «Real – Barça» выиграла! Выплата: 42,10{NB}$."),
                &format!("🏆 ¡Tu apuesta a «Real – Barça» ha ganado! Pago: 42,10{NB}$."),
                &format!("🏆 Sua aposta em “Real – Barça” ganhou! Pagamento: ${NB}42,10."),
            ]),
            bets,
            "bets",
        ),
        (
            "sport_bet_settled",
            json!({"outcome": "lost", "payout": usd(0)}),
            s([
                "🧾 Your bet lost.",
                "🧾 Ваша ставка проиграла.",
                "🧾 Tu apuesta ha perdido.",
                "🧾 Sua aposta perdeu.",
            ]),
            bets,
            "bets",
        ),
        (
            "bonus_awarded",
            json!({"title": "Welcome", "amount": usd(1_000)}),
            s([
                "🎁 You got a bonus: Welcome ($10.00).",
                &format!("🎁 Вам начислен бонус: Welcome (10,00{NB}$)."),
                &format!("🎁 Has recibido un bono: Welcome (10,00{NB}$)."),
                &format!("🎁 Você ganhou um bônus: Welcome (${NB}10,00)."),
            ]),
            bonuses,
            "bonuses",
        ),
        (
            "free_spins_awarded",
            json!({"count": 50, "game": "Book of Ra"}),
            s([
                "🎰 Free spins for you: 50 in Book of Ra.",
                "🎰 Фриспины для вас: 50 в игре Book of Ra.",
                "🎰 Giros gratis para ti: 50 en Book of Ra.",
                "🎰 Rodadas grátis para você: 50 em Book of Ra.",
            ]),
            bonuses,
            "bonuses",
        ),
        (
            "bonus_expiring",
            json!({"title": "Welcome", "expiresAt": "2999-01-01T00:00:00Z"}),
            s([
                "⏳ Your bonus “Welcome” expires in less than 24 hours. Use it before it is gone!",
                "⏳ Бонус «Welcome» сгорит меньше чем через 24 часа. Успейте его использовать!",
                "⏳ Tu bono «Welcome» caduca en menos de 24 horas. ¡Úsalo antes de que desaparezca!",
                "⏳ Seu bônus “Welcome” expira em menos de 24 horas. Use antes que acabe!",
            ]),
            bonuses,
            "bonuses",
        ),
        (
            "quest_completed",
            json!({"title": "Spin 100 times", "reward": usd(500)}),
            s([
                "⭐ Quest completed: Spin 100 times. Reward: $5.00.",
                &format!("⭐ Задание выполнено: Spin 100 times. Награда: 5,00{NB}$."),
                &format!("⭐ Misión completada: Spin 100 times. Recompensa: 5,00{NB}$."),
                &format!("⭐ Missão concluída: Spin 100 times. Recompensa: ${NB}5,00."),
            ]),
            ["Quests", "Задания", "Misiones", "Missões"],
            "quests",
        ),
        (
            "loyalty_level_reached",
            json!({"level": "Gold"}),
            s([
                "👑 You have reached the Gold level!",
                "👑 Вы достигли уровня Gold!",
                "👑 ¡Has alcanzado el nivel Gold!",
                "👑 Você alcançou o nível Gold!",
            ]),
            ["Loyalty", "Лояльность", "Fidelidad", "Fidelidade"],
            "loyalty",
        ),
    ]
}

#[tokio::test]
async fn every_kind_is_sent_in_the_players_language_with_a_button_to_its_screen() {
    let bot = common::spawn().await;
    let preferences = PreferenceStore::new(bot.users.pool().clone());
    let languages = ["en", "ru", "es", "pt-br"];
    for (i, language) in languages.iter().enumerate() {
        let user = 7000 + i64::try_from(i).expect("index");
        player(&bot.users, user, language).await;
        // Every settled bet is sent only to players who asked for it.
        preferences
            .set_kind(user, bot::events::Kind::SportBetSettled, true)
            .await
            .expect("store");
    }
    let kinds = every_kind();
    for (k, (kind, data, ..)) in kinds.iter().enumerate() {
        for (i, _) in languages.iter().enumerate() {
            let user = 7000 + i64::try_from(i).expect("index");
            let (status, answer) = deliver(
                &bot,
                &event(&format!("e-{i}-{k:02}"), user, kind, data.clone()),
            )
            .await;
            assert_eq!(
                (status, &answer),
                (202, &json!({"accepted": true, "duplicate": false}))
            );
        }
    }
    for (i, _) in languages.iter().enumerate() {
        let user = 7000 + i64::try_from(i).expect("index");
        for (k, (kind, _, texts, buttons, screen)) in kinds.iter().enumerate() {
            let message = bot.telegram.nth_message_to(user, k + 1).await;
            assert_eq!(
                message["text"],
                texts[i].as_str(),
                "{kind} in {}",
                languages[i]
            );
            let (label, url) = button(&message);
            assert_eq!(label, buttons[i], "{kind}");
            assert_eq!(url, format!("https://casino.example/app?startapp={screen}"));
        }
    }
}

#[tokio::test]
async fn a_locale_in_the_event_wins_and_the_players_attribution_stays_on_the_button() {
    let bot = common::spawn().await;
    bot.telegram.push(text_message(81, "en", "/start ref_42"));
    bot.telegram.nth_message_to(81, 1).await;
    let mut body = event("e-1", 81, "deposit_credited", json!({"amount": usd(100)}));
    body["locale"] = json!("pt-BR");
    assert_eq!(deliver(&bot, &body).await.0, 202);
    let message = bot.telegram.nth_message_to(81, 2).await;
    assert!(
        message["text"]
            .as_str()
            .unwrap_or_default()
            .starts_with("✅ Seu depósito")
    );
    assert_eq!(
        button(&message).1,
        "https://casino.example/app?startapp=wallet&ref_id=42"
    );
}

#[tokio::test]
async fn a_repeated_event_is_accepted_and_sent_once() {
    let bot = common::spawn().await;
    player(&bot.users, 90, "en").await;
    let body = event("dup-1", 90, "deposit_credited", json!({"amount": usd(100)}));
    assert_eq!(
        deliver(&bot, &body).await,
        (202, json!({"accepted": true, "duplicate": false}))
    );
    bot.telegram.nth_message_to(90, 1).await;
    assert_eq!(
        deliver(&bot, &body).await,
        (202, json!({"accepted": true, "duplicate": true}))
    );
    tokio::time::sleep(Duration::from_millis(300)).await;
    assert_eq!(bot.telegram.messages_to(90).len(), 1);
}

#[tokio::test]
async fn wrong_stale_or_malformed_deliveries_are_refused_and_nothing_is_sent() {
    let bot = common::spawn().await;
    player(&bot.users, 91, "en").await;
    let body = serde_json::to_vec(&event(
        "s-1",
        91,
        "deposit_credited",
        json!({"amount": usd(100)}),
    ))
    .expect("json");
    let now = now_ms() / 1000;
    let code = |answer: &Value| answer["code"].as_str().unwrap_or_default().to_owned();

    let (status, answer) = post(&bot, &body, Some(sign(b"not-the-secret", now, &body))).await;
    assert_eq!((status, code(&answer).as_str()), (401, "invalid_signature"));
    assert!(answer["message"].is_string());
    let (status, answer) = post(&bot, &body, None).await;
    assert_eq!((status, code(&answer).as_str()), (401, "invalid_signature"));
    let stale = sign(EVENTS_SECRET.as_bytes(), now - 301, &body);
    let (status, answer) = post(&bot, &body, Some(stale)).await;
    assert_eq!((status, code(&answer).as_str()), (401, "stale_signature"));
    let mut tampered = body.clone();
    tampered.extend_from_slice(b" ");
    let (status, _) = post(
        &bot,
        &tampered,
        Some(sign(EVENTS_SECRET.as_bytes(), now, &body)),
    )
    .await;
    assert_eq!(status, 401);

    let signed = |body: &[u8]| Some(sign(EVENTS_SECRET.as_bytes(), now, body));
    let (status, answer) = post(&bot, b"not json", signed(b"not json")).await;
    assert_eq!((status, code(&answer).as_str()), (400, "invalid_event"));
    let unknown = serde_json::to_vec(&event("s-2", 91, "jackpot", json!({}))).expect("json");
    let (status, answer) = post(&bot, &unknown, signed(&unknown)).await;
    assert_eq!(
        (status, code(&answer).as_str()),
        (422, "unprocessable_event")
    );
    let huge = vec![b' '; 70 * 1024];
    let (status, answer) = post(&bot, &huge, signed(&huge)).await;
    assert_eq!((status, code(&answer).as_str()), (413, "payload_too_large"));

    tokio::time::sleep(Duration::from_millis(300)).await;
    assert!(bot.telegram.messages_to(91).is_empty());
    assert_eq!(
        outbox(&bot).await.status("s-1").await.expect("database"),
        None
    );
}

#[tokio::test]
async fn a_player_who_blocked_the_bot_gets_nothing_more_and_staff_see_it() {
    let bot = common::spawn().await;
    player(&bot.users, 92, "en").await;
    bot.telegram.block_chat(92);
    let outbox = outbox(&bot).await;
    deliver(
        &bot,
        &event("b-1", 92, "deposit_credited", json!({"amount": usd(100)})),
    )
    .await;
    let status = finished(&outbox, "b-1").await;
    assert_eq!(
        (status.state.as_str(), status.outcome.as_deref()),
        ("dropped", Some("blocked"))
    );
    assert!(bot.stored(92).await.expect("stored").is_blocked);
    deliver(
        &bot,
        &event("b-2", 92, "deposit_credited", json!({"amount": usd(200)})),
    )
    .await;
    assert_eq!(
        finished(&outbox, "b-2").await.outcome.as_deref(),
        Some("blocked")
    );
    assert_eq!(
        bot.telegram.messages_to(92).len(),
        1,
        "only the first was tried"
    );

    bot.telegram.push(text_message(STAFF_ID, "en", "/user 92"));
    let answer = bot.telegram.nth_message_to(STAFF_ID, 1).await;
    let text = answer["text"].as_str().unwrap_or_default();
    assert!(
        text.contains("Blocked the bot: yes (no messages are sent)"),
        "{text}"
    );
    assert!(
        text.contains("Messages: on; kinds off: sport_bet_settled"),
        "{text}"
    );
    // The platform learns it too.
    bot.stored_until(92, "the blocked flag's sync", |u| {
        u.sync_state == bot::storage::SyncState::Synced
    })
    .await;
    assert_eq!(
        bot.platform.user(92).await.expect("synced")["isBlocked"],
        true
    );
}

#[tokio::test]
async fn a_429_is_waited_out_before_the_message_is_sent_again() {
    let bot = common::spawn().await;
    player(&bot.users, 93, "en").await;
    bot.telegram.rate_limit("sendMessage", 1, 1);
    deliver(
        &bot,
        &event("r-1", 93, "deposit_credited", json!({"amount": usd(100)})),
    )
    .await;
    let outbox = outbox(&bot).await;
    assert_eq!(finished(&outbox, "r-1").await.state, "sent");
    let calls: Vec<Duration> = bot
        .telegram
        .calls("sendMessage")
        .into_iter()
        .filter(|c| c.body["chat_id"] == json!(93))
        .map(|c| c.at)
        .collect();
    assert_eq!(calls.len(), 2, "refused once, then sent");
    assert!(calls[1] - calls[0] >= Duration::from_secs(1), "{calls:?}");
}

#[tokio::test]
async fn stop_turns_messages_off_and_start_offers_them_again() {
    let bot = common::spawn().await;
    bot.telegram.push(text_message(94, "es", "/start"));
    bot.telegram.nth_message_to(94, 1).await;
    bot.telegram.push(text_message(94, "es", "/stop"));
    let stopped = bot.telegram.nth_message_to(94, 2).await;
    assert_eq!(
        stopped["text"],
        "🔕 Las notificaciones están desactivadas. Envía /start para activarlas de nuevo."
    );
    let outbox = outbox(&bot).await;
    deliver(
        &bot,
        &event("o-1", 94, "deposit_credited", json!({"amount": usd(100)})),
    )
    .await;
    assert_eq!(
        finished(&outbox, "o-1").await.outcome.as_deref(),
        Some("opted_out")
    );

    bot.telegram.push(text_message(94, "es", "/start"));
    let offer = bot.telegram.nth_message_to(94, 4).await;
    let on = &offer["reply_markup"]["inline_keyboard"][0][0];
    assert_eq!(on["text"], "🔔 Activar notificaciones");
    bot.telegram.push(json!({"callback_query": {
        "id": "cb-1", "chat_instance": "1", "data": on["callback_data"],
        "from": {"id": 94, "is_bot": false, "first_name": "User94", "language_code": "es"},
    }}));
    let turned_on = bot.telegram.nth_message_to(94, 5).await;
    assert!(
        turned_on["text"]
            .as_str()
            .unwrap_or_default()
            .starts_with("🔔 Notificaciones activadas")
    );
    deliver(
        &bot,
        &event("o-2", 94, "deposit_credited", json!({"amount": usd(100)})),
    )
    .await;
    assert_eq!(finished(&outbox, "o-2").await.state, "sent");
}

#[tokio::test]
async fn events_no_longer_useful_are_dropped_not_sent() {
    let bot = common::spawn().await;
    player(&bot.users, 95, "en").await;
    let outbox = outbox(&bot).await;
    let mut old = event("u-1", 95, "deposit_credited", json!({"amount": usd(100)}));
    old["occurredAt"] = json!(occurred(Duration::from_secs(25 * 3600)));
    let mut expired = event("u-2", 95, "bonus_awarded", json!({"title": "Spring"}));
    expired["validUntil"] = json!(occurred(Duration::from_secs(60)));
    let settled = event(
        "u-3",
        95,
        "sport_bet_settled",
        json!({"outcome": "void", "payout": usd(100)}),
    );
    // The bonus was used before its reminder arrived: the platform's deliveries are not ordered.
    let mut used = event("u-4", 95, "cancel", json!({}));
    used["cancels"] = json!(["bonus:42"]);
    let mut reminder = event(
        "u-5",
        95,
        "bonus_expiring",
        json!({"title": "Spring", "expiresAt": "2999-01-01T00:00:00Z"}),
    );
    reminder["key"] = json!("bonus:42");
    reminder["occurredAt"] = json!(occurred(Duration::from_secs(5)));
    for body in [&old, &expired, &settled, &used, &reminder] {
        assert_eq!(deliver(&bot, body).await.0, 202);
    }
    let outcomes: Vec<Option<String>> =
        dropped_outcomes(&outbox, &["u-1", "u-2", "u-3", "u-4", "u-5"]).await;
    let expected = [
        "too_old",
        "expired",
        "kind_off",
        "cancellation",
        "superseded",
    ];
    assert_eq!(outcomes, expected.map(|o| Some(o.to_owned())));
    tokio::time::sleep(Duration::from_millis(200)).await;
    assert!(bot.telegram.messages_to(95).is_empty());
}

async fn dropped_outcomes(outbox: &Outbox, ids: &[&str]) -> Vec<Option<String>> {
    let mut outcomes = Vec::new();
    for id in ids {
        let status = finished(outbox, id).await;
        assert_eq!(status.state, "dropped", "{id}");
        outcomes.push(status.outcome);
    }
    outcomes
}

#[tokio::test]
async fn a_cancellation_drops_a_pending_event_with_its_key() {
    let dir = tempfile::tempdir().expect("tempdir");
    let url = format!("sqlite://{}/services.db", dir.path().display());
    let pool = service_kit::db::connect_services("DATABASE_URL", &url)
        .await
        .expect("database");
    let outbox = Outbox::new(pool);
    common::events::assert_a_cancellation_supersedes(&outbox, &outbox, 5).await;
    assert!(
        outbox
            .claim(10, Duration::from_secs(60), Lane::Events)
            .await
            .expect("claim")
            .is_empty()
    );
}
