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

#[test]
fn the_shape_of_real_files_is_read_from_footer_and_page_headers() {
    let s = shape::check(&fixture("legacy.parquet"), &ParquetLimits::default()).unwrap();
    // root → add_ctx (list) → list → element → file: four levels under the root.
    assert_eq!(s.depth, 4, "{s:?}");
    assert_eq!(s.rows, 2, "{s:?}");
    assert!(s.columns >= 3 && s.page_bytes > 0 && s.values > 0, "{s:?}");
    let s = shape::check(&fixture("gold.zstd.parquet"), &ParquetLimits::default()).unwrap();
    assert_eq!(s.depth, 1, "flat columns: {s:?}");
}

fn small() -> ParquetLimits {
    ParquetLimits {
        max_rows: 100,
        max_bytes: 64 << 10,
    }
}

/// `(rows read, error)` for a hostile file under `limits`; the rows read are always whole JSON
/// lines, and never more than the limits allow.
fn hostile(bytes: &[u8], limits: &ParquetLimits) -> (usize, Option<ParquetRowsError>) {
    let r = parquet_to_jsonl_with(bytes, limits);
    assert_eq!(lines(&r.jsonl).len(), r.rows);
    assert!(r.rows as u64 <= limits.max_rows && r.jsonl.len() as u64 <= limits.max_bytes);
    (r.rows, r.error)
}

fn limit(row: usize, what: Limit, found: u64, max: u64) -> Option<ParquetRowsError> {
    Some(ParquetRowsError::Limit {
        row,
        what,
        found,
        max,
    })
}

#[test]
fn deep_schemas_are_refused_before_the_decoder_recurses() {
    // 5,000 nested groups overflowed the stack inside the `parquet` crate (an abort: this test
    // process would die). Depth 64 is the deepest read; 65 and 5,000 are refused unread.
    let d = ParquetLimits::default();
    assert_eq!(hostile(&craft::nested(63), &d), (0, None));
    assert_eq!(
        hostile(&craft::nested(64), &d),
        (0, limit(0, Limit::Depth, 65, 64))
    );
    assert_eq!(
        hostile(&craft::nested(5_000), &d),
        (0, limit(0, Limit::Depth, 5_001, 64))
    );
    let e = parquet_to_jsonl(&craft::nested(5_000))
        .error
        .unwrap()
        .to_string();
    assert_eq!(
        e,
        "5001 levels of schema nesting, more than the limit of 64 (a fixed limit); nothing read from it"
    );
}

#[test]
fn other_schema_shapes_are_refused_unread() {
    use craft::Element;
    let d = ParquetLimits::default();
    // A group declaring 2^31 - 1 children (the crate reserved room for all of them first).
    let lying = [
        Element::group("schema", 1),
        Element::group("g", i32::MAX),
        Element::leaf("x"),
    ];
    let (rows, e) = hostile(&craft::file(&lying, 0, &[]), &d);
    assert_eq!(rows, 0);
    assert!(
        matches!(&e, Some(ParquetRowsError::File(m)) if m.contains("more children than elements follow")),
        "{e:?}"
    );
    // 1,001 columns, and 10,001 schema elements (groups of one leaf each).
    let mut wide = vec![Element::group("schema", 1_001)];
    wide.extend((0..1_001).map(|i| Element::leaf(&format!("c{i}"))));
    let (_, e) = hostile(&craft::file(&wide, 0, &[]), &d);
    assert_eq!(e, limit(0, Limit::Columns, 1_001, 1_000));
    let mut many = vec![Element::group("schema", 5_000)];
    for i in 0..5_000 {
        many.push(Element::group(&format!("g{i}"), 1));
        many.push(Element::leaf("x"));
    }
    let (_, e) = hostile(&craft::file(&many, 0, &[]), &d);
    assert_eq!(e, limit(0, Limit::SchemaElements, 10_001, 10_000));
}

