//! The bot's handler tree, after teloxide's `dispatching_features.rs` and `purchase.rs`: player
//! commands, staff commands behind a staff filter, a staff member's broadcast texts and buttons
//! (`crate::broadcast::dialogue`), blocking or unblocking of the bot, and inline queries, answered
//! with the referral card (`crate::referral`).
//! Everything else (other messages, unknown commands) reaches the default handler, which logs and
//! ignores it; updates that cannot be read are logged and dropped by teloxide's dispatcher.

use std::collections::HashSet;
use std::sync::Arc;

use chrono::DateTime;
use teloxide::dispatching::{HandlerExt, UpdateFilterExt, UpdateHandler};
use teloxide::prelude::*;
use teloxide::types::{
    BotCommand, BotCommandScope, ChatMemberUpdated, InlineKeyboardButton, InlineKeyboardMarkup,
    MenuButton, Recipient, UpdateKind, WebAppInfo,
};
use teloxide::utils::command::BotCommands;

use crate::broadcast::{Broadcasts, dialogue};
use crate::config::Config;
use crate::launch::{Attribution, miniapp_url};
use crate::optin;
use crate::preferences::PreferenceStore;
use crate::referral;
use crate::storage::{BotUser, Profile, SyncState, Users};
use crate::sync::{Progress, Syncer};
use crate::texts::Language;
use crate::updates::UpdateLog;
use crate::{BotError, TelegramBot};

type HandlerResult = Result<(), BotError>;

/// What players can do. The doc comments are the English `/help` text and command list.
#[derive(BotCommands, Clone, Debug)]
#[command(rename_rule = "snake_case")]
pub enum Command {
    /// Open the casino
    Start(String),
    /// Get the launch button again
    Play,
    /// Show the commands
    Help,
    /// Turn off notifications
    Stop,
}

/// What support staff can do besides.
#[derive(BotCommands, Clone, Debug)]
#[command(rename_rule = "snake_case", description = "Support commands:")]
pub enum StaffCommand {
    /// Show a user's stored data and sync state: /user <telegram id>
    User(String),
    /// Push one user to the platform again: /resync <telegram id>
    Resync(String),
    /// Push every stored user to the platform again
    ResyncAll,
    /// Send a message to every player, one text per language: /broadcast
    Broadcast,
}

/// The staff's Telegram user ids, as a dependency of its own for the staff filter.
#[derive(Clone, Debug, Default)]
pub struct Staff(pub Arc<HashSet<u64>>);

impl Staff {
    pub fn includes(&self, user: Option<&teloxide::types::User>) -> bool {
        user.is_some_and(|user| self.0.contains(&user.id.0))
    }
}

pub fn schema() -> UpdateHandler<BotError> {
    let player_commands = dptree::entry()
        .filter_command::<Command>()
        .endpoint(on_command);
    let staff_commands = dptree::entry()
        .filter_command::<StaffCommand>()
        .branch(
            dptree::filter(|staff: Staff, msg: Message| staff.includes(msg.from.as_ref()))
                .endpoint(on_staff_command),
        )
        .endpoint(refuse_staff_command);
    // Web App buttons work only in private chats, and so does the bot.
    let broadcast_texts = dptree::filter_async(dialogue::awaits_text).endpoint(dialogue::on_text);
    let private_messages = Update::filter_message()
        .filter(|msg: Message| msg.chat.is_private())
        .branch(player_commands)
        .branch(staff_commands)
        .branch(broadcast_texts);
    let membership = Update::filter_my_chat_member()
        .filter(|update: ChatMemberUpdated| update.chat.is_private())
        .endpoint(on_membership_change);
    let buttons = Update::filter_callback_query()
        .branch(
            dptree::filter(|query: CallbackQuery| {
                query
                    .data
                    .as_deref()
                    .is_some_and(|data| data.starts_with(dialogue::CALLBACK_PREFIX))
            })
            .endpoint(dialogue::on_callback),
        )
        .endpoint(optin::on_callback);
    let inline_queries = Update::filter_inline_query().endpoint(referral::on_inline_query);
    dptree::entry()
        .filter_async(first_delivery)
        .branch(private_messages)
        .branch(membership)
        .branch(buttons)
        .branch(inline_queries)
}

