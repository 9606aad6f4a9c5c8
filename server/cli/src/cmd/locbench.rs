//! `readcov locbench`: code localizers in Loc-Bench / LocAgent's conventions — Acc@k, Recall@k,
//! NDCG@k and P@k at file, module and function level ([`readcov_core::locbench`]), for
//! localization outputs (LocAgent, retriever `docs`, Agentless; [`readcov_import::localization`])
//! against Loc-Bench gold (`file_changes`, `edit_functions`) or readcov's gold (gold JSONL, a
//! diff, SWE-bench rows) named through the workspace's units ([`readcov_units::locbench`]).
//! Load → name → evaluate → render. See docs/retrievers.md.

use crate::exit::Exit;
use crate::inputs::{load_gold, read_input, report_errors};
use crate::render::{ratio, Format, Table};
use anyhow::Result;
use clap::Args;
use readcov_core::locbench::{evaluate, LocLevel, LocResult, Names};
use readcov_core::retrieval::qrels::gold_lines_by_task;
use readcov_import::localization::{is_gold_record, parse_gold, parse_predictions, Localization};
use readcov_units::locbench::{defined_names, entity_at, names_of_lines};
use readcov_units::{FileSyntax, Unit};
use std::collections::BTreeMap;
use std::io::Write;
use std::path::{Path, PathBuf};

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
    /// File-level ks.
    #[arg(long, value_name = "K,...", default_value = "1,2,3,5", value_parser = Ks::parse)]
    pub k_file: Ks,
    /// Module-level ks.
    #[arg(long, value_name = "K,...", default_value = "5,10", value_parser = Ks::parse)]
    pub k_module: Ks,
    /// Function-level ks.
    #[arg(long, value_name = "K,...", default_value = "5,10", value_parser = Ks::parse)]
    pub k_function: Ks,
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
    let preds = parse_predictions(&read_input(&args.preds)?, &args.preds.display().to_string());
    report_errors(&preds.errors);
    let mut preds = preds.items;
    let gold = load_loc_gold(&args)?;
    if gold.is_empty() {
        say!("error: {}: no gold localizations", args.gold.display());
        return Ok(Exit::Input);
    }
    let mut missing = 0usize;
    for p in &mut preds {
        if let Some(units) = task_units(
            &args,
            &p.task,
            p.files.iter().chain(p.lines.iter().map(|(f, _)| f)),
        ) {
            name_lines(p, &units);
            missing += unknown(p, &units);
        }
    }
    if missing > 0 {
        say!(
            "note: {missing} predicted module/function name(s) are not defined in the workspace \
             (counted as misses, as LocAgent counts them)"
        );
    }
    let ks = [&args.k_file, &args.k_module, &args.k_function];
    let results: Vec<LocResult> = LocLevel::ALL
        .iter()
        .zip(ks)
        .map(|(&level, ks)| evaluate(level, &names(&gold, level), &names(&preds, level), &ks.0))
        .collect();
    let mut out = std::io::BufWriter::new(std::io::stdout().lock());
    render(&mut out, args.format, &results)?;
    out.flush()?;
    Ok(Exit::Ok)
}

/// Loc-Bench rows as they are, or readcov gold named through each task's units.
fn load_loc_gold(args: &LocbenchArgs) -> Result<Vec<Localization>> {
    let bytes = read_input(&args.gold)?;
    let first = String::from_utf8_lossy(&bytes)
        .lines()
        .find(|l| !l.trim().is_empty())
        .and_then(|l| serde_json::from_str::<serde_json::Value>(l).ok());
    if first.as_ref().is_some_and(is_gold_record) {
        let g = parse_gold(&bytes, &args.gold.display().to_string());
        report_errors(&g.errors);
        return Ok(g.items);
    }
    let spans = load_gold(&args.gold, None)?;
    report_errors(&spans.errors);
    let mut out = Vec::new();
    for (task, lines) in gold_lines_by_task(&spans.items, &readcov_core::UnknownLengths) {
        let units = task_units(args, task, lines.keys()).unwrap_or_default();
        if units.is_empty() {
            say!("warning: {task}: no units for its gold files (give --workspace or --workspaces): file level only");
        }
        let (files, modules, functions) = names_of_lines(&lines, &units);
        out.push(Localization {
            task: task.to_string(),
            files,
            modules,
            functions,
            shape: "readcov",
            ..Localization::default()
        });
    }
    Ok(out)
}

/// Units of `paths` in `task`'s workspace, if there is one.
fn task_units<'a>(
    args: &LocbenchArgs,
    task: &str,
    paths: impl Iterator<Item = &'a String>,
) -> Option<BTreeMap<String, Vec<Unit>>> {
    let dir: PathBuf = match (&args.workspace, &args.workspaces) {
        (Some(d), _) => d.clone(),
        (None, Some(d)) => readcov_files::task_dir(&readcov_files::canonical_dir(d).ok()?, task)?,
        (None, None) => return None,
    };
    let spans: Vec<readcov_core::GoldSpan> = paths
        .map(|p| readcov_core::GoldSpan {
            task: task.into(),
            ..readcov_core::GoldSpan::simple(p, 1, 1)
        })
        .collect();
    let syntax = readcov_files::syntax::load_syntax(Some(Path::new(&dir)), &spans);
    Some(
        syntax
            .into_iter()
            .filter_map(|(p, s)| match s {
                FileSyntax::Units { units, .. } => Some((p, units)),
                _ => None,
            })
            .collect(),
    )
}

/// Agentless `line: N` locations named (after the names the output gives), each once.
fn name_lines(p: &mut Localization, units: &BTreeMap<String, Vec<Unit>>) {
    for (file, line) in std::mem::take(&mut p.lines) {
        let Some((m, f)) = units.get(&file).and_then(|u| entity_at(u, line)) else {
            continue;
        };
        let (m, f) = (format!("{file}:{m}"), format!("{file}:{f}"));
        if !p.functions.contains(&f) {
            p.functions.push(f);
        }
        if !p.modules.contains(&m) {
            p.modules.push(m);
        }
    }
}

/// Predicted module and function names the workspace does not define (files it has units for).
fn unknown(p: &Localization, units: &BTreeMap<String, Vec<Unit>>) -> usize {
    p.modules
        .iter()
        .chain(&p.functions)
        .filter(|n| {
            let Some((file, name)) = n.rsplit_once(':') else {
                return false;
            };
            units
                .get(file)
                .is_some_and(|u| !defined_names(u).contains(name))
        })
        .count()
}

fn names(locs: &[Localization], level: LocLevel) -> Names {
    let mut out = Names::new();
    for l in locs {
        let v = match level {
            LocLevel::File => &l.files,
            LocLevel::Module => &l.modules,
            LocLevel::Function => &l.functions,
        };
        out.entry(l.task.clone())
            .or_default()
            .extend(v.iter().cloned());
    }
    out
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
