//! The player's say over messages in the chat: `/stop` turns them all off, and `/start` offers a
//! button that turns them on again. Staff see the choices in `/user`.

use teloxide::prelude::*;
use teloxide::types::{InlineKeyboardButton, InlineKeyboardMarkup};

use crate::notices;
use crate::preferences::{PreferenceStore, Preferences};
use crate::texts::Language;
use crate::{BotError, TelegramBot};

/// The callback data of the button that turns messages on again.
pub const TURN_ON: &str = "notifications:on";

/// `/stop` in a private chat, whose id is the player's.
pub async fn stop(
    bot: &TelegramBot,
    chat: ChatId,
    language: Language,
    preferences: &PreferenceStore,
) -> Result<(), BotError> {
    let telegram_id = chat.0;
    preferences.set_all(telegram_id, false).await?;
    tracing::info!(telegram_id, "a player turned their messages off");
    bot.send_message(chat, notices::opt_in(language).stopped)
        .await?;
    Ok(())
}

/// After `/start`: a player who turned messages off is offered to turn them on.
pub async fn offer(
    bot: &TelegramBot,
    chat: ChatId,
    language: Language,
    preferences: &PreferenceStore,
) -> Result<(), BotError> {
    if preferences.get(chat.0).await?.all {
        return Ok(());
    }
    let texts = notices::opt_in(language);
    let button = InlineKeyboardButton::callback(texts.turn_on, TURN_ON);
    bot.send_message(chat, texts.offer)
        .reply_markup(InlineKeyboardMarkup::new([[button]]))
        .await?;
    Ok(())
}

pub async fn on_callback(
    bot: TelegramBot,
    query: CallbackQuery,
    preferences: PreferenceStore,
) -> Result<(), BotError> {
    if query.data.as_deref() != Some(TURN_ON) {
        bot.answer_callback_query(query.id).await?;
        return Ok(());
    }
    let telegram_id = i64::try_from(query.from.id.0).unwrap_or(i64::MAX);
    preferences.set_all(telegram_id, true).await?;
    tracing::info!(telegram_id, "a player turned their messages on");
    let language = Language::from_code(query.from.language_code.as_deref());
    let text = notices::opt_in(language).turned_on;
    bot.answer_callback_query(query.id).text(text).await?;
    bot.send_message(ChatId(telegram_id), text).await?;
    Ok(())
}

/// The choices as `/user` shows them.
pub fn describe(preferences: &Preferences) -> String {
    let state = if preferences.all { "on" } else { "off (/stop)" };
    let off = preferences.off_kinds();
    if off.is_empty() {
        format!("Messages: {state}")
    } else {
        format!("Messages: {state}; kinds off: {}", off.join(", "))
    }
}
