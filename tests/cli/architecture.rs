//! The architecture page keeps up with the code: it names every crate of the
//! workspace, every module it names by path (`rules::position`,
//! `app::library::shelf`) exists, and every crate's top-level modules and
//! every module folder are named there, so the page can neither list a
//! module that is gone nor miss one that came.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn page() -> String {
    std::fs::read_to_string(root().join("docs/reference/architecture.md")).expect("the architecture page")
}

/// The workspace's crates: (package name, folder name under `crates/`).
fn crates() -> Vec<(String, String)> {
    let mut crates = Vec::new();
    for entry in std::fs::read_dir(root().join("crates")).expect("the workspace's crates") {
        let dir = entry.expect("entry").path();
        let Ok(manifest) = std::fs::read_to_string(dir.join("Cargo.toml")) else { continue };
        let name = manifest
            .lines()
            .find_map(|l| l.strip_prefix("name = \"").and_then(|n| n.strip_suffix('"')))
            .expect("a package name");
        crates.push((name.to_string(), dir.file_name().expect("a folder").to_string_lossy().into_owned()));
    }
    crates.sort();
    crates
}

/// Where a wing's modules live: a crate's `src`, or the command line's.
fn source_of(wing: &str) -> Option<PathBuf> {
    match wing {
        "cli" => Some(root().join("src/cli")),
        _ => Some(root().join("crates").join(wing).join("src")).filter(|dir| dir.is_dir()),
    }
}

/// Whether a path's first segment names a wing (a crate's folder, or `cli`):
/// `crate::engine::...` and Rust paths of other kinds are not module paths.
fn names_a_wing(path: &str) -> bool {
    let wing = path.split("::").next().unwrap_or_default();
    wing == "cli" || root().join("crates").join(wing).join("src").is_dir()
}

/// Whether the module at `segments` below `src` exists as a file or a folder.
fn module_exists(src: &Path, segments: &[&str]) -> bool {
    let (last, parents) = segments.split_last().expect("a module path has a segment");
    let dir = parents.iter().fold(src.to_path_buf(), |dir, s| dir.join(s));
    dir.join(format!("{last}.rs")).is_file() || dir.join(last).join("mod.rs").is_file()
}

/// Every backticked `wing::module::...` path of the page, outside code blocks.
fn module_paths(text: &str) -> Vec<String> {
    let mut paths = Vec::new();
    let mut fenced = false;
    for line in text.lines() {
        if line.trim_start().starts_with("```") {
            fenced = !fenced;
            continue;
        }
        if fenced {
            continue;
        }
        for (i, piece) in line.split('`').enumerate() {
            // A crate's folder may have a hyphen (`web-worker::entry`); a module's name not.
            let is_path = piece.contains("::")
                && piece.split("::").enumerate().all(|(at, s)| {
                    !s.is_empty() && s.chars().all(|c| c.is_ascii_lowercase() || c == '_' || (at == 0 && c == '-'))
                });
            if i % 2 == 1 && is_path && names_a_wing(piece) {
                paths.push(piece.to_string());
            }
        }
    }
    paths
}

/// The modules a crate's page entry must name: its top-level modules and
/// every module folder at any depth, as `wing::a::b`.
fn modules_to_name(wing: &str, src: &Path) -> Vec<String> {
    fn walk(dir: &Path, prefix: &str, top: bool, out: &mut Vec<String>) {
        for entry in std::fs::read_dir(dir).expect("a readable source folder") {
            let path = entry.expect("entry").path();
            let name = path.file_stem().expect("a name").to_string_lossy().into_owned();
            let module = format!("{prefix}::{name}");
            if path.is_dir() && path.join("mod.rs").is_file() {
                out.push(module.clone());
                walk(&path, &module, false, out);
            } else if top && path.extension().is_some_and(|e| e == "rs") && !["lib", "main", "mod"].contains(&&*name) {
                out.push(module);
            }
        }
    }
    let mut out = Vec::new();
    walk(src, wing, true, &mut out);
    out.sort();
    out
}

#[test]
fn every_crate_is_named_in_the_architecture_page() {
    let page = page();
    let crates = crates();
    assert!(crates.len() >= 7, "found the workspace's crates: {crates:?}");
    let missing: Vec<_> = crates
        .iter()
        .filter(|(name, folder)| !page.contains(&format!("`{name}`")) || !page.contains(&format!("crates/{folder}")))
        .collect();
    assert!(missing.is_empty(), "crates the architecture page does not name (package and folder): {missing:?}");
}

#[test]
fn every_module_the_architecture_page_names_exists() {
    let paths = module_paths(&page());
    assert!(paths.len() > 40, "found the page's module paths: {paths:?}");
    let missing: BTreeSet<&String> = paths
        .iter()
        .filter(|path| {
            let segments: Vec<&str> = path.split("::").collect();
            !source_of(segments[0]).is_some_and(|src| module_exists(&src, &segments[1..]))
        })
        .collect();
    assert!(missing.is_empty(), "modules the architecture page names that do not exist: {missing:?}");
}

#[test]
fn the_architecture_page_names_every_top_module_and_folder() {
    let named: BTreeSet<String> = module_paths(&page()).into_iter().collect();
    let mut missing = Vec::new();
    for (_, wing) in crates() {
        let src = source_of(&wing).expect("each crate has a src folder");
        missing.extend(modules_to_name(&wing, &src).into_iter().filter(|m| !named.contains(m)));
    }
    assert!(missing.is_empty(), "modules the architecture page does not name: {missing:?}");
}
