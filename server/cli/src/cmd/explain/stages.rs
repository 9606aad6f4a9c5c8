//! The stages of the explained run (`readcov diagnose` for one run: the same inputs, as explain
//! loaded them, and the same library call, `readcov_gold::diagnose::diagnose_run`), and their
//! text: the verdict and its reason, one line per stage, and for each gold change unit the run
//! changed, the gold's text against the run's as a compact diff. Edits outside the gold are
//! flagged.

use super::render::WIDTH;
use super::ExplainArgs;
use crate::inputs::report_errors;
use crate::render::{percent, percent_at};
use anyhow::Result;
use readcov_core::explain::elide_middle;
use readcov_core::stages::{unit_diff, DiffLine, RunStages, EDIT_PRECISION_FLOOR};
use readcov_core::words::count;
use readcov_core::{GoldSpan, Parsed, ReadSpan};
use readcov_files::diagnose::{with_loaded, Loaded};
use readcov_files::input::GoldChanges;
use readcov_gold::diagnose::diagnose_run;
use readcov_import::RunChange;

/// Equal lines kept around each difference of a unit diff.
const CONTEXT: usize = 2;
/// Diff lines shown per unit at most (the rest counted).
const MAX_DIFF_LINES: usize = 40;

/// The stages of `run` in `task` over the explanation's own inputs (gold, reads, the changes a
/// trajectory brought): only `--patches` and `--test-report` are read here.
pub fn of_run(a: &ExplainArgs, loaded: Loaded, task: &str, run: &str) -> Result<Option<RunStages>> {
    let sources = a.inputs.beside_sources();
    let inputs = with_loaded(loaded, &a.inputs.beside(&sources))?;
    report_errors(&inputs.other_errors);
    Ok(inputs.with_diagnose_input(1, |input| diagnose_run(input, task, run)))
}

/// What the stages of one task read: its gold and reads, its runs' changes (a task's runs are
/// diagnosed on their own, so the other tasks' rows are left out), no labels (a verdict never
/// reads them).
pub fn task_inputs(
    task: &str,
    gold: Vec<GoldSpan>,
    gold_change: GoldChanges,
    reads: &Parsed<ReadSpan>,
    changes: &[RunChange],
) -> Loaded {
    Loaded {
        gold,
        gold_change,
        reads: (reads.items.iter())
            .filter(|r| r.task == task)
            .cloned()
            .collect(),
        changes: (changes.iter())
            .filter(|c| c.task == task)
            .cloned()
            .collect(),
        lost_edits: Vec::new(),
        outcomes: None,
    }
}

