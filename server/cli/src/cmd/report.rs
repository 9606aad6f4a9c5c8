//! `readcov report`: scores reads against gold and writes the self-contained HTML report, an LCOV
//! tracefile of read lines and/or a SARIF 2.1.0 log of gold spans under the threshold. Prints the
//! summary (and, with outcome labels, the resolve rate by coverage bucket) on stdout. With
//! `readcov diagnose`'s inputs (`--patches`, `--test-report`), where each run failed. Arguments
//! checked, then one library call (`readcov_files::report::load_and_build`, Python's too) that
//! loads and builds, its notes and located errors printed as they come, then the writers.

use crate::args::RunFileArg;
use crate::cmd::diagnose::args::RunInputArgs;
use crate::exit::Exit;
use crate::inputs::{report_errors, workspace_root};
use crate::output::{is_stdout, write_output};
use crate::render::{percent, ratio, Table};
use anyhow::Result;
use clap::Args;
use readcov_files::input::Source;
use readcov_files::report::{
    lcov_warnings, load_and_build, Built, ReportSettings, ReportSources, Said, SheetSources,
    StageSources,
};
use readcov_report::lcov::LcovOptions;
use readcov_report::{html, lcov, sarif, Report};
use std::path::{Path, PathBuf};

#[derive(Args, Debug)]
#[command(group(clap::ArgGroup::new("outputs").required(true).multiple(true).args(["html", "lcov", "sarif"])))]
pub struct ReportArgs {
    /// Gold JSONL: {"task","path","start","end"} per line (see docs/formats.md). Repeat as
    /// `--gold NAME=FILE` for each run's coverage and verdict under each gold set, a summary per
    /// set and, with --outcomes, resolve rate by coverage per set (the first one is the report's
    /// gold).
    #[arg(long, value_name = "[NAME=]FILE", required = true, value_parser = super::score::GoldArg::parse)]
    pub gold: Vec<super::score::GoldArg>,
    // Reads, workspaces, threshold, sources, labels, `--patches` and `--test-report` (for where
    // each run failed): as `diagnose` and `explain` take them.
    #[command(flatten)]
    pub inputs: RunInputArgs,
    /// With --html: syntax units JSONL ({"path","name","start","end", optional "kind","task"})
    /// for the page's drill-down.
    #[arg(long, value_name = "FILE")]
    pub units: Option<PathBuf>,
    /// With --html: run records JSONL (as for `readcov sheet`): adds the evaluation sheet's
    /// per-condition aggregate to the HTML page, graded with this report's gold and reads.
    #[arg(long, value_name = "FILE")]
    pub runs: Option<PathBuf>,
    /// With --runs: the requirement ledger JSONL.
    #[arg(long, value_name = "FILE", requires = "runs")]
    pub ledger: Option<PathBuf>,
    /// With --runs: tasks JSONL declaring each task's required axes.
    #[arg(long, value_name = "FILE", requires = "runs")]
    pub tasks: Option<PathBuf>,
    /// With --runs: the k values for pass^k and pass@k.
    #[arg(long, value_delimiter = ',', default_value = "1", value_parser = clap::value_parser!(u32).range(1..), requires = "runs")]
    pub k: Vec<u32>,
    /// With --html: the page's title (default: readcov report).
    #[arg(long)]
    pub title: Option<String>,
    /// With --html: retrieval at k (e.g. `1,3,5,10`): adds the file hit@k and coverage@k curves with the wall,
    /// scoring only each task's chunks of rank ≤ k (docs/retrievers.md).
    #[arg(long, value_name = "K,...", value_parser = clap::value_parser!(AtKs))]
    pub at_k: Option<AtKs>,
    /// Write the self-contained HTML report here.
    #[arg(long, value_name = "FILE")]
    pub html: Option<PathBuf>,
    /// Write read lines as an LCOV tracefile here.
    #[arg(long, value_name = "FILE")]
    pub lcov: Option<PathBuf>,
    /// In the LCOV file, also write gold lines nobody read as zero-hit lines.
    #[arg(long, requires = "lcov")]
    pub lcov_gold_unread: bool,
    /// Write gold spans under the threshold as a SARIF 2.1.0 log here.
    #[arg(long, value_name = "FILE")]
    pub sarif: Option<PathBuf>,
    /// Leave out where runs failed (the verdicts per run label, the stage table and each run's
    /// stages and change in its drill-down).
    #[arg(long, conflicts_with_all = ["patches", "test_report"])]
    pub no_stages: bool,
}

