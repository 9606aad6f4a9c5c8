//! Session 39's forms, each from a real command where one exists: wrapper words before a command
//! (`sudo mv`, gsmoon97/swe-agent-eval's OpenHands run of matplotlib-22719), a write to a file
//! named by a parameter, and `cd -`. Outputs as bash 5.2 and GNU coreutils 9.1 print them.

use super::bash;
use super::two_files::{read_rows, row, tree, A_NUMBERED};
use crate::summary::Reason;

/// `sudo mv units.py.new units.py` (matplotlib-22719, step 32) overwrites the file as `mv` does:
/// a later read of it is *unaligned after edit*. Before session 39 the write went unseen (the
/// command was `sudo`) and the stale text was read: here `cat -n pkg/a.py` credited 1–2.
#[test]
fn a_write_behind_sudo_or_assignments_is_seen() {
    for cmd in [
        "chmod 644 pkg/b.py && sudo mv pkg/b.py pkg/a.py",
        "sudo -E cp pkg/b.py pkg/a.py",
        "LC_ALL=C sed -i 's/os/sys/;s/x/z/' pkg/a.py pkg/b.py && sudo rm pkg/a.py",
        "timeout 5 tee pkg/a.py < pkg/b.py",
    ] {
        let acts = [bash(1, cmd, ""), bash(2, "cat -n pkg/a.py", A_NUMBERED)];
        let got = read_rows(true, &acts);
        assert!(got.0.is_empty(), "{cmd}: {:?}", got.0);
        assert!(
            got.1.contains(&Reason::UnalignedAfterEdit),
            "{cmd}: {:?}",
            got.1
        );
    }
    // And a read behind them is a read.
    for cmd in ["sudo cat -n pkg/a.py", "env -i LC_ALL=C cat -n pkg/a.py"] {
        assert_eq!(
            read_rows(false, &[bash(1, cmd, A_NUMBERED)]).0,
            [row("pkg/a.py", 1, 2)]
        );
    }
}

/// A write to a file named by a parameter names no file of the log: nothing is lost to the reads
/// (`pkg/a.py` is still read after `> $OUT`), the change says what was written where. Before
/// session 39 it wrote a file literally named `$OUT` (in the change as `$OUT (new file)`).
#[test]
fn a_write_to_a_parameter_writes_no_file_of_that_name() {
    let acts = [
        bash(
            1,
            "python -m pytest > $OUT; rm \"$F\"; cd $REPO && echo x > a.py",
            "",
        ),
        bash(2, "cat -n /repo/pkg/a.py", A_NUMBERED),
    ];
    assert_eq!(read_rows(true, &acts).0, [row("pkg/a.py", 1, 2)]);
    let lost = change(&acts).1;
    assert_eq!(lost.len(), 3, "{lost:?}");
    assert!(
        lost[0].starts_with("any file: written by `python -m pytest"),
        "{lost:?}"
    );
    assert!(lost[0].ends_with("to `$OUT`, a file the command names only when it runs"));
    assert!(
        lost[1].contains("to `$F`") && lost[2].contains("to `a.py`"),
        "{lost:?}"
    );
    // A here-document into `$F` creates no file `$F` in the replayed change.
    let (patch, lost) = change(&[bash(1, "cat > $F << 'EOF'\nz\nEOF", "")]);
    assert_eq!((patch.as_str(), lost.len()), ("", 1), "{lost:?}");
}

/// (patch, losses) of the run's replayed change on [`tree`].
fn change(actions: &[crate::session::Action]) -> (String, Vec<String>) {
    let mut roots = crate::paths::Roots::new();
    roots.add("/repo");
    let files = tree();
    let mut s = crate::session::Session::new("t", "r", roots, "/repo", &files);
    for a in actions {
        s.apply(a);
    }
    let r = s.change().replayed.expect("a workspace");
    (r.patch, r.partial.iter().map(|l| l.sentence()).collect())
}

