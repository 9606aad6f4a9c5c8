//! Each stage judged on its own — passed, failed or not judged — for the report's stage table
//! ("how many runs of this agent got the edit right"), by the very rules the verdict applies in
//! order (`verdict.rs`): the verdict is the first failure; a mark is each stage's own outcome, so
//! a run that never opened a gold file can still have changed the right function.

use super::input::Change;
use super::model::{Mark, StageMarks, Stages};
use super::verdict::{self, Facts, Judged};

fn mark(j: Judged) -> Mark {
    match j {
        Judged::Passed => Mark::Passed,
        Judged::Failed(_) => Mark::Failed,
        Judged::Not(_) => Mark::NotJudged,
    }
}

/// A failure message (`Some`) as a mark.
fn failed(reason: Option<String>) -> Mark {
    match reason {
        Some(_) => Mark::Failed,
        None => Mark::Passed,
    }
}

/// The marks of one run. Without gold lines nothing is judged. `change` is judged over the gold
/// change units the run changed, so it is not judged when it changed none of them (or when edit
/// could not be judged: no change known, a partial change that decides, no gold patch).
pub fn marks(f: &Facts, s: &Stages) -> StageMarks {
    if !f.scored {
        return StageMarks::default();
    }
    let decides = f.run.is_some_and(Change::decides);
    let read = match (s.read.unit_coverage, s.read.line_coverage) {
        (None, None) => Mark::NotJudged,
        _ => failed(verdict::read(s, f.threshold)),
    };
    let edit = mark(verdict::edit(f, s, decides));
    let changed_gold = (s.edit.gold_change_units.iter().flatten()).any(|u| u.changed);
    let change = match edit {
        Mark::NotJudged => Mark::NotJudged,
        _ if !changed_gold => Mark::NotJudged,
        _ => mark(verdict::change(s)),
    };
    let tests = match &s.tests {
        None => Mark::NotJudged,
        Some(_) => failed(verdict::tests(s)),
    };
    StageMarks {
        search: failed(verdict::search(s)),
        read,
        edit,
        change,
        tests,
    }
}
