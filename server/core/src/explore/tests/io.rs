//! Parsing (benchmark rows with real-data quirks, predictions in JSON and text form, lengths)
//! and batch scoring (missing, unknown and duplicate predictions; means and the 50% wall).

use crate::explore::*;
use crate::Parsed;
use std::collections::BTreeMap;

const BENCH: &str = r#"{"instance_id":"i1","ground_truth":{"read_core_files":["a.py"],"read_core_regions":[{"path":"a.py","start":1,"end":10}],"read_optional_files_map":{"m1":["c.py"],"m2":[]},"read_optional_regions_map":{"m1":[{"path":"c.py","start":30,"end":20}],"m2":[{"path":"./c.py","start":1,"end":-1}]},"modified_core_files":["a.py"],"main_files":["a.py"],"read_step_info":[{"step":1}]},"meta":{"n_core_regions":7},"patch":"diff"}
not json
{"instance_id":"i2","ground_truth":{"read_core_files":["b.py"],"read_core_regions":[{"path":"b.py","start":"x","end":4},{"path":"b.py","start":1,"end":4}],"main_files":[]}}
{"instance_id":"i3"}
{"instance_id":"i1","ground_truth":{}}
"#;

#[test]
fn bench_rows_with_quirks() {
    let p = parse_bench(BENCH.as_bytes(), "bench.jsonl");
    assert_eq!(p.records, 5);
    assert_eq!(p.items.len(), 2, "{:?}", p.errors);
    let i1 = &p.items[0];
    assert_eq!(i1.instance_id, "i1");
    assert_eq!(i1.core_regions, vec![Region::new("a.py", 1, 10)]);
    // start > end is kept as written; `./c.py` is normalised; the wrong meta count is ignored.
    assert_eq!(i1.optional_regions["m1"], vec![Region::new("c.py", 30, 20)]);
    assert_eq!(i1.optional_regions["m2"], vec![Region::new("c.py", 1, -1)]);
    assert_eq!(i1.optional_files["m1"], vec!["c.py".to_string()]);
    assert_eq!(i1.main_files, vec!["a.py".to_string()]);
    // The bad region of i2 is reported; its good region is kept.
    assert_eq!(p.items[1].core_regions, vec![Region::new("b.py", 1, 4)]);
    let msgs: Vec<String> = p.errors.iter().map(ToString::to_string).collect();
    assert_eq!(msgs.len(), 4, "{msgs:#?}");
    assert!(
        msgs[0].starts_with("bench.jsonl:2: invalid JSON"),
        "{}",
        msgs[0]
    );
    assert_eq!(
        msgs[1],
        "bench.jsonl:3: field `ground_truth.read_core_regions[0].start`: expected an integer, found a string"
    );
    assert_eq!(msgs[2], "bench.jsonl:4: field `ground_truth`: missing");
    assert!(
        msgs[3].contains("duplicate instance `i1` (first on line 1)"),
        "{}",
        msgs[3]
    );
}

#[test]
fn preds_json_string_and_text_forms() {
    let text = r#"{"instance_id":"i1","explorer":"e1","regions":[{"path":"a.py","start":1,"end":5},"b.py:-8--1","c.py",{"path":"d.py"}],"cost":0.1}
{"instance_id":"i1","explorer":"cli","text":"- a.py:3-4\n\n# then\n`b.py`\n:7\n"}
{"instance_id":"i2","regions":[{"start":1,"end":2},{"path":"a.py","start":1.5,"end":2}]}
{"explorer":"e1","regions":[]}
{"instance_id":"i3","explorer":"e1"}
"#;
    let p = parse_preds(text.as_bytes(), "preds.jsonl", "anon", None);
    assert_eq!(p.records, 5);
    let rows: Vec<(&str, &str, &[Region])> = p
        .items
        .iter()
        .map(|r| (r.instance_id.as_str(), r.explorer.as_str(), &r.regions[..]))
        .collect();
    assert_eq!(
        rows,
        vec![
            (
                "i1",
                "e1",
                &[
                    Region::new("a.py", 1, 5),
                    Region::new("b.py", -8, -1),
                    Region::new("c.py", 1, -1),
                    Region::new("d.py", 1, -1)
                ][..]
            ),
            (
                "i1",
                "cli",
                &[Region::new("a.py", 3, 4), Region::new("b.py", 1, -1)][..]
            ),
            ("i2", "anon", &[][..]),
        ]
    );
    let msgs: Vec<String> = p.errors.iter().map(ToString::to_string).collect();
    assert_eq!(
        msgs,
        vec![
            "preds.jsonl:2: field `text line 5`: `:7`: no path before `:`",
            "preds.jsonl:3: field `regions[0].path`: missing",
            "preds.jsonl:3: field `regions[1].start`: expected an integer, got 1.5",
            "preds.jsonl:4: field `instance_id`: missing",
            "preds.jsonl:5: field `regions`: missing (and no `text`): row ignored",
        ]
    );
}