/// `cd -` goes back to the folder before the last `cd` and prints it (bash 5.2: `cd /repo/pkg &&
/// cd /tmp && cd - && cat -n a.py` prints `/repo/pkg` then the file). Its `$OLDPWD` is known after
/// a `cd` of the same command; before one it is in no log: a relative path after it is
/// *ambiguous output*. Before session 39 the cwd stayed where it was (`cd pkg && cd - && cat -n
/// pkg/a.py` read nothing: `pkg/pkg/a.py`), and without a workspace the printed folder was taken
/// for a line of the file (`cd - && cat pkg/a.py` credited 1–3 of a 2-line file).
#[test]
fn cd_minus_goes_back_and_prints_the_folder() {
    let out = "/repo\n     1\timport os\n     2\tx = 1\n";
    let got = read_rows(true, &[bash(1, "cd pkg && cd - && cat -n pkg/a.py", out)]);
    assert_eq!(got.0, [row("pkg/a.py", 1, 2)]);
    let out = "/repo/pkg\nimport os\nx = 1\n";
    let got = read_rows(
        false,
        &[bash(1, "cd /repo/pkg && cd /tmp && cd - && cat a.py", out)],
    );
    assert_eq!(got.0, [row("pkg/a.py", 1, 2)]);
    // Its output sent away prints nothing.
    let out = "import os\nx = 1\n";
    let cmd = "cd pkg && cd /tmp && cd - > /dev/null && cat a.py";
    assert_eq!(
        read_rows(false, &[bash(1, cmd, out)]).0,
        [row("pkg/a.py", 1, 2)]
    );
    // No `cd` before it in the command: `$OLDPWD` is unknown.
    let out = "/somewhere\nimport os\nx = 1\n";
    for cmd in ["cd - && cat pkg/a.py", "cd - && cd .. && cat -n a.py"] {
        let got = read_rows(false, &[bash(1, cmd, out)]);
        assert_eq!(got, (vec![], vec![Reason::AmbiguousOutput]), "{cmd}");
    }
    // An absolute path after it is known.
    let out = format!("/somewhere\n{A_NUMBERED}");
    let got = read_rows(false, &[bash(1, "cd - && cat -n /repo/pkg/a.py", &out)]);
    assert_eq!(got.0, [row("pkg/a.py", 1, 2)]);
}

/// `rg -n "LMSTUDIO" -n '.env.local.example'` (the shipped Codex rollout of AcidicSoil/codex-session-view,
/// step 12) printed `9:NEXT_PUBLIC_LMSTUDIO_URL=…`: rg given one file names no path, a hidden one
/// too (ripgrep 14: it skips hidden files only when it walks a folder). Before session 39 the name
/// (no `.` past its first character) was taken for a folder and nothing was read.
#[test]
fn rg_n_of_one_hidden_file_reads_its_lines() {
    let out = "9:NEXT_PUBLIC_LMSTUDIO_URL=http://localhost:1234\n";
    for cmd in [
        "rg -n \"LMSTUDIO\" -n '.env.local.example'",
        "grep -rn LMSTUDIO .env.local.example",
    ] {
        let got = read_rows(false, &[bash(1, cmd, out)]);
        assert_eq!(got.0, [row(".env.local.example", 9, 9)], "{cmd}");
    }
    // A folder prints each line's path, as before.
    let got = read_rows(false, &[bash(1, "rg -n os pkg", "pkg/a.py:1:import os\n")]);
    assert_eq!(got.0, [row("pkg/a.py", 1, 1)]);
}

/// A wrapper the container lacks runs nothing: `sudo sed -i …` printing `/bin/bash: line 21937:
/// sudo: command not found` (multi-swe-bench/experiments, SWE-agent doubao-pro-128k,
/// fasterxml__jackson-databind-4050, step 25) edits no file, so a later read of the file is of
/// its text as it was. With the wrapper taken off regardless (session 39's first cut), the `sed -i`
/// was replayed and the read after it credited nothing.
#[test]
fn a_wrapper_that_is_not_installed_runs_nothing() {
    for (cmd, out) in [
        (
            "sudo sed -i 's/os/sys/' pkg/a.py",
            "/bin/bash: line 21937: sudo: command not found\n",
        ),
        ("sudo mv pkg/b.py pkg/a.py", "sh: 1: sudo: not found\n"),
    ] {
        let acts = [bash(1, cmd, out), bash(2, "cat -n pkg/a.py", A_NUMBERED)];
        assert_eq!(read_rows(true, &acts).0, [row("pkg/a.py", 1, 2)], "{cmd}");
    }
}
