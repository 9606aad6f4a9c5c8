//! Checks a partial aggregate read from a file (or handed over by Python) before it is merged:
//! a partial readcov did not write — counters near 2^64 that wrap when added, a mean coverage of
//! 1.5e19, more passing rows than rows — is refused with what is wrong, never merged into a
//! total printed with exit 0. Every count is bounded, so no merge of up to [`MAX_PARTIALS`]
//! partials can overflow; the sums of ratios are bounded by their counts; the counts add up.

use crate::partial::Partial;
use crate::sheet::aggregate::{ConditionCounts, Denominators};
use crate::stages::{GroupSums, Verdict};
use std::collections::BTreeMap;

/// No count in a partial is larger (10^12: far beyond any corpus; 2^20 of them still add up
/// within a u64, and their sums of ratios within a u128).
pub const MAX_COUNT: u64 = 1 << 40;
/// At most this many partials merge at once.
pub const MAX_PARTIALS: usize = 1 << 20;

/// Every integer in the partial's JSON is at most [`MAX_COUNT`]; the error names its key.
pub fn check_numbers(v: &serde_json::Value) -> Result<(), String> {
    use serde_json::Value;
    // An explicit stack: the nesting of a hostile file costs no recursion.
    let mut stack: Vec<(&str, &Value)> = vec![("", v)];
    while let Some((key, v)) = stack.pop() {
        match v {
            Value::Number(n) if n.as_u64().is_some_and(|n| n > MAX_COUNT) => {
                return Err(format!(
                    "field `{key}`: {n} is larger than any count readcov writes ({MAX_COUNT})"
                ))
            }
            Value::Array(a) => stack.extend(a.iter().map(|x| (key, x))),
            Value::Object(o) => stack.extend(o.iter().map(|(k, x)| (k.as_str(), x))),
            _ => {}
        }
    }
    Ok(())
}

fn need(ok: bool, why: impl FnOnce() -> String) -> Result<(), String> {
    if ok {
        Ok(())
    } else {
        Err(format!("{}: not a partial readcov wrote", why()))
    }
}

fn threshold(t: f64) -> Result<(), String> {
    need((0.0..=1.0).contains(&t), || {
        format!("threshold {t} is not in [0, 1]")
    })
}

/// The counts of one partial add up.
pub fn check(p: &Partial) -> Result<(), String> {
    match p {
        Partial::Score {
            threshold: t,
            score: s,
        } => {
            threshold(*t)?;
            // Every row is scored, unscored or a gold task with no run (0 in older partials).
            let scored_plus =
                (s.scored.checked_add(s.unscored)).and_then(|n| n.checked_add(s.no_run));
            need(scored_plus == Some(s.rows), || {
                format!(
                    "{} scored + {} unscored + {} no-run rows is not its {} rows",
                    s.scored, s.unscored, s.no_run, s.rows
                )
            })?;
            need(s.passing <= s.scored, || {
                format!("{} passing rows of {} scored", s.passing, s.scored)
            })?;
            need(s.covered_lines <= s.gold_lines, || {
                format!("{} covered of {} gold lines", s.covered_lines, s.gold_lines)
            })?;
            for (name, sum) in [
                ("file_hit", &s.sum_file_hit),
                ("line_coverage", &s.sum_line_coverage),
                ("precision", &s.sum_precision),
                ("f1", &s.sum_f1),
            ] {
                need(sum.at_most(s.scored), || {
                    format!(
                        "the sum of {name} is more than its {} scored rows",
                        s.scored
                    )
                })?;
            }
        }
        Partial::Explore { explore } => {
            for e in &explore.explorers {
                let at = |what: String| format!("explorer `{}`: {what}", e.explorer);
                need(e.missing.len() as u64 <= e.instances, || {
                    at(format!(
                        "{} missing of {} instances",
                        e.missing.len(),
                        e.instances
                    ))
                })?;
                need(e.wall <= e.instances, || {
                    at(format!(
                        "{} over the wall of {} instances",
                        e.wall, e.instances
                    ))
                })?;
                let (sum, clean) = (e.sum.values(), e.clean_sum.values());
                let (scored, unscored) = (e.clean_scored.values(), e.clean_unscored.values());
                for i in 0..sum.len() {
                    need(sum[i].at_most(e.instances), || {
                        at(format!(
                            "a metric sums to more than its {} instances",
                            e.instances
                        ))
                    })?;
                    need(clean[i].at_most(scored[i]), || {
                        at(format!(
                            "a clean metric sums to more than its {} rows",
                            scored[i]
                        ))
                    })?;
                    need(
                        scored[i].checked_add(unscored[i]) == Some(e.instances),
                        || {
                            at(format!(
                                "{} + {} clean rows is not its {} instances",
                                scored[i], unscored[i], e.instances
                            ))
                        },
                    )?;
                }
            }
        }
        Partial::Diagnose { diagnose } => {
            threshold(diagnose.threshold)?;
            for (name, g) in &diagnose.groups {
                diagnose_group(name, g)?;
            }
        }
        Partial::Sheet { sheet } => {
            threshold(sheet.threshold)?;
            denominators("overall", &sheet.overall)?;
            for c in &sheet.conditions {
                condition(c)?;
            }
        }
    }
    Ok(())
}

