use super::*;
use crate::for_each_chunk;
use readcov_core::explore::parse_bench;
use std::path::PathBuf;

const BENCH: &str = r#"{"instance_id": "a", "ground_truth": {"read_core_regions": [{"path": "x.py", "start": 1, "end": 2}]}}
{"instance_id": "out", "ground_truth": {"read_core_regions": [{"path": "x.py", "start": 1, "end": 2}]}}
"#;

#[test]
fn text_preds_need_their_instance() {
    let text = b"\n- x.py:2-3\n- y.py\n";
    let err = explore_preds(text, "t.txt", "me", None, None).unwrap_err();
    assert_eq!(err.name, "t.txt");
    let (p, _) = explore_preds(text, "t.txt", "me", None, Some("a")).unwrap();
    assert_eq!((p.items.len(), p.records), (1, 1));
    let row = &p.items[0];
    assert_eq!(
        (row.instance_id.as_str(), row.explorer.as_str()),
        ("a", "me")
    );
    let paths: Vec<&str> = row.regions.iter().map(|r| r.path.as_str()).collect();
    assert_eq!(paths, ["x.py", "y.py"]);
    // JSONL (and an empty file) is read as rows whatever `instance` says.
    let jsonl = br#"{"instance_id": "b", "regions": [{"path": "z.py", "start": 1, "end": 1}]}"#;
    let (p, _) = explore_preds(jsonl, "p.jsonl", "me", None, Some("a")).unwrap();
    assert_eq!(p.items[0].instance_id, "b");
    assert!(explore_preds(b"  \n", "e", "me", None, None)
        .unwrap()
        .0
        .items
        .is_empty());
}

/// A UTF-8 byte-order mark before the first path, or alone on the first line, is no path.
#[test]
fn a_byte_order_mark_is_not_part_of_a_path() {
    for text in [
        &b"\xEF\xBB\xBFx.py:2-3\ny.py\n"[..],
        b"\xEF\xBB\xBF\nx.py:2-3\ny.py\n",
    ] {
        let (p, _) = explore_preds(text, "t.txt", "me", None, Some("a")).unwrap();
        let paths: Vec<&str> = p.items[0].regions.iter().map(|r| r.path.as_str()).collect();
        assert_eq!(
            paths,
            ["x.py", "y.py"],
            "{:?}",
            String::from_utf8_lossy(text)
        );
    }
}

#[test]
fn lengths_come_from_each_instance_folder_or_the_root() {
    let d = tempfile::tempdir().unwrap();
    let root = d.path();
    std::fs::write(root.join("x.py"), "1\n2\n3\n").unwrap();
    std::fs::create_dir(root.join("a")).unwrap();
    std::fs::write(root.join("a/x.py"), "1\n").unwrap();
    std::fs::write(root.join("a/z.py"), "1\n2\n").unwrap();
    let outside = tempfile::tempdir().unwrap();
    std::os::unix::fs::symlink(outside.path(), root.join("out")).unwrap();
    let bench = parse_bench(BENCH.as_bytes(), "bench").items;
    let preds = explore_preds(b"z.py\n", "t", "me", None, Some("a"))
        .unwrap()
        .0
        .items;
    let WorkspaceLengths {
        lengths, warnings, ..
    } = explore_workspace_lengths(root, &bench, &preds).unwrap();
    assert_eq!(lengths["a"]["x.py"], 1);
    assert_eq!(lengths["a"]["z.py"], 2);
    assert!(lengths["out"].is_empty(), "{lengths:?}");
    assert_eq!(warnings.len(), 1);
    assert!(
        warnings[0].starts_with("out: workspace ")
            && warnings[0].ends_with("; file lengths unknown")
    );
    let err = explore_workspace_lengths(&root.join("x.py"), &bench, &preds).unwrap_err();
    assert_eq!(err.what, "workspace is not a directory");
}

/// The runner's counts: only the gold regions' files (not `z.py`, which a prediction names), by
/// `splitlines()` (a form feed ends a line), a `\r\n` across a read piece's end one boundary;
/// an instance folder that may not be used has none.
#[test]
fn runner_lengths_are_of_gold_files_by_splitlines() {
    let d = tempfile::tempdir().unwrap();
    let root = d.path();
    std::fs::create_dir(root.join("a")).unwrap();
    std::fs::write(root.join("a/x.py"), "1\x0c2\n").unwrap();
    std::fs::write(root.join("a/z.py"), "1\n2\n").unwrap();
    let outside = tempfile::tempdir().unwrap();
    std::fs::write(outside.path().join("x.py"), "1\n").unwrap();
    std::os::unix::fs::symlink(outside.path(), root.join("out")).unwrap();
    let bench = parse_bench(BENCH.as_bytes(), "bench").items;
    let preds = explore_preds(b"z.py\n", "t", "me", None, Some("a"))
        .unwrap()
        .0
        .items;
    let counted = explore_workspace_lengths(root, &bench, &preds).unwrap();
    let lengths = counted.runner;
    assert_eq!(lengths["a"], BTreeMap::from([("x.py".to_string(), 2)]));
    assert!(!lengths.contains_key("out"), "{lengths:?}");
    // The same read counted at `\n`: one line, and the prediction's file too.
    let clean = &counted.lengths["a"];
    assert_eq!((clean["x.py"], clean["z.py"]), (1, 2));
    // Pieces are 64 KiB: the `\r` ends the first, the `\n` starts the second.
    let long = [&vec![b'x'; (1 << 16) - 1][..], b"\r\nb"].concat();
    std::fs::write(root.join("a/x.py"), long).unwrap();
    let counted = explore_workspace_lengths(root, &bench, &[]).unwrap();
    assert_eq!(
        (counted.runner["a"]["x.py"], counted.lengths["a"]["x.py"]),
        (2, 2)
    );
}