#[test]
fn lengths_json() {
    let (l, errors) = parse_lengths(
        br#"{"i1":{"./a.py":100,"b.py":-3},"i2":{"c.py":0},"i3":7}"#,
        "len.json",
    );
    assert_eq!(
        l["i1"],
        [("a.py".to_string(), 100)]
            .into_iter()
            .collect::<BTreeMap<_, _>>()
    );
    assert_eq!(l["i2"]["c.py"], 0);
    let msgs: Vec<String> = errors.iter().map(ToString::to_string).collect();
    assert_eq!(msgs.len(), 2, "{msgs:?}");
    assert!(
        msgs[0].starts_with("len.json: field `i1.b.py`"),
        "{}",
        msgs[0]
    );
    assert!(msgs[1].starts_with("len.json: field `i3`"), "{}", msgs[1]);
    let (_, errors) = parse_lengths(b"{", "len.json");
    assert!(errors[0].to_string().contains("invalid JSON"));
}

fn bench_row(id: &str, core: (&str, i64, i64)) -> BenchRow {
    BenchRow {
        instance_id: id.into(),
        core_files: vec![core.0.into()],
        core_regions: vec![Region::new(core.0, core.1, core.2)],
        ..BenchRow::default()
    }
}

fn pred(id: &str, explorer: &str, regions: &[(&str, i64, i64)], line: usize) -> PredRow {
    PredRow {
        instance_id: id.into(),
        explorer: explorer.into(),
        regions: regions
            .iter()
            .map(|&(p, s, e)| Region::new(p, s, e))
            .collect(),
        file: "p.jsonl".into(),
        line,
    }
}

#[test]
fn batch_missing_unknown_duplicate_and_means() {
    let bench = [
        bench_row("i1", ("a.py", 1, 10)),
        bench_row("i2", ("b.py", 1, 10)),
        bench_row("i3", ("c.py", -10, -1)),
    ];
    let preds = [
        pred("i1", "e", &[("a.py", 1, 10)], 1), // recall 1
        pred("i2", "e", &[("b.py", 1, 4)], 2),  // recall 0.4
        pred("i1", "e", &[("x.py", 1, 1)], 3),  // duplicate: ignored
        pred("i9", "e", &[("a.py", 1, 1)], 4),  // not in the benchmark
        pred("i3", "f", &[("c.py", 1, -1)], 5), // needs c.py's length
    ];
    let lengths: InstanceLengths = [(
        "i3".to_string(),
        [("c.py".to_string(), 40)].into_iter().collect(),
    )]
    .into();
    let r = score_explore(&bench, &preds, &lengths, &ExploreOptions::default());
    let ids: Vec<(&str, &str, bool)> = r
        .instances
        .iter()
        .map(|s| (s.explorer.as_str(), s.instance_id.as_str(), s.missing))
        .collect();
    assert_eq!(
        ids,
        vec![
            ("e", "i1", false),
            ("e", "i2", false),
            ("e", "i3", true),
            ("f", "i1", true),
            ("f", "i2", true),
            ("f", "i3", false)
        ]
    );
    let unused: Vec<(usize, &str)> = r
        .unused
        .iter()
        .map(|u| (u.line, u.reason.as_str()))
        .collect();
    assert_eq!(
        unused,
        vec![
            (3, "duplicate of p.jsonl:1; the first row is scored"),
            (4, "instance not in the benchmark")
        ]
    );
    let e = &r.summaries[0];
    assert_eq!(
        (e.explorer.as_str(), e.instances, e.with_preds, e.missing),
        ("e", 3, 2, 1)
    );
    assert_eq!(e.missing_ids, vec!["i3".to_string()]);
    assert_eq!(e.wall, 1); // only i1 has recall ≥ 0.5
    assert!((e.mean.recall - 1.4 / 3.0).abs() < 1e-12); // (1 + 0.4 + 0) / 3
                                                        // i3 is missing: precision unscored there, so the clean mean is over 2 instances.
    assert_eq!(e.clean_scored.precision, 2);
    assert_eq!(e.clean_mean.precision, Some(1.0));
    assert!((e.mean.precision - 2.0 / 3.0).abs() < 1e-12);
    let f = &r.summaries[1];
    assert_eq!((f.with_preds, f.missing, f.wall), (1, 2, 1));
    // f on i3: c.py:-10..-1 on 40 lines = 31-40; pred c.py:1-40 → precision 10/40.
    assert_eq!(r.instances[5].compat.precision, 0.25);
    assert_eq!(r.instances[5].core_lines, 10);
}

