//! The platform's layering rules: `routes/` is the HTTP side and may use every domain module,
//! but no module outside `routes/` may use `routes` (a domain module that needs something from a
//! handler file means that piece is domain logic and belongs in a domain module). `lib.rs`, which
//! assembles the router, is the one exception. And `routes/` does not use sqlx at all: statements,
//! transactions and database errors belong in the domain modules, which answer the handlers in
//! domain values and their own error enums (`routes/errors.rs` chooses each one's status).
//!
//! Between themselves, the top-level modules form a ladder, never a ring: `routes/` on top, then
//! `seed`, the programmes (payments, play, rewards, referrals, limits, notifications), the nouns
//! they share (players, wallet, catalogue), and the plumbing at the bottom (db, realtime, money,
//! clock, paging). A module that imports one that imports it back is a loop, whatever its length.

use std::collections::{BTreeMap, BTreeSet};
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

/// The places in `text` (outside comments) that take the application state, an axum request
/// extractor or a request's headers: HTTP matters that belong in `routes/`.
fn uses_of_http_state(text: &str) -> Vec<(usize, String)> {
    lines_where(text, |line| {
        let code = line.split("//").next().unwrap_or_default();
        ["AppState", "FromRequest", "axum::extract", "HeaderMap"]
            .iter()
            .any(|http| code.contains(http))
    })
}

/// The files outside `routes/` that are HTTP by nature, and why.
const HTTP_BY_NATURE: &[&str] = &[
    // Builds the application state and assembles the router.
    "lib.rs",
    // The platform's JSON error answers, including axum's extractor rejections turned into them.
    "error.rs",
    // The sandbox's own real-time server speaks WebSocket: it takes the upgrade and its frames.
    "realtime/connection.rs",
    "realtime/hub.rs",
];

