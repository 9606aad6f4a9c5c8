//! Hand-computed cases for every ContextBench rule and quirk, compat and clean side by side.

use super::diff::deleted_lines;
use super::evaluate::Evaluation;
use super::ivs::{inter_total, merge, per_file, total};
use super::paths::{gold_path, resolve};
use super::*;
use std::collections::HashMap;

/// An in-memory checkout, and blocks given by hand: (path, kind, name, start, end exclusive).
struct Mem {
    files: HashMap<&'static str, &'static str>,
    defs: Vec<(&'static str, &'static str, &'static str, i64, i64)>,
    /// A file that is there but cannot be read, and one whose blocks cannot be made.
    unreadable: Option<&'static str>,
    unparsed: Option<&'static str>,
}

impl Checkout for &Mem {
    fn is_file(&self, p: &str) -> bool {
        self.files.contains_key(p)
    }
    fn read(&self, p: &str) -> Result<Option<Vec<u8>>, String> {
        if self.unreadable == Some(p) {
            return Err("cannot read: no permission".into());
        }
        Ok(self.files.get(p).map(|s| s.as_bytes().to_vec()))
    }
}

impl DefSource for Mem {
    /// The "language" is the path itself: blocks are given per file.
    fn language(&self, path: &str, _mode: Mode) -> Option<&'static str> {
        self.defs.iter().find(|d| d.0 == path).map(|d| d.0)
    }
    fn defs(&self, path: &str, _src: &[u8]) -> Result<Vec<Def>, String> {
        if self.unparsed == Some(path) {
            return Err("too large to parse".into());
        }
        Ok(self
            .defs
            .iter()
            .filter(|d| d.0 == path)
            .map(|d| Def {
                kind: d.1,
                name: d.2.into(),
                start: d.3,
                end: d.4,
            })
            .collect())
    }
}

impl Workspaces for Mem {
    fn checkout<'a>(&'a self, ids: &[&str]) -> Option<Box<dyn Checkout + 'a>> {
        ids.contains(&"i")
            .then(|| Box::new(self) as Box<dyn Checkout + 'a>)
    }
}

/// "a\nbb\nccc\n": line 1 = bytes 0..=1, line 2 = 2..=4, line 3 = 5..=8 (len 9).
const ABC: &str = "a\nbb\nccc\n";

fn mem(files: &[(&'static str, &'static str)]) -> Mem {
    Mem {
        files: files.iter().copied().collect(),
        defs: Vec::new(),
        unreadable: None,
        unparsed: None,
    }
}

fn gold(json: &str) -> GoldRow {
    let p = parse_gold_rows(json.as_bytes(), "gold.jsonl");
    assert!(p.errors.is_empty(), "{:?}", p.errors);
    p.items.into_iter().next().expect("one row")
}

fn pred(json: &str) -> PredRow {
    let p = parse_preds(json.as_bytes(), "preds.jsonl");
    assert!(p.errors.is_empty(), "{:?}", p.errors);
    p.items.into_iter().next().expect("one row")
}

/// Scores one (gold, pred) pair in both modes.
fn run(m: &Mem, g: &str, p: &str) -> (Evaluation, Evaluation) {
    let opts = CbOptions {
        workspaces: Some(m),
        defs: Some(m),
        threads: 0,
    };
    let r = score_contextbench(&[gold(g)], &[pred(p)], &opts);
    let row = r.rows.into_iter().next().expect("one row");
    (row.compat.expect("compat"), row.clean.expect("clean"))
}

fn lv(e: &Evaluation, l: usize) -> (Option<f64>, Option<f64>, i64, i64, i64) {
    let x = e.final_[l].expect("level on");
    (
        x.coverage,
        x.precision,
        x.intersection,
        x.gold_size,
        x.pred_size,
    )
}

const G_A: &str = r#"{"instance_id":"i","gold_context":"[{\"file\":\"a.txt\",\"start_line\":2,\"end_line\":3}]"}"#;

