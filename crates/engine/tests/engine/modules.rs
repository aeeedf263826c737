//! What Cargo does not hold inside a crate. Cargo holds the layers between
//! the crates (rules, lessons, ai, protocol, lab, library, puzzles, flow: no
//! crate can name one above it,
//! and only the app's crate knows Bevy); this test holds the rest, read from
//! the source text. In each engine crate no two modules import each other,
//! except a parent and the children it declares (a child may use its
//! parent's items).
//!
//! The app's wings keep their order: `theme` at the bottom, then `game`,
//! `board`, `tasks`, `modes`, `sound`, `platform` and `ui`; a wing uses only itself and
//! the wings below it, the app's root uses them all. App modules name each
//! other one way (`crate::…`, never `super::`, outside their unit tests), and
//! no chain of imports comes back to where it started. (It runs without the
//! game feature.)

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// The engine's crates, each checked on its own.
const ENGINE_CRATES: [&str; 8] = ["rules", "lessons", "ai", "protocol", "lab", "library", "puzzles", "flow"];

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

// The app.

/// Bottom to top.
const APP_WINGS: [&str; 8] = ["theme", "game", "board", "tasks", "modes", "sound", "platform", "ui"];

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
    let root = crate_root("app");
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
    module
        .first()
        .map_or(APP_WINGS.len(), |w| APP_WINGS.iter().position(|x| x == w).unwrap_or_else(|| panic!("no wing {w}")))
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
