use crate::partial_file::{merge_partials, PartialFile};
use serde_json::{json, Value};

const ONE: u128 = 1 << 60;

/// A score partial of shard `shard` with these counts (sums as exact fixed-point strings).
fn score(shard: &str, counts: Value) -> Value {
    let mut s = json!({"rows": 4, "scored": 3, "unscored": 1, "passing": 2, "gold_lines": 40,
            "covered_lines": 25, "read_lines": 90, "sum_file_hit": (3 * ONE).to_string(),
            "sum_line_coverage": (2 * ONE).to_string(), "sum_precision": "0", "sum_f1": "0"});
    for (k, v) in counts.as_object().unwrap() {
        s[k] = v.clone();
    }
    json!({"readcov_partial": 1, "shard": shard, "kind": "score", "threshold": 0.5, "score": s})
}

/// `Ok(merged rows)` or the error of parsing then merging `files`.
fn check(files: &[Value]) -> Result<u64, String> {
    let parsed = files
        .iter()
        .map(|f| PartialFile::parse(f.to_string().as_bytes()))
        .collect::<Result<Vec<_>, _>>()?;
    let m = merge_partials(parsed).map_err(|(_, e)| e)?;
    match m.partial {
        crate::Partial::Score { score, .. } => Ok(score.rows),
        other => panic!("{other:?}"),
    }
}

#[test]
fn impossible_partials_are_refused_and_real_ones_merge() {
    let ok = |c: Value| score("0/2", c);
    assert_eq!(check(&[ok(json!({})), score("1/2", json!({}))]), Ok(8));
    // Rows of gold tasks with no run add up with the rest.
    let no_run = json!({"rows": 6, "no_run": 2});
    assert_eq!(check(&[ok(no_run.clone()), score("1/2", no_run)]), Ok(12));
    let cases: [(Value, &str); 8] = [
        // Wrapped: two partials of 2^63 rows each added to 0 (release) or panicked (debug).
        (
            json!({"rows": 1u64 << 63, "scored": 1u64 << 63, "unscored": 0}),
            "9223372036854775808 is larger than any count readcov writes",
        ),
        (json!({"passing": 7}), "7 passing rows of 3 scored"),
        (
            json!({"rows": 9}),
            "3 scored + 1 unscored + 0 no-run rows is not its 9 rows",
        ),
        (json!({"covered_lines": 41}), "41 covered of 40 gold lines"),
        // A mean line coverage of 1.5e19.
        (
            json!({"sum_line_coverage": (u128::MAX / 2).to_string()}),
            "the sum of line_coverage is more than its 3 scored rows",
        ),
        (
            json!({"sum_f1": (3 * ONE + 1).to_string()}),
            "the sum of f1 is more than",
        ),
        (
            json!({"scored": 2, "unscored": 2, "passing": 2, "sum_file_hit": (3 * ONE).to_string()}),
            "the sum of file_hit is more than its 2 scored rows",
        ),
        (json!({"read_lines": -1}), "not a readcov partial"),
    ];
    for (counts, want) in cases {
        let e = check(&[ok(counts.clone()), score("1/2", json!({}))]).unwrap_err();
        assert!(e.contains(want), "{counts}: {e}");
    }
    let e = check(&[
        json!({"readcov_partial": 1, "shard": "all", "kind": "score",
            "threshold": 2.0, "score": score("all", json!({}))["score"]}),
    ])
    .unwrap_err();
    assert!(e.contains("threshold 2 is not in [0, 1]"), "{e}");
}

