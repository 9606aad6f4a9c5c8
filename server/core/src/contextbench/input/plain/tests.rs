//! The plain rows' reader gives exactly the checked path's row, or declines: on the pinned real
//! predictions (30 rows: every one plain) and on rows made to miss the plain shape one way each,
//! in either map order; and a whole file gives the same rows and errors both ways, as do the
//! `contextbench_plain` fuzz target's seeds and mutations of them.

use super::super::{parse_preds, parse_preds_checked, PredRow};
use super::*;
use crate::formats::Parsed;

/// The pinned real predictions (`tests/fixtures/pinned/contextbench-real`, made from
/// tests/data/real by the ContextBench fixtures' script).
const REAL: &str =
    include_str!("../../../../../../tests/fixtures/pinned/contextbench-real/preds.jsonl");

fn checked(bytes: &[u8]) -> Parsed<PredRow> {
    parse_preds_checked(bytes, "p.jsonl")
}

/// The checked path's row of one line, when it has no error.
fn checked_row(line: &str) -> Option<PredRow> {
    let p = checked(line.as_bytes());
    (p.errors.is_empty() && p.items.len() == 1).then(|| p.items[0].clone())
}

#[test]
fn every_real_row_is_plain_and_read_as_the_checked_path_reads_it() {
    let sorted = map_sorts();
    let mut n = 0;
    for line in REAL.lines().filter(|l| !l.trim().is_empty()) {
        let fast = plain_pred(line, "p.jsonl", 1, sorted);
        assert!(fast.is_some(), "not plain: {}", &line[..80.min(line.len())]);
        assert_eq!(fast, checked_row(line));
        n += 1;
    }
    assert_eq!(n, 30);
}

#[test]
fn a_row_off_the_plain_shape_is_declined_and_a_plain_one_matches() {
    let sorted = map_sorts();
    let plain = [
        r#"{"instance_id":"i","traj_data":{"pred_spans":{"b.py":[{"start":1,"end":2}],"a.py":[{"start":3,"end":3,"x":[1]}]}}}"#,
        r#"{"instance_id":"i","model_patch":null,"traj_data":null}"#,
        r#"{"instance_id":"i","extra":{"deep":[1,2,{"a":"\u00e9"}]},"traj_data":{"pred_files":["a.py","a.py"],"other":1}}"#,
        r#"{"instance_id":"i","traj_data":{"pred_steps":[{"files":["b.py"],"spans":{"b.py":[{"end":9,"start":-2}]},"symbols":{"z.py":["f"],"b.py":null,"a.py":[]}}],"pred_symbols":{"c.py":["C.m"]}}}"#,
        r#"{"instance_id":"i","traj_data":{"pred_spans":{"a.py":[{"start":1,"end":2}]},"pred_spans":{"b.py":[]}}}"#,
        r#"{"instance_id":"i","traj_data":{"pred_steps":null,"pred_files":null,"pred_spans":null,"pred_symbols":null}}"#,
        r#"{"instance_id":"i","traj_data":{"pred_spans":{"a.py":[{"start":1,"end":2,"start":3,"end":3}]}}}"#,
        r#"{"traj_data":{},"instance_id":"i","model_patch":"diff"}"#,
    ];
    for line in plain {
        let fast = plain_pred(line, "p.jsonl", 1, sorted);
        assert!(fast.is_some(), "declined: {line}");
        assert_eq!(fast, checked_row(line), "{line}");
    }
    let declined = [
        r#"{"instance_id":"i","instance_id":"j"}"#,
        r#"{"instance_id":"  "}"#,
        r#"{"instance_id":7}"#,
        r#"{"original_inst_id":"i"}"#,
        r#"{"instance_id":"i","model_patch":3}"#,
        r#"{"instance_id":"i","traj_data":[]}"#,
        r#"{"instance_id":"i","traj_data":{"pred_steps":[7]}}"#,
        r#"{"instance_id":"i","traj_data":{"pred_files":["a.py",3]}}"#,
        r#"{"instance_id":"i","traj_data":{"pred_spans":{"a.py":[{"start":5,"end":4}]}}}"#,
        r#"{"instance_id":"i","traj_data":{"pred_spans":{"a.py":[{"start":1.0,"end":4}]}}}"#,
        r#"{"instance_id":"i","traj_data":{"pred_spans":{"a.py":[{"start":1,"end":18446744073709551615}]}}}"#,
        r#"{"instance_id":"i","traj_data":{"pred_spans":{"a.py":[{"start":1}]}}}"#,
        r#"{"instance_id":"i","traj_data":{"pred_spans":{"a.py":[{"start":null,"end":1}]}}}"#,
        r#"{"instance_id":"i","traj_data":{"pred_spans":{"a.py":7}}}"#,
        r#"{"instance_id":"i","traj_data":{"pred_spans":{"a.py":[],"a.py":[]}}}"#,
        r#"{"instance_id":"i","traj_data":{"pred_symbols":{"a.py":"f"}}}"#,
        r#"{"instance_id":"i","traj_data":{"pred_symbols":{"a.py":[1]}}}"#,
        r#"{"instance_id":"i","x":"\ud800"}"#,
        r#"[1]"#,
        r#"{"instance_id":"i"} x"#,
    ];
    for line in declined {
        assert_eq!(
            plain_pred(line, "p.jsonl", 1, sorted),
            None,
            "taken: {line}"
        );
    }
}

