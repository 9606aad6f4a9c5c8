//! The `import` fuzz target's seeds (`fuzz/corpus/import`, one per format), run as the target runs
//! them (first byte: 0 auto-detect, k: `Format::ALL[k - 1]`), whole and cut at 64 points: no
//! panic, every row a valid span. cargo-fuzz needs nightly; this keeps the seeds honest on stable.

use readcov_import::{import, Format, ImportOptions};
use std::collections::BTreeMap;
use std::path::Path;

fn run(data: &[u8]) {
    let Some((&sel, log)) = data.split_first() else {
        return;
    };
    let pick = usize::from(sel) % (Format::ALL.len() + 1);
    let opts = ImportOptions {
        format: pick.checked_sub(1).map(|k| Format::ALL[k]),
        ..Default::default()
    };
    let mut files = BTreeMap::new();
    files.insert(
        "src/app.py".to_string(),
        "a\nb\nc\nd\ne\nf\ng\nh\ni\nj\n".to_string(),
    );
    let got = import(log, "log.json", &opts, &files);
    for r in &got.rows {
        assert!(r.start >= 1 && r.start <= r.end, "{}..{}", r.start, r.end);
        assert!(
            !r.path.is_empty() && !r.path.split('/').any(|c| c == ".."),
            "{:?}",
            r.path
        );
    }
}

#[test]
fn fuzz_seeds_cover_every_format_and_never_panic() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../fuzz/corpus/import");
    let mut picked = std::collections::BTreeSet::new();
    for e in std::fs::read_dir(&dir)
        .expect("fuzz/corpus/import")
        .flatten()
    {
        let data = std::fs::read(e.path()).unwrap();
        picked.insert(usize::from(data[0]) % (Format::ALL.len() + 1));
        run(&data);
        for k in 1..64 {
            run(&data[..data.len() * k / 64]);
        }
    }
    // Auto-detection and every format have a seed.
    assert_eq!(picked.len(), Format::ALL.len() + 1, "{picked:?}");
}