/// Lets an update through on its first delivery only (`crate::updates`). When the database cannot
/// say, the update is handled: a rare second greeting is better than a lost /start.
async fn first_delivery(update: Update, log: UpdateLog) -> bool {
    match log.first_delivery(i64::from(update.id.0)).await {
        Ok(first) => {
            if !first {
                tracing::info!(update_id = update.id.0, "update already handled; skipped");
            }
            first
        }
        Err(error) => {
            tracing::warn!(%error, update_id = update.id.0, "cannot record the update; handling it");
            true
        }
    }
}

#[expect(
    clippy::too_many_arguments,
    reason = "dptree hands each dependency in as a parameter"
)]
async fn on_command(
    bot: TelegramBot,
    msg: Message,
    command: Command,
    users: Users,
    syncer: Syncer,
    config: Arc<Config>,
    staff: Staff,
    preferences: PreferenceStore,
) -> HandlerResult {
    let Some(from) = msg.from.as_ref() else {
        return Ok(());
    };
    let profile = Profile::from(from);
    let language = Language::from_code(profile.language_code.as_deref());
    match command {
        Command::Start(payload) => {
            let attribution = Attribution::from_start_payload(&payload);
            if attribution.is_empty() && !payload.trim().is_empty() {
                tracing::info!(
                    payload_length = payload.len(),
                    "ignored a /start payload that is neither ref_<id> nor stag_<tag>"
                );
            }
            let attribution = store_and_sync(&users, &syncer, &profile, attribution).await;
            let url = miniapp_url(&config.miniapp_url, &attribution);
            send_launch_button(&bot, msg.chat.id, language, language.texts().welcome, &url).await?;
            set_menu_button(&bot, msg.chat.id, language, &url).await;
            optin::offer(&bot, msg.chat.id, language, &preferences).await?;
        }
        Command::Play => {
            let stored = match users.get(profile.telegram_id).await {
                Ok(stored) => stored.map(|user| user.attribution),
                Err(e) => {
                    tracing::error!(error = %e, "cannot read a user; launching without attribution");
                    Some(Attribution::default())
                }
            };
            let attribution = match stored {
                Some(attribution) => attribution,
                None => store_and_sync(&users, &syncer, &profile, Attribution::default()).await,
            };
            let url = miniapp_url(&config.miniapp_url, &attribution);
            send_launch_button(&bot, msg.chat.id, language, language.texts().play, &url).await?;
        }
        Command::Help => {
            let mut text = help_text(language);
            if staff.includes(Some(from)) {
                text.push_str("\n\n");
                text.push_str(&StaffCommand::descriptions().to_string());
            }
            bot.send_message(msg.chat.id, text).await?;
        }
        Command::Stop => {
            optin::stop(&bot, msg.chat.id, language, &preferences).await?;
        }
    }
    Ok(())
}

/// Stores the user and syncs them in the background; returns the attribution that stands (the
/// first one they came with). A database failure does not keep the player from playing.
async fn store_and_sync(
    users: &Users,
    syncer: &Syncer,
    profile: &Profile,
    attribution: Attribution,
) -> Attribution {
    match users.save(profile, &attribution, false).await {
        Ok(user) => {
            let attribution = user.attribution.clone();
            syncer.sync_in_background(user);
            attribution
        }
        Err(e) => {
            tracing::error!(error = %e, "cannot store a user who started the bot");
            attribution
        }
    }
}

async fn send_launch_button(
    bot: &TelegramBot,
    chat: ChatId,
    language: Language,
    text: &str,
    url: &url::Url,
) -> HandlerResult {
    let button = InlineKeyboardButton::web_app(
        language.texts().play_button,
        WebAppInfo { url: url.clone() },
    );
    bot.send_message(chat, text)
        .reply_markup(InlineKeyboardMarkup::new([[button]]))
        .await?;
    Ok(())
}

/// The menu button of this chat opens the Mini App with the player's own values.
async fn set_menu_button(bot: &TelegramBot, chat: ChatId, language: Language, url: &url::Url) {
    let button = MenuButton::WebApp {
        text: language.texts().play_button.to_owned(),
        web_app: WebAppInfo { url: url.clone() },
    };
    if let Err(e) = bot
        .set_chat_menu_button()
        .chat_id(chat)
        .menu_button(button)
        .await
    {
        tracing::warn!(error = %e, "cannot set a chat's menu button");
    }
}

fn help_text(language: Language) -> String {
    let texts = language.texts();
    let lines: Vec<String> = Command::bot_commands()
        .into_iter()
        .map(|command| {
            let name = command.command.trim_start_matches('/');
            let description = texts
                .command_description(name)
                .unwrap_or(&command.description);
            format!("/{name} — {description}")
        })
        .collect();
    format!("{}\n\n{}", texts.help_header, lines.join("\n"))
}

