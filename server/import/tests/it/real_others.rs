//! Hand-checked actions of the mini-swe-agent, SWE-agent and Claude Code trajectories, read off the
//! raw logs and the base files in `sources/` (line counts by `wc -l`, windows from the observation).

use crate::common;
use common::{edits, reads, run, run_multi, skipped};
use readcov_import::Reason;

#[test]
fn astropy_12907_mini() {
    let imp = run("mini-swe-agent/astropy__astropy-12907.traj.json");
    let s = "astropy/modeling/separable.py";
    // `cat` of a 317-line file; `cat … | head -100`.
    reads(&imp, 1, &[(s, 1, 317)]);
    reads(
        &imp,
        2,
        &[("astropy/modeling/tests/test_separable.py", 1, 100)],
    );
    // `cat f | grep -n "_cstack" -A 30`: matches at 219 and 316, the file ends at 317.
    reads(&imp, 9, &[(s, 219, 249), (s, 316, 317)]);
    // Step 15 ran a script that rewrote line 245 of separable.py in place: the grep at step 16
    // shows `= right` where the base has `= 1`, so that read is not credited. The mismatch does
    // not poison the file: step 18 shows 204–208 exactly as the base has them.
    skipped(&imp, 16, Reason::TextMismatch);
    reads(&imp, 18, &[(s, 204, 208)]);
    // `grep -r "separability_matrix" astropy/modeling/tests/ | head -20` without -n: placed by text
    // (session 34; before, *output without line numbers*). Of the three files it names only
    // test_separable.py is in `sources/`: its lines 14, 135 and 150 (`grep -rn` says so).
    let t = "astropy/modeling/tests/test_separable.py";
    reads(&imp, 21, &[(t, 14, 14), (t, 135, 135), (t, 150, 150)]);
    // patch.txt was written by the agent; `echo … && cat patch.txt` reads no base file.
    skipped(&imp, 35, Reason::NotInWorkspace);
}

#[test]
fn astropy_14182_mini() {
    let imp = run("mini-swe-agent/astropy__astropy-14182.traj.json");
    let f = "astropy/io/ascii/fixedwidth.py";
    reads(&imp, 2, &[("astropy/io/ascii/rst.py", 1, 66)]);
    // fixedwidth.py has 490 lines: `| tail -200` is 291–490.
    reads(&imp, 5, &[(f, 291, 490)]);
    reads(&imp, 10, &[(f, 339, 380)]);
    // `sed -n '60,70p'` of the 66-line rst.py.
    reads(&imp, 11, &[("astropy/io/ascii/rst.py", 60, 66)]);
    // `cat > astropy/io/ascii/rst.py << EOF` (steps 37, 57) replaces the file's whole text: the
    // lines it left as they were keep their base origin, so a later `cat` reads them (before
    // session 33 every line was taken as the agent's and nothing was read; real_shown.rs).
    reads(
        &imp,
        77,
        &[
            ("astropy/io/ascii/rst.py", 1, 59),
            ("astropy/io/ascii/rst.py", 62, 64),
            ("astropy/io/ascii/rst.py", 66, 66),
        ],
    );
}

#[test]
fn astropy_14365_mini() {
    let imp = run("mini-swe-agent/astropy__astropy-14365.traj.json");
    let q = "astropy/io/ascii/qdp.py";
    // Output too long: mini-swe-agent kept 176 head lines (the last cut mid-line) and a tail
    // starting mid-line 514 through 642.
    reads(&imp, 2, &[(q, 1, 176), (q, 514, 642)]);
    reads(&imp, 4, &[(q, 60, 80)]);
    reads(&imp, 24, &[(q, 309, 309)]);
}

#[test]
fn swe_agent_databind_3701() {
    let imp = run("swe-agent-java/fasterxml__jackson-databind-3701.traj");
    let n = "src/main/java/com/fasterxml/jackson/databind/node/NodeCursor.java";
    reads(&imp, 0, &[(n, 1, 100)]);
    // `goto 198` in a 233-line file: the window is the last 100 lines.
    reads(&imp, 1, &[(n, 134, 233)]);
    // `edit 198:198` with one line: base 198 touched, the window around it shows agent text at 198.
    edits(&imp, 2, &[(n, 198, 198)]);
    reads(&imp, 2, &[(n, 134, 197), (n, 199, 233)]);
}

#[test]
fn swe_agent_xml_638() {
    let imp = run("swe-agent-java/fasterxml__jackson-dataformat-xml-638.traj");
    let j =
        "src/main/java/com/fasterxml/jackson/dataformat/xml/JacksonXmlAnnotationIntrospector.java";
    skipped(&imp, 0, Reason::NoLineNumbers);
    reads(&imp, 1, &[(j, 35, 134)]);
    // 10 lines (120–129) replaced by 9, of which the first and the last five are lines 120 and
    // 125–129 as the window of step 1 showed them: they keep their origin (the submitted patch
    // changes 121 and removes 124). The window 70–169 is base 70–120, 3 agent lines, base 125–170.
    // Before session 35: edit 120–129, window base 70–119 and 130–170.
    edits(&imp, 2, &[(j, 121, 124)]);
    reads(&imp, 2, &[(j, 70, 120), (j, 125, 170)]);
}

#[test]
fn swe_agent_core_1172() {
    let imp = run("swe-agent-java/fasterxml__jackson-core-1172.traj");
    // `open` after seven `cd`s: the window names the absolute path.
    reads(
        &imp,
        13,
        &[(
            "src/test/java/com/fasterxml/jackson/core/jsonptr/JsonPointerTest.java",
            1,
            100,
        )],
    );
    skipped(&imp, 5, Reason::UnknownCommand);
}

