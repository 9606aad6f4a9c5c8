//! `sed -i` of a glob operand and of lines the agent wrote, and other commands' glob operands
//! (session 37), on a small in-memory repository; every expansion checked with `bash -c 'echo …'` (GNU bash 5.2, LC_ALL=C) and every
//! edited text with GNU sed 4.9 on the same tree (scripts/import_oracle_shell_sedi.py runs them).

use crate::paths::Roots;
use crate::replay::EditOp;
use crate::session::{Action, Op, Session};
use crate::summary::Reason;
use crate::FileProvider;
use readcov_core::span::EventKind;
use std::collections::BTreeMap;

fn repo() -> BTreeMap<String, String> {
    let mut m = BTreeMap::new();
    m.insert("pkg/a.py".into(), "import os\nx = 1\n".into());
    m.insert("pkg/b.py".into(), "y = 2\nimport os\n".into());
    m.insert("pkg/B.py".into(), "import os\n".into());
    m.insert("pkg/.h.py".into(), "import os\n".into());
    m.insert("pkg/c.txt".into(), "import os\n".into());
    m.insert("pkg/sub/d.py".into(), "import os\n".into());
    m.insert("m.py".into(), (1..=6).map(|i| format!("m{i}\n")).collect());
    m
}

fn act(turn: u32, op: Op, output: &str) -> Action {
    Action {
        turn,
        step: turn,
        tool: "t".into(),
        command: match &op {
            Op::Bash { script } => script.clone(),
            _ => "edit".into(),
        },
        op,
        output: Some(output.into()),
    }
}

fn bash(turn: u32, script: &str, output: &str) -> Action {
    act(
        turn,
        Op::Bash {
            script: script.into(),
        },
        output,
    )
}

fn replace(turn: u32, path: &str, old: &str, new: &str) -> Action {
    let edit = EditOp::StrReplace {
        old: old.into(),
        new: new.into(),
    };
    let op = Op::Edit {
        path: path.into(),
        edit,
        shows: None,
    };
    act(turn, op, "")
}

/// What a run gave.
#[derive(Debug, Default)]
struct Got {
    /// (path, start, end) of the edit rows, in order.
    edits: Vec<(String, u32, u32)>,
    reads: Vec<(String, u32, u32)>,
    skipped: Vec<Reason>,
    /// The replayed change's patch and its losses (`None` without a workspace).
    patch: Option<(String, Vec<String>)>,
}

fn run(files: &dyn FileProvider, actions: &[Action]) -> Got {
    let mut roots = Roots::new();
    roots.add("/repo");
    let mut s = Session::new("t", "r", roots, "/repo", files);
    for a in actions {
        s.apply(a);
    }
    let (rows, summary, _, change) = s.finish();
    let mut got = Got::default();
    for r in rows {
        let row = (r.path, r.start, r.end);
        match r.kind {
            EventKind::Edit => got.edits.push(row),
            _ => got.reads.push(row),
        }
    }
    got.skipped = summary.skipped.into_keys().collect();
    got.patch = change
        .replayed
        .map(|r| (r.patch, r.partial.iter().map(|l| l.sentence()).collect()));
    got
}

fn row(p: &str, s: u32, e: u32) -> (String, u32, u32) {
    (p.to_string(), s, e)
}

