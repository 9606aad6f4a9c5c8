//! `score --reads <dataset>` scores a chat-row dataset's runs a batch of rows at a time as they are
//! imported (issue 40: memory flat as rows grow): every output is byte for byte that of
//! `readcov import` then `score --reads reads.jsonl`, on a generated dataset of the vendored rows
//! spanning three batches, whose tasks have runs in several batches — each format, `--summary`,
//! `--detail`, gold tasks no row reads and reads of tasks without gold, `--outcomes` naming runs
//! that read nothing, `--shard` with its partials, `--fail-under`; and a run whose rows sit in two
//! batches (a row repeated far apart), scored whole and said, or in one (repeated next to it).

use super::common::{readcov, stderr};
use super::reads_dataset::{rows_of, GYM, NEBIUS};
use serde_json::Value;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

/// The vendored nebius and SWE-Gym rows 25 times over (150 rows: three batches of 64), each copy
/// its own run (`_<k>`) of one of three tasks per sample row, so a task's runs are in every batch.
fn dataset_rows() -> Vec<Value> {
    let samples: Vec<Value> = rows_of(NEBIUS).into_iter().chain(rows_of(GYM)).collect();
    let mut rows = Vec::new();
    for k in 0..25 {
        for r in &samples {
            let mut r = r.clone();
            let id = r["instance_id"].as_str().unwrap().to_string();
            let (task, _) = id.rsplit_once('_').unwrap();
            r["instance_id"] = Value::from(format!("{task}-{}_{k}", k % 3));
            rows.push(r);
        }
    }
    rows
}

fn write_rows(path: &Path, rows: &[&Value]) {
    let text: String = rows.iter().map(|r| format!("{r}\n")).collect();
    std::fs::write(path, text).unwrap();
}

/// The inputs of one comparison: the dataset, the reads `import` wrote of it, gold and labels.
struct Inputs {
    _dir: tempfile::TempDir,
    rows: PathBuf,
    reads: PathBuf,
    gold: PathBuf,
    outcomes: PathBuf,
}

impl Inputs {
    /// `rows` written, imported (reads and outcomes), and gold made from the reads: a span of
    /// the first file each task read, for all tasks but every fourth (reads without gold), and a
    /// task no row reads.
    fn new(rows: &[&Value]) -> Inputs {
        let dir = tempfile::tempdir().unwrap();
        let at = |f: &str| dir.path().join(f);
        let (data, reads, outcomes, gold) = (
            at("rows.jsonl"),
            at("reads.jsonl"),
            at("outcomes.jsonl"),
            at("gold.jsonl"),
        );
        write_rows(&data, rows);
        let o = readcov(&[
            "import",
            data.to_str().unwrap(),
            "-o",
            reads.to_str().unwrap(),
            "--emit-outcomes",
            outcomes.to_str().unwrap(),
        ]);
        assert!(o.status.success(), "{}", stderr(&o));
        let mut first: BTreeMap<String, (String, u64)> = BTreeMap::new();
        for line in std::fs::read_to_string(&reads).unwrap().lines() {
            let v: Value = serde_json::from_str(line).unwrap();
            let task = v["task"].as_str().unwrap().to_string();
            let read = (
                v["path"].as_str().unwrap().to_string(),
                v["start"].as_u64().unwrap(),
            );
            first.entry(task).or_insert(read);
        }
        assert!(first.len() >= 12, "{first:?}");
        let mut gold_text = String::new();
        for (i, (task, (path, start))) in first.iter().enumerate() {
            if i % 4 != 3 {
                let end = start + 30;
                gold_text.push_str(&format!(
                    "{{\"task\":\"{task}\",\"path\":\"{path}\",\"start\":{start},\"end\":{end}}}\n"
                ));
            }
        }
        gold_text.push_str("{\"task\":\"never-read\",\"path\":\"a.py\",\"start\":1,\"end\":9}\n");
        std::fs::write(&gold, gold_text).unwrap();
        // Runs that read nothing: of a task read, of the task no row reads, of a task unknown.
        let (task, _) = first.iter().next().unwrap();
        let mut labels = std::fs::read_to_string(&outcomes).unwrap();
        for (t, r) in [
            (task.as_str(), "a/unread"),
            (task, "zz/unread"),
            ("never-read", "x/1"),
            ("unknown", "x/1"),
        ] {
            labels.push_str(&format!(
                "{{\"task\":\"{t}\",\"run\":\"{r}\",\"resolved\":false}}\n"
            ));
        }
        std::fs::write(&outcomes, labels).unwrap();
        Inputs {
            _dir: dir,
            rows: data,
            reads,
            gold,
            outcomes,
        }
    }

