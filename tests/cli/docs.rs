//! The documents keep up with the code: every relative link in the README
//! and `docs/` resolves (to a heading, where it names one), every
//! `breakline` subcommand is documented, and every engine-protocol command
//! is on the protocol's page.

use std::path::{Path, PathBuf};

use crate::breakline;

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn markdown_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).expect("readable") {
        let path = entry.expect("entry").path();
        if path.is_dir() {
            markdown_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "md") {
            out.push(path);
        }
    }
}

/// The README and every page under `docs/`.
fn documents() -> Vec<PathBuf> {
    let mut files = vec![root().join("README.md")];
    markdown_files(&root().join("docs"), &mut files);
    files
}

/// The targets of the text's links and images, outside code blocks.
fn link_targets(text: &str) -> Vec<String> {
    let mut targets = Vec::new();
    let mut fenced = false;
    for line in text.lines() {
        if line.trim_start().starts_with("```") {
            fenced = !fenced;
            continue;
        }
        let mut rest = line;
        while let (false, Some(at)) = (fenced, rest.find("](")) {
            let tail = &rest[at + 2..];
            let end = tail.find(')').unwrap_or(tail.len());
            targets.push(tail[..end].to_string());
            rest = &tail[end..];
        }
    }
    targets
}

#[test]
fn every_relative_link_resolves() {
    let documents = documents();
    assert!(documents.len() > 10, "found the documents");
    let mut broken = Vec::new();
    for document in &documents {
        let text = std::fs::read_to_string(document).expect("readable");
        for target in link_targets(&text) {
            if target.starts_with("http://") || target.starts_with("https://") {
                continue;
            }
            let (path, anchor) = target.split_once('#').unwrap_or((&target, ""));
            let resolved =
                if path.is_empty() { document.clone() } else { document.parent().expect("a folder").join(path) };
            let lands =
                resolved.exists() && (anchor.is_empty() || !resolved.is_file() || has_anchor(&resolved, anchor));
            if !lands {
                broken.push(format!("{}: {target}", document.strip_prefix(root()).unwrap_or(document).display()));
            }
        }
    }
    assert!(broken.is_empty(), "links that go nowhere:\n{}", broken.join("\n"));
}

/// Whether a Markdown page has a heading whose anchor (as GitHub makes it:
/// lower case, punctuation dropped, spaces as hyphens) is `anchor`.
fn has_anchor(page: &Path, anchor: &str) -> bool {
    let Ok(text) = std::fs::read_to_string(page) else { return false };
    let mut fenced = false;
    text.lines().any(|line| {
        if line.trim_start().starts_with("```") {
            fenced = !fenced;
        }
        let heading = line.trim_start_matches('#');
        let is_heading = !fenced && line.starts_with('#') && heading.starts_with(' ');
        is_heading && heading_anchor(heading.trim()) == anchor
    })
}

fn heading_anchor(heading: &str) -> String {
    heading
        .to_lowercase()
        .chars()
        .filter(|c| c.is_alphanumeric() || matches!(c, ' ' | '-' | '_'))
        .map(|c| if c == ' ' { '-' } else { c })
        .collect()
}

/// Every document's text, one string.
fn all_text() -> String {
    documents().iter().map(|d| std::fs::read_to_string(d).expect("readable")).collect::<Vec<_>>().join("\n")
}

#[test]
fn every_subcommand_is_documented() {
    let (code, help, _) = breakline(&["--help"]);
    assert_eq!(code, 0);
    let commands: Vec<&str> = help
        .lines()
        .skip_while(|l| !l.starts_with("Commands:"))
        .skip(1)
        .take_while(|l| l.starts_with("  "))
        .filter_map(|l| l.split_whitespace().next())
        .filter(|name| *name != "help")
        .collect();
    assert!(commands.len() > 10, "read the commands from --help:\n{help}");
    let text = all_text();
    let missing: Vec<&&str> = commands.iter().filter(|c| !text.contains(&format!("breakline {c}"))).collect();
    assert!(missing.is_empty(), "subcommands no document names as `breakline NAME`: {missing:?}");
}

/// The commands the protocol's dispatch answers, read from its source.
fn protocol_commands() -> Vec<String> {
    let source = std::fs::read_to_string(root().join("crates/protocol/src/line/command.rs")).expect("readable");
    let start = source.find("let command = match word {").expect("the protocol's dispatch");
    let end = start + source[start..].find("other =>").expect("the dispatch's last arm");
    let mut commands = Vec::new();
    for line in source[start..end].lines() {
        let Some((pattern, _)) = line.trim().split_once("=>") else { continue };
        for word in pattern.split('|').map(str::trim) {
            if let Some(name) = word.strip_prefix('"').and_then(|w| w.strip_suffix('"')) {
                commands.push(name.to_string());
            }
        }
    }
    commands
}

#[test]
fn every_protocol_command_is_documented() {
    let commands = protocol_commands();
    assert!(commands.len() >= 14, "read the protocol's commands: {commands:?}");
    let page = std::fs::read_to_string(root().join("docs/guide/engine-protocol.md")).expect("the protocol's page");
    let missing: Vec<&String> = commands.iter().filter(|c| !page.contains(&format!("`{c}"))).collect();
    assert!(missing.is_empty(), "protocol commands missing from docs/guide/engine-protocol.md: {missing:?}");
}

/// The commands the UCI dialect reads and the `query` words it takes, from its source.
fn uci_commands() -> Vec<String> {
    let source = std::fs::read_to_string(root().join("crates/protocol/src/uci/command.rs")).expect("readable");
    let start = source.find("let command = match (word, args) {").expect("the dialect's dispatch");
    let end = start + source[start..].find("(other, _) =>").expect("the dispatch's last arm");
    let mut commands = Vec::new();
    for line in source[start..end].lines() {
        let Some((pattern, _)) = line.trim().split_once("=>") else { continue };
        let Some(first) = pattern.trim().strip_prefix('(').and_then(|p| p.split(',').next()) else { continue };
        for word in first.split('|').map(str::trim) {
            if let Some(name) = word.strip_prefix('"').and_then(|w| w.strip_suffix('"')) {
                commands.push(name.to_string());
            }
        }
    }
    commands.sort();
    commands.dedup();
    commands
}

#[test]
fn every_uci_command_is_documented() {
    let commands = uci_commands();
    assert!(commands.len() >= 11, "read the UCI dialect's commands: {commands:?}");
    let page = std::fs::read_to_string(root().join("docs/guide/uci.md")).expect("the UCI page");
    let missing: Vec<&String> = commands.iter().filter(|c| !page.contains(&format!("`{c}"))).collect();
    assert!(missing.is_empty(), "UCI commands missing from docs/guide/uci.md: {missing:?}");
}

/// Finding: the rules page said the setup does not offer the both-connected
/// draw, which it does; the page names the choice as the setup words it.
#[test]
fn the_rules_page_names_the_setups_both_connected_choice() {
    let rules = std::fs::read_to_string(root().join("docs/guide/rules.md")).unwrap();
    let setup = std::fs::read_to_string(root().join("crates/app/src/play/setup_page.rs")).unwrap();
    let words = "A move that joins both sides' groups";
    assert!(setup.contains(words), "the setup's words changed: update the rules page");
    assert!(rules.contains(words) && !rules.contains("does not offer it"), "docs/guide/rules.md");
}
