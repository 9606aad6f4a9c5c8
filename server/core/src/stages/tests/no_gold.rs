//! A run of a task with no gold lines (tests/data/real's three swe-agent-java runs beside its
//! SWE-bench gold, which has none of their tasks): nothing to find and nothing to read, so the
//! search and unit precisions are `null` as docs/diagnose.md says of every figure without gold
//! — not 0.0, which the summary averaged in: before session 34 the real data's `*` group had
//! search precision 0.49 over 18 runs, three of them these 0.0s (0.59 over the 15 with gold).

use super::*;
use crate::stages::summary::DiagnosePartial;

#[test]
fn no_gold_leaves_search_and_unit_precision_null_and_out_of_the_means() {
    let s = diagnose_one(case(), &[]);
    let (search, read) = (&s.stages.search, &s.stages.read);
    assert_eq!((search.gold_files, search.opened_files), (0, 1));
    assert_eq!((search.recall, search.precision), (None, None));
    // Units are known (six read) but none is gold.
    assert_eq!((read.gold_units, read.units_read), (Some(0), Some(6)));
    assert_eq!((read.unit_coverage, read.unit_precision), (None, None));
    let with_gold = check(
        case(),
        Verdict::None,
        "opened every gold file, read every gold unit at or above 50%, changed every gold change unit as the gold did",
    );
    let mut p = DiagnosePartial::new(0.5, "run");
    p.add("r", &s);
    p.add("r", &with_gold);
    let sums = &p.groups["r"].figures;
    assert_eq!(sums["search_precision"].n, 1, "only the run with gold");
    assert_eq!(sums["unit_precision"].n, 1);
}
