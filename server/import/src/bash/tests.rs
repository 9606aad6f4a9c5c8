//! What a shell read credits, checked against the real tools' outputs to a pipe (an agent's
//! shell has no terminal): util-linux 2.38.1 `more`, GNU coreutils `cat`/`head`/`tail`, bat 0.22.1.

use crate::paths::Roots;
use crate::session::{Action, Op, Session};
use crate::summary::Reason;
use readcov_core::span::EventKind;
use std::collections::BTreeMap;

/// `a.py` has 20 lines `a1` … `a20`.
fn repo() -> BTreeMap<String, String> {
    let mut m = BTreeMap::new();
    m.insert(
        "a.py".to_string(),
        (1..=20).map(|i| format!("a{i}\n")).collect(),
    );
    m
}

fn bash(step: u32, script: &str, output: &str) -> Action {
    Action {
        turn: step,
        step,
        tool: "t".into(),
        command: script.into(),
        op: Op::Bash {
            script: script.into(),
        },
        output: Some(output.to_string()),
    }
}

/// Rows (path, start, end) and the skip reasons.
type Got = (Vec<(String, u32, u32)>, Vec<Reason>);

/// The rows of the kinds `keep` takes and the skip reasons of `actions` run in `/repo`, with
/// `files` as its workspace or with none.
fn run_on(
    files: &BTreeMap<String, String>,
    workspace: bool,
    actions: &[Action],
    keep: fn(EventKind) -> bool,
) -> Got {
    match workspace {
        true => run_with(files, actions, keep),
        false => run_with(&crate::NoFiles, actions, keep),
    }
}

/// The read rows and skip reasons of `actions` on the workspace `files`.
fn run_on_provider(files: &dyn crate::FileProvider, actions: &[Action]) -> Got {
    run_with(files, actions, |k| k == EventKind::Read)
}

fn run_with(
    files: &dyn crate::FileProvider,
    actions: &[Action],
    keep: fn(EventKind) -> bool,
) -> Got {
    let mut roots = Roots::new();
    roots.add("/repo");
    let mut s = Session::new("t", "r", roots, "/repo", files);
    for a in actions {
        s.apply(a);
    }
    let (rows, summary, _, _) = s.finish();
    let rows = rows
        .into_iter()
        .filter(|r| keep(r.kind))
        .map(|r| (r.path, r.start, r.end))
        .collect();
    (rows, summary.skipped.into_keys().collect())
}

/// The lines credited (read and edit rows) and the skip reasons, on [`repo`].
fn run(workspace: bool, actions: &[Action]) -> Got {
    run_on(&repo(), workspace, actions, |_| true)
}

fn lines(from: u32, to: u32) -> String {
    (from..=to).map(|i| format!("a{i}\n")).collect()
}

fn rows(v: &[(u32, u32)]) -> Vec<(String, u32, u32)> {
    v.iter()
        .map(|(s, e)| ("a.py".to_string(), *s, *e))
        .collect()
}

const RULE: &str = "::::::::::::::";

#[test]
fn more_to_a_pipe_prints_a_banner_that_is_no_line_of_the_file() {
    // `more a.py | cat` (util-linux 2.38.1): the banner, then the file. Before session 28 the
    // banner was three lines of the file: 1–23 without a workspace, and a cut output credited
    // 3 lines past what it showed.
    let whole = format!("{RULE}\na.py\n{RULE}\n{}", lines(1, 20));
    let cut = format!(
        "{RULE}\na.py\n{RULE}\n{}[... Observation truncated due to length ...]\n{}",
        lines(1, 5),
        lines(18, 20)
    );
    for ws in [false, true] {
        assert_eq!(
            run(ws, &[bash(0, "more a.py", &whole)]).0,
            rows(&[(1, 20)]),
            "{ws}"
        );
    }
    assert_eq!(
        run(true, &[bash(0, "more -d a.py", &cut)]).0,
        rows(&[(1, 5), (18, 20)])
    );
    // A `more` without the banner (another version) is read as the file.
    assert_eq!(
        run(false, &[bash(0, "more a.py", &lines(1, 20))]).0,
        rows(&[(1, 20)])
    );
}