/// Every file is read once for both counts: a gold file named by two core regions, an optional
/// region and a prediction too, a prediction's own file, and a file of the root for an instance
/// without a folder. Before session 36 each gold file was read twice (one walk per
/// count).
#[test]
fn each_file_is_read_once_for_both_counts() {
    let d = tempfile::tempdir().unwrap();
    let root = d.path();
    std::fs::write(root.join("x.py"), "1\n2\x0c3\n").unwrap();
    std::fs::create_dir(root.join("a")).unwrap();
    std::fs::write(root.join("a/x.py"), "1\n").unwrap();
    std::fs::write(root.join("a/z.py"), "1\r2\n").unwrap();
    let a = r#"{"instance_id": "a", "ground_truth": {"read_core_regions": [{"path": "x.py", "start": 1, "end": 1}, {"path": "x.py", "start": 2, "end": 2}], "read_optional_regions_map": {"m": [{"path": "x.py", "start": 1, "end": 2}]}}}"#;
    let bench = [a, BENCH.lines().nth(1).unwrap()].join("\n");
    let bench = parse_bench(bench.as_bytes(), "bench").items;
    assert_eq!(bench.len(), 2);
    let preds = explore_preds(b"z.py\nx.py:1-2\n", "t", "me", None, Some("a"))
        .unwrap()
        .0
        .items;
    let mut reads: BTreeMap<PathBuf, usize> = BTreeMap::new();
    let counted = lengths_read_with(root, &bench, &preds, |file, piece| {
        *reads.entry(file.to_path_buf()).or_default() += 1;
        for_each_chunk(file, piece)
    })
    .unwrap();
    let real = |p: &str| root.join(p).canonicalize().unwrap();
    let expected = BTreeMap::from([(real("a/x.py"), 1), (real("a/z.py"), 1), (real("x.py"), 1)]);
    assert_eq!(reads, expected);
    // Both counts from those reads: `\n` for every file, `splitlines()` for the gold's only.
    assert_eq!(
        counted.lengths["a"],
        BTreeMap::from([("x.py".into(), 1), ("z.py".into(), 1)])
    );
    assert_eq!(counted.runner["a"], BTreeMap::from([("x.py".into(), 1)]));
    assert_eq!(counted.lengths["out"]["x.py"], 2);
    assert_eq!(counted.runner["out"]["x.py"], 3);
}

/// `--explorer NAME` names nothing when every row read names another explorer; a row naming it
/// agrees, and no rows at all is said as such, not as this.
#[test]
fn an_explorer_no_row_takes_is_idle() {
    let rows = |names: &[&str]| -> Vec<PredRow> {
        (names.iter())
            .map(|n| PredRow {
                instance_id: "a".into(),
                explorer: n.to_string(),
                regions: Vec::new(),
                file: "p.jsonl".into(),
                line: 1,
            })
            .collect()
    };
    for (names, idle) in [(&["x", "y"][..], true), (&["x", "me"], false), (&[], false)] {
        assert_eq!(explorer_idle("me", &rows(names)), idle, "{names:?}");
    }
    // One text for both edges; each names the option its own way.
    for param in ["--explorer", "`explorer`"] {
        assert_eq!(
            explorer_idle_error(param, "me"),
            format!(
                "{param} me: every prediction row names its own explorer, so it names none (it \
                 goes with rows, or a text-form predictions file, that give none)"
            )
        );
    }
}

/// A root acts only on absolute prediction paths, in rows and in the text form alike (the count
/// comes from the one read that applies it), and a blank one names no folder.
#[test]
fn a_pred_root_acts_only_on_absolute_paths() {
    let row = |path: &str| {
        format!(
            r#"{{"instance_id": "a", "regions": [{{"path": "{path}", "start": 1, "end": 1}}]}}"#
        )
    };
    let rooted = |bytes: &[u8], name, instance| {
        explore_preds(bytes, name, "me", Some("/testbed"), instance)
            .unwrap()
            .1
    };
    assert_eq!(rooted(row("/testbed/z.py").as_bytes(), "p.jsonl", None), 1);
    assert_eq!(rooted(row("z.py").as_bytes(), "p.jsonl", None), 0);
    assert_eq!(rooted(b"/testbed/x.py:2-3\n/y.py\n", "t.txt", Some("a")), 2);
    assert_eq!(rooted(b"x.py:2-3\n", "t.txt", Some("a")), 0);
    let jsonl = row("/testbed/z.py");
    let (p, none) = explore_preds(jsonl.as_bytes(), "p", "me", None, None).unwrap();
    assert_eq!(
        (p.items[0].regions[0].path.as_str(), none),
        ("/testbed/z.py", 0)
    );
    assert_eq!(pred_root_warning("--pred-root", "/testbed", 1), None);
    let relative = pred_root_warning("--pred-root", "/testbed", 0).unwrap();
    assert!(
        relative.contains("no prediction path is absolute"),
        "{relative}"
    );
    let blank = pred_root_warning("`pred_root`", " ", 1).unwrap();
    assert!(blank.contains("a blank root names no folder"), "{blank}");
}
