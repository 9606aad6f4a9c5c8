use super::*;
use crate::cmd::score_units::row_value;
use readcov_core::{parse_gold, parse_reads, score_batch, ScoreOptions, UnknownLengths};

#[test]
fn same_bytes_as_through_value() {
    let mut gold = String::new();
    let mut reads = String::new();
    for t in 0..12u32 {
        for f in 0..(1 + t % 3) {
            gold += &format!(
                "{{\"task\":\"t{t}\",\"path\":\"d/f{f}.py\",\"start\":{},\"end\":{}}}\n",
                3 + t,
                20 + 7 * f + t
            );
        }
        for run in 0..(t % 4) {
            let kind = if run == 1 { ",\"kind\":\"edit\"" } else { "" };
            reads += &format!(
                    "{{\"task\":\"t{t}\",\"run\":\"r\\\"{run}\",\"path\":\"d/f0.py\",\"start\":{},\"end\":{}}}\n{{\"task\":\"t{t}\",\"run\":\"r\\\"{run}\",\"path\":\"d/f0.py\",\"start\":{},\"end\":{}{kind}}}\n",
                    1 + run * 5,
                    9 + run * 3 + t,
                    14,
                    15 + run
                );
        }
    }
    reads += "{\"task\":\"no-gold\",\"run\":\"x\",\"path\":\"a.py\",\"start\":1,\"end\":2}\n";
    let gold = parse_gold(gold.as_bytes(), "g", None).items;
    let reads = parse_reads(reads.as_bytes(), "r", None).items;
    let opts = ScoreOptions::default();
    let rows = score_batch(&gold, &reads, &UnknownLengths, &opts);
    let rbe = readcov_core::sheet::read_before_edit_by_run(
        &reads,
        &opts.sources,
        &readcov_core::sheet::NoUnits,
        &UnknownLengths,
    );
    assert!(rbe.values().any(|r| r.edits > 0), "some row has edits");
    assert!(rows.iter().any(|r| r.score.status == Status::Unscored));
    assert!(rows
        .iter()
        .any(|r| !r.score.spans.iter().all(|s| s.unread.is_empty())));
    for r in &rows {
        let mut slow = before_edit::with_key(row_value(r, None), &rbe, r);
        let fast = serde_json::to_string(&Row::new(r, &rbe, true)).unwrap();
        assert_eq!(fast, slow.to_string());
        // `--summary`: the same row without the two breakdown keys.
        let map = slow.as_object_mut().unwrap();
        assert!(map.remove("files").is_some() && map.remove("spans").is_some());
        let fast = serde_json::to_string(&Row::new(r, &rbe, false)).unwrap();
        assert_eq!(fast, slow.to_string());
    }
    // By hand, for runs without edits (odd strings, non-finite ratios, empty lists too).
    let no_edits = before_edit::ByRun::new();
    let mut odd = rows[0].clone();
    odd.task = "t\u{1F600}\"\\\n\u{1},x".into();
    odd.score.f1 = Some(f64::NAN);
    odd.score.precision = Some(f64::INFINITY);
    odd.score.files.clear();
    odd.score.passes_threshold = Some(false);
    for r in rows.iter().chain([&odd]) {
        for breakdown in [true, false] {
            let want = serde_json::to_string(&Row::new(r, &no_edits, breakdown)).unwrap() + "\n";
            let mut got = Vec::new();
            write_row_without_edits(&mut got, r, breakdown).unwrap();
            assert_eq!(String::from_utf8(got).unwrap(), want);
        }
        // The csv cells, as they were taken from the row's Value.
        let v = row_value(r, None);
        let want: Vec<String> = super::super::render::KEYS
            .iter()
            .map(|k| match &v[*k] {
                Value::Null => String::new(),
                Value::String(s) => crate::render::csv_field(s),
                other => other.to_string(),
            })
            .collect();
        let mut got = Vec::new();
        write_csv_summary(&mut got, r).unwrap();
        assert_eq!(String::from_utf8(got).unwrap(), want.join(","));
    }
}