#[test]
fn more_with_a_later_stage_or_a_start_reads_nothing() {
    // The banner is in the stream `head` counts: `more a.py | head -5` shows lines 1–2 (before
    // session 28: 1–5). `more +5` starts at line 1 with no terminal in 2.38.1, at line 5 elsewhere.
    let head = format!("{RULE}\na.py\n{RULE}\n{}", lines(1, 2));
    let (got, why) = run(true, &[bash(0, "more a.py | head -5", &head)]);
    assert!(got.is_empty(), "{got:?}");
    assert_eq!(why, vec![Reason::NoLineNumbers]);
    let plus = format!("{RULE}\na.py\n{RULE}\n{}", lines(1, 20));
    assert!(run(true, &[bash(0, "more +5 a.py", &plus)]).0.is_empty());
}

#[test]
fn head_v_prints_a_header_line() {
    // GNU `head -v -n 3 a.py`: `==> a.py <==`, then 3 lines; cut to 2 shown lines, 1 is the file's.
    let cut = "==> a.py <==\na1\n<response clipped>";
    assert_eq!(
        run(true, &[bash(0, "head -v -n 3 a.py", cut)]).0,
        rows(&[(1, 1)])
    );
}

#[test]
fn cat_squeeze_and_number_nonblank() {
    // `cat -s` squeezes blank runs, so places move; `cat -b` numbers non-blank lines only.
    // Before session 28 `cat -bn`'s numbers were read as line numbers, and `cat -s` as `cat`.
    let (got, why) = run(false, &[bash(0, "cat -s a.py", &lines(1, 20))]);
    assert!(got.is_empty(), "{got:?}");
    assert_eq!(why, vec![Reason::NoLineNumbers]);
    // `cat -bn` of a file whose line 2 is blank: its `2` is line 3 (old: line 2 was credited).
    let numbered = "     1\ta1\n\n     2\ta3\n";
    for cmd in [
        "cat -bn a.py",
        "cat -b a.py",
        "cat --number-nonblank -n a.py",
    ] {
        assert_eq!(
            run(false, &[bash(0, cmd, numbered)]).0,
            rows(&[(1, 3)]),
            "{cmd}"
        );
    }
}

#[test]
fn bat_line_range_is_read() {
    // bat 0.22.1 to a pipe: `-r 5:7` prints lines 5–7 (before session 28 `--line-range=5:7` read
    // 1–3 and `-r 5:7` nothing); `--decorations=always` prints a grid: nothing.
    for cmd in [
        "bat -r 5:7 a.py",
        "bat --line-range=5:7 a.py",
        "bat -n -r5:+2 a.py",
    ] {
        assert_eq!(
            run(true, &[bash(0, cmd, &lines(5, 7))]).0,
            rows(&[(5, 7)]),
            "{cmd}"
        );
        assert_eq!(
            run(false, &[bash(0, cmd, &lines(5, 7))]).0,
            rows(&[(5, 7)]),
            "{cmd}"
        );
    }
    assert!(run(
        true,
        &[bash(0, "bat --decorations=always a.py", &lines(1, 20))]
    )
    .0
    .is_empty());
}

#[test]
fn more_and_bat_errors_show_no_line() {
    // Before session 28, without a workspace, these messages were line 1 of the file.
    for (cmd, out) in [
        ("more src", "\n*** src: directory ***\n\n"),
        (
            "bat x.py",
            "[bat error]: 'x.py': No such file or directory (os error 2)\n",
        ),
        (
            "bat src",
            "\u{1b}[31m[bat error]\u{1b}[0m: 'src' is a directory.\n",
        ),
    ] {
        let (got, why) = run(false, &[bash(0, cmd, out)]);
        assert!(got.is_empty(), "{cmd}: {got:?}");
        assert_eq!(why, vec![Reason::ToolError], "{cmd}");
    }
}

