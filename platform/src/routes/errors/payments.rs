//! The payments' refusals: an invoice the player asks for that cannot be created.

use crate::ApiError;
use crate::payments::invoices::{InvoiceError, MAX_FIELD_CHARS, MAX_FIELDS};

/// 422 for what the method or the account cannot carry, 409 for a duplicate and the limits' own
/// answers for a deposit a limit refuses.
impl From<InvoiceError> for ApiError {
    fn from(error: InvoiceError) -> Self {
        match error {
            InvoiceError::MethodUnavailable {
                direction,
                method,
                currency,
            } => Self::unprocessable(
                "payment_method_unavailable",
                format!(
                    "There is no {} method {method:?} for {currency}.",
                    direction.as_str()
                ),
            ),
            InvoiceError::BelowMinimum { minimum, currency } => Self::unprocessable(
                "amount_below_minimum",
                format!("The smallest amount for this method is {minimum} {currency}."),
            ),
            InvoiceError::AboveMaximum { maximum, currency } => Self::unprocessable(
                "amount_above_maximum",
                format!("The largest amount for this method is {maximum} {currency}."),
            ),
            InvoiceError::TooManyFields => Self::unprocessable(
                "invalid_fields",
                format!("At most {MAX_FIELDS} fields of at most {MAX_FIELD_CHARS} characters."),
            ),
            InvoiceError::NoWalletAddress => {
                Self::invalid_field("wallet_id", "Enter the wallet address.")
            }
            InvoiceError::BadWalletAddress => {
                Self::invalid_field("wallet_id", "This is not a wallet address.")
            }
            InvoiceError::TonAddress(refusal) => {
                Self::field_refused(refusal.code(), "wallet_id", refusal.to_string())
            }
            InvoiceError::DepositRefused(refusal) => refusal.into(),
            InvoiceError::AccountNotFound { currency } => Self::not_found(
                "account_not_found",
                format!("You have no such {currency} account."),
            ),
            InvoiceError::NoAccount { currency } => Self::unprocessable(
                "account_not_found",
                format!("Open a {currency} account first."),
            ),
            InvoiceError::AmountNotPayable { network } => Self::unprocessable(
                "amount_not_payable",
                format!("The {network} network cannot carry this amount exactly."),
            ),
            InvoiceError::InsufficientFunds => Self::unprocessable(
                "insufficient_funds",
                "Your balance is lower than this amount.",
            ),
            InvoiceError::Duplicate { invoice_id } => Self::conflict(
                "duplicate_invoice",
                format!(
                    "The same deposit was created moments ago (invoice {invoice_id}); finish or cancel it first."
                ),
            ),
            InvoiceError::Limit(e) => e.into(),
            InvoiceError::Wallet(e) => e.into(),
            InvoiceError::Database(e) => e.into(),
            InvoiceError::Internal(e) => e.into(),
        }
    }
}