fn denominators(at: &str, d: &Denominators) -> Result<(), String> {
    let parts = [d.scorable, d.invalid, d.unscored, d.unreadable];
    let sum = parts.iter().try_fold(0usize, |a, &b| a.checked_add(b));
    need(sum == Some(d.planned), || {
        format!(
            "{at}: {} scorable + {} invalid + {} unscored + {} unreadable is not its {} planned runs",
            d.scorable, d.invalid, d.unscored, d.unreadable, d.planned
        )
    })?;
    need(d.strict_successes <= d.scorable, || {
        format!(
            "{at}: {} successes of {} scorable runs",
            d.strict_successes, d.scorable
        )
    })?;
    let causes = (d.invalid_by_cause.values()).try_fold(0usize, |a, &b| a.checked_add(b));
    need(causes == Some(d.invalid), || {
        format!(
            "{at}: invalid runs by cause do not add up to its {} invalid runs",
            d.invalid
        )
    })
}

/// A diagnose group's counts add up: verdict counts to its runs, labels and resolved runs
/// nested, every figure known for at most its runs with a sum of at most its count.
fn diagnose_group(name: &str, g: &GroupSums) -> Result<(), String> {
    let at = |what: String| format!("group `{name}`: {what}");
    need(g.resolved <= g.labelled && g.labelled <= g.runs, || {
        at(format!(
            "{} resolved of {} labelled of {} runs",
            g.resolved, g.labelled, g.runs
        ))
    })?;
    let mut total = 0u64;
    for (v, [runs, labelled, resolved]) in &g.verdicts {
        need(Verdict::parse(v).is_some(), || {
            at(format!("`{v}` is no verdict"))
        })?;
        need(resolved <= labelled && labelled <= runs, || {
            at(format!(
                "verdict `{v}`: {resolved} resolved of {labelled} labelled of {runs} runs"
            ))
        })?;
        total += runs;
    }
    need(total == g.runs, || {
        at(format!(
            "runs by verdict add up to {total}, not its {} runs",
            g.runs
        ))
    })?;
    for (f, s) in &g.figures {
        need(s.n <= g.runs && s.sum.at_most(s.n), || {
            at(format!(
                "figure `{f}` known for {} of {} runs, or its sum is more than its count",
                s.n, g.runs
            ))
        })?;
    }
    Ok(())
}

fn condition(c: &ConditionCounts) -> Result<(), String> {
    let at = format!("condition `{}`", c.condition);
    denominators(&at, &c.denominators)?;
    for t in &c.tasks {
        need(
            t.successes <= t.scorable && t.scorable as usize <= t.planned,
            || {
                format!(
                    "{at}: task `{}`: {} successes of {} scorable of {} planned",
                    t.task, t.successes, t.scorable, t.planned
                )
            },
        )?;
    }
    Ok(())
}

/// What only the set of partials can say: not too many, and a task's counts (u32, per task)
/// still fit once the partials that hold it are added.
pub fn check_merge(partials: &[&Partial]) -> Result<(), (Option<usize>, String)> {
    if partials.len() > MAX_PARTIALS {
        return Err((
            None,
            format!(
                "{} partials; at most {MAX_PARTIALS} merge at once",
                partials.len()
            ),
        ));
    }
    let mut tasks: BTreeMap<(&str, &str), u64> = BTreeMap::new();
    for (i, partial) in partials.iter().enumerate() {
        let Partial::Sheet { sheet } = partial else {
            continue;
        };
        for c in &sheet.conditions {
            for t in &c.tasks {
                let n = tasks.entry((&c.condition, &t.task)).or_default();
                *n += u64::from(t.scorable);
                if *n > u64::from(u32::MAX) {
                    return Err((
                        Some(i),
                        format!(
                            "condition `{}`: task `{}` has more than {} scorable runs across the \
                             partials: not partials readcov wrote",
                            c.condition,
                            t.task,
                            u32::MAX
                        ),
                    ));
                }
            }
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests;
