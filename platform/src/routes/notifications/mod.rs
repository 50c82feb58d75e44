//! Notifications (`/api/notification/...`): the inbox messages and the pushes the platform raises
//! on real events (see `crate::rewards::notifications`), and the contact form. Messages and pushes
//! are two feeds with the same fields and the same calls (`crate::notifications`); and the
//! player's Telegram message switches, kept by the bot.

mod communications;
mod feeds;
mod telegram;

use serde::Deserialize;
use utoipa::IntoParams;
use utoipa_axum::router::OpenApiRouter;

use crate::paging::Paging;
use crate::{ApiError, AppState};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .merge(feeds::router())
        .merge(communications::router())
        .merge(telegram::router())
}

/// The spec's unread page size.
const DEFAULT_PER_PAGE: u32 = 20;

#[derive(Deserialize, IntoParams)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
#[into_params(parameter_in = Query)]
struct PageQuery {
    page: Option<u32>,
    /// 20 by default, at most 100.
    per_page: Option<u32>,
}

impl PageQuery {
    fn paging(&self) -> Result<Paging, ApiError> {
        Ok(Paging::new(self.page, self.per_page, DEFAULT_PER_PAGE)?)
    }
}