#[test]
fn crafted_dictionary_columns_decode_row_by_row() {
    let r = parquet_to_jsonl_with(&craft::repeating("task", b"t1", 3), &small());
    assert_eq!(r.error, None);
    assert_eq!(r.jsonl, b"{\"task\":\"t1\"}\n".repeat(3));
    // Streaming hands over one row at a time, without the line break.
    let mut seen = Vec::new();
    let (n, e) = for_each_row(&craft::repeating("k", b"v", 2), &small(), |row| {
        seen.push(String::from_utf8(row.to_vec()).unwrap())
    });
    assert_eq!((n, e, seen), (2, None, vec![r#"{"k":"v"}"#.to_string(); 2]));
}

#[test]
fn bombs_are_refused_before_decoding_or_stopped_at_the_limit_keeping_the_rows_before() {
    use craft::{Chunk, Element};
    let flat = [Element::group("schema", 1), Element::leaf("task")];
    // 3 million rows from a few hundred bytes (the issue's 1.5 KB file took 5.1 GB and 49 s):
    // the footer declares them, so nothing is decoded.
    let bomb = craft::repeating("task", b"t", 3_000_000);
    assert!(bomb.len() < 1_000, "{} bytes", bomb.len());
    let d = ParquetLimits::default();
    assert_eq!(
        hostile(&bomb, &d),
        (0, limit(0, Limit::Rows, 3_000_000, 1_000_000))
    );
    // Raised, a file past the limit reads (`--max-parquet-rows`): the limit is the only obstacle.
    let thousand = craft::repeating("task", b"t", 1_000);
    assert_eq!(
        hostile(&thousand, &small()),
        (0, limit(0, Limit::Rows, 1_000, 100))
    );
    let raised = ParquetLimits {
        max_rows: 1_000,
        ..small()
    };
    assert_eq!(hostile(&thousand, &raised), (1_000, None));
    // A footer that understates its rows: the decoder reads the rows it declares, no more.
    let lying = craft::file(&flat, 10, &[Chunk::repeating(b"t", 1_000)]);
    assert_eq!(hostile(&lying, &small()), (10, None));
    // Rows of 1 KB each from a one-entry dictionary: stopped at 64 KiB of JSON lines.
    let wide = craft::repeating("task", &[b'x'; 1_000], 100);
    // Each line is 1,012 bytes: 64 fit in 65,536.
    assert_eq!(
        hostile(&wide, &small()),
        (64, limit(65, Limit::Bytes, 0, 64 << 10))
    );
    // A page declaring a gigabyte once decompressed (a zstd bomb): refused from its header.
    let mut zstd = Chunk::repeating(b"t", 10);
    zstd.codec = 6;
    zstd.declared_uncompressed = Some(1 << 30);
    let page = craft::file(&flat, 10, &[zstd]);
    let (rows, e) = hostile(&page, &d);
    assert_eq!(rows, 0);
    assert!(
        matches!(e, Some(ParquetRowsError::Limit { row: 0, what: Limit::Bytes, found, .. }) if found > 1 << 30),
        "{e:?}"
    );
    // 20 million values in a file declaring 10 rows: refused from the page headers.
    let values = craft::file(&flat, 10, &[Chunk::repeating(b"t", 20_000_000)]);
    assert_eq!(
        hostile(&values, &d),
        (0, limit(0, Limit::Values, 20_000_000, (256 << 20) / 16))
    );
}

#[test]
fn limit_messages_say_how_to_raise_them() {
    let at = |row| ParquetRowsError::Limit {
        row,
        what: Limit::Rows,
        found: 3,
        max: 2,
    };
    assert_eq!(
        at(0).to_string(),
        "3 rows, more than the limit of 2 (raise it with --max-parquet-rows N); nothing read from it"
    );
    assert_eq!(
        at(3).to_string(),
        "row 3: more than the limit of 2 rows (raise it with --max-parquet-rows N); this row and \
         the rest of the file skipped"
    );
    assert_eq!((at(0).row(), at(3).row()), (0, 3));
}

/// A PLAIN page announcing 524 values with an empty body makes the decoder assert (a panic, in
/// release builds too) after the first batch of 1,023 rows: those rows are kept, as they are
/// when the decoder returns an error at the same place (bit width 40). Both used to drop them.
#[test]
fn a_decoder_panic_keeps_the_rows_before_it_like_a_decode_error() {
    use craft::{Chunk, Element, Page};
    let flat = [Element::group("schema", 1), Element::leaf("task")];
    let with = |bad: Page| {
        let mut c = Chunk::repeating(b"t", 1_500);
        let rows = 1_500 + i64::from(bad.rows);
        c.pages.push(bad);
        let hook = std::panic::take_hook();
        std::panic::set_hook(Box::new(|_| {}));
        let got = hostile(&craft::file(&flat, rows, &[c]), &ParquetLimits::default());
        std::panic::set_hook(hook);
        got
    };
    let (rows, e) = with(Page::plain_cut_short(524));
    assert_eq!(rows, 1_023);
    assert_eq!(
        e.unwrap().to_string(),
        "row 1024: cannot decode (this row and the rest of the file skipped): the decoder failed \
         on malformed data"
    );
    let (rows, e) = with(Page::bit_packed(40, 2));
    assert_eq!(rows, 1_023);
    assert!(
        matches!(e, Some(ParquetRowsError::Row { row: 1_024, .. })),
        "{e:?}"
    );
}

/// The `parquet` fuzz target's seeds (`fuzz/corpus/parquet/`), and pseudo-random inputs in both
/// of its forms, through the target's own mapping and invariants, on stable: half random bytes,
/// half a seed with a few bytes changed, cut or extended (so crafted schemas, children counts,
/// page headers and codecs near the seeds' shapes are varied, not only noise). 3,000 inputs by
/// default; `READCOV_PARQUET_FUZZ_CASES=N` and `READCOV_PARQUET_FUZZ_SEED=S` run a longer bounded
/// campaign where libFuzzer is not built (docs/reliability.md, fuzzing).
#[test]
fn fuzz_seeds_and_random_inputs_hold_the_targets_invariants() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../fuzz/corpus/parquet");
    let seeds: Vec<Vec<u8>> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|f| std::fs::read(f.unwrap().path()).unwrap())
        .collect();
    assert!(seeds.len() >= 5, "seeds missing in {}", dir.display());
    let env = |k: &str, d: u64| {
        std::env::var(k)
            .ok()
            .and_then(|v| v.parse().ok())
            .unwrap_or(d)
    };
    let cases = env("READCOV_PARQUET_FUZZ_CASES", 3_000);
    let mut seed = env("READCOV_PARQUET_FUZZ_SEED", 0x9e37_79b9_7f4a_7c15).max(1);
    let mut next = move || {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed
    };
    let run = |data: &[u8]| {
        let Some((&mode, rest)) = data.split_first() else {
            return;
        };
        let file = if mode % 2 == 0 {
            rest.to_vec()
        } else {
            craft::from_bytes(rest)
        };
        let r = parquet_to_jsonl_with(&file, &craft::FUZZ_LIMITS);
        craft::check_rows(&r, &craft::FUZZ_LIMITS);
    };
    let hook = std::panic::take_hook();
    std::panic::set_hook(Box::new(|_| {}));
    seeds.iter().for_each(|s| run(s));
    // Each input made and run in turn: a long campaign holds one at a time.
    for _ in 0..cases {
        if next() % 2 == 0 {
            let n = (next() % 300) as usize;
            run(&(0..n).map(|_| next() as u8).collect::<Vec<u8>>());
            continue;
        }
        let mut m = seeds[(next() % seeds.len() as u64) as usize].clone();
        for _ in 0..1 + next() % 8 {
            match next() % 4 {
                0 if !m.is_empty() => m.truncate((next() % m.len() as u64) as usize),
                1 => m.push(next() as u8),
                _ if !m.is_empty() => {
                    let i = (next() % m.len() as u64) as usize;
                    m[i] = next() as u8;
                }
                _ => {}
            }
        }
        run(&m);
    }
    std::panic::set_hook(hook);
}

/// `RowStream` (a dataset read a row at a time, from a file) is checked like a whole file, with
/// the byte limits per page and per row instead of per file (nothing is held).
#[test]
fn streams_are_checked_per_page_and_row() {
    use craft::{Chunk, Element};
    let open = |bytes: Vec<u8>, limits: &ParquetLimits| {
        let dir = tempfile::tempdir().unwrap();
        let p = dir.path().join("f.parquet");
        std::fs::write(&p, bytes).unwrap();
        RowStream::open_with(std::fs::File::open(&p).unwrap(), limits, Scope::Row)
    };
    let d = ParquetLimits::default();
    let e = open(craft::nested(5_000), &d).err();
    assert_eq!(e, limit(0, Limit::Depth, 5_001, 64));
    let e = open(craft::repeating("task", b"t", 3_000_000), &d).err();
    assert_eq!(e, limit(0, Limit::Rows, 3_000_000, 1_000_000));
    let flat = [Element::group("schema", 1), Element::leaf("task")];
    let mut page = Chunk::repeating(b"t", 10);
    (page.codec, page.declared_uncompressed) = (6, Some(1 << 30));
    let e = open(craft::file(&flat, 10, &[page]), &d).err();
    assert!(
        matches!(e, Some(ParquetRowsError::Limit { row: 0, what: Limit::Bytes, found, .. }) if found == 1 << 30),
        "{e:?}"
    );
    // 100 rows of 1 KB: 64 KiB stops a whole file at row 65, never a stream (a row at a time).
    let wide = craft::repeating("task", &[b'x'; 1_000], 100);
    let rows: Vec<_> = open(wide.clone(), &small()).unwrap().collect();
    assert_eq!(rows.len(), 100);
    assert!(rows.iter().all(Result::is_ok));
    // One row over the per-row limit ends the stream there: three columns of 300 bytes (each
    // page within 500 bytes), rows of over 900.
    let tiny = ParquetLimits {
        max_bytes: 500,
        ..small()
    };
    let v = [b'x'; 300];
    let wide = craft::columns(&[("a", &v), ("b", &v), ("c", &v)], 3, None);
    let rows: Vec<_> = open(wide, &tiny).unwrap().collect();
    assert_eq!(rows, vec![Err(limit(1, Limit::Bytes, 0, 500).unwrap())]);
}

/// `import --shard`: the byte parts of N shards tile the file, each row group is decoded by the
/// one shard its middle byte falls in, and the shards' rows in shard order are the file's rows.
#[test]
fn row_groups_split_between_byte_parts() {
    // Equal row groups, big enough that the footer is a small share of the file.
    let pad = "x".repeat(4000);
    let groups: Vec<Vec<String>> = (0..5)
        .map(|g| (0..3).map(|r| format!("g{g}-r{r}-{pad}")).collect())
        .collect();
    let bytes = crate::craft::row_groups("id", &groups);
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("groups.parquet");
    std::fs::write(&path, &bytes).unwrap();
    let rows_of = |part: Option<std::ops::Range<u64>>| -> Vec<String> {
        let file = std::fs::File::open(&path).unwrap();
        let limits = ParquetLimits::default();
        let stream = RowStream::open_part(file, &limits, Scope::Row, part).unwrap();
        stream
            .map(|r| String::from_utf8(r.unwrap()).unwrap())
            .collect()
    };
    let all = rows_of(None);
    assert_eq!(all.len(), 15);
    assert_eq!(all[0], format!(r#"{{"id":"g0-r0-{pad}"}}"#));
    let len = bytes.len() as u64;
    for n in [1u32, 2, 3, 5, 8] {
        let mut joined = Vec::new();
        let mut busy = 0;
        for index in 0..n {
            let part = readcov_core::Shard { index, count: n }.byte_range(len);
            let got = rows_of(Some(part));
            busy += usize::from(!got.is_empty());
            joined.extend(got);
        }
        assert_eq!(joined, all, "{n} shards");
        // With as many shards as row groups or more, no shard reads all of them.
        assert_eq!(
            busy,
            (n as usize).min(5),
            "{n} shards: every row group in its own shard"
        );
    }
}