#[test]
fn jsonl_row_keys_are_the_reference_names() {
    let bench = [bench_row("i1", ("a.py", 1, 10))];
    let r = score_explore(
        &bench,
        &[pred("i1", "e", &[("a.py", 1, 5)], 1)],
        &BTreeMap::new(),
        &ExploreOptions::default(),
    );
    let v = serde_json::to_value(&r.instances[0]).expect("serialisable");
    for name in METRIC_NAMES {
        assert!(v[name].is_f64(), "{name} missing or not a number in {v}");
        assert!(v["clean"].get(name).is_some(), "clean.{name} missing");
    }
    assert_eq!(v["recall"], 0.5);
    assert_eq!(v["clean"]["optional_coverage"], serde_json::Value::Null);
    assert_eq!(v["optional_coverage"], 0.0);
}

#[test]
fn pred_root_relativises_absolute_paths() {
    let text = r#"{"instance_id":"i1","regions":["/testbed/a.py:1-5",{"path":"/etc/passwd"},"b.py"],"explorer":"e"}
{"instance_id":"i2","explorer":"e","text":"/testbed/src/c.py:3\n/tmp/x.py\n"}
"#;
    let p = parse_preds(text.as_bytes(), "p.jsonl", "d", Some("/testbed"));
    assert_eq!(
        p.items[0].regions,
        vec![Region::new("a.py", 1, 5), Region::new("b.py", 1, -1)]
    );
    assert_eq!(p.items[1].regions, vec![Region::new("src/c.py", 3, 3)]);
    let msgs: Vec<String> = p.errors.iter().map(ToString::to_string).collect();
    assert_eq!(msgs.len(), 2, "{msgs:?}");
    assert!(
        msgs[0].starts_with(
            "p.jsonl:1: field `regions[1].path`: absolute path `/etc/passwd` is outside"
        ),
        "{}",
        msgs[0]
    );
    assert!(
        msgs[1].starts_with("p.jsonl:2: field `text line 2`: absolute path `/tmp/x.py`"),
        "{}",
        msgs[1]
    );
    // Without a root, absolute paths stay absolute (and match nothing repo-relative).
    let p = parse_preds(text.as_bytes(), "p.jsonl", "d", None);
    assert_eq!(p.items[0].regions[0], Region::new("/testbed/a.py", 1, 5));
    assert!(p.errors.is_empty());
}

/// The paths a root acted on are counted in the one read that applies it, and are exactly the
/// absolute paths a read without it returns: under the root (made relative) or outside it (an
/// error), in objects, `path:a-b` strings and `text`; not a relative path, not a region whose
/// bounds fail, not `/` (no file). A blank root is none.
#[test]
fn pred_root_counts_the_paths_it_acted_on() {
    let text = r#"{"instance_id":"i1","regions":["/testbed/a.py:1-5",{"path":"/etc/passwd"},"b.py",{"path":"/testbed/c.py","start":"x"},{"path":"/"}]}
{"instance_id":"i2","text":"/testbed/src/c.py:3\n/tmp/x.py\nd.py\n"}
{"instance_id":"i3","regions":[{"path":"C:\\w\\e.py"}]}
"#;
    let (p, rooted) = parse_preds_rooted(text.as_bytes(), "p.jsonl", "d", Some("/testbed"));
    assert_eq!(rooted, 5, "{:?}", p.errors);
    let rootless = parse_preds(text.as_bytes(), "p.jsonl", "d", None);
    let absolute = (rootless.items.iter())
        .flat_map(|r| &r.regions)
        .filter(|g| g.path.starts_with('/'))
        .count();
    assert_eq!(absolute, rooted);
    let same = |a: &Parsed<PredRow>, b: &Parsed<PredRow>| {
        let msgs =
            |p: &Parsed<PredRow>| p.errors.iter().map(ToString::to_string).collect::<Vec<_>>();
        assert_eq!(
            (&a.items, msgs(a), a.records),
            (&b.items, msgs(b), b.records)
        );
    };
    same(
        &p,
        &parse_preds(text.as_bytes(), "p.jsonl", "d", Some("/testbed")),
    );
    for root in [None, Some(" ")] {
        let (q, rooted) = parse_preds_rooted(text.as_bytes(), "p.jsonl", "d", root);
        same(&q, &rootless);
        assert_eq!(rooted, 0, "{root:?}");
    }
    let mut errors = Vec::new();
    let (regions, rooted) = crate::explore::input::text_regions_rooted(
        "/testbed/x.py\ny.py\n/z.py\n",
        "t",
        0,
        Some("/testbed"),
        &mut errors,
    );
    assert_eq!((regions.len(), errors.len(), rooted), (2, 1, 2));
}
