//! The real data's `gold.jsonl` is a valid outcomes file as it stands: 15 labelled instances.

use readcov_report::{parse_outcomes, Outcomes};
use std::path::Path;

fn real() -> std::path::PathBuf {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/data/real");
    assert!(
        dir.join("gold.jsonl").is_file(),
        "real data missing at {}: it ships in the repository: tests/data/real",
        dir.display()
    );
    dir
}

#[test]
fn real_gold_jsonl_labels_every_instance() {
    let path = real().join("gold.jsonl");
    let bytes = std::fs::read(&path).expect("readable");
    let parsed = parse_outcomes(&bytes, "gold.jsonl");
    assert_eq!(parsed.errors, vec![]);
    assert_eq!(parsed.items.len(), 15);
    let resolved = parsed.items.iter().filter(|l| l.resolved).count();
    assert_eq!(resolved, 9, "MANIFEST.md lists 9 resolved, 6 unresolved");
    let o: Outcomes = parsed.items.into_iter().collect();
    assert_eq!(o.get("psf__requests-1724", "any run"), Some(false));
    assert_eq!(o.get("pallets__flask-5014", "any run"), Some(true));
}
