//! `readcov gold --from-beir DIR|QRELS`: gold from BEIR-style relevance judgments (corpus ids
//! mapped to spans through `corpus.jsonl`, `readcov_files::beir_gold`), written as gold JSONL or
//! as qrels at `--level`.

use super::{qrels, GoldArgs, GoldFormat};
use crate::inputs::canonical_dir;
use anyhow::{bail, Result};
use readcov_files::beir_gold::gold_from_beir;
use readcov_files::gold_files::Workspaces;
use readcov_gold::Built;

pub fn from_beir(args: &GoldArgs) -> Result<(String, Built)> {
    let Some(path) = &args.from_beir else {
        bail!("--from-beir needs a BEIR folder or a qrels file");
    };
    if args.expand != super::Expand::Edit || args.tests {
        bail!("--from-beir gold is the judged documents' lines: --expand and --tests do not apply");
    }
    let files = Workspaces {
        one: args.workspace.as_deref().map(canonical_dir).transpose()?,
        per_task: args.workspaces.as_deref().map(canonical_dir).transpose()?,
    };
    let split = args.split.as_deref().unwrap_or("test");
    let built = gold_from_beir(path, args.corpus.as_deref(), split, &files)?;
    let text = match args.format {
        GoldFormat::Jsonl => super::jsonl(&built)?,
        GoldFormat::Qrels => {
            let spans: Vec<_> = built.rows.iter().map(|r| r.span()).collect();
            qrels::qrels(&spans, args.level(), &files)?
        }
        GoldFormat::SweExplore => bail!("--format swe-explore needs --from-runs (consensus gold)"),
    };
    Ok((text, built))
}
