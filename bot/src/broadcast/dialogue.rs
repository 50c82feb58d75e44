//! Writing a broadcast: `/broadcast` opens a draft and asks its author for the English text, then
//! for each other language's (or Skip: English stands in), shows each text as players will see it
//! and waits for Send or Cancel. The draft is in the database, so the dialogue survives a restart
//! and works whichever replica gets the next message. Staff read English.

use teloxide::prelude::*;
use teloxide::types::{InlineKeyboardButton, InlineKeyboardMarkup};

use super::{Broadcast, Broadcasts, LANGUAGES, State, label, player_message};
use crate::config::Config;
use crate::handlers::Staff;
use crate::texts::Language;
use crate::{BotError, TelegramBot};

/// The callback data of the dialogue's buttons: `broadcast:<id>:<action>`.
pub const CALLBACK_PREFIX: &str = "broadcast:";

/// Telegram's longest message, in UTF-16 code units.
const MAX_TEXT: usize = 4096;

type HandlerResult = Result<(), BotError>;

fn language_name(language: Language) -> &'static str {
    match language {
        Language::En => "English",
        Language::Ru => "Russian",
        Language::Es => "Spanish",
        Language::Pt => "Brazilian Portuguese",
    }
}

fn author(user: &teloxide::types::User) -> i64 {
    i64::try_from(user.id.0).unwrap_or(i64::MAX)
}

fn button(id: i64, action: &str, text: &str) -> InlineKeyboardButton {
    InlineKeyboardButton::callback(text, format!("{CALLBACK_PREFIX}{id}:{action}"))
}

/// `/broadcast` from staff.
pub async fn start(bot: &TelegramBot, msg: &Message, broadcasts: &Broadcasts) -> HandlerResult {
    let Some(from) = msg.from.as_ref() else {
        return Ok(());
    };
    let draft = broadcasts.start_draft(author(from)).await?;
    tracing::info!(
        broadcast = draft.id,
        staff = from.id.0,
        "a broadcast was started"
    );
    ask(bot, msg.chat.id, &draft).await
}

/// Asks for the text the draft awaits.
async fn ask(bot: &TelegramBot, chat: ChatId, draft: &Broadcast) -> HandlerResult {
    let id = draft.id;
    let (text, buttons) = match draft.step {
        Some(Language::En) | None => (
            format!(
                "Broadcast {id}. Send its English text (plain text, up to 4096 characters). \
                 Players whose language you leave out get the English text."
            ),
            vec![button(id, "cancel", "Cancel")],
        ),
        Some(language) => {
            let name = language_name(language);
            (
                format!(
                    "Now the {name} ({}) text, or Skip: players with {name} then get the \
                     English text.",
                    label(language)
                ),
                vec![
                    button(id, &format!("skip-{}", language.code()), "Skip"),
                    button(id, "cancel", "Cancel"),
                ],
            )
        }
    };
    bot.send_message(chat, text)
        .reply_markup(InlineKeyboardMarkup::new([buttons]))
        .await?;
    Ok(())
}

/// A plain text from a staff member with a draft open: the dialogue takes it.
pub async fn awaits_text(msg: Message, staff: Staff, broadcasts: Broadcasts) -> bool {
    let Some(from) = msg.from.as_ref() else {
        return false;
    };
    if !staff.includes(Some(from)) || msg.text().is_none_or(|text| text.starts_with('/')) {
        return false;
    }
    match broadcasts.open_draft(author(from)).await {
        Ok(draft) => draft.is_some(),
        Err(e) => {
            tracing::warn!(error = %e, "cannot read a staff member's broadcast draft");
            false
        }
    }
}

pub async fn on_text(
    bot: TelegramBot,
    msg: Message,
    broadcasts: Broadcasts,
    config: std::sync::Arc<Config>,
) -> HandlerResult {
    let (Some(from), Some(text)) = (msg.from.as_ref(), msg.text()) else {
        return Ok(());
    };
    let Some(draft) = broadcasts.open_draft(author(from)).await? else {
        return Ok(());
    };
    let Some(step) = draft.step else {
        return Ok(());
    };
    if text.trim().is_empty() || text.encode_utf16().count() > MAX_TEXT {
        bot.send_message(
            msg.chat.id,
            "A text must be 1 to 4096 characters long: send it again.",
        )
        .await?;
        return Ok(());
    }
    if let Some(draft) = broadcasts
        .write(draft.id, draft.staff_id, step, Some(text))
        .await?
    {
        next(&bot, msg.chat.id, &draft, &broadcasts, &config).await?;
    }
    Ok(())
}

