//! Fuzz target: every trajectory importer. The first byte picks the importer (0 auto-detect,
//! k: `Format::ALL[k - 1]`, so a new format is fuzzed as soon as it exists); the rest is the log. A small
//! in-memory workspace lets reads be checked and edits replayed. Rows are well-formed.
#![no_main]
use libfuzzer_sys::fuzz_target;
use readcov_import::{import, Format, ImportOptions};
use std::collections::BTreeMap;

fuzz_target!(|data: &[u8]| {
    let Some((&sel, log)) = data.split_first() else {
        return;
    };
    let pick = usize::from(sel) % (Format::ALL.len() + 1);
    let format = pick.checked_sub(1).map(|k| Format::ALL[k]);
    let opts = ImportOptions {
        format,
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
        assert!(!r.path.is_empty(), "empty path");
        assert!(!r.path.split('/').any(|c| c == ".."), "{:?}", r.path);
    }
});
