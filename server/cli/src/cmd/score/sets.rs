//! `readcov score` with several gold sets side by side (`--gold edit=g1.jsonl --gold unit=g2.jsonl`,
//! `--consensus LABELS`): the same reads scored once per gold set by the one engine
//! (`score_batch`; leave-one-out consensus through `readcov_gold::score_leave_one_out`, which
//! calls it per run), shown per run and summarised per set, with resolve rate by coverage bucket
//! when outcome labels are given.

use super::ScoreArgs;
use crate::exit::Exit;
use crate::inputs::{
    lengths_of_inputs, load_gold, load_reads, read_input, report_errors, workspace_root,
};
use crate::render::{ratio, Format, Table};
use anyhow::Result;
use readcov_core::outcomes::{parse_outcomes, Outcomes};
use readcov_core::{score_batch, GoldSpan, ReadSpan, TaskRunScore};
use readcov_gold::{parse_rows, score_leave_one_out, ConsensusOptions, GoldDef, RunsInput};
use readcov_report::buckets::resolve_by_coverage;
use serde_json::json;
use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// One `--gold [NAME=]FILE`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GoldArg {
    pub name: Option<String>,
    pub path: PathBuf,
}

impl GoldArg {
    /// `NAME=FILE` when NAME is a plain label and no file is named like the whole argument.
    pub fn parse(s: &str) -> Result<GoldArg, String> {
        if let Some((name, path)) = s.split_once('=') {
            let plain = !name.is_empty()
                && name
                    .chars()
                    .all(|c| c.is_ascii_alphanumeric() || matches!(c, '_' | '-' | '.'));
            if plain && !Path::new(s).exists() {
                if path.is_empty() {
                    return Err(format!("`{s}`: no file after `{name}=`"));
                }
                return Ok(GoldArg {
                    name: Some(name.to_string()),
                    path: PathBuf::from(path),
                });
            }
        }
        Ok(GoldArg {
            name: None,
            path: PathBuf::from(s),
        })
    }
}

/// One gold set's rows, with what the table says about how it was scored.
struct Set {
    name: String,
    /// (task, run) → row.
    rows: BTreeMap<(String, String), TaskRunScore>,
    /// Shown under the table: how the set was scored (leave-one-out, circularity warning).
    note: Option<String>,
}

/// The label of a plain `--gold FILE`: the definition its rows' origins show, else the stem.
fn label_of(arg: &GoldArg, bytes: &[u8]) -> String {
    if let Some(n) = &arg.name {
        return n.clone();
    }
    let rows = parse_rows(bytes, "");
    if rows
        .items
        .iter()
        .any(|r| r.origin != readcov_gold::Origin::Edit)
    {
        return GoldDef::detect(&rows.items).label().to_string();
    }
    arg.path
        .file_stem()
        .map_or_else(|| "gold".to_string(), |s| s.to_string_lossy().into_owned())
}

fn keyed(rows: Vec<TaskRunScore>) -> BTreeMap<(String, String), TaskRunScore> {
    rows.into_iter()
        .map(|r| ((r.task.clone(), r.run.clone()), r))
        .collect()
}

pub fn run(args: &ScoreArgs) -> Result<Exit> {
    anyhow::ensure!(
        args.workspaces.is_none(),
        "several gold sets take --workspace or none (not --workspaces yet)"
    );
    let ws = workspace_root(args.workspace.as_deref())?;
    let reads = load_reads(&args.reads, ws.as_deref())?;
    let mut errors = report_errors(&reads.errors);
    let opts = super::score_options(args.threshold, &args.sources, false);
    let mut sets: Vec<Set> = Vec::new();
    let mut all_gold: Vec<GoldSpan> = Vec::new();
    let mut loaded = Vec::new();
    for arg in &args.gold {
        let gold = load_gold(&arg.path, ws.as_deref())?;
        errors += report_errors(&gold.errors);
        let name = label_of(arg, &read_input(&arg.path)?);
        all_gold.extend(gold.items.iter().cloned());
        loaded.push((name, gold.items));
    }
    let lengths = lengths_of_inputs(args.workspace.as_deref(), &all_gold, &reads.items);
    let mut names = BTreeSet::new();
    for (name, gold) in loaded {
        let name = unique(&mut names, name);
        let rows = score_batch(&gold, &reads.items, &lengths, &opts);
        let note = (name.starts_with("consensus")).then(|| {
            format!("{name}: consensus gold from a file is scored as given; if it was built from these runs, its resolved runs score against themselves (use --consensus LABELS for leave-one-out)")
        });
        sets.push(Set {
            name,
            rows: keyed(rows),
            note,
        });
    }
    let outcomes = match &args.outcomes {
        Some(p) => {
            let parsed = parse_outcomes(&read_input(p)?, &p.display().to_string());
            errors += report_errors(&parsed.errors);
            Some(parsed.items.into_iter().collect::<Outcomes>())
        }
        None => None,
    };
    if args.consensus {
        let labels = outcomes
            .clone()
            .ok_or_else(|| anyhow::anyhow!("--consensus needs --outcomes LABELS"))?;
        sets.push(consensus_set(
            args,
            &reads.items,
            labels,
            &lengths,
            &opts,
            &mut names,
        ));
    }
    let mut out = String::new();
    match args.format {
        Format::Table | Format::Csv => table(&mut out, &sets, args, outcomes.as_ref()),
        Format::Json | Format::Jsonl => json_rows(&mut out, &sets, args, outcomes.as_ref())?,
    }
    crate::output::write_output(None, out.as_bytes())?;
    if errors > 0 {
        eprintln!("{errors} input error(s) skipped");
    }
    Ok(Exit::Ok)
}