/// The stages block of the text. The read line's line coverage is kept on its side of
/// `threshold` (`--threshold`, which the header's line coverage and the read stage's verdict are
/// drawn against; before session 36 it was not: 4/45 printed "lines 9%" under a header
/// "below 9%: line coverage 8.8%").
pub fn text(s: &RunStages, threshold: f64, out: &mut Vec<String>) {
    let st = &s.stages;
    out.push(String::new());
    say(
        out,
        &format!("stages: {} — {}", s.verdict.as_str(), s.reason),
    );
    let source = match (s.change_source.as_str(), s.change_partial) {
        // Any one of these gives the change: a workspace alone does not (reads JSONL carry
        // no patch and an edit row no text to replay).
        ("none", _) => {
            "no change known (give --patches, or the trajectory as --reads with a workspace)".into()
        }
        (src, false) => format!("the run's change from {src}"),
        (src, true) => format!(
            "the run's change from {src}, partial: {}",
            s.change_lost.join("; ")
        ),
    };
    say(out, &format!("  source  {source}"));
    let n = |v: Option<usize>| v.map_or("?".to_string(), |v| v.to_string());
    let opened = count(st.search.opened_files, "file", "files");
    // With no gold files the precision is 0 of the files opened: a ratio against nothing, not a
    // figure, so the text says there is no gold rather than "precision 0%".
    let search = match st.search.gold_files {
        0 => format!("  search  no gold files; precision - ({opened} opened)"),
        g => format!(
            "  search  {} of {g} gold files opened; precision {} ({opened} opened)",
            st.search.opened_gold_files,
            percent(st.search.precision),
        ),
    };
    say(out, &search);
    let r = &st.read;
    say(
        out,
        &format!(
            "  read    lines {}; gold units {} ({}); unit precision {}; units read per needed {}",
            percent_at(r.line_coverage, Some(threshold)),
            percent(r.unit_coverage),
            r.gold_units
                .map_or("? units".into(), |u| count(u, "unit", "units")),
            percent(r.unit_precision),
            r.units_read_per_needed
                .map_or("?".into(), |v| format!("{v:.1}")),
        ),
    );
    let e = &st.edit;
    let changed = (e.gold_change_units.iter().flatten())
        .filter(|u| u.changed)
        .count();
    let gcu = e.gold_change_units.as_ref().map(Vec::len);
    say(out, &format!(
        "  edit    changed {changed} of {} gold change units (recall {}, precision {}); files: recall {}, precision {}",
        n(gcu),
        percent(e.recall),
        percent_at(e.precision, Some(EDIT_PRECISION_FLOOR)),
        percent(e.file_recall),
        percent(e.file_precision),
    ));
    for u in (e.gold_change_units.iter().flatten()).filter(|u| !u.changed) {
        say(
            out,
            &format!("          not changed: {}", u.unit.describe()),
        );
    }
    // Edits outside the gold, flagged (the gold change units changed are among the changed).
    if let Some(all) = e.changed_units {
        let outside = all.saturating_sub(changed);
        if outside > 0 {
            say(
                out,
                &format!(
                    "          ! {outside} of {all} changed unit(s) are not gold change units"
                ),
            );
        }
    }
    if let Some(l) = e.lines_outside_gold_files.filter(|l| *l > 0) {
        say(
            out,
            &format!("          ! {l} line(s) changed in files with no gold"),
        );
    }
    if !e.new_files.is_empty() {
        let files = e.new_files.join(", ");
        say(out, &format!("          new files (apart): {files}"));
    }
    if !e.test_files.is_empty() {
        let files = e.test_files.join(", ");
        say(out, &format!("          test files (apart): {files}"));
    }
    for u in st.change.units.iter().flatten() {
        let how = u.compared();
        let head = format!(
            "  change  `{}` ({}:{}-{}) {how}",
            u.name, u.path, u.start, u.end
        );
        say(out, &head);
        if u.same == Some(true) {
            continue;
        }
        if let (Some(g), Some(a)) = (&u.gold_text, &u.agent_text) {
            diff(g, a, out);
        }
    }
    if let Some(t) = &st.tests {
        say(
            out,
            &format!(
                "  tests   {} FAIL_TO_PASS still failing, {} PASS_TO_PASS broken",
                t.fail_to_pass_failing.len(),
                t.pass_to_pass_broken.len()
            ),
        );
        for name in t.fail_to_pass_failing.iter().chain(&t.pass_to_pass_broken) {
            say(out, &format!("          {name}"));
        }
    }
}

/// One unit's gold text against the run's: `-` the gold's lines, `+` the run's.
fn diff(gold: &str, agent: &str, out: &mut Vec<String>) {
    let lines = unit_diff(gold, agent, CONTEXT);
    let shown = lines.len().min(MAX_DIFF_LINES);
    for l in &lines[..shown] {
        let line = match l {
            DiffLine::Same(t) => format!("            {t}"),
            DiffLine::Gold(t) => format!("          - {t}"),
            DiffLine::Agent(t) => format!("          + {t}"),
            DiffLine::Skipped(k) => format!("          … {k} equal line(s)"),
        };
        out.push(fit(&line));
    }
    if lines.len() > shown {
        let rest = lines.len() - shown;
        out.push(format!("          … {rest} more diff line(s) (`readcov diagnose --format json` has both texts)"));
    }
}

/// A line word-wrapped to the text's width, continued under its indent plus eight columns.
fn say(out: &mut Vec<String>, line: &str) {
    let indent = line.len() - line.trim_start().len();
    let pad = " ".repeat(indent + 8);
    let mut cur = String::new();
    for word in line.trim_start().split(' ') {
        let start = if cur.is_empty() { &line[..indent] } else { "" };
        if !cur.is_empty() && cur.chars().count() + 1 + word.chars().count() > WIDTH {
            out.push(fit(&std::mem::take(&mut cur)));
            cur = pad.clone();
        } else if !cur.is_empty() && cur != pad {
            cur.push(' ');
        }
        cur += start;
        cur += word;
    }
    out.push(fit(&cur));
}

/// A line cut to the text's width.
fn fit(line: &str) -> String {
    elide_middle(line.trim_end(), WIDTH)
}
