//! `readcov demo`: a short tour on an embedded example, computed by the same core as `score`.
//!
//! The example: a fix needs `auth.py:80-95` (16 lines); the agent read `auth.py:80-83` and
//! `utils.py:10-40`. File hit is perfect, line coverage is 25%. Then five runs that read the
//! gold and still fail at a later stage (`stages.rs`, the library `diagnose` calls).

mod stages;

use crate::exit::Exit;
use crate::render::{ratio, ratio_at, Table};
use anyhow::Result;
use clap::Args;
use readcov_core::{score_spans, GoldSpan, ReadSpan, RunScore, UnknownLengths};
use std::path::PathBuf;

#[derive(Args, Debug)]
pub struct DemoArgs {
    /// Line coverage at or above this passes.
    #[arg(long, default_value_t = readcov_core::metrics::DEFAULT_THRESHOLD, value_parser = super::score::parse_rate)]
    pub threshold: f64,
    /// Also write the examples into DIR: gold.jsonl and reads.jsonl to try `readcov score` on,
    /// fix.jsonl, runs.jsonl, patches.jsonl and base/tokens.py to try `readcov diagnose` on.
    #[arg(long, value_name = "DIR")]
    pub write: Option<PathBuf>,
}

const GOLD: (&str, u32, u32) = ("auth.py", 80, 95);
const READS: [(&str, u32, u32); 2] = [("auth.py", 80, 83), ("utils.py", 10, 40)];
const WIDENED_ENDS: [u32; 4] = [83, 87, 90, 95];

fn score_with(gold: &GoldSpan, reads: &[ReadSpan], threshold: f64) -> RunScore {
    let reads: Vec<&ReadSpan> = reads.iter().collect();
    score_spans(&[gold], &reads, &UnknownLengths, threshold)
}

pub fn run(args: DemoArgs) -> Result<Exit> {
    let gold = GoldSpan::simple(GOLD.0, GOLD.1, GOLD.2);
    let reads: Vec<ReadSpan> = READS
        .iter()
        .map(|&(p, s, e)| ReadSpan::simple(p, s, e))
        .collect();
    let s = score_with(&gold, &reads, args.threshold);
    let pct = readcov_core::words::threshold(args.threshold);

    let mut out = String::new();
    out += "readcov demo — did the agent read the lines the fix needed?\n\n";
    out += &format!(
        "  gold  (lines the fix needs)   {}:{}-{}  ({} lines)\n",
        GOLD.0, GOLD.1, GOLD.2, s.gold_lines
    );
    out += "  reads (what the agent saw)    ";
    out += &READS
        .iter()
        .map(|(p, a, b)| format!("{p}:{a}-{b}"))
        .collect::<Vec<_>>()
        .join("  ");
    out += "\n\n";
    out += &format!(
        "  file_hit      = {}   every gold file was opened…\n",
        ratio(s.file_hit)
    );
    out += &format!(
        "  line_coverage = {}   …but only {} of {} gold lines were read\n",
        ratio_at(s.line_coverage, Some(args.threshold)),
        s.covered_lines,
        s.gold_lines
    );
    out += &format!(
        "  precision     = {}   {} of {} lines read were gold lines\n",
        ratio(s.precision),
        s.covered_lines,
        s.read_lines
    );
    let verdict = if s.passes_threshold == Some(true) {
        "at or above"
    } else {
        "below"
    };
    out += &format!("  verdict: {verdict} the {pct} threshold — repairs mostly fail below it.\n\n");

    out += &format!("Filter less, read more: widen the window on {}\n\n", GOLD.0);
    let mut t = Table::new(&["read window", "line_coverage", "verdict"], &[0, 2]);
    for end in WIDENED_ENDS {
        let mut widened = reads.clone();
        widened[0].end = end;
        let w = score_with(&gold, &widened, args.threshold);
        let ok = if w.passes_threshold == Some(true) {
            "OK"
        } else {
            "fail"
        };
        t.row(vec![
            format!("{}:{}-{end}", GOLD.0, GOLD.1),
            ratio_at(w.line_coverage, Some(args.threshold)),
            ok.into(),
        ]);
    }
    for line in t.render().lines() {
        out += &format!("  {line}\n");
    }
    out += "\n";
    out += &stages::render(args.threshold);
    out += "\nNext:\n";
    out += "  readcov demo --write demo/            write both examples' inputs into demo/\n";
    out += "  readcov score --gold demo/gold.jsonl --reads demo/reads.jsonl --detail\n";
    out += "  readcov diagnose --gold demo/fix.jsonl --reads demo/runs.jsonl \\\n";
    out += "                   --patches demo/patches.jsonl --workspace demo/base\n";
    out += "  readcov --help                        every subcommand\n";
    crate::output::print(&out)?;

    if let Some(dir) = args.write {
        // Files readcov names itself in the user's folder: never through a link, never over a
        // file of the user's (`output::write_in`).
        let mut files = example_files(&gold, &reads)?;
        files.extend(stages::files());
        let written = crate::output::write_in(&dir, &files)?;
        // Joined, not formatted: `--write demo/` must print `demo/gold.jsonl`, not `demo//gold.jsonl`.
        let names: Vec<String> = written.iter().map(|p| p.display().to_string()).collect();
        crate::output::print(&format!("\nwrote {}\n", names.join(", ")))?;
    }
    Ok(Exit::Ok)
}

/// The first example's inputs: `gold.jsonl` and `reads.jsonl` (paths inside the folder).
fn example_files(gold: &GoldSpan, reads: &[ReadSpan]) -> Result<Vec<(PathBuf, Vec<u8>)>> {
    let gold_line = serde_json::to_string(gold)? + "\n";
    let reads_lines: String = reads
        .iter()
        .map(|r| serde_json::to_string(r).expect("serialisable") + "\n")
        .collect();
    Ok(vec![
        (PathBuf::from("gold.jsonl"), gold_line.into_bytes()),
        (PathBuf::from("reads.jsonl"), reads_lines.into_bytes()),
    ])
}