/// `--at-k`: the ks, sorted, each once (a newtype, so clap takes one value, not a list).
#[derive(Clone, Debug)]
pub struct AtKs(pub Vec<u32>);

impl std::str::FromStr for AtKs {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        readcov_core::retrieval::parse_ks(s).map(AtKs)
    }
}

/// What only the HTML page shows, given without `--html`: refused (before session 29 it was
/// accepted and changed nothing in the LCOV, the SARIF or the summary).
fn check_html_only(args: &ReportArgs) -> Result<()> {
    let html = args.html.is_some();
    crate::args::refuse_idle(&[
        ("--runs", args.runs.is_some(), "--html", html),
        ("--title", args.title.is_some(), "--html", html),
        ("--at-k", args.at_k.is_some(), "--html", html),
        // The drill-down is the page's: LCOV, SARIF and the summary were the same (session 30).
        ("--units", args.units.is_some(), "--html", html),
    ])
}

pub fn run(args: ReportArgs) -> Result<Exit> {
    check_html_only(&args)?;
    // `--html -` wrote a file named `-`: `-` is standard output now (the summary then goes to
    // stderr), for one output at most; no output may be an input or share a file with another.
    let outputs: Vec<(&str, &Path)> = [
        ("--html", &args.html),
        ("--lcov", &args.lcov),
        ("--sarif", &args.sarif),
    ]
    .into_iter()
    .filter_map(|(flag, p)| Some((flag, p.as_deref()?)))
    .collect();
    let mut inputs: Vec<&Path> = args.gold.iter().map(|g| g.path.as_path()).collect();
    inputs.push(&args.inputs.reads);
    inputs.extend(args.inputs.outcomes.iter().map(|o| o.path.as_path()));
    let optional = [&args.units, &args.runs, &args.ledger, &args.tasks];
    inputs.extend(optional.iter().filter_map(|p| p.as_deref()));
    inputs.extend(args.inputs.patches.iter().map(PathBuf::as_path));
    inputs.extend(args.inputs.test_report.iter().map(|r| r.path.as_path()));
    crate::output::check(&outputs, &inputs, false)?;
    let ws = workspace_root(args.inputs.workspace.as_deref())?;
    // One library call loads and builds; what loading says is printed as it comes.
    let path = |p: &PathBuf| Source::Path(p.clone());
    let golds: Vec<(Option<String>, Source)> = (args.gold.iter())
        .map(|g| (g.name.clone(), path(&g.path)))
        .collect();
    let (reads, units) = (path(&args.inputs.reads), args.units.as_ref().map(path));
    let outcomes: Vec<_> = args
        .inputs
        .outcomes
        .iter()
        .map(RunFileArg::source)
        .collect();
    let (runs, ledger, tasks) = (
        args.runs.as_ref().map(path),
        args.ledger.as_ref().map(path),
        args.tasks.as_ref().map(path),
    );
    let beside = args.inputs.beside_sources();
    let sources = ReportSources {
        golds: &golds,
        reads: &reads,
        outcomes: &outcomes,
        units: units.as_ref(),
        // The sheet is a section of the HTML page only.
        sheet: (runs.as_ref())
            .filter(|_| args.html.is_some())
            .map(|runs| SheetSources {
                runs,
                ledger: ledger.as_ref(),
                tasks: tasks.as_ref(),
                ks: &args.k,
            }),
        stages: (!args.no_stages).then_some(StageSources {
            patches: &beside.patches,
            test_reports: &beside.test_reports,
        }),
    };
    let settings = ReportSettings {
        title: (args.title.as_deref().unwrap_or("readcov report")).to_string(),
        opts: args.inputs.options(true),
        at_k: args.at_k.as_ref().map(|k| k.0.as_slice()),
        root: ws.as_deref(),
        workspace: args.inputs.workspace.as_deref(),
        workspaces: args.inputs.workspaces.as_deref(),
        threads: readcov_core::par::threads_for(0, usize::MAX),
        require_reads: true,
    };
    let Built {
        report,
        sheet,
        errors,
    } = load_and_build(&sources, &settings, &mut say_loaded)?;
    if let Some(p) = &args.html {
        write(p, &html::render_with_sheet(&report, sheet.as_ref()))?;
    }
    if let Some(p) = &args.lcov {
        let opts = LcovOptions {
            gold_unread: args.lcov_gold_unread,
        };
        let out = lcov::render(&report, opts);
        for w in lcov_warnings(&out.skipped) {
            say!("{w}");
        }
        write(p, &out.text)?;
    }
    if let Some(p) = &args.sarif {
        write(p, &sarif::render(&report, ws.as_deref()))?;
    }
    match outputs.iter().any(|(_, p)| is_stdout(Some(p))) {
        true => eprint!("{}", summary(&report, &args)),
        false => crate::output::print(&summary(&report, &args))?,
    }
    if errors > 0 {
        say!("{errors} input error(s) skipped; the report covers the lines that were valid");
    }
    Ok(Exit::Ok)
}

