//! How `readcov diagnose` prints: a table per run and a summary per group (`--format table`),
//! one JSON document (`json`: `runs` and `summary`), a row per run (`jsonl`, `csv`; with
//! `--summary`, a row per group instead). The rows
//! are `readcov_core::stages::RunStages` as they are; the JSON Schema is
//! docs/schemas/diagnose.schema.json.

use crate::render::{csv_field, ratio, Format, Table};
use readcov_core::stages::{GroupSummary, RunStages, Verdict};
use std::fmt::Write as _;

/// One run's short figures for the table and the csv.
fn cells(s: &RunStages) -> Vec<(&'static str, String)> {
    let st = &s.stages;
    let units = st.change.units.as_deref();
    let compared: Vec<_> = units
        .unwrap_or(&[])
        .iter()
        .filter(|u| u.same.is_some())
        .collect();
    let mean = |v: Vec<f64>| (!v.is_empty()).then(|| v.iter().sum::<f64>() / v.len() as f64);
    let sim = mean(compared.iter().filter_map(|u| u.similarity).collect());
    let same = mean(
        compared
            .iter()
            .map(|u| f64::from(u.same == Some(true)))
            .collect(),
    );
    let count = |v: Option<usize>| v.map_or("-".into(), |n| n.to_string());
    let (f2p, p2p) = match &st.tests {
        Some(t) => (
            t.fail_to_pass_failing.len().to_string(),
            t.pass_to_pass_broken.len().to_string(),
        ),
        None => ("-".into(), "-".into()),
    };
    vec![
        ("task", s.task.clone()),
        ("run", s.run.clone()),
        ("verdict", s.verdict.as_str().into()),
        ("change_source", s.change_source.as_str().into()),
        ("change_partial", s.change_partial.to_string()),
        ("search_recall", ratio(st.search.recall)),
        ("search_precision", ratio(st.search.precision)),
        ("gold_files", st.search.gold_files.to_string()),
        ("opened_gold_files", st.search.opened_gold_files.to_string()),
        ("line_coverage", ratio(st.read.line_coverage)),
        ("unit_coverage", ratio(st.read.unit_coverage)),
        ("unit_precision", ratio(st.read.unit_precision)),
        (
            "units_read_per_needed",
            ratio(st.read.units_read_per_needed),
        ),
        ("edit_recall", ratio(st.edit.recall)),
        ("edit_precision", ratio(st.edit.precision)),
        ("edit_file_recall", ratio(st.edit.file_recall)),
        ("edit_file_precision", ratio(st.edit.file_precision)),
        ("changed_files", count(st.edit.changed_files)),
        (
            "lines_outside_gold_files",
            st.edit
                .lines_outside_gold_files
                .map_or("-".into(), |n| n.to_string()),
        ),
        ("change_units", count(units.map(<[_]>::len))),
        ("change_same", ratio(same)),
        ("change_similarity", ratio(sim)),
        ("fail_to_pass_failing", f2p),
        ("pass_to_pass_broken", p2p),
        ("resolved", s.resolved.map_or("-".into(), |r| r.to_string())),
        ("reason", s.reason.clone()),
    ]
}

/// The per-run table's columns (short headers) from [`cells`], and the legend.
const TABLE: [(&str, &str, &str); 11] = [
    ("task", "task", ""),
    ("run", "run", ""),
    (
        "verdict",
        "verdict",
        "the first stage that failed (docs/diagnose.md)",
    ),
    ("files", "files", "gold files opened / gold files (search)"),
    ("line_coverage", "cov", "line coverage of the gold (read)"),
    (
        "unit_coverage",
        "u_cov",
        "gold units read at or above the threshold (read)",
    ),
    (
        "unit_precision",
        "u_prec",
        "gold units read / units read (read)",
    ),
    (
        "edit_recall",
        "e_rec",
        "gold change units the run changed (edit)",
    ),
    (
        "edit_precision",
        "e_prec",
        "changed units that are gold change units (edit)",
    ),
    (
        "change_similarity",
        "sim",
        "token similarity to the gold's text of the units both changed (change)",
    ),
    (
        "resolved",
        "resolved",
        "the outcome label (--outcomes), shown beside, never used",
    ),
];

/// The whole output for `format`.
pub fn render(
    format: Format,
    runs: &[RunStages],
    summary: &[GroupSummary],
    summary_only: bool,
    legend: bool,
) -> String {
    match format {
        Format::Json => {
            let doc = match summary_only {
                true => serde_json::json!({ "summary": summary }),
                false => serde_json::json!({ "runs": runs, "summary": summary }),
            };
            serde_json::to_string_pretty(&doc).expect("serialisable") + "\n"
        }
        Format::Jsonl if summary_only => summary
            .iter()
            .map(|g| serde_json::to_string(g).expect("serialisable") + "\n")
            .collect(),
        Format::Jsonl => runs
            .iter()
            .map(|s| serde_json::to_string(s).expect("serialisable") + "\n")
            .collect(),
        Format::Csv if summary_only => summary_csv(summary),
        Format::Csv => csv(runs),
        Format::Table => {
            let mut out = String::new();
            if !summary_only {
                out += &run_table(runs);
                out.push('\n');
            }
            out += &summary_table(summary);
            if legend {
                out += &legend_text();
            }
            out
        }
    }
}

