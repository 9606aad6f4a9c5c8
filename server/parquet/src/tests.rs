//! Parquet fixtures written by pyarrow (`scripts/contextbench_parquet_fixtures.py`) read back as
//! the JSONL they were made from: flat string columns with snappy and zstd pages, nested lists of
//! structs, null lists and strings; and bad files that give errors, not panics.

use super::*;
use readcov_core::contextbench::parse_gold_rows;
use serde_json::Value;

fn fixture(name: &str) -> Vec<u8> {
    let p = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../tests/fixtures/contextbench")
        .join(name);
    std::fs::read(&p).unwrap_or_else(|e| panic!("{}: {e}", p.display()))
}

fn lines(bytes: &[u8]) -> Vec<Value> {
    String::from_utf8(bytes.to_vec())
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect()
}

/// Each Parquet row is its JSONL row, a key the JSONL row lacks being a null column.
fn check(parquet: &str, jsonl: &str) {
    let rows = parquet_to_jsonl(&fixture(parquet));
    assert_eq!(rows.error, None, "{parquet}");
    let want = lines(&fixture(jsonl));
    let got = lines(&rows.jsonl);
    assert_eq!(rows.rows, want.len(), "{parquet}");
    assert_eq!(got.len(), want.len(), "{parquet}");
    for (g, w) in got.iter().zip(&want) {
        let g = g.as_object().expect("a row is an object");
        for (k, v) in g {
            assert_eq!(v, w.get(k).unwrap_or(&Value::Null), "{parquet}: `{k}`");
        }
        for k in w.as_object().unwrap().keys() {
            assert!(g.contains_key(k), "{parquet}: column `{k}` missing");
        }
    }
    // The same gold rows as the JSONL file, field for field.
    let a = parse_gold_rows(&rows.jsonl, "gold");
    let b = parse_gold_rows(&fixture(jsonl), "gold");
    assert!(a.errors.is_empty() && b.errors.is_empty(), "{:?}", a.errors);
    assert_eq!(a.items, b.items, "{parquet}");
    assert!(!a.items.is_empty());
}

#[test]
fn snappy_and_zstd_rows_equal_the_jsonl_rows() {
    check("gold.snappy.parquet", "gold.jsonl");
    check("gold.zstd.parquet", "gold.jsonl");
}

#[test]
fn nested_lists_of_structs_and_null_lists_stay_nested() {
    check("legacy.parquet", "legacy.jsonl");
    let rows = lines(&parquet_to_jsonl(&fixture("legacy.parquet")).jsonl);
    assert_eq!(
        rows[0]["add_ctx"][0],
        serde_json::json!({"file": "/testbed/pkg/a.py", "start_line": 8, "end_line": 10})
    );
    assert_eq!(rows[1]["add_ctx"], Value::Null);
    assert_eq!(rows[1]["gold_ctx"].as_array().map(Vec::len), Some(2));
}

#[test]
fn magic_is_checked_at_both_ends() {
    assert!(is_parquet(&fixture("gold.snappy.parquet")));
    assert!(!is_parquet(&fixture("gold.jsonl")));
    assert!(!is_parquet(b"PAR1"));
    assert!(!is_parquet(b"PAR1 and then no footer"));
}

#[test]
fn bad_files_are_errors_not_panics() {
    let r = parquet_to_jsonl(b"PAR1\0\0\0\0PAR1");
    assert!(matches!(r.error, Some(ParquetRowsError::File(_))), "{r:?}");
    assert_eq!((r.rows, r.jsonl.len()), (0, 0));
    let good = fixture("legacy.parquet");
    // Truncated: the footer is gone.
    let mut cut = good[..good.len() / 2].to_vec();
    cut.extend_from_slice(MAGIC);
    assert!(parquet_to_jsonl(&cut).error.is_some());
    // Every single-byte corruption either reads or says why; none escapes as a panic, and
    // what is read is still one JSON object per line.
    let hook = std::panic::take_hook();
    std::panic::set_hook(Box::new(|_| {}));
    let mut errors = 0;
    for i in (0..good.len()).step_by(7) {
        let mut bad = good.clone();
        bad[i] ^= 0x5a;
        let r = parquet_to_jsonl(&bad);
        errors += usize::from(r.error.is_some());
        assert_eq!(lines(&r.jsonl).len(), r.rows);
    }
    std::panic::set_hook(hook);
    assert!(errors > 0, "some corruption is detected");
}

#[test]
fn a_codec_left_out_of_the_build_is_an_error_naming_it() {
    let r = parquet_to_jsonl(&fixture("gold.gzip.parquet"));
    assert_eq!(r.rows, 0);
    let e = r.error.expect("gzip is not built in").to_string();
    assert!(e.contains("compressed with GZIP"), "{e}");
    assert!(e.contains("snappy and zstd pages only"), "{e}");
}
