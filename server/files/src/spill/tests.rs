//! Runs set aside on disk give what runs kept in memory give: a dataset of the vendored nebius
//! rows (two batches, tasks with runs in both) scored as it is imported with a tiny spill
//! threshold (several chunks, tiers merged), against the same file scored whole: the same rows
//! in the same order with the same read-before-edit, with `--shard` (at import and afterwards),
//! labels naming unread runs, a task no run read, and a run split over two batches (found in
//! the merge, the file then scored whole). The temporary files are gone afterwards; an unwritable
//! folder and a chunk lost or cut short are errors, never a panic.

use super::codec::{encode, read_body, read_names, Kept};
use super::{SpillOptions, SpilledRuns};
use crate::input::{load_reads, load_reads_scored_with, BaseFiles, ReadsOptions, ScoreAsRead};
use crate::score_rows::{score_rows, ScoreReads};
use crate::scored::Sources;
use readcov_core::sheet::read_before_edit_by_run;
use readcov_core::sheet::NoUnits;
use readcov_core::{
    score_batch_named, EventKind, GoldSpan, KeptRun, NamedRuns, ReadSpan, ScoreOptions, Shard,
    UnknownLengths,
};
use serde_json::Value;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

const OPTS: ReadsOptions = ReadsOptions {
    workspace: None,
    base_files: BaseFiles::None,
};

/// The nebius rows 14 times over (70 rows: two batches of 64), each copy its own run (`_<k>`)
/// of one of three tasks per sample row.
fn dataset(dir: &Path, again_far: bool) -> PathBuf {
    let samples = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../tests/data/formats/chat-trajectories/adp_nebius_SWE-agent-trajectories_sample_raw.json");
    let rows: Vec<Value> = serde_json::from_slice(&std::fs::read(samples).unwrap()).unwrap();
    let mut text = String::new();
    for k in 0..14 {
        for r in &rows {
            let mut r = r.clone();
            let id = r["instance_id"].as_str().unwrap().to_string();
            let (task, _) = id.rsplit_once('_').unwrap();
            r["instance_id"] = Value::from(format!("{task}-{}_{k}", k % 3));
            text.push_str(&format!("{r}\n"));
        }
    }
    if again_far {
        // The first row again in the second batch: its run in two batches.
        let first = text.lines().next().unwrap().to_string();
        text.push_str(&format!("{first}\n"));
    }
    let path = dir.join(if again_far { "far.jsonl" } else { "rows.jsonl" });
    std::fs::write(&path, text).unwrap();
    path
}

/// Gold: the first read of three tasks in four (the fourth's reads have no gold), and a task no
/// row reads. Labels: unread runs of a task read, of the unread task and of an unknown task.
fn gold_and_named(reads: &[ReadSpan]) -> (Vec<GoldSpan>, NamedRuns) {
    let mut first: BTreeMap<&str, (&str, u32)> = BTreeMap::new();
    for r in reads.iter().filter(|r| r.kind == EventKind::Read) {
        first.entry(&r.task).or_insert((&r.path, r.start));
    }
    assert!(first.len() >= 12, "{first:?}");
    let mut gold: Vec<GoldSpan> = (first.iter().enumerate())
        .filter(|(i, _)| i % 4 != 3)
        .map(|(_, (task, (path, start)))| GoldSpan {
            task: (*task).into(),
            ..GoldSpan::simple(path, *start, start + 30)
        })
        .collect();
    gold.push(GoldSpan {
        task: "never-read".into(),
        ..GoldSpan::simple("a.py", 1, 9)
    });
    let task = *first.keys().next().unwrap();
    let named = [(task, "a/unread"), (task, "zz/unread"), ("unknown", "x/1")];
    let named = NamedRuns::new(named.map(|(t, r)| (t.to_string(), r.to_string())));
    (gold, named)
}

/// Each row as `score` prints it (its JSON with its run's read-before-edit), and the
/// read-before-edit the call leaves (each edit's own figures left out, as a dataset keeps them).
fn printed(reads: &mut ScoreReads, gold: &[GoldSpan], named: &NamedRuns) -> (Vec<String>, String) {
    let mut rows = Vec::new();
    let done = score_rows(
        Sources::None,
        gold,
        reads,
        named,
        &ScoreOptions::default(),
        0,
        |row, _, rbe| {
            let key = (row.task.to_string(), row.run.to_string());
            let rbe = rbe
                .get(&key)
                .map(|r| serde_json::to_string(&(r.edits, r.mean, &r.worst)).unwrap());
            rows.push(format!("{} {rbe:?}", serde_json::to_string(&row).unwrap()));
        },
    );
    assert!(done.error.is_none(), "{:?}", done.error);
    let rbe: Vec<_> = (done.rbe.iter())
        .map(|(k, r)| (k, r.edits, r.mean, &r.worst))
        .collect();
    (rows, serde_json::to_string(&rbe).unwrap())
}

