//! The multi-turn evaluation sheet: per-turn coverage, requirement ledger, validity, strict
//! success and pass^k with honest denominators (see `docs/evaluation.md`).
//!
//! Three things are scored separately and never blended: whether the trial was a valid test
//! ([`grade`](mod@grade)), whether the agent tracked the requirements as they changed ([`ledger`],
//! [`timeline`]), and whether the final result is right (the evidence axes in [`record`]).

pub mod aggregate;
pub mod audit;
pub mod before_edit;
pub mod evaluate;
pub mod events;
pub mod grade;
pub mod ledger;
pub mod partial;
pub mod pass_sets;
pub mod passk;
pub mod record;
pub mod timeline;
pub mod trial;
pub mod unreadable;

#[cfg(test)]
mod test_support;
#[cfg(test)]
mod tests;

pub use aggregate::{denominators, ConditionCounts, ConditionSummary, Denominators, TaskCounts};
pub use audit::{AxisCounts, Breakdown, CodeCounts, CountedAttribution, ValidatorAudit};
pub use before_edit::{
    parse_units, read_before_edit, read_before_edit_by_run, units_by_file, NoUnits, ReadBeforeEdit,
    Units, WINDOW_LINES,
};
pub use evaluate::{evaluate, RunSheet, Sheet, SheetInput, DEFAULT_REQUIRED};
pub use grade::{grade, AxisValue, Grade, RunStatus};
pub use ledger::{parse_ledger, Ledger, LedgerEvent, LedgerKind};
pub use partial::SheetPartial;
pub use pass_sets::{pass_k, CommonSets, PassK};
pub use passk::{pass_at_k, pass_hat_k, PassKError};
pub use record::{parse_axes, parse_tasks, Axis, RunRecord, TaskAxes, Validity};
pub use trial::{Termination, Trial};
pub use unreadable::{parse_run_file, parse_runs, RunFile, UnreadableRun};