#[test]
fn either_map_order_is_followed() {
    let line = r#"{"instance_id":"i","traj_data":{"pred_spans":{"b.py":[{"start":1,"end":1}],"a.py":[{"start":2,"end":2}]},"pred_symbols":{"d.py":["x"],"c.py":["y"]}}}"#;
    let paths = |sorted: bool| {
        let r = plain_pred(line, "p.jsonl", 1, sorted).unwrap();
        let spans: Vec<String> = r.final_step.spans.iter().map(|s| s.0.clone()).collect();
        let syms: Vec<String> = r.final_step.symbols.iter().map(|s| s.0.clone()).collect();
        (spans, syms)
    };
    assert_eq!(
        paths(true),
        (
            vec!["a.py".into(), "b.py".into()],
            vec!["c.py".into(), "d.py".into()]
        )
    );
    assert_eq!(
        paths(false),
        (
            vec!["b.py".into(), "a.py".into()],
            vec!["d.py".into(), "c.py".into()]
        )
    );
    // And this build's map is followed, whichever it is.
    assert_eq!(
        plain_pred(line, "p.jsonl", 1, map_sorts()),
        checked_row(line)
    );
}

#[test]
fn a_file_gives_the_same_rows_and_errors_both_ways() {
    let text = format!(
        "{REAL}\n{}\n\n{}\nnot json\n{}\n",
        r#"{"instance_id":"i","traj_data":{"pred_spans":{"a.py":[{"start":5,"end":4},{"start":1,"end":1}]}}}"#,
        r#"{"instance_id":"j","traj_data":{"pred_steps":[{"files":["a.py"]},3]}}"#,
        r#"{"instance_id":"k","traj_data":{"pred_files":["a.py"]}}"#,
    );
    let both = parse_preds(text.as_bytes(), "p.jsonl");
    let slow = checked(text.as_bytes());
    assert_eq!(both.items, slow.items);
    assert_eq!(both.records, slow.records);
    let words = |p: &Parsed<PredRow>| p.errors.iter().map(|e| e.to_string()).collect::<Vec<_>>();
    assert_eq!(words(&both), words(&slow));
    assert_eq!(both.items.len(), 33);
    assert_eq!(both.errors.len(), 3);
}

/// What the `contextbench_plain` fuzz target asserts: both ways give the same rows, count and
/// located errors.
fn same_both_ways(data: &[u8]) {
    let both = parse_preds(data, "p.jsonl");
    let slow = checked(data);
    let shown = || String::from_utf8_lossy(data).into_owned();
    assert_eq!(both.records, slow.records, "records of {}", shown());
    assert_eq!(both.errors, slow.errors, "errors of {}", shown());
    assert_eq!(both.items, slow.items, "rows of {}", shown());
}

/// The fuzz target's committed seeds (`fuzz/corpus/contextbench_plain`: the fixtures, real rows,
/// the rows above) and mutations of them that keep to JSON's tokens (a value, a key, a bracket
/// swapped in, a cut), on stable: cargo-fuzz needs nightly, this keeps the seeds honest in every
/// test run. `READCOV_CB_PLAIN_CASES=N READCOV_CB_PLAIN_SEED=S` runs a longer campaign.
#[test]
fn the_fuzz_seeds_and_their_mutations_read_the_same_both_ways() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../fuzz/corpus/contextbench_plain");
    let seeds: Vec<Vec<u8>> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|f| std::fs::read(f.unwrap().path()).unwrap())
        .collect();
    assert!(seeds.len() >= 10, "seeds missing in {}", dir.display());
    let env = |k: &str, d: u64| {
        std::env::var(k)
            .ok()
            .and_then(|v| v.parse().ok())
            .unwrap_or(d)
    };
    let cases = env("READCOV_CB_PLAIN_CASES", 1_500);
    let mut seed = env("READCOV_CB_PLAIN_SEED", 0x2545_f491_4f6c_dd1d).max(1);
    let mut next = move || {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed
    };
    const TOKENS: [&str; 24] = [
        "null",
        "0",
        "-1",
        "1.5",
        "-0",
        "1e2",
        "9223372036854775807",
        "18446744073709551615",
        "\"\"",
        "\" \"",
        "\"\\ud800\"",
        "[]",
        "{}",
        "[",
        "]",
        "{",
        "}",
        ",",
        ":",
        "\"start\"",
        "\"end\"",
        "\"instance_id\"",
        "\"pred_spans\"",
        "\n",
    ];
    seeds.iter().for_each(|s| same_both_ways(s));
    for _ in 0..cases {
        let mut m = seeds[(next() % seeds.len() as u64) as usize].clone();
        for _ in 0..1 + next() % 4 {
            let at = (next() % (m.len() as u64 + 1)) as usize;
            let token = TOKENS[(next() % TOKENS.len() as u64) as usize].as_bytes();
            match next() % 4 {
                0 => m.truncate(at),
                1 => {
                    m.splice(at..at, token.iter().copied());
                }
                _ => {
                    // A value or token replaced: up to the next `,` `}` `]` or line break.
                    let end = m[at..]
                        .iter()
                        .position(|b| b",}]\n".contains(b))
                        .map_or(m.len(), |k| at + k);
                    m.splice(at..end, token.iter().copied());
                }
            }
        }
        same_both_ways(&m);
    }
}
