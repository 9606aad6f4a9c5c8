//! The spans taken without formatting their field names (`plain_span`) are exactly those the
//! checked path accepts: every other span still goes through it, with its located error.

use super::*;

#[test]
fn a_plain_span_is_what_the_checked_path_accepts() {
    let span = |j: &str| plain_span(&serde_json::from_str(j).unwrap());
    assert_eq!(span(r#"{"start":3,"end":7}"#), Some((3, 7)));
    assert_eq!(span(r#"{"end":7,"start":7,"x":1}"#), Some((7, 7)));
    assert_eq!(span(r#"{"start":-2,"end":0}"#), Some((-2, 0)));
    for bad in [
        r#"{"start":7,"end":3}"#,
        r#"{"start":1.5,"end":3}"#,
        r#"{"start":"1","end":3}"#,
        r#"{"start":null,"end":3}"#,
        r#"{"start":1}"#,
        r#"{"start":1,"end":18446744073709551615}"#,
        r#"[1,2]"#,
        r#"null"#,
    ] {
        assert_eq!(span(bad), None, "{bad}");
    }
}

#[test]
fn bad_spans_beside_plain_ones_keep_their_located_errors() {
    let p = parse_preds(
        br#"{"instance_id":"i","traj_data":{"pred_spans":{"a.py":[{"start":1,"end":2},{"start":5,"end":4},{"start":2.5,"end":3},"x",{"start":6,"end":6}],"b.py":7}}}"#,
        "p.jsonl",
    );
    let spans = &p.items[0].final_step.spans;
    assert_eq!(
        spans,
        &vec![("a.py".to_string(), 1, 2), ("a.py".to_string(), 6, 6)]
    );
    let errs: Vec<String> = p.errors.iter().map(|e| e.to_string()).collect();
    assert_eq!(errs.len(), 4, "{errs:?}");
    let fields: Vec<_> = p.errors.iter().map(|e| e.field.clone().unwrap()).collect();
    assert_eq!(
        fields,
        [
            "traj_data.pred_spans.a.py[1]",
            "traj_data.pred_spans.a.py[2].start",
            "traj_data.pred_spans.a.py[3]",
            "traj_data.pred_spans.b.py"
        ]
    );
    assert!(errs[0].contains("end 4 before start 5"), "{errs:?}");
    assert!(errs[1].contains("expected an integer, got 2.5"), "{errs:?}");
    assert!(errs[2].contains("expected {start, end}, found"), "{errs:?}");
    assert!(errs[3].contains("expected a list, found"), "{errs:?}");
}
