//! What Cargo does not hold inside a crate. Cargo holds the layers between
//! the crates (rules, lessons, ai, protocol, lab, library, puzzles, flow: no
//! crate can name one above it,
//! and only the app's crate knows Bevy); this test holds the rest, read from
//! the source text. In each engine crate no two modules import each other,
//! except a parent and the children it declares (a child may use its
//! parent's items). The app's wings and features keep their order in the
//! app's own tests (`crates/app/tests/game/wings.rs`).

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// The engine's crates, each checked on its own, and the game server beside
/// them (no Bevy either, and held to the same rule).
const ENGINE_CRATES: [&str; 9] = ["rules", "lessons", "ai", "protocol", "lab", "library", "puzzles", "flow", "server"];

/// The source folder of a crate of the workspace.
fn crate_root(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..").join(name).join("src")
}

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).expect("readable") {
        let path = entry.expect("entry").path();
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// The module path of a file below a crate's `src`: `search/mod.rs` is
/// `["search"]`, `lib.rs` is the root, `[]`.
fn module_of(root: &Path, file: &Path) -> Vec<String> {
    let rel = file.strip_prefix(root).expect("below the root").with_extension("");
    let mut parts: Vec<String> = rel.iter().map(|p| p.to_string_lossy().into_owned()).collect();
    if parts.last().is_some_and(|p| p == "mod") || parts == ["lib"] {
        parts.pop();
    }
    parts
}

/// Where the root's re-exports come from: `Position` -> `["rules", "position"]`.
fn reexports(root: &Path) -> BTreeMap<String, Vec<String>> {
    let text = std::fs::read_to_string(root.join("lib.rs")).expect("the crate's lib.rs");
    let mut map = BTreeMap::new();
    for line in text.lines().filter_map(|l| l.trim().strip_prefix("pub use ")) {
        let line = line.trim_end_matches(';');
        let (path, names) = match line.split_once("::{") {
            Some((p, n)) => (p, n.trim_end_matches('}').split(',').map(str::trim).collect::<Vec<_>>()),
            None => {
                let (p, n) = line.rsplit_once("::").expect("a path");
                (p, vec![n])
            }
        };
        let module: Vec<String> = path.split("::").map(String::from).collect();
        for name in names.into_iter().filter(|n| !n.is_empty()) {
            map.insert(name.to_string(), module.clone());
        }
    }
    map
}

/// Every engine path the file names, absolute, as module segments followed by item names.
fn referenced_paths(
    text: &str,
    module: &[String],
    tops: &BTreeSet<String>,
    reexports: &BTreeMap<String, Vec<String>>,
) -> Vec<Vec<String>> {
    let code: String = text.lines().filter(|l| !l.trim_start().starts_with("//")).collect::<Vec<_>>().join("\n");
    let mut out = Vec::new();
    let bytes: Vec<char> = code.chars().collect();
    let mut i = 0;
    while i < bytes.len() {
        let rest: String = bytes[i..bytes.len().min(i + 16)].iter().collect();
        let word_start = i == 0 || !(bytes[i - 1].is_alphanumeric() || bytes[i - 1] == '_' || bytes[i - 1] == ':');
        if word_start && (rest.starts_with("crate::") || rest.starts_with("super::")) {
            let mut j = i;
            while j < bytes.len() && (bytes[j].is_alphanumeric() || bytes[j] == '_' || bytes[j] == ':') {
                j += 1;
            }
            let path: String = bytes[i..j].iter().collect();
            let mut segs: Vec<String> = path.split("::").filter(|s| !s.is_empty()).map(String::from).collect();
            let names: Vec<String> = if j < bytes.len() && bytes[j] == '{' {
                let end = bytes[j..].iter().position(|&c| c == '}').map_or(bytes.len(), |k| j + k);
                let inner: String = bytes[j + 1..end].iter().collect();
                inner.split(',').map(|s| s.trim().split("::").next().unwrap_or("").to_string()).collect()
            } else {
                vec![String::new()]
            };
            let base: Vec<String> = if segs[0] == "crate" {
                segs.remove(0);
                Vec::new()
            } else {
                // `a/b.rs` is the module `["a", "b"]` and `a/b/mod.rs` is
                // `["a", "b"]` too: either way `super` is `["a"]`.
                let mut base = module.to_vec();
                while segs.first().is_some_and(|s| s == "super") {
                    segs.remove(0);
                    base.pop();
                }
                base
            };
            for name in names {
                let mut full = base.clone();
                full.extend(segs.iter().cloned());
                if !name.is_empty() && name != "self" {
                    full.push(name);
                }
                // A root re-export (`crate::Position`) stands for its module.
                if let Some(m) = full.first().filter(|f| !tops.contains(*f)).and_then(|f| reexports.get(f)) {
                    full.splice(..1, m.iter().cloned());
                }
                out.push(full);
            }
            i = j;
        } else {
            i += 1;
        }
    }
    out
}

struct Engine {
    root: PathBuf,
    modules: BTreeSet<Vec<String>>,
    uses: BTreeMap<Vec<String>, BTreeSet<Vec<String>>>,
}

fn engine_crate(name: &str) -> Engine {
    let root = crate_root(name);
    let mut files = Vec::new();
    rust_files(&root, &mut files);
    let modules: BTreeSet<Vec<String>> = files.iter().map(|f| module_of(&root, f)).collect();
    let tops: BTreeSet<String> = modules.iter().filter_map(|m| m.first().cloned()).collect();
    let reexports = reexports(&root);
    let mut uses = BTreeMap::new();
    for file in &files {
        let module = module_of(&root, file);
        let text = std::fs::read_to_string(file).expect("readable");
        let mut targets = BTreeSet::new();
        for path in referenced_paths(&text, &module, &tops, &reexports) {
            // The longest prefix that is a module file.
            if let Some(k) = (1..=path.len()).rev().find(|&k| modules.contains(&path[..k])) {
                targets.insert(path[..k].to_vec());
            }
        }
        uses.insert(module, targets);
    }
    Engine { root, modules, uses }
}

#[test]
fn no_two_modules_of_an_engine_crate_import_each_other() {
    let related = |a: &Vec<String>, b: &Vec<String>| a.starts_with(b) || b.starts_with(a);
    let mut cycles = Vec::new();
    for name in ENGINE_CRATES {
        let e = engine_crate(name);
        assert!(e.modules.len() > 3, "found the modules under {}", e.root.display());
        for (a, targets) in &e.uses {
            for b in targets.iter().filter(|b| *b > a && !related(a, b)) {
                if e.uses.get(b).is_some_and(|back| back.contains(a)) {
                    cycles.push(format!("{name}: {} <-> {}", a.join("::"), b.join("::")));
                }
            }
        }
    }
    assert!(cycles.is_empty(), "modules importing each other:\n{}", cycles.join("\n"));
}