/// `create` of a file that exists prints `Error: File '…' already exists.` and opens it: the
/// window is a read of the base file, and nothing was written. Both cases of the shipped
/// several-models set (they used to replace the file with an empty one, so the edit after it
/// was unaligned and its window uncredited).
#[test]
fn swe_agent_create_of_an_existing_file_opens_it() {
    let imp = run_multi("swe-agent-java/fasterxml__jackson-core-1142/gpt-4o-2024-05-13.traj");
    let v = "src/test/java/com/fasterxml/jackson/core/VersionTest.java";
    // `[File: … VersionTest.java (100 lines total)]`, lines 1–100 shown.
    reads(&imp, 4, &[(v, 1, 100)]);
    // `edit 12:12` with seven lines, the first line 12 as the window showed it (`    @Test`): 12
    // keeps its origin and six lines follow it (the edit row anchored to 12), so the window 1–100
    // is base 1–94, as with the base file given. Before session 35: base 1–11 and 13–94.
    edits(&imp, 5, &[(v, 12, 12)]);
    reads(&imp, 5, &[(v, 1, 94)]);
    let imp =
        run_multi("swe-agent-java/googlecontainertools__jib-4035/gpt-4o-mini-2024-07-18.traj");
    let r =
        "jib-core/src/test/java/com/google/cloud/tools/jib/registry/RegistryAuthenticatorTest.java";
    reads(&imp, 3, &[(r, 1, 100)]);
    edits(&imp, 4, &[(r, 100, 100)]);
    reads(&imp, 4, &[(r, 50, 99), (r, 101, 140)]);
}

/// Without a workspace, an `edit a:b` of lines a window showed since the file's last write is
/// compared with that text: only the lines it changed are edited (lines equal at the region's ends
/// keep their base line), as with the base file. databind-4486's `edit 488:491` rewrites 489–490
/// (the submitted patch's two `-` lines); before session 35 its edit row was 488–491. 4487
/// gpt-4o-mini: `edit 922:950` after `goto 959` keeps 922–923 (before: 922–950), and `edit
/// 934:956`, of lines the window of that edit showed, keeps its last line (before: base 955–977).
#[test]
fn swe_agent_edit_of_shown_lines_without_a_workspace() {
    let e = "src/main/java/com/fasterxml/jackson/databind/deser/std/EnumDeserializer.java";
    for (run, step) in [
        ("deepseek-chat-v2", 5),
        ("gpt-4o-2024-05-13", 11),
        ("gpt-4o-mini-2024-07-18", 11),
    ] {
        let imp = run_multi(&format!(
            "swe-agent-java/fasterxml__jackson-databind-4486/{run}.traj"
        ));
        edits(&imp, step, &[(e, 489, 490)]);
    }
    let imp =
        run_multi("swe-agent-java/fasterxml__jackson-databind-4487/gpt-4o-mini-2024-07-18.traj");
    let t = "src/main/java/com/fasterxml/jackson/databind/type/TypeFactory.java";
    edits(&imp, 7, &[(t, 924, 950)]);
    edits(&imp, 8, &[(t, 955, 976)]);
}

/// SWE-agent of August 2024 (0.6–0.7, the end-marker reader) stored each output without its last
/// line break. `cat run.sh` of jackson-databind's 4-line `run.sh` (its last line blank; the file
/// is unchanged since jackson-databind e8f9e968a of 2014) is stored ending `$*⏎`, and the model
/// was sent `$*⏎⏎(Open file: …)`: lines 1–4, where readcov credited 1–3 before session 33. With
/// the file as the workspace the shown text still matches it line for line.
#[test]
fn swe_agent_output_whose_last_line_is_blank() {
    let rel = "swe-agent-java/fasterxml__jackson-databind-3701/gpt-4o-2024-05-13.traj";
    let imp = run_multi(rel);
    reads(&imp, 11, &[("run.sh", 1, 4)]);
    let run_sh =
        "#!/bin/sh\n\njava -Xmx256m -server -cp lib/\\*:target/classes:target/test-classes $*\n\n";
    let files: std::collections::BTreeMap<String, String> =
        [("run.sh".to_string(), run_sh.to_string())].into();
    let bytes = std::fs::read(common::real().join("../real-multi").join(rel)).unwrap();
    let imp = readcov_import::import_with(&bytes, rel, &Default::default(), &|_: &str| {
        Box::new(files.clone()) as Box<dyn readcov_import::FileProvider>
    });
    reads(&imp, 11, &[("run.sh", 1, 4)]);
    // The other observation ending on a blank line, `./gradlew test`'s (its `die` echoes one
    // last), reads nothing either way.
    let imp = run_multi("swe-agent-java/googlecontainertools__jib-4035/gpt-4o-2024-05-13.traj");
    reads(&imp, 11, &[]);
}

#[test]
fn claude_code_transcripts() {
    let imp = run("claude-code/coverage-test-fix.jsonl");
    // Whole-file Reads: math_utils.py has 6 lines, the test 10 (the tool numbers one more, empty,
    // line after the final newline; `totalLines` 7 and 11).
    reads(&imp, 1, &[("src/math_utils.py", 1, 6)]);
    reads(&imp, 2, &[("tests/test_math_utils.py", 1, 10)]);
    skipped(&imp, 0, Reason::UnknownCommand);
    // An Edit that appends after base line 6 (its structuredPatch has no `-` line).
    edits(&imp, 3, &[("src/math_utils.py", 6, 6)]);
    let imp = run("claude-code/stop-hook-reflection-first-stop.jsonl");
    reads(&imp, 0, &[("test.txt", 1, 1)]);
    edits(&imp, 1, &[("test.txt", 1, 1)]);
    let imp = run("claude-code/python-to-rust-port.jsonl");
    reads(&imp, 3, &[("Cargo.toml", 1, 6)]);
}