/// The places in `text` (outside comments) that speak HTTP errors: the platform's HTTP error type
/// or a status code. A domain function answers its own error enum; `routes/` chooses the status.
fn uses_of_http_errors(text: &str) -> Vec<(usize, String)> {
    lines_where(text, |line| {
        let code = line.split("//").next().unwrap_or_default();
        ["ApiError", "StatusCode"]
            .iter()
            .any(|http| code.contains(http))
    })
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

/// Who imports whom: for each top-level module of `src/`, the top-level modules its files name
/// (in `use crate::...`, `crate::{...}`, `super::...` or an inline `crate::x::f()`), each with the
/// files that do.
type Graph = BTreeMap<String, BTreeMap<String, BTreeSet<String>>>;

/// The top-level module of a file under `src/` (`wallet.rs`, `play/spins.rs`, `realtime/mod.rs`),
/// and the path of the file's own module below it (`[]`, `["spins"]`, `[]`).
fn module_of(file: &Path) -> (String, Vec<String>) {
    let mut parts: Vec<String> = file
        .iter()
        .map(|p| p.to_string_lossy().trim_end_matches(".rs").to_owned())
        .collect();
    if parts.last().is_some_and(|p| p == "mod") {
        parts.pop();
    }
    let top = parts.remove(0);
    (top, parts)
}

/// The names at the top level of the braces that open `text` (`a, b::c, d::{e, f}` gives `a`,
/// `b`, `d`).
fn group_heads(text: &str) -> Vec<String> {
    let (mut depth, mut heads, mut current, mut head_done) = (0, Vec::new(), String::new(), false);
    for c in text.chars() {
        match c {
            '{' => {
                depth += 1;
                head_done = true;
            }
            '}' if depth == 0 => break,
            '}' => depth -= 1,
            ',' if depth == 0 => {
                heads.push(std::mem::take(&mut current));
                head_done = false;
            }
            ':' => head_done = true,
            _ if !head_done && depth == 0 => current.push(c),
            _ => {}
        }
    }
    heads.push(current);
    heads
        .into_iter()
        .map(|h| h.trim().to_owned())
        .filter(|h| !h.is_empty())
        .collect()
}

/// The top-level modules named by the crate paths in a file of module `top::inner`: `crate::x`,
/// `crate::{x, y::z}`, and `super::x` where `super` leaves `top`. Comments do not count.
fn modules_named(top: &str, inner: &[String], text: &str) -> BTreeSet<String> {
    let code: String = text
        .lines()
        .map(|line| line.split("//").next().unwrap_or_default())
        .collect::<Vec<_>>()
        .join("\n");
    let mut named = BTreeSet::new();
    // How deep each position is in inline `mod x { ... }` blocks, for `super` inside them.
    let mut inline_mods: Vec<usize> = Vec::new();
    let mut braces = 0usize;
    let word_before = |at: usize| {
        code[..at]
            .chars()
            .next_back()
            .is_some_and(|c| c.is_alphanumeric() || c == '_')
    };
    let mut at = 0;
    while at < code.len() {
        let rest = &code[at..];
        if rest.starts_with('{') {
            braces += 1;
        } else if rest.starts_with('}') {
            braces = braces.saturating_sub(1);
            if inline_mods.last() == Some(&braces) {
                inline_mods.pop();
            }
        } else if rest.starts_with("mod ") && !word_before(at) {
            let declaration = rest.split(['{', ';']).next().unwrap_or_default();
            if rest[declaration.len()..].starts_with('{') {
                inline_mods.push(braces);
            }
        } else if !word_before(at) && (rest.starts_with("crate::") || rest.starts_with("super::")) {
            let mut path = rest;
            let mut depth = inner.len() + inline_mods.len();
            let mut leaves_top = false;
            if let Some(after) = path.strip_prefix("crate::") {
                path = after;
                leaves_top = true;
            } else {
                while let Some(after) = path.strip_prefix("super::") {
                    path = after;
                    if depth == 0 {
                        leaves_top = true;
                        break;
                    }
                    depth -= 1;
                }
            }
            if leaves_top {
                let heads = match path.strip_prefix('{') {
                    Some(group) => group_heads(group),
                    None => vec![
                        path.split(|c: char| !c.is_alphanumeric() && c != '_')
                            .next()
                            .unwrap_or_default()
                            .to_owned(),
                    ],
                };
                named.extend(heads.into_iter().filter(|h| h != top && h != "self"));
            }
            at += 7;
            continue;
        }
        at += rest.chars().next().map_or(1, char::len_utf8);
    }
    named
}

/// The graph of `files` (path under `src/`, text), between the modules that are among them.
fn graph_of(files: &[(PathBuf, String)]) -> Graph {
    let modules: BTreeSet<String> = files.iter().map(|(file, _)| module_of(file).0).collect();
    let mut graph = Graph::new();
    for (file, text) in files {
        let (top, inner) = module_of(file);
        for named in modules_named(&top, &inner, text) {
            if modules.contains(&named) {
                graph
                    .entry(top.clone())
                    .or_default()
                    .entry(named)
                    .or_default()
                    .insert(file.display().to_string());
            }
        }
    }
    graph
}

/// Every loop of `graph`, one per set of modules that reach each other, as the modules in order
/// (the first again at the end).
fn loops(graph: &Graph) -> Vec<Vec<String>> {
    let reach = |from: &str| {
        let mut seen = BTreeSet::new();
        let mut next = vec![from.to_owned()];
        while let Some(module) = next.pop() {
            for to in graph
                .get(&module)
                .into_iter()
                .flat_map(|edges| edges.keys())
            {
                if seen.insert(to.clone()) {
                    next.push(to.clone());
                }
            }
        }
        seen
    };
    let mut found: Vec<Vec<String>> = Vec::new();
    let mut looped = BTreeSet::new();
    for module in graph.keys() {
        if looped.contains(module) || !reach(module).contains(module) {
            continue;
        }
        // The shortest way back to `module`, breadth first.
        let mut came_from: BTreeMap<String, String> = BTreeMap::new();
        let mut frontier = vec![module.clone()];
        'search: while !frontier.is_empty() {
            let mut further = Vec::new();
            for at in frontier {
                for to in graph.get(&at).into_iter().flat_map(|edges| edges.keys()) {
                    if to == module {
                        came_from.insert(String::new(), at.clone());
                        break 'search;
                    }
                    if !came_from.contains_key(to) {
                        came_from.insert(to.clone(), at.clone());
                        further.push(to.clone());
                    }
                }
            }
            frontier = further;
        }
        let mut path = vec![module.clone()];
        let mut at = came_from[""].clone();
        while &at != module {
            path.push(at.clone());
            at = came_from[&at].clone();
        }
        path.push(module.clone());
        path.reverse();
        let members = reach(module);
        looped.extend(members.into_iter().filter(|m| reach(m).contains(module)));
        found.push(path);
    }
    found
}

/// A loop as a message: each step with the files that make it.
fn describe(graph: &Graph, cycle: &[String]) -> String {
    let steps: Vec<String> = cycle
        .windows(2)
        .map(|step| {
            let files: Vec<&str> = graph[&step[0]][&step[1]]
                .iter()
                .map(String::as_str)
                .collect();
            format!("  {} -> {} ({})", step[0], step[1], files.join(", "))
        })
        .collect();
    format!("{}\n{}", cycle.join(" -> "), steps.join("\n"))
}

fn source_files() -> Vec<(PathBuf, String)> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = Vec::new();
    rust_files(&root, &mut files);
    files
        .into_iter()
        .filter_map(|file| {
            let relative = file.strip_prefix(&root).expect("under src").to_owned();
            // The crate root assembles every module; it is no rung of the ladder.
            let root_file = relative == Path::new("lib.rs") || relative == Path::new("main.rs");
            (!root_file).then(|| {
                (
                    relative,
                    std::fs::read_to_string(&file).expect("source reads"),
                )
            })
        })
        .collect()
}

#[test]
fn top_level_modules_import_each_other_in_no_loop() {
    let graph = graph_of(&source_files());
    assert!(
        graph.len() > 10 && graph["routes"].contains_key("wallet"),
        "the module graph misses imports: {graph:?}"
    );
    let found: Vec<String> = loops(&graph)
        .iter()
        .map(|cycle| describe(&graph, cycle))
        .collect();
    assert!(
        found.is_empty(),
        "top-level modules import each other in a loop (move the shared part into a lower \
         module, hand it in, or have one side publish an event the other reacts to):\n{}",
        found.join("\n")
    );
}

