//! Session 31: an `echo` of plain words beside a read prints exactly its words on one line; found
//! where it ran (the output's first lines for one before the read, its last for one after), its
//! lines are taken off and the rest is the read's own (docs/importers.md, "What counts as a read").

use super::{bash, lines, oh_cut, rows, run};
use crate::summary::Reason;

#[test]
fn a_plain_echo_beside_a_bounded_read_is_no_line_of_the_file() {
    // The Limits entry of session 30: `echo x && head -n 50 a.py` of a 20-line file showed 21
    // lines, and without the workspace credited 1-21, one past the file's end.
    let out = format!("start\n{}", lines(1, 20));
    for cmd in [
        "echo start && head -n 50 a.py",
        "echo 'start' ; sed -n '1,50p' a.py",
    ] {
        for ws in [false, true] {
            assert_eq!(
                run(ws, &[bash(0, cmd, &out)]).0,
                rows(&[(1, 20)]),
                "{cmd} {ws}"
            );
        }
    }
    // After the read, and on both sides.
    let out = format!("== a ==\n{}done\n", lines(1, 20));
    let cmd = "echo '== a ==' && head -n 50 a.py && echo done";
    assert_eq!(run(false, &[bash(0, cmd, &out)]).0, rows(&[(1, 20)]));
    // A whole-file read beside it: the rest of the output is the file (before: file length unknown).
    let out = format!("x\n{}", lines(1, 20));
    assert_eq!(
        run(false, &[bash(0, "echo x && cat a.py", &out)]).0,
        rows(&[(1, 20)])
    );
    // Cut: the head after the echo's line is the file's first lines.
    let out = format!("{}done\n", oh_cut((1, 4), (20, 20)));
    let (got, _) = run(false, &[bash(0, "cat a.py && echo done", &out)]);
    assert_eq!(got, rows(&[(1, 4)]));
    assert_eq!(
        run(true, &[bash(0, "cat a.py && echo done", &out)]).0,
        rows(&[(1, 4), (20, 20)])
    );
}

#[test]
fn an_echo_readcov_cannot_know_keeps_the_old_rule() {
    // `$HOME`, `-n`, `-e`, a glob: the line is not known; one not where it ran (the output does
    // not open with it) neither. The output's count is then not the read's.
    let out = format!("x\n{}", lines(1, 20));
    for cmd in [
        "echo $X && cat a.py",
        "echo -n x && cat a.py",
        "echo -e 'x' && cat a.py",
        "echo x* && cat a.py",
        "echo y && cat a.py",
        "echo x && ls && cat a.py",
    ] {
        let (got, why) = run(false, &[bash(0, cmd, &out)]);
        assert!(got.is_empty(), "{cmd}: {got:?}");
        assert_eq!(why, vec![Reason::UnknownLength], "{cmd}");
    }
    // A bounded read keeps its span trimmed to the output's count (the Limits entry).
    let out = format!("a\nb\n{}", lines(1, 20));
    assert_eq!(
        run(false, &[bash(0, "ls && head -n 50 a.py", &out)]).0,
        rows(&[(1, 22)])
    );
}
