//! AutoCodeRover message threads (`tests/data/formats/autocoderover`, acr-run-1 of
//! nus-apr/auto-code-rover on SWE-bench Lite): search results placed in the files by their text
//! (AutoCodeRover shows no line numbers), the bug-location code read, the extracted patch's
//! edits replayed. Every row below was checked by hand against the file at the base commit
//! (`tests/data/real/sources/<task>`): the method and function blocks by their text, the
//! `CompoundModel` signature by AutoCodeRover's own `extract_class_sig_from_ast` run on `core.py`
//! (84 lines), the edits against the run's `extracted_patch_1.diff`.

use super::*;
use readcov_import::{DirFiles, Format};

const SEPARABLE: &str =
    "autocoderover/astropy__astropy-12907_2024-04-06_13-51-50/debug_agent_write_patch_1.json";
const QDP: &str =
    "autocoderover/astropy__astropy-14365_2024-04-06_13-27-09/debug_agent_write_patch_1.json";

/// Imports a sample with its task's base files (`tests/data/real/sources/<task>`).
fn with_sources(rel: &str) -> Imported {
    let bytes = std::fs::read(formats().join(rel)).unwrap();
    let sources = formats().join("../real/sources");
    import_with(&bytes, rel, &ImportOptions::default(), &|task| {
        Box::new(DirFiles(sources.join(task)))
    })
}

#[test]
fn the_separability_run() {
    let imp = with_sources(SEPARABLE);
    assert_eq!(imp.format, Some(Format::AutoCodeRover));
    assert_eq!(imp.rows[0].task, "astropy__astropy-12907");
    assert_eq!(imp.rows[0].run, "autocoderover/debug_agent_write_patch_1");
    assert_eq!(imp.summary.actions, 7);
    // search_method("separability_matrix"): the whole function, 37 lines.
    reads(&imp, 0, &[("astropy/modeling/separable.py", 66, 102)]);
    // search_class("CompoundModel"): its signature, 84 lines of core.py in 56 runs.
    let sig = rows(&imp, None, 1, EventKind::Read);
    assert_eq!(sig.len(), 56);
    assert_eq!(sig.iter().map(|r| r.2 - r.1 + 1).sum::<u32>(), 84);
    assert_eq!(
        sig[..3],
        own(&[
            ("astropy/modeling/core.py", 2894, 2894),
            ("astropy/modeling/core.py", 2902, 2902),
            ("astropy/modeling/core.py", 3022, 3022),
        ])
    );
    assert_eq!(
        sig.last(),
        Some(&("astropy/modeling/core.py".to_string(), 3970, 3970))
    );
    // search_class("Pix2Sky_TAN"): not found.
    skipped(&imp, 2, Reason::ToolError);
    // search_class("Linear1D"): functional_models.py is not among the sources.
    skipped(&imp, 3, Reason::NotInWorkspace);
    // search_method_in_file("_separable", …) and the bug-location code: the same 22 lines.
    reads(&imp, 4, &[("astropy/modeling/separable.py", 290, 311)]);
    reads(&imp, 5, &[("astropy/modeling/separable.py", 290, 311)]);
    // The patch replaced lines 306-309; the first three are unchanged (the diff AutoCodeRover
    // extracted removes line 309 only).
    assert_eq!(
        rows(&imp, None, 6, EventKind::Edit),
        own(&[("astropy/modeling/separable.py", 309, 309)])
    );
    assert_eq!(imp.rows.len(), 60);
}

#[test]
fn the_qdp_run() {
    let imp = with_sources(QDP);
    assert_eq!(imp.rows[0].task, "astropy__astropy-14365");
    assert_eq!(imp.summary.actions, 7);
    // search_method_in_class("read", "Table"): not found; search_code("READ SERR") and
    // search_code_in_file(…): more results than shown, only the files and methods named.
    skipped(&imp, 0, Reason::ToolError);
    skipped(&imp, 1, Reason::NoLineNumbers);
    skipped(&imp, 2, Reason::NoLineNumbers);
    // The code of the three bug locations (the functions' `ast` ranges).
    reads(
        &imp,
        3,
        &[
            ("astropy/io/ascii/qdp.py", 20, 85),
            ("astropy/io/ascii/qdp.py", 149, 234),
            ("astropy/io/ascii/qdp.py", 425, 491),
        ],
    );
    // Three one-line edits (the extracted diff's `-` lines).
    for (step, line) in [(4, 63), (5, 460), (6, 463)] {
        assert_eq!(
            rows(&imp, None, step, EventKind::Edit),
            own(&[("astropy/io/ascii/qdp.py", line, line)])
        );
    }
    assert_eq!(imp.rows.len(), 6);
}