/// The next question, or the preview once every language was answered.
async fn next(
    bot: &TelegramBot,
    chat: ChatId,
    draft: &Broadcast,
    broadcasts: &Broadcasts,
    config: &Config,
) -> HandlerResult {
    if draft.state != State::Confirming {
        return ask(bot, chat, draft).await;
    }
    let written: Vec<Language> = LANGUAGES
        .into_iter()
        .filter(|l| draft.texts[super::index(*l)].is_some())
        .collect();
    for language in &written {
        let (text, button) = player_message(draft, *language, config.miniapp_url.clone());
        bot.send_message(chat, text)
            .reply_markup(InlineKeyboardMarkup::new([[button]]))
            .await?;
    }
    let labels = |languages: &[Language]| {
        languages
            .iter()
            .map(|l| label(*l))
            .collect::<Vec<_>>()
            .join(", ")
    };
    let left_out: Vec<Language> = LANGUAGES
        .into_iter()
        .filter(|l| !written.contains(l))
        .collect();
    let audience = broadcasts.audience().await?;
    let mut text = format!(
        "Broadcast {} is ready. Above is its preview as players will see it: {}, in that order.",
        draft.id,
        labels(&written)
    );
    if !left_out.is_empty() {
        text.push_str(&format!(
            " Left out: {}; players with those languages get the English text.",
            labels(&left_out)
        ));
    }
    text.push_str(&format!(
        " It goes to the {audience} players who started the bot and neither blocked it nor \
         turned messages off. Send it?"
    ));
    let buttons = [
        button(draft.id, "send", &format!("Send to {audience} players")),
        button(draft.id, "cancel", "Cancel"),
    ];
    bot.send_message(chat, text)
        .reply_markup(InlineKeyboardMarkup::new([buttons]))
        .await?;
    Ok(())
}

/// The dialogue's buttons: Skip, Send and Cancel, for the broadcast's author only.
pub async fn on_callback(
    bot: TelegramBot,
    query: CallbackQuery,
    broadcasts: Broadcasts,
    staff: Staff,
    config: std::sync::Arc<Config>,
) -> HandlerResult {
    let data = query.data.clone().unwrap_or_default();
    let parsed = data.strip_prefix(CALLBACK_PREFIX).and_then(|rest| {
        let (id, action) = rest.split_once(':')?;
        Some((id.parse::<i64>().ok()?, action.to_owned()))
    });
    let (Some((id, action)), Some(message)) = (parsed, query.regular_message().cloned()) else {
        bot.answer_callback_query(query.id).await?;
        return Ok(());
    };
    if !staff.includes(Some(&query.from)) {
        let language = Language::from_code(query.from.language_code.as_deref());
        bot.answer_callback_query(query.id)
            .text(language.texts().staff_only)
            .await?;
        return Ok(());
    }
    let staff_id = author(&query.from);
    let chat = message.chat.id;
    let answer = match action.as_str() {
        "cancel" => {
            if broadcasts.cancel(id, staff_id).await? {
                tracing::info!(broadcast = id, "a broadcast was cancelled before sending");
                bot.edit_message_text(
                    chat,
                    message.id,
                    format!("Broadcast {id} cancelled: nothing was sent."),
                )
                .await?;
                "Cancelled"
            } else {
                "This broadcast can no longer be cancelled."
            }
        }
        "send" => {
            let audience = broadcasts.audience().await?;
            if broadcasts
                .confirm(
                    id,
                    staff_id,
                    audience,
                    message.id.0,
                    config.broadcast_progress_every,
                )
                .await?
            {
                tracing::info!(broadcast = id, audience, "a broadcast is being sent");
                bot.edit_message_text(
                    chat,
                    message.id,
                    format!("Broadcast {id}: sending to {audience} players…"),
                )
                .await?;
                "Sending"
            } else {
                "This broadcast was sent or cancelled already."
            }
        }
        skip => {
            let step = skip
                .strip_prefix("skip-")
                .map(|code| Language::from_code(Some(code)))
                .filter(|l| *l != Language::En);
            let written = match step {
                Some(step) => broadcasts.write(id, staff_id, step, None).await?,
                None => None,
            };
            match written {
                Some(draft) => {
                    next(&bot, chat, &draft, &broadcasts, &config).await?;
                    "Skipped: English stands in"
                }
                _ => "This question was answered already.",
            }
        }
    };
    bot.answer_callback_query(query.id).text(answer).await?;
    Ok(())
}
