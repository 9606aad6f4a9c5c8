//! The `import` and `gold` subcommands end to end through the binary: files in, JSONL out,
//! summaries on stderr, exit codes.

use std::path::Path;
use std::process::{Command, Output};

pub(crate) fn readcov(args: &[&str], dir: &Path) -> Output {
    Command::new(env!("CARGO_BIN_EXE_readcov"))
        .args(args)
        .current_dir(dir)
        .output()
        .expect("run readcov")
}

pub(crate) fn text(b: &[u8]) -> String {
    String::from_utf8_lossy(b).into_owned()
}

const PATCH: &str = "diff --git a/src/app.py b/src/app.py\n--- a/src/app.py\n+++ b/src/app.py\n@@ -2,3 +2,4 @@\n b\n c\n+new\n d\n";

#[test]
fn gold_from_diff_and_swebench() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("p.diff"), PATCH).unwrap();
    let out = readcov(
        &["gold", "--from-diff", "p.diff", "--task", "t1"],
        dir.path(),
    );
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    // Insertion after base 3 (`c`), before base 4 (`d`).
    assert_eq!(
        text(&out.stdout),
        "{\"task\":\"t1\",\"path\":\"src/app.py\",\"start\":3,\"end\":4,\"tier\":\"core\",\"origin\":\"edit\"}\n"
    );
    let rows = format!(
        "{}\nnot json\n",
        serde_json::json!({"instance_id": "i9", "patch": PATCH})
    );
    std::fs::write(dir.path().join("inst.jsonl"), rows).unwrap();
    let out = readcov(
        &[
            "gold",
            "--from-swebench",
            "inst.jsonl",
            "-o",
            "g.jsonl",
            "--anchor",
            "2",
        ],
        dir.path(),
    );
    assert_eq!(out.status.code(), Some(0));
    assert!(
        text(&out.stderr).contains("inst.jsonl:2:"),
        "{}",
        text(&out.stderr)
    );
    let g = std::fs::read_to_string(dir.path().join("g.jsonl")).unwrap();
    assert_eq!(
        g,
        "{\"task\":\"i9\",\"path\":\"src/app.py\",\"start\":2,\"end\":4,\"tier\":\"core\",\"origin\":\"edit\"}\n"
    );
    // Only a test file changed and tests are excluded: nothing to write.
    std::fs::write(
        dir.path().join("t.diff"),
        PATCH.replace("src/app.py", "tests/test_app.py"),
    )
    .unwrap();
    let out = readcov(
        &["gold", "--from-diff", "t.diff", "--exclude-tests"],
        dir.path(),
    );
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stderr).contains("excluded as a test file"));
}

/// One instance in two rows (one per agent): the spans are written once, and stderr says how
/// many repeats were dropped and which instances repeat.
#[test]
fn swebench_rows_repeating_an_instance_give_each_span_once() {
    let dir = tempfile::tempdir().unwrap();
    let row =
        |agent: &str| serde_json::json!({"instance_id": "i9", "agent": agent, "patch": PATCH});
    let rows = format!("{}\n{}\n", row("a"), row("b"));
    std::fs::write(dir.path().join("inst.jsonl"), rows).unwrap();
    let out = readcov(&["gold", "--from-swebench", "inst.jsonl"], dir.path());
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(
        text(&out.stdout),
        "{\"task\":\"i9\",\"path\":\"src/app.py\",\"start\":3,\"end\":4,\"tier\":\"core\",\"origin\":\"edit\"}\n"
    );
    let err = text(&out.stderr);
    assert!(err.contains("gold: 1 span(s) over 1 task(s)"), "{err}");
    assert!(
        err.contains("i9: in 2 rows: 1 duplicate span(s) dropped"),
        "{err}"
    );
}

fn openhands_log() -> String {
    let call = |id: &str, name: &str, args: serde_json::Value| {
        serde_json::json!({"role": "assistant", "content": "", "tool_calls": [
            {"id": id, "type": "function", "function": {"name": name, "arguments": args.to_string()}}]})
    };
    let result = |id: &str, out: &str| serde_json::json!({"role": "tool", "tool_call_id": id, "content": out});
    serde_json::json!({"instance_id": "o__r-1", "fncall_messages": [
        {"role": "user", "content": "<uploaded_files>\n/workspace/o__r__1\n</uploaded_files>"},
        call("a", "str_replace_editor", serde_json::json!({"command": "view", "path": "/workspace/o__r__1/src/app.py", "view_range": [2, 3]})),
        result("a", "Here's the result of running `cat -n` on /workspace/o__r__1/src/app.py:\n     2\tb\n     3\tc\n     4\t\n"),
        call("b", "execute_bash", serde_json::json!({"command": "cd /workspace/o__r__1 && python repro.py"})),
        result("b", "ok\n[Current working directory: /workspace/o__r__1]"),
        call("c", "execute_bash", serde_json::json!({"command": "cat /tmp/notes.txt"})),
        result("c", "x"),
    ]})
    .to_string()
}

#[test]
fn import_writes_reads_and_a_summary() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::create_dir_all(dir.path().join("ws/src")).unwrap();
    std::fs::write(dir.path().join("ws/src/app.py"), "a\nb\nc\nd\ne\n").unwrap();
    std::fs::write(dir.path().join("run.json"), openhands_log()).unwrap();
    let out = readcov(
        &[
            "import",
            "--workspace",
            "ws",
            "run.json",
            "-o",
            "reads.jsonl",
        ],
        dir.path(),
    );
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let reads = std::fs::read_to_string(dir.path().join("reads.jsonl")).unwrap();
    let rows: Vec<serde_json::Value> = reads
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(rows.len(), 1);
    let r = &rows[0];
    assert_eq!(
        (r["task"].as_str(), r["run"].as_str(), r["path"].as_str()),
        (Some("o__r-1"), Some("openhands"), Some("src/app.py"))
    );
    assert_eq!(
        (r["start"].as_u64(), r["end"].as_u64(), r["step"].as_u64()),
        (Some(2), Some(3), Some(0))
    );
    let err = text(&out.stderr);
    assert!(
        err.contains("imported 1 run(s) from 1 file(s), 3 action(s): 1 read row(s) over 2 line(s) + 0 edit row(s) = 1 row(s) written")
            && err.contains("events: 1 read event(s), 0 edit event(s)"),
        "{err}"
    );
    assert!(
        err.contains("unknown command") && err.contains("path outside repo"),
        "{err}"
    );
}

