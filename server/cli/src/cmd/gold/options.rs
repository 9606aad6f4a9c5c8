//! `readcov gold`'s options checked against the source and format given: an option that would do
//! nothing there is refused, named with what it goes with, rather than silently ignored.

use super::{Expand, GoldArgs, GoldFormat};
use anyhow::Result;

/// Options of one source given with another. Checked here, not by clap's `requires`: a
/// requirement naming a member of the required `source` group is met by any member of it, so
/// `--from-diff P --tests` and `--from-swebench R --corpus C` passed (`--corpus` ignored).
pub(super) fn check(args: &GoldArgs) -> Result<()> {
    let wrong = [
        (
            "--corpus",
            args.corpus.is_some(),
            "--from-beir",
            args.from_beir.is_some(),
        ),
        (
            "--split",
            args.split.is_some(),
            "--from-beir",
            args.from_beir.is_some(),
        ),
        (
            "--tests",
            args.tests,
            "--from-swebench",
            args.from_swebench.is_some(),
        ),
    ];
    if let Some((flag, _, source, _)) = wrong
        .iter()
        .find(|(_, given, _, source)| *given && !*source)
    {
        anyhow::bail!("{flag} goes with {source} only");
    }
    check_options(args)
}

/// Options of one source or output given where they do nothing: refused, named with what they
/// go with (before session 29 each was accepted and changed nothing).
fn check_options(args: &GoldArgs) -> Result<()> {
    let patches = args.from_diff.is_some() || args.from_swebench.is_some();
    let runs = args.from_runs.is_some();
    let expands = args.expand == Expand::Units || args.tests;
    let wrong = [
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
        (
            "--anchor",
            args.anchor.is_some(),
            "--from-diff or --from-swebench",
            patches,
        ),
        (
            "--exclude-tests",
            args.exclude_tests,
            "--from-diff or --from-swebench",
            patches,
        ),
        (
            "--expand units",
            args.expand == Expand::Units,
            "--from-diff or --from-swebench",
            patches,
        ),
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
    ];
    match wrong.iter().find(|(_, given, _, ok)| *given && !*ok) {
        Some((flag, _, with, _)) => anyhow::bail!("{flag} goes with {with} only"),
        None => Ok(()),
    }
}
