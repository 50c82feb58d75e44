//! What the bot says to players, in their Telegram language: English by default, Russian,
//! Spanish and Portuguese. Support staff get English.

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Language {
    En,
    Ru,
    Es,
    Pt,
}

impl Language {
    /// The languages with their own texts, besides the English default.
    pub const TRANSLATED: [Language; 3] = [Language::Ru, Language::Es, Language::Pt];

    /// Telegram's `language_code` is an IETF tag (`en`, `pt-br`, ...); its first part decides.
    pub fn from_code(code: Option<&str>) -> Self {
        let primary = code
            .and_then(|c| c.split(['-', '_']).next())
            .unwrap_or_default()
            .to_ascii_lowercase();
        match primary.as_str() {
            "ru" => Self::Ru,
            "es" => Self::Es,
            "pt" => Self::Pt,
            _ => Self::En,
        }
    }

    pub fn code(self) -> &'static str {
        match self {
            Self::En => "en",
            Self::Ru => "ru",
            Self::Es => "es",
            Self::Pt => "pt",
        }
    }

    pub fn texts(self) -> &'static Texts {
        match self {
            Self::En => &EN,
            Self::Ru => &RU,
            Self::Es => &ES,
            Self::Pt => &PT,
        }
    }
}

pub struct Texts {
    pub welcome: &'static str,
    pub play: &'static str,
    /// The label of the launch button and of the chat menu button.
    pub play_button: &'static str,
    pub help_header: &'static str,
    pub staff_only: &'static str,
    /// Descriptions of the player commands by name; `None` keeps the English one of the
    /// `BotCommands` derive.
    pub commands: Option<[(&'static str, &'static str); 4]>,
}

impl Texts {
    /// The translated description of a player command, if this language has one.
    pub fn command_description(&self, command: &str) -> Option<&'static str> {
        self.commands
            .iter()
            .flatten()
            .find(|(name, _)| *name == command)
            .map(|(_, description)| *description)
    }
}

const EN: Texts = Texts {
    welcome: "Welcome! 🎰 Slots, live casino and sports betting are one tap away, right here in \
              Telegram, with nothing to install.\n\nTap “Play” to open the casino.",
    play: "Here is your button: tap it to open the casino.",
    play_button: "Play",
    help_header: "Here is what I can do:",
    staff_only: "Sorry, this command is only for the support team.",
    commands: None,
};

const RU: Texts = Texts {
    welcome: "Добро пожаловать! 🎰 Слоты, лайв-казино и ставки на спорт — в одно касание, прямо \
              в Telegram, ничего не нужно устанавливать.\n\nНажмите «Играть», чтобы открыть казино.",
    play: "Вот ваша кнопка — нажмите, чтобы открыть казино.",
    play_button: "Играть",
    help_header: "Вот что я умею:",
    staff_only: "Извините, эта команда доступна только службе поддержки.",
    commands: Some([
        ("start", "Открыть казино"),
        ("play", "Прислать кнопку запуска ещё раз"),
        ("help", "Показать список команд"),
        ("stop", "Выключить уведомления"),
    ]),
};

const ES: Texts = Texts {
    welcome: "¡Te damos la bienvenida! 🎰 Tragamonedas, casino en vivo y apuestas deportivas a un \
              toque, aquí mismo en Telegram y sin instalar nada.\n\nPulsa «Jugar» para abrir el \
              casino.",
    play: "Aquí tienes tu botón: púlsalo para abrir el casino.",
    play_button: "Jugar",
    help_header: "Esto es lo que puedo hacer:",
    staff_only: "Lo siento, este comando es solo para el equipo de soporte.",
    commands: Some([
        ("start", "Abrir el casino"),
        ("play", "Recibir de nuevo el botón para jugar"),
        ("help", "Ver la lista de comandos"),
        ("stop", "Desactivar las notificaciones"),
    ]),
};

const PT: Texts = Texts {
    welcome: "Boas-vindas! 🎰 Slots, cassino ao vivo e apostas esportivas a um toque, aqui mesmo \
              no Telegram, sem instalar nada.\n\nToque em “Jogar” para abrir o cassino.",
    play: "Aqui está o seu botão: toque nele para abrir o cassino.",
    play_button: "Jogar",
    help_header: "Veja o que eu posso fazer:",
    staff_only: "Desculpe, este comando é só para a equipe de suporte.",
    commands: Some([
        ("start", "Abrir o cassino"),
        ("play", "Receber o botão para jogar de novo"),
        ("help", "Ver a lista de comandos"),
        ("stop", "Desativar as notificações"),
    ]),
};

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn regional_tags_use_their_language_and_unknown_ones_english() {
        assert_eq!(Language::from_code(Some("pt-br")), Language::Pt);
        assert_eq!(Language::from_code(Some("RU")), Language::Ru);
        assert_eq!(Language::from_code(Some("es-419")), Language::Es);
        assert_eq!(Language::from_code(Some("de")), Language::En);
        assert_eq!(Language::from_code(None), Language::En);
    }

    #[test]
    fn english_descriptions_come_from_the_derive() {
        assert_eq!(EN.command_description("play"), None);
        assert_eq!(
            PT.command_description("play"),
            Some("Receber o botão para jogar de novo")
        );
    }
}