#[test]
fn gold_rows_read_the_json_string_and_the_legacy_layout() {
    let g = gold(G_A);
    assert_eq!(
        g.init,
        vec![CtxItem {
            file: "a.txt".into(),
            start: 2,
            end: 3
        }]
    );
    let legacy = gold(
        r#"{"inst_id":"x","original_inst_id":"o","init_ctx":[{"file":"a"}],"add_ctx":[{"file":"b","start_line":3,"end_line":4}],"gold_ctx":[{"file":"z"}]}"#,
    );
    assert_eq!(legacy.keys, vec!["x".to_string(), "o".to_string()]);
    assert_eq!(
        legacy.init,
        vec![CtxItem {
            file: "a".into(),
            start: 1,
            end: 1
        }]
    );
    assert_eq!(legacy.add.len(), 1);
    // Both legacy lists empty: `gold_ctx` is the init context.
    let fallback = gold(
        r#"{"inst_id":"x","init_ctx":[],"gold_ctx":[{"file":"z","start_line":2,"end_line":2}]}"#,
    );
    assert_eq!(fallback.init[0].file, "z");
    let bad = parse_gold_rows(
        b"{\"instance_id\":\"a\",\"gold_context\":\"[oops\"}\n{\"instance_id\":\"b\",\"gold_context\":\"[{\\\"file\\\":\\\"f\\\",\\\"start_line\\\":5,\\\"end_line\\\":2}]\"}\n",
        "g.jsonl",
    );
    assert_eq!(bad.items.len(), 1, "the row with one bad item is kept");
    let msgs: Vec<String> = bad.errors.iter().map(|e| e.to_string()).collect();
    assert!(
        msgs[0].contains("g.jsonl:1") && msgs[0].contains("gold_context"),
        "{msgs:?}"
    );
    assert!(
        msgs[1].contains("g.jsonl:2") && msgs[1].contains("gold_context[0]"),
        "{msgs:?}"
    );
}

#[test]
fn predictions_parse_steps_and_locate_bad_spans() {
    let p = pred(
        r#"{"instance_id":"i","model_patch":"x","traj_data":{"pred_steps":[{"files":["a"],"spans":{"a":[{"start":1,"end":2}]},"symbols":{"a":["f"]}}],"pred_files":["a"]}}"#,
    );
    assert_eq!(p.steps.len(), 1);
    assert_eq!(p.steps[0].spans, vec![("a".to_string(), 1, 2)]);
    assert_eq!(
        p.steps[0].symbols,
        vec![("a".to_string(), vec!["f".to_string()])]
    );
    let bad = parse_preds(
        br#"{"instance_id":"i","traj_data":{"pred_spans":{"a":[{"start":1}]}}}"#,
        "p.jsonl",
    );
    assert_eq!(bad.items.len(), 1);
    assert_eq!(
        bad.errors[0].field.as_deref(),
        Some("traj_data.pred_spans.a[0].end")
    );
}

#[test]
fn reads_become_predictions_with_one_step_per_turn() {
    let reads = crate::parse_reads(
        br#"{"task":"i","run":"r","path":"a","start":1,"end":2,"turn":1}
{"task":"i","run":"r","path":"b","start":5,"end":5,"turn":1}
{"task":"i","run":"r","path":"a","start":9,"end":9,"turn":2}
{"task":"i","run":"r","path":"c","start":1,"end":1,"turn":3,"kind":"edit"}"#,
        "reads.jsonl",
        None,
    );
    let p = preds_from_reads(&reads.items, "reads.jsonl");
    assert_eq!(p.len(), 1);
    assert_eq!(p[0].steps.len(), 2, "edits are not retrieval");
    assert_eq!(p[0].steps[0].files, vec!["a".to_string(), "b".to_string()]);
    assert_eq!(p[0].final_step.spans.len(), 3);
}

#[test]
fn path_rules() {
    for (raw, compat, clean) in [
        ("/testbed/x/y.py", "x/y.py", "x/y.py"),
        ("/workspace/repo/x.py", "x.py", "x.py"),
        ("/x.py", "x.py", "x.py"),
        ("./x.py", "x.py", "x.py"),
        // The reference strips every leading `.` and `/` character.
        (".github/ci.yml", "github/ci.yml", ".github/ci.yml"),
        ("../up.py", "up.py", "../up.py"),
    ] {
        assert_eq!(gold_path(raw, Mode::Compat), compat, "{raw}");
        assert_eq!(gold_path(raw, Mode::Clean), clean, "{raw}");
    }
    let exists = |p: &str| p == "src/m.py";
    assert_eq!(
        resolve("/app/repo/src/m.py", &mut |p| exists(p)).as_deref(),
        Some("src/m.py")
    );
    assert_eq!(
        resolve(" './src/m.py' ", &mut |p| exists(p)).as_deref(),
        Some("src/m.py")
    );
    assert_eq!(resolve("other.py", &mut |p| exists(p)), None);
}

