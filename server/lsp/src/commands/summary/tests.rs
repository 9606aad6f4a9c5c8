use super::*;
use readcov_core::{parse_gold, parse_reads, score_batch, totals};

/// Gold over a real source file (flask's blueprints.py at its base commit) and a missing one,
/// for 40 tasks; reads of several runs (a human one too), some for tasks without gold.
fn inputs() -> (Vec<GoldSpan>, Vec<ReadSpan>, BTreeMap<String, FileSyntax>) {
    let real = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../tests/data/real/sources/pallets__flask-5014/src/flask/blueprints.py");
    let text = std::fs::read_to_string(&real).expect("the real source ships in tests/data");
    let mut gold = String::new();
    let mut reads = String::new();
    for t in 0..40 {
        let (a, b) = (1 + t * 13 % 500, 3 + t * 13 % 500 + t % 7);
        let path = if t % 9 == 0 { "gone.py" } else { "bp.py" };
        gold +=
            &format!("{{\"task\":\"t{t:02}\",\"path\":\"{path}\",\"start\":{a},\"end\":{b}}}\n");
        gold += &format!(
            "{{\"task\":\"t{t:02}\",\"path\":\"bp.py\",\"start\":{},\"end\":{}}}\n",
            b + 20,
            b + 40
        );
        for (i, run) in ["r1", "r2", "human"].iter().enumerate() {
            if (t + i) % 3 != 0 {
                let tt = if t % 11 == 0 {
                    format!("x{t}")
                } else {
                    format!("t{t:02}")
                };
                reads += &format!(
                    "{{\"task\":\"{tt}\",\"run\":\"{run}\",\"path\":\"bp.py\",\"start\":{},\"end\":{}}}\n",
                    a + i,
                    b + 25
                );
            }
        }
    }
    let mut gold = parse_gold(gold.as_bytes(), "g", None).items;
    gold.sort_by(|a, b| a.task.cmp(&b.task));
    let mut reads = parse_reads(reads.as_bytes(), "r", None).items;
    reads.sort_by(|a, b| a.task.cmp(&b.task));
    let units =
        readcov_units::units(readcov_units::lang_for_path("bp.py").unwrap(), &text).unwrap();
    let syntax = BTreeMap::from([(
        "bp.py".to_string(),
        FileSyntax::Units {
            units: units.units,
            parse_errors: units.parse_errors,
        },
    )]);
    (gold, reads, syntax)
}

/// Scoring a few tasks at a time gives the rows and totals of one batch over all of them.
#[test]
fn rows_scored_in_chunks_are_the_rows_of_one_batch() {
    let (gold, reads, syntax) = inputs();
    let gold: Vec<&GoldSpan> = gold.iter().collect();
    let opts = ScoreOptions {
        threshold: 0.5,
        sources: [Source::Agent, Source::Human].into(),
        breakdown: false,
    };
    let batch = score_batch(gold.iter().copied(), &reads, &UnknownLengths, &opts);
    let units = readcov_units::unit_scores(
        &batch,
        gold.iter().copied(),
        &reads,
        &UnknownLengths,
        &opts,
        &syntax,
        0,
    );
    assert!(units.iter().any(|u| u.unit_hit.is_some_and(|h| h > 0.0)));
    let kept = |run: &str| run != "r2";
    let expected: Vec<serde_json::Value> = (batch.iter().zip(&units))
        .filter(|(r, _)| kept(&r.run))
        .map(|(r, u)| {
            json!({"task": r.task, "run": r.run, "gold": r.score.gold_lines,
                   "covered": r.score.covered_lines, "cover": r.score.line_coverage,
                   "files": r.score.file_hit, "units": u.unit_hit})
        })
        .collect();
    let expected_totals = totals(batch.iter().filter(|r| kept(&r.run)).map(|r| &r.score));
    assert!(expected.len() > 50, "{}", expected.len());
    for per_chunk in [1, 2, 3, 7, 1000] {
        let mut rows = Rows::default();
        let mut partial = ScorePartial::default();
        let scoring = Scoring {
            syntax: &syntax,
            opts: &opts,
            per_chunk,
        };
        scoring.rows(
            &gold,
            &reads,
            |row, score| {
                let keep = kept(&row.run);
                if keep {
                    partial.add(score);
                }
                keep
            },
            &mut rows,
        );
        let got: Vec<serde_json::Value> = (rows.chunks.iter().flatten())
            .map(|r| {
                json!({"task": r.task, "run": r.run, "gold": r.gold_lines,
                       "covered": r.covered_lines, "cover": r.line_coverage,
                       "files": r.file_hit, "units": r.unit_hit})
            })
            .collect();
        assert_eq!(got, expected, "{per_chunk} task(s) at a time");
        assert_eq!(partial.finish(), expected_totals, "{per_chunk}");
        let tasks: std::collections::BTreeSet<&str> = (gold.iter().map(|g| g.task.as_str()))
            .chain(reads.iter().map(|r| r.task.as_str()))
            .collect();
        assert_eq!(
            rows.chunks.len(),
            tasks.len().div_ceil(per_chunk),
            "{per_chunk}"
        );
    }
}

