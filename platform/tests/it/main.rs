//! The platform's integration tests: a real platform on a free port with a fresh database, driven
//! over HTTP (and, for the layering rules, its source tree).
//!
//! One test binary, not one per file: each binary links the platform with axum, sqlx and reqwest and
//! instantiates their generic code again, so thirty-odd binaries cost minutes of every build and clippy
//! run. A new file here is a module below.

mod common;
mod rewards_common;

mod bonuses;
mod bot_events;
mod captcha;
mod catalogue;
mod catalogue_calls;
mod codes;
mod content;
mod documents;
mod identity_verification;
mod layering;
mod limits;
mod notifications;
mod openapi;
mod openapi_snapshot;
mod payments;
mod play;
mod players;
mod reality_check;
mod realtime;
mod referrals;
mod registration;
mod retention;
mod rewards_play;
mod route_rules;
mod sandbox_controls;
mod sandbox_pixel;
mod service;
mod settings;
mod social;
mod sport;
mod sport_betting;
mod telegram;
mod telegram_notifications;
mod tg_bot;
mod timestamps;
mod ton_jettons;
mod ton_network;
mod wallet;