fn csv(runs: &[RunStages]) -> String {
    let mut out = String::new();
    let Some(first) = runs.first() else {
        return out;
    };
    let header: Vec<&str> = cells(first).iter().map(|(k, _)| *k).collect();
    out += &(header.join(",") + "\n");
    for s in runs {
        let row: Vec<String> = cells(s).iter().map(|(_, v)| csv_field(v)).collect();
        out += &(row.join(",") + "\n");
    }
    out
}

/// `--summary --format csv`: a row per group, the JSON summary's figures flat (`<verdict>` runs,
/// `resolve_rate.<verdict>`, `mean.<figure>`, `known.<figure>`), as the run csv writes figures.
fn summary_csv(summary: &[GroupSummary]) -> String {
    let Some(first) = summary.first() else {
        return String::new();
    };
    let mut head: Vec<String> = ["group", "runs", "labelled", "resolved"]
        .map(String::from)
        .into();
    head.extend(first.verdicts.keys().cloned());
    head.extend(
        first
            .resolve_rate
            .keys()
            .map(|k| format!("resolve_rate.{k}")),
    );
    head.extend(first.mean.keys().map(|k| format!("mean.{k}")));
    head.extend(first.known.keys().map(|k| format!("known.{k}")));
    let mut out = head.join(",") + "\n";
    for g in summary {
        let mut row = vec![
            csv_field(&g.group),
            g.runs.to_string(),
            g.labelled.to_string(),
            g.resolved.to_string(),
        ];
        row.extend(g.verdicts.values().map(u64::to_string));
        row.extend(g.resolve_rate.values().map(|v| ratio(*v)));
        row.extend(g.mean.values().map(|v| ratio(*v)));
        row.extend(g.known.values().map(u64::to_string));
        out += &(row.join(",") + "\n");
    }
    out
}

fn run_table(runs: &[RunStages]) -> String {
    let mut head: Vec<&str> = TABLE.iter().map(|(_, h, _)| *h).collect();
    head.push("reason");
    let left = [0, 1, 2, head.len() - 1];
    let mut t = Table::new(&head, &left);
    for s in runs {
        let c = cells(s);
        let get = |k: &str| {
            c.iter()
                .find(|(n, _)| *n == k)
                .map_or(String::new(), |(_, v)| v.clone())
        };
        let mut row: Vec<String> = (TABLE.iter())
            .map(|(k, _, _)| match *k {
                "files" => format!("{}/{}", get("opened_gold_files"), get("gold_files")),
                k => get(k),
            })
            .collect();
        row.push(s.reason.clone());
        t.row(row);
    }
    t.render()
}

/// The summary per group: runs, resolved, runs per verdict, mean figures.
pub fn summary_table(summary: &[GroupSummary]) -> String {
    let mut head = vec!["group", "runs", "resolved"];
    head.extend(Verdict::ALL.iter().map(|v| v.as_str()));
    let means = [
        ("search_recall", "s_rec"),
        ("line_coverage", "cov"),
        ("unit_coverage", "u_cov"),
        ("unit_precision", "u_prec"),
        ("units_read_per_needed", "u/need"),
        ("edit_recall", "e_rec"),
        ("edit_precision", "e_prec"),
        ("change_same", "same"),
        ("change_similarity", "sim"),
    ];
    head.extend(means.iter().map(|(_, h)| *h));
    let mut t = Table::new(&head, &[0]);
    for g in summary {
        let mut row = vec![
            g.group.clone(),
            g.runs.to_string(),
            match g.labelled {
                0 => "-".into(),
                n => format!("{}/{n}", g.resolved),
            },
        ];
        row.extend(
            Verdict::ALL
                .iter()
                .map(|v| g.verdicts[v.as_str()].to_string()),
        );
        row.extend(means.iter().map(|(k, _)| ratio(g.mean[*k])));
        t.row(row);
    }
    let mut out = t.render();
    // Resolve rate per verdict, for the runs that carry a label.
    for g in summary.iter().filter(|g| g.labelled > 0) {
        let rates: Vec<String> = (Verdict::ALL.iter())
            .filter_map(|v| {
                let n = g.verdicts[v.as_str()];
                let r = g.resolve_rate[v.as_str()]?;
                Some(format!(
                    "{} {} of {n}",
                    v.as_str(),
                    readcov_core::words::share(r, None)
                ))
            })
            .collect();
        let _ = writeln!(
            out,
            "resolved by verdict ({}): {}",
            readcov_core::shown::shown(&g.group),
            rates.join(", ")
        );
    }
    out
}

fn legend_text() -> String {
    let mut out = String::from("\n");
    for (_, h, what) in TABLE.iter().filter(|(_, _, w)| !w.is_empty()) {
        let _ = writeln!(out, "  {h:<9} {what}");
    }
    out += "  summary: runs per verdict, then the mean of each figure over the runs where it is known\n";
    out += "  (s_rec search recall, u/need units read per unit needed, same: share of compared units\n";
    out += "  equal to the gold's up to whitespace); `-` = not computable (never 0). --no-legend drops this.\n";
    out
}