/// An output that is no regular file (`-o /dev/null`, a FIFO) is written in place: renaming a temp
/// file over it would replace the device or pipe with a plain file (it once did, to /dev/null).
#[test]
fn import_writes_into_a_fifo_without_replacing_it() {
    use std::os::unix::fs::FileTypeExt;
    let dir = tempfile::tempdir().unwrap();
    std::fs::create_dir_all(dir.path().join("ws/src")).unwrap();
    std::fs::write(dir.path().join("ws/src/app.py"), "a\nb\nc\nd\ne\n").unwrap();
    std::fs::write(dir.path().join("run.json"), openhands_log()).unwrap();
    let fifo = dir.path().join("reads.fifo");
    let made = std::process::Command::new("mkfifo")
        .arg(&fifo)
        .status()
        .unwrap();
    assert!(made.success(), "mkfifo failed");
    let reader = {
        let fifo = fifo.clone();
        std::thread::spawn(move || std::fs::read_to_string(fifo).unwrap())
    };
    let out = readcov(
        &[
            "import",
            "--workspace",
            "ws",
            "run.json",
            "-o",
            "reads.fifo",
        ],
        dir.path(),
    );
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    // Checked before joining the reader: had the FIFO been replaced, the reader would wait forever.
    let kind = std::fs::symlink_metadata(&fifo).unwrap().file_type();
    assert!(kind.is_fifo(), "the FIFO was replaced: {kind:?}");
    let got = reader.join().unwrap();
    assert_eq!(got.lines().count(), 1, "{got}");
    assert!(got.contains(r#""path":"src/app.py""#), "{got}");
    let leftovers: Vec<_> = std::fs::read_dir(dir.path())
        .unwrap()
        .filter_map(|e| e.ok())
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .filter(|n| n.ends_with(".tmp"))
        .collect();
    assert!(leftovers.is_empty(), "{leftovers:?}");
}

#[test]
fn import_exit_codes_for_bad_logs() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("bad.json"), "{\"fncall_messages\": [").unwrap();
    std::fs::write(dir.path().join("good.json"), openhands_log()).unwrap();
    let out = readcov(&["import", "bad.json"], dir.path());
    assert_eq!(out.status.code(), Some(2));
    assert!(
        text(&out.stderr).contains("bad.json: openhands: invalid JSON"),
        "{}",
        text(&out.stderr)
    );
    let out = readcov(
        &[
            "import",
            "bad.json",
            "good.json",
            "--task",
            "T",
            "--run",
            "R",
        ],
        dir.path(),
    );
    assert_eq!(out.status.code(), Some(0));
    let stdout = text(&out.stdout);
    assert!(stdout.contains("\"task\":\"T\",\"run\":\"R\""), "{stdout}");
    assert!(text(&out.stderr).contains("malformed records: 1"));
}

