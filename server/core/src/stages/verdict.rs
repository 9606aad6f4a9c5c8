//! The verdict: the first stage that failed, in the order `no_change`, `search`, `read`,
//! `edit`, `change`, `tests`, then `none` — or `unknown` when the task has no gold, or when a
//! stage that could have failed could not be judged and none before it failed. Each comes with
//! a one-line reason built from the figures. Thresholds: `read` fails under the scoring
//! threshold (50% by default); `edit` fails when a gold change unit was not changed or when
//! fewer than [`EDIT_PRECISION_FLOOR`] of the changed units are gold change units.

use super::input::{Change, ChangeSource, HarnessStatus};
use super::model::{Stages, Verdict};

/// `edit` fails when less than this share of the changed units are gold change units ("most
/// changes elsewhere").
pub const EDIT_PRECISION_FLOOR: f64 = 0.5;

/// What the verdict is drawn from besides the stages' figures.
pub struct Facts<'a> {
    /// The task has gold lines.
    pub scored: bool,
    pub source: ChangeSource,
    pub run: Option<&'a Change>,
    pub gold: Option<&'a Change>,
    pub threshold: f64,
}

/// At most `n` names, then how many more.
fn some(names: &[String], n: usize) -> String {
    let mut s = names.iter().take(n).cloned().collect::<Vec<_>>().join(", ");
    if names.len() > n {
        s += &format!(" and {} more", names.len() - n);
    }
    s
}

/// The verdict and its reason.
pub fn verdict(f: &Facts, s: &Stages) -> (Verdict, String) {
    if !f.scored {
        return (Verdict::Unknown, "no gold lines for this task".into());
    }
    let decides = f.run.is_some_and(Change::decides);
    if f.run.is_some_and(|r| r.is_empty() && !decides) {
        let from = match f.source {
            ChangeSource::Patches => "its predictions entry",
            ChangeSource::Log => "its log's final patch",
            _ => "its replayed edits",
        };
        // A change whose every file was refused (a path out of the repository: `+++ b/../x`,
        // `/etc/x`) or unreadable is not empty: say why it changed no file of the repository.
        let refused = f.run.and_then(|r| r.not_applied.first());
        let why = match refused {
            Some(first) => format!("{from} changes no file of the repository: {first}"),
            None => format!("{from} is empty"),
        };
        return (
            Verdict::NoChange,
            format!("the run changed no file ({why})"),
        );
    }
    if let Some(r) = search(s) {
        return (Verdict::Search, r);
    }
    if let Some(r) = read(s, f.threshold) {
        return (Verdict::Read, r);
    }
    let mut undecided: Option<String> = None;
    match edit(f, s, decides) {
        Judged::Failed(r) => return (Verdict::Edit, r),
        Judged::Passed => match change(s) {
            Judged::Failed(r) => return (Verdict::Change, r),
            Judged::Passed => {}
            Judged::Not(why) => undecided = Some(why),
        },
        Judged::Not(why) => undecided = Some(why),
    }
    if let Some(r) = tests(s) {
        // The failing report is known, whether or not edit and change could be judged; when
        // they could not, the reason says so (`tests` alone reads as "edit and change passed").
        return match undecided {
            Some(why) => (
                Verdict::Tests,
                format!("{r}; an earlier stage was not judged: {why}"),
            ),
            None => (Verdict::Tests, r),
        };
    }
    match undecided {
        Some(why) => (Verdict::Unknown, format!("search and read passed; {why}")),
        None => {
            let tested = if s.tests.is_some() {
                "; the harness report shows no failing test"
            } else {
                ""
            };
            (
                Verdict::None,
                format!(
                    "opened every gold file, read every gold unit at or above {}, changed every gold change unit as the gold did{tested}",
                    crate::words::threshold(f.threshold)
                ),
            )
        }
    }
}

pub(super) enum Judged {
    Passed,
    Failed(String),
    /// Could not be judged, and why.
    Not(String),
}

pub(super) fn search(s: &Stages) -> Option<String> {
    let x = &s.search;
    (x.opened_gold_files < x.gold_files).then(|| {
        format!(
            "opened {} of {} gold files; never opened {}",
            x.opened_gold_files,
            x.gold_files,
            some(&x.never_opened, 3)
        )
    })
}

pub(super) fn read(s: &Stages, threshold: f64) -> Option<String> {
    let r = &s.read;
    if r.unit_coverage.is_some() {
        let worst = r.under_threshold.first()?;
        let more = match r.under_threshold.len() - 1 {
            0 => String::new(),
            k => format!("; {k} more gold unit(s) under the threshold"),
        };
        return Some(format!(
            "gold unit {}: {} of {} gold lines read ({} < {}){more}",
            worst.unit.describe(),
            worst.read_gold_lines,
            worst.gold_lines,
            crate::words::share(worst.coverage, Some(threshold)),
            crate::words::threshold(threshold)
        ));
    }
    let c = r.line_coverage?;
    (c < threshold).then(|| {
        format!(
            "line coverage {} < {} (no units known: read judged on lines)",
            crate::words::share(c, Some(threshold)),
            crate::words::threshold(threshold)
        )
    })
}