fn unique(names: &mut BTreeSet<String>, name: String) -> String {
    let mut n = name.clone();
    let mut i = 2;
    while !names.insert(n.clone()) {
        n = format!("{name}-{i}");
        i += 1;
    }
    n
}

/// The consensus of the resolved runs in `--reads`, each run scored without itself.
fn consensus_set(
    args: &ScoreArgs,
    reads: &[ReadSpan],
    outcomes: Outcomes,
    lengths: &BTreeMap<String, u32>,
    opts: &readcov_core::ScoreOptions,
    names: &mut BTreeSet<String>,
) -> Set {
    let input = RunsInput {
        reads: reads.to_vec(),
        outcomes,
    };
    let copts = ConsensusOptions {
        agree: args.agree,
        min_runs: args.min_runs,
    };
    let (scores, notes) = score_leave_one_out(&input, &copts, lengths, opts);
    for (kind, n) in notes.counts() {
        eprintln!("consensus: {n} × {}", kind.label());
    }
    let left_out = scores.iter().filter(|s| s.left_out).count();
    let name = unique(names, "consensus-loo".to_string());
    let note = Some(format!(
        "{name}: leave-one-out — each of {left_out} resolved run(s) scored against the consensus of the other resolved runs of its task; other runs against the full consensus (agree {}, min runs {})",
        match args.agree { readcov_gold::Agree::All => "all".to_string(), readcov_gold::Agree::AtLeast(k) => k.to_string() },
        args.min_runs
    ));
    Set {
        name,
        rows: keyed(scores.into_iter().map(|s| s.row).collect()),
        note,
    }
}

fn pairs(sets: &[Set]) -> BTreeSet<(String, String)> {
    sets.iter().flat_map(|s| s.rows.keys().cloned()).collect()
}

fn cell(r: Option<&TaskRunScore>) -> String {
    match r.map(|r| &r.score) {
        Some(s) => match s.passes_threshold {
            Some(true) => format!("{} OK", ratio(s.line_coverage)),
            Some(false) => format!("{} below", ratio(s.line_coverage)),
            None => "unscored".to_string(),
        },
        None => "-".to_string(),
    }
}

/// Per set: (scored, at/above threshold, mean file hit, mean line coverage).
fn summary(s: &Set) -> (usize, usize, Option<f64>, Option<f64>) {
    let scored: Vec<_> = s
        .rows
        .values()
        .filter(|r| r.score.line_coverage.is_some())
        .collect();
    let n = scored.len();
    let mean = |f: &dyn Fn(&TaskRunScore) -> Option<f64>| {
        (n > 0).then(|| scored.iter().filter_map(|r| f(r)).sum::<f64>() / n as f64)
    };
    let pass = scored
        .iter()
        .filter(|r| r.score.passes_threshold == Some(true))
        .count();
    (
        n,
        pass,
        mean(&|r| r.score.file_hit),
        mean(&|r| r.score.line_coverage),
    )
}

fn buckets(s: &Set, outcomes: &Outcomes) -> Vec<readcov_report::buckets::Bucket> {
    resolve_by_coverage(
        s.rows
            .values()
            .filter_map(|r| Some((r.score.line_coverage?, outcomes.get(&r.task, &r.run)))),
    )
}

