//! The engine stays pure Rust: nothing beneath `src/engine` may mention Bevy.

use std::path::Path;

fn rust_files(dir: &Path, out: &mut Vec<std::path::PathBuf>) {
    for entry in std::fs::read_dir(dir).expect("src/engine is readable") {
        let path = entry.expect("directory entry").path();
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

#[test]
fn no_file_under_src_engine_mentions_bevy() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("src/engine");
    let mut files = Vec::new();
    rust_files(&root, &mut files);
    assert!(files.len() > 10, "found the engine sources");
    for file in files {
        let text = std::fs::read_to_string(&file).unwrap().to_lowercase();
        assert!(!text.contains("bevy"), "{} mentions bevy", file.display());
    }
}
