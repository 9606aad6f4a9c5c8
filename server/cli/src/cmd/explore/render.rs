//! Output of `readcov explore`: a per-explorer summary table (compatibility means, the 50% wall,
//! then readcov's clean means), or per-instance rows as JSON, JSONL or CSV.

use crate::render::{csv_field, Format, Table};
use readcov_core::explore::{ExploreReport, ExplorerSummary, InstanceScore, METRIC_NAMES};
use serde_json::json;

pub fn render(report: &ExploreReport, format: Format, top_k: Option<usize>) -> String {
    match format {
        Format::Table => table(&report.summaries, report.unused.len(), top_k),
        Format::Json => {
            let doc = json!({
                "top_k": top_k,
                "explorers": report.summaries,
                "instances": report.instances,
                "unused_predictions": report.unused,
            });
            serde_json::to_string_pretty(&doc).expect("serialisable") + "\n"
        }
        Format::Jsonl => jsonl(report),
        Format::Csv => csv(&report.instances),
    }
}

/// Instance rows (`"record": "instance"`), then one summary per explorer (`"record": "summary"`).
/// Serialised straight from the structs so keys keep their declared order.
fn jsonl(report: &ExploreReport) -> String {
    fn tagged(kind: &str, v: &impl serde::Serialize) -> String {
        let body = serde_json::to_string(v).expect("serialisable");
        // `body` is a JSON object: put the tag first, inside its braces.
        format!("{{\"record\":\"{kind}\",{}\n", &body[1..])
    }
    let rows = report.instances.iter().map(|r| tagged("instance", r));
    rows.chain(report.summaries.iter().map(|s| tagged("summary", s)))
        .collect()
}

const COUNTS: [&str; 4] = [
    "core_lines",
    "pred_lines",
    "pred_regions",
    "unresolvable_regions",
];

/// Compatibility metrics flat, one row per (explorer, instance).
fn csv(rows: &[InstanceScore]) -> String {
    let header: Vec<&str> = ["explorer", "instance_id", "missing"]
        .into_iter()
        .chain(METRIC_NAMES)
        .chain(COUNTS)
        .collect();
    let mut out = header.join(",") + "\n";
    for r in rows {
        let mut cells = vec![
            csv_field(&r.explorer),
            csv_field(&r.instance_id),
            r.missing.to_string(),
        ];
        cells.extend(r.compat.values().iter().map(|v| v.to_string()));
        cells.extend(
            [
                r.core_lines,
                r.pred_lines,
                r.pred_regions as u64,
                r.unresolvable_regions as u64,
            ]
            .map(|v| v.to_string()),
        );
        out += &(cells.join(",") + "\n");
    }
    out
}

/// One column per explorer, one row per metric: 12 explorers fit, 17 metrics would not. Built
/// from the summaries alone, so `readcov merge` prints the same table from shards.
pub fn table(sums: &[ExplorerSummary], unused: usize, top_k: Option<usize>) -> String {
    let names: Vec<&str> = std::iter::once("metric")
        .chain(sums.iter().map(|s| s.explorer.as_str()))
        .collect();
    let row = |label: &str, cell: &dyn Fn(&ExplorerSummary) -> String| -> Vec<String> {
        std::iter::once(label.to_string())
            .chain(sums.iter().map(cell))
            .collect()
    };

    let mut compat = Table::new(&names, &[0]);
    compat.row(row("instances", &|s| s.instances.to_string()));
    compat.row(row("missing preds", &|s| s.missing.to_string()));
    compat.row(row("recall ≥ 50%", &|s| {
        format!("{}/{}", s.wall, s.instances)
    }));
    for (i, name) in METRIC_NAMES.iter().enumerate() {
        compat.row(row(name, &|s| format!("{:.3}", s.mean.values()[i])));
    }
    let mut clean = Table::new(&names, &[0]);
    for (i, name) in METRIC_NAMES.iter().enumerate() {
        clean.row(row(name, &|s| match s.clean_mean.values()[i] {
            Some(v) => format!("{v:.3} ({})", s.clean_scored.values()[i]),
            None => format!("- ({})", s.clean_scored.values()[i]),
        }));
    }
    let k = top_k.map_or_else(|| "all regions".to_string(), |k| format!("top-{k} regions"));
    let mut out = format!("SWE-Explore compatibility ({k}; means over all benchmark instances; empty denominator = 0.0)\n\n");
    out += &compat.render();
    out += "\nreadcov clean means (unscored instances left out; scored count in brackets)\n\n";
    out += &clean.render();
    if unused > 0 {
        out += &format!("\n{unused} prediction row(s) not scored (see stderr)\n");
    }
    out
}
