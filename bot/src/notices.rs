//! The messages events become: each kind's text in the player's language, its money formatted as
//! the client formats it, and the button that opens the screen concerned. Plain text (no parse
//! mode), so nothing the platform sends can break the markup.

use crate::events::{BetOutcome, Kind, Notice};
use crate::launch::Screen;
use crate::money;
use crate::texts::Language;

/// A message ready to send: its text, the button's label and the screen the button opens.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Message {
    pub text: String,
    pub button: &'static str,
    pub screen: Screen,
}

pub fn screen(kind: Kind) -> Screen {
    match kind {
        Kind::DepositCredited | Kind::WithdrawalPaid | Kind::WithdrawalDeclined => Screen::Wallet,
        Kind::SportBetWon | Kind::SportBetSettled => Screen::Bets,
        Kind::BonusAwarded | Kind::FreeSpinsAwarded | Kind::BonusExpiring => Screen::Bonuses,
        Kind::QuestCompleted => Screen::Quests,
        Kind::LoyaltyLevelReached => Screen::Loyalty,
    }
}

/// The message for `notice`; `None` for a cancellation, which sends nothing.
pub fn render(notice: &Notice, language: Language) -> Option<Message> {
    let t = templates(language);
    let m = |amount| money::format(amount, language);
    let bet = |title: &Option<String>| match title {
        Some(title) => fill(t.bet_titled, &[("title", title)]),
        None => t.bet.to_owned(),
    };
    let text = match notice {
        Notice::DepositCredited { amount } => fill(t.deposit, &[("amount", &m(amount))]),
        Notice::WithdrawalPaid { amount } => fill(t.withdrawal_paid, &[("amount", &m(amount))]),
        Notice::WithdrawalDeclined { amount, reason } => fill(
            t.withdrawal_declined,
            &[("amount", &m(amount)), ("reason", reason)],
        ),
        Notice::SportBetWon { payout, title }
        | Notice::SportBetSettled {
            outcome: BetOutcome::Won,
            payout,
            title,
        } => fill(t.bet_won, &[("bet", &bet(title)), ("payout", &m(payout))]),
        Notice::SportBetSettled {
            outcome,
            payout,
            title,
        } => {
            let template = match outcome {
                BetOutcome::Lost => t.bet_lost,
                BetOutcome::Void => t.bet_void,
                BetOutcome::CashedOut | BetOutcome::Won => t.bet_cashed_out,
            };
            fill(template, &[("bet", &bet(title)), ("payout", &m(payout))])
        }
        Notice::BonusAwarded { title, amount } => match amount {
            Some(amount) => fill(t.bonus_amount, &[("title", title), ("amount", &m(amount))]),
            None => fill(t.bonus, &[("title", title)]),
        },
        Notice::FreeSpinsAwarded { count, game } => match game {
            Some(game) => fill(
                t.free_spins_game,
                &[("count", &count.to_string()), ("game", game)],
            ),
            None => fill(t.free_spins, &[("count", &count.to_string())]),
        },
        Notice::BonusExpiring { title, .. } => fill(t.bonus_expiring, &[("title", title)]),
        Notice::QuestCompleted { title, reward } => match reward {
            Some(reward) => fill(t.quest_reward, &[("title", title), ("reward", &m(reward))]),
            None => fill(t.quest, &[("title", title)]),
        },
        Notice::LoyaltyLevelReached { level } => fill(t.loyalty, &[("level", level)]),
        Notice::Cancel {} => return None,
    };
    let screen = screen(notice.kind()?);
    let button = t.buttons[Screen::ALL.iter().position(|s| *s == screen).unwrap_or(0)];
    Some(Message {
        text,
        button,
        screen,
    })
}

/// `template` with each `{name}` replaced by its value, in one pass: a value that itself holds
/// `{…}` is left as it is.
fn fill(template: &str, values: &[(&str, &str)]) -> String {
    let mut out = String::with_capacity(template.len() + 32);
    let mut rest = template;
    while let Some(start) = rest.find('{') {
        out.push_str(&rest[..start]);
        let after = &rest[start + 1..];
        match after.find('}').and_then(|end| {
            let name = &after[..end];
            values
                .iter()
                .find(|(key, _)| *key == name)
                .map(|(_, v)| (end, *v))
        }) {
            Some((end, value)) => {
                out.push_str(value);
                rest = &after[end + 1..];
            }
            None => {
                out.push('{');
                rest = after;
            }
        }
    }
    out.push_str(rest);
    out
}