    /// `score` with `args` on the dataset (one process) and on import's reads: the same exit code,
    /// stdout and partial; the one process's stderr.
    fn same(&self, args: &[&str]) -> String {
        let partial = args.contains(&"--emit-partial");
        let run = |reads: &Path, tag: &str| {
            let p = self.rows.with_file_name(format!("partial-{tag}.json"));
            let mut all = vec!["score", "--gold", self.gold.to_str().unwrap()];
            all.extend(["--reads", reads.to_str().unwrap()]);
            for a in args {
                all.push(if *a == "PARTIAL" {
                    p.to_str().unwrap()
                } else {
                    a
                });
            }
            let o = readcov(&all);
            let written = partial.then(|| std::fs::read_to_string(&p).unwrap());
            (o, written)
        };
        let (one, one_partial) = run(&self.rows, "one");
        let (two, two_partial) = run(&self.reads, "two");
        assert_eq!(
            one.status.code(),
            two.status.code(),
            "{args:?}: {}",
            stderr(&one)
        );
        assert!(!one.stdout.is_empty(), "{args:?}");
        assert!(
            one.stdout == two.stdout,
            "{args:?}: one process:\n{}\ntwo:\n{}",
            String::from_utf8_lossy(&one.stdout),
            String::from_utf8_lossy(&two.stdout)
        );
        assert_eq!(one_partial, two_partial, "{args:?}");
        stderr(&one)
    }
}

#[test]
fn a_dataset_scored_as_it_is_imported_prints_what_import_then_score_prints() {
    let rows = dataset_rows();
    let inputs = Inputs::new(&rows.iter().collect::<Vec<_>>());
    let name = inputs.rows.display().to_string();
    for format in ["table", "jsonl", "csv", "json"] {
        let said = inputs.same(&["--format", format]);
        assert!(
            said.contains(&format!("note: {name}: an agent trajectory")),
            "{said}"
        );
        assert!(!said.contains("scored whole"), "{said}");
    }
    for format in ["jsonl", "json"] {
        inputs.same(&["--format", format, "--summary"]);
    }
    inputs.same(&["--detail"]);
    inputs.same(&["--fail-under", "0.5", "--format", "csv"]);
    let outcomes = inputs.outcomes.to_str().unwrap();
    let labelled = inputs.same(&["--outcomes", outcomes, "--format", "jsonl"]);
    assert!(!labelled.contains("scored whole"), "{labelled}");
    inputs.same(&["--outcomes", outcomes]);
    for shard in ["0/2", "1/2"] {
        let args = [
            "--shard",
            shard,
            "--outcomes",
            outcomes,
            "--emit-partial",
            "PARTIAL",
        ];
        inputs.same(&[&args[..], &["--format", "jsonl"]].concat());
    }
    // The rows show what the cases need: runs of one task, no-run rows, named unread runs.
    let o = readcov(&[
        "score",
        "--gold",
        inputs.gold.to_str().unwrap(),
        "--reads",
        &name,
        "--outcomes",
        outcomes,
        "--format",
        "jsonl",
    ]);
    let rows: Vec<Value> = (String::from_utf8_lossy(&o.stdout).lines())
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    let with = |key: &str, value: &str| rows.iter().filter(|r| r[key] == value).count();
    assert!(
        with("status", "no_run") == 0,
        "the never-read task is named: a scored row"
    );
    assert_eq!(with("task", "never-read"), 1);
    assert_eq!(with("run", "a/unread") + with("run", "zz/unread"), 2);
    assert!(
        with("status", "unscored") > 0,
        "reads of tasks without gold"
    );
    let mut runs_per_task: BTreeMap<&str, usize> = BTreeMap::new();
    for r in &rows {
        *runs_per_task
            .entry(r["task"].as_str().unwrap())
            .or_default() += 1;
    }
    assert!(runs_per_task.values().any(|&n| n >= 8), "{runs_per_task:?}");
    let table = inputs.same(&[]);
    assert!(!table.contains("no run"), "{table}");
    let plain = readcov(&[
        "score",
        "--gold",
        inputs.gold.to_str().unwrap(),
        "--reads",
        &name,
    ]);
    assert!(String::from_utf8_lossy(&plain.stdout).contains("no run"));
}

#[test]
fn a_run_in_two_batches_is_scored_whole_and_said() {
    let rows = dataset_rows();
    // The first row again after the third batch has begun: its run in batches 0 and 2.
    let mut far: Vec<&Value> = rows.iter().collect();
    far.push(&rows[0]);
    let inputs = Inputs::new(&far);
    let name = inputs.rows.display().to_string();
    for format in ["jsonl", "table"] {
        let said = inputs.same(&["--format", format]);
        assert!(
            said.contains(&format!("note: {name}: run ")) && said.contains("scored whole"),
            "{said}"
        );
    }
    let outcomes = inputs.outcomes.to_str().unwrap();
    inputs.same(&["--outcomes", outcomes, "--shard", "0/2", "--format", "csv"]);
    // Repeated next to itself: one batch holds both rows, whose reads merge there as in one
    // batch over the file; nothing to say.
    let mut near: Vec<&Value> = rows.iter().collect();
    near.insert(1, &rows[0]);
    let inputs = Inputs::new(&near);
    let said = inputs.same(&["--format", "jsonl"]);
    assert!(!said.contains("scored whole"), "{said}");
}