/// The detector finds a loop through every spelling of an import, and none where there is none.
#[test]
fn the_loop_detector_finds_a_loop_and_only_a_loop() {
    let files = |list: &[(&str, &str)]| -> Vec<(PathBuf, String)> {
        list.iter()
            .map(|(file, text)| (PathBuf::from(file), (*text).to_owned()))
            .collect()
    };
    let ring = files(&[
        (
            "a.rs",
            "use crate::b::Thing;\n// crate::d is only mentioned",
        ),
        (
            "b/mod.rs",
            "use crate::{\n    c::{self, Other},\n    d,\n};",
        ),
        ("b/inner.rs", "use super::Thing;"),
        ("c/deep.rs", "fn f() { crate::a::g(); }"),
        ("d.rs", "mod tests {\n    use super::x;\n}\nuse super::e;"),
        ("e.rs", "use crate::d::*;"),
    ]);
    let graph = graph_of(&ring);
    assert_eq!(
        loops(&graph),
        vec![vec!["a", "b", "c", "a"], vec!["d", "e", "d"],],
        "{graph:?}"
    );
    let message = describe(&graph, &loops(&graph)[0]);
    assert!(message.contains("b -> c (b/mod.rs)"), "{message}");
    assert!(message.contains("c -> a (c/deep.rs)"), "{message}");

    let ladder = files(&[
        ("a.rs", "use crate::b::Thing;"),
        (
            "b/mod.rs",
            "use crate::{c::{self, Other}};\n/// Not `crate::a`.",
        ),
        (
            "b/inner.rs",
            "use super::Thing;\nmod tests {\n    use super::super::Thing;\n}",
        ),
        ("c.rs", "let url = \"http://a\"; // crate::a"),
    ]);
    let graph = graph_of(&ladder);
    assert!(loops(&graph).is_empty(), "{graph:?}");
    assert_eq!(graph["a"].keys().collect::<Vec<_>>(), ["b"]);
    assert_eq!(graph["b"].keys().collect::<Vec<_>>(), ["c"]);
}

/// Domain functions take what they need (the pool, a transaction, the publisher, a player id), not
/// the application state or a request extractor, so they serve a handler, a background task and
/// a test alike.
#[test]
fn the_domain_takes_no_app_state_and_no_extractor() {
    let offences = offences(
        "",
        |relative| {
            relative.starts_with("routes")
                || HTTP_BY_NATURE.iter().any(|a| relative == Path::new(a))
        },
        uses_of_http_state,
    );
    assert!(
        offences.is_empty(),
        "domain modules take the application state or an extractor (hand them the pool, the \
         publisher or the player id, and extract in src/routes/):\n{}",
        offences.join("\n")
    );
}

/// Files outside `routes/` that may name an HTTP error or status, and why.
const HTTP_ERRORS_BY_NATURE: &[&str] = &[
    // Defines the platform's HTTP error.
    "error.rs",
    // Re-exports it.
    "lib.rs",
    // Draws the sandbox's HTML pages, whose status is part of the page.
    "html.rs",
    // Its `ApiError` is the error answer of Centrifugo's HTTP API, which it calls.
    "realtime/centrifugo.rs",
];

/// Domain modules refuse in their own terms (`WalletError::AccountNotFound`), and `routes/`
/// turns that into the spec's status and code.
#[test]
fn the_domain_chooses_no_status() {
    let exempt = |relative: &Path| {
        relative.starts_with("routes")
            || HTTP_ERRORS_BY_NATURE
                .iter()
                .any(|a| relative == Path::new(a))
    };
    let offences = offences("", exempt, uses_of_http_errors);
    assert!(
        offences.is_empty(),
        "domain modules use ApiError or StatusCode (answer a domain error enum and map it in \
         src/routes/errors.rs):\n{}",
        offences.join("\n")
    );
}

type Rule = fn(&str) -> Vec<(usize, String)>;

/// Each rule names every line that breaks it, trimmed, and none that only looks alike.
#[test]
fn the_rules_see_every_spelling() {
    let cases: [(Rule, &str, &[usize], &str); 4] = [
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
        (
            uses_of_http_state,
            "use crate::{ApiError, AppState};\nfn f() {}\nimpl FromRequestParts<S> for P {}\n  axum::extract::State(state): State<S>,\nfn g(headers: &HeaderMap) {}",
            &[1, 3, 4, 5],
            "use crate::deps::Deps; // built by AppState::deps from the FromRequest side",
        ),
        (
            uses_of_http_errors,
            "use crate::ApiError;\nfn f() {}\n    Err(ApiError::conflict(\"x\", \"y\"))\nuse axum::http::StatusCode;",
            &[1, 3, 4],
            "use crate::wallet::WalletError; // routes/ maps it to an ApiError with its StatusCode",
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
