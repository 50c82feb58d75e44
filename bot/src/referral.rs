//! The referral card: a short invitation in the sharer's language with a button that opens the
//! Mini App with their referral (`https://t.me/<bot>?startapp=ref_<player id>`, the `ref_` rule of
//! `docs/start-params.md`), so the friend who opens it signs up invited by them. The platform asks
//! for it prepared for one player (`POST /referral-messages` on the signed hook, `crate::hook`) and
//! the Mini App gives the prepared id to Telegram's `shareMessage`; where the client cannot, it
//! opens the chat picker with `@<bot> ref_<player id>` (`switchInlineQuery`), and the bot answers
//! that inline query with the same card.

use std::sync::Arc;

use teloxide::prelude::*;
use teloxide::types::{
    InlineKeyboardButton, InlineKeyboardMarkup, InlineQuery, InlineQueryResult,
    InlineQueryResultArticle, InputMessageContent, InputMessageContentText, PreparedInlineMessage,
    UserId,
};
use tokio::sync::OnceCell;
use url::Url;

use crate::launch::Attribution;
use crate::texts::Language;
use crate::{BotError, TelegramBot};

struct CardTexts {
    title: &'static str,
    description: &'static str,
    message: &'static str,
    button: &'static str,
}

fn texts(language: Language) -> &'static CardTexts {
    match language {
        Language::En => &CardTexts {
            title: "Invite a friend",
            description: "Send your invitation to play",
            message: "Join me! 🎰 Slots, live casino and sports betting, right here in Telegram. \
                      Tap the button to start.",
            button: "Play",
        },
        Language::Ru => &CardTexts {
            title: "Пригласить друга",
            description: "Отправьте приглашение сыграть",
            message: "Присоединяйся! 🎰 Слоты, лайв-казино и ставки на спорт прямо в Telegram. \
                      Нажми на кнопку, чтобы начать.",
            button: "Играть",
        },
        Language::Es => &CardTexts {
            title: "Invitar a un amigo",
            description: "Envía tu invitación para jugar",
            message: "¡Únete! 🎰 Tragamonedas, casino en vivo y apuestas deportivas, aquí mismo en \
                      Telegram. Toca el botón para empezar.",
            button: "Jugar",
        },
        Language::Pt => &CardTexts {
            title: "Convidar um amigo",
            description: "Envie seu convite para jogar",
            message: "Venha jogar comigo! 🎰 Slots, cassino ao vivo e apostas esportivas, aqui \
                      mesmo no Telegram. Toque no botão para começar.",
            button: "Jogar",
        },
    }
}

/// The referral a card carries: a player id as the `ref_` rule reads it (leading zeros dropped),
/// or `None` for anything else.
pub fn ref_id(raw: &str) -> Option<String> {
    Attribution::from_start_payload(&format!("ref_{}", raw.trim())).ref_id
}

/// The card inviting to the Mini App with `ref_id`, or without a referral.
pub fn card(bot_username: &str, ref_id: Option<&str>, language: Language) -> InlineQueryResult {
    let texts = texts(language);
    let mut link = Url::parse("https://t.me/").expect("a valid base");
    link.set_path(bot_username);
    if let Some(id) = ref_id {
        link.query_pairs_mut()
            .append_pair("startapp", &format!("ref_{id}"));
    }
    let content = InputMessageContent::Text(InputMessageContentText::new(texts.message));
    let article = InlineQueryResultArticle::new(
        format!("referral-{}", ref_id.unwrap_or("none")),
        texts.title,
        content,
    )
    .description(texts.description)
    .reply_markup(InlineKeyboardMarkup::new([[InlineKeyboardButton::url(
        texts.button,
        link,
    )]]));
    InlineQueryResult::Article(article)
}

/// Prepares and answers referral cards with the bot's own username, asked of Telegram once.
#[derive(Clone)]
pub struct Referrals {
    telegram: TelegramBot,
    username: Arc<OnceCell<String>>,
}

impl Referrals {
    pub fn new(telegram: TelegramBot) -> Self {
        Self {
            telegram,
            username: Arc::default(),
        }
    }

    async fn username(&self) -> Result<&str, BotError> {
        let name = self
            .username
            .get_or_try_init(|| async {
                let me = self.telegram.get_me().await?;
                Ok::<_, BotError>(me.user.username.clone().unwrap_or_default())
            })
            .await?;
        Ok(name.as_str())
    }

    /// A card for `telegram_user_id` to share through the Mini App (`savePreparedInlineMessage`).
    pub async fn prepare(
        &self,
        telegram_user_id: u64,
        ref_id: &str,
        language: Language,
    ) -> Result<PreparedInlineMessage, BotError> {
        let card = card(self.username().await?, Some(ref_id), language);
        Ok(self
            .telegram
            .save_prepared_inline_message(UserId(telegram_user_id), card)
            .allow_user_chats(true)
            .allow_group_chats(true)
            .allow_channel_chats(true)
            .await?)
    }

    /// Answers `@<bot> ref_<id>` with the card carrying that referral, and any other query with
    /// the card without one.
    pub async fn answer(&self, query: &InlineQuery) -> Result<(), BotError> {
        let language = Language::from_code(query.from.language_code.as_deref());
        let referral = query.query.trim().strip_prefix("ref_").and_then(ref_id);
        let card = card(self.username().await?, referral.as_deref(), language);
        self.telegram
            .answer_inline_query(query.id.clone(), [card])
            .is_personal(true)
            .cache_time(0)
            .await?;
        Ok(())
    }
}

/// The inline-query branch of the handler tree.
pub async fn on_inline_query(query: InlineQuery, referrals: Referrals) -> Result<(), BotError> {
    referrals.answer(&query).await
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_card_opens_the_mini_app_with_the_referral() {
        let InlineQueryResult::Article(article) = card("casino_bot", Some("42"), Language::Es)
        else {
            panic!("an article");
        };
        let button = &article.reply_markup.expect("a button").inline_keyboard[0][0];
        assert_eq!(button.text, "Jugar");
        let value = serde_json::to_value(button).expect("serializes");
        assert_eq!(value["url"], "https://t.me/casino_bot?startapp=ref_42");
    }

    #[test]
    fn only_a_player_id_is_a_referral() {
        assert_eq!(ref_id("0042").as_deref(), Some("42"));
        assert_eq!(ref_id("42x"), None);
        assert_eq!(ref_id(""), None);
    }
}