#[test]
fn cut_whole_file_read_without_workspace_credits_its_head() {
    // Lines 1–h of a whole-file read are shown whatever the file's length; its tail is the file's
    // last lines, unplaced without the length. Before session 28: nothing (*file length unknown*).
    let oh = format!(
        "{}[... Observation truncated due to length ...]\n{}",
        lines(1, 4),
        lines(19, 20)
    );
    let clipped = format!("{}a5<response clipped><NOTE>…</NOTE>", lines(1, 4));
    let banner = format!("{RULE}\na.py\n{RULE}\n{oh}");
    for (cmd, out, want) in [
        ("cat a.py", &oh, (1, 4)),
        ("nl -ba a.py", &oh, (1, 4)),
        ("cat a.py | less", &oh, (1, 4)),
        ("more a.py", &banner, (1, 4)),
        // The head's last line, cut short, still counts (an unnumbered read).
        ("cat a.py", &clipped, (1, 5)),
    ] {
        assert_eq!(run(false, &[bash(0, cmd, out)]).0, rows(&[want]), "{cmd}");
    }
    // A stage after the read, or a numbered read, is as before.
    let (got, why) = run(false, &[bash(0, "cat a.py | tail -n 5", &oh)]);
    assert!(got.is_empty(), "{got:?}");
    assert_eq!(why, vec![Reason::UnknownLength]);
}

#[test]
fn a_stated_line_count_places_the_tail_of_a_cut_whole_file_read() {
    // Older Codex: `{head}\n[... omitted K of N lines ...]\n\n{tail}`, N the output's lines; for
    // a whole-file read alone in its command N is the file's length (before session 28: nothing).
    let codex = format!(
        "{}\n[... omitted 15 of 20 lines ...]\n\n{}",
        lines(1, 3),
        lines(19, 20)
    );
    assert_eq!(
        run(false, &[bash(0, "cat a.py", &codex)]).0,
        rows(&[(1, 3), (19, 20)])
    );
    // Codex's header before a token cut: `Total output lines: N` and a blank line (no lines).
    let tokens = format!(
        "Total output lines: 20\n\n{}a4 …9 tokens truncated…18\n{}",
        lines(1, 3),
        lines(19, 20)
    );
    assert_eq!(
        run(false, &[bash(0, "cat a.py", &tokens)]).0,
        rows(&[(1, 4), (18, 20)])
    );
    // `more`'s banner is 3 of the N lines.
    let more = format!(
        "{RULE}\na.py\n{RULE}\n{}\n[... omitted 16 of 23 lines ...]\n\n{}",
        lines(1, 2),
        lines(19, 20)
    );
    assert_eq!(
        run(false, &[bash(0, "more a.py", &more)]).0,
        rows(&[(1, 2), (19, 20)])
    );
    // N places the tail of a bounded read too: the output is the span's first N lines (before
    // session 29 only the head, 3-5, without a workspace).
    let sed = format!(
        "{}\n[... omitted 5 of 10 lines ...]\n\n{}",
        lines(3, 5),
        lines(11, 12)
    );
    assert_eq!(
        run(false, &[bash(0, "sed -n '3,12p' a.py", &sed)]).0,
        rows(&[(3, 5), (11, 12)])
    );
    // A command that prints nothing beside the read leaves N the read's (before session 29 any
    // other pipeline hid the tail: 1-3 alone).
    assert_eq!(
        run(false, &[bash(0, "true && cat a.py", &codex)]).0,
        rows(&[(1, 3), (19, 20)])
    );
}

/// An OpenHands-cut output: `a{h1}`..`a{h2}`, the marker, `a{t1}`..`a{t2}`.
fn oh_cut(h: (u32, u32), t: (u32, u32)) -> String {
    format!(
        "{}[... Observation truncated due to length ...]\n{}",
        lines(h.0, h.1),
        lines(t.0, t.1)
    )
}