#[test]
fn line_to_byte_and_its_two_compat_quirks() {
    let m = mem(&[("a.txt", ABC), ("e.txt", ""), ("n.txt", "ab")]);
    let co = &m;
    let mut f = Files::new(&co as &dyn Checkout, None);
    for (path, s, e, compat, clean) in [
        ("a.txt", 2, 2, Some((2, 4)), Some((2, 4))),
        ("a.txt", 2, 3, Some((2, 8)), Some((2, 8))),
        ("a.txt", 0, -4, Some((0, 1)), Some((0, 1))), // s >= 1, e >= s
        ("a.txt", 3, 99, Some((5, 8)), Some((5, 8))), // the end runs to len - 1
        ("a.txt", 4, 4, Some((9, 9)), None),          // the line after the final newline
        ("a.txt", 5, 6, None, None),                  // starts past the end
        ("e.txt", 1, 1, Some((0, 0)), None),          // an empty file
        ("n.txt", 1, 1, Some((0, 1)), Some((0, 1))),  // no final newline
        ("missing", 1, 1, None, None),
    ] {
        assert_eq!(
            f.line_to_byte(path, s, e, Mode::Compat),
            compat,
            "{path} {s}-{e}"
        );
        assert_eq!(
            f.line_to_byte(path, s, e, Mode::Clean),
            clean,
            "{path} {s}-{e}"
        );
    }
}

#[test]
fn intervals_merge_when_they_touch() {
    assert_eq!(
        merge(vec![(3, 4), (1, 2), (10, 12), (11, 11)]),
        vec![(1, 4), (10, 12)]
    );
    let a = per_file([("f", (1, 10))]);
    let b = per_file([("f", (5, 20)), ("g", (1, 1))]);
    assert_eq!((total(&a), total(&b), inter_total(&a, &b)), (10, 17, 6));
}

#[test]
fn final_levels_and_the_empty_conventions() {
    let m = mem(&[("a.txt", ABC)]);
    let g = r#"{"instance_id":"i","gold_context":"[{\"file\":\"a.txt\",\"start_line\":2,\"end_line\":3}]"}"#;
    // Line 3..100 predicted: lines are not clamped to the file (3 lines long).
    let p = r#"{"instance_id":"i","traj_data":{"pred_files":["a.txt"],"pred_spans":{"a.txt":[{"start":3,"end":100}]}}}"#;
    let (c, k) = run(&m, g, p);
    assert_eq!(lv(&c, 0), (Some(1.0), Some(1.0), 1, 1, 1));
    assert_eq!(lv(&c, 3), (Some(0.5), Some(1.0 / 98.0), 1, 2, 98));
    // Bytes: gold 2..=8 (7 bytes), pred 5..=8 (4 bytes).
    assert_eq!(lv(&c, 2), (Some(4.0 / 7.0), Some(1.0), 4, 7, 4));
    assert_eq!(lv(&k, 3), lv(&c, 3));
    // No blocks in the file: gold and pred both empty — compat 1.0/1.0, clean unscored.
    assert_eq!(lv(&c, 1), (Some(1.0), Some(1.0), 0, 0, 0));
    assert_eq!(lv(&k, 1), (None, None, 0, 0, 0));
}

#[test]
fn blocks_by_overlap_with_the_reference_off_by_one() {
    // A block of bytes 0..2 (exclusive end 2) and a span starting at byte 2 (line 2).
    let mut m = mem(&[("a.txt", ABC)]);
    m.defs = vec![
        ("a.txt", "function_definition", "f", 0, 2),
        ("a.txt", "class_definition", "C", 2, 9),
    ];
    let g = r#"{"instance_id":"i","gold_context":"[{\"file\":\"a.txt\",\"start_line\":2,\"end_line\":2}]"}"#;
    let p = r#"{"instance_id":"i","traj_data":{"pred_files":["a.txt"],"pred_spans":{"a.txt":[{"start":2,"end":2}]}}}"#;
    let (c, k) = run(&m, g, p);
    // Compat: `not (def_end < s or def_start > e)` with def_end exclusive counts `f` too.
    assert_eq!(lv(&c, 1), (Some(1.0), Some(1.0), 2, 2, 2));
    assert_eq!(lv(&k, 1), (Some(1.0), Some(1.0), 1, 1, 1));
}

