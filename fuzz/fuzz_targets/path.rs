//! Fuzz target: path normalisation. A normalised path is idempotent, has no `.`/`..`/empty
//! components, and under a workspace is relative.
#![no_main]
use libfuzzer_sys::fuzz_target;
use readcov_core::path::normalize_path;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let (raw, ws) = match text.split_once('\0') {
        Some((r, w)) => (r, Some(w).filter(|w| !w.trim().is_empty())),
        None => (text, None),
    };
    let Ok(p) = normalize_path(raw, ws) else {
        return;
    };
    let body = p.strip_prefix('/').unwrap_or(&p);
    assert!(!body.is_empty());
    assert!(
        body.split('/')
            .all(|c| !c.is_empty() && c != "." && c != ".."),
        "{raw:?} -> {p:?}"
    );
    if ws.is_some() {
        assert!(!p.starts_with('/'), "{raw:?} under {ws:?} -> {p:?}");
    }
    // Idempotent: normalising again changes nothing (relative results only: an absolute one
    // would be re-checked against the workspace).
    // A relative result whose first component looks like a drive (`C:`, a legal Unix directory
    // name) would re-read as a drive path, so it is left out of this check.
    let drive_like = p.as_bytes().get(1) == Some(&b':');
    if !p.starts_with('/') && !drive_like && !p.contains('\\') && p.trim() == p {
        assert_eq!(normalize_path(&p, None).as_deref(), Ok(p.as_str()));
    }
});
