//! `readcov locbench`: code localizers in Loc-Bench / LocAgent's conventions — Acc@k, Recall@k,
//! NDCG@k and P@k at file, module and function level ([`readcov_core::locbench`]), for
//! localization outputs (LocAgent, retriever `docs`, Agentless; [`readcov_import::localization`])
//! against Loc-Bench gold (`file_changes`, `edit_functions`) or readcov's gold (gold JSONL, a
//! diff, SWE-bench rows) named through the workspace's units ([`readcov_units::locbench`]).
//! Arguments → [`readcov_files::locbench`] (load, name, evaluate; shared with Python) → render.
//! See docs/retrievers.md.

use crate::exit::Exit;
use crate::inputs::report_errors;
use crate::render::{ratio, Format, Table};
use anyhow::Result;
use clap::Args;
use readcov_core::locbench::LocResult;
use readcov_files::input::Source;
use readcov_files::locbench::{locbench, LocbenchError, LocbenchInput};
use std::io::Write;
use std::path::PathBuf;

#[derive(Args, Debug)]
pub struct LocbenchArgs {
    /// Gold: Loc-Bench rows (`file_changes` or `edit_functions`), or readcov gold (gold JSONL,
    /// a diff, SWE-bench rows: named through the workspace's units).
    #[arg(long, value_name = "FILE")]
    pub gold: PathBuf,
    /// Localization outputs (JSONL): LocAgent `found_files/found_modules/found_entities`,
    /// retriever `docs`, or Agentless `found_files` + `found_edit_locs`/`found_related_locs`.
    #[arg(long, value_name = "FILE")]
    pub preds: PathBuf,
    /// Repository at the base commit (names readcov gold and Agentless `line:` locations).
    #[arg(long, value_name = "DIR", conflicts_with = "workspaces")]
    pub workspace: Option<PathBuf>,
    /// One workspace per task: DIR/<task>/.
    #[arg(long, value_name = "DIR")]
    pub workspaces: Option<PathBuf>,
    /// File-level ks [default: 1,2,3,5]. Given for a level no task has gold at, this option and
    /// the two below are refused (readcov gold without --workspace or --workspaces names files
    /// only).
    #[arg(long, value_name = "K,...", value_parser = Ks::parse)]
    pub k_file: Option<Ks>,
    /// Module-level ks [default: 5,10].
    #[arg(long, value_name = "K,...", value_parser = Ks::parse)]
    pub k_module: Option<Ks>,
    /// Function-level ks [default: 5,10].
    #[arg(long, value_name = "K,...", value_parser = Ks::parse)]
    pub k_function: Option<Ks>,
    #[arg(long, value_enum, default_value_t = Format::Table)]
    pub format: Format,
}

/// A list of ks (a newtype, so clap takes one value).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Ks(pub Vec<u32>);

impl Ks {
    pub fn parse(s: &str) -> Result<Ks, String> {
        readcov_core::retrieval::parse_ks(s).map(Ks)
    }
}

pub fn run(args: LocbenchArgs) -> Result<Exit> {
    let input = LocbenchInput {
        gold: Source::Path(args.gold),
        preds: Source::Path(args.preds),
        workspace: args.workspace,
        workspaces: args.workspaces,
        ks: [args.k_file, args.k_module, args.k_function].map(|ks| ks.map(|k| k.0)),
    };
    let done = match locbench(&input) {
        Ok(done) => done,
        Err(LocbenchError::Nothing { message, errors }) => {
            report_errors(&errors);
            say!("error: {message}");
            return Ok(Exit::Input);
        }
        Err(LocbenchError::Load(e)) => return Err(e.into()),
    };
    report_errors(&done.errors);
    for note in &done.notes {
        say!("{note}");
    }
    // Cutoffs given for a level no task has gold at changed nothing (session 30: taken silently).
    if let Some(level) = done.ks_without_gold(&input) {
        let l = level.label();
        anyhow::bail!(
            "--k-{l}: no task has gold at {l} level, so its ks change nothing (readcov gold is \
             named at module and function level through --workspace or --workspaces)"
        );
    }
    let mut out = std::io::BufWriter::new(std::io::stdout().lock());
    render(&mut out, args.format, &done.results)?;
    out.flush()?;
    Ok(Exit::Ok)
}

fn render(out: &mut impl Write, format: Format, results: &[LocResult]) -> Result<()> {
    match format {
        Format::Json => {
            serde_json::to_writer_pretty(&mut *out, &serde_json::json!({ "levels": results }))?;
            writeln!(out)?;
        }
        Format::Jsonl => {
            for r in results {
                for row in &r.rows {
                    let mut v = serde_json::to_value(row)?;
                    v["level"] = r.level.label().into();
                    serde_json::to_writer(&mut *out, &v)?;
                    writeln!(out)?;
                }
                let all = serde_json::json!({"level": r.level.label(), "task": "all",
                    "instances": r.instances, "metrics": r.means});
                serde_json::to_writer(&mut *out, &all)?;
                writeln!(out)?;
            }
        }
        Format::Csv | Format::Table => {
            let mut t = Table::new(
                &[
                    "level",
                    "k",
                    "instances",
                    "Acc@k",
                    "Recall@k",
                    "NDCG@k",
                    "P@k",
                ],
                &[],
            );
            for r in results {
                for k in &r.ks {
                    let get = |m: &str| ratio(r.means.get(&format!("{m}@{k}")).copied());
                    t.row(vec![
                        r.level.label().into(),
                        k.to_string(),
                        r.instances.to_string(),
                        get("Acc"),
                        get("Recall"),
                        get("NDCG"),
                        get("P"),
                    ]);
                }
            }
            if format == Format::Csv {
                writeln!(out, "level,k,instances,Acc,Recall,NDCG,P")?;
                for r in results {
                    for k in &r.ks {
                        let get = |m: &str| {
                            r.means
                                .get(&format!("{m}@{k}"))
                                .map_or(String::new(), |x| x.to_string())
                        };
                        let cells = [get("Acc"), get("Recall"), get("NDCG"), get("P")];
                        writeln!(
                            out,
                            "{},{k},{},{}",
                            r.level.label(),
                            r.instances,
                            cells.join(",")
                        )?;
                    }
                }
            } else {
                write!(out, "{}", t.render())?;
                writeln!(
                    out,
                    "\nLocAgent's definitions (docs/retrievers.md): Acc@k = the top k hold min(|gold|, k) gold names;\n\
                     Recall@k over min(|gold|, max k); means over instances with gold at that level."
                )?;
            }
        }
    }
    Ok(())
}
