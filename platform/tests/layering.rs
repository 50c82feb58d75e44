//! The platform's layering rules: `routes/` is the HTTP side and may use every domain module,
//! but no module outside `routes/` may use `routes` (a domain module that needs something from a
//! handler file means that piece is domain logic and belongs in a domain module). `lib.rs`, which
//! assembles the router, is the one exception. And `routes/` does not use sqlx at all: statements,
//! transactions and database errors belong in the domain modules, which answer the handlers in
//! domain values and `ApiError`s.

use std::path::{Path, PathBuf};

const ALLOWED: &[&str] = &["lib.rs"];

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

/// The lines of `text` (numbered from 1, trimmed) that `breaks_the_rule`.
fn lines_where(text: &str, breaks_the_rule: impl Fn(&str) -> bool) -> Vec<(usize, String)> {
    text.lines()
        .enumerate()
        .filter(|(_, line)| breaks_the_rule(line))
        .map(|(number, line)| (number + 1, line.trim().to_owned()))
        .collect()
}

/// The places in `text` that reach into the routes module from outside it.
fn uses_of_routes(text: &str) -> Vec<(usize, String)> {
    lines_where(text, |line| {
        let direct = ["crate::routes", "super::routes", "platform::routes"]
            .iter()
            .any(|path| line.contains(path));
        let grouped = ["crate::{", "super::{"].iter().any(|g| line.contains(g))
            && line
                .split(|c: char| !c.is_alphanumeric() && c != '_')
                .any(|word| word == "routes");
        direct || grouped
    })
}

/// The places in `text` that use sqlx (a statement, a pool or transaction type, a database error).
fn uses_of_sqlx(text: &str) -> Vec<(usize, String)> {
    lines_where(text, |line| line.contains("sqlx::"))
}

/// `file:line: code` of every place that `find` reports in the Rust files under `src/{folder}`,
/// but for the files (relative to that folder) that `exempt` names.
fn offences(
    folder: &str,
    exempt: impl Fn(&Path) -> bool,
    find: fn(&str) -> Vec<(usize, String)>,
) -> Vec<String> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("src")
        .join(folder);
    let mut files = Vec::new();
    rust_files(&root, &mut files);
    assert!(files.len() > 20, "{} was not found", root.display());
    let mut offences = Vec::new();
    for file in files {
        let relative = file.strip_prefix(&root).expect("under the folder");
        if exempt(relative) {
            continue;
        }
        let text = std::fs::read_to_string(&file).expect("source reads");
        for (line, code) in find(&text) {
            let shown = file
                .strip_prefix(env!("CARGO_MANIFEST_DIR"))
                .unwrap_or(&file);
            offences.push(format!("{}:{line}: {code}", shown.display()));
        }
    }
    offences
}

#[test]
fn no_module_outside_routes_uses_routes() {
    let offences = offences(
        "",
        |relative| {
            relative.starts_with("routes") || ALLOWED.iter().any(|a| relative == Path::new(a))
        },
        uses_of_routes,
    );
    assert!(
        offences.is_empty(),
        "modules outside src/routes/ use the routes (move the logic they need into a domain \
         module):\n{}",
        offences.join("\n")
    );
}

#[test]
fn handlers_use_no_sqlx() {
    let offences = offences("routes", |_| false, uses_of_sqlx);
    assert!(
        offences.is_empty(),
        "handlers under src/routes/ use sqlx (move the SQL into a domain module under src/ and \
         call it):\n{}",
        offences.join("\n")
    );
}

type Rule = fn(&str) -> Vec<(usize, String)>;

/// Each rule names every line that breaks it, trimmed, and none that only looks alike.
#[test]
fn the_rules_see_every_spelling() {
    let cases: [(Rule, &str, &[usize], &str); 2] = [
        (
            uses_of_routes,
            "use crate::routes::wallet;\nfn f() {}\n  super::routes::x();\nuse crate::{routes, db};",
            &[1, 3, 4],
            "use crate::wallet; // seed::routes",
        ),
        (
            uses_of_sqlx,
            "use sqlx::{FromRow, SqlitePool};\nfn f() {}\n    let n = sqlx::query_scalar(q);\n  Err(sqlx::Error::RowNotFound)",
            &[1, 3, 4],
            "use crate::settings; // answers from SQLite",
        ),
    ];
    for (rule, text, lines, look_alike) in cases {
        let expected: Vec<(usize, String)> = lines
            .iter()
            .map(|&n| {
                (
                    n,
                    text.lines()
                        .nth(n - 1)
                        .unwrap_or_default()
                        .trim()
                        .to_owned(),
                )
            })
            .collect();
        assert_eq!(rule(text), expected, "{text}");
        assert!(rule(look_alike).is_empty(), "{look_alike}");
    }
}