/// A checkout file that cannot be read, or whose blocks cannot be made, is noted with its path
/// and why; the row is still scored, without that file's bytes (and blocks) or blocks. Before,
/// both were dropped without a word (and a 64 MiB dense file took tree-sitter ~10 GB).
#[test]
fn files_given_up_are_noted_and_the_row_still_scored() {
    let mut m = mem(&[("a.txt", ABC), ("b.txt", ABC), ("c.txt", ABC)]);
    m.defs = ["a.txt", "b.txt", "c.txt"]
        .map(|f| (f, "function_definition", "f", 2, 5))
        .to_vec();
    (m.unparsed, m.unreadable) = (Some("a.txt"), Some("b.txt"));
    let span = |f: &str| format!(r#"{{\"file\":\"{f}\",\"start_line\":2,\"end_line\":2}}"#);
    let g = format!(
        r#"{{"instance_id":"i","gold_context":"[{},{},{}]"}}"#,
        span("a.txt"),
        span("b.txt"),
        span("c.txt")
    );
    let p = r#"{"instance_id":"i","traj_data":{"pred_files":["a.txt","b.txt","c.txt"],"pred_spans":{"a.txt":[{"start":2,"end":2}],"b.txt":[{"start":2,"end":2}],"c.txt":[{"start":2,"end":2}]}}}"#;
    let opts = CbOptions {
        workspaces: Some(&m),
        defs: Some(&m),
        threads: 1,
    };
    let r = score_contextbench(&[gold(&g)], &[pred(p)], &opts);
    let row = &r.rows[0];
    let (c, k) = (row.compat.as_ref().unwrap(), row.clean.as_ref().unwrap());
    // Blocks: c.txt's only (a.txt not parsed, b.txt not read).
    assert_eq!(lv(c, 1), (Some(1.0), Some(1.0), 1, 1, 1));
    // Bytes: a.txt's and c.txt's line 2 (3 bytes each); lines: all three files.
    assert_eq!(lv(k, 2), (Some(1.0), Some(1.0), 6, 6, 6));
    assert_eq!(lv(k, 3), (Some(1.0), Some(1.0), 3, 3, 3));
    let notes: Vec<String> = row.notes.iter().map(ToString::to_string).collect();
    assert_eq!(
        notes,
        [
            "a.txt: too large to parse (its blocks are not scored)",
            "b.txt: cannot read: no permission (its spans and blocks are not scored)",
        ]
    );
    assert_eq!(row.notes[1].lost, Lost::Text);
}

#[test]
fn blocks_by_symbol_names_exact_or_last_dotted_part() {
    let mut m = mem(&[("a.txt", ABC)]);
    m.defs = vec![
        ("a.txt", "function_definition", "f", 0, 2),
        ("a.txt", "function_definition", "f", 5, 9),
        ("a.txt", "class_definition", "C", 2, 5),
    ];
    let g = r#"{"instance_id":"i","gold_context":"[{\"file\":\"a.txt\",\"start_line\":2,\"end_line\":2}]"}"#;
    // `mod.f` matches both `f` blocks by its last part; the spans are ignored for blocks.
    let p = r#"{"instance_id":"i","traj_data":{"pred_files":["a.txt"],"pred_spans":{"a.txt":[{"start":2,"end":2}]},"pred_symbols":{"a.txt":["mod.f"," nope "]}}}"#;
    let (c, k) = run(&m, g, p);
    // Gold blocks (compat overlap with bytes 2..=4): f@0-2 (off by one) and C@2-5.
    assert_eq!(lv(&c, 1), (Some(0.5), Some(0.5), 1, 2, 2));
    // Clean: gold is C only, pred the two f blocks.
    assert_eq!(lv(&k, 1), (Some(0.0), Some(0.0), 0, 1, 2));
}

#[test]
fn suffix_resolution_drops_unknown_paths_and_keeps_the_step() {
    let m = mem(&[("src/a.txt", ABC)]);
    let g = r#"{"instance_id":"i","gold_context":"[{\"file\":\"/testbed/src/a.txt\",\"start_line\":1,\"end_line\":1}]"}"#;
    let p = r#"{"instance_id":"i","traj_data":{"pred_steps":[{"files":["nowhere.py"]},{"files":["/repo/src/a.txt"]}],"pred_files":["/x/y/src/a.txt","gone.py"]}}"#;
    let (c, _) = run(&m, g, p);
    assert_eq!(c.num_steps, 2);
    assert_eq!(lv(&c, 0), (Some(1.0), Some(1.0), 1, 1, 1));
    assert_eq!(c.trajectory.steps[0][0], Some(0.0));
    assert_eq!(c.trajectory.steps[1][0], Some(1.0));
}

#[test]
fn the_leading_dot_quirk_makes_a_gold_file_unmatchable_in_compat() {
    let m = mem(&[(".github/ci.yml", ABC)]);
    let g = r#"{"instance_id":"i","gold_context":"[{\"file\":\".github/ci.yml\",\"start_line\":1,\"end_line\":1}]"}"#;
    let p = r#"{"instance_id":"i","traj_data":{"pred_files":[".github/ci.yml"],"pred_spans":{".github/ci.yml":[{"start":1,"end":1}]}}}"#;
    let (c, k) = run(&m, g, p);
    // Compat: gold is `github/ci.yml`, a file that does not exist: no gold bytes either.
    assert_eq!(lv(&c, 0), (Some(0.0), Some(0.0), 0, 1, 1));
    assert_eq!(lv(&c, 2), (Some(1.0), Some(0.0), 0, 0, 2));
    assert_eq!(lv(&k, 0), (Some(1.0), Some(1.0), 1, 1, 1));
    assert_eq!(lv(&k, 2), (Some(1.0), Some(1.0), 2, 2, 2));
}

#[test]
fn trajectory_auc_redundancy_and_the_empty_line_gold() {
    let m = mem(&[("a.txt", ABC), ("b.txt", ABC)]);
    let g = r#"{"instance_id":"i","gold_context":"[{\"file\":\"a.txt\",\"start_line\":1,\"end_line\":2}]"}"#;
    let p = r#"{"instance_id":"i","traj_data":{"pred_steps":[
        {"files":["a.txt"],"spans":{"a.txt":[{"start":1,"end":1}]}},
        {"files":["a.txt","b.txt"],"spans":{"a.txt":[{"start":1,"end":2}]}},
        {"files":[]}],
        "pred_files":["a.txt"],"pred_spans":{"a.txt":[{"start":1,"end":2}]}}}"#
        .replace('\n', "");
    let (c, k) = run(&m, g, &p);
    let lines: Vec<_> = c.trajectory.steps.iter().map(|s| s[3]).collect();
    assert_eq!(lines, vec![Some(0.5), Some(1.0), Some(1.0)]);
    assert_eq!(c.trajectory.auc[3], Some(2.5 / 3.0));
    // Lines: union 2, sum of steps 1 + 2 = 3.  Files: union 2, sum 1 + 2 = 3.
    assert_eq!(c.trajectory.redundancy[3], Some(1.0 - 2.0 / 3.0));
    assert_eq!(c.trajectory.redundancy[0], Some(1.0 - 2.0 / 3.0));
    // Clean agrees where gold is not empty; with no blocks at all the symbol level is unscored.
    assert_eq!(k.trajectory.auc[3], c.trajectory.auc[3]);
    assert_eq!(
        (c.trajectory.auc[1], k.trajectory.auc[1]),
        (Some(1.0), None)
    );

    // Gold with no line at all (only an `add_ctx` region): compat line coverage is 0.0 at
    // every step although final line coverage is 1.0; clean says unscored.
    let g = r#"{"instance_id":"i","init_ctx":[],"add_ctx":[{"file":"a.txt","start_line":1,"end_line":1}]}"#;
    let p = r#"{"instance_id":"i","traj_data":{"pred_files":["a.txt"]}}"#;
    let (c, k) = run(&m, g, p);
    assert_eq!(
        c.trajectory.steps,
        vec![[Some(1.0), Some(1.0), Some(0.0), Some(0.0)]]
    );
    assert_eq!(lv(&c, 3).0, Some(1.0));
    assert_eq!(k.trajectory.auc[3], None);
    // Nothing retrieved at the span level: redundancy 0.0 (compat), unscored (clean).
    assert_eq!(
        (c.trajectory.redundancy[2], k.trajectory.redundancy[2]),
        (Some(0.0), None)
    );
}