/// `--expand units` on the shipped real data: the edit rows are exactly plain edit gold, and the
/// flask fix (lines 192-193 of `Blueprint.__init__`) widens to the whole method, 172-206.
#[test]
fn gold_expand_units_on_real_data() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/data/real");
    let rows = root.join("gold.jsonl");
    let rows = rows.to_str().unwrap();
    let sources = root.join("sources");
    let edit = readcov(&["gold", "--from-swebench", rows], &root);
    let unit = readcov(
        &[
            "gold",
            "--from-swebench",
            rows,
            "--workspaces",
            sources.to_str().unwrap(),
            "--expand",
            "units",
        ],
        &root,
    );
    assert_eq!(unit.status.code(), Some(0), "{}", text(&unit.stderr));
    let edit_rows: Vec<String> = text(&edit.stdout).lines().map(String::from).collect();
    let unit_text = text(&unit.stdout);
    // With a workspace every row records its base (the pre-image): the last key, `base`.
    let base =
        regex::Regex::new(r#","base":\{"sha256":"[0-9a-f]{64}","lines":\d+(,"first":.*)?\}\}$"#)
            .unwrap();
    assert!(unit_text.lines().all(|l| base.is_match(l)), "{unit_text}");
    let edit_part: Vec<String> = unit_text
        .lines()
        .filter(|l| l.contains("\"origin\":\"edit\""))
        .map(|l| base.replace(l, "}").into_owned())
        .collect();
    let sorted = |mut v: Vec<String>| {
        v.sort();
        v
    };
    assert_eq!(sorted(edit_part), sorted(edit_rows));
    let flask: Vec<&str> = unit_text
        .lines()
        .filter(|l| l.contains("pallets__flask-5014"))
        .collect();
    assert_eq!(flask.len(), 3, "{flask:?}");
    assert!(flask[0].contains("\"start\":172,\"end\":191,\"tier\":\"core\",\"origin\":\"unit\""));
    assert!(flask[1].contains("\"start\":192,\"end\":193,\"tier\":\"core\",\"origin\":\"edit\""));
    assert!(flask[2].contains("\"start\":194,\"end\":206,\"tier\":\"core\",\"origin\":\"unit\""));
    // Side by side: pylint-4551 passes under edit gold (24 of 32 lines) and fails under unit gold.
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("edit.jsonl"), &edit.stdout).unwrap();
    std::fs::write(dir.path().join("unit.jsonl"), &unit.stdout).unwrap();
    let traj = root.join("openhands/pylint-dev__pylint-4551.json");
    let o = readcov(
        &[
            "import",
            "--workspaces",
            sources.to_str().unwrap(),
            traj.to_str().unwrap(),
            "-o",
            "reads.jsonl",
        ],
        dir.path(),
    );
    assert_eq!(o.status.code(), Some(0), "{}", text(&o.stderr));
    let o = readcov(
        &[
            "score",
            "--gold",
            "edit=edit.jsonl",
            "--gold",
            "unit.jsonl",
            "--reads",
            "reads.jsonl",
            "--outcomes",
            rows,
        ],
        dir.path(),
    );
    assert_eq!(o.status.code(), Some(0), "{}", text(&o.stderr));
    let table = text(&o.stdout);
    let line = table
        .lines()
        .find(|l| l.starts_with("pylint-dev__pylint-4551"))
        .unwrap();
    let cells: Vec<&str> = line.split_whitespace().collect();
    assert_eq!(
        cells[2..],
        ["0.75", "OK", "0.43", "below", "false"],
        "{table}"
    );
    // The report draws resolve rate by coverage bucket once per gold set, with counts.
    let o = readcov(
        &[
            "report",
            "--gold",
            "edit=edit.jsonl",
            "--gold",
            "unit=unit.jsonl",
            "--reads",
            "reads.jsonl",
            "--outcomes",
            rows,
            "--html",
            "r.html",
        ],
        dir.path(),
    );
    assert_eq!(o.status.code(), Some(0), "{}", text(&o.stderr));
    let html = std::fs::read_to_string(dir.path().join("r.html")).unwrap();
    assert!(
        html.contains("Gold set <b>edit</b>: 1 scored"),
        "edit panel"
    );
    assert!(
        html.contains("Gold set <b>unit</b>: 1 scored"),
        "unit panel"
    );
    assert!(html.contains("unit: resolve rate by line-coverage bucket"));
    // Per run under each set, and a summary per set (the HTML tables of the report).
    assert!(
        html.contains("<tr><td>pylint-dev__pylint-4551</td><td>openhands</td><td>75% OK</td><td>43% below</td></tr>"),
        "per-run cells"
    );
    assert!(
        html.contains("<tr><td>unit</td><td>1</td><td>14</td><td>0/1</td>"),
        "unit summary"
    );
    // Without outcome labels the sets are still shown side by side (no bucket charts).
    let o = readcov(
        &[
            "report",
            "--gold",
            "edit=edit.jsonl",
            "--gold",
            "unit=unit.jsonl",
            "--reads",
            "reads.jsonl",
            "--html",
            "plain.html",
        ],
        dir.path(),
    );
    assert_eq!(o.status.code(), Some(0), "{}", text(&o.stderr));
    let plain = std::fs::read_to_string(dir.path().join("plain.html")).unwrap();
    assert!(plain.contains("<td>75% OK</td><td>43% below</td>"));
    assert!(!plain.contains("resolve rate by line-coverage bucket"));
    // The 14 other gold tasks have no reads here: a `-` row each, `no run`, in no mean.
    assert!(
        table.contains("\nedit: 1 scored · 1/1 at or above 50% · mean file_hit 0.50 · mean line_coverage 0.75 · 14 task(s) with no run, not scored\n"),
        "{table}"
    );
    assert!(
        table.contains("\nunit: 1 scored · 0/1 at or above 50%"),
        "{table}"
    );
    let requests = table
        .lines()
        .find(|l| l.starts_with("psf__requests-1724"))
        .unwrap();
    assert_eq!(
        requests.split_whitespace().collect::<Vec<_>>(),
        ["psf__requests-1724", "-", "no", "run", "no", "run", "false"],
        "{table}"
    );
}

