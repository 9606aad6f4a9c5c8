use super::*;

#[test]
fn each_file_is_kept_once_however_its_entries_spell_it() {
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path().canonicalize().unwrap();
    std::fs::write(root.join("gold.jsonl"), "").unwrap();
    std::fs::write(root.join("reads.jsonl"), "").unwrap();
    std::fs::create_dir(root.join("sub")).unwrap();
    std::os::unix::fs::symlink("../gold.jsonl", root.join("sub/link.jsonl")).unwrap();
    std::fs::hard_link(root.join("reads.jsonl"), root.join("hard.jsonl")).unwrap();
    let store = Store::default();
    *store.root.write().unwrap() = Some(root.clone());
    let strings = |v: &[&str]| v.iter().map(|s| s.to_string()).collect::<Vec<_>>();
    let mut cfg = Config {
        gold: strings(&[
            "gold.jsonl",
            "./gold.jsonl",
            "sub/link.jsonl",
            "sub/../gold.jsonl",
            "a=gold.jsonl",
            "a=./gold.jsonl",
            "b=gold.jsonl",
            "later.jsonl",
            "./later.jsonl",
            "../out.jsonl",
            "../out.jsonl",
        ]),
        reads: strings(&["reads.jsonl", "hard.jsonl", "reads.jsonl", "other.jsonl"]),
        patches: strings(&["p.jsonl", "p.jsonl"]),
        ..Config::default()
    };
    let said = store.keep_distinct(&mut cfg);
    assert_eq!(
        cfg.gold,
        strings(&[
            "gold.jsonl",
            "a=gold.jsonl",
            "b=gold.jsonl",
            "later.jsonl",
            "../out.jsonl"
        ])
    );
    assert_eq!(cfg.reads, strings(&["reads.jsonl", "other.jsonl"]));
    assert_eq!(cfg.patches, strings(&["p.jsonl"]));
    let said = said.expect("the dropped entries are told");
    assert!(
        said.starts_with("9 gold, reads or patches entr(ies)"),
        "{said}"
    );
    // Nothing to drop, nothing said.
    let mut again = cfg.clone();
    assert_eq!(store.keep_distinct(&mut again), None);
    assert_eq!(again.gold, cfg.gold);
}