#[test]
fn deleted_lines_and_the_two_reader_quirks() {
    let patch =
        "--- a/f.py\n+++ b/f.py\n@@ -10,6 +10,5 @@\n ctx\n-gone\n\n-also\n+new\n-----x\n ctx\n";
    // Compat: the empty line (a trimmed context line) does not advance, and `-----x` (a deleted
    // `----x`) ends the hunk: deleted lines 11 and 12 (should be 11 and 13, 14).
    assert_eq!(deleted_lines(patch, Mode::Compat)["f.py"], vec![(11, 12)]);
    assert_eq!(
        deleted_lines(patch, Mode::Clean)["f.py"],
        vec![(11, 11), (13, 14)]
    );
    // `\ No newline` does not advance either.
    let p2 = "+++ b/g.py\n@@ -1,3 +1,3 @@\n a\n\\ No newline at end of file\n b\n-c\n";
    assert_eq!(deleted_lines(p2, Mode::Compat)["g.py"], vec![(3, 3)]);
    // A deleted file: compat keeps the previous `+++ b/` file (none here), clean reads `--- a/`.
    let p3 = "--- a/old.py\n+++ /dev/null\n@@ -1,2 +0,0 @@\n-x\n-y\n";
    assert!(deleted_lines(p3, Mode::Compat).is_empty());
    assert_eq!(deleted_lines(p3, Mode::Clean)["old.py"], vec![(1, 2)]);
}