#[test]
fn a_read_to_the_end_from_a_known_line_credits_what_it_shows_without_workspace() {
    // `tail -n +K f` and `sed -n 'a,$p' f` print from a known line to the unknown end: shown
    // whole, their lines are K..K+n-1; cut, their head (the last line maybe in part), and their
    // tail where the tool states the output's line count. Before session 29: nothing (*file
    // length unknown*), shown whole or cut.
    let codex = format!(
        "{}\n[... omitted 11 of 16 lines ...]\n\n{}",
        lines(5, 7),
        lines(19, 20)
    );
    let clipped = format!("{}a8<response clipped><NOTE>…</NOTE>", lines(5, 7));
    let tokens = format!(
        "Total output lines: 16\n\n{}a8 …9 tokens truncated…18\n{}",
        lines(5, 7),
        lines(19, 20)
    );
    for (cmd, out, want) in [
        ("tail -n +18 a.py", lines(18, 20), vec![(18, 20)]),
        ("sed -n '15,$p' a.py", lines(15, 20), vec![(15, 20)]),
        (
            "sed -n '2,4p;10,$p' a.py",
            lines(2, 4) + &lines(10, 20),
            vec![(2, 4), (10, 20)],
        ),
        ("cat a.py | tail -n +19", lines(19, 20), vec![(19, 20)]),
        ("tail -n +5 a.py", oh_cut((5, 8), (19, 20)), vec![(5, 8)]),
        ("sed -n '5,$p' a.py", oh_cut((5, 8), (19, 20)), vec![(5, 8)]),
        ("tail -n +5 a.py", clipped, vec![(5, 8)]),
        ("tail -n +5 a.py", codex, vec![(5, 7), (19, 20)]),
        ("sed -n '5,$p' a.py", tokens, vec![(5, 8), (18, 20)]),
    ] {
        assert_eq!(run(false, &[bash(0, cmd, &out)]).0, rows(&want), "{cmd}");
    }
    // With the workspace the tail is placed too (as before).
    assert_eq!(
        run(
            true,
            &[bash(0, "tail -n +5 a.py", &oh_cut((5, 8), (19, 20)))]
        )
        .0,
        rows(&[(5, 8), (19, 20)])
    );
    // A numbered read of such a stream numbers from its first line: `grep -n` of `tail -n +10`.
    let numbered: String = (10..=19).map(|i| format!("{}:a{i}\n", i - 9)).collect();
    assert_eq!(
        run(
            false,
            &[bash(0, "tail -n +10 a.py | grep -n a1", &numbered)]
        )
        .0,
        rows(&[(10, 19)])
    );
}

#[test]
fn another_command_printing_beside_a_read_keeps_its_lines_from_the_read() {
    // `ls && cat a.py` prints `x` and the file: without the workspace its 21 lines are not
    // the file's length (before session 29 they were: 1-21 for a 20-line file), nor the count
    // of `tail -n +K`. Commands that print nothing (`mkdir`, a redirected one) leave it the read's.
    // (Session 31: these used `echo x`, whose line is now known and taken off, see `echo`.)
    let echo = format!("x\n{}", lines(1, 20));
    for cmd in ["ls && cat a.py", "ls; tail -n +1 a.py"] {
        let (got, why) = run(false, &[bash(0, cmd, &echo)]);
        assert!(got.is_empty(), "{cmd}: {got:?}");
        assert_eq!(why, vec![Reason::UnknownLength], "{cmd}");
        assert_eq!(
            run(true, &[bash(0, cmd, &echo)]).0,
            rows(&[(1, 20)]),
            "{cmd}"
        );
    }
    for cmd in ["mkdir -p d && cat a.py", "python x.py > log.txt; cat a.py"] {
        assert_eq!(
            run(false, &[bash(0, cmd, &lines(1, 20))]).0,
            rows(&[(1, 20)]),
            "{cmd}"
        );
    }
    // Cut, the output's start is an earlier command's and its end a later one's: only the read's
    // side is placed (before session 29, with the workspace, `git status && cat a.py` credited
    // 1-5 for the 3 lines of the file shown at the head, `cat a.py && echo done` 19-20 for 20).
    let before = format!("On branch main\nclean\n{}", oh_cut((1, 3), (19, 20)));
    assert_eq!(
        run(true, &[bash(0, "git status && cat a.py", &before)]).0,
        rows(&[(19, 20)])
    );
    let after = format!("{}done\n", oh_cut((1, 4), (20, 20)));
    assert_eq!(
        run(true, &[bash(0, "cat a.py && ls", &after)]).0,
        rows(&[(1, 4)])
    );
    // Without the workspace a later command's lines may sit in the head of a short file.
    let (got, why) = run(false, &[bash(0, "cat a.py && ls", &after)]);
    assert!(got.is_empty(), "{got:?}");
    assert_eq!(why, vec![Reason::UnknownLength]);
    // A clipped output after an earlier command's lines shows none of the read's for sure.
    let clipped = format!("On branch main\n{}<response clipped>", lines(1, 3));
    let (got, why) = run(true, &[bash(0, "git status && cat a.py", &clipped)]);
    assert!(got.is_empty(), "{got:?}");
    assert_eq!(why, vec![Reason::AmbiguousOutput]);
}

