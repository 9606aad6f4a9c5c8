//! `score_sets` at the library boundary: every labelled run is a row in every set (read or not),
//! names stay unique, a set is labelled as the CLI labels it, consensus needs labels, and a
//! shard keeps only its tasks.

use super::*;
use crate::input::{gold_of, reads_of, GoldOptions, ReadsOptions};
use readcov_core::outcomes::Label;

const GOLD: &[u8] = b"{\"task\":\"t1\",\"path\":\"a.py\",\"start\":1,\"end\":4}\n\
{\"task\":\"t2\",\"path\":\"b.py\",\"start\":1,\"end\":2}\n";
const READS: &[u8] = b"{\"task\":\"t1\",\"run\":\"r\",\"path\":\"a.py\",\"start\":1,\"end\":2}\n\
{\"task\":\"t2\",\"run\":\"r\",\"path\":\"b.py\",\"start\":1,\"end\":2}\n";

fn gold(name: Option<&str>, file: &str) -> GoldSetInput {
    let g = gold_of(file, GOLD.to_vec(), &GoldOptions::default()).unwrap();
    GoldSetInput::new(name.map(String::from), file.into(), g.parsed.items, GOLD)
}

fn reads() -> Vec<ReadSpan> {
    reads_of("r.jsonl", READS.to_vec(), &ReadsOptions::default())
        .unwrap()
        .parsed
        .items
}

fn label(task: &str, run: &str, resolved: bool) -> Label {
    Label {
        task: task.into(),
        run: Some(run.into()),
        resolved,
        line: 1,
    }
}

fn request(
    golds: Vec<GoldSetInput>,
    reads: &[ReadSpan],
    labels: Option<Outcomes>,
) -> SetsRequest<'_> {
    SetsRequest {
        golds,
        reads,
        outcomes: labels,
        sources: Sources::None,
        shard: None,
        opts: ScoreOptions::default(),
        widen: 10,
        consensus: None,
    }
}

#[test]
fn a_labelled_run_without_reads_is_a_row_in_every_set() {
    let reads = reads();
    let labels: Outcomes = [label("t1", "r", true), label("t1", "idle", false)]
        .into_iter()
        .collect();
    let golds = vec![gold(Some("a"), "a.jsonl"), gold(None, "dir/edit.jsonl")];
    let sets = score_sets(request(golds, &reads, Some(labels))).unwrap();
    let names: Vec<&str> = sets.sets.iter().map(|s| s.name.as_str()).collect();
    // A plain file is named by its stem.
    assert_eq!(names, ["a", "edit"]);
    let idle = ("t1".to_string(), "idle".to_string());
    for s in &sets.sets {
        assert_eq!(s.rows[&idle].score.line_coverage, Some(0.0), "{}", s.name);
        assert_eq!(s.rows.len(), 3);
    }
    let row = sets.row_value(&idle);
    assert_eq!(row["resolved"], false);
    assert_eq!(row["gold_sets"]["a"]["line_coverage"], 0.0);
    let t = sets.totals_values();
    assert_eq!(t.len(), 2);
    assert!(t[0]["resolve_by_coverage"].is_array());
}

#[test]
fn names_stay_unique_and_consensus_needs_labels() {
    let reads = reads();
    let golds = vec![gold(Some("g"), "x.jsonl"), gold(Some("g"), "y.jsonl")];
    let sets = score_sets(request(golds, &reads, None)).unwrap();
    let names: Vec<&str> = sets.sets.iter().map(|s| s.name.as_str()).collect();
    assert_eq!(names, ["g", "g-2"]);
    assert!(sets.row_value(&("t1".into(), "r".into()))["resolved"].is_null());
    let mut req = request(vec![gold(None, "x.jsonl")], &reads, None);
    req.consensus = Some(ConsensusRequest {
        agree: Agree::All,
        min_runs: 2,
        others: Others::Matched,
    });
    assert!(matches!(
        score_sets(req),
        Err(SetsError::ConsensusWithoutOutcomes)
    ));
}

#[test]
fn a_shard_keeps_its_tasks_only() {
    let reads = reads();
    let shard = Shard::parse("0/2").unwrap();
    let mut req = request(vec![gold(None, "g.jsonl")], &reads, None);
    req.shard = Some(shard);
    let sets = score_sets(req).unwrap();
    let tasks: Vec<&str> = sets.sets[0].rows.keys().map(|k| k.0.as_str()).collect();
    let want: Vec<&str> = ["t1", "t2"]
        .into_iter()
        .filter(|t| shard.keeps(t))
        .collect();
    assert_eq!(tasks, want);
}

/// A plain `--gold` file's circularity note comes from the one read that loads it: said for a
/// consensus row wherever it is (the last of many lines), not for `consensus` in a task name or
/// path, nor for a line that only says it and is no valid row.
#[test]
fn the_circular_note_comes_with_the_gold_from_one_read() {
    let d = tempfile::tempdir().unwrap();
    let mut text = String::new();
    for k in 0..500 {
        text += &format!("{{\"task\":\"consensus-{k}\",\"path\":\"consensus.py\",\"start\":1,\"end\":2,\"origin\":\"edit\"}}\n");
    }
    text += "{\"origin\":\"consensus\",\"task\":\"t\"}\n";
    let plain = d.path().join("plain.jsonl");
    std::fs::write(&plain, &text).unwrap();
    text += "{\"task\":\"t\",\"path\":\"a.py\",\"start\":3,\"end\":4,\"origin\":\"consensus\",\"run\":\"r\"}";
    let mixed = d.path().join("mixed.jsonl");
    std::fs::write(&mixed, &text).unwrap();
    let (g, note) = load_gold_noting_circular(&plain, &GoldOptions::default()).unwrap();
    assert_eq!((g.parsed.items.len(), note), (500, None));
    let (g, note) = load_gold_noting_circular(&mixed, &GoldOptions::default()).unwrap();
    assert_eq!(g.parsed.items.len(), 501);
    let note = note.expect("a consensus row: the note");
    assert!(
        note.starts_with(&format!(
            "{}: consensus gold from a file is scored as given",
            mixed.display()
        )),
        "{note}"
    );
    assert!(holds_consensus_rows(text.as_bytes()));
    assert!(!holds_consensus_rows(b"consensus"));
}
