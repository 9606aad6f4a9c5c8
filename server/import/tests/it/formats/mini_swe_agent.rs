//! mini-swe-agent 1.15 (`mini-swe-agent-1`: text actions in a ```` ```bash ```` block), on the three
//! astropy instances whose base files ship in `tests/data/real/sources/<instance>/`.

use super::*;
use readcov_import::DirFiles;
use serde_json::Value;

fn traj(task: &str) -> String {
    format!("mini-swe-agent-v1/{task}.traj.json")
}

/// With the instance's base files as the workspace.
fn with_sources(task: &str) -> Imported {
    let bytes = std::fs::read(formats().join(traj(task))).unwrap();
    let dir = formats().join("../real/sources").join(task);
    assert!(dir.is_dir(), "{}", dir.display());
    import(
        &bytes,
        &traj(task),
        &ImportOptions::default(),
        &DirFiles(dir),
    )
}

/// Lines each step's observation displayed: `<output>` whole, or `<output_head>` + `<output_tail>`.
fn displayed(task: &str) -> Vec<u32> {
    let d: Value =
        serde_json::from_slice(&std::fs::read(formats().join(traj(task))).unwrap()).unwrap();
    let m = d["messages"].as_array().unwrap();
    let section = |t: &str, tag: &str| -> Option<u32> {
        let open = format!("<{tag}>\n");
        let s = t.find(&open)? + open.len();
        let e = s + t[s..].find(&format!("</{tag}>"))?;
        Some(line_count(&t[s..e]))
    };
    (0..m.len())
        .filter(|i| m[*i]["role"] == "assistant")
        .map(|i| {
            let t = m
                .get(i + 1)
                .and_then(|r| r["content"].as_str())
                .unwrap_or("");
            section(t, "output").unwrap_or_else(|| {
                section(t, "output_head").unwrap_or(0) + section(t, "output_tail").unwrap_or(0)
            })
        })
        .collect()
}

#[test]
fn astropy_14365_pattern_ranges_resolved_on_the_base_file() {
    let imp = with_sources("astropy__astropy-14365");
    let q = "astropy/io/ascii/qdp.py";
    // `sed -n '/def _read_table_qdp/,/return/p'`: the output is 38 lines, `def _read_table_qdp(`
    // (base line 385) to `    return tables[table_id]` (422).
    reads(&imp, 6, &[(q, 385, 422)]);
    // `/def _get_tables_from_qdp_file/,/return/p`: 106 lines, 237 to `    return table_list` (342);
    // the docstring's "Returns" does not match the lower-case `return`.
    reads(&imp, 7, &[(q, 237, 342)]);
    reads(&imp, 8, &[(q, 60, 80)]);
    // `cat qdp.py` was too long: 176 head lines and a tail from the middle of 514 to 642.
    reads(&imp, 4, &[(q, 1, 176), (q, 514, 642)]);
    skipped(&imp, 0, Reason::UnknownCommand);
}

#[test]
fn astropy_14182_pattern_after_cat_pipe() {
    let imp = with_sources("astropy__astropy-14182");
    // `cat fixedwidth.py | sed -n '/def write(self, lines):/,/return lines/p'`: 58 lines shown,
    // from `    def write(self, lines):` (246) to `        return lines` (303).
    reads(&imp, 11, &[("astropy/io/ascii/fixedwidth.py", 246, 303)]);
    reads(&imp, 3, &[("astropy/io/ascii/rst.py", 1, 66)]);
}

#[test]
fn astropy_12907_sed_window_and_cat() {
    let imp = with_sources("astropy__astropy-12907");
    let s = "astropy/modeling/separable.py";
    reads(&imp, 4, &[(s, 1, 317)]);
    reads(&imp, 5, &[(s, 240, 260)]);
}

#[test]
fn pattern_range_without_workspace_is_reported() {
    let imp = sample(&traj("astropy__astropy-14365"));
    skipped(&imp, 6, Reason::RangeNeedsWorkspace);
    skipped(&imp, 7, Reason::RangeNeedsWorkspace);
    assert_eq!(
        imp.summary.skipped.get(&Reason::RangeNeedsWorkspace),
        Some(&2)
    );
    // Line windows need no workspace.
    reads(&imp, 8, &[("astropy/io/ascii/qdp.py", 60, 80)]);
}

