//! `load_and_build` at the library boundary: what it says and in which order, what it counts,
//! the rules both edges share (no valid gold, no reads), and files and bytes alike.

use super::*;
use std::path::PathBuf;

fn small() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../report/tests/fixtures/small")
}

fn bytes(name: &str, text: &str) -> Source {
    Source::Bytes {
        name: name.to_string(),
        bytes: text.as_bytes().to_vec(),
    }
}

fn settings(require_reads: bool) -> ReportSettings<'static> {
    ReportSettings {
        title: "t".to_string(),
        opts: ScoreOptions {
            breakdown: true,
            ..ScoreOptions::default()
        },
        at_k: None,
        root: None,
        workspace: None,
        workspaces: None,
        threads: 1,
        require_reads,
    }
}

fn sources<'a>(golds: &'a [(Option<String>, Source)], reads: &'a Source) -> ReportSources<'a> {
    ReportSources {
        golds,
        reads,
        outcomes: &[],
        units: None,
        sheet: None,
        stages: None,
    }
}

/// Each thing said as one line: its kind and, for errors, `file:line`.
fn run(src: &ReportSources, require_reads: bool) -> (Result<Built, ReportError>, Vec<String>) {
    let mut said = Vec::new();
    let built = load_and_build(src, &settings(require_reads), &mut |s| {
        let line = match s {
            Said::Notes(n) => n.iter().map(|n| format!("note {n}")).collect(),
            Said::SetNotes(n) => n.iter().map(|n| format!("set note {n}")).collect(),
            Said::Errors(e) => (e.iter())
                .map(|e| format!("error {}:{}", e.file, e.line))
                .collect(),
            Said::SetErrors(e) => (e.iter())
                .map(|e| format!("set error {}:{}", e.file, e.line))
                .collect(),
            Said::Warning(w) => vec![w],
        };
        said.extend(line);
    });
    (built, said)
}

const GOLD: &str = "{\"task\":\"t1\",\"path\":\"a.py\",\"start\":1,\"end\":4}\nnot json\n";
const READS: &str = "{\"task\":\"t1\",\"run\":\"r\",\"path\":\"a.py\",\"start\":1,\"end\":2}\n{}\n";

#[test]
fn says_each_input_s_errors_in_load_order_and_counts_them() {
    let golds = [(None, bytes("<gold>", GOLD))];
    let reads = bytes("<reads>", READS);
    let labels = [(
        None,
        bytes(
            "<labels>",
            "{\"task\":\"t1\",\"resolved\":true}\n{\"task\":1}\n",
        ),
    )];
    let mut src = sources(&golds, &reads);
    src.outcomes = &labels;
    let (built, said) = run(&src, true);
    let built = built.expect("a report");
    assert_eq!(
        said,
        ["error <gold>:2", "error <reads>:2", "error <labels>:2"],
        "gold, reads, labels: the order the CLI prints them in"
    );
    assert_eq!(built.errors, 3);
    assert_eq!(built.report.skipped_input_errors, 3);
    assert_eq!(built.report.labelled_runs, 1);
    assert!(built.sheet.is_none() && built.report.diagnosis.is_none());
}

#[test]
fn a_labels_file_with_no_label_is_a_warning_not_an_error() {
    let golds = [(None, bytes("<gold>", GOLD))];
    let reads = bytes("<reads>", READS);
    let labels = [(None, bytes("<labels>", ""))];
    let mut src = sources(&golds, &reads);
    src.outcomes = &labels;
    let (built, said) = run(&src, true);
    assert_eq!(built.expect("a report").errors, 2);
    assert_eq!(
        said.last().map(String::as_str),
        Some("warning: <labels>: no valid outcome labels; the resolve-rate table will be empty")
    );
}

#[test]
fn no_valid_gold_says_its_errors_and_stops() {
    let golds = [(None, bytes("<gold>", "nope\n"))];
    let reads = bytes("<reads>", READS);
    let (built, said) = run(&sources(&golds, &reads), false);
    let err = built.err().expect("no gold, no report");
    assert_eq!(
        err.to_string(),
        "<gold>: no valid gold spans, nothing to score"
    );
    assert_eq!(said, ["error <gold>:1"]);
}

#[test]
fn reads_with_no_valid_row_stop_only_when_required() {
    let golds = [(None, bytes("<gold>", GOLD))];
    for (text, words, said_errors) in [
        ("", "<reads>: no reads, nothing to score", 0),
        ("{}\n", "<reads>: no valid reads, nothing to score", 1),
    ] {
        let reads = bytes("<reads>", text);
        let (built, said) = run(&sources(&golds, &reads), true);
        let err = built.err().expect("required reads");
        assert!(err.to_string().starts_with(words), "{err}");
        // The reads' errors are said before the error; the gold's are not reached.
        assert_eq!(said.len(), said_errors, "{said:?}");
        // Not required: every gold task is a `no run` row.
        let (built, _) = run(&sources(&golds, &reads), false);
        let report = built.expect("a report of no runs").report;
        assert_eq!((report.totals.no_run, report.totals.scored), (1, 0));
    }
}

#[test]
fn several_gold_sets_are_said_as_sets_after_the_report_s_own_inputs() {
    let golds = [
        (Some("a".to_string()), bytes("<a>", GOLD)),
        (
            Some("b".to_string()),
            bytes(
                "<b>",
                "{\"task\":\"t1\",\"path\":\"a.py\",\"start\":3,\"end\":9}\n",
            ),
        ),
    ];
    let reads = bytes("<reads>", READS);
    let (built, said) = run(&sources(&golds, &reads), true);
    let built = built.expect("a report");
    // The first set is the report's gold too: its error is said twice, counted once.
    assert_eq!(said, ["error <a>:2", "error <reads>:2", "set error <a>:2"]);
    assert_eq!(built.errors, 2);
    let names: Vec<&str> = built
        .report
        .gold_sets
        .iter()
        .map(|s| s.name.as_str())
        .collect();
    assert_eq!(names, ["a", "b"]);
}

