use super::*;
use serde_json::json;

fn row(task: &str, run: &str, cover: Option<f64>, unit: Option<f64>) -> SummaryRow {
    SummaryRow {
        covered_lines: 3,
        file_hit: figure(cover.map(|c| c / 2.0)),
        gold_lines: u64::MAX,
        layer: if run == "-" {
            Layer::Human
        } else {
            Layer::WhatIf
        },
        line_coverage: figure(cover),
        passes_threshold: cover.map(|c| c >= 0.5),
        run: run.into(),
        task: task.into(),
        unit_hit: figure(unit),
    }
}

fn copy(r: &SummaryRow) -> SummaryRow {
    let back = |x: f64| (!x.is_nan()).then_some(x);
    row(&r.task, &r.run, back(r.line_coverage), back(r.unit_hit))
}

/// The pieces, written in order.
fn streamed(s: &Summary) -> Vec<u8> {
    let mut out = Vec::new();
    for i in 0..s.count() {
        s.write(i, &mut out).unwrap();
    }
    out
}

/// The old answer: tower-lsp-server's `to_value`, then its text.
fn via_value(s: &Summary) -> Vec<u8> {
    serde_json::to_vec(&serde_json::to_value(s).unwrap()).unwrap()
}

#[test]
fn the_pieces_are_the_values_text_byte_for_byte() {
    let awkward = "t\"\\\n\u{1}é😀</script>";
    let cases = [
        vec![],
        vec![row("t", "r", Some(0.1 + 0.2), None)],
        vec![
            row(awkward, awkward, Some(1.0), Some(1e-300)),
            row("", "-", None, Some(f64::NAN)),
            row("t", "r", Some(f64::INFINITY), Some(123456789.0)),
            row("t", "r", Some(-0.0), Some(1e21)),
        ],
    ];
    for (i, rows) in cases.into_iter().enumerate() {
        for (loading, threshold) in [(false, 0.5), (true, 1.0 / 3.0)] {
            let s = Summary {
                inputs: json!({"root": awkward, "gold": ["a", null], "sources": [], "task": null}),
                loading,
                // Chunks as scoring leaves them: some empty, the first among them.
                rows: Rows {
                    chunks: vec![
                        vec![],
                        rows.iter().take(1).map(copy).collect(),
                        vec![],
                        rows.iter().skip(1).map(copy).collect(),
                    ],
                },
                threshold,
                totals: json!({"rows": 1, "meanLineCoverage": 0.25, "meanFileHit": null}),
            };
            assert_eq!(
                String::from_utf8(streamed(&s)).unwrap(),
                String::from_utf8(via_value(&s)).unwrap(),
                "case {i}"
            );
        }
    }
}

/// A missing figure is written `null`, as `Option::None` was, and the layers by name: the row
/// is the JSON of the old row of `Option`s and `&str`s.
#[test]
fn missing_figures_are_null_and_layers_their_names() {
    let r = row("t", "-", None, None);
    let old = json!({"coveredLines": 3, "fileHit": null, "goldLines": u64::MAX, "layer": "human",
                     "lineCoverage": null, "passesThreshold": null, "run": "-", "task": "t",
                     "unitHit": null});
    assert_eq!(serde_json::to_string(&r).unwrap(), old.to_string());
    let r = row("t", "r", Some(0.75), Some(0.5));
    assert_eq!(
        serde_json::to_string(&r).unwrap(),
        r#"{"coveredLines":3,"fileHit":0.375,"goldLines":18446744073709551615,"layer":"what-if","lineCoverage":0.75,"passesThreshold":true,"run":"r","task":"t","unitHit":0.5}"#
    );
    let agent = serde_json::to_string(&Layer::Agent).unwrap();
    assert_eq!(agent, r#""agent""#);
    assert_eq!(
        std::mem::size_of::<SummaryRow>(),
        80,
        "the row held per task"
    );
}