/// Side by side with `--workspaces` (one folder per task): each set's unit columns beside its
/// line coverage, `--shard` splitting the tasks, `--fail-under` naming the set of each row below.
#[test]
fn side_by_side_with_workspaces_units_shard_and_fail_under() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/data/real");
    let rows = root.join("gold.jsonl");
    let rows = rows.to_str().unwrap();
    let sources = root.join("sources");
    let sources = sources.to_str().unwrap();
    let dir = tempfile::tempdir().unwrap();
    let edit = readcov(&["gold", "--from-swebench", rows], &root);
    let unit = readcov(
        &[
            "gold",
            "--from-swebench",
            rows,
            "--workspaces",
            sources,
            "--expand",
            "units",
        ],
        &root,
    );
    std::fs::write(dir.path().join("edit.jsonl"), &edit.stdout).unwrap();
    std::fs::write(dir.path().join("unit.jsonl"), &unit.stdout).unwrap();
    let trajs = ["pylint-dev__pylint-4551", "pallets__flask-5014"].map(|t| {
        root.join(format!("openhands/{t}.json"))
            .to_str()
            .unwrap()
            .to_string()
    });
    let o = readcov(
        &[
            "import",
            "--workspaces",
            sources,
            &trajs[0],
            &trajs[1],
            "-o",
            "reads.jsonl",
        ],
        dir.path(),
    );
    assert_eq!(o.status.code(), Some(0), "{}", text(&o.stderr));
    let score = |extra: &[&str]| {
        let mut a = vec![
            "score",
            "--gold",
            "edit=edit.jsonl",
            "--gold",
            "unit=unit.jsonl",
            "--reads",
            "reads.jsonl",
            "--workspaces",
            sources,
        ];
        a.extend(extra);
        readcov(&a, dir.path())
    };
    let o = score(&[]);
    assert_eq!(o.status.code(), Some(0), "{}", text(&o.stderr));
    let table = text(&o.stdout);
    assert!(table.contains("unit:units_hit  unit:cov_units"), "{table}");
    let line = table
        .lines()
        .find(|l| l.starts_with("pylint-dev__pylint-4551"))
        .unwrap();
    let cells: Vec<&str> = line.split_whitespace().collect();
    // edit: 0.75 of the lines, 3 of 5 units; unit: 0.43 of the lines, 3 of 8 units; each set with
    // the five unit columns of the single-gold table (units hit, unit-widened coverage and its
    // extra lines, ±10-line coverage and its extra lines).
    assert_eq!(
        cells[2..],
        [
            "0.75", "OK", "0.43", "below", "3/5", "0.75", "0", "0.75", "0", "3/8", "0.43", "0",
            "0.43", "0"
        ],
        "{table}"
    );
    assert!(table.contains("edit:cov_±10"), "{table}");
    // A trajectory as --reads is imported on the fly, as with one gold set.
    let o = readcov(
        &[
            "score",
            "--gold",
            "edit=edit.jsonl",
            "--gold",
            "unit=unit.jsonl",
            "--reads",
            &trajs[0],
            "--workspaces",
            sources,
        ],
        dir.path(),
    );
    assert_eq!(o.status.code(), Some(0), "{}", text(&o.stderr));
    let table = text(&o.stdout);
    let line = table
        .lines()
        .find(|l| l.starts_with("pylint-dev__pylint-4551"))
        .unwrap();
    let cells: Vec<&str> = line.split_whitespace().collect();
    assert_eq!(
        cells[1..6],
        ["openhands", "0.75", "OK", "0.43", "below"],
        "{table}"
    );
    // --detail is refused (per-span detail takes one set), not ignored.
    assert_eq!(score(&["--detail"]).status.code(), Some(2));
    // json: each set carries the unit keys the single-gold rows do.
    let o = score(&["--format", "jsonl"]);
    let out = text(&o.stdout);
    let flask: serde_json::Value = serde_json::from_str(
        out.lines()
            .find(|l| l.contains("pallets__flask-5014"))
            .unwrap(),
    )
    .unwrap();
    assert_eq!(flask["gold_sets"]["unit"]["gold_lines"], 35);
    assert_eq!(flask["gold_sets"]["unit"]["gold_units"], 1);
    assert_eq!(flask["gold_sets"]["edit"]["coverage_widened_to_units"], 1.0);
    // --shard: the two shards split the 15 tasks between them.
    let tasks = |shard: &str| -> Vec<String> {
        let o = score(&["--shard", shard, "--format", "csv"]);
        assert_eq!(o.status.code(), Some(0), "{}", text(&o.stderr));
        text(&o.stdout)
            .lines()
            .skip(1)
            .map(|l| l.split(',').next().unwrap().to_string())
            .collect()
    };
    let (a, b) = (tasks("0/2"), tasks("1/2"));
    assert!(!a.is_empty() && !b.is_empty());
    assert!(a.iter().all(|t| !b.contains(t)));
    assert_eq!(a.len() + b.len(), 15);
    // --fail-under: exit 1, each row below named with its set.
    let o = score(&["--fail-under", "0.5"]);
    assert_eq!(o.status.code(), Some(1));
    let err = text(&o.stderr);
    assert!(err.contains("below --fail-under 50%: 1 row(s)"), "{err}");
    assert!(
        err.contains("  unit: pylint-dev__pylint-4551 / openhands: line_coverage 0.43"),
        "{err}"
    );
    assert!(!err.contains("edit: pylint-dev__pylint-4551"), "{err}");
}

/// `gold --tests` on the harness's real FAIL_TO_PASS ids (`tests/data/real-multi/fail_to_pass.jsonl`,
/// rows without a fix patch): the jib-4035 id `jib-core:…RegistryAuthenticatorTest` resolves to the
/// class in the module's test root; the base sources are not shipped, so the workspace holds a
/// stand-in class at that path. The other tasks have no workspace folder: noted, not dropped.
#[test]
fn gold_tests_resolves_real_junit_fail_to_pass_ids() {
    let rows = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../tests/data/real-multi/fail_to_pass.jsonl");
    let dir = tempfile::tempdir().unwrap();
    let test_dir = dir.path().join(
        "ws/googlecontainertools__jib-4035/jib-core/src/test/java/com/google/cloud/tools/jib/registry",
    );
    std::fs::create_dir_all(&test_dir).unwrap();
    std::fs::write(
        test_dir.join("RegistryAuthenticatorTest.java"),
        "package com.google.cloud.tools.jib.registry;\n\n/** Tests for {@link RegistryAuthenticator}. */\npublic class RegistryAuthenticatorTest {\n  @Test\n  public void testFromAuthenticationMethod_basic() {}\n}\n",
    )
    .unwrap();
    let o = readcov(
        &[
            "gold",
            "--from-swebench",
            rows.to_str().unwrap(),
            "--workspaces",
            "ws",
            "--tests",
        ],
        dir.path(),
    );
    assert_eq!(o.status.code(), Some(0), "{}", text(&o.stderr));
    // The class with its Javadoc: lines 3-7, with the base file it was found in.
    let sha = readcov_core::base::sha256_hex(
        &std::fs::read(test_dir.join("RegistryAuthenticatorTest.java")).unwrap(),
    );
    assert_eq!(
        text(&o.stdout),
        format!("{{\"task\":\"googlecontainertools__jib-4035\",\"path\":\"jib-core/src/test/java/com/google/cloud/tools/jib/registry/RegistryAuthenticatorTest.java\",\"start\":3,\"end\":7,\"tier\":\"core\",\"origin\":\"test\",\"base\":{{\"sha256\":\"{sha}\",\"lines\":7,\"first\":\"/** Tests for {{@link RegistryAuthenticator}}. */\",\"last\":\"}}\"}}}}\n")
    );
    let err = text(&o.stderr);
    // Five ids of the four other tasks: no workspace folder, each counted.
    assert!(err.contains("5 × no workspace"), "{err}");
}

/// real-multi's reads (`reads.jsonl`) and their consensus gold (`gold.jsonl`, `gold --from-runs`
/// with the runs' labels and `extra`) in a new folder; the folder and the labels file's path.
pub(crate) fn multi_consensus(extra: &[&str]) -> (tempfile::TempDir, String) {
    let dir = tempfile::tempdir().unwrap();
    let multi = crate::common::real_data().join("../real-multi");
    import_multi(&multi, &dir.path().join("reads.jsonl"));
    let labels = multi.join("outcomes.jsonl").display().to_string();
    let head = ["gold", "--from-runs", "reads.jsonl", "--outcomes", &labels];
    let gold = [&head[..], extra, &["-o", "gold.jsonl"]].concat();
    let o = readcov(&gold, dir.path());
    assert_eq!(o.status.code(), Some(0), "{}", text(&o.stderr));
    (dir, labels)
}