fn empty(dir: &Path) -> bool {
    std::fs::read_dir(dir).unwrap().next().is_none()
}

#[test]
fn spilled_runs_print_what_the_file_scored_whole_prints() {
    let dir = tempfile::tempdir().unwrap();
    let spills = tempfile::tempdir().unwrap();
    let path = dataset(dir.path(), false);
    let whole = load_reads(&path, &OPTS).unwrap().parsed.items;
    let (all_gold, all_named) = gold_and_named(&whole);
    let shard = Shard::parse("0/2").unwrap();
    // (shard, applied at import as `score --shard` does, or only afterwards)
    for (shard, at_import) in [(None, true), (Some(shard), true), (Some(shard), false)] {
        let keeps = |t: &str| shard.is_none_or(|s| s.keeps(t));
        let mut gold = all_gold.clone();
        gold.retain(|g| keeps(&g.task));
        let mut named = all_named.clone();
        named.retain_tasks(keeps);
        let mut rows = ScoreReads::Rows(whole.clone());
        rows.retain_tasks(keeps);
        let (want, want_rbe) = printed(&mut rows, &gold, &named);
        assert!(
            want.iter().any(|r| r.contains("\"no_run\"")),
            "a task no run read"
        );
        assert!(
            want.iter().any(|r| r.contains("a/unread")),
            "a named run unread"
        );
        assert!(want.iter().any(|r| r.contains("Some(")), "runs with edits");
        for (rows, fan_in) in [(usize::MAX, 32), (3, 2), (3, 32), (10, 3)] {
            let spill = SpillOptions {
                rows,
                fan_in,
                dir: Some(spills.path().to_path_buf()),
            };
            let all = |_: &str| true;
            let score = ScoreAsRead {
                gold: &all_gold,
                keep: if at_import { &keeps } else { &all },
                opts: &ScoreOptions::default(),
            };
            let (_, d) = load_reads_scored_with(&path, &OPTS, &score, spill).unwrap();
            let d = d.expect("scored as imported");
            let case = format!("shard {shard:?} at import {at_import}, spill {rows}/{fan_in}");
            if rows == 3 {
                assert!(
                    d.runs.chunks() > 1 && !empty(spills.path()),
                    "{case}: spilled"
                );
            }
            let mut reads = ScoreReads::Scored(Box::new(d));
            reads.retain_tasks(keeps);
            let (got, got_rbe) = printed(&mut reads, &gold, &named);
            assert_eq!(got, want, "{case}");
            assert_eq!(got_rbe, want_rbe, "{case}");
            drop(reads);
            assert!(empty(spills.path()), "{case}: temporary files left");
        }
    }
}

#[test]
fn a_run_split_over_two_batches_is_found_in_the_merge() {
    let dir = tempfile::tempdir().unwrap();
    let spills = tempfile::tempdir().unwrap();
    let path = dataset(dir.path(), true);
    let whole = load_reads(&path, &OPTS).unwrap().parsed.items;
    let (gold, _) = gold_and_named(&whole);
    for rows in [usize::MAX, 3] {
        let spill = SpillOptions {
            rows,
            fan_in: 2,
            dir: Some(spills.path().to_path_buf()),
        };
        let score = ScoreAsRead {
            gold: &gold,
            keep: &|_| true,
            opts: &ScoreOptions::default(),
        };
        let (loaded, d) = load_reads_scored_with(&path, &OPTS, &score, spill).unwrap();
        assert!(d.is_none(), "spill {rows}: scored whole");
        assert!(
            loaded.notes.iter().any(|n| n.contains("scored whole")),
            "{:?}",
            loaded.notes
        );
        assert_eq!(loaded.parsed.items.len(), whole.len());
        assert!(empty(spills.path()), "spill {rows}: temporary files left");
    }
}

