//! The platform's layering rules: `routes/` is the HTTP side and may use every domain module,
//! but no module outside `routes/` may use `routes` (a domain module that needs something from a
//! handler file means that piece is domain logic and belongs in a domain module). `lib.rs`, which
//! assembles the router, is the one exception. And `routes/` runs no SQL: statements belong in the
//! domain modules (the handlers that still run some are listed below, to be emptied, never grown).

use std::path::{Path, PathBuf};

const ALLOWED: &[&str] = &["lib.rs"];

/// Handler files that still run SQL, with how many `sqlx::query` calls each has: moving them into
/// domain modules lowers a number here (the test asks for it), and a new one fails.
const SQL_STILL_IN_ROUTES: &[(&str, usize)] = &[
    ("payment/invoices.rs", 1),
    ("payment/methods.rs", 1),
    ("payment/sandbox.rs", 3),
];

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).expect("source folder reads") {
        let path = entry.expect("source entry reads").path();
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// The places in `text` that reach into the routes module from outside it.
fn uses_of_routes(text: &str) -> Vec<(usize, String)> {
    text.lines()
        .enumerate()
        .filter(|(_, line)| {
            let direct = ["crate::routes", "super::routes", "platform::routes"]
                .iter()
                .any(|path| line.contains(path));
            let grouped = ["crate::{", "super::{"].iter().any(|g| line.contains(g))
                && line
                    .split(|c: char| !c.is_alphanumeric() && c != '_')
                    .any(|word| word == "routes");
            direct || grouped
        })
        .map(|(number, line)| (number + 1, line.trim().to_owned()))
        .collect()
}

#[test]
fn no_module_outside_routes_uses_routes() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = Vec::new();
    rust_files(&src, &mut files);
    assert!(files.len() > 20, "the platform's sources were not found");
    let mut offences = Vec::new();
    for file in files {
        let relative = file.strip_prefix(&src).expect("under src");
        if relative.starts_with("routes") || ALLOWED.iter().any(|a| relative == Path::new(a)) {
            continue;
        }
        let text = std::fs::read_to_string(&file).expect("source reads");
        for (line, code) in uses_of_routes(&text) {
            offences.push(format!("src/{}:{line}: {code}", relative.display()));
        }
    }
    assert!(
        offences.is_empty(),
        "modules outside src/routes/ use the routes (move the logic they need into a domain \
         module):\n{}",
        offences.join("\n")
    );
}

/// How many statements `text` runs through sqlx.
fn sql_statements(text: &str) -> usize {
    text.matches("sqlx::query").count()
}

#[test]
fn handlers_run_no_sql() {
    let routes = Path::new(env!("CARGO_MANIFEST_DIR")).join("src/routes");
    let mut files = Vec::new();
    rust_files(&routes, &mut files);
    assert!(files.len() > 20, "the routes were not found");
    let mut offences = Vec::new();
    for file in files {
        let relative = file.strip_prefix(&routes).expect("under src/routes");
        let name = relative.to_string_lossy().replace('\\', "/");
        let found = sql_statements(&std::fs::read_to_string(&file).expect("source reads"));
        let allowed = SQL_STILL_IN_ROUTES
            .iter()
            .find(|(listed, _)| *listed == name)
            .map_or(0, |(_, count)| *count);
        if found > allowed {
            offences.push(format!(
                "src/routes/{name} runs {found} statements (at most {allowed}): move them into a \
                 domain module"
            ));
        } else if found < allowed {
            offences.push(format!(
                "src/routes/{name} runs {found} statements now: lower its entry in \
                 SQL_STILL_IN_ROUTES to {found} (or remove it at 0)"
            ));
        }
    }
    assert!(offences.is_empty(), "{}", offences.join("\n"));
}

#[test]
fn every_listed_handler_file_exists() {
    let routes = Path::new(env!("CARGO_MANIFEST_DIR")).join("src/routes");
    for (name, count) in SQL_STILL_IN_ROUTES {
        assert!(
            routes.join(name).is_file(),
            "src/routes/{name} is gone: remove its entry"
        );
        assert!(
            *count > 0,
            "src/routes/{name} is listed with 0 statements: remove its entry"
        );
    }
}

#[test]
fn the_sql_rule_sees_every_statement() {
    assert_eq!(
        sql_statements(
            "sqlx::query(\"SELECT 1\");\nlet x = sqlx::query_scalar(q);\nsqlx::query_as::<_, R>(q)"
        ),
        3
    );
    assert_eq!(sql_statements("use sqlx::FromRow; // no statement"), 0);
}

#[test]
fn the_rule_sees_every_spelling() {
    assert_eq!(
        uses_of_routes(
            "use crate::routes::wallet;\nfn f() {}\n  super::routes::x();\nuse crate::{routes, db};"
        ),
        vec![
            (1, "use crate::routes::wallet;".to_owned()),
            (3, "super::routes::x();".to_owned()),
            (4, "use crate::{routes, db};".to_owned())
        ]
    );
    assert!(uses_of_routes("use crate::wallet; // seed::routes").is_empty());
}
