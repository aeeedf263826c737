//! The app's layout, read from its source text. Its wings keep their order:
//! the shared wings at the bottom (`theme`, then `game`, `board`, `tasks`,
//! `sound`, `platform` and `ui`), above them the features, each one folder
//! with its systems and its panels (`learn`, `puzzles`, `play`, `files`,
//! `series`, `library`, `analysis`, `flow`, `home`, `settings`, each using
//! only the features before it), and `frame` at the top; a wing uses only
//! itself and the wings below it, the app's root uses them all. App modules
//! name each other one way (`crate::…`, never `super::`, outside their unit
//! tests), and no chain of imports comes back to where it started.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

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

/// The module path of a file below the crate's `src`: `board/mod.rs` is
/// `["board"]`, `lib.rs` is the root, `[]`.
fn module_of(root: &Path, file: &Path) -> Vec<String> {
    let rel = file.strip_prefix(root).expect("below the root").with_extension("");
    let mut parts: Vec<String> = rel.iter().map(|p| p.to_string_lossy().into_owned()).collect();
    if parts.last().is_some_and(|p| p == "mod") || parts == ["lib"] {
        parts.pop();
    }
    parts
}

/// The shared wings, bottom to top.
const SHARED_WINGS: [&str; 7] = ["theme", "game", "board", "tasks", "sound", "platform", "ui"];

/// The features, each one folder with its systems and its panels, above
/// every shared wing; a feature uses only the features before it here.
const FEATURES: [&str; 10] =
    ["learn", "puzzles", "play", "files", "series", "library", "analysis", "flow", "home", "settings"];

/// Above every feature: the frame that puts their panels around the board.
const FRAME: &str = "frame";

/// Every wing, bottom to top.
fn app_wings() -> Vec<&'static str> {
    SHARED_WINGS.iter().chain(FEATURES.iter()).chain([FRAME].iter()).copied().collect()
}

/// The file's code: no comments, and nothing from its unit tests on.
fn code_of(text: &str) -> String {
    let end = ["#[cfg(test)]", "#[cfg(all(test"].iter().filter_map(|m| text.find(m)).min().unwrap_or(text.len());
    text[..end].lines().filter(|l| !l.trim_start().starts_with("//")).collect::<Vec<_>>().join("\n")
}

/// The leaves of a use tree's braces: `a::{b, c::{d, e}}` gives `b`, `c::d`, `c::e`.
fn leaves(group: &str) -> Vec<String> {
    let (mut out, mut depth, mut current) = (Vec::new(), 0, String::new());
    let flush = |part: &mut String, out: &mut Vec<String>| {
        let part_text = std::mem::take(part);
        let trimmed = part_text.trim();
        if let Some((head, inner)) = trimmed.split_once('{') {
            let inner = inner.strip_suffix('}').unwrap_or(inner);
            out.extend(leaves(inner).into_iter().map(|leaf| format!("{head}{leaf}")));
        } else if !trimmed.is_empty() {
            out.push(trimmed.split(" as ").next().unwrap_or(trimmed).to_string());
        }
    };
    for c in group.chars() {
        match c {
            ',' if depth == 0 => flush(&mut current, &mut out),
            '{' => {
                depth += 1;
                current.push(c);
            }
            '}' => {
                depth -= 1;
                current.push(c);
            }
            c if !c.is_whitespace() => current.push(c),
            _ => {}
        }
    }
    flush(&mut current, &mut out);
    out
}

/// Every app path the code names, as segments below `crate`.
fn app_paths(code: &str) -> Vec<Vec<String>> {
    const PREFIX: &str = "crate::";
    let mut out = Vec::new();
    let mut rest = code;
    while let Some(at) = rest.find(PREFIX) {
        let tail = &rest[at + PREFIX.len()..];
        let end = tail.find(|c: char| !(c.is_alphanumeric() || c == '_' || c == ':')).unwrap_or(tail.len());
        let path = tail[..end].trim_end_matches(':');
        let base: Vec<String> = path.split("::").filter(|s| !s.is_empty()).map(String::from).collect();
        if tail[end..].starts_with('{') {
            let close = matching_brace(&tail[end..]);
            for leaf in leaves(&tail[end + 1..end + close]) {
                let mut full = base.clone();
                full.extend(leaf.split("::").filter(|s| !s.is_empty() && *s != "self").map(String::from));
                out.push(full);
            }
        } else {
            out.push(base);
        }
        rest = &tail[end..];
    }
    out
}

/// The index of the brace that closes the one `text` starts with.
fn matching_brace(text: &str) -> usize {
    let mut depth = 0;
    for (i, c) in text.char_indices() {
        match c {
            '{' => depth += 1,
            '}' => {
                depth -= 1;
                if depth == 0 {
                    return i;
                }
            }
            _ => {}
        }
    }
    text.len()
}