#[test]
fn an_unwritable_folder_and_a_lost_chunk_are_errors() {
    let dir = tempfile::tempdir().unwrap();
    let path = dataset(dir.path(), false);
    let whole = load_reads(&path, &OPTS).unwrap().parsed.items;
    let (gold, named) = gold_and_named(&whole);
    let score = ScoreAsRead {
        gold: &gold,
        keep: &|_| true,
        opts: &ScoreOptions::default(),
    };
    let spill = |dir: PathBuf| SpillOptions {
        rows: 3,
        fan_in: 4,
        dir: Some(dir),
    };
    let gone = dir.path().join("no such folder");
    let e = load_reads_scored_with(&path, &OPTS, &score, spill(gone)).unwrap_err();
    assert!(
        e.to_string().contains("no such folder") && e.to_string().contains("temporary"),
        "{e}"
    );
    // What the walk hands out when every chunk reads back.
    let walked = |d: crate::score_rows::DatasetScores| {
        let mut rows = Vec::new();
        let opts = ScoreOptions::default();
        let got = d.runs.walk(&gold, &named, &UnknownLengths, &opts, |r, _| {
            rows.push((r.task.to_string(), r.run.to_string(), r.score.status))
        });
        (rows, got)
    };
    let spills = tempfile::tempdir().unwrap();
    let (_, d) = load_reads_scored_with(&path, &OPTS, &score, spill(spills.path().into())).unwrap();
    let (all, got) = walked(d.unwrap());
    assert!(got.is_ok() && all.len() > 3, "{got:?} {all:?}");
    // A chunk removed, or cut short, under the walk: the rows end there, with the error, and
    // every row handed out before it is one the whole walk gives, in its place (no no-run
    // rows for the tasks whose runs were in the lost chunk).
    for cut in [false, true] {
        let spills = tempfile::tempdir().unwrap();
        let (_, d) =
            load_reads_scored_with(&path, &OPTS, &score, spill(spills.path().into())).unwrap();
        let d = d.unwrap();
        let folder = d.runs.folder().unwrap().to_path_buf();
        let chunk = std::fs::read_dir(&folder)
            .unwrap()
            .next()
            .unwrap()
            .unwrap()
            .path();
        match cut {
            false => std::fs::remove_file(&chunk).unwrap(),
            true => {
                let len = std::fs::metadata(&chunk).unwrap().len();
                std::fs::OpenOptions::new()
                    .write(true)
                    .open(&chunk)
                    .unwrap()
                    .set_len(len - 5)
                    .unwrap();
            }
        }
        let (rows, e) = walked(d);
        assert!(rows.len() < all.len() && all.starts_with(&rows), "{rows:?}");
        let e = e.unwrap_err().to_string();
        assert!(
            e.contains("cannot read back") && e.contains(&*chunk.to_string_lossy()),
            "{e}"
        );
        assert!(empty(spills.path()));
    }
}

/// A row with the breakdown (files, spans with unread ranges) and a run's read-before-edit
/// (worst and each edit) is read back as written, and a record cut anywhere is an error.
#[test]
fn a_record_reads_back_as_written() {
    let mut reads = vec![
        ReadSpan::simple("a.py", 3, 9),
        ReadSpan::simple("b.py", 40, 41),
        ReadSpan {
            kind: EventKind::Edit,
            ..ReadSpan::simple("a.py", 5, 6)
        },
    ];
    reads
        .iter_mut()
        .for_each(|r| (r.task, r.run) = ("t".into(), "r".into()));
    let gold = [GoldSpan {
        task: "t".into(),
        ..GoldSpan::simple("a.py", 1, 20)
    }];
    let opts = ScoreOptions::default();
    let rows = score_batch_named(&gold, &reads, &NamedRuns::default(), &UnknownLengths, &opts);
    let rbe = read_before_edit_by_run(&reads, &opts.sources, &NoUnits, &UnknownLengths);
    let rbe = rbe.into_values().next().unwrap();
    assert!(rbe.worst.is_some() && !rbe.per_edit.is_empty());
    for extra in [None, Some(rbe)] {
        let row = rows[0].clone();
        assert!(!row.score.spans[0].unread.is_empty());
        let kept: Kept = KeptRun {
            task: row.task,
            run: row.run,
            score: row.score,
            extra,
        };
        let mut bytes = Vec::new();
        encode(&kept, &mut bytes);
        let text = |k: &Kept| {
            let rbe = k.extra.as_ref().map(|r| serde_json::to_string(r).unwrap());
            format!(
                "{} {} {} {rbe:?}",
                k.task,
                k.run,
                serde_json::to_string(&k.score).unwrap()
            )
        };
        let back = |b: &[u8]| -> std::io::Result<Kept> {
            let mut r = b;
            let (task, run) = read_names(&mut r)?.ok_or(std::io::ErrorKind::UnexpectedEof)?;
            read_body(&mut r, task, run, &mut Vec::new())
        };
        assert_eq!(text(&back(&bytes).unwrap()), text(&kept));
        for n in 0..bytes.len() {
            assert!(back(&bytes[..n]).is_err(), "cut at {n}");
        }
    }
}

#[test]
fn runs_in_memory_only_leave_no_folder() {
    let reads = [ReadSpan::simple("a.py", 1, 2)];
    let opts = ScoreOptions::default();
    let rows = score_batch_named(&[], &reads, &NamedRuns::default(), &UnknownLengths, &opts);
    let mut runs = SpilledRuns::new(SpillOptions::default());
    for row in rows {
        runs.push(row, None).unwrap();
    }
    assert!(runs.folder().is_none() && runs.chunks() == 0 && runs.len() == 1);
    assert_eq!(runs.held_twice().unwrap(), None);
}
