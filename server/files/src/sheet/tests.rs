//! `grade` at the library boundary: what it says and in which order, what it counts, the runs
//! file rule, and the shard's own gold.

use super::*;
use readcov_core::ScoreOptions;
use std::path::PathBuf;

fn fixtures() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/fixtures/sheet")
}

fn bytes(name: &str, text: &str) -> Source {
    Source::Bytes {
        name: name.to_string(),
        bytes: text.as_bytes().to_vec(),
    }
}

fn sources(runs: &Source) -> SheetSources<'_> {
    SheetSources {
        runs,
        gold: None,
        reads: None,
        ledger: None,
        tasks: None,
        units: None,
    }
}

/// Grades with default settings (and `shard`), each thing said as one line.
fn run(
    src: &SheetSources,
    shard: Option<Shard>,
    require_records: bool,
) -> (Result<Graded, ReportError>, Vec<String>) {
    let required: BTreeSet<Axis> = readcov_core::sheet::DEFAULT_REQUIRED.into_iter().collect();
    let counted = ScoreOptions::default().sources;
    let settings = SheetSettings {
        root: None,
        workspace: None,
        default_required: &required,
        ks: &[1],
        regeneration_limit: None,
        threshold: 0.5,
        sources: &counted,
        shard,
        require_records,
    };
    let mut said = Vec::new();
    let graded = grade(src, &settings, &mut |s| match s {
        Said::Notes(n) | Said::SetNotes(n) => said.extend(n.iter().map(|n| format!("note {n}"))),
        Said::Errors(e) | Said::SetErrors(e) => {
            said.extend(e.iter().map(|e| format!("error {}:{}", e.file, e.line)))
        }
        Said::Warning(w) => said.push(w),
    });
    (graded, said)
}

#[test]
fn says_each_input_s_errors_in_the_cli_s_order_then_the_warnings() {
    let f = fixtures();
    let runs = Source::Path(f.join("runs.jsonl"));
    let gold = bytes(
        "<gold>",
        "{\"task\":\"csv-parse\",\"path\":\"a.py\",\"start\":1,\"end\":3}\nx\n",
    );
    let reads = bytes(
        "<reads>",
        "{\"task\":\"csv-parse\",\"run\":\"nobody\",\"path\":\"a.py\",\"start\":1,\"end\":2}\nx\n",
    );
    // One good event: a ledger whose every line is bad stops the sheet (input::Nothing).
    let ledger = bytes(
        "<ledger>",
        "{\"run\":\"r1\",\"turn\":2,\"event\":\"activate\",\"requirement\":\"quotes\",\"version\":\"R0\",\"message_id\":\"u2\"}\nx\n",
    );
    let tasks = std::fs::read_to_string(f.join("tasks.jsonl")).unwrap();
    let tasks = bytes("<tasks>", &format!("{tasks}{tasks}x\n"));
    // A units file whose every line is bad stops the sheet (`a_units_file_with_nothing_valid_stops`).
    let units = bytes("<units>", "{\"path\":\"a.py\",\"start\":1,\"end\":3}\nx\n");
    let mut src = sources(&runs);
    (src.gold, src.reads, src.ledger) = (Some(&gold), Some(&reads), Some(&ledger));
    (src.tasks, src.units) = (Some(&tasks), Some(&units));
    let (graded, said) = run(&src, None, true);
    let graded = graded.expect("graded");
    assert_eq!(
        said,
        [
            "error <units>:2",
            "error <ledger>:2",
            "error <tasks>:3",
            "error <gold>:2",
            "error <reads>:2",
            "warning: run `nobody` has no run record: 0 ledger event(s) and 1 reads row(s) not graded",
            "warning: task `csv-parse` is declared more than once; the last declaration wins",
        ]
    );
    assert_eq!(graded.errors, 5);
    assert_eq!(graded.units, "file");
    assert!(!graded.sheet.runs.is_empty());
}

#[test]
fn a_units_file_with_nothing_valid_stops() {
    let f = fixtures();
    let runs = Source::Path(f.join("runs.jsonl"));
    let units = bytes("<units>", "x\n");
    let mut src = sources(&runs);
    src.units = Some(&units);
    let (graded, said) = run(&src, None, true);
    let err = graded.err().expect("stopped").to_string();
    assert!(
        err.starts_with("<units>: no valid syntax units, 1 line(s)"),
        "{err}"
    );
    assert_eq!(said, ["error <units>:1"]);
}

#[test]
fn a_runs_file_with_no_record_stops_only_when_required() {
    let runs = bytes("<runs>", "x\n");
    let (graded, said) = run(&sources(&runs), None, true);
    let err = graded.err().expect("no records");
    assert_eq!(
        err.to_string(),
        "<runs>: no valid run records, nothing to grade"
    );
    assert_eq!(said, ["error <runs>:1"], "its errors are said first");
    let (graded, _) = run(&sources(&runs), None, false);
    assert!(graded.expect("an empty sheet").sheet.runs.is_empty());
}

#[test]
fn a_shard_s_sheet_lists_only_its_own_gold_tasks_nobody_ran() {
    let f = fixtures();
    let runs = Source::Path(f.join("runs.jsonl"));
    // In name order, as the sheet lists them.
    let tasks: Vec<String> = (10..22).map(|i| format!("g{i}")).collect();
    let rows: String = (tasks.iter())
        .map(|t| format!("{{\"task\":\"{t}\",\"path\":\"a.py\",\"start\":1,\"end\":2}}\n"))
        .collect();
    let gold = bytes("<gold>", &rows);
    let mut src = sources(&runs);
    src.gold = Some(&gold);
    let (whole, _) = run(&src, None, true);
    assert_eq!(whole.expect("graded").sheet.no_run_tasks, tasks);
    let mut seen = Vec::new();
    for i in 0..2 {
        let shard = Shard { index: i, count: 2 };
        let sheet = run(&src, Some(shard), true).0.expect("graded").sheet;
        let want: Vec<&String> = tasks.iter().filter(|t| shard.keeps(t)).collect();
        assert!(want.len() < tasks.len(), "the shard takes some tasks only");
        assert_eq!(sheet.no_run_tasks.iter().collect::<Vec<_>>(), want);
        seen.extend(sheet.no_run_tasks);
    }
    seen.sort();
    assert_eq!(seen, tasks, "the shards' lists together are the whole one");
}