#[test]
fn no_step_credited_with_more_lines_than_displayed() {
    for task in [
        "astropy__astropy-12907",
        "astropy__astropy-14182",
        "astropy__astropy-14365",
    ] {
        let shown = displayed(task);
        credited_within(&with_sources(task), |_, step| shown[step as usize]);
        let bare = sample(&traj(task));
        if !bare.rows.is_empty() {
            credited_within(&bare, |_, step| shown[step as usize]);
        }
    }
}

fn v1(command: &str, output: &str) -> String {
    serde_json::json!({"trajectory_format": "mini-swe-agent-1", "messages": [
        {"role": "system", "content": "s"},
        {"role": "assistant", "content": format!("THOUGHT: look\n\n```bash\n{command}\n```")},
        {"role": "user", "content": format!("<returncode>0</returncode>\n<output>\n{output}</output>")},
    ]})
    .to_string()
}

const FILE: &str = "a\ndef f():\n    return 1\nb\ndef g():\n    return 2\n";

#[test]
fn text_action_and_pattern_rules() {
    let ws = [("x.py", FILE)];
    let imp = synthetic(
        &v1(
            "sed -n '/def g/,/return/p' x.py",
            "def g():\n    return 2\n",
        ),
        &ws,
    );
    reads(&imp, 0, &[("x.py", 5, 6)]);
    // Each start match opens a range again.
    let out = "def f():\n    return 1\ndef g():\n    return 2\n";
    let imp = synthetic(&v1("sed -n '/^def/,/return/p' x.py", out), &ws);
    reads(&imp, 0, &[("x.py", 2, 3), ("x.py", 5, 6)]);
    // The output disagrees with the pattern on this file: nothing is credited.
    let imp = synthetic(
        &v1("sed -n '/def g/,/return/p' x.py", "something else\n"),
        &ws,
    );
    skipped(&imp, 0, Reason::TextMismatch);
    // Without a workspace.
    let imp = synthetic(
        &v1(
            "sed -n '/def g/,/return/p' x.py",
            "def g():\n    return 2\n",
        ),
        &[],
    );
    skipped(&imp, 0, Reason::RangeNeedsWorkspace);
    // Two bash blocks: mini-swe-agent ran nothing, so there is no action.
    let two = serde_json::json!({"trajectory_format": "mini-swe-agent-1", "messages": [
        {"role": "assistant", "content": "```bash\ncat x.py\n```\n```bash\nls\n```"},
        {"role": "user", "content": "Please always provide EXACTLY ONE action"}]})
    .to_string();
    assert_eq!(synthetic(&two, &ws).summary.actions, 0);
}

#[test]
fn a_read_of_a_missing_file_reads_nothing() {
    // Without a workspace the length of a lone `cat` comes from its output; the error message of
    // a missing file used to pass for line 1 (and `head -3 f; echo done` credited 1–2).
    for (cmd, out) in [
        (
            "cat nofile.py",
            "cat: nofile.py: No such file or directory\n",
        ),
        (
            "sed -n '5,9p' nofile.py",
            "sed: can't read nofile.py: No such file or directory\n",
        ),
        (
            "head -3 nofile.py; echo done",
            "head: cannot open 'nofile.py' for reading: No such file or directory\ndone\n",
        ),
        ("nl -ba src", "nl: src: Is a directory\n"),
        ("cat -n secret.py", "cat: secret.py: Permission denied\n"),
    ] {
        let imp = synthetic(&v1(cmd, out), &[]);
        assert!(imp.rows.is_empty(), "{cmd}: {:?}", imp.rows);
        skipped(&imp, 0, Reason::ToolError);
    }
    // A file whose text merely quotes such a message (no line starts with it) is read.
    let quote = "x = 'cat: other.py: No such file or directory'\n";
    let imp = synthetic(&v1("cat q.py", quote), &[]);
    reads(&imp, 0, &[("q.py", 1, 1)]);
}