fn table(out: &mut String, sets: &[Set], args: &ScoreArgs, outcomes: Option<&Outcomes>) {
    let mut header = vec!["task", "run"];
    header.extend(sets.iter().map(|s| s.name.as_str()));
    if outcomes.is_some() {
        header.push("resolved");
    }
    let mut t = Table::new(&header, &[0, 1]);
    for (task, run) in pairs(sets) {
        let key = (task.clone(), run.clone());
        let mut cells = vec![task.clone(), run.clone()];
        cells.extend(sets.iter().map(|s| cell(s.rows.get(&key))));
        if let Some(o) = outcomes {
            cells.push(o.get(&task, &run).map_or("-".into(), |b| b.to_string()));
        }
        t.row(cells);
    }
    out.push_str(&t.render());
    out.push('\n');
    let pct = (args.threshold * 100.0).round();
    for s in sets {
        let (n, pass, fh, lc) = summary(s);
        out.push_str(&format!(
            "{}: {n} scored · {pass}/{n} at or above {pct}% · mean file_hit {} · mean line_coverage {}\n",
            s.name,
            ratio(fh),
            ratio(lc)
        ));
        if let Some(o) = outcomes {
            let b: Vec<String> = buckets(s, o)
                .iter()
                .map(|b| format!("{} {}/{}", b.label(), b.resolved, b.labelled))
                .collect();
            out.push_str(&format!("  resolved by line coverage: {}\n", b.join(" · ")));
        }
    }
    for s in sets {
        if let Some(n) = &s.note {
            out.push_str(&format!("note: {n}\n"));
        }
    }
}

fn json_rows(
    out: &mut String,
    sets: &[Set],
    args: &ScoreArgs,
    outcomes: Option<&Outcomes>,
) -> Result<()> {
    let mut rows = Vec::new();
    for (task, run) in pairs(sets) {
        let key = (task.clone(), run.clone());
        let per: serde_json::Map<String, serde_json::Value> = sets
            .iter()
            .map(|s| {
                let v = s.rows.get(&key).map_or(serde_json::Value::Null, |r| {
                    json!({"file_hit": r.score.file_hit, "line_coverage": r.score.line_coverage,
                           "passes_threshold": r.score.passes_threshold, "gold_lines": r.score.gold_lines,
                           "covered_lines": r.score.covered_lines, "status": r.score.status})
                });
                (s.name.clone(), v)
            })
            .collect();
        let resolved = outcomes.and_then(|o| o.get(&task, &run));
        rows.push(json!({"task": task, "run": run, "resolved": resolved, "gold_sets": per}));
    }
    let totals: Vec<serde_json::Value> = sets
        .iter()
        .map(|s| {
            let (n, pass, fh, lc) = summary(s);
            json!({"gold_set": s.name, "scored": n, "at_or_above_threshold": pass,
                   "mean_file_hit": fh, "mean_line_coverage": lc, "note": s.note,
                   "resolve_by_coverage": outcomes.map(|o| buckets(s, o))})
        })
        .collect();
    if args.format == Format::Jsonl {
        for r in &rows {
            out.push_str(&serde_json::to_string(r)?);
            out.push('\n');
        }
        out.push_str(&serde_json::to_string(
            &json!({"record": "totals", "threshold": args.threshold, "gold_sets": totals}),
        )?);
        out.push('\n');
    } else {
        let all = json!({"threshold": args.threshold, "rows": rows, "totals": totals});
        out.push_str(&serde_json::to_string_pretty(&all)?);
        out.push('\n');
    }
    Ok(())
}

/// Resolve rate by coverage bucket under each gold set (`report --gold NAME=FILE`, repeated):
/// each set scored by `score_batch`, as `score` does.
pub fn gold_set_buckets(
    golds: &[GoldArg],
    ws: Option<&str>,
    reads: &[ReadSpan],
    opts: &readcov_core::ScoreOptions,
    outcomes: &Outcomes,
) -> Result<Vec<readcov_report::GoldSetBuckets>> {
    let mut names = BTreeSet::new();
    let mut out = Vec::new();
    for arg in golds {
        let gold = load_gold(&arg.path, ws)?;
        report_errors(&gold.errors);
        let name = unique(&mut names, label_of(arg, &read_input(&arg.path)?));
        let lengths = lengths_of_inputs(ws.map(Path::new), &gold.items, reads);
        let set = Set {
            name,
            rows: keyed(score_batch(&gold.items, reads, &lengths, opts)),
            note: None,
        };
        out.push(readcov_report::GoldSetBuckets {
            scored: summary(&set).0,
            buckets: buckets(&set, outcomes),
            name: set.name,
        });
    }
    Ok(out)
}