/// Reads of every real-multi trajectory (task = folder, run = file stem) into `out`: the folder
/// imported in one command, `--layout task/run`.
pub(crate) fn import_multi(root: &Path, out: &Path) {
    let folder = root.join("swe-agent-java");
    let o = readcov(
        &[
            "import",
            "--layout",
            "task/run",
            folder.to_str().unwrap(),
            "-o",
            "-",
        ],
        root,
    );
    assert_eq!(o.status.code(), Some(0), "{}", text(&o.stderr));
    assert!(
        text(&o.stderr).contains("imported 25 run(s) from 25 file(s)"),
        "{}",
        text(&o.stderr)
    );
    std::fs::write(out, o.stdout).unwrap();
}

/// `--layout task/run` on the real-multi folder gives exactly the rows of each trajectory
/// imported on its own with `--task <folder> --run <stem>` (the recipe it replaces), and the
/// same trajectories given as files (`swe-agent-java/*/*`) too; without it the model would be
/// the task.
#[test]
fn layout_task_run_imports_real_multi_in_one_command() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/data/real-multi");
    let dir = tempfile::tempdir().unwrap();
    let one = dir.path().join("one.jsonl");
    import_multi(&root, &one);
    let one = std::fs::read_to_string(&one).unwrap();
    assert_eq!(one, import_multi_per_file(&root));
    assert!(
        one.contains("{\"task\":\"fasterxml__jackson-core-1142\",\"run\":\"gpt-4o-2024-05-13\",")
    );
    let files: Vec<String> = [
        "fasterxml__jackson-core-1142/doubao-pro-128k.traj",
        "googlecontainertools__jib-4035/gpt-4o-2024-05-13.traj",
    ]
    .iter()
    .map(|f| {
        root.join("swe-agent-java")
            .join(f)
            .to_str()
            .unwrap()
            .to_string()
    })
    .collect();
    let mut a = vec!["import", "--layout", "task/run", "-o", "-"];
    a.extend(files.iter().map(String::as_str));
    let o = readcov(&a, &root);
    let rows = text(&o.stdout);
    assert!(
        rows.contains(
            "{\"task\":\"googlecontainertools__jib-4035\",\"run\":\"gpt-4o-2024-05-13\","
        ),
        "{rows}"
    );
    // Without --layout the model would be the task: said on stderr, through score's on-the-fly
    // import too.
    let o = readcov(&["import", "-o", "-", &files[0]], &root);
    assert!(text(&o.stdout).contains("{\"task\":\"doubao-pro-128k\",\"run\":\"swe-agent\","));
    let note = "doubao-pro-128k.traj: no instance id in the log: task `doubao-pro-128k` taken from the file name (set it with --task; a `<task>/<run>.traj` folder: --layout task/run)";
    assert!(text(&o.stderr).contains(note), "{}", text(&o.stderr));
    let gold = root.join("../real/gold.jsonl");
    let o = readcov(
        &[
            "score",
            "--gold",
            gold.to_str().unwrap(),
            "--reads",
            &files[0],
        ],
        &root,
    );
    assert!(text(&o.stderr).contains(note), "{}", text(&o.stderr));
    // --layout names task and run itself: --task or --run beside it is refused.
    let o = readcov(
        &["import", "--layout", "task/run", "--task", "t", &files[0]],
        &root,
    );
    assert_eq!(o.status.code(), Some(2));
}