/// The summary's reads copied out of the store a batch of (task, run) pairs at a time, batches
/// of any size (a task's runs split between batches, tasks with gold only, with reads only),
/// give the rows and totals of one call over a copy of all reads; every read is copied once.
#[test]
fn reads_scored_in_batches_of_runs_are_the_rows_of_one_call() {
    use crate::store::{Held, Names, StoredRead};
    let (gold, reads, syntax) = inputs();
    let gold: Vec<&GoldSpan> = gold.iter().collect();
    // The store's order is the logs': not sorted by task, runs and files interleaved (the
    // index finds each pair's reads). Run r2's are what-if reads, which `sources` leaves out.
    let mut names = Names::default();
    let stored: Vec<StoredRead> = (reads.iter().rev().cloned().enumerate())
        .map(|(i, mut r)| {
            if i % 4 == 0 {
                r.path = "gone.py".into();
            }
            if r.run == "r2" {
                r.source = Source::Manual;
            }
            StoredRead::new(&mut names, r, 0, None)
        })
        .collect();
    let mut held = Held::default();
    // Rows of one file of up to three reads, as a log's pieces come in.
    let mut row: Vec<StoredRead> = Vec::new();
    for (i, r) in stored.iter().enumerate() {
        if i % 3 == 0 || row.first().is_some_and(|f| f.path != r.path) {
            held.append(&mut row);
        }
        row.push(r.clone());
    }
    held.append(&mut row);
    assert_eq!(held.len(), stored.len());
    let opts = ScoreOptions {
        threshold: 0.5,
        sources: [Source::Agent, Source::Human].into(),
        breakdown: false,
    };
    let scoring = Scoring {
        syntax: &syntax,
        opts: &opts,
        per_chunk: 3,
    };
    let as_json = |rows: &Rows| -> Vec<serde_json::Value> {
        (rows.chunks.iter().flatten())
            .map(|r| {
                json!({"task": r.task, "run": r.run, "gold": r.gold_lines,
                       "covered": r.covered_lines, "cover": r.line_coverage,
                       "files": r.file_hit, "units": r.unit_hit})
            })
            .collect()
    };
    // Leaves out run r2 in the scoring, as `sources` leaves out what-if reads.
    let kept = |s: Source| s != Source::Manual;
    let mut all: Vec<ReadSpan> = (stored.iter().filter(|r| kept(r.source)))
        .map(StoredRead::scoring_span)
        .collect();
    all.sort_by(|a, b| a.task.cmp(&b.task));
    let (mut expected, mut expected_totals) = (Rows::default(), ScorePartial::default());
    scoring.rows(
        &gold,
        &all,
        |_, s| {
            expected_totals.add(s);
            true
        },
        &mut expected,
    );
    let expected = (as_json(&expected), expected_totals.finish());
    assert!(expected.0.len() > 40, "{}", expected.0.len());
    let (tasks, manual) = task_runs(&held, &gold, kept);
    let r2_tasks: BTreeSet<String> = (stored.iter().filter(|r| &*r.run == "r2"))
        .map(|r| r.task.to_string())
        .collect();
    assert!(!manual.is_empty());
    assert_eq!(manual, r2_tasks);
    assert!(
        tasks.iter().any(|t| t.runs.is_empty()),
        "a task with gold only"
    );
    let copied: usize = tasks.iter().flat_map(|t| &t.runs).map(|r| r.1).sum();
    assert_eq!(copied, all.len());
    for limit in [1, 2, 3, 5, 17, 1 << 20] {
        let plan = batches::plan(&tasks, limit);
        if limit == 1 {
            assert!(plan.len() >= tasks.iter().map(|t| t.runs.len()).sum::<usize>());
        }
        let (mut rows, mut partial) = (Rows::default(), ScorePartial::default());
        let batched = Batched {
            held: || &held,
            tasks: &tasks,
            limit,
            kept,
        };
        scoring.rows_in_batches(
            &gold,
            &batched,
            |_, s| {
                partial.add(s);
                true
            },
            &mut rows,
        );
        assert_eq!(
            (as_json(&rows), partial.finish()),
            expected,
            "{limit} reads a batch"
        );
    }
}

/// Batches hold at most `limit` reads unless one (task, run) has more, and take every pair once
/// and every task.
#[test]
fn batches_cut_between_runs() {
    use batches::{plan, Batch, TaskRuns};
    let task = |t: &str, runs: &[(&str, usize)]| TaskRuns {
        task: t.into(),
        runs: runs.iter().map(|(r, n)| (r.to_string(), *n)).collect(),
    };
    let tasks = [
        task("a", &[]),
        task("b", &[("r1", 3), ("r2", 9), ("r3", 1)]),
        task("c", &[]),
        task("d", &[("r1", 2)]),
    ];
    let b = |t: std::ops::RangeInclusive<usize>, p: Option<((usize, usize), (usize, usize))>| {
        Batch { tasks: t, pairs: p }
    };
    assert_eq!(
        plan(&tasks, 4),
        [
            b(0..=1, Some(((1, 0), (1, 0)))),
            b(1..=1, Some(((1, 1), (1, 1)))),
            b(1..=3, Some(((1, 2), (3, 0)))),
        ]
    );
    assert_eq!(plan(&tasks, 100), [b(0..=3, Some(((1, 0), (3, 0))))]);
    assert_eq!(plan(&tasks[..1], 1), [b(0..=0, None)]);
    assert!(plan(&[], 1).is_empty());
}
