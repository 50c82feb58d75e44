//! Money set-up shared by the tests: balances read over HTTP or put straight into the database, and
//! card deposits settled through the sandbox provider.

use reqwest::Method;
use serde_json::{Value, json};

use super::{TestPlatform, data};

impl TestPlatform {
    /// The player's balance in `currency`, read over HTTP.
    pub async fn balance(&self, token: &str, currency: &str) -> i64 {
        let body = self.get_ok(token, "/api/wallet/accounts").await;
        data(&body)
            .iter()
            .find(|a| a["currency"] == currency)
            .and_then(|a| a["balance"].as_i64())
            .unwrap_or_else(|| panic!("a {currency} account in {body}"))
    }

    /// Puts a balance straight into the player's `currency` account, which must exist: tests that
    /// are not about deposits start from money this way.
    pub async fn set_balance(&self, player_id: i64, currency: &str, balance: i64) {
        let updated =
            sqlx::query("UPDATE accounts SET balance = ? WHERE player_id = ? AND currency = ?")
                .bind(balance)
                .bind(player_id)
                .bind(currency)
                .execute(&self.pool().await)
                .await
                .expect("balance set")
                .rows_affected();
        assert_eq!(updated, 1, "one {currency} account of player {player_id}");
    }

    /// Creates a card deposit and, when it is accepted, settles it successfully through the
    /// sandbox: `(201, the settled invoice)`, or the refusal of the deposit as it came (limits
    /// refuse some).
    pub async fn deposit_card(&self, token: &str, amount: i64, currency: &str) -> (u16, Value) {
        let (status, invoice) = self
            .call(
                Method::POST,
                "/api/payment/invoices/deposit",
                Some(token),
                Some(json!({"paymentMethod": "card.deposit.visa", "amount": amount, "currency": currency})),
            )
            .await;
        if status != 201 {
            return (status, invoice);
        }
        let id = invoice["id"].as_str().expect("invoice id");
        let (status, settled) = self
            .call(
                Method::POST,
                &format!("/api/sandbox/invoices/{id}/settle"),
                None,
                Some(json!({"status": 2})),
            )
            .await;
        assert_eq!(status, 200, "{settled}");
        (201, settled)
    }

    /// A card deposit that must be accepted and settled; returns the settled invoice.
    pub async fn deposit_settled(&self, token: &str, amount: i64, currency: &str) -> Value {
        let (status, body) = self.deposit_card(token, amount, currency).await;
        assert_eq!(status, 201, "{body}");
        body
    }
}