#[test]
fn edit_location_and_the_gold_patch_fallback() {
    let m = mem(&[("a.txt", ABC)]);
    let g = r#"{"instance_id":"i","patch":"+++ b/a.txt\n@@ -1,3 +1,2 @@\n a\n-bb\n ccc\n","init_ctx":[{"file":"a.txt","start_line":1,"end_line":2}],"add_ctx":[{"file":"a.txt","start_line":3,"end_line":3}]}"#;
    // No model patch: compat scores the gold patch (a perfect 1.0), clean has no edit location.
    let p = r#"{"instance_id":"i","traj_data":{"pred_files":["a.txt"]}}"#;
    let (c, k) = run(&m, g, p);
    let e = c.editloc.expect("fallback");
    assert_eq!(
        (
            e.recall,
            e.precision,
            e.intersection,
            e.gold_size,
            e.pred_size
        ),
        (Some(1.0), Some(1.0), 1, 2, 1)
    );
    assert_eq!(k.editloc, None);
    // A model patch deleting lines 2-3: hit 1 (line 2; line 3 is add_ctx, not init).
    let p = r#"{"instance_id":"i","model_patch":"+++ b/a.txt\n@@ -1,3 +1,1 @@\n a\n-bb\n-ccc\n","traj_data":{"pred_files":["a.txt"]}}"#;
    let (c, k) = run(&m, g, p);
    let (e, f) = (c.editloc.unwrap(), k.editloc.unwrap());
    // The reference's per-row recall is hit / predicted lines; clean's is hit / gold lines.
    assert_eq!((e.recall, e.precision), (Some(0.5), Some(0.5)));
    assert_eq!((f.recall, f.precision), (Some(0.5), Some(0.5)));
    assert_eq!((f.intersection, f.gold_size, f.pred_size), (1, 2, 2));
}

#[test]
fn usage_drop_counts_gold_lines_seen_but_not_kept() {
    let m = mem(&[("a.txt", ABC)]);
    let g = r#"{"instance_id":"i","gold_context":"[{\"file\":\"a.txt\",\"start_line\":1,\"end_line\":3}]"}"#;
    let p = r#"{"instance_id":"i","traj_data":{"pred_steps":[{"files":["a.txt"],"spans":{"a.txt":[{"start":1,"end":2}]}},{"files":["a.txt"],"spans":{"a.txt":[{"start":3,"end":3}]}}],"pred_files":["a.txt"],"pred_spans":{"a.txt":[{"start":3,"end":3}]}}}"#;
    let (_, k) = run(&m, g, p);
    assert_eq!(k.usage_drop, Some(1.0 - 1.0 / 3.0));
}