/// The opt-in texts: `/stop`'s answer, `/start`'s offer and its button, and the button's answer.
pub struct OptInTexts {
    pub stopped: &'static str,
    pub offer: &'static str,
    pub turn_on: &'static str,
    pub turned_on: &'static str,
}

pub fn opt_in(language: Language) -> &'static OptInTexts {
    &templates(language).opt_in
}

struct Templates {
    deposit: &'static str,
    withdrawal_paid: &'static str,
    withdrawal_declined: &'static str,
    bet: &'static str,
    bet_titled: &'static str,
    bet_won: &'static str,
    bet_lost: &'static str,
    bet_void: &'static str,
    bet_cashed_out: &'static str,
    bonus: &'static str,
    bonus_amount: &'static str,
    free_spins: &'static str,
    free_spins_game: &'static str,
    bonus_expiring: &'static str,
    quest: &'static str,
    quest_reward: &'static str,
    loyalty: &'static str,
    /// The button labels, in the order of `Screen::ALL`.
    buttons: [&'static str; 5],
    opt_in: OptInTexts,
}

fn templates(language: Language) -> &'static Templates {
    match language {
        Language::En => &EN,
        Language::Ru => &RU,
        Language::Es => &ES,
        Language::Pt => &PT,
    }
}

const EN: Templates = Templates {
    deposit: "✅ Your deposit of {amount} has been credited. Good luck!",
    withdrawal_paid: "💸 Your withdrawal of {amount} has been paid.",
    withdrawal_declined: "⚠️ Your withdrawal of {amount} was declined: {reason}",
    bet: "Your bet",
    bet_titled: "Your bet on “{title}”",
    bet_won: "🏆 {bet} won! Payout: {payout}.",
    bet_lost: "🧾 {bet} lost.",
    bet_void: "🧾 {bet} was voided; {payout} is back in your balance.",
    bet_cashed_out: "🧾 {bet} was cashed out for {payout}.",
    bonus: "🎁 You got a bonus: {title}.",
    bonus_amount: "🎁 You got a bonus: {title} ({amount}).",
    free_spins: "🎰 Free spins for you: {count}.",
    free_spins_game: "🎰 Free spins for you: {count} in {game}.",
    bonus_expiring: "⏳ Your bonus “{title}” expires in less than 24 hours. Use it before it is gone!",
    quest: "⭐ Quest completed: {title}.",
    quest_reward: "⭐ Quest completed: {title}. Reward: {reward}.",
    loyalty: "👑 You have reached the {level} level!",
    buttons: ["Open wallet", "My bets", "My bonuses", "Quests", "Loyalty"],
    opt_in: OptInTexts {
        stopped: "🔕 Notifications are off. Send /start to turn them on again.",
        offer: "🔕 Notifications are off. Turn them on to hear about your deposits, withdrawals, bets and bonuses.",
        turn_on: "🔔 Turn on notifications",
        turned_on: "🔔 Notifications are on. Send /stop to turn them off.",
    },
};

const RU: Templates = Templates {
    deposit: "✅ Депозит {amount} зачислен. Удачи!",
    withdrawal_paid: "💸 Вывод {amount} выплачен.",
    withdrawal_declined: "⚠️ Вывод {amount} отклонён: {reason}",
    bet: "Ваша ставка",
    bet_titled: "Ваша ставка на «{title}»",
    bet_won: "🏆 {bet} выиграла! Выплата: {payout}.",
    bet_lost: "🧾 {bet} проиграла.",
    bet_void: "🧾 {bet} аннулирована, {payout} возвращено на баланс.",
    bet_cashed_out: "🧾 {bet} продана за {payout}.",
    bonus: "🎁 Вам начислен бонус: {title}.",
    bonus_amount: "🎁 Вам начислен бонус: {title} ({amount}).",
    free_spins: "🎰 Фриспины для вас: {count}.",
    free_spins_game: "🎰 Фриспины для вас: {count} в игре {game}.",
    bonus_expiring: "⏳ Бонус «{title}» сгорит меньше чем через 24 часа. Успейте его использовать!",
    quest: "⭐ Задание выполнено: {title}.",
    quest_reward: "⭐ Задание выполнено: {title}. Награда: {reward}.",
    loyalty: "👑 Вы достигли уровня {level}!",
    buttons: [
        "Кошелёк",
        "Мои ставки",
        "Мои бонусы",
        "Задания",
        "Лояльность",
    ],
    opt_in: OptInTexts {
        stopped: "🔕 Уведомления выключены. Отправьте /start, чтобы включить их снова.",
        offer: "🔕 Уведомления выключены. Включите их, чтобы узнавать о депозитах, выводах, ставках и бонусах.",
        turn_on: "🔔 Включить уведомления",
        turned_on: "🔔 Уведомления включены. Отправьте /stop, чтобы выключить их.",
    },
};

