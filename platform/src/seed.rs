//! Demo content of the sandbox, applied in named steps, each once and in one transaction, so a
//! restart reuses the data and a later release can add steps without touching earlier ones.

use sqlx::{Sqlite, SqlitePool, Transaction};

mod catalogue;
mod content;
mod features;
mod payments;
mod play;
mod profile;
mod registration;
mod rewards;
mod routes;
mod settings;
mod sport;

type Step = for<'t> fn(
    &'t mut Transaction<'static, Sqlite>,
) -> std::pin::Pin<
    Box<dyn std::future::Future<Output = Result<(), sqlx::Error>> + Send + 't>,
>;

const STEPS: &[(&str, Step)] = &[
    ("settings-v1", |tx| Box::pin(settings::seed(tx))),
    ("catalogue-v1", |tx| Box::pin(catalogue::seed(tx))),
    ("profile-v1", |tx| Box::pin(profile::seed(tx))),
    ("payments-v1", |tx| Box::pin(payments::seed(tx))),
    ("play-v1", |tx| Box::pin(play::seed(tx))),
    ("rewards-v1", |tx| Box::pin(rewards::seed(tx))),
    ("catalogue-v2", |tx| Box::pin(features::seed(tx))),
    ("sport-v1", |tx| Box::pin(sport::seed(tx))),
    ("sport-virtual-v1", |tx| Box::pin(sport::seed_virtual(tx))),
    ("content-v1", |tx| Box::pin(content::seed(tx))),
    ("routes-v1", |tx| Box::pin(routes::seed(tx))),
    ("payments-v2", |tx| Box::pin(payments::seed_usdt_on_ton(tx))),
    ("profile-v2", |tx| Box::pin(profile::seed_more_fields(tx))),
    ("registration-v2", |tx| Box::pin(registration::seed(tx))),
];

pub async fn run(pool: &SqlitePool) -> anyhow::Result<()> {
    for (name, step) in STEPS {
        let mut tx = pool.begin().await?;
        // The insert doubles as the lock: a second process starting at the same time waits for
        // this transaction and then skips the step.
        let claimed = sqlx::query("INSERT OR IGNORE INTO sandbox_seed_steps (name) VALUES (?)")
            .bind(name)
            .execute(&mut *tx)
            .await?
            .rows_affected()
            == 1;
        if claimed {
            step(&mut tx)
                .await
                .map_err(|e| anyhow::anyhow!("seed step {name}: {e}"))?;
            tx.commit().await?;
            tracing::info!(step = name, "seeded demo content");
        }
    }
    Ok(())
}
