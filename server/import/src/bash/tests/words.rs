//! Operands as bash expands them (session 38): `grep -n` over a glob without a workspace; every
//! output here is GNU grep 3.8's and every expansion bash 5.2's (LC_ALL=C) on the same tree
//! (`pkg/a.py`, `pkg/b.py`, `pkg/B.py`, `pkg/c.txt`).

use super::{bash, run_on, Got};
use crate::summary::Reason;
use std::collections::BTreeMap;

fn tree() -> BTreeMap<String, String> {
    BTreeMap::from([
        ("pkg/a.py".into(), "import os\nx = 1\n".into()),
        ("pkg/b.py".into(), "y = 2\nimport os\n".into()),
        ("pkg/B.py".into(), "import os\n".into()),
        ("pkg/c.txt".into(), "z\n".into()),
    ])
}

fn reads(workspace: bool, script: &str, out: &str) -> Got {
    run_on(&tree(), workspace, &[bash(1, script, out)], |_| true)
}

fn row(p: &str, s: u32, e: u32) -> (String, u32, u32) {
    (p.to_string(), s, e)
}

/// `grep -n os pkg/*.py` names each line's file when the glob matched several: without a
/// workspace those lines are read as `grep -rn`'s are, each of a file the glob matches. Before
/// session 38 nothing was read (*ambiguous output*).
#[test]
fn grep_n_over_a_glob_without_a_workspace_reads_its_path_lines() {
    let out = "pkg/B.py:1:import os\npkg/a.py:1:import os\npkg/b.py:2:import os\n";
    let want = vec![
        row("pkg/B.py", 1, 1),
        row("pkg/a.py", 1, 1),
        row("pkg/b.py", 2, 2),
    ];
    assert_eq!(reads(false, "grep -n os pkg/*.py", out).0, want);
    // As with the workspace, which expands the glob first.
    assert_eq!(reads(true, "grep -n os pkg/*.py", out).0, want);
    // One file with a match among several named still names it.
    let got = reads(false, "grep -n y pkg/*.py", "pkg/b.py:1:y = 2\n");
    assert_eq!(got.0, [row("pkg/b.py", 1, 1)]);
    // The glob matched one file: grep names none, and which file it was is unknown.
    let got = reads(false, "grep -n os pkg/a*.py", "1:import os\n");
    assert_eq!(got, (vec![], vec![Reason::AmbiguousOutput]));
    // `-h` drops the names.
    let got = reads(
        false,
        "grep -hn os pkg/*.py",
        "1:import os\n1:import os\n2:import os\n",
    );
    assert_eq!(got, (vec![], vec![Reason::AmbiguousOutput]));
}

/// Only the read rows of `actions`, and the skip reasons.
fn read_rows(workspace: bool, actions: &[crate::session::Action]) -> Got {
    let keep = |k| k == readcov_core::span::EventKind::Read;
    run_on(&tree(), workspace, actions, keep)
}

const A_NUMBERED: &str = "     1\timport os\n     2\tx = 1\n";

/// Braces expand before globbing (bash's order): `grep -n os pkg/{a,b}.py` is a grep over two
/// files, read by its `path:N:` lines; `cat -n pkg/a.{py,txt}` is `cat` of two files (*ambiguous
/// output*). Before session 38 the word was a file `pkg/{a,b}.py`: without a workspace the cat
/// was credited as a read of a file `pkg/a.{py,txt}`.
#[test]
fn braces_expand_into_words() {
    let out = "pkg/a.py:1:import os\npkg/b.py:2:import os\n";
    let want = vec![row("pkg/a.py", 1, 1), row("pkg/b.py", 2, 2)];
    for ws in [true, false] {
        assert_eq!(reads(ws, "grep -n os pkg/{a,b}.py", out).0, want, "{ws}");
        // a sequence, and a glob inside a brace: bash prints the same (no pkg/c*.py)
        let got = reads(ws, "grep -n os pkg/{a..b}.py pkg/c*.py", out);
        assert_eq!(got.0, want, "{ws}");
    }
    let cat = format!("{A_NUMBERED}cat: pkg/a.txt: No such file or directory\n");
    for ws in [true, false] {
        let got = reads(ws, "cat -n pkg/a.{py,txt}", &cat);
        assert_eq!(got, (vec![], vec![Reason::AmbiguousOutput]), "{ws}");
    }
    // Quoted or escaped braces are literal (`cat: 'pkg/{a,b}.py': No such file or directory`).
    for cmd in [r#"cat -n "pkg/{a,b}.py""#, r"cat -n pkg/\{a,b}.py"] {
        let got = reads(true, cmd, "");
        assert_eq!(got, (vec![], vec![Reason::NotInWorkspace]), "{cmd}");
    }
}

/// A write of a brace operand writes each word: `rm pkg/{a,b}.py` loses both files (before
/// session 38 a file `pkg/{a,b}.py`, and `pkg/a.py` was still read), and `sed -i` edits each
/// (before, it was refused and both files' texts were unknown: no edit row).
#[test]
fn a_write_of_braces_writes_each_word() {
    let rm = bash(1, "rm pkg/{a,b}.py", "");
    let cat = bash(2, "cat -n pkg/a.py", A_NUMBERED);
    let got = read_rows(true, &[rm, cat]);
    assert!(got.0.is_empty(), "{:?}", got.0);
    assert!(got.1.contains(&Reason::UnalignedAfterEdit), "{:?}", got.1);
    let sed = bash(1, "sed -i 's/os/sys/' pkg/{a,b}.py", "");
    let edits = run_on(&tree(), true, &[sed], |k| {
        k == readcov_core::span::EventKind::Edit
    });
    assert_eq!(edits.0, [row("pkg/a.py", 1, 1), row("pkg/b.py", 2, 2)]);
}

