//! Fuzz target: Parquet files (`readcov-parquet`) under small limits. The first byte picks the
//! input's form: raw bytes as a file (footer, page headers, pages, anything), or a file made by
//! `readcov_parquet::craft` from the rest — a schema (depth, widths and children counts from the
//! bytes, including lies), declared rows, and per leaf a dictionary column whose pages have
//! fuzzed value counts, bodies and encodings. Whatever the file, nothing panics out of the
//! reader, nothing aborts (5,000 nested groups used to overflow the stack), and what is read is
//! whole JSON objects, one per row, within the limits (`craft::check_rows`). The seeds in
//! `corpus/parquet/` are replayed on stable by `readcov-parquet`'s tests.
#![no_main]
use libfuzzer_sys::fuzz_target;
use readcov_parquet::{craft, parquet_to_jsonl_with};

fuzz_target!(|data: &[u8]| {
    let Some((&mode, rest)) = data.split_first() else {
        return;
    };
    let file = if mode % 2 == 0 {
        rest.to_vec()
    } else {
        craft::from_bytes(rest)
    };
    craft::check_rows(&parquet_to_jsonl_with(&file, &craft::FUZZ_LIMITS), &craft::FUZZ_LIMITS);
});
