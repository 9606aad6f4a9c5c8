//! The lean path (`LeanReads` + `score_lean`) against the general one (`parse_reads_checked` +
//! `score_batch`): same rows in the same order, same errors, same counts, on odd lines and on a
//! seeded corpus, parsed whole or in pieces.

use readcov_core::synth::{gold_and_reads, XorShift, DEFAULT_SEED};
use readcov_core::{
    parse_gold, parse_reads_checked, score_batch_named, score_lean_named, FileLengths, GoldSpan,
    LeanReads, NamedRuns, ScoreOptions, Source, UnknownLengths,
};
use std::collections::BTreeMap;

/// Lines a reads file may hold: odd but valid, and bad (each must give the same error).
const ODD_LINES: &[&str] = &[
    r#"{"task":"a","run":"r1","path":"src/x.py","start":1,"end":10}"#,
    r#"{"task":"a","run":"r1","path":"./src/../src/x.py","start":5,"end":30}"#,
    r#"{"task":"a","run":"r2","path":"src\\x.py","start":40,"end":40}"#,
    r#"{"task":"a\u0031","run":"r1","path":"src/y.py","start":3,"end":4}"#,
    r#"{"task":7,"run":-3,"path":"src/x.py","start":2,"end":9}"#,
    r#"{"task":null,"path":"src/x.py","start":1,"end":2}"#,
    r#"{"path":"src/\u0078.py","start":12,"end":14,"run":"r1","task":"a"}"#,
    r#"  { "task" : "b" , "run" : "r1" , "path" : "/abs/z.py" , "start" : 1 , "end" : 3 }  "#,
    r#"{"task":"b","run":"r1","path":"z.py","start":1,"end":3,"source":"human"}"#,
    r#"{"task":"b","run":"r1","path":"z.py","start":4,"end":6,"source":"manual"}"#,
    r#"{"task":"b","run":"r9","path":"z.py","start":4,"end":6,"source":"manual"}"#,
    r#"{"task":"a","run":"r1","path":"src/x.py","start":50,"end":60,"kind":"edit"}"#,
    r#"{"task":"a","run":"r3","path":"src/x.py","start":1,"end":1,"kind":"edit"}"#,
    r#"{"task":"a","run":"r1","path":"src/x.py","start":1,"end":2,"turn":3,"step":4,"tool":"view","command":"cat x","extra":{"k":[1,2]}}"#,
    r#"{"task":"c","run":"r1","path":"q.py","start":1,"end":5}"#,
    // The same opening bytes as the line before (the lean path scans only what follows them),
    // then a different rest; the ids in either order; a space more.
    r#"{"task":"c","run":"r1","path":"q.py","start":7,"end":9,"source":"human"}"#,
    r#"{"run":"r1","task":"c","path":"q.py","start":2,"end":2}"#,
    r#"{"run":"r1","task":"c","path":"z.py","start":2,"end":3}"#,
    r#"{"task":"c","run":"r1", "path":"q.py","start":3,"end":3}"#,
    // A run whose lines change shape (the bytes between values): the lean path reads a line
    // by the shape of the run's last line first, and learns the shape again when it breaks.
    r#"{"task":"d","run":"r1","step":1,"path":"q.py","start":1,"end":5}"#,
    r#"{"task":"d","run":"r1","step":2,"path":"q.py","start":6,"end":8}"#,
    r#"{"task":"d","run":"r1","step":null,"path":"q.py","start":9,"end":9}"#,
    r#"{"task":"d","run":"r1","step":3,"path":"w.py","start":1,"end":2,"kind":"edit"}"#,
    r#"{"task":"d","run":"r1","step":4,"path":"w.py","start":5,"end":6,"kind":"read"}"#,
    r#"{"task":"d","run":"r1","step":5,"path":"w.py","start":7,"end":7 }"#,
    r#"{"task":"d","run":"r1","step":5,"path":"w.py","start":8,"end":8 }"#,
    r#"{"task":"d","run":"r1","step":6,"path":"w.py","start":4,"end":3 }"#,
    r#"{"task":"d","run":"r1","step":7,"path":"src/secret.py","start":3,"end":4 }"#,
    r#"{"task":"d","run":"r1","step":8,"path":"w.py","start":3,"end":4 ,"step":9}"#,
    r#"{"task":"d","run":"r1","step":9,"path":"w.py","start":01,"end":4 }"#,
    r#"{"task":"d","run":"r1","step":9,"path":"w\u002epy","start":1,"end":4 }"#,
    // Bad: each is an error on the general path.
    r#"{"task":"c","run":"r1","task":"c","path":"q.py","start":1,"end":5}"#,
    r#"{"task":"c","run":"r1","run":"r2","path":"q.py","start":1,"end":5}"#,
    r#"{"task":"c","run":"r1","path":"q.py","start":1,"end":5,}"#,
    r#"{"task":"c","run":"r1","#,
    r#"{"task":"c","run":"r1","path":"q.py","start":1,"end":0}"#,
    r#"{"task":"a","run":"r1","path":"src/x.py","start":0,"end":3}"#,
    r#"{"task":"a","run":"r1","path":"src/x.py","start":9,"end":3}"#,
    r#"{"task":"a","run":"r1","path":"src/x.py","start":1,"end":4294967296}"#,
    r#"{"task":"","run":"r1","path":"src/x.py","start":1,"end":3}"#,
    r#"{"task":"a","run":"r1","path":"","start":1,"end":3}"#,
    r#"{"task":"a","run":"r1","path":"..","start":1,"end":3}"#,
    r#"{"task":"a","run":"r1","path":"src/x.py","start":1,"end":3,"start":2}"#,
    r#"{"task":"a","run":"r1","path":"src/x.py","start":1.5,"end":3}"#,
    r#"{"task":"a","run":"r1","path":"src/x.py","start":1,"end":3,"source":"robot"}"#,
    r#"{"task":"a","run":"r1","path":"src/secret.py","start":1,"end":3}"#,
    r#"[1,2,3]"#,
    r#"{"task":"a""#,
    "",
    "   ",
];