#[test]
fn error_rows_and_micro_versus_macro() {
    let m = mem(&[("a.txt", ABC)]);
    let gold_rows = parse_gold_rows(
        br#"{"instance_id":"i","gold_context":"[{\"file\":\"a.txt\",\"start_line\":1,\"end_line\":2}]"}
{"instance_id":"nock","gold_context":"[]"}"#,
        "g",
    )
    .items;
    let preds = parse_preds(
        br#"{"instance_id":"i","traj_data":{"pred_files":["a.txt"],"pred_spans":{"a.txt":[{"start":1,"end":1}]}}}
{"instance_id":"i","traj_data":{"pred_files":["zzz.py"]}}
{"instance_id":"nock","traj_data":{"pred_files":["a.txt"]}}
{"instance_id":"nogold","traj_data":{"pred_files":["a.txt"]}}"#,
        "p",
    )
    .items;
    let opts = CbOptions {
        workspaces: Some(&m),
        defs: None,
        threads: 0,
    };
    let r = score_contextbench(&gold_rows, &preds, &opts);
    let errs: Vec<_> = r
        .rows
        .iter()
        .map(|x| x.compat.as_ref().err().copied())
        .collect();
    assert_eq!(
        errs,
        vec![
            None,
            Some(CbError::NoContextExtracted),
            Some(CbError::CheckoutFailed),
            Some(CbError::MissingGold)
        ]
    );
    let s = &r.compat;
    assert_eq!((s.micro.num_valid, s.micro.num_total), (1, 4));
    // Micro line: 1 / 2 and 1 / 1; macro: the one valid row over four instances.
    assert_eq!(s.micro.final_[3], Some((Some(0.5), Some(1.0))));
    let f1 = 2.0 * 0.5 * 1.0 / 1.5;
    assert_eq!(
        s.macro_.final_[3],
        Some([Some(0.5 / 4.0), Some(1.0 / 4.0), Some(f1 / 4.0)])
    );
    // The symbol level is off without blocks.
    assert_eq!(s.micro.final_[1], None);
    let row = json::row_json(&r.rows[3]);
    assert_eq!(row, r#"{"instance_id":"nogold","error":"missing_gold"}"#);
}

#[test]
fn without_a_checkout_paths_are_normalised_and_bytes_are_off() {
    let g = gold(
        r#"{"instance_id":"i","gold_context":"[{\"file\":\"a.py\",\"start_line\":1,\"end_line\":2}]"}"#,
    );
    let p = pred(
        r#"{"instance_id":"i","traj_data":{"pred_files":["/testbed/a.py"],"pred_spans":{"/testbed/a.py":[{"start":2,"end":3}]}}}"#,
    );
    let r = score_contextbench(&[g], &[p], &CbOptions::default());
    let e = r.rows[0].compat.as_ref().unwrap();
    assert_eq!(e.on, [true, false, false, true]);
    assert_eq!(lv(e, 0), (Some(1.0), Some(1.0), 1, 1, 1));
    assert_eq!(lv(e, 3), (Some(0.5), Some(0.5), 1, 2, 2));
}

#[test]
fn rows_keep_the_reference_keys_in_order() {
    let m = mem(&[("a.txt", ABC)]);
    let opts = CbOptions {
        workspaces: Some(&m),
        defs: None,
        threads: 0,
    };
    let p = r#"{"instance_id":"i","traj_data":{"pred_files":["a.txt"]}}"#;
    let r = score_contextbench(&[gold(G_A)], &[pred(p)], &opts);
    let row = json::row_json(&r.rows[0]);
    assert!(row.starts_with(r#"{"instance_id":"i","num_steps":1,"final":{"file":{"coverage":1.0,"precision":1.0,"intersection":1,"gold_size":1,"pred_size":1},"span":{"coverage":0.0,"precision":1.0,"intersection":0,"gold_size":7,"pred_size":0},"line":"#), "{row}");
    assert!(
        row.contains(r#""clean":{"num_steps":1,"#) && row.contains(r#""precision":null"#),
        "{row}"
    );
    let v: serde_json::Value = serde_json::from_str(&row).expect("valid JSON");
    assert_eq!(v["trajectory"]["steps"][0]["step"], 1);
}

/// Instances scored on several threads give the serial report: rows in input order, the same
/// summaries (sums in the same order, so the same floating-point results).
#[test]
fn threads_give_the_serial_report() {
    let mut m = mem(&[("a.txt", ABC), ("b.py", "def f():\n    pass\n")]);
    m.defs = vec![("b.py", "function_definition", "f", 0, 18)];
    let gold_rows = parse_gold_rows(
        br#"{"instance_id":"i","gold_context":"[{\"file\":\"a.txt\",\"start_line\":1,\"end_line\":2},{\"file\":\"b.py\",\"start_line\":2,\"end_line\":2}]"}"#,
        "g",
    )
    .items;
    let mut text = String::new();
    for k in 0..60 {
        let (a, b) = (1 + k % 3, 1 + (k * 7) % 4);
        text += &format!(
            r#"{{"instance_id":"{}","traj_data":{{"pred_steps":[{{"files":["a.txt"],"spans":{{"a.txt":[{{"start":{a},"end":{}}}]}}}},{{"files":["b.py"],"spans":{{"/testbed/b.py":[{{"start":{b},"end":{b}}}]}}}}],"pred_files":["a.txt","b.py"]}}}}"#,
            if k % 11 == 5 { "other" } else { "i" },
            a + k % 2
        );
        text.push('\n');
    }
    let preds = parse_preds(text.as_bytes(), "p");
    assert!(preds.errors.is_empty(), "{:?}", preds.errors);
    let report = |threads| {
        let opts = CbOptions {
            workspaces: Some(&m),
            defs: Some(&m),
            threads,
        };
        score_contextbench(&gold_rows, &preds.items, &opts)
    };
    let serial = report(1);
    assert_eq!(serial.rows.len(), 60);
    assert!(serial.rows[5].compat.is_err() && serial.rows[0].compat.is_ok());
    for threads in [2, 3, 0] {
        assert!(report(threads) == serial, "threads = {threads}");
    }
}

/// Counts the reads and parses behind a [`Mem`]: what the budgets make happen again.
struct Counting<'a> {
    mem: &'a Mem,
    reads: std::sync::atomic::AtomicUsize,
    parses: std::sync::atomic::AtomicUsize,
}

struct CountingCheckout<'a>(&'a Counting<'a>);

impl Checkout for CountingCheckout<'_> {
    fn is_file(&self, p: &str) -> bool {
        (&self.0.mem).is_file(p)
    }
    fn read(&self, p: &str) -> Result<Option<Vec<u8>>, String> {
        (self.0.reads).fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        (&self.0.mem).read(p)
    }
}

impl Workspaces for Counting<'_> {
    fn checkout<'a>(&'a self, ids: &[&str]) -> Option<Box<dyn Checkout + 'a>> {
        ids.contains(&"i")
            .then(|| Box::new(CountingCheckout(self)) as Box<dyn Checkout + 'a>)
    }
}