/// What loading says, on stderr as it comes (the gold sets' notes and errors as `score` says
/// them); `sheet` prints its loading so too.
pub(crate) fn say_loaded(said: Said) {
    match said {
        Said::Notes(notes) | Said::SetNotes(notes) => notes.iter().for_each(|n| say!("{n}")),
        Said::Errors(errors) | Said::SetErrors(errors) => {
            report_errors(errors);
        }
        Said::Warning(w) => say!("{w}"),
    }
}

/// A report file, replaced whole (or standard output for `-`).
fn write(path: &Path, text: &str) -> Result<()> {
    write_output(Some(path), text.as_bytes())
}

/// What was written, the headline figures, and the resolve-rate table when labels were given.
fn summary(r: &Report, args: &ReportArgs) -> String {
    let t = &r.totals;
    let mut out = format!(
        "report: {} task(s), {} run(s), {} row(s) ({} scored) · mean file_hit {} · mean line_coverage {} · {}/{} at or above {}{}\n",
        r.tasks,
        r.runs,
        t.rows,
        t.scored,
        ratio(t.mean_file_hit),
        ratio(t.mean_line_coverage),
        t.passing,
        t.scored,
        readcov_core::words::threshold(r.threshold),
        t.not_scored_note(),
    );
    if let Some(b) = &r.buckets {
        out += &format!(
            "\nresolve rate by line coverage ({} labelled scored row(s))\n",
            r.labelled_runs
        );
        let mut table = Table::new(
            &[
                "line coverage",
                "runs",
                "resolved",
                "resolve rate",
                "no label",
            ],
            &[0],
        );
        for x in b {
            table.row(vec![
                x.label(),
                x.labelled.to_string(),
                x.resolved.to_string(),
                percent(x.rate),
                x.unlabelled.to_string(),
            ]);
        }
        out += &table.render();
    }
    if let Some(d) = &r.diagnosis {
        out += "\nwhere runs failed (first failed stage per run, as `readcov diagnose`)\n";
        out += &crate::cmd::diagnose::summary_table(&d.summary);
    }
    for (what, p) in [
        ("html", &args.html),
        ("lcov", &args.lcov),
        ("sarif", &args.sarif),
    ] {
        match p.as_deref() {
            Some(p) if p == std::path::Path::new("-") => {
                out += &format!("wrote {what}: standard output\n");
            }
            Some(p) => out += &format!("wrote {what}: {}\n", p.display()),
            None => {}
        }
    }
    out
}
