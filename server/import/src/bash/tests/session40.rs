//! Session 40: a pipeline after `&&` whose predecessor the output shows failing never ran, and a
//! `cd` that failed stays where it was. Outputs as bash 5.2, GNU coreutils 9.1 and diffutils 3.8
//! print them.

use super::bash;
use super::two_files::{read_rows, row, A_NUMBERED};
use crate::summary::Reason;

/// `diff category.py.new lib/matplotlib/category.py && mv category.py.new
/// lib/matplotlib/category.py && python reproduce_issue.py` (gsmoon97/swe-agent-eval's OpenHands
/// run of matplotlib-22719, step 26) printed differences: diff exited 1 and nothing after it ran.
/// Before session 40 the `mv` was taken as done, so a later read of the file was *unaligned after
/// edit*; so was a `sed -i` after a `cat` that printed `No such file or directory`.
#[test]
fn a_write_after_a_failed_command_of_its_and_chain_never_happened() {
    let diff = "1,2c1,2\n< y = 2\n< import os\n---\n> import os\n> x = 1\n";
    for (cmd, out) in [
        (
            "cd /repo && diff pkg/b.py pkg/a.py && mv pkg/b.py pkg/a.py && python t.py",
            diff,
        ),
        (
            "diff -q pkg/b.py pkg/a.py && cp pkg/b.py pkg/a.py",
            "Files pkg/b.py and pkg/a.py differ\n",
        ),
        (
            "cat pkg/c.py && sed -i 's/os/sys/' pkg/a.py",
            "cat: pkg/c.py: No such file or directory\n",
        ),
        (
            "javac T.java && java T > pkg/a.py",
            "/bin/bash: line 29667: javac: command not found\n",
        ),
    ] {
        let acts = [bash(1, cmd, out), bash(2, "cat -n pkg/a.py", A_NUMBERED)];
        assert_eq!(read_rows(true, &acts).0, [row("pkg/a.py", 1, 2)], "{cmd}");
    }
    // A diff that printed nothing (the files are the same) exited 0: the `mv` ran.
    let acts = [
        bash(1, "diff pkg/b.py pkg/a.py && mv pkg/b.py pkg/a.py", ""),
        bash(2, "cat -n pkg/a.py", A_NUMBERED),
    ];
    let got = read_rows(true, &acts);
    assert!(got.0.is_empty(), "{got:?}");
    assert!(got.1.contains(&Reason::UnalignedAfterEdit), "{got:?}");
}

/// `cd missing && cat f` printing `bash: cd: missing: No such file or directory` read nothing;
/// `cd missing; cat f` read `f` where it was, the error line being no line of it. Before session
/// 40 the cwd moved into the missing folder: without a workspace the first credited line 1 of
/// `missing/pkg/a.py` (the error line), the second 1–3 of it.
#[test]
fn a_failed_cd_stays_and_stops_its_and_chain() {
    let err = "bash: cd: missing: No such file or directory\n";
    let got = read_rows(false, &[bash(1, "cd missing && cat pkg/a.py", err)]);
    assert!(got.0.is_empty(), "{got:?}");
    let out = format!("{err}import os\nx = 1\n");
    let got = read_rows(false, &[bash(1, "cd missing; cat pkg/a.py", &out)]);
    assert_eq!(got.0, [row("pkg/a.py", 1, 2)]);
}

/// SWE-agent's shell persists: `cd src/test/java/com/fasterxml/jackson/databind/ser/std/` printing
/// `/bin/bash: line 8319: cd: …: No such file or directory` (multi-swe-bench/experiments, gpt-4o,
/// fasterxml__jackson-databind-4338, step 9; 169 such `cd`s in 6 of the 448 runs) left the shell
/// where it was. Before session 40 readcov moved into that folder, and every later relative path
/// was under it (here `cat -n pkg/a.py` read `missing/pkg/a.py`: nothing with the workspace).
#[test]
fn a_failed_cd_does_not_move_a_persistent_shell() {
    let acts = [
        bash(
            1,
            "cd missing/",
            "/bin/bash: line 8319: cd: missing/: No such file or directory",
        ),
        bash(2, "cat -n pkg/a.py", A_NUMBERED),
    ];
    assert_eq!(read_rows(true, &acts).0, [row("pkg/a.py", 1, 2)]);
}