/// `sed -i 's/os/sys/' pkg/*.py` edits the files bash passes: `pkg/B.py pkg/a.py pkg/b.py` (C
/// collation: upper case first; not `.h.py`, `c.txt` or the folder's `sub/d.py`). Before session
/// 37 the operand was a file named `pkg/*.py`: no edit row, the change listing `pkg/*.py` as
/// written and the three files' texts left as they were.
#[test]
fn a_glob_operand_edits_each_file_bash_passes() {
    let got = run(
        &repo(),
        &[
            bash(1, "sed -i 's/os/sys/' pkg/*.py", ""),
            bash(2, "cat -n pkg/b.py", "     1\ty = 2\n     2\timport sys\n"),
        ],
    );
    assert_eq!(
        got.edits,
        [
            row("pkg/B.py", 1, 1),
            row("pkg/a.py", 1, 1),
            row("pkg/b.py", 2, 2)
        ]
    );
    // line 2 is the agent's now (sed rewrote it): only line 1 is a base line read
    assert_eq!(got.reads, [row("pkg/b.py", 1, 1)]);
    let (patch, lost) = got.patch.unwrap();
    assert!(lost.is_empty(), "{lost:?}");
    for f in ["pkg/B.py", "pkg/a.py", "pkg/b.py"] {
        assert!(patch.contains(&format!("+++ b/{f}")), "{f} in {patch}");
    }
    for f in ["pkg/.h.py", "pkg/c.txt", "pkg/sub/d.py", "*"] {
        assert!(!patch.contains(&format!("+++ b/{f}")), "{f} in {patch}");
    }
    // `**` is `*` (no globstar), `?` and brackets as bash matches them.
    let got = run(
        &repo(),
        &[bash(1, "sed -i 's/os/sys/' pk?/**/[a-d].py", "")],
    );
    assert_eq!(got.edits, [row("pkg/sub/d.py", 1, 1)]);
}

/// A glob that matches nothing is passed as written: sed cannot read it and writes nothing (no
/// file of that literal name in the change, as before session 37); a file of that very name is
/// edited.
#[test]
fn a_glob_matching_nothing_is_the_word_as_written() {
    let out = "sed: can't read pkg/*.rs: No such file or directory\n";
    let got = run(&repo(), &[bash(1, "sed -i 's/os/sys/' pkg/*.rs", out)]);
    assert!(got.edits.is_empty());
    assert_eq!(got.patch, Some((String::new(), vec![])));
    let mut odd = repo();
    odd.insert("pkg/*.rs".into(), "import os\n".into());
    let got = run(&odd, &[bash(1, "sed -i 's/os/sys/' pkg/*.rs", "")]);
    assert_eq!(got.edits, [row("pkg/*.rs", 1, 1)]);
}

/// GNU sed stops at a folder operand ("couldn't edit pkg/0: not a regular file", exit 4): the
/// files after it in bash's order are not edited (before, the folder was a file lost).
#[test]
fn sed_stops_at_a_folder_the_glob_matched() {
    let mut files = repo();
    files.insert("pkg/0/z.py".into(), "import os\n".into());
    let got = run(&files, &[bash(1, "sed -i 's/os/sys/' pkg/*", "")]);
    assert!(got.edits.is_empty(), "{:?}", got.edits);
    assert_eq!(got.patch, Some((String::new(), vec![])));
}

/// Without a workspace the files a glob matched are unknown: each file it matches, seen before
/// or first seen after, has unknown text (a later numbered read of it is *unaligned after edit*,
/// never mapped as if unchanged; before session 37 `pkg/a.py` was read as the base file).
#[test]
fn without_a_workspace_every_file_the_glob_may_match_is_unknown() {
    let cat = |t, f: &str| {
        bash(
            t,
            &format!("cat -n {f}"),
            "     1\timport sys\n     2\tx = 1\n",
        )
    };
    let got = run(
        &crate::NoFiles,
        &[
            cat(1, "pkg/b.py"),
            bash(2, "sed -i '1d' pkg/*.py", ""),
            cat(3, "pkg/a.py"),
            cat(4, "pkg/b.py"),
            cat(5, "m.py"),
        ],
    );
    assert_eq!(got.reads, [row("pkg/b.py", 1, 2), row("m.py", 1, 2)]);
    assert!(
        got.skipped.contains(&Reason::UnalignedAfterEdit),
        "{:?}",
        got.skipped
    );
}

/// Other writes of a glob operand (`truncate`, `rm`, `mv`, `tee`) lose the files it matches, not
/// a file of the glob's literal name (before, `pkg/a.py` was still read as the base file).
#[test]
fn other_writes_of_a_glob_lose_the_files_it_matches() {
    let got = run(
        &repo(),
        &[
            bash(1, "echo x | tee pkg/[ab].py", "x\n"),
            bash(2, "cat -n pkg/a.py", "     1\timport os\n     2\tx = 1\n"),
        ],
    );
    assert!(got.reads.is_empty());
    assert!(
        got.skipped.contains(&Reason::UnalignedAfterEdit),
        "{:?}",
        got.skipped
    );
    let lost = got.patch.unwrap().1;
    assert_eq!(lost.len(), 2, "{lost:?}");
    assert!(
        lost[0].starts_with("pkg/a.py: written by `echo x | tee"),
        "{lost:?}"
    );
    assert!(
        lost[1].starts_with("pkg/b.py: written by `echo x | tee"),
        "{lost:?}"
    );
}

