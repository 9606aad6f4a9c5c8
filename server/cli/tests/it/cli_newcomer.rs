//! The rough edges a newcomer met in the first hour (issue 29), through the real binary: flags,
//! exit codes and bytes of `score --fail-under`, `score --help` and the legend, `gold` on a
//! non-diff, `import` of a file that is no trajectory, the import summary's counts, `demo --write`
//! paths and `-o -`.

use crate::common;

use common::{readcov_in, real_data, stderr, stdout};
use std::path::Path;

const GOLD: &str = "{\"task\":\"t1\",\"path\":\"a.py\",\"start\":1,\"end\":4}\n\
                    {\"task\":\"t2\",\"path\":\"b.py\",\"start\":1,\"end\":4}\n\
                    {\"task\":\"t3\",\"path\":\"c.py\",\"start\":1,\"end\":4}\n";
const READS: &str = "{\"task\":\"t1\",\"run\":\"r\",\"path\":\"a.py\",\"start\":1,\"end\":1}\n\
                     {\"task\":\"t2\",\"run\":\"r\",\"path\":\"b.py\",\"start\":1,\"end\":4}\n\
                     {\"task\":\"t3\",\"run\":\"r\",\"path\":\"c.py\",\"start\":1,\"end\":3}\n";

fn write(dir: &Path, name: &str, text: &str) {
    std::fs::write(dir.join(name), text).unwrap();
}

#[test]
fn fail_under_lists_the_rows_below_it_on_stderr() {
    let dir = tempfile::tempdir().unwrap();
    write(dir.path(), "g.jsonl", GOLD);
    write(dir.path(), "r.jsonl", READS);
    // Lean and general path alike, with the bare flag (bar = threshold 50%) and a rate.
    for extra in [&[][..], &["--general-path"][..]] {
        let mut args = vec!["score", "--gold", "g.jsonl", "--reads", "r.jsonl"];
        args.extend(extra);
        args.push("--fail-under");
        let o = readcov_in(dir.path(), &args);
        assert_eq!(o.status.code(), Some(1), "{}", stderr(&o));
        assert_eq!(
            stderr(&o),
            "below --fail-under 50%: 1 row(s) with line_coverage < 0.5\n  t1 / r: line_coverage 0.25\n"
        );
        args.push("0.8");
        let o = readcov_in(dir.path(), &args);
        assert_eq!(o.status.code(), Some(1));
        assert_eq!(
            stderr(&o),
            "below --fail-under 80%: 2 row(s) with line_coverage < 0.8\n  t1 / r: line_coverage 0.25\n  t3 / r: line_coverage 0.75\n"
        );
        args.pop();
        args.pop();
        let o = readcov_in(dir.path(), &args);
        assert_eq!(o.status.code(), Some(0));
        assert_eq!(stderr(&o), "", "nothing listed without --fail-under");
    }
}

/// Every header of a table with unit and read-before-edit columns is documented in `--help`
/// and explained by the legend under the table; `--no-legend` drops the legend only.
#[test]
fn every_table_column_is_in_help_and_in_the_legend() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::create_dir(dir.path().join("ws")).unwrap();
    write(
        &dir.path().join("ws"),
        "a.py",
        "def f():\n    x = 1\n    y = 2\n    return x + y\n",
    );
    write(
        dir.path(),
        "g.jsonl",
        "{\"task\":\"t\",\"path\":\"a.py\",\"start\":2,\"end\":3}\n",
    );
    write(
        dir.path(),
        "r.jsonl",
        "{\"task\":\"t\",\"run\":\"r\",\"path\":\"a.py\",\"start\":1,\"end\":2}\n\
         {\"task\":\"t\",\"run\":\"r\",\"path\":\"a.py\",\"start\":3,\"end\":3,\"kind\":\"edit\"}\n",
    );
    let args = [
        "score",
        "--gold",
        "g.jsonl",
        "--reads",
        "r.jsonl",
        "--workspace",
        "ws",
        "--widen",
        "3",
    ];
    let o = readcov_in(dir.path(), &args);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let table = stdout(&o);
    let header: Vec<&str> = table.lines().next().unwrap().split_whitespace().collect();
    for col in ["units_hit", "cov_±3", "+lines_±3", "rb_edit", "rb_worst"] {
        assert!(header.contains(&col), "{col} not in {header:?}");
    }
    let legend = &table[table.find("\nlegend: ").expect("a legend under the table")..];
    let help = stdout(&readcov_in(dir.path(), &["score", "--help"]));
    for col in &header {
        let documented = col.replace("±3", "±N");
        assert!(
            help.contains(&format!("\n  {documented} ")),
            "{documented} is not documented in score --help:\n{help}"
        );
        if !matches!(*col, "task" | "run") {
            assert!(
                legend.contains(&format!("{col}: ")),
                "{col} not in the legend:\n{legend}"
            );
        }
    }
    let mut no_legend = args.to_vec();
    no_legend.push("--no-legend");
    let bare = stdout(&readcov_in(dir.path(), &no_legend));
    assert_eq!(
        bare,
        table[..table.len() - legend.len()],
        "only the legend goes"
    );
    assert!(!bare.contains("legend:"));
}