/// A quoted glob is never expanded: `'pkg/*.py'` names the file `pkg/*.py` (bash passes it as
/// written, whatever the tree holds). Before session 38 a glob in a word with quotes was
/// unknown unless a file had that name: `sed -i … 'pkg/*.py'` made every `pkg/*.py` file's text
/// unknown (the later `cat -n pkg/a.py` read nothing), and a read of it was *ambiguous output*.
#[test]
fn a_quoted_glob_is_the_literal_name() {
    let sed = bash(1, "sed -i 's/os/sys/' 'pkg/*.py'", "");
    let cat = bash(2, "cat -n pkg/a.py", A_NUMBERED);
    let got = read_rows(true, &[sed, cat]);
    assert_eq!(got.0, [row("pkg/a.py", 1, 2)]);
    let got = read_rows(false, &[bash(1, "cat -n 'pkg/*.py'", A_NUMBERED)]);
    assert_eq!(got.0, [row("pkg/*.py", 1, 2)]);
    // Quotes elsewhere in the word leave the glob bash's: `"pkg"/a*.py` is `pkg/a.py`.
    let got = read_rows(true, &[bash(1, r#"cat -n "pkg"/a*.py"#, A_NUMBERED)]);
    assert_eq!(got.0, [row("pkg/a.py", 1, 2)]);
}

/// `~` is HOME, which no log states: `cd ~` (or `cd`) leaves the cwd unknown, so a relative path
/// after it is outside every repository (before session 38 the cwd stayed where it was, and
/// `cd ~ && cat -n pkg/a.py` read the repository's file). `~+` is the cwd, and a quoted `~` a
/// folder of that name.
#[test]
fn a_tilde_is_home_unless_quoted() {
    for cmd in ["cd ~ && cat -n pkg/a.py", "cd && cat -n pkg/a.py"] {
        let got = read_rows(false, &[bash(1, cmd, A_NUMBERED)]);
        assert_eq!(got, (vec![], vec![Reason::OutsideRepo]), "{cmd}");
    }
    let got = read_rows(
        false,
        &[bash(1, "cd ~/x && cd pkg && cat -n a.py", A_NUMBERED)],
    );
    assert_eq!(got, (vec![], vec![Reason::OutsideRepo]));
    let got = read_rows(
        false,
        &[bash(1, "cd ~ && cd /repo && cat -n pkg/a.py", A_NUMBERED)],
    );
    assert_eq!(got.0, [row("pkg/a.py", 1, 2)]);
    let got = read_rows(false, &[bash(1, "cat -n ~+/pkg/a.py", A_NUMBERED)]);
    assert_eq!(got.0, [row("pkg/a.py", 1, 2)]);
    let got = read_rows(false, &[bash(1, "cat -n '~'/a.py", A_NUMBERED)]);
    assert_eq!(got.0, [row("~/a.py", 1, 2)]);
    let got = read_rows(false, &[bash(1, "cat -n ~/a.py", A_NUMBERED)]);
    assert_eq!(got, (vec![], vec![Reason::OutsideRepo]));
}

/// A read of a file named by a parameter or a command's output (`cat -n $F`, `"${d}/a.py"`,
/// `$(…)`, a relative path after `cd $REPO`): which file it was is not in the log, with a workspace
/// or without. Before session 38,
/// without a workspace, a file literally named `$F` was read (and with one it was *not in
/// workspace*).
#[test]
fn a_file_named_by_an_expansion_is_unknown() {
    let out = "     1\timport os\n     2\tx = 1\n";
    for ws in [false, true] {
        for s in [
            "cat -n $F",
            "cat -n \"$F\"",
            "cat -n ${F}",
            "cat -n pkg/$F.py",
            "F=pkg/a.py; cat -n $F",
            "cat -n $(echo pkg/a.py)",
            "nl -ba $1 | sed -n 1,2p",
            "cd $REPO && cat -n pkg/a.py",
            "cd \"$(git rev-parse --show-toplevel)\" && cat -n pkg/a.py",
        ] {
            let got = reads(ws, s, out);
            assert_eq!(got, (vec![], vec![Reason::AmbiguousOutput]), "{s} ws={ws}");
        }
    }
    // After `cd $REPO` an absolute path is still known (here outside the repository), and
    // a `cd` to a plain folder is followed as before.
    let got = reads(false, "cd $REPO && cat -n /etc/hosts", out);
    assert_eq!(got, (vec![], vec![Reason::OutsideRepo]));
    assert_eq!(
        reads(false, "cd pkg && cat -n a.py", out).0,
        [row("pkg/a.py", 1, 2)]
    );
    // A `$` bash does not expand (before a space, at the end) is part of the name.
    assert_eq!(
        reads(false, "cat -n 'pkg/a$'", out).0,
        [row("pkg/a$", 1, 2)]
    );
}