/// The per-file recipe `--layout task/run` replaces.
fn import_multi_per_file(root: &Path) -> String {
    let mut text = String::new();
    let mut dirs: Vec<_> = std::fs::read_dir(root.join("swe-agent-java"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    dirs.sort();
    for dir in dirs {
        let task = dir.file_name().unwrap().to_str().unwrap().to_string();
        let mut files: Vec<_> = std::fs::read_dir(&dir)
            .unwrap()
            .map(|e| e.unwrap().path())
            .collect();
        files.sort();
        for f in files {
            let run = f.file_stem().unwrap().to_str().unwrap().to_string();
            let o = readcov(
                &[
                    "import",
                    "--task",
                    &task,
                    "--run",
                    &run,
                    f.to_str().unwrap(),
                    "-o",
                    "-",
                ],
                root,
            );
            text.push_str(&String::from_utf8(o.stdout).unwrap());
        }
    }
    text
}

/// Consensus gold through the binary on real-multi: SWE-Explore rows that `readcov explore`
/// reads back, and `score --consensus` (leave-one-out) beside a consensus file, saying which is which.
#[test]
fn consensus_gold_round_trips_and_scores_leave_one_out() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/data/real-multi");
    let dir = tempfile::tempdir().unwrap();
    let reads = dir.path().join("reads.jsonl");
    import_multi(&root, &reads);
    let labels = root.join("outcomes.jsonl");
    let (reads_s, labels_s) = (reads.to_str().unwrap(), labels.to_str().unwrap());
    let o = readcov(
        &[
            "gold",
            "--from-runs",
            reads_s,
            "--outcomes",
            labels_s,
            "--format",
            "swe-explore",
            "-o",
            "bench.jsonl",
        ],
        dir.path(),
    );
    assert_eq!(o.status.code(), Some(0), "{}", text(&o.stderr));
    let bench = std::fs::read_to_string(dir.path().join("bench.jsonl")).unwrap();
    assert_eq!(bench.lines().count(), 5);
    let first: serde_json::Value = serde_json::from_str(bench.lines().next().unwrap()).unwrap();
    assert_eq!(first["instance_id"], "fasterxml__jackson-core-1142");
    assert_eq!(
        first["ground_truth"]["read_core_regions"][0],
        serde_json::json!({"path": "src/main/java/com/fasterxml/jackson/core/Version.java", "start": 1, "end": 170})
    );
    // An explorer that names lines 1-85 of the core file: recall 85/170 under `readcov explore`.
    std::fs::write(
        dir.path().join("preds.jsonl"),
        "{\"instance_id\":\"fasterxml__jackson-core-1142\",\"explorer\":\"x\",\"regions\":[\"src/main/java/com/fasterxml/jackson/core/Version.java:1-85\"]}\n",
    )
    .unwrap();
    let o = readcov(
        &[
            "explore",
            "--bench",
            "bench.jsonl",
            "--preds",
            "preds.jsonl",
            "--format",
            "jsonl",
        ],
        dir.path(),
    );
    assert_eq!(o.status.code(), Some(0), "{}", text(&o.stderr));
    let first = text(&o.stdout);
    let row: serde_json::Value = serde_json::from_str(first.lines().next().unwrap()).unwrap();
    assert_eq!(row["recall"], 0.5);
    // Score: the consensus file (circular for resolved runs) beside leave-one-out.
    let o = readcov(
        &[
            "gold",
            "--from-runs",
            reads_s,
            "--outcomes",
            labels_s,
            "-o",
            "cons.jsonl",
        ],
        dir.path(),
    );
    assert_eq!(o.status.code(), Some(0));
    let o = readcov(
        &[
            "score",
            "--gold",
            "cons.jsonl",
            "--reads",
            reads_s,
            "--outcomes",
            labels_s,
            "--consensus",
            "--format",
            "jsonl",
        ],
        dir.path(),
    );
    assert_eq!(o.status.code(), Some(0), "{}", text(&o.stderr));
    let out = text(&o.stdout);
    let rows: Vec<serde_json::Value> = out
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    let row = |task: &str, run: &str| {
        rows.iter()
            .find(|r| r["task"] == task && r["run"] == run)
            .unwrap()
            .clone()
    };
    // doubao resolved 3701: with itself in, it covers the consensus; without, half of the
    // other two resolved runs' intersection.
    let r = row("fasterxml__jackson-databind-3701", "doubao-pro-128k");
    assert_eq!(r["gold_sets"]["consensus"]["line_coverage"], 1.0);
    assert_eq!(r["gold_sets"]["consensus-loo"]["line_coverage"], 0.5);
    // jib-4035 has two resolved runs: without one, one is left, below --min-runs 2.
    let r = row("googlecontainertools__jib-4035", "deepseek-chat-v2");
    assert!(r["gold_sets"]["consensus-loo"].is_null());
    let totals = rows.last().unwrap();
    assert_eq!(totals["record"], "totals");
    let notes: Vec<&str> = totals["gold_sets"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["note"].as_str().unwrap())
        .collect();
    assert!(notes[0].contains("score against themselves"), "{notes:?}");
    assert!(notes[1].contains("leave-one-out"), "{notes:?}");
    // Those four resolved runs, and (matched, the default) the six failed runs of the same two
    // tasks (jib-4035's labelled run with no reads among them: it ran, issue 36), are counted as
    // runs left without gold; no task lacks runs.
    let err = text(&o.stderr);
    assert!(
        err.contains("consensus: 10 × run not scored: its leave-one-out gold has fewer resolved runs than --min-runs"),
        "{err}"
    );
    assert!(!err.contains("task with fewer"), "{err}");
}

/// The shipped samples of the new formats (`tests/data/formats`).
fn formats() -> std::path::PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/data/formats")
}

#[test]
fn import_gathers_subagents_and_v1_conversation_folders() {
    let tmp = tempfile::tempdir().unwrap();
    // A Claude Code transcript brings its subagent (sibling `subagents/`, same sessionId).
    let out = readcov(
        &[
            "import",
            "claude-code/subagent-session-2.1.7/turn-2.jsonl",
            "-o",
            &tmp.path().join("cc.jsonl").display().to_string(),
        ],
        &formats(),
    );
    assert!(out.status.success(), "{}", text(&out.stderr));
    let rows = std::fs::read_to_string(tmp.path().join("cc.jsonl")).unwrap();
    assert!(
        rows.contains("\"run\":\"claude-code/agent-a485154\""),
        "{rows}"
    );
    assert!(rows.contains("\"run\":\"claude-code\""));
    assert!(
        text(&out.stderr).contains("imported 2 run(s) from 2 file(s)"),
        "{}",
        text(&out.stderr)
    );
    // An OpenHands V1 conversation folder is one log; `--format` takes the format labels.
    let v1 = "openhands/v1-sdk-conversation/cd94562403b9487ebdd4018e3f531dfd";
    let out = readcov(
        &["import", "--format", "openhands-v1", v1, "-o", "-"],
        &formats(),
    );
    // Its two actions give no read row without a workspace: exit 2, said (issue 35, item 12).
    assert_eq!(out.status.code(), Some(2), "{}", text(&out.stderr));
    assert!(
        text(&out.stderr).contains("2 action(s)")
            && text(&out.stderr).contains("error: no read or edit rows imported from 1 file(s)"),
        "{}",
        text(&out.stderr)
    );
    let out = readcov(&["import", "--format", "nope", v1], &formats());
    assert_eq!(out.status.code(), Some(2));
    assert!(
        text(&out.stderr).contains("openhands-v1"),
        "{}",
        text(&out.stderr)
    );
}

