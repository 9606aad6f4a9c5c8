//! `readcov gold`'s options checked against the source and format given: an option that would do
//! nothing there is refused, named with what it goes with, rather than silently ignored.

use super::{Expand, GoldArgs, GoldFormat};
use crate::args::refuse_idle;
use anyhow::Result;

/// Options given where they do nothing: of one source with another, or of a definition or
/// format not asked for. Checked here, not by clap's `requires`: a requirement naming a member of
/// the required `source` group is met by any member of it, so `--from-diff P --tests` and
/// `--from-swebench R --corpus C` passed (`--corpus` ignored); the others were accepted and
/// changed nothing before session 29.
pub(super) fn check(args: &GoldArgs) -> Result<()> {
    let beir = args.from_beir.is_some();
    let patches = args.from_diff.is_some() || args.from_swebench.is_some();
    let runs = args.from_runs.is_some();
    let expands = args.expand == Expand::Units || args.tests;
    let units = args.expand == Expand::Units;
    let from_patches = "--from-diff or --from-swebench";
    // A qrels file is its own split: `--split` picks a file in a dataset folder only (session 30:
    // beside a file it was taken and changed nothing). A path that is not there is not refused
    // here: the load says it is missing, which is the news.
    let beir_file = args
        .from_beir
        .as_deref()
        .is_some_and(std::path::Path::is_file);
    refuse_idle(&[
        ("--corpus", args.corpus.is_some(), "--from-beir", beir),
        ("--split", args.split.is_some(), "--from-beir", beir),
        (
            "--split",
            args.split.is_some(),
            "a --from-beir dataset folder (a qrels file is its own split)",
            !beir_file,
        ),
        (
            "--tests",
            args.tests,
            "--from-swebench",
            args.from_swebench.is_some(),
        ),
        (
            "--task",
            args.task.is_some(),
            "--from-diff",
            args.from_diff.is_some(),
        ),
        ("--outcomes", !args.outcomes.is_empty(), "--from-runs", runs),
        ("--agree", args.agree.is_some(), "--from-runs", runs),
        ("--min-runs", args.min_runs.is_some(), "--from-runs", runs),
        ("--optional", args.optional, "--from-runs", runs),
        ("--anchor", args.anchor.is_some(), from_patches, patches),
        ("--exclude-tests", args.exclude_tests, from_patches, patches),
        ("--expand units", units, from_patches, patches),
        (
            "--max-unit",
            args.max_unit.is_some(),
            "--expand units or --tests",
            expands,
        ),
        (
            "--window",
            args.window.is_some(),
            "--expand units or --tests",
            expands,
        ),
        (
            "--level",
            args.level.is_some(),
            "--format qrels",
            args.format == GoldFormat::Qrels,
        ),
    ])
}