const GOLD: &str = r#"{"task":"a","path":"src/x.py","start":1,"end":20}
{"task":"a","path":"src/y.py","start":1,"end":5}
{"task":"a1","path":"src/y.py","start":1,"end":5}
{"task":"7","path":"src/x.py","start":1,"end":5,"tier":"optional"}
{"task":"b","path":"z.py","start":2,"end":5}
{"task":"gold-only","path":"g.py","start":1,"end":5}
"#;

/// The general path's rows and errors, as JSON (rows carry no `PartialEq`).
fn general(
    gold: &[GoldSpan],
    bytes: &[u8],
    ws: Option<&str>,
    opts: &ScoreOptions,
    lengths: &dyn FileLengths,
    named: &NamedRuns,
) -> (serde_json::Value, Vec<String>, usize, usize) {
    let check = |p: &str| reject_secret(p);
    let reads = parse_reads_checked(bytes, "r.jsonl", ws, &check);
    let rows = score_batch_named(gold, &reads.items, named, lengths, opts);
    let errors = reads.errors.iter().map(|e| e.to_string()).collect();
    (
        serde_json::to_value(rows).unwrap(),
        errors,
        reads.records,
        reads.items.len(),
    )
}

/// The lean path's, with the file cut into pieces after every `cut`-th line.
fn lean(
    gold: &[GoldSpan],
    bytes: &[u8],
    ws: Option<&str>,
    opts: &ScoreOptions,
    lengths: &dyn FileLengths,
    cut: usize,
    named: &NamedRuns,
) -> (serde_json::Value, Vec<String>, usize, usize, bool) {
    let check = |p: &str| reject_secret(p);
    let mut reads = LeanReads::default();
    let mut first = 1;
    let lines: Vec<&[u8]> = bytes.split_inclusive(|&b| b == b'\n').collect();
    for piece in lines.chunks(cut.max(1)) {
        let piece: Vec<u8> = piece.concat();
        reads.parse_piece(&piece, first, "r.jsonl", ws, &check);
        first += piece.iter().filter(|&&b| b == b'\n').count();
    }
    let mut rows = Vec::new();
    score_lean_named(gold, &mut reads, named, lengths, opts, |r| {
        rows.push(r.into_owned())
    });
    let errors = reads.errors.iter().map(|e| e.to_string()).collect();
    let n = reads.rows().len();
    (
        serde_json::to_value(rows).unwrap(),
        errors,
        reads.records,
        n,
        reads.has_edits,
    )
}

/// Runs labels name, some with reads and some without (before, between and after a task's
/// runs; a task with no gold; a task of the seeded corpus): both paths merge them alike.
fn named() -> NamedRuns {
    let pairs = [
        ("a", "r0"),
        ("a", "r1"),
        ("a", "r2x"),
        ("a", "zz"),
        ("b", "r0"),
        ("c", "r1"),
        ("e", "only-named"),
        ("task-0", "labelled"),
        ("task-1", "run-0"),
    ];
    NamedRuns::new(pairs.map(|(t, r)| (t.to_string(), r.to_string())))
}