#[test]
fn without_the_files_nothing_is_placed() {
    let imp = sample(SEPARABLE);
    assert_eq!(imp.format, Some(Format::AutoCodeRover));
    assert!(imp.rows.is_empty());
    for step in [0, 1, 3, 4, 5] {
        skipped(&imp, step, Reason::NoLineNumbers);
    }
    skipped(&imp, 2, Reason::ToolError);
    assert_eq!(imp.summary.lost_edits.len(), 1);
}

const FILE: &str = "def f():\n    return 1\n\n\ndef g(x):\n    y = x\n    return y\n";

/// A thread of AutoCodeRover's shape: system prompt, then the messages given.
fn thread(messages: &[(&str, &str)]) -> String {
    let mut all = vec![
        serde_json::json!({"role": "system", "content": "You are a software developer maintaining a large project.\nYour task is to invoke a few search API calls to gather buggy information, then write patches to solve the issues.\n"}),
    ];
    for (role, content) in messages {
        all.push(serde_json::json!({"role": role, "content": content}));
    }
    serde_json::to_string(&all).unwrap()
}

#[test]
fn a_code_region_and_a_class_signature() {
    let text = thread(&[
        ("assistant", "search"),
        ("user", "Result of search_code(\"y = x\"):\nFound 1 snippets containing `y = x` in the codebase.\nSearch result 1: <file>m.py</file> <func>g</func> <code>\n\ndef g(x):\n    y = x\n    return y</code>\n\n"),
        ("user", "Result of search_class(\"C\"):\nFound 1 classes with name C in the codebase.\nSearch result 1: <file>c.py</file> <class>C</class> <code>class C:\n    @property\n    def a(self):\n    def b(self):\n</code>\n\n"),
    ]);
    let c = "class C:\n    \"\"\"Doc.\"\"\"\n    @property\n    def a(self):\n        # @property\n        return 1\n\n    def b(self):\n        pass\n";
    let imp = synthetic(&text, &[("m.py", FILE), ("c.py", c)]);
    assert_eq!(imp.format, Some(Format::AutoCodeRover));
    // The region starts at the line break before its first line (a blank line, 4).
    reads(&imp, 0, &[("m.py", 4, 7)]);
    reads(&imp, 1, &[("c.py", 1, 1), ("c.py", 3, 4), ("c.py", 8, 8)]);
}

#[test]
fn blocks_that_cannot_be_placed() {
    let text = thread(&[
        ("assistant", "search"),
        ("user", "Result of search_method(\"f\"):\nFound 1 methods with name f in the codebase.\nSearch result 1: <file>m.py</file> <func>f</func> <code>def f():\n    return 2\n</code>\n\nResult of search_method(\"h\"):\nFound 1 methods with name h in the codebase.\nSearch result 1: <file>two.py</file> <func>h</func> <code>def h():\n    pass\n</code>\n\n"),
        ("user", "Result of search_method(\"g\"):\nCould not find method g in the codebase.\n\nResult of search_method(\"write\"):\nFound 41 methods with name write in the codebase.\nThey appeared in the following files:\n<file>a.py</file> (1 matches)\n"),
    ]);
    let two = "def h():\n    pass\n\ndef h():\n    pass\n";
    let imp = synthetic(&text, &[("m.py", FILE), ("two.py", two)]);
    // `return 2` is not the file's text; `h` is there twice.
    let out: Vec<_> = imp.outcomes.iter().map(|o| o.2).collect();
    assert_eq!(
        out,
        [
            Some(Reason::TextMismatch),
            Some(Reason::AmbiguousOutput),
            Some(Reason::ToolError),
            Some(Reason::NoLineNumbers),
        ]
    );
    assert!(imp.rows.is_empty());
}