pub(super) fn edit(f: &Facts, s: &Stages, decides: bool) -> Judged {
    let e = &s.edit;
    let Some(run) = f.run else {
        return Judged::Not(
            "no change known (no --patches entry for the run, and no trajectory as --reads with a final patch, or with a workspace to replay its edits on)".into(),
        );
    };
    if decides {
        let lost = run
            .lost
            .iter()
            .find(|l| l.decides)
            .map_or("", |l| l.sentence.as_str());
        return Judged::Not(format!("the change is partial ({lost})"));
    }
    if f.gold.is_none() {
        return Judged::Not("the gold has no patch: edit and change need one".into());
    }
    let apart = || {
        let mut v: Vec<String> = e.new_files.clone();
        v.extend(e.test_files.iter().cloned());
        v
    };
    if run.files.is_empty() {
        return Judged::Failed(format!(
            "changed no base file, only new or test files ({})",
            some(&apart(), 3)
        ));
    }
    match (&e.gold_change_units, e.recall, e.precision) {
        (Some(units), Some(recall), precision) => {
            let missed: Vec<String> = (units.iter())
                .filter(|u| !u.changed)
                .map(|u| u.unit.describe())
                .collect();
            if recall < 1.0 {
                let hit = units.len() - missed.len();
                return Judged::Failed(format!(
                    "changed {hit} of {} gold change units; not {}",
                    units.len(),
                    some(&missed, 2)
                ));
            }
            match (precision, e.changed_units) {
                (Some(p), Some(n)) if p < EDIT_PRECISION_FLOOR => Judged::Failed(format!(
                    "{} of {n} changed units are not gold change units (precision {} < {})",
                    n - units.len(),
                    crate::words::share(p, Some(EDIT_PRECISION_FLOOR)),
                    crate::words::threshold(EDIT_PRECISION_FLOOR)
                )),
                _ => Judged::Passed,
            }
        }
        // No units known: the same rules per file.
        _ => {
            let (Some(fr), Some(fp)) = (e.file_recall, e.file_precision) else {
                return Judged::Not("the gold patch changes no base file".into());
            };
            let gold = f.gold.map_or(0, |g| g.files.len());
            if fr < 1.0 {
                let missed: Vec<String> = (f.gold.into_iter())
                    .flat_map(|g| g.files.keys())
                    .filter(|p| !run.files.contains_key(*p))
                    .cloned()
                    .collect();
                return Judged::Failed(format!(
                    "changed {} of {gold} gold change files; not {} (no units known: judged per file)",
                    gold - missed.len(),
                    some(&missed, 2)
                ));
            }
            if fp < EDIT_PRECISION_FLOOR {
                return Judged::Failed(format!(
                    "{} of {} changed files are not gold change files (no units known: judged per file)",
                    run.files.len() - gold,
                    run.files.len()
                ));
            }
            Judged::Passed
        }
    }
}

pub(super) fn change(s: &Stages) -> Judged {
    let Some(units) = &s.change.units else {
        return Judged::Not("units unknown (no workspace): the change cannot be compared".into());
    };
    if units.iter().any(|u| u.same.is_none()) {
        return Judged::Not(
            "a changed unit's text after the gold patch or the run's change is unknown (a patch that does not apply to the base file, or a file the workspace lacks)".into(),
        );
    }
    let differ: Vec<&super::model::ChangedUnit> =
        units.iter().filter(|u| u.same == Some(false)).collect();
    let Some(first) = differ.first() else {
        return Judged::Passed;
    };
    let more = match differ.len() - 1 {
        0 => String::new(),
        k => format!("; {k} more differ"),
    };
    Judged::Failed(format!(
        "changed all {} gold change units; `{}` ({}:{}-{}) differs from the gold's (token similarity {}){more}",
        units.len(),
        first.name,
        first.path,
        first.start,
        first.end,
        // "1.00" only for the same tokens: a unit that differs never reads as identical.
        crate::words::ratio(first.similarity.unwrap_or(0.0), None)
    ))
}

pub(super) fn tests(s: &Stages) -> Option<String> {
    let t = s.tests.as_ref()?;
    let mut parts = Vec::new();
    if !t.fail_to_pass_failing.is_empty() {
        parts.push(format!(
            "{} FAIL_TO_PASS test(s) still failing ({})",
            t.fail_to_pass_failing.len(),
            some(&t.fail_to_pass_failing, 2)
        ));
    }
    if !t.pass_to_pass_broken.is_empty() {
        parts.push(format!(
            "{} PASS_TO_PASS test(s) broken ({})",
            t.pass_to_pass_broken.len(),
            some(&t.pass_to_pass_broken, 2)
        ));
    }
    if t.patch_applied == Some(false) {
        parts.push("the patch did not apply in the harness".into());
    }
    if parts.is_empty() {
        match t.harness {
            Some(HarnessStatus::Unresolved) => {
                parts.push("the harness lists it as unresolved".into())
            }
            Some(HarnessStatus::Error) => parts.push("the harness lists it as an error".into()),
            Some(HarnessStatus::EmptyPatch) => {
                parts.push("the harness lists its patch as empty".into())
            }
            _ => {}
        }
    }
    (!parts.is_empty()).then(|| parts.join("; "))
}