#[test]
fn files_and_their_bytes_build_the_same_report_sheet_and_diagnosis() {
    let f = small();
    let source = |n: &str, as_bytes: bool| {
        let p = f.join(n);
        match as_bytes {
            false => Source::Path(p),
            true => Source::Bytes {
                name: p.display().to_string(),
                bytes: std::fs::read(&p).expect("fixture"),
            },
        }
    };
    let runs = "{\"task\":\"t1\",\"run\":\"r-a\",\"condition\":\"c\",\"valid\":true}\n";
    let runs = bytes("<runs>", runs);
    let mut texts = Vec::new();
    for as_bytes in [false, true] {
        let src = |n: &str| source(n, as_bytes);
        let golds = [(None, src("gold.jsonl"))];
        let (reads, units) = (src("reads.jsonl"), src("units.jsonl"));
        let outcomes = [(None, src("outcomes.jsonl"))];
        let mut s = sources(&golds, &reads);
        s.outcomes = &outcomes;
        s.units = Some(&units);
        s.sheet = Some(SheetSources {
            runs: &runs,
            ledger: None,
            tasks: None,
            ks: &[1],
        });
        s.stages = Some(StageSources {
            patches: &[],
            test_reports: &[],
        });
        let (built, said) = run(&s, true);
        let built = built.expect("a report");
        assert!(built.report.has_units && built.report.buckets.is_some());
        assert!(built.sheet.is_some() && built.report.diagnosis.is_some());
        let html = readcov_report::html::render_with_sheet(&built.report, built.sheet.as_ref());
        texts.push((html, said, built.errors));
    }
    assert_eq!(texts[0], texts[1]);
}

#[test]
fn a_sheet_k_of_zero_is_refused() {
    let golds = [(None, bytes("<gold>", GOLD))];
    let (reads, runs) = (bytes("<reads>", READS), bytes("<runs>", ""));
    let mut s = sources(&golds, &reads);
    s.sheet = Some(SheetSources {
        runs: &runs,
        ledger: None,
        tasks: None,
        ks: &[1, 0],
    });
    let err = run(&s, true).0.err().expect("k = 0");
    assert_eq!(err.to_string(), "k: every k must be at least 1");
}

/// `--runs`: the run records name runs for the page as labels do (`record_runs`): a record that
/// read nothing of a gold task is a row with coverage 0 — valid or unscored (pending) alike, in
/// every gold set — save an invalid one, which is said; a record of a task with no gold adds no
/// row. Before session 33 the page had only the runs of the reads (one row here).
#[test]
fn run_records_name_their_runs_as_labels_do_save_the_invalid() {
    let golds = [
        (Some("a".to_string()), bytes("<a>", GOLD)),
        (Some("b".to_string()), bytes("<b>", GOLD)),
    ];
    // t3 has reads but no gold: its invalid record would be no row if valid either, so it is
    // not said.
    let reads = format!(
        "{READS}{{\"task\":\"t3\",\"run\":\"w\",\"path\":\"b.py\",\"start\":1,\"end\":2}}\n"
    );
    let reads = bytes("<reads>", &reads);
    let runs = bytes(
        "<runs>",
        "{\"task\":\"t1\",\"run\":\"r\",\"environment\":\"valid\",\"simulator\":\"valid\",\"scenario_oracle\":\"valid\"}\n\
         {\"task\":\"t1\",\"run\":\"q\",\"environment\":\"valid\",\"simulator\":\"valid\",\"scenario_oracle\":\"valid\"}\n\
         {\"task\":\"t1\",\"run\":\"p\"}\n\
         {\"task\":\"t1\",\"run\":\"x\",\"environment\":\"invalid\"}\n\
         {\"task\":\"t2\",\"run\":\"z\"}\n\
         {\"task\":\"t3\",\"run\":\"y\",\"environment\":\"invalid\"}\n",
    );
    for require_reads in [true, false] {
        let mut src = sources(&golds, &reads);
        src.sheet = Some(SheetSources {
            runs: &runs,
            ledger: None,
            tasks: None,
            ks: &[1],
        });
        let (built, said) = run(&src, require_reads);
        let built = built.expect("a report");
        let rows: Vec<(&str, &str, Option<f64>)> = (built.report.rows.iter())
            .map(|r| (r.task.as_str(), r.run.as_str(), r.score.line_coverage))
            .collect();
        assert_eq!(
            rows,
            [
                ("t1", "p", Some(0.0)),
                ("t1", "q", Some(0.0)),
                ("t1", "r", Some(0.5)),
                ("t3", "w", None)
            ]
        );
        assert_eq!(
            (built.report.totals.scored, built.report.totals.unscored),
            (3, 1)
        );
        for set in &built.report.gold_sets {
            assert_eq!((set.scored, set.runs.len()), (3, 4), "{}", set.name);
        }
        assert_eq!(built.sheet.as_ref().map(|s| s.overall.planned), Some(6));
        assert!(
            said.iter().any(|s| s
                .starts_with("note note: --runs: 1 invalid run record(s) read nothing")
                && s.ends_with(": t1 / x")),
            "{said:?}"
        );
        let html = readcov_report::html::render_with_sheet(&built.report, built.sheet.as_ref());
        assert!(
            html.contains("1 invalid record(s) read nothing and have no row (an invalid trial says nothing about the agent): t1 / x."),
            "{html}"
        );
    }
}