fn reject_secret(p: &str) -> Result<(), String> {
    if p.contains("secret") {
        Err("resolves outside the workspace".into())
    } else {
        Ok(())
    }
}

fn check_same(gold: &[GoldSpan], text: &str, ws: Option<&str>, opts: &ScoreOptions) {
    check_same_bytes(gold, text.as_bytes(), ws, opts);
}

fn check_same_bytes(gold: &[GoldSpan], text: &[u8], ws: Option<&str>, opts: &ScoreOptions) {
    check_same_with(gold, text, ws, opts, &UnknownLengths);
    // Known lengths clip reads and gold: short files, an empty one, gold and non-gold paths.
    let lengths: BTreeMap<String, u32> = [
        ("src/x.py", 12),
        ("z.py", 0),
        ("q.py", 3),
        ("src/file1.py", 900),
        ("src/file4.py", 40),
    ]
    .into_iter()
    .map(|(p, n)| (p.to_string(), n))
    .collect();
    check_same_with(gold, text, ws, opts, &lengths);
}

fn check_same_with(
    gold: &[GoldSpan],
    text: &[u8],
    ws: Option<&str>,
    opts: &ScoreOptions,
    lengths: &dyn FileLengths,
) {
    // Without named runs, and with runs labels name (read or not): both paths alike.
    for named in [NamedRuns::default(), named()] {
        check_same_named(gold, text, ws, opts, lengths, &named);
    }
}

fn check_same_named(
    gold: &[GoldSpan],
    text: &[u8],
    ws: Option<&str>,
    opts: &ScoreOptions,
    lengths: &dyn FileLengths,
    named: &NamedRuns,
) {
    let want = general(gold, text, ws, opts, lengths, named);
    let has_edits = text.windows(6).any(|w| w == b"\"edit\"");
    for cut in [1, 2, 7, usize::MAX] {
        let got = lean(gold, text, ws, opts, lengths, cut, named);
        assert_eq!(got.0, want.0, "rows differ (pieces of {cut} lines)");
        assert_eq!(got.1, want.1, "errors differ (pieces of {cut} lines)");
        assert_eq!((got.2, got.3), (want.2, want.3), "counts differ");
        assert_eq!(got.4, has_edits, "has_edits");
    }
}

/// Lines that are not UTF-8 somewhere: in a value, a key, the ids, between members, after the
/// object; alone, and repeating the opening (and the shape) of the line before. The lean path
/// scans bytes and checks only the strings it uses: each must still be the general path's
/// located error, and the valid lines around them still count.
#[test]
fn lines_that_are_not_utf8_fail_as_on_the_general_path() {
    let gold = parse_gold(GOLD.as_bytes(), "g.jsonl", None).items;
    let good = |start: u32| {
        format!(
            r#"{{"task":"a","run":"r1","path":"src/x.py","start":{start},"end":{}}}"#,
            start + 1
        )
        .into_bytes()
    };
    let bad: &[&[u8]] = &[
        b"{\"task\":\"a\",\"run\":\"r1\",\"path\":\"src/\xff.py\",\"start\":1,\"end\":2}",
        b"{\"task\":\"a\",\"run\":\"r1\",\"path\":\"src/x\xc3\",\"start\":1,\"end\":2}",
        b"{\"task\":\"a\",\"run\":\"r1\",\"path\":\"src/x.py\",\"start\":1,\"end\":2,\"tool\":\"v\xe9w\"}",
        b"{\"task\":\"\xfe\",\"run\":\"r1\",\"path\":\"src/x.py\",\"start\":1,\"end\":2}",
        b"{\"task\":\"a\",\"run\":\"r1\",\"pa\xffh\":\"src/x.py\",\"start\":1,\"end\":2}",
        b"{\"task\":\"a\",\"run\":\"r1\",\"path\":\"src/x.py\",\"start\":1,\"end\":2}\xff",
        b"{\"task\":\"a\",\xa0\"run\":\"r1\",\"path\":\"src/x.py\",\"start\":1,\"end\":2}",
        b"{\"task\":\"a\",\"run\":\"r1\",\"path\":\"src/x.py\",\"start\":1\xff,\"end\":2}",
    ];
    let mut text = Vec::new();
    for (i, line) in bad.iter().enumerate() {
        let start = 1 + 4 * i as u32;
        for l in [good(start), line.to_vec(), good(start + 2)] {
            text.extend_from_slice(&l);
            text.push(b'\n');
        }
    }
    check_same_bytes(&gold, &text, None, &ScoreOptions::default());
    let (_, errors, ..) = general(
        &gold,
        &text,
        None,
        &ScoreOptions::default(),
        &UnknownLengths,
        &NamedRuns::default(),
    );
    assert_eq!(
        errors.len(),
        bad.len(),
        "one error per bad line: {errors:?}"
    );
}

