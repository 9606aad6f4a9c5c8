//! `readcov gold --from-beir DIR|QRELS`: gold from BEIR-style relevance judgments (corpus ids
//! mapped to spans through `corpus.jsonl`), written as gold JSONL or as qrels at `--level`.

use super::{qrels, GoldArgs, GoldFormat};
use crate::inputs::{canonical_dir, read_input};
use anyhow::{bail, Result};
use readcov_files::beir::{load_corpus, locate};
use readcov_files::gold_files::Workspaces;
use readcov_gold::{beir_gold, Built};
use readcov_import::chunks::beir::{parse_qrels, parse_queries};

pub fn from_beir(args: &GoldArgs) -> Result<(String, Built)> {
    let Some(path) = &args.from_beir else {
        bail!("--from-beir needs a BEIR folder or a qrels file");
    };
    if args.expand != super::Expand::Edit || args.tests {
        bail!("--from-beir gold is the judged documents' lines: --expand and --tests do not apply");
    }
    let found = locate(path, args.corpus.as_deref(), &args.split)?;
    let (corpus, mut errors) = load_corpus(&found.corpus)?;
    let queries = match &found.queries {
        Some(q) => {
            let (ids, errs) = parse_queries(&read_input(q)?, &q.display().to_string());
            errors.extend(errs);
            Some(ids)
        }
        None => None,
    };
    let name = found.qrels.display().to_string();
    let judged = parse_qrels(&read_input(&found.qrels)?, &name);
    errors.extend(judged.errors);
    let files = Workspaces {
        one: args.workspace.as_deref().map(canonical_dir).transpose()?,
        per_task: args.workspaces.as_deref().map(canonical_dir).transpose()?,
    };
    let mut built = beir_gold(&judged.items, &corpus, queries.as_ref(), &files, &name);
    errors.append(&mut built.errors);
    built.errors = errors;
    let text = match args.format {
        GoldFormat::Jsonl => super::jsonl(&built)?,
        GoldFormat::Qrels => {
            let spans: Vec<_> = built.rows.iter().map(|r| r.span()).collect();
            qrels::qrels(&spans, args.level, &files)?
        }
        GoldFormat::SweExplore => bail!("--format swe-explore needs --from-runs (consensus gold)"),
    };
    Ok((text, built))
}