async fn refuse_staff_command(bot: TelegramBot, msg: Message) -> HandlerResult {
    let language = Language::from_code(msg.from.as_ref().and_then(|u| u.language_code.as_deref()));
    tracing::info!(
        user = msg.from.as_ref().map(|u| u.id.0),
        "refused a staff command from someone who is not staff"
    );
    bot.send_message(msg.chat.id, language.texts().staff_only)
        .await?;
    Ok(())
}

async fn on_staff_command(
    bot: TelegramBot,
    msg: Message,
    command: StaffCommand,
    users: Users,
    syncer: Syncer,
    preferences: PreferenceStore,
    broadcasts: Broadcasts,
) -> HandlerResult {
    match command {
        StaffCommand::Broadcast => dialogue::start(&bot, &msg, &broadcasts).await?,
        StaffCommand::User(arg) => {
            let text = match parse_user_id(&arg) {
                None => "Usage: /user <telegram id>".to_owned(),
                Some(id) => match users.get(id).await? {
                    None => format!("No user {id} has started the bot."),
                    Some(user) => format!(
                        "{}\n{}",
                        describe(&user),
                        optin::describe(&preferences.get(id).await?)
                    ),
                },
            };
            bot.send_message(msg.chat.id, text).await?;
        }
        StaffCommand::Resync(arg) => {
            let text = match parse_user_id(&arg) {
                None => "Usage: /resync <telegram id>".to_owned(),
                Some(id) => match users.get(id).await? {
                    None => format!("No user {id} has started the bot."),
                    Some(user) => match syncer.sync_one(&user).await {
                        Ok(()) => format!("User {id} is synced to the platform."),
                        Err(e) => format!("User {id} could not be synced: {e}"),
                    },
                },
            };
            bot.send_message(msg.chat.id, text).await?;
        }
        StaffCommand::ResyncAll => {
            let chat = msg.chat.id;
            let progress_message = bot.send_message(chat, "Resyncing every user…").await?;
            let message_id = progress_message.id;
            tracing::info!(
                staff = msg.from.as_ref().map(|u| u.id.0),
                "resyncing every user"
            );
            let progress = syncer
                .resync_all(|progress| {
                    let bot = bot.clone();
                    async move {
                        let text = format!(
                            "Resyncing users: {} of {} done ({} synced, {} failed)…",
                            progress.done(),
                            progress.total,
                            progress.synced,
                            progress.failed
                        );
                        edit_progress(&bot, chat, message_id, text).await;
                    }
                })
                .await?;
            edit_progress(&bot, chat, message_id, finished_text(progress)).await;
        }
    }
    Ok(())
}

fn finished_text(progress: Progress) -> String {
    format!(
        "Resync finished: {} synced, {} failed.",
        progress.synced, progress.failed
    )
}

async fn edit_progress(
    bot: &TelegramBot,
    chat: ChatId,
    message: teloxide::types::MessageId,
    text: String,
) {
    if let Err(e) = bot.edit_message_text(chat, message, text).await {
        tracing::warn!(error = %e, "cannot update the resync progress message");
    }
}

fn parse_user_id(arg: &str) -> Option<i64> {
    arg.trim().parse().ok().filter(|id: &i64| *id > 0)
}

/// A user's stored data and sync state, for support staff.
fn describe(user: &BotUser) -> String {
    let profile = &user.profile;
    let or_dash = |value: &Option<String>| value.clone().unwrap_or_else(|| "—".to_owned());
    let yes_no = |flag: bool| if flag { "yes" } else { "no" };
    let name = match &profile.last_name {
        Some(last) => format!("{} {last}", profile.first_name),
        None => profile.first_name.clone(),
    };
    let sync = match user.sync_state {
        SyncState::Synced => "synced".to_owned(),
        SyncState::Pending => "pending".to_owned(),
        SyncState::Failed => format!(
            "failed ({} in a row), next try {}",
            user.sync_failures,
            user.next_sync_at_ms
                .map_or_else(|| "—".to_owned(), |ms| time(ms / 1000))
        ),
    };
    let mut lines = vec![
        format!("User {}", profile.telegram_id),
        format!("Name: {name}"),
        format!(
            "Username: {}",
            profile
                .username
                .as_ref()
                .map_or_else(|| "—".to_owned(), |u| format!("@{u}"))
        ),
        format!("Language: {}", or_dash(&profile.language_code)),
        format!("Premium: {}", yes_no(profile.is_premium)),
        format!("Referral id: {}", or_dash(&user.attribution.ref_id)),
        format!(
            "Affiliate tag: {}",
            or_dash(&user.attribution.affiliate_tag)
        ),
        format!(
            "Blocked the bot: {}",
            if user.is_blocked {
                "yes (no messages are sent)"
            } else {
                "no"
            }
        ),
        format!("First seen: {}", time(user.created_at)),
        format!("Last change: {}", time(user.updated_at)),
        format!("Sync: {sync}"),
        format!(
            "Last sync attempt: {}",
            user.last_sync_at.map_or_else(|| "never".to_owned(), time)
        ),
    ];
    if let Some(error) = &user.last_sync_error {
        lines.push(format!("Last sync error: {error}"));
    }
    lines.join("\n")
}