impl DefSource for Counting<'_> {
    fn language(&self, path: &str, mode: Mode) -> Option<&'static str> {
        self.mem.language(path, mode)
    }
    fn defs(&self, language: &str, src: &[u8]) -> Result<Vec<Def>, String> {
        (self.parses).fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        self.mem.defs(language, src)
    }
}

/// An instance's files and the run's blocks are kept within byte budgets; budgets so tight
/// that every file is read again and every block made again at each use give the same report
/// (rows, notes, summaries) as the default ones, on one thread and on several.
#[test]
fn tight_memory_budgets_give_the_same_report() {
    let mut m = mem(&[
        ("a.txt", ABC),
        ("b.py", "def f():\n    pass\n"),
        ("c.py", "class C:\n    def g(self):\n        pass\n"),
        ("big.py", "x = 1\n"),
    ]);
    m.defs = vec![
        ("b.py", "function_definition", "f", 0, 18),
        ("c.py", "class_definition", "C", 0, 37),
        ("c.py", "function_definition", "g", 13, 37),
        ("big.py", "function_definition", "h", 0, 6),
    ];
    m.unparsed = Some("big.py");
    let gold_rows = parse_gold_rows(
        br#"{"instance_id":"i","gold_context":"[{\"file\":\"a.txt\",\"start_line\":1,\"end_line\":2},{\"file\":\"b.py\",\"start_line\":2,\"end_line\":2},{\"file\":\"c.py\",\"start_line\":2,\"end_line\":3}]"}"#,
        "g",
    )
    .items;
    let mut text = String::new();
    for k in 0..24 {
        let (a, b) = (1 + k % 3, 1 + (k * 7) % 4);
        text += &format!(
            r#"{{"instance_id":"i","traj_data":{{"pred_steps":[{{"files":["a.txt","big.py"],"spans":{{"a.txt":[{{"start":{a},"end":{a}}}],"big.py":[{{"start":1,"end":1}}]}}}},{{"files":["b.py"],"spans":{{"b.py":[{{"start":{b},"end":{b}}}]}}}},{{"files":["c.py","a.txt"],"spans":{{"c.py":[{{"start":{b},"end":4}}],"a.txt":[{{"start":1,"end":3}}]}},"symbols":{{}}}}],"pred_files":["a.txt","b.py","c.py"]}}}}"#
        );
        text.push('\n');
    }
    let preds = parse_preds(text.as_bytes(), "p");
    assert!(preds.errors.is_empty(), "{:?}", preds.errors);
    let run = |threads, instance_bytes, cache_bytes| {
        let c = Counting {
            mem: &m,
            reads: 0.into(),
            parses: 0.into(),
        };
        let opts = CbOptions {
            workspaces: Some(&c),
            defs: Some(&c),
            threads,
        };
        let cache = defcache::DefCache::with_budget(cache_bytes);
        let r = batch::score_within(&gold_rows, &preds.items, &opts, instance_bytes, cache);
        (r, c.reads.into_inner(), c.parses.into_inner())
    };
    let (roomy, reads, parses) = run(1, usize::MAX, usize::MAX);
    // Each instance reads its four files once; each distinct content with blocks (not a.txt)
    // is parsed once (big.py's refusal too, noted on every row).
    assert_eq!((reads, parses), (24 * 4, 3));
    assert!(
        roomy.rows.iter().all(|r| r.notes.len() == 1),
        "{:?}",
        roomy.rows[0].notes
    );
    assert!(
        roomy.rows[0].compat.as_ref().unwrap().final_[1]
            .unwrap()
            .gold_size
            > 0
    );
    for threads in [1, 2] {
        let (tight, reads, parses) = run(threads, 1, 1);
        assert!(
            reads > 24 * 4 * 2 && parses > 3 * 24,
            "{reads} reads, {parses} parses"
        );
        assert!(tight == roomy, "threads = {threads}");
    }
    // The defaults: nothing here comes near them.
    let c = Counting {
        mem: &m,
        reads: 0.into(),
        parses: 0.into(),
    };
    let opts = CbOptions {
        workspaces: Some(&c),
        defs: Some(&c),
        threads: 1,
    };
    assert!(score_contextbench(&gold_rows, &preds.items, &opts) == roomy);
    assert_eq!(c.reads.into_inner(), 24 * 4);
}