#[test]
fn batcat_is_bat() {
    // Debian and Ubuntu install bat as `batcat`: read exactly as `bat` (before session 29:
    // nothing, *unknown command*).
    for (cmd, out, want) in [
        ("batcat a.py", lines(1, 20), (1, 20)),
        ("batcat -n --style=plain a.py", lines(1, 20), (1, 20)),
        ("batcat -r 5:7 a.py", lines(5, 7), (5, 7)),
    ] {
        assert_eq!(run(true, &[bash(0, cmd, &out)]).0, rows(&[want]), "{cmd}");
        assert_eq!(run(false, &[bash(0, cmd, &out)]).0, rows(&[want]), "{cmd}");
    }
    let (got, why) = run(
        false,
        &[bash(
            0,
            "batcat x.py",
            "[bat error]: 'x.py': No such file or directory (os error 2)\n",
        )],
    );
    assert!(got.is_empty(), "{got:?}");
    assert_eq!(why, vec![Reason::ToolError]);
}

#[test]
fn head_v_as_a_later_stage_prints_a_header_for_its_input() {
    // `cat a.py | head -v -n 3` prints `==> standard input <==` first (GNU coreutils 9.1): the
    // output's lines are not the stream's (before session 29, cut after 2 lines shown, the header
    // counted as line 1 and 1-3 were credited for 1-2).
    let out = "==> standard input <==\na1\na<response clipped>";
    let (got, why) = run(true, &[bash(0, "cat a.py | head -v -n 3", out)]);
    assert!(got.is_empty(), "{got:?}");
    assert_eq!(why, vec![Reason::NoLineNumbers]);
    // A later `-q` turns the header off; `head -v -q f` reads as `head f`.
    assert_eq!(
        run(true, &[bash(0, "head -v -q -n 3 a.py", &lines(1, 3))]).0,
        rows(&[(1, 3)])
    );
}

#[test]
fn a_read_into_a_file_shows_nothing() {
    // `cat a.py > /dev/null; sed -n '5,6p' a.py`: only the `sed` prints (before session 29 the
    // `cat` was a read too and took the output's 2 lines: 1-2 credited, the `sed` nothing left;
    // `cat a.py > b.py` alone was *no lines shown* only for want of output).
    let (got, _) = run(
        true,
        &[bash(
            0,
            "cat a.py > /dev/null; sed -n '5,6p' a.py",
            &lines(5, 6),
        )],
    );
    assert_eq!(got, rows(&[(5, 6)]));
    let (got, why) = run(true, &[bash(0, "cat a.py > b.py", "")]);
    assert!(got.is_empty(), "{got:?}");
    assert_eq!(why, vec![Reason::NothingShown]);
}

#[test]
fn sed_plus_n_address_reads_n_lines_after_the_start() {
    // GNU sed `3,+2p` prints lines 3-5 (before session 29: line 3 alone, `+2` read as line 2).
    for ws in [true, false] {
        assert_eq!(
            run(ws, &[bash(0, "sed -n '3,+2p' a.py", &lines(3, 5))]).0,
            rows(&[(3, 5)]),
            "{ws}"
        );
    }
}

#[test]
fn grep_h_of_one_file_reads_its_lines() {
    // GNU grep 3.8: `grep -hn 'a1[0-2]$' a.py` prints `10:a10`, `11:a11`, `12:a12`, as `-n` does.
    let out = "10:a10\n11:a11\n12:a12\n";
    for ws in [false, true] {
        let (got, skipped) = run(ws, &[bash(1, "grep -hn 'a1[0-2]$' a.py", out)]);
        assert_eq!(got, rows(&[(10, 12)]), "workspace {ws}");
        assert!(skipped.is_empty(), "{skipped:?}");
    }
    // Over two files the lines name neither: nothing, *ambiguous output*.
    let (got, skipped) = run(true, &[bash(1, "grep -hn a1 a.py b.py", out)]);
    assert!(got.is_empty());
    assert_eq!(skipped, vec![Reason::AmbiguousOutput]);
}

mod echo;
mod greptext;
mod sedawk;
mod session39;
mod session40;
mod two_files;
mod words;
