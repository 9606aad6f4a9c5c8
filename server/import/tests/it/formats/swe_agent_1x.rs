//! SWE-agent 1.x `.traj` files with the `str_replace_editor` tool (tests/data/formats/swe-agent-1x:
//! two real SWE-agent 1.1.0 runs of kimi-k2-instruct-0905, see MANIFEST.md). Its actions are the
//! command lines SWE-agent built from the tool calls (`str_replace_editor view /testbed/a.py
//! --view_range 508 564`), read as OpenHands' editor of the same name. Before session 36 every
//! one was *unknown command*: 0 rows from either run. Every row below was checked by hand
//! against the observation of its step.

use super::*;

const DASK: &str = "swe-agent-1x/dask__dask-8685.traj";
const MOTO: &str = "swe-agent-1x/getmoto__moto-5862.traj";

#[test]
fn the_dask_run() {
    let imp = sample(DASK);
    assert_eq!(imp.format, Some(readcov_import::Format::SweAgent));
    assert_eq!(imp.summary.actions, 14);
    // `view creation.py` without a range: the file is long, SWE-agent shows its filemap, 114
    // lines in 25 runs (each long body `... eliding lines a-b ...`, not shown).
    let map = rows(&imp, None, 1, EventKind::Read);
    assert_eq!(map.len(), 25);
    assert_eq!(map.iter().map(|r| r.2 - r.1 + 1).sum::<u32>(), 114);
    assert_eq!(map[0], ("dask/array/creation.py".to_string(), 1, 32));
    assert_eq!(map[24], ("dask/array/creation.py".to_string(), 1108, 1111));
    reads(&imp, 2, &[("dask/array/creation.py", 508, 564)]);
    reads(&imp, 3, &[("dask/array/core.py", 2900, 3010)]);
    // `create` of the two scripts and the two `str_replace` edits of creation.py: edits, not
    // reads (the snippet after an edit is no read); without a workspace nothing to replay on.
    for step in [4, 6, 7, 9] {
        reads(&imp, step, &[]);
    }
    assert_eq!(imp.rows.len(), 27);
}

#[test]
fn the_moto_run() {
    let imp = sample(MOTO);
    assert_eq!(imp.summary.actions, 16);
    // The filemap of ses/responses.py, clipped by SWE-agent inside line 541.
    let map = rows(&imp, None, 0, EventKind::Read);
    assert_eq!(
        map.first(),
        Some(&("moto/ses/responses.py".to_string(), 1, 56))
    );
    reads(&imp, 1, &[("moto/sns/responses.py", 1, 30)]);
    reads(&imp, 6, &[("moto/ses/models.py", 1, 50)]);
    // `Invalid view_range: [900, 1000]. Its first element 900 should be within …`: nothing shown.
    reads(&imp, 7, &[]);
    // `--view_range 550 591`: the editor said at step 7 that ses/models.py has 591 "lines" (its
    // count, `len(text.split("\n"))`), and line 591 is shown empty: the file ends with a line
    // break and has 590 lines (before session 37, 550–591 was credited). Likewise sns/models.py:
    // `[1, 999]` at step 9, line 999 shown empty at step 10: 998 lines (before, 900–999).
    reads(&imp, 8, &[("moto/ses/models.py", 550, 590)]);
    reads(&imp, 9, &[]);
    reads(&imp, 10, &[("moto/sns/models.py", 900, 998)]);
    skipped(&imp, 7, Reason::NothingShown);
    skipped(&imp, 9, Reason::NothingShown);
    let map_lines: u32 = map.iter().map(|r| r.2 - r.1 + 1).sum();
    assert_eq!((map.len(), map_lines), (15, 337));
    assert_eq!(
        map.last(),
        Some(&("moto/ses/responses.py".to_string(), 355, 541))
    );
    assert_eq!(imp.rows.len(), 19);
}

/// The words of an action as SWE-agent quoted them (`shlex.quote`), read back: a `'` inside a
/// quoted text (written `'"'"'`), line breaks, a flag the tool does not have.
#[test]
fn editor_actions_read_back_as_the_call() {
    let view = "str_replace_editor view /testbed/a.py  --view_range 3 -1";
    let text = |action: &str| {
        import_as(None, "x.traj", &serde_json::json!({
        "replay_config": "{}", "info": {},
        "trajectory": [{"action": action, "observation": "Here's the result of running `cat -n` on /testbed/a.py:\n     3\tc\n     4\t\n"}]
    }).to_string(), &[])
    };
    // `[3, -1]`: to the end; the empty line 4 is the one OpenHands' and SWE-agent's editor
    // number past a final line break (`split("\n")`), not the file's.
    reads(&text(view), 0, &[("a.py", 3, 3)]);
    let imp = text("str_replace_editor view /testbed/a.py --no_such_flag 1");
    skipped(&imp, 0, Reason::Malformed);
    let imp = text("str_replace_editor view '/testbed/a.py");
    skipped(&imp, 0, Reason::Malformed);
}

/// A whole-file view tells the editor's count too (its last numbered line, empty: the "line" past
/// a final line break): a later `--view_range` ending on it, with no write between, stops a line
/// short; after a shell command (which may write the file) it is not told, and counted.
#[test]
fn a_range_ending_on_the_count_a_whole_view_told() {
    let whole = "Here's the result of running `cat -n` on /testbed/a.py:\n     1\ta\n     2\tb\n     3\t\n\n";
    let range = "Here's the result of running `cat -n` on /testbed/a.py:\n     2\tb\n     3\t\n\n";
    let run = |between: &[(&str, &str)]| {
        let mut steps = vec![
            serde_json::json!({"action": "str_replace_editor view /testbed/a.py", "observation": whole}),
        ];
        steps.extend(
            between
                .iter()
                .map(|(a, o)| serde_json::json!({"action": a, "observation": o})),
        );
        steps.push(serde_json::json!({"action": "str_replace_editor view /testbed/a.py  --view_range 2 3", "observation": range}));
        let doc = serde_json::json!({"replay_config": "{}", "info": {}, "trajectory": steps});
        import_as(None, "x.traj", &doc.to_string(), &[])
    };
    let imp = run(&[]);
    reads(&imp, 0, &[("a.py", 1, 2)]);
    reads(&imp, 1, &[("a.py", 2, 2)]);
    let imp = run(&[("python /testbed/a.py", "ok\n")]);
    reads(&imp, 2, &[("a.py", 2, 3)]);
}
