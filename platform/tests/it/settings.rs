use crate::common;
use serde_json::Value;

fn codes(body: &Value) -> Vec<&str> {
    body["data"]
        .as_array()
        .expect("data array")
        .iter()
        .map(|c| c["code"].as_str().expect("code"))
        .collect()
}

#[tokio::test]
async fn visible_currencies_leave_out_hidden_ones() {
    let platform = common::spawn().await;
    let (status, visible) = platform.get("/api/settings/currencies?visible=1").await;
    assert_eq!(status, 200);
    let (_, all) = platform.get("/api/settings/currencies").await;
    assert!(!codes(&visible).contains(&"LTC"));
    assert!(!codes(&visible).contains(&"UAH"));
    assert!(codes(&all).contains(&"LTC"));
    assert_eq!(codes(&all).len(), codes(&visible).len() + 2);

    let currencies = visible["data"].as_array().expect("data");
    let bases: Vec<&Value> = currencies.iter().filter(|c| c["isBase"] == true).collect();
    assert_eq!(bases.len(), 1);
    assert_eq!(bases[0]["code"], "USD");
    let btc = currencies.iter().find(|c| c["code"] == "BTC").expect("BTC");
    assert_eq!(btc["type"], "crypto");
    assert_eq!(btc["subunitToUnit"], 100_000_000);
    assert_eq!(btc["rate"]["rate"], "95000");
    assert_eq!(
        btc["subCurrencies"],
        serde_json::json!([{"code": "mBTC", "subunitToUnit": 100_000}])
    );
}

#[tokio::test]
async fn a_bad_visible_flag_is_refused() {
    let platform = common::spawn().await;
    let (status, body) = platform.get("/api/settings/currencies?visible=2").await;
    common::assert_refused(status, &body, 400, "invalid_query");
}

#[tokio::test]
async fn english_is_the_default_locale() {
    let platform = common::spawn().await;
    let (_, body) = platform.get("/api/settings/locales").await;
    assert_eq!(codes(&body), ["en", "ru", "es", "pt-br"]);
    assert_eq!(body["data"][0]["isDefault"], true);
    assert_eq!(body["data"][3]["localeCode"], "pt-BR");
    assert!(
        body["data"].as_array().expect("data")[1..]
            .iter()
            .all(|l| l["isDefault"] == false)
    );
}

#[tokio::test]
async fn countries_carry_their_locale() {
    let platform = common::spawn().await;
    let (_, body) = platform.get("/api/settings/countries").await;
    let brazil = body["data"]
        .as_array()
        .expect("data")
        .iter()
        .find(|c| c["code"] == "BR")
        .expect("Brazil");
    assert_eq!(brazil["name"], "Brazil");
    assert_eq!(brazil["locale"], "pt-br");
}

#[tokio::test]
async fn settings_are_cacheable_for_15_minutes() {
    let platform = common::spawn().await;
    for path in ["currencies?visible=1", "locales", "countries"] {
        let response = platform
            .client
            .get(format!("{}/api/settings/{path}", platform.base))
            .send()
            .await
            .expect("request");
        assert_eq!(
            response.headers()["cache-control"],
            "public, max-age=900",
            "{path}"
        );
    }
}

#[tokio::test]
async fn geo_names_the_visitors_country_its_locale_and_whether_it_is_restricted() {
    let platform = common::spawn().await;
    let (status, unknown) = platform.get("/api/settings/geo").await;
    assert_eq!(status, 200);
    assert_eq!(
        unknown,
        serde_json::json!({"country": null, "restricted": false, "locale": null})
    );
    let (_, brazil) = platform
        .get_with("/api/settings/geo", &[("cf-ipcountry", "br")])
        .await;
    assert_eq!(
        brazil,
        serde_json::json!({"country": "BR", "restricted": false, "locale": "pt-br"})
    );
    // The sandbox's default restricted countries are those the spec leaves out of country options.
    let (_, britain) = platform
        .get_with("/api/settings/geo", &[("cf-ipcountry", "GB")])
        .await;
    assert_eq!(
        britain,
        serde_json::json!({"country": "GB", "restricted": true, "locale": "en"})
    );
}