/// A `sed -i` of a line the agent wrote points at the base line before it, as a `str_replace`
/// of that line does (before session 37 it gave no edit row): the agent adds a line after m2,
/// then renames in it with `sed -i`.
#[test]
fn a_sed_of_a_line_the_agent_wrote_is_placed_on_the_base_line_before_it() {
    let add = replace(1, "m.py", "m2\n", "m2\n    log(x)\n");
    let sed = run(
        &repo(),
        &[add.clone(), bash(2, "sed -i 's/log(x)/log(y)/' m.py", "")],
    );
    let by_replace = run(
        &repo(),
        &[add.clone(), replace(2, "m.py", "log(x)", "log(y)")],
    );
    assert_eq!(sed.edits, [row("m.py", 2, 2), row("m.py", 2, 2)]);
    assert_eq!(sed.edits, by_replace.edits);
    // Deleting it, or adding after it (`p`), is placed there too; a base line changed beside it
    // is its own row.
    let del = run(&repo(), &[add.clone(), bash(2, "sed -i '/log/d' m.py", "")]);
    assert_eq!(del.edits, [row("m.py", 2, 2), row("m.py", 2, 2)]);
    let both = run(
        &repo(),
        &[add.clone(), bash(2, "sed -i 's/^/#/;4,$d' m.py", "")],
    );
    assert_eq!(both.edits, [row("m.py", 2, 2), row("m.py", 1, 6)]);
    // A file the run created has no base line: no row, as for a `str_replace` of it.
    let new = run(
        &repo(),
        &[
            bash(1, "cat > n.py << 'EOF'\nlog(x)\nEOF", ""),
            bash(2, "sed -i 's/x/y/' n.py", ""),
        ],
    );
    assert!(new.edits.is_empty(), "{:?}", new.edits);
}

/// A read of a glob reads what bash passed: one file is that file's read, several are `path:N:`
/// lines (`grep -n`) or a concatenation (`cat`: *ambiguous output*, as `cat a b`). Before
/// session 37 the operand was a file `pkg/a*.py`: with a workspace *not in workspace* and no row;
/// without one a row for a file `pkg/a*.py` that does not exist (now nothing: which files it
/// read is unknown).
#[test]
fn a_read_of_a_glob_reads_the_files_bash_passed() {
    let numbered = "     1\timport os\n     2\tx = 1\n";
    let got = run(&repo(), &[bash(1, "cat -n pkg/a*.py", numbered)]);
    assert_eq!(got.reads, [row("pkg/a.py", 1, 2)]);
    let got = run(&repo(), &[bash(1, "head -1 pkg/?.py", "import os\n")]);
    assert!(got.reads.is_empty(), "three files: {:?}", got.reads);
    let out = "pkg/B.py:1:import os\npkg/a.py:1:import os\npkg/b.py:2:import os\n";
    let got = run(&repo(), &[bash(1, "grep -n os pkg/*.py", out)]);
    assert_eq!(
        got.reads,
        [
            row("pkg/B.py", 1, 1),
            row("pkg/a.py", 1, 1),
            row("pkg/b.py", 2, 2)
        ]
    );
    let got = run(
        &repo(),
        &[bash(
            1,
            "cat pkg/[ab].py",
            "import os\nx = 1\ny = 2\nimport os\n",
        )],
    );
    assert!(got.reads.is_empty());
    assert!(
        got.skipped.contains(&Reason::AmbiguousOutput),
        "{:?}",
        got.skipped
    );
    for cmd in ["cat pkg/a*.py", "cat -n pkg/a*.py"] {
        let got = run(&crate::NoFiles, &[bash(1, cmd, numbered)]);
        assert!(got.reads.is_empty(), "{cmd}: {:?}", got.reads);
        assert_eq!(got.skipped, [Reason::AmbiguousOutput], "{cmd}");
    }
}
