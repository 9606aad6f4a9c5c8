//! Which pipelines ran, read from outputs of real logs (session 40).

use super::*;
use crate::shell::parse;

fn ran_of(script: &str, out: &str) -> Vec<String> {
    let ps = parse(script);
    ran(&ps, out)
        .into_iter()
        .map(|r| match r {
            Ran::Yes => "yes".to_string(),
            Ran::No => "no".to_string(),
            Ran::FailedCd(l) => format!("cd failed: {l}"),
        })
        .collect()
}

#[test]
fn a_failed_cd_stops_its_and_chain() {
    // gsmoon97/swe-agent-eval, OpenHands, matplotlib-24177 step 7.
    let out = "bash: cd: lib/matplotlib: No such file or directory\n[The command completed with exit code 1.]";
    assert_eq!(
        ran_of(
            "cd lib/matplotlib && grep -n \"def hist\" axes/_axes.py",
            out
        ),
        vec![
            "cd failed: bash: cd: lib/matplotlib: No such file or directory",
            "no"
        ]
    );
    // After `;` or `||` the next one runs; after a skipped one the chain stays broken.
    assert_eq!(
        ran_of(
            "cd d && cat a && cat b || cat c; cat e",
            "bash: cd: d: Not a directory"
        ),
        vec![
            "cd failed: bash: cd: d: Not a directory",
            "no",
            "no",
            "yes",
            "yes"
        ]
    );
    // SWE-agent's `/bin/bash: line N:` and dash's forms.
    let swe = "/bin/bash: line 11301: cd: fastjson/: No such file or directory";
    assert_eq!(
        ran_of("cd fastjson/", swe),
        vec![format!("cd failed: {swe}")]
    );
    assert_eq!(
        ran_of("cd x && cat a", "sh: 1: cd: can't cd to x"),
        vec!["cd failed: sh: 1: cd: can't cd to x", "no"]
    );
    // Another folder's error is not this cd's.
    assert_eq!(
        ran_of("cd x && cat a", "bash: cd: xy: No such file or directory"),
        vec!["yes", "yes"]
    );
}

#[test]
fn a_command_bash_did_not_find_stops_its_and_chain() {
    // multi-swe-bench/experiments, deepseek-coder-v2 jackson-databind-3666 step 11.
    let out = "/bin/bash: line 29667: javac: command not found";
    assert_eq!(ran_of("javac T.java && java T", out), vec!["yes", "no"]);
    assert_eq!(
        ran_of("javac T.java && java T", "sh: 1: javac: not found"),
        vec!["yes", "no"]
    );
    assert_eq!(
        ran_of(
            "./run.sh && cat out",
            "bash: ./run.sh: No such file or directory"
        ),
        vec!["yes", "no"]
    );
    // Only a pipeline's last stage sets its status.
    assert_eq!(
        ran_of("javac T.java | tee log && cat a", out),
        vec!["yes", "yes"]
    );
}

#[test]
fn a_program_naming_its_operand_with_an_error_stops_its_and_chain() {
    // gsmoon97/swe-agent-eval, sphinx-doc__sphinx-8035 step 5.
    let out = "mv: cannot stat 'test_doc.rst': No such file or directory\nmv: cannot stat 'conf.py': No such file or directory\n[The command completed with exit code 1.]";
    assert_eq!(
        ran_of(
            "mkdir -p docs && mv test_doc.rst conf.py docs/ && cd docs",
            out
        ),
        vec!["yes", "yes", "no"]
    );
    assert_eq!(
        ran_of(
            "cat a.py && sed -n 1,5p b.py",
            "cat: a.py: No such file or directory"
        ),
        vec!["yes", "no"]
    );
    let py = "python3: can't open file '/r/t.py': [Errno 2] No such file or directory";
    assert_eq!(ran_of("python3 t.py && cat out.txt", py), vec!["yes", "no"]);
    // Another file's error, another program's, or a grep whose messages or status hide it.
    for (script, out) in [
        ("cat a.py && cat b", "cat: b: No such file or directory"),
        (
            "cat a.py && cat src/a.py",
            "cat: src/a.py: No such file or directory",
        ),
        ("head a.py && cat b", "cat: a.py: No such file or directory"),
        (
            "grep -q x a b && cat c",
            "grep: a: No such file or directory",
        ),
        ("grep -s x a && cat c", "grep: a: No such file or directory"),
    ] {
        assert_eq!(ran_of(script, out), vec!["yes", "yes"], "{script}");
    }
}

#[test]
fn a_diff_that_shows_differences_stops_its_and_chain() {
    // gsmoon97/swe-agent-eval, matplotlib-22719 step 26: diff printed differences (exit 1).
    let script = "cd /r && diff category.py.new lib/matplotlib/category.py && mv category.py.new lib/matplotlib/category.py && python reproduce_issue.py";
    let out = "75a76,81\n>                 \"converters is deprecated\"\n250c256\n< uni\n[The command completed with exit code 1.]";
    assert_eq!(ran_of(script, out), vec!["yes", "yes", "no", "no"]);
    let unified = "--- a\n+++ b\n@@ -1 +1 @@\n-x\n+y";
    assert_eq!(ran_of("diff -u a b && mv a b", unified), vec!["yes", "no"]);
    assert_eq!(
        ran_of("diff -q a b && mv a b", "Files a and b differ"),
        vec!["yes", "no"]
    );
    // No difference printed, a command printing before it, or its output sent to a file.
    for (script, out) in [
        ("diff a b && mv a b", ""),
        ("ls && diff a b && mv a b", "1c1\n< x\n---\n> y"),
        ("diff a b > d.patch && mv a b", "1c1"),
        ("diff a b && mv a b", "1c1x"),
    ] {
        assert!(ran_of(script, out).iter().all(|r| r == "yes"), "{script}");
    }
}

#[test]
fn an_exit_code_of_zero_undoes_the_reading() {
    // The last pipeline would have been skipped, so the command's status would not be 0.
    let out = "cat: a.py: No such file or directory\n[Command finished with exit code 0]";
    assert_eq!(ran_of("cat a.py && cat b.py", out), vec!["yes", "yes"]);
    let out = "cat: a.py: No such file or directory\n[Command finished with exit code 1]";
    assert_eq!(ran_of("cat a.py && cat b.py", out), vec!["yes", "no"]);
    // mini-swe-agent's `<returncode>`, and its `<output>` wrapper before a diff's lines.
    let out =
        "<returncode>0</returncode>\n<output>\ncat: a.py: No such file or directory\n</output>";
    assert_eq!(ran_of("cat a.py && cat b.py", out), vec!["yes", "yes"]);
    let out = "<returncode>1</returncode>\n<output>\nFiles a and b differ\n</output>";
    assert_eq!(
        ran_of("cd /testbed && diff -q a b && rm a", out),
        vec!["yes", "yes", "no"]
    );
}

#[test]
fn joins_follow_line_breaks_after_an_operator() {
    let joins: Vec<Joined> = parse("a &&\nb || c; d\ne & f")
        .iter()
        .map(|p| p.joined)
        .collect();
    use Joined::*;
    assert_eq!(joins, vec![Always, And, Or, Always, Always, Always]);
}
