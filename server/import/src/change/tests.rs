//! A run's change on a small in-memory repository: what the replay rebuilds as a patch, and
//! every kind of loss it names (a write it cannot replay and the edits after it, an edit of a
//! file not in the workspace, a command that may change any file, a script's writes).

use crate::replay::EditOp;
use crate::session::{Action, Op, Session};
use crate::{paths::Roots, FileProvider, NoFiles};
use std::collections::BTreeMap;

fn repo() -> BTreeMap<String, String> {
    let mut m = BTreeMap::new();
    m.insert("a.py".into(), (1..=8).map(|i| format!("a{i}\n")).collect());
    m.insert("b.py".into(), "b1\nb2\n".into());
    m
}

fn act(turn: u32, command: &str, op: Op) -> Action {
    Action {
        turn,
        step: turn,
        tool: "t".into(),
        command: command.into(),
        op,
        output: Some(String::new()),
    }
}

fn bash(turn: u32, script: &str) -> Action {
    let op = Op::Bash {
        script: script.into(),
    };
    act(turn, script, op)
}

fn edit(turn: u32, path: &str, edit: EditOp) -> Action {
    let op = Op::Edit {
        path: path.into(),
        edit,
        shows: None,
    };
    act(turn, "edit", op)
}

fn replace(turn: u32, path: &str, old: &str, new: &str) -> Action {
    let (old, new) = (old.into(), new.into());
    edit(turn, path, EditOp::StrReplace { old, new })
}

/// (patch, losses as `path|*: what`) after `actions`.
fn change(files: &dyn FileProvider, actions: &[Action]) -> Option<(String, Vec<String>)> {
    let mut roots = Roots::new();
    roots.add("/repo");
    let mut s = Session::new("t", "r", roots, "/repo", files);
    for a in actions {
        s.apply(a);
    }
    let r = s.change().replayed?;
    Some((r.patch, r.partial.iter().map(|l| l.sentence()).collect()))
}

#[test]
fn edits_replayed_into_one_patch_with_new_files() {
    let (patch, lost) = change(
        &repo(),
        &[
            replace(1, "/repo/a.py", "a3", "A3"),
            edit(2, "/repo/new.py", EditOp::Create { text: "x\n".into() }),
            replace(3, "/repo/new.py", "x", "y"),
            bash(4, "cat > /repo/gen.txt << 'EOF'\nhello\nEOF"),
        ],
    )
    .unwrap();
    assert!(lost.is_empty(), "{lost:?}");
    assert!(patch.contains("--- a/a.py\n+++ b/a.py\n@@ -1,6 +1,6 @@\n a1\n a2\n-a3\n+A3\n"));
    assert!(
        patch.contains("--- /dev/null\n+++ b/new.py\n@@ -0,0 +1 @@\n+y\n"),
        "{patch}"
    );
    assert!(
        patch.contains("+++ b/gen.txt\n@@ -0,0 +1 @@\n+hello\n"),
        "{patch}"
    );
}

#[test]
fn a_replayed_sed_i_is_in_the_change_and_later_edits_follow_it() {
    // Session 36: `sed -i` of the forms readcov runs as GNU sed does is an edit like any other
    // (before, a.py was lost: "written by `sed -i …`; 2 later write(s) not replayed").
    let (patch, lost) = change(
        &repo(),
        &[
            replace(1, "a.py", "a1", "A1"),
            bash(2, "sed -i -e 's/a2/X/' -e '7d' a.py"),
            replace(3, "a.py", "a4", "A4"),
        ],
    )
    .unwrap();
    assert!(lost.is_empty(), "{lost:?}");
    assert!(
        patch.contains("-a1\n-a2\n+A1\n+X\n a3\n-a4\n+A4\n a5\n a6\n-a7\n a8\n"),
        "{patch}"
    );
}

#[test]
fn a_write_it_cannot_replay_and_the_edits_after_it_are_named() {
    let (patch, lost) = change(
        &repo(),
        &[
            replace(1, "a.py", "a1", "A1"),
            bash(2, "sed -i 'y/a2/X3/' a.py"),
            replace(3, "a.py", "a4", "A4"),
            replace(4, "a.py", "a5", "A5"),
            replace(5, "b.py", "b1", "B1"),
            replace(6, "c.py", "c", "C"),
        ],
    )
    .unwrap();
    assert_eq!(
        lost,
        [
            "a.py: written by `sed -i 'y/a2/X3/' a.py` (turn 2); 2 later write(s) not replayed",
            "c.py: not in the workspace: 1 edit(s) not replayed",
        ]
    );
    // What could be followed is still written: b.py.
    assert!(
        patch.contains("+++ b/b.py\n") && !patch.contains("a.py"),
        "{patch}"
    );
}

#[test]
fn commands_that_may_change_any_file_and_scripts() {
    let (_, lost) = change(&repo(), &[bash(1, "git checkout -- .")]).unwrap();
    assert_eq!(
        lost,
        ["any file: written by `git checkout -- .` (turn 1), which may change any file"]
    );
    let script = "cat > fix.py << 'EOF'\nwith open('b.py', 'w') as f:\n    f.write('z')\nEOF";
    let (_, lost) = change(&repo(), &[bash(1, script), bash(2, "python fix.py")]).unwrap();
    assert_eq!(
        lost,
        ["b.py: written by the script of `python fix.py` (turn 2)"]
    );
    let (_, lost) = change(&repo(), &[bash(1, "python -c \"open(p, 'w')\"")]).unwrap();
    assert_eq!(lost.len(), 1);
    assert!(lost[0].starts_with("any file: `python -c"), "{lost:?}");
    // A script the run did not write (the repository's own) is taken not to write.
    assert!(change(&repo(), &[bash(1, "python a.py")])
        .unwrap()
        .1
        .is_empty());
}

#[test]
fn no_workspace_no_replay_but_the_logs_own_patch() {
    let mut roots = Roots::new();
    roots.add("/repo");
    let mut s = Session::new("t", "r", roots, "/repo", &NoFiles);
    s.submission = Some("diff".into());
    s.apply(&replace(1, "a.py", "a1", "A1"));
    let c = s.change();
    assert_eq!((c.replayed, c.submitted.as_deref()), (None, Some("diff")));
    assert_eq!(change(&NoFiles, &[]), None);
}