#[test]
fn only_the_extracted_attempt_is_replayed() {
    let patch = |new: &str| {
        format!("# modification 1\n```python\n<file>m.py</file>\n<original>y = x</original>\n<patched>y = {new}</patched>\n```\n")
    };
    let text = thread(&[
        ("user", "Write a patch for the issue.\n```python\n<file>...</file>\n<original>...</original>\n<patched>...</patched>\n```\n"),
        ("assistant", &patch("-x")),
        ("user", "Your edit could not be applied to the program. Please try again."),
        ("assistant", &patch("x + 1")),
        ("user", "Extracted a patch. Since validation is disabled, you should validation the patch later on. Ending the workflow."),
    ]);
    let imp = synthetic(&text, &[("m.py", FILE)]);
    skipped(&imp, 0, Reason::ToolError);
    // `y = x` matched with its indentation stripped: line 6, replaced.
    assert_eq!(rows(&imp, None, 1, EventKind::Edit), own(&[("m.py", 6, 6)]));
    assert_eq!(imp.rows[0].turn, Some(4));
}

#[test]
fn detection_and_refusal() {
    // A message array without AutoCodeRover's search results or prompt is no thread.
    let plain = r#"[{"role": "system", "content": "hi"}, {"role": "user", "content": "x"}]"#;
    assert_eq!(readcov_import::detect_format(plain), None);
    let imp = import_as(Some(Format::AutoCodeRover), "log.json", "{}", &[]);
    assert_eq!(imp.errors.len(), 1, "{:?}", imp.errors);
    assert!(imp.errors[0].message.contains("not a message thread"));
}

/// AutoCodeRover v2 (auto-code-rover 3536ac2, `SearchResult.to_tagged_str`: `<file>F</file>`, the
/// class and function tags on the next line, `<code>` then the snippet with `f"{i+1} {line}"` lines):
/// read by its numbers, without a workspace too.
#[test]
fn a_v2_block_is_read_by_its_numbers() {
    let text = thread(&[
        ("assistant", "search"),
        ("user", "Result of search_method_in_file(\"g\", \"m.py\"):\n\nFound 1 methods with name `g` in file m.py:\n\n- Search result 1:\n```\n<file>m.py</file>\n <func>g</func>\n<code>\n5 def g(x):\n6     y = x\n7     return y\n\n</code>\n```\n\n\n"),
    ]);
    let bare = synthetic(&text, &[]);
    reads(&bare, 0, &[("m.py", 5, 7)]);
    let checked = synthetic(&text, &[("m.py", FILE)]);
    reads(&checked, 0, &[("m.py", 5, 7)]);
    // Numbers that do not fit the file's text: not credited.
    let moved = text
        .replace("5 def g", "4 def g")
        .replace("6     y", "5     y")
        .replace("7     return", "6     return");
    let off = synthetic(&moved, &[("m.py", FILE)]);
    skipped(&off, 0, Reason::TextMismatch);
}

/// The change replayed from the extracted attempt's edits is the one AutoCodeRover extracted
/// (`extracted_patch_1.diff`, vendored beside each thread): the same removed and added lines.
#[test]
fn the_replayed_change_is_autocoderovers_own() {
    for rel in [SEPARABLE, QDP] {
        let imp = with_sources(rel);
        let replayed = imp.changes[0].replayed.as_ref().unwrap();
        assert!(replayed.partial.is_empty(), "{rel}: {:?}", replayed.partial);
        let diff =
            std::fs::read_to_string(formats().join(rel).with_file_name("extracted_patch_1.diff"))
                .unwrap();
        let changed = |p: &str| -> Vec<String> {
            p.lines()
                .filter(|l| {
                    (l.starts_with('+') || l.starts_with('-'))
                        && !l.starts_with("+++")
                        && !l.starts_with("---")
                })
                .map(str::to_string)
                .collect()
        };
        assert_eq!(changed(&replayed.patch), changed(&diff), "{rel}");
        assert!(!changed(&diff).is_empty());
    }
}

/// An edit of a file the workspace lacks goes to the replay as any format's does: no row, *file
/// not in workspace*, not listed as an edit not replayed.
#[test]
fn an_edit_of_a_file_the_workspace_lacks() {
    let text = thread(&[
        ("assistant", "# modification 1\n```python\n<file>gone.py</file>\n<original>y = x</original>\n<patched>y = 2</patched>\n```\n"),
        ("user", "Extracted a patch. Since validation is disabled, you should validation the patch later on. Ending the workflow."),
    ]);
    let imp = synthetic(&text, &[("m.py", FILE)]);
    assert_eq!(imp.summary.actions, 1);
    assert!(imp.rows.is_empty());
    skipped(&imp, 0, Reason::NotInWorkspace);
    assert!(imp.summary.lost_edits.is_empty());
}
