//! The AI's choices are pinned: on a set of positions of both variants and
//! several sizes, every algorithm at a fixed depth (or a seeded playout
//! count) chooses the move and visits the nodes of the fixture
//! (`data/fixed_depth.txt`: main at 8ce573f, written by its `engine`
//! protocol; the enhanced rows rewritten when issue 23 changed that search's
//! ordering and pruning, and its `exact=off` rows when issue 31 made that
//! search selective, its Breakthrough `exact=off` rows again for the
//! refined late-move reductions, and its Lines of Action `exact=off` rows for
//! the deep reductions, which changed their node counts and none of their
//! moves, then its Breakthrough ones when those reductions came there too,
//! which changed two moves of eight). A refactoring of the search must keep both.

use breakline_ai::search::AiConfig;
use breakline_ai::search::search;
use breakline_rules::Variant;
use breakline_rules::position::Position;

const TABLE: &str = include_str!("data/fixed_depth.txt");

#[test]
fn fixed_depth_searches_choose_the_pinned_moves_with_the_pinned_node_counts() {
    let mut checked = 0;
    let mut differ = Vec::new();
    for line in TABLE.lines().filter(|l| !l.starts_with('#') && !l.trim().is_empty()) {
        let f: Vec<&str> = line.split('|').collect();
        let [variant, _size, fen, moves, ai, best, nodes] = f[..] else { panic!("bad fixture line: {line}") };
        let variant: Variant = variant.parse().expect("variant");
        let mut pos = Position::from_fen(variant, fen).expect("fen");
        for m in moves.split_whitespace() {
            pos.play_text(m).expect("move");
        }
        let config = AiConfig::parse(ai, variant).expect("config");
        let result = search(&pos, &config, &mut ()).expect("search");
        let got = (pos.move_name(result.best_move), result.info.nodes.to_string());
        if got != (best.to_string(), nodes.to_string()) {
            differ.push(format!("{ai} on {fen} {moves}: {} {} (pinned {best} {nodes})", got.0, got.1));
        }
        checked += 1;
    }
    assert!(checked > 100, "the fixture has its positions");
    assert!(differ.is_empty(), "{} of {checked} searches differ:\n{}", differ.len(), differ.join("\n"));
}