/// Every shipped real trajectory, with a file that is not a log and one that is missing in
/// between: `--jobs 1`, `2` and `3` write the same rows and the same stderr (errors located
/// per file, in argument order), and the batch goes on past the bad files.
#[test]
fn import_jobs_give_the_serial_bytes_and_keep_going_past_bad_files() {
    let real = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/data/real");
    let tmp = tempfile::tempdir().unwrap();
    std::fs::write(tmp.path().join("broken.json"), "{\"not\": \"a log\"").unwrap();
    let mut files: Vec<String> = Vec::new();
    for dir in [
        "openhands",
        "mini-swe-agent",
        "claude-code",
        "swe-agent-java",
    ] {
        let mut names: Vec<_> = std::fs::read_dir(real.join(dir))
            .unwrap()
            .map(|e| e.unwrap().path())
            .filter(|p| p.is_file())
            .collect();
        names.sort();
        files.extend(names.iter().map(|p| p.display().to_string()));
        if dir == "openhands" {
            files.push(tmp.path().join("broken.json").display().to_string());
            files.push(tmp.path().join("missing.json").display().to_string());
        }
    }
    assert!(files.len() > 15, "{files:?}");
    let ws = real.join("sources").display().to_string();
    let run = |jobs: &str| {
        let out_file = tmp.path().join(format!("reads-{jobs}.jsonl"));
        let o = out_file.display().to_string();
        let mut args = vec!["import", "--workspaces", &ws, "--jobs", jobs, "-o", &o];
        args.extend(files.iter().map(String::as_str));
        let out = readcov(&args, tmp.path());
        assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
        (std::fs::read(&out_file).unwrap(), text(&out.stderr))
    };
    let (rows, err) = run("1");
    assert!(rows.len() > 10_000, "{} bytes", rows.len());
    assert!(err.contains("broken.json"), "{err}");
    assert!(err.contains("missing.json"), "{err}");
    assert!(err.contains("2 refused"), "{err}");
    // The bad files are reported where they stand among the arguments.
    let at = |s: &str| err.find(s).unwrap_or_else(|| panic!("{s}: {err}"));
    assert!(at("broken.json") < at("missing.json"), "{err}");
    for jobs in ["2", "3"] {
        let (r, e) = run(jobs);
        assert!(r == rows, "--jobs {jobs}: rows differ from --jobs 1");
        assert_eq!(e, err, "--jobs {jobs}");
    }
}

/// `gold --from-diff --workspace` records each row's base; `score --workspace` says when a
/// workspace file is no longer that base (the user edited it), with a count, and still scores.
#[test]
fn score_warns_when_a_workspace_file_differs_from_the_golds_base() {
    let dir = tempfile::tempdir().unwrap();
    let ws = dir.path().join("ws");
    std::fs::create_dir_all(ws.join("src")).unwrap();
    std::fs::write(ws.join("src/app.py"), "a\nb\nc\nd\ne\n").unwrap();
    std::fs::write(dir.path().join("fix.diff"), PATCH).unwrap();
    let g = readcov(
        &[
            "gold",
            "--from-diff",
            "fix.diff",
            "--workspace",
            "ws",
            "-o",
            "gold.jsonl",
        ],
        dir.path(),
    );
    assert_eq!(g.status.code(), Some(0), "{}", text(&g.stderr));
    let gold = std::fs::read_to_string(dir.path().join("gold.jsonl")).unwrap();
    assert!(gold.contains("\"base\":{\"sha256\":"), "{gold}");
    std::fs::write(
        dir.path().join("reads.jsonl"),
        "{\"path\":\"src/app.py\",\"start\":1,\"end\":5}\n",
    )
    .unwrap();
    let score = |dir: &Path| {
        readcov(
            &[
                "score",
                "--gold",
                "gold.jsonl",
                "--reads",
                "reads.jsonl",
                "--workspace",
                "ws",
            ],
            dir,
        )
    };
    let same = score(dir.path());
    assert_eq!(same.status.code(), Some(0), "{}", text(&same.stderr));
    assert!(
        !text(&same.stderr).contains("differ"),
        "{}",
        text(&same.stderr)
    );
    std::fs::write(ws.join("src/app.py"), "new\na\nb\nc\nd\ne\n").unwrap();
    let changed = score(dir.path());
    assert_eq!(changed.status.code(), Some(0), "{}", text(&changed.stderr));
    assert!(
        text(&changed.stderr).contains(
            "warning: 1 gold file(s) in the workspace differ from the base the gold was made against (its `base.sha256`): src/app.py (task default)"
        ),
        "{}",
        text(&changed.stderr)
    );
}

/// Edits after a write the replay cannot follow (`mv` onto the file) give no edit row; the
/// summary lists them with that write instead of leaving them out without a word.
#[test]
fn import_lists_edits_it_could_not_replay() {
    let case = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../tests/fixtures/import/swe-agent-overwritten");
    let o = readcov(
        &["import", "--workspace", "workspace", "log.json", "-o", "-"],
        &case,
    );
    assert_eq!(o.status.code(), Some(0), "{}", text(&o.stderr));
    let err = text(&o.stderr);
    assert!(
        err.contains(
            "edit(s) not replayed (2): their base lines are unknown, so they have no edit row"
        ),
        "{err}"
    );
    assert!(
        err.contains("log / swe-agent: src/Util.java turn 3 `edit 5:5…` (after a write the replay cannot follow: written by `mv /tmp/Util.java src/Util.java` (turn 2))"),
        "{err}"
    );
    // SWE-agent windows state the file's length, so `edit a:b` replays without a workspace too:
    // the same two edits are the lost ones, and none for want of a base.
    let o = readcov(&["import", "log.json", "-o", "-"], &case);
    let err = text(&o.stderr);
    assert!(err.contains("edit(s) not replayed (2)"), "{err}");
    assert!(!err.contains("for want of a base file"), "{err}");
}

