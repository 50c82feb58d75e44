//! Deep links in and Mini App links out. `/start ref_42` and `/start stag_summer-promo` carry a
//! referral or an affiliate tag; the launch buttons open the Mini App with them in the URL query
//! (`ref_id`, `stag`) so the miniapp can send them with `tg_login` (`ref_id`, `affiliateTag`).
//! A button that opens one screen says which in `startapp` ([`Screen`]), the name Telegram gives a
//! `t.me/<bot>/<app>?startapp=` link's parameter, so one client routing serves both
//! (`docs/start-params.md`).

use url::Url;

/// Where a player came from, as far as the bot knows.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Attribution {
    pub ref_id: Option<String>,
    pub affiliate_tag: Option<String>,
}

/// Telegram allows at most 64 characters of `A-Z a-z 0-9 _ -` in a start payload.
const MAX_PAYLOAD: usize = 64;
/// Referral ids are the platform's player ids: positive integers.
const MAX_REF_DIGITS: usize = 18;

impl Attribution {
    /// Reads a `/start` payload. Anything that is not a well-formed `ref_<id>` or `stag_<tag>`
    /// gives no attribution.
    pub fn from_start_payload(payload: &str) -> Self {
        let payload = payload.trim();
        let well_formed = !payload.is_empty()
            && payload.len() <= MAX_PAYLOAD
            && payload
                .bytes()
                .all(|b| b.is_ascii_alphanumeric() || b == b'_' || b == b'-');
        if !well_formed {
            return Self::default();
        }
        if let Some(id) = payload.strip_prefix("ref_")
            && !id.is_empty()
            && id.len() <= MAX_REF_DIGITS
            && id.bytes().all(|b| b.is_ascii_digit())
            && id.bytes().any(|b| b != b'0')
        {
            return Self {
                ref_id: Some(id.trim_start_matches('0').to_owned()),
                affiliate_tag: None,
            };
        }
        if let Some(tag) = payload.strip_prefix("stag_")
            && !tag.is_empty()
        {
            return Self {
                ref_id: None,
                affiliate_tag: Some(tag.to_owned()),
            };
        }
        Self::default()
    }

    pub fn is_empty(&self) -> bool {
        self.ref_id.is_none() && self.affiliate_tag.is_none()
    }
}

/// The Mini App's screens a button can open. Their `startapp` values are plain words, never the
/// `ref_`/`stag_` prefixes the attribution start parameters use, nor the `game_`/`event_` ones the
/// client's share links use. Both ends read the list in `docs/start-params.md`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Screen {
    Wallet,
    Bets,
    Bonuses,
    Quests,
    Loyalty,
}

impl Screen {
    pub const ALL: [Screen; 5] = [
        Screen::Wallet,
        Screen::Bets,
        Screen::Bonuses,
        Screen::Quests,
        Screen::Loyalty,
    ];

    pub fn start_param(self) -> &'static str {
        match self {
            Self::Wallet => "wallet",
            Self::Bets => "bets",
            Self::Bonuses => "bonuses",
            Self::Quests => "quests",
            Self::Loyalty => "loyalty",
        }
    }
}

/// The Mini App URL for a player: the configured URL with `ref_id` and `stag` added to its query.
pub fn miniapp_url(base: &Url, attribution: &Attribution) -> Url {
    screen_url(base, attribution, None)
}

/// The Mini App URL opening `screen` (the launch screen when `None`), with the player's values.
pub fn screen_url(base: &Url, attribution: &Attribution, screen: Option<Screen>) -> Url {
    let mut url = base.clone();
    if let Some(screen) = screen {
        url.query_pairs_mut()
            .append_pair("startapp", screen.start_param());
    }
    if !attribution.is_empty() {
        let mut query = url.query_pairs_mut();
        if let Some(ref_id) = &attribution.ref_id {
            query.append_pair("ref_id", ref_id);
        }
        if let Some(tag) = &attribution.affiliate_tag {
            query.append_pair("stag", tag);
        }
    }
    url
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(payload: &str) -> Attribution {
        Attribution::from_start_payload(payload)
    }

    #[test]
    fn referrals_and_affiliate_tags_are_read() {
        assert_eq!(parse("ref_42").ref_id.as_deref(), Some("42"));
        assert_eq!(parse("ref_0042").ref_id.as_deref(), Some("42"));
        assert_eq!(
            parse("stag_summer-promo_1").affiliate_tag.as_deref(),
            Some("summer-promo_1")
        );
    }

    #[test]
    fn anything_else_is_ignored() {
        for payload in [
            "",
            "ref_",
            "ref_0",
            "ref_abc",
            "ref_-1",
            "ref_1234567890123456789",
            "stag_",
            "hello",
            "ref_42 stag_x",
            "stag_<script>",
            &"stag_".repeat(20),
        ] {
            assert_eq!(parse(payload), Attribution::default(), "{payload:?}");
        }
    }

    #[test]
    fn launch_urls_keep_the_base_and_add_the_values() {
        let base = Url::parse("https://casino.example/app?mode=tg").expect("url");
        let url = miniapp_url(
            &base,
            &Attribution {
                ref_id: Some("42".to_owned()),
                affiliate_tag: Some("a b".to_owned()),
            },
        );
        assert_eq!(
            url.as_str(),
            "https://casino.example/app?mode=tg&ref_id=42&stag=a+b"
        );
        assert_eq!(miniapp_url(&base, &Attribution::default()), base);
    }

    #[test]
    fn screens_open_by_a_start_parameter_no_attribution_reads() {
        let base = Url::parse("https://casino.example/app").expect("url");
        let url = screen_url(&base, &Attribution::default(), Some(Screen::Wallet));
        assert_eq!(url.as_str(), "https://casino.example/app?startapp=wallet");
        for screen in Screen::ALL {
            let param = screen.start_param();
            assert_eq!(
                Attribution::from_start_payload(param),
                Attribution::default()
            );
            assert!(
                ["ref_", "stag_", "game_", "event_"]
                    .iter()
                    .all(|prefix| !param.starts_with(prefix))
                    && !param.contains("__"),
                "{param} is a screen's plain word"
            );
        }
    }

    #[test]
    fn the_screens_are_the_documented_list_the_client_reads_too() {
        let doc = include_str!("../../docs/start-params.md");
        let list = doc
            .split("<!-- screens")
            .nth(1)
            .and_then(|rest| rest.split("<!-- /screens -->").next())
            .expect("docs/start-params.md has its screen list");
        let documented: Vec<&str> = list
            .lines()
            .filter_map(|line| line.strip_prefix("| `"))
            .filter_map(|line| line.split('`').next())
            .collect();
        let ours: Vec<&str> = Screen::ALL.iter().map(|s| s.start_param()).collect();
        assert_eq!(ours, documented);
        let client = include_str!("../../miniapp/src/lib/start-param.ts");
        let clients: Vec<&str> = client
            .split("export const SCREENS = [")
            .nth(1)
            .and_then(|rest| rest.split(']').next())
            .expect("the client's SCREENS list")
            .split(',')
            .map(|word| word.trim().trim_matches('\''))
            .collect();
        assert_eq!(clients, documented);
    }
}
