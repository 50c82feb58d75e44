use crate::common;

#[tokio::test]
async fn health_and_readiness_answer() {
    let platform = common::spawn().await;
    assert_eq!(
        platform.get("/healthz").await,
        (200, serde_json::json!({"status": "ok"}))
    );
    assert_eq!(
        platform.get("/readyz").await,
        (200, serde_json::json!({"status": "ready"}))
    );
}

#[tokio::test]
async fn unknown_routes_are_json_404s() {
    let platform = common::spawn().await;
    let (status, body) = platform.get("/api/no/such/route").await;
    assert_eq!(status, 404);
    assert_eq!(body["code"], "route_not_found");
    assert_eq!(
        body["message"],
        "There is no GET /api/no/such/route on this platform."
    );
}

#[tokio::test]
async fn every_response_carries_a_request_id() {
    let platform = common::spawn().await;
    let response = platform
        .client
        .get(format!("{}/healthz", platform.base))
        .header("x-request-id", "trace-123")
        .send()
        .await
        .expect("request");
    assert_eq!(response.headers()["x-request-id"], "trace-123");
}

#[tokio::test]
async fn a_restart_reuses_the_data_without_seeding_again() {
    let platform = common::spawn().await;
    let count = |pool: sqlx::SqlitePool| async move {
        sqlx::query_scalar::<_, i64>(
            "SELECT (SELECT count(*) FROM games) + (SELECT count(*) FROM currencies)
                  + (SELECT count(*) FROM game_collection_games)",
        )
        .fetch_one(&pool)
        .await
        .expect("count")
    };
    let first = platform::AppState::build(common::config(&platform.database_url))
        .await
        .expect("first start");
    let before = count(first.pool.clone()).await;
    let second = platform::AppState::build(common::config(&platform.database_url))
        .await
        .expect("second start");
    assert_eq!(count(second.pool).await, before);
    assert!(before > 600);
}