/// `gold --tests` on rows without `test_patch` or `FAIL_TO_PASS` (the shipped real gold.jsonl):
/// exit 2, a note per row and an error naming the missing fields (it ended "(see the notes
/// above)" with no note above), and no output file: none is created, an existing one is kept.
#[test]
fn gold_tests_without_test_fields_says_why_and_writes_no_file() {
    let data = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/data/real/gold.jsonl");
    let dir = tempfile::tempdir().unwrap();
    let rows = data.to_str().unwrap();
    let o = readcov(
        &["gold", "--from-swebench", rows, "--tests", "-o", "t.jsonl"],
        dir.path(),
    );
    assert_eq!(o.status.code(), Some(2));
    let err = text(&o.stderr);
    assert!(
        err.contains("  15 × row without test_patch or FAIL_TO_PASS (no test tier)"),
        "{err}"
    );
    assert!(
        err.contains("no test-tier lines: no row has a `test_patch` or `FAIL_TO_PASS` field"),
        "{err}"
    );
    assert!(!err.contains("see the notes above"), "{err}");
    assert!(
        !dir.path().join("t.jsonl").exists(),
        "an empty output file was left"
    );
    std::fs::write(dir.path().join("t.jsonl"), "kept\n").unwrap();
    let o = readcov(
        &["gold", "--from-swebench", rows, "--tests", "-o", "t.jsonl"],
        dir.path(),
    );
    assert_eq!(o.status.code(), Some(2));
    let kept = std::fs::read_to_string(dir.path().join("t.jsonl")).unwrap();
    assert_eq!(kept, "kept\n");
}

/// Over many logs the lost edits are counted whole and only the first few are listed (the
/// tally keeps no more than it prints: its size does not grow with a dataset's rows).
#[test]
fn import_counts_every_lost_edit_and_lists_the_first_five() {
    let log = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../tests/fixtures/import/swe-agent-overwritten/log.json");
    let dir = tempfile::tempdir().unwrap();
    let names = ["a.json", "b.json", "c.json", "d.json"];
    for n in names {
        std::fs::copy(&log, dir.path().join(n)).unwrap();
    }
    let mut args = vec!["import", "--jobs", "1"];
    args.extend(names);
    args.extend(["-o", "-"]);
    let o = readcov(&args, dir.path());
    assert_eq!(o.status.code(), Some(0), "{}", text(&o.stderr));
    let err = text(&o.stderr);
    // Two lost edits per log, in argument order: a's two, b's two, c's first; then the count.
    assert!(err.contains("edit(s) not replayed (8)"), "{err}");
    let listed: Vec<&str> = err
        .lines()
        .filter(|l| l.contains(" / swe-agent: src/Util.java turn "))
        .collect();
    assert_eq!(listed.len(), 5, "{err}");
    for (l, task) in listed.iter().zip(["a", "a", "b", "b", "c"]) {
        assert!(l.trim_start().starts_with(&format!("{task} / ")), "{l}");
    }
    assert!(err.contains("    … 3 more"), "{err}");
}

/// A Codex `apply_patch` with no `patch_apply_end`: the log does not say whether it applied,
/// so the summary says that, not that it "does not apply to the file as replayed" (what it
/// said before, of a patch whose outcome is unknown).
#[test]
fn import_says_a_codex_patch_without_its_end_event_has_an_unknown_outcome() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::create_dir(dir.path().join("ws")).unwrap();
    std::fs::write(dir.path().join("ws/a.py"), "x\nw\n").unwrap();
    std::fs::write(dir.path().join("ws/b.py"), "1\n2\n").unwrap();
    let rec = |t: &str, p: serde_json::Value| {
        serde_json::json!({"timestamp": "t", "type": t, "payload": p}).to_string() + "\n"
    };
    let patch = "*** Begin Patch\n*** Update File: a.py\n@@\n-x\n+y\n*** End Patch\n";
    let log = [
        rec(
            "session_meta",
            serde_json::json!({"id": "cx", "cwd": "/repo"}),
        ),
        rec(
            "response_item",
            serde_json::json!({"type": "custom_tool_call", "name": "apply_patch",
                "call_id": "e1", "input": patch}),
        ),
        // A read of another file, so that the import has a row (none is an error).
        rec(
            "response_item",
            serde_json::json!({"type": "function_call", "name": "exec_command", "call_id": "c1",
                "arguments": r#"{"cmd": "sed -n '1,2p' b.py", "workdir": "/repo"}"#}),
        ),
        rec(
            "response_item",
            serde_json::json!({"type": "function_call_output", "call_id": "c1",
                "output": "Process exited with code 0\nOutput:\n1\n2\n"}),
        ),
    ]
    .concat();
    std::fs::write(dir.path().join("log.jsonl"), log).unwrap();
    let o = readcov(
        &["import", "--workspace", "ws", "log.jsonl", "-o", "-"],
        dir.path(),
    );
    assert_eq!(o.status.code(), Some(0), "{}", text(&o.stderr));
    let err = text(&o.stderr);
    assert!(err.contains("edit(s) not replayed (1)"), "{err}");
    assert!(
        err.contains("    cx / codex: a.py turn 0 `*** Begin Patch…` (the log has no patch_apply_end for it, so whether and how it applied is unknown)\n"),
        "{err}"
    );
    assert!(!err.contains("does not apply"), "{err}");
    // `explain` says the same: the reason `unrecorded` with what the log lacks (before, the
    // reason was `did_not_apply` and the text "does not apply to the file as replayed").
    std::fs::write(
        dir.path().join("gold.jsonl"),
        "{\"task\":\"cx\",\"path\":\"a.py\",\"start\":1,\"end\":1}\n",
    )
    .unwrap();
    let explain = |format: &str| {
        let args = [
            "explain",
            "--gold",
            "gold.jsonl",
            "--reads",
            "log.jsonl",
            "--workspace",
            "ws",
        ];
        let o = readcov(
            &[&args[..], &["--task", "cx", "--format", format]].concat(),
            dir.path(),
        );
        assert_eq!(o.status.code(), Some(0), "{}", text(&o.stderr));
        text(&o.stdout)
    };
    let doc: serde_json::Value = serde_json::from_str(&explain("json")).unwrap();
    let lost = &doc["lost_edits"];
    assert_eq!(lost.as_array().map(Vec::len), Some(1), "{doc}");
    assert_eq!(lost[0]["reason"], "unrecorded", "{doc}");
    assert_eq!(
        lost[0]["detail"],
        "the log has no patch_apply_end for it, so whether and how it applied is unknown"
    );
    let out = explain("text");
    assert!(
        out.contains("the log has no patch_apply_end for it"),
        "{out}"
    );
    assert!(!out.contains("does not apply"), "{out}");
}