/// The children a `mod.rs` declares (`mod x;`, `pub mod x;`, `pub(crate) mod x;`).
fn declared_children(code: &str) -> Vec<String> {
    code.lines()
        .filter_map(|l| l.trim().strip_suffix(';'))
        .filter_map(|l| l.rsplit_once("mod ").filter(|(vis, _)| vis.trim().is_empty() || vis.trim().starts_with("pub")))
        .map(|(_, name)| name.trim().to_string())
        .collect()
}

struct AppTree {
    files: BTreeMap<Vec<String>, String>,
    uses: BTreeMap<Vec<String>, BTreeSet<Vec<String>>>,
}

fn app() -> AppTree {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut paths = Vec::new();
    rust_files(&root, &mut paths);
    let files: BTreeMap<Vec<String>, String> =
        paths.iter().map(|f| (module_of(&root, f), code_of(&std::fs::read_to_string(f).expect("readable")))).collect();
    let mut uses = BTreeMap::new();
    for (module, code) in &files {
        let mut targets = BTreeSet::new();
        // `crate::engine` is the engine's crate by its name in the app.
        for path in app_paths(code).into_iter().filter(|p| p.first().is_none_or(|w| w != "engine")) {
            // The longest prefix that is a module file.
            if let Some(k) = (0..=path.len()).rev().find(|&k| files.contains_key(&path[..k])) {
                targets.insert(path[..k].to_vec());
            }
        }
        for child in declared_children(code) {
            let mut target = module.clone();
            target.push(child);
            targets.insert(target);
        }
        targets.remove(module);
        uses.insert(module.clone(), targets);
    }
    AppTree { files, uses }
}

/// The wing's place from the bottom; the app's root is above them all.
fn rank(module: &[String]) -> usize {
    let wings = app_wings();
    module.first().map_or(wings.len(), |w| wings.iter().position(|x| x == w).unwrap_or_else(|| panic!("no wing {w}")))
}

fn name(module: &[String]) -> String {
    if module.is_empty() { "app".to_string() } else { format!("app::{}", module.join("::")) }
}

#[test]
fn each_app_wing_uses_only_the_wings_below_it() {
    let app = app();
    assert!(app.files.len() > 60, "found the app's modules");
    let mut wrong = Vec::new();
    for (module, targets) in &app.uses {
        for target in targets.iter().filter(|t| rank(t) > rank(module)) {
            wrong.push(format!("{} uses {}", name(module), name(target)));
        }
    }
    assert!(wrong.is_empty(), "wing order violations:\n{}", wrong.join("\n"));
}

#[test]
fn app_modules_name_each_other_one_way() {
    let app = app();
    let relative: Vec<String> =
        app.files.iter().filter(|(_, code)| code.contains("super::")).map(|(module, _)| name(module)).collect();
    assert!(relative.is_empty(), "`super::` outside unit tests in:\n{}", relative.join("\n"));
}

/// The strongly connected parts of the import graph with more than one module.
fn circles(uses: &BTreeMap<Vec<String>, BTreeSet<Vec<String>>>) -> Vec<Vec<Vec<String>>> {
    struct Walk<'a> {
        uses: &'a BTreeMap<Vec<String>, BTreeSet<Vec<String>>>,
        index: BTreeMap<&'a [String], usize>,
        low: BTreeMap<&'a [String], usize>,
        stack: Vec<&'a [String]>,
        on_stack: BTreeSet<&'a [String]>,
        found: Vec<Vec<Vec<String>>>,
    }
    impl<'a> Walk<'a> {
        fn visit(&mut self, v: &'a [String]) {
            let i = self.index.len();
            self.index.insert(v, i);
            self.low.insert(v, i);
            self.stack.push(v);
            self.on_stack.insert(v);
            for w in self.uses.get(v).into_iter().flatten().map(Vec::as_slice) {
                if !self.index.contains_key(w) {
                    self.visit(w);
                    let low = self.low[v].min(self.low[w]);
                    self.low.insert(v, low);
                } else if self.on_stack.contains(w) {
                    let low = self.low[v].min(self.index[w]);
                    self.low.insert(v, low);
                }
            }
            if self.low[v] == self.index[v] {
                let mut part = Vec::new();
                while let Some(w) = self.stack.pop() {
                    self.on_stack.remove(w);
                    part.push(w.to_vec());
                    if w == v {
                        break;
                    }
                }
                if part.len() > 1 {
                    part.sort();
                    self.found.push(part);
                }
            }
        }
    }
    let mut walk = Walk {
        uses,
        index: BTreeMap::new(),
        low: BTreeMap::new(),
        stack: Vec::new(),
        on_stack: BTreeSet::new(),
        found: Vec::new(),
    };
    for v in uses.keys().map(Vec::as_slice) {
        if !walk.index.contains_key(v) {
            walk.visit(v);
        }
    }
    walk.found
}

#[test]
fn no_import_circle_in_the_app() {
    let app = app();
    let found = circles(&app.uses);
    let text: Vec<String> = found.iter().map(|c| c.iter().map(|m| name(m)).collect::<Vec<_>>().join(", ")).collect();
    println!("app import circles: {}", found.len());
    assert!(found.is_empty(), "import circles:\n{}", text.join("\n"));
}