const ES: Templates = Templates {
    deposit: "✅ Tu depósito de {amount} ya está acreditado. ¡Buena suerte!",
    withdrawal_paid: "💸 Tu retiro de {amount} ha sido pagado.",
    withdrawal_declined: "⚠️ Tu retiro de {amount} fue rechazado: {reason}",
    bet: "Tu apuesta",
    bet_titled: "Tu apuesta a «{title}»",
    bet_won: "🏆 ¡{bet} ha ganado! Pago: {payout}.",
    bet_lost: "🧾 {bet} ha perdido.",
    bet_void: "🧾 {bet} ha sido anulada; {payout} vuelve a tu saldo.",
    bet_cashed_out: "🧾 {bet} se ha cerrado anticipadamente por {payout}.",
    bonus: "🎁 Has recibido un bono: {title}.",
    bonus_amount: "🎁 Has recibido un bono: {title} ({amount}).",
    free_spins: "🎰 Giros gratis para ti: {count}.",
    free_spins_game: "🎰 Giros gratis para ti: {count} en {game}.",
    bonus_expiring: "⏳ Tu bono «{title}» caduca en menos de 24 horas. ¡Úsalo antes de que desaparezca!",
    quest: "⭐ Misión completada: {title}.",
    quest_reward: "⭐ Misión completada: {title}. Recompensa: {reward}.",
    loyalty: "👑 ¡Has alcanzado el nivel {level}!",
    buttons: [
        "Abrir billetera",
        "Mis apuestas",
        "Mis bonos",
        "Misiones",
        "Fidelidad",
    ],
    opt_in: OptInTexts {
        stopped: "🔕 Las notificaciones están desactivadas. Envía /start para activarlas de nuevo.",
        offer: "🔕 Las notificaciones están desactivadas. Actívalas para saber de tus depósitos, retiros, apuestas y bonos.",
        turn_on: "🔔 Activar notificaciones",
        turned_on: "🔔 Notificaciones activadas. Envía /stop para desactivarlas.",
    },
};

const PT: Templates = Templates {
    deposit: "✅ Seu depósito de {amount} foi creditado. Boa sorte!",
    withdrawal_paid: "💸 Seu saque de {amount} foi pago.",
    withdrawal_declined: "⚠️ Seu saque de {amount} foi recusado: {reason}",
    bet: "Sua aposta",
    bet_titled: "Sua aposta em “{title}”",
    bet_won: "🏆 {bet} ganhou! Pagamento: {payout}.",
    bet_lost: "🧾 {bet} perdeu.",
    bet_void: "🧾 {bet} foi anulada; {payout} voltou para o seu saldo.",
    bet_cashed_out: "🧾 {bet} foi encerrada antecipadamente por {payout}.",
    bonus: "🎁 Você ganhou um bônus: {title}.",
    bonus_amount: "🎁 Você ganhou um bônus: {title} ({amount}).",
    free_spins: "🎰 Rodadas grátis para você: {count}.",
    free_spins_game: "🎰 Rodadas grátis para você: {count} em {game}.",
    bonus_expiring: "⏳ Seu bônus “{title}” expira em menos de 24 horas. Use antes que acabe!",
    quest: "⭐ Missão concluída: {title}.",
    quest_reward: "⭐ Missão concluída: {title}. Recompensa: {reward}.",
    loyalty: "👑 Você alcançou o nível {level}!",
    buttons: [
        "Abrir carteira",
        "Minhas apostas",
        "Meus bônus",
        "Missões",
        "Fidelidade",
    ],
    opt_in: OptInTexts {
        stopped: "🔕 As notificações estão desativadas. Envie /start para ativá-las de novo.",
        offer: "🔕 As notificações estão desativadas. Ative-as para saber dos seus depósitos, saques, apostas e bônus.",
        turn_on: "🔔 Ativar notificações",
        turned_on: "🔔 Notificações ativadas. Envie /stop para desativá-las.",
    },
};

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn values_are_filled_in_once() {
        assert_eq!(
            fill(
                "{bet} won {payout}",
                &[("bet", "{payout}"), ("payout", "$1")]
            ),
            "{payout} won $1"
        );
        assert_eq!(fill("{a} {unknown}", &[("a", "1")]), "1 {unknown}");
    }
}
