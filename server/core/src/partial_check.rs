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
mod tests {
    use crate::partial_file::{merge_partials, PartialFile};
    use serde_json::{json, Value};

    const ONE: u128 = 1 << 60;

    /// A score partial of shard `shard` with these counts (sums as exact fixed-point strings).
    fn score(shard: &str, counts: Value) -> Value {
        let mut s = json!({"rows": 4, "scored": 3, "unscored": 1, "passing": 2, "gold_lines": 40,
            "covered_lines": 25, "read_lines": 90, "sum_file_hit": (3 * ONE).to_string(),
            "sum_line_coverage": (2 * ONE).to_string(), "sum_precision": "0", "sum_f1": "0"});
        for (k, v) in counts.as_object().unwrap() {
            s[k] = v.clone();
        }
        json!({"readcov_partial": 1, "shard": shard, "kind": "score", "threshold": 0.5, "score": s})
    }

    /// `Ok(merged rows)` or the error of parsing then merging `files`.
    fn check(files: &[Value]) -> Result<u64, String> {
        let parsed = files
            .iter()
            .map(|f| PartialFile::parse(f.to_string().as_bytes()))
            .collect::<Result<Vec<_>, _>>()?;
        let m = merge_partials(parsed).map_err(|(_, e)| e)?;
        match m.partial {
            crate::Partial::Score { score, .. } => Ok(score.rows),
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn impossible_partials_are_refused_and_real_ones_merge() {
        let ok = |c: Value| score("0/2", c);
        assert_eq!(check(&[ok(json!({})), score("1/2", json!({}))]), Ok(8));
        // Rows of gold tasks with no run add up with the rest.
        let no_run = json!({"rows": 6, "no_run": 2});
        assert_eq!(check(&[ok(no_run.clone()), score("1/2", no_run)]), Ok(12));
        let cases: [(Value, &str); 8] = [
            // Wrapped: two partials of 2^63 rows each added to 0 (release) or panicked (debug).
            (
                json!({"rows": 1u64 << 63, "scored": 1u64 << 63, "unscored": 0}),
                "9223372036854775808 is larger than any count readcov writes",
            ),
            (json!({"passing": 7}), "7 passing rows of 3 scored"),
            (
                json!({"rows": 9}),
                "3 scored + 1 unscored + 0 no-run rows is not its 9 rows",
            ),
            (json!({"covered_lines": 41}), "41 covered of 40 gold lines"),
            // A mean line coverage of 1.5e19.
            (
                json!({"sum_line_coverage": (u128::MAX / 2).to_string()}),
                "the sum of line_coverage is more than its 3 scored rows",
            ),
            (
                json!({"sum_f1": (3 * ONE + 1).to_string()}),
                "the sum of f1 is more than",
            ),
            (
                json!({"scored": 2, "unscored": 2, "passing": 2, "sum_file_hit": (3 * ONE).to_string()}),
                "the sum of file_hit is more than its 2 scored rows",
            ),
            (json!({"read_lines": -1}), "not a readcov partial"),
        ];
        for (counts, want) in cases {
            let e = check(&[ok(counts.clone()), score("1/2", json!({}))]).unwrap_err();
            assert!(e.contains(want), "{counts}: {e}");
        }
        let e = check(&[
            json!({"readcov_partial": 1, "shard": "all", "kind": "score",
            "threshold": 2.0, "score": score("all", json!({}))["score"]}),
        ])
        .unwrap_err();
        assert!(e.contains("threshold 2 is not in [0, 1]"), "{e}");
    }

    #[test]
    fn sheet_counts_must_add_up() {
        let denominators = json!({"planned": 3, "scorable": 2, "invalid": 1,
            "invalid_by_cause": {"environment": 1}, "unscored": 0, "unreadable": 0,
            "strict_successes": 1, "success_rate_scorable": 0.5, "success_rate_planned": 0.3,
            "scorable_rate": 0.6});
        let sheet = |tasks: Value, d: Value| {
            json!({"readcov_partial": 1, "shard": "all", "kind": "sheet", "sheet": {
                "threshold": 0.5, "ks": [1], "overall": d.clone(), "conditions": [
                    {"condition": "c", "denominators": d, "tasks": tasks}]}})
        };
        let task = json!([{"task": "t", "planned": 3, "scorable": 2, "successes": 1}]);
        let parse = |v: &Value| PartialFile::parse(v.to_string().as_bytes()).map(drop);
        assert_eq!(parse(&sheet(task.clone(), denominators.clone())), Ok(()));
        let mut d = denominators.clone();
        d["strict_successes"] = 5.into();
        let e = parse(&sheet(task.clone(), d)).unwrap_err();
        assert!(e.contains("overall: 5 successes of 2 scorable runs"), "{e}");
        let mut d = denominators.clone();
        d["invalid_by_cause"] = json!({"environment": 7});
        let e = parse(&sheet(task, d)).unwrap_err();
        assert!(e.contains("invalid runs by cause do not add up"), "{e}");
        let e = parse(&sheet(
            json!([{"task": "t", "planned": 1, "scorable": 2, "successes": 1}]),
            denominators.clone(),
        ))
        .unwrap_err();
        assert!(
            e.contains("task `t`: 1 successes of 2 scorable of 1 planned"),
            "{e}"
        );
    }
    #[test]
    fn diagnose_counts_must_add_up() {
        let one = (1u128 << 60).to_string();
        let part = |verdicts: Value, figure: Value| {
            json!({"readcov_partial": 1, "shard": "all", "kind": "diagnose", "diagnose": {
                "threshold": 0.5, "group_by": "run", "groups": {"r": {"runs": 2, "labelled": 2,
                "resolved": 1, "verdicts": verdicts, "figures": {"search_recall": figure}}}}})
        };
        let parse = |v: &Value| PartialFile::parse(v.to_string().as_bytes()).map(drop);
        let ok_verdicts = json!({"edit": [1, 1, 0], "none": [1, 1, 1]});
        let ok_figure = json!({"n": 2, "sum": one});
        assert_eq!(parse(&part(ok_verdicts.clone(), ok_figure.clone())), Ok(()));
        let cases: [(Value, Value, &str); 4] = [
            (
                json!({"edit": [1, 1, 0]}),
                ok_figure.clone(),
                "runs by verdict add up to 1, not its 2 runs",
            ),
            (
                json!({"edit": [1, 0, 1], "none": [1, 1, 1]}),
                ok_figure.clone(),
                "verdict `edit`: 1 resolved of 0 labelled",
            ),
            (
                json!({"bogus": [2, 2, 1]}),
                ok_figure,
                "`bogus` is no verdict",
            ),
            (
                ok_verdicts,
                json!({"n": 1, "sum": (3u128 << 60).to_string()}),
                "figure `search_recall` known for 1 of 2 runs, or its sum is more",
            ),
        ];
        for (verdicts, figure, want) in cases {
            let e = parse(&part(verdicts.clone(), figure)).unwrap_err();
            assert!(e.contains(want), "{verdicts}: {e}");
        }
    }
}