#[test]
fn odd_lines_score_and_fail_as_on_the_general_path() {
    let gold = parse_gold(GOLD.as_bytes(), "g.jsonl", None).items;
    // In file order, reversed, and interleaved, with a BOM and CRLF line ends.
    let text = ODD_LINES.join("\n");
    let reversed: Vec<&str> = ODD_LINES.iter().rev().copied().collect();
    let crlf = format!("\u{feff}{}\r\n", reversed.join("\r\n"));
    let opts_all = ScoreOptions {
        sources: [Source::Agent, Source::Human, Source::Manual].into(),
        ..ScoreOptions::default()
    };
    // Without the breakdown the lean path counts instead of building sets: same rows.
    let summary = ScoreOptions {
        breakdown: false,
        ..ScoreOptions::default()
    };
    for t in [&text, &crlf] {
        check_same(&gold, t, None, &ScoreOptions::default());
        check_same(&gold, t, None, &opts_all);
        check_same(&gold, t, Some("/abs"), &ScoreOptions::default());
        check_same(&gold, t, None, &summary);
    }
    let (_, errors, ..) = general(
        &gold,
        text.as_bytes(),
        None,
        &ScoreOptions::default(),
        &UnknownLengths,
        &NamedRuns::default(),
    );
    assert!(errors.len() >= 10, "the bad lines are errors: {errors:?}");
}

#[test]
fn a_seeded_corpus_in_shuffled_order_gives_the_same_rows() {
    let (gold, reads) = gold_and_reads(&mut XorShift(DEFAULT_SEED), 60, true);
    let mut rows: Vec<String> = reads
        .iter()
        .enumerate()
        .map(|(i, r)| {
            let mut v = serde_json::to_value(r).unwrap();
            // Some runs split in two, some rows with no run (the default one).
            let run = ["run-1", "run-2", "run-1/t1"][i % 3];
            v["run"] = run.into();
            if i % 17 == 0 {
                v.as_object_mut().unwrap().remove("run");
            }
            v.to_string()
        })
        .collect();
    let mut rng = XorShift(7);
    for i in (1..rows.len()).rev() {
        rows.swap(i, rng.below(i as u32 + 1) as usize);
    }
    let text = rows.join("\n") + "\n";
    check_same(&gold, &text, None, &ScoreOptions::default());
    // Without the breakdown: the same rows, minus `files` and `spans`, on both paths.
    let summary = ScoreOptions {
        breakdown: false,
        ..ScoreOptions::default()
    };
    check_same(&gold, &text, None, &summary);
    let (mut full, ..) = general(
        &gold,
        text.as_bytes(),
        None,
        &ScoreOptions::default(),
        &UnknownLengths,
        &NamedRuns::default(),
    );
    let (short, ..) = general(
        &gold,
        text.as_bytes(),
        None,
        &summary,
        &UnknownLengths,
        &NamedRuns::default(),
    );
    let full_rows = full.as_array_mut().unwrap();
    assert!(full_rows
        .iter()
        .any(|r| r["files"].as_array().is_some_and(|f| f.len() > 1)));
    for r in full_rows.iter_mut() {
        r["files"] = serde_json::json!([]);
        r["spans"] = serde_json::json!([]);
    }
    assert_eq!(short, full);
    let by_task: BTreeMap<&str, usize> = gold.iter().fold(BTreeMap::new(), |mut m, g| {
        *m.entry(g.task.as_str()).or_default() += 1;
        m
    });
    let (rows, ..) = general(
        &gold,
        text.as_bytes(),
        None,
        &ScoreOptions::default(),
        &UnknownLengths,
        &NamedRuns::default(),
    );
    assert!(rows.as_array().unwrap().len() >= 3 * by_task.len());
}

#[test]
fn no_reads_at_all_gives_one_unread_row_per_gold_task() {
    let gold = parse_gold(GOLD.as_bytes(), "g.jsonl", None).items;
    check_same(&gold, "", None, &ScoreOptions::default());
    let (rows, ..) = lean(
        &gold,
        b"",
        None,
        &ScoreOptions::default(),
        &UnknownLengths,
        1,
        &NamedRuns::default(),
    );
    assert_eq!(rows.as_array().unwrap().len(), 5);
    assert!(rows.as_array().unwrap().iter().all(|r| r["run"] == "-"));
}