fn time(unix_seconds: i64) -> String {
    DateTime::from_timestamp(unix_seconds, 0).map_or_else(
        || unix_seconds.to_string(),
        |t| t.format("%Y-%m-%d %H:%M:%S UTC").to_string(),
    )
}

async fn on_membership_change(
    update: ChatMemberUpdated,
    users: Users,
    syncer: Syncer,
) -> HandlerResult {
    let blocked = update.new_chat_member.kind.is_banned();
    let profile = Profile::from(&update.from);
    tracing::info!(
        telegram_id = profile.telegram_id,
        blocked,
        "a user blocked or unblocked the bot"
    );
    let user = users
        .save(&profile, &Attribution::default(), blocked)
        .await?;
    syncer.sync_in_background(user);
    Ok(())
}

/// The default handler: every update no branch took is logged (without its content) and
/// ignored.
pub async fn ignore_update(update: Arc<Update>) {
    let id = update.id.0;
    match &update.kind {
        UpdateKind::Message(msg) => {
            let text_length = msg.text().map(str::len);
            tracing::info!(
                update_id = id,
                private = msg.chat.is_private(),
                text_length,
                "ignored a message that is not a known command"
            );
        }
        _ => tracing::debug!(
            update_id = id,
            "ignored an update of a kind the bot does not use"
        ),
    }
}

pub async fn log_error(error: BotError) {
    tracing::error!(error = %error, "a bot handler failed");
}

/// The derive's commands as `setMyCommands` wants them: names without the slash.
fn telegram_commands(commands: Vec<BotCommand>) -> Vec<BotCommand> {
    commands
        .into_iter()
        .map(|c| BotCommand::new(c.command.trim_start_matches('/'), c.description))
        .collect()
}

/// Tells Telegram the command lists (per language, and for each staff member's chat) and the
/// default menu button. Failures are logged: the bot works without them.
pub async fn register_with_telegram(bot: &TelegramBot, config: &Config) {
    let commands = telegram_commands(Command::bot_commands());
    if let Err(e) = bot.set_my_commands(commands.clone()).await {
        tracing::warn!(error = %e, "cannot register the command list");
    }
    for language in Language::TRANSLATED {
        let texts = language.texts();
        let translated = commands.iter().map(|command| {
            let description = texts
                .command_description(&command.command)
                .unwrap_or(&command.description);
            BotCommand::new(command.command.clone(), description)
        });
        if let Err(e) = bot
            .set_my_commands(translated)
            .language_code(language.code())
            .await
        {
            tracing::warn!(error = %e, language = language.code(), "cannot register the command list");
        }
    }
    let with_staff: Vec<BotCommand> = commands
        .iter()
        .cloned()
        .chain(telegram_commands(StaffCommand::bot_commands()))
        .collect();
    for staff_id in &config.staff_ids {
        let Ok(chat) = i64::try_from(*staff_id) else {
            continue;
        };
        let scope = BotCommandScope::Chat {
            chat_id: Recipient::Id(ChatId(chat)),
        };
        if let Err(e) = bot.set_my_commands(with_staff.clone()).scope(scope).await {
            // Telegram knows a chat only once its user has started the bot.
            tracing::warn!(error = %e, staff_id, "cannot register the staff command list");
        }
    }
    let button = MenuButton::WebApp {
        text: Language::En.texts().play_button.to_owned(),
        web_app: WebAppInfo {
            url: config.miniapp_url.clone(),
        },
    };
    if let Err(e) = bot.set_chat_menu_button().menu_button(button).await {
        tracing::warn!(error = %e, "cannot set the default menu button");
    }
}