#[test]
fn gold_from_a_non_diff_says_why_it_has_no_spans() {
    let dir = tempfile::tempdir().unwrap();
    write(dir.path(), "notes.txt", "just some notes\nno hunks here\n");
    let o = readcov_in(dir.path(), &["gold", "--from-diff", "notes.txt"]);
    assert_eq!(o.status.code(), Some(2));
    assert_eq!(stdout(&o), "");
    let err = stderr(&o);
    assert!(
        err.contains("gold: 0 span(s) over 0 task(s)\nerror: notes.txt: no diff hunks found, so no gold lines"),
        "{err}"
    );
    write(
        dir.path(),
        "rows.jsonl",
        "{\"instance_id\":\"i\",\"patch\":\"not a diff\"}\n",
    );
    let o = readcov_in(dir.path(), &["gold", "--from-swebench", "rows.jsonl"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stderr(&o).contains("error: rows.jsonl: no diff hunks found in any row"),
        "{}",
        stderr(&o)
    );
}

#[test]
fn import_refuses_a_file_that_is_no_trajectory_and_imports_the_rest() {
    let real = real_data();
    let dir = tempfile::tempdir().unwrap();
    write(dir.path(), "notes.txt", "hello\n");
    let log = real.join("openhands/psf__requests-1724.json");
    let log = log.to_str().unwrap();
    let o = readcov_in(
        dir.path(),
        &["import", "notes.txt", log, "-o", "reads.jsonl"],
    );
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let err = stderr(&o);
    assert!(
        err.contains("error: notes.txt: not a recognised trajectory"),
        "{err}"
    );
    assert!(
        err.contains("  refused notes.txt: nothing imported from it\n"),
        "{err}"
    );
    assert!(
        err.contains("imported 1 run(s) from 1 file(s), 1 refused,"),
        "{err}"
    );
    assert!(
        std::fs::read_to_string(dir.path().join("reads.jsonl"))
            .unwrap()
            .lines()
            .count()
            > 0
    );
    // Nothing to import: exit 2, and an existing output file is left alone.
    write(dir.path(), "keep.jsonl", "kept\n");
    let o = readcov_in(dir.path(), &["import", "notes.txt", "-o", "keep.jsonl"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stderr(&o).contains("imported 0 run(s) from 0 file(s), 1 refused,"),
        "{}",
        stderr(&o)
    );
    assert_eq!(
        std::fs::read_to_string(dir.path().join("keep.jsonl")).unwrap(),
        "kept\n"
    );
}

/// On the real logs with their sources, the summary's read and edit rows are the rows written.
#[test]
fn import_summary_counts_the_rows_it_writes() {
    let real = real_data();
    let mut args = vec![
        "import".to_string(),
        "--workspaces".into(),
        "sources".into(),
    ];
    for dir in ["openhands", "mini-swe-agent"] {
        for f in std::fs::read_dir(real.join(dir)).unwrap() {
            args.push(format!(
                "{dir}/{}",
                f.unwrap().file_name().to_string_lossy()
            ));
        }
    }
    args.extend(["-o".into(), "-".into()]);
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    let o = readcov_in(&real, &args);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let rows: Vec<serde_json::Value> = stdout(&o)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    let edits = rows.iter().filter(|r| r["kind"] == "edit").count();
    let reads = rows.len() - edits;
    assert!(edits > 0 && reads > 0);
    let want = format!(
        ": {reads} read row(s) over {} line(s) + {edits} edit row(s) = {} row(s) written\n",
        rows.iter()
            .filter(|r| r["kind"] != "edit")
            .map(|r| r["end"].as_u64().unwrap() - r["start"].as_u64().unwrap() + 1)
            .sum::<u64>(),
        rows.len()
    );
    assert!(
        stderr(&o).contains(&want),
        "want {want:?} in\n{}",
        stderr(&o)
    );
    assert!(!real.join("-").exists(), "-o - wrote a file named -");
}

#[test]
fn demo_write_prints_clean_paths() {
    let dir = tempfile::tempdir().unwrap();
    let o = readcov_in(dir.path(), &["demo", "--write", "demo/"]);
    assert_eq!(o.status.code(), Some(0));
    assert!(
        stdout(&o).ends_with(
            "\nwrote demo/gold.jsonl, demo/reads.jsonl, demo/base/tokens.py, demo/fix.jsonl, \
             demo/runs.jsonl, demo/patches.jsonl\n"
        ),
        "{}",
        stdout(&o)
    );
    assert!(dir.path().join("demo/gold.jsonl").is_file());
    assert!(dir.path().join("demo/reads.jsonl").is_file());
    assert!(dir.path().join("demo/base/tokens.py").is_file());
}

/// `demo --help` names every file `--write` writes (it said `base/auth.py` for `base/tokens.py`).
#[test]
fn demo_help_names_every_file_write_writes() {
    let dir = tempfile::tempdir().unwrap();
    let o = readcov_in(dir.path(), &["demo", "--write", "d/"]);
    assert_eq!(o.status.code(), Some(0));
    let out = stdout(&o);
    let wrote = out.rsplit("\nwrote ").next().unwrap().trim_end();
    let help = stdout(&readcov_in(dir.path(), &["demo", "--help"]));
    for path in wrote.split(", ") {
        let name = path.strip_prefix("d/").unwrap();
        assert!(
            help.contains(name),
            "demo --help does not name {name}:\n{help}"
        );
    }
}

/// Every command whose `--reads` imports a trajectory on the fly says so in `--help`, without a
/// closed list of formats (score's named four of the sixteen; sheet's said reads JSONL only).
#[test]
fn reads_help_says_a_trajectory_is_imported_as_import_does() {
    let dir = tempfile::tempdir().unwrap();
    for cmd in ["score", "sheet", "diagnose", "explain", "report"] {
        let help = stdout(&readcov_in(dir.path(), &[cmd, "--help"]));
        let reads = help
            .lines()
            .find(|l| l.trim_start().starts_with("--reads <"))
            .unwrap_or_else(|| panic!("{cmd} --help has no --reads:\n{help}"));
        assert!(
            reads.contains("as `readcov import` does") && !reads.contains("Claude Code)"),
            "{cmd} --reads: {reads}"
        );
    }
}

/// An option of another source or mode is refused, naming it, not ignored: `gold --from-diff
/// --tests` built a test tier from no test fields, `--corpus`/`--split` went unused beside
/// `--from-swebench` (clap's `requires` on a member of the required source group is met by any
/// member), and `score --agree/--min-runs/--loo-failed` without `--consensus` changed nothing.
#[test]
fn options_of_another_source_or_mode_are_refused() {
    let dir = tempfile::tempdir().unwrap();
    write(
        dir.path(),
        "p.diff",
        "--- a/x.py\n+++ b/x.py\n@@ -1 +1 @@\n-a\n+b\n",
    );
    write(dir.path(), "gold.jsonl", GOLD);
    write(dir.path(), "reads.jsonl", READS);
    let rows = real_data().join("gold.jsonl");
    let rows = rows.to_str().unwrap();
    let cases: [(&[&str], &str); 6] = [
        (
            &["gold", "--from-diff", "p.diff", "--tests"],
            "--tests goes with --from-swebench",
        ),
        (
            &["gold", "--from-swebench", rows, "--corpus", "c.jsonl"],
            "--corpus goes with --from-beir",
        ),
        (
            &["gold", "--from-swebench", rows, "--split", "dev"],
            "--split goes with --from-beir",
        ),
        (
            &[
                "score",
                "--gold",
                "gold.jsonl",
                "--reads",
                "reads.jsonl",
                "--agree",
                "2",
            ],
            "--consensus",
        ),
        (
            &[
                "score",
                "--gold",
                "gold.jsonl",
                "--reads",
                "reads.jsonl",
                "--min-runs",
                "3",
            ],
            "--consensus",
        ),
        (
            &[
                "score",
                "--gold",
                "gold.jsonl",
                "--reads",
                "reads.jsonl",
                "--loo-failed",
                "full",
            ],
            "--consensus",
        ),
    ];
    for (args, says) in cases {
        let o = readcov_in(dir.path(), args);
        assert_eq!(o.status.code(), Some(2), "{args:?}: {}", stderr(&o));
        assert!(stderr(&o).contains(says), "{args:?}: {}", stderr(&o));
    }
}

/// `import FOLDER` imports the files under it, as `--help` ("or folders of them") and docs/scale.md
/// (`readcov import --shard $I/$N data/`) say: it refused every folder but an OpenHands V1
/// conversation. The rows are those of the files given one by one in name order, and two shards
/// of the folder concatenate to them.
#[test]
fn import_of_a_folder_imports_the_files_in_it() {
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().join("data");
    std::fs::create_dir_all(data.join("more")).unwrap();
    let real = real_data();
    let logs = [
        ("a.json", "openhands/psf__requests-1724.json"),
        ("more/b.json", "openhands/pallets__flask-5014.json"),
        (
            "c.traj.json",
            "mini-swe-agent/astropy__astropy-12907.traj.json",
        ),
        (".hidden.json", "openhands/psf__requests-1766.json"),
    ];
    for (to, from) in logs {
        std::fs::copy(real.join(from), data.join(to)).unwrap();
    }
    let one_by_one = readcov_in(
        dir.path(),
        &[
            "import",
            "data/a.json",
            "data/c.traj.json",
            "data/more/b.json",
            "-o",
            "-",
        ],
    );
    assert_eq!(one_by_one.status.code(), Some(0), "{}", stderr(&one_by_one));
    let o = readcov_in(dir.path(), &["import", "data", "-o", "-"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert_eq!(stdout(&o), stdout(&one_by_one));
    assert!(stderr(&o).contains("from 3 file(s)"), "{}", stderr(&o));
    let shards: String = ["0/2", "1/2"]
        .iter()
        .map(|s| {
            stdout(&readcov_in(
                dir.path(),
                &["import", "--shard", s, "data", "-o", "-"],
            ))
        })
        .collect();
    assert_eq!(shards, stdout(&one_by_one));
}

/// `-o -` is standard output for every `-o` (gold and import), never a file named `-`.
#[test]
fn dash_o_dash_is_stdout() {
    let dir = tempfile::tempdir().unwrap();
    let patch = "--- a/x.py\n+++ b/x.py\n@@ -2,1 +2,1 @@\n-old\n+new\n";
    write(dir.path(), "p.diff", patch);
    let o = readcov_in(
        dir.path(),
        &["gold", "--from-diff", "p.diff", "--task", "t", "-o", "-"],
    );
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert_eq!(
        stdout(&o),
        "{\"task\":\"t\",\"path\":\"x.py\",\"start\":2,\"end\":2,\"tier\":\"core\",\"origin\":\"edit\"}\n"
    );
    let log = real_data().join("mini-swe-agent/astropy__astropy-12907.traj.json");
    let o = readcov_in(dir.path(), &["import", log.to_str().unwrap(), "-o", "-"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert!(
        stdout(&o).starts_with("{\"task\":\"astropy__astropy-12907\""),
        "{}",
        stdout(&o)
    );
    assert!(!dir.path().join("-").exists(), "-o - wrote a file named -");
}

/// `score --json` rows, keyed by (task, run).
fn json_rows(o: &std::process::Output) -> Vec<serde_json::Value> {
    let doc: serde_json::Value = serde_json::from_slice(&o.stdout)
        .unwrap_or_else(|e| panic!("not JSON ({e}): {}", stderr(o)));
    doc["rows"].as_array().unwrap().clone()
}

/// A raw trajectory as `--reads` and SWE-bench rows as `--gold` score exactly as the files
/// `import` and `gold --from-swebench` write, with a note for each conversion; with one
/// workspace, one per task, or none.
#[test]
fn score_converts_a_trajectory_and_swebench_rows_on_the_fly() {
    let real = real_data();
    let tmp = tempfile::tempdir().unwrap();
    let (g, r) = (tmp.path().join("g.jsonl"), tmp.path().join("r.jsonl"));
    let (g, r) = (g.to_str().unwrap(), r.to_str().unwrap());
    let log = "openhands/psf__requests-1724.json";
    let o = readcov_in(&real, &["gold", "--from-swebench", "gold.jsonl", "-o", g]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let ws_sets: [&[&str]; 3] = [
        &[],
        &["--workspaces", "sources"],
        &["--workspace", "sources/psf__requests-1724"],
    ];
    for ws in ws_sets {
        let mut import = vec!["import", log, "-o", r];
        import.extend(ws);
        let o = readcov_in(&real, &import);
        assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
        let mut explicit = vec!["score", "--gold", g, "--reads", r, "--format", "json"];
        explicit.extend(ws);
        let want = readcov_in(&real, &explicit);
        assert_eq!(want.status.code(), Some(0), "{}", stderr(&want));
        let mut direct = vec![
            "score",
            "--gold",
            "gold.jsonl",
            "--reads",
            log,
            "--format",
            "json",
        ];
        direct.extend(ws);
        let got = readcov_in(&real, &direct);
        assert_eq!(got.status.code(), Some(0), "{ws:?}: {}", stderr(&got));
        assert_eq!(
            stdout(&got),
            stdout(&want),
            "{ws:?}: on the fly = import, gold, score"
        );
        let err = stderr(&got);
        assert!(
            err.contains(&format!(
                "note: {log}: an agent trajectory, not reads JSONL: imported on the fly"
            )),
            "{err}"
        );
        assert!(
            err.contains("note: gold.jsonl: SWE-bench rows, not gold JSONL: gold built on the fly (34 span(s) over 15 task(s))"),
            "{err}"
        );
        let row = json_rows(&got)
            .into_iter()
            .find(|row| row["task"] == "psf__requests-1724")
            .unwrap();
        assert_eq!(
            (row["run"].as_str(), row["line_coverage"].as_f64()),
            (Some("openhands"), Some(1.0))
        );
    }
}

/// Rows in another format never score as zeros: SWE-Explore rows point to `readcov explore`,
/// as gold and as reads alike, and reads with no valid line stop with exit 2.
#[test]
fn score_refuses_what_it_cannot_score() {
    let dir = tempfile::tempdir().unwrap();
    write(
        dir.path(),
        "bench.jsonl",
        "{\"instance_id\":\"x\",\"ground_truth\":{\"a.py\":[[1,3]]}}\n",
    );
    write(dir.path(), "r.jsonl", READS);
    let o = readcov_in(
        dir.path(),
        &["score", "--gold", "bench.jsonl", "--reads", "r.jsonl"],
    );
    assert_eq!(o.status.code(), Some(2));
    assert_eq!(stdout(&o), "");
    assert!(stderr(&o).contains("error: bench.jsonl: looks like SWE-Explore benchmark rows (`instance_id`, `ground_truth`), not gold: score explorer outputs against it with `readcov explore --bench bench.jsonl --preds PREDS`"), "{}", stderr(&o));
    // Benchmark rows given as reads: refused the same way, so no table.
    write(dir.path(), "g.jsonl", GOLD);
    let o = readcov_in(
        dir.path(),
        &["score", "--gold", "g.jsonl", "--reads", "bench.jsonl"],
    );
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
    assert_eq!(stdout(&o), "");
    assert!(
        stderr(&o).contains("error: bench.jsonl: looks like SWE-Explore benchmark rows (`instance_id`, `ground_truth`), not reads: score explorer outputs"),
        "{}",
        stderr(&o)
    );
}

/// `--workspaces sources` scores each task as `--workspace sources/<task>` scores it alone: same
/// rows, unit columns filled, and no "source not found" for a task whose folder exists.
#[test]
fn score_workspaces_is_one_workspace_per_task() {
    let real = real_data();
    let tmp = tempfile::tempdir().unwrap();
    let path = |n: &str| tmp.path().join(n).to_str().unwrap().to_string();
    let (g, r) = (path("g.jsonl"), path("r.jsonl"));
    assert!(
        readcov_in(&real, &["gold", "--from-swebench", "gold.jsonl", "-o", &g])
            .status
            .success()
    );
    let mut import = vec![
        "import".to_string(),
        "--workspaces".into(),
        "sources".into(),
        "-o".into(),
        r.clone(),
    ];
    for dir in ["openhands", "mini-swe-agent"] {
        for f in std::fs::read_dir(real.join(dir)).unwrap() {
            import.push(format!(
                "{dir}/{}",
                f.unwrap().file_name().to_string_lossy()
            ));
        }
    }
    let import: Vec<&str> = import.iter().map(String::as_str).collect();
    assert!(readcov_in(&real, &import).status.success());
    let all = readcov_in(
        &real,
        &[
            "score",
            "--gold",
            &g,
            "--reads",
            &r,
            "--workspaces",
            "sources",
            "--format",
            "json",
        ],
    );
    assert_eq!(all.status.code(), Some(0), "{}", stderr(&all));
    assert!(
        !stderr(&all).contains("source not found"),
        "{}",
        stderr(&all)
    );
    let rows = json_rows(&all);
    assert_eq!(rows.len(), 15);
    let (gold_text, reads_text) = (
        std::fs::read_to_string(&g).unwrap(),
        std::fs::read_to_string(&r).unwrap(),
    );
    for row in &rows {
        let task = row["task"].as_str().unwrap();
        assert!(
            row["gold_units"].as_u64().unwrap() > 0,
            "{task}: no gold units"
        );
        // The same task alone, in its own workspace.
        let only = |text: &str| -> String {
            text.lines()
                .filter(|l| serde_json::from_str::<serde_json::Value>(l).unwrap()["task"] == task)
                .map(|l| format!("{l}\n"))
                .collect()
        };
        std::fs::write(tmp.path().join("g1.jsonl"), only(&gold_text)).unwrap();
        std::fs::write(tmp.path().join("r1.jsonl"), only(&reads_text)).unwrap();
        let ws = format!("sources/{task}");
        let one = readcov_in(
            &real,
            &[
                "score",
                "--gold",
                &path("g1.jsonl"),
                "--reads",
                &path("r1.jsonl"),
                "--workspace",
                &ws,
                "--format",
                "json",
            ],
        );
        assert_eq!(json_rows(&one), vec![row.clone()], "{task}");
    }
    // A task without a folder keeps its line metrics and says so.
    let empty = tmp.path().join("empty");
    std::fs::create_dir(&empty).unwrap();
    let o = readcov_in(
        &real,
        &[
            "score",
            "--gold",
            &g,
            "--reads",
            &r,
            "--workspaces",
            empty.to_str().unwrap(),
            "--format",
            "json",
        ],
    );
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert!(
        stderr(&o).contains("note: psf__requests-1724: no workspace "),
        "{}",
        stderr(&o)
    );
    let lines_only: Vec<_> = json_rows(&o)
        .iter()
        .map(|r| r["line_coverage"].clone())
        .collect();
    let with_ws: Vec<_> = rows.iter().map(|r| r["line_coverage"].clone()).collect();
    assert_eq!(lines_only.len(), with_ws.len());
    // Files are clipped to their lengths only with a workspace; coverage is still measured.
    assert!(lines_only.iter().all(|c| c.as_f64().is_some()));
    // --workspace and --workspaces are one or the other.
    let o = readcov_in(
        &real,
        &[
            "score",
            "--gold",
            &g,
            "--reads",
            &r,
            "--workspaces",
            "sources",
            "--workspace",
            "sources",
        ],
    );
    assert_eq!(o.status.code(), Some(2));
}

/// A plain diff as `--gold` is the gold of `readcov gold --from-diff` (task `default`), with a note.
#[test]
fn score_takes_a_diff_as_gold() {
    let dir = tempfile::tempdir().unwrap();
    write(
        dir.path(),
        "fix.diff",
        "--- a/x.py\n+++ b/x.py\n@@ -2,1 +2,1 @@\n-a\n+b\n",
    );
    write(
        dir.path(),
        "r.jsonl",
        "{\"path\":\"x.py\",\"start\":1,\"end\":3}\n",
    );
    let o = readcov_in(
        dir.path(),
        &[
            "score", "--gold", "fix.diff", "--reads", "r.jsonl", "--format", "csv",
        ],
    );
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert_eq!(
        stderr(&o),
        "note: fix.diff: unified diff, not gold JSONL: gold built on the fly (1 span(s) over 1 task(s)), \
         as `readcov gold --from-diff fix.diff` writes it for task `default`\n"
    );
    let row = stdout(&o).lines().nth(1).unwrap().to_string();
    assert!(
        row.starts_with("default,default,scored,1.0,1.0,0.3333333333333333,0.5,1,3,1,true,1,1,"),
        "{row}"
    );
}