#[test]
fn sheet_counts_must_add_up() {
    let denominators = json!({"planned": 3, "scorable": 2, "invalid": 1,
            "invalid_by_cause": {"environment": 1}, "unscored": 0, "unreadable": 0,
            "strict_successes": 1, "success_rate_scorable": 0.5, "success_rate_planned": 0.3,
            "scorable_rate": 0.6});
    let sheet = |tasks: Value, d: Value| {
        json!({"readcov_partial": 1, "shard": "all", "kind": "sheet", "sheet": {
                "threshold": 0.5, "ks": [1], "overall": d.clone(), "conditions": [
                    {"condition": "c", "denominators": d, "tasks": tasks}]}})
    };
    let task = json!([{"task": "t", "planned": 3, "scorable": 2, "successes": 1}]);
    let parse = |v: &Value| PartialFile::parse(v.to_string().as_bytes()).map(drop);
    assert_eq!(parse(&sheet(task.clone(), denominators.clone())), Ok(()));
    let mut d = denominators.clone();
    d["strict_successes"] = 5.into();
    let e = parse(&sheet(task.clone(), d)).unwrap_err();
    assert!(e.contains("overall: 5 successes of 2 scorable runs"), "{e}");
    let mut d = denominators.clone();
    d["invalid_by_cause"] = json!({"environment": 7});
    let e = parse(&sheet(task, d)).unwrap_err();
    assert!(e.contains("invalid runs by cause do not add up"), "{e}");
    let e = parse(&sheet(
        json!([{"task": "t", "planned": 1, "scorable": 2, "successes": 1}]),
        denominators.clone(),
    ))
    .unwrap_err();
    assert!(
        e.contains("task `t`: 1 successes of 2 scorable of 1 planned"),
        "{e}"
    );
}
#[test]
fn diagnose_counts_must_add_up() {
    let one = (1u128 << 60).to_string();
    let part = |verdicts: Value, figure: Value| {
        json!({"readcov_partial": 1, "shard": "all", "kind": "diagnose", "diagnose": {
                "threshold": 0.5, "group_by": "run", "groups": {"r": {"runs": 2, "labelled": 2,
                "resolved": 1, "verdicts": verdicts, "figures": {"search_recall": figure}}}}})
    };
    let parse = |v: &Value| PartialFile::parse(v.to_string().as_bytes()).map(drop);
    let ok_verdicts = json!({"edit": [1, 1, 0], "none": [1, 1, 1]});
    let ok_figure = json!({"n": 2, "sum": one});
    assert_eq!(parse(&part(ok_verdicts.clone(), ok_figure.clone())), Ok(()));
    let cases: [(Value, Value, &str); 4] = [
        (
            json!({"edit": [1, 1, 0]}),
            ok_figure.clone(),
            "runs by verdict add up to 1, not its 2 runs",
        ),
        (
            json!({"edit": [1, 0, 1], "none": [1, 1, 1]}),
            ok_figure.clone(),
            "verdict `edit`: 1 resolved of 0 labelled",
        ),
        (
            json!({"bogus": [2, 2, 1]}),
            ok_figure,
            "`bogus` is no verdict",
        ),
        (
            ok_verdicts,
            json!({"n": 1, "sum": (3u128 << 60).to_string()}),
            "figure `search_recall` known for 1 of 2 runs, or its sum is more",
        ),
    ];
    for (verdicts, figure, want) in cases {
        let e = parse(&part(verdicts.clone(), figure)).unwrap_err();
        assert!(e.contains(want), "{verdicts}: {e}");
    }
}

#[test]
fn merged_shards_are_listed_by_index_not_as_text() {
    // Before: a BTreeSet<String> listed `10/12` and `11/12` before `2/12`.
    let files: Vec<Value> = (0..12)
        .rev()
        .map(|i| score(&format!("{i}/12"), json!({})))
        .collect();
    let parsed = files
        .iter()
        .map(|f| PartialFile::parse(f.to_string().as_bytes()).unwrap())
        .collect();
    let m = merge_partials(parsed).map_err(|(_, e)| e).unwrap();
    let want: Vec<String> = (0..12).map(|i| format!("{i}/12")).collect();
    let got: Vec<&str> = m.shards.iter().map(String::as_str).collect();
    assert_eq!(got, want);
}

#[test]
fn an_explore_top_k_mismatch_is_said_as_the_option_says_it() {
    // Before: "top_k None differs from Some(5)" (Rust's Debug of Option<usize>).
    use crate::explore::partial::ExplorePartial;
    let mut five = crate::Partial::Explore {
        explore: ExplorePartial {
            top_k: Some(5),
            ..Default::default()
        },
    };
    let all = crate::Partial::Explore {
        explore: ExplorePartial::default(),
    };
    let err = five.merge(&all).unwrap_err().to_string();
    assert_eq!(err, "top_k all differs from 5 in the other partials");
}
