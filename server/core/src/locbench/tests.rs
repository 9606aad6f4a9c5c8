//! A worked example for LocAgent's definitions (`evaluation/eval_metric.py` in
//! gersteinlab/LocAgent, read at commit a5e28dd): every expected number below is worked out by
//! hand from those definitions (module docs), not produced by running their code.

use super::*;

fn names(rows: &[(&str, &[&str])]) -> Names {
    rows.iter()
        .map(|(t, n)| (t.to_string(), n.iter().map(|s| s.to_string()).collect()))
        .collect()
}

fn close(got: f64, want: f64, what: &str) {
    assert!((got - want).abs() < 1e-12, "{what}: got {got}, want {want}");
}

#[test]
fn function_level_worked_example() {
    let g7: Vec<String> = (1..=7).map(|i| format!("m.py:g{i}")).collect();
    let g7: Vec<&str> = g7.iter().map(String::as_str).collect();
    let gold = names(&[
        ("A", &["a.py:A.f", "a.py:g"]),
        ("B", &g7),
        ("C", &["c.py:z"]),
        ("D", &[]),
    ]);
    let preds = names(&[
        ("A", &["a.py:h", "a.py:A.f", "b.py:x", "a.py:g"]),
        (
            "B",
            &[
                "m.py:g1", "m.py:g2", "m.py:g3", "m.py:g4", "m.py:g5", "m.py:x", "m.py:g6",
            ],
        ),
        ("E", &["e.py:e"]),
    ]);
    let r = evaluate(LocLevel::Function, &gold, &preds, &[5, 10]);
    // D has no gold: left out; C is missing from the predictions: zeros; E has no gold: ignored.
    assert_eq!(r.instances, 3);
    let d = |i: u32| 1.0 / f64::from(i + 1).log2();
    let m = |t: &str| &r.rows.iter().find(|x| x.task == t).unwrap().metrics;
    // A: hits at 2 and 4 of 2 gold names.
    close(m("A")["Acc@5"], 1.0, "A Acc@5");
    close(m("A")["Recall@5"], 1.0, "A Recall@5");
    close(m("A")["NDCG@5"], (d(2) + d(4)) / (d(1) + d(2)), "A NDCG@5");
    close(
        m("A")["NDCG@5"],
        0.650_920_929_807_132_6,
        "A NDCG@5 (decimal)",
    );
    close(m("A")["P@5"], 0.4, "A P@5");
    close(m("A")["P@10"], 0.2, "A P@10");
    // B: 7 gold names, the top 5 all gold: Acc@5 = 1 although two are not found (the
    // reference compares against min(|gold|, k)); Acc@10 = 0 (6 found of 7).
    close(m("B")["Acc@5"], 1.0, "B Acc@5");
    close(m("B")["Acc@10"], 0.0, "B Acc@10");
    close(m("B")["Recall@5"], 5.0 / 7.0, "B Recall@5");
    close(m("B")["Recall@10"], 6.0 / 7.0, "B Recall@10");
    close(m("B")["NDCG@5"], 1.0, "B NDCG@5");
    let dcg: f64 = (1..=5).map(d).sum::<f64>() + d(7);
    let ideal: f64 = (1..=7).map(d).sum();
    close(m("B")["NDCG@10"], dcg / ideal, "B NDCG@10");
    close(m("B")["P@10"], 0.6, "B P@10");
    for (name, v) in m("C") {
        close(*v, 0.0, name);
    }
    close(r.means["Acc@5"], 2.0 / 3.0, "mean Acc@5");
    close(r.means["Acc@10"], 1.0 / 3.0, "mean Acc@10");
    close(
        r.means["Recall@5"],
        (1.0 + 5.0 / 7.0) / 3.0,
        "mean Recall@5",
    );
    close(r.means["P@5"], 1.4 / 3.0, "mean P@5");
    assert_eq!(r.means.len(), 8);
}

#[test]
fn recall_is_capped_at_max_k_and_repeats_count_twice() {
    // File level, ks 1, 2, 3, 5: seven gold files, all seven predicted. The reference's
    // denominator is min(7, max_k = 5): Recall@5 = 5/5.
    let files: Vec<String> = (1..=7).map(|i| format!("f{i}.py")).collect();
    let f: Vec<&str> = files.iter().map(String::as_str).collect();
    let r = evaluate(
        LocLevel::File,
        &names(&[("T", &f)]),
        &names(&[("T", &f)]),
        LocLevel::File.default_ks(),
    );
    close(r.means["Recall@5"], 1.0, "Recall@5");
    close(r.means["Recall@1"], 0.2, "Recall@1");
    close(r.means["Acc@1"], 1.0, "Acc@1");
    // A gold file predicted twice fills two places: Acc@2 = 1 with b.py never predicted.
    let r = evaluate(
        LocLevel::File,
        &names(&[("T", &["a.py", "b.py"])]),
        &names(&[("T", &["a.py", "a.py"])]),
        &[1, 2, 3, 5],
    );
    close(r.means["Acc@2"], 1.0, "Acc@2 with a repeat");
    close(r.means["Recall@2"], 1.0, "Recall@2 with a repeat");
}
