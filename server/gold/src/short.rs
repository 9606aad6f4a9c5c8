//! Why a consensus build has no gold: fewer resolved runs than it needs, and which option asked
//! for them, so a note names the real cause (`--agree K` above `--min-runs` is the agreement, not
//! the run count) and counts a task and a leave-one-out run under different kinds.

use crate::{Agree, ConsensusOptions, NoteKind};

/// Which option a build with too few resolved runs fell short of.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Cause {
    MinRuns,
    Agree,
}

/// Too few resolved runs for a build: how many it had, how many it needed and which option
/// asked for them (`--agree K` only when K is above `--min-runs`). A build needs one run even
/// with `--min-runs 0`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Short {
    pub have: usize,
    pub need: u32,
    pub cause: Cause,
    /// The option's value as given.
    pub given: u32,
}

impl Short {
    /// `Some` when `have` runs are too few under `opts`.
    pub(crate) fn of(have: usize, opts: &ConsensusOptions) -> Option<Short> {
        let (given, cause) = match opts.agree {
            Agree::AtLeast(k) if k > opts.min_runs => (k, Cause::Agree),
            _ => (opts.min_runs, Cause::MinRuns),
        };
        let need = given.max(1);
        ((have as u64) < u64::from(need)).then_some(Short {
            have,
            need,
            cause,
            given,
        })
    }

    /// The note kind a shortfall is counted under: a task's, or one leave-one-out run's.
    pub(crate) fn kind(&self, leave_one_out: bool) -> NoteKind {
        match (self.cause, leave_one_out) {
            (Cause::MinRuns, false) => NoteKind::TooFewRuns,
            (Cause::Agree, false) => NoteKind::FewerThanAgree,
            (Cause::MinRuns, true) => NoteKind::LeaveOneOutTooFew,
            (Cause::Agree, true) => NoteKind::LeaveOneOutFewerThanAgree,
        }
    }

    /// "--agree 3 needs 3" or "--min-runs 2 needs 2": the option that left the build out.
    pub(crate) fn option(&self) -> String {
        let name = match self.cause {
            Cause::MinRuns => "--min-runs",
            Cause::Agree => "--agree",
        };
        format!("{name} {} needs {}", self.given, self.need)
    }
}
