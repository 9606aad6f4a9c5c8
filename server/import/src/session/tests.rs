//! Engine cases on small in-memory repositories, expected spans worked out by hand.

use super::*;
use crate::summary::LostWhy;
use readcov_core::span::EventKind;
use std::collections::BTreeMap;

fn repo() -> BTreeMap<String, String> {
    let mut m = BTreeMap::new();
    m.insert(
        "a.py".to_string(),
        (1..=20).map(|i| format!("a{i}\n")).collect(),
    );
    m.insert(
        "sub/b.py".to_string(),
        (1..=5).map(|i| format!("b{i}\n")).collect(),
    );
    m
}

fn act(step: u32, op: Op, output: &str) -> Action {
    Action {
        turn: step,
        step,
        tool: "t".into(),
        command: "c".into(),
        op,
        output: Some(output.to_string()),
    }
}

fn bash(step: u32, script: &str, output: &str) -> Action {
    act(
        step,
        Op::Bash {
            script: script.into(),
        },
        output,
    )
}

fn run(actions: &[Action]) -> (Vec<(String, u32, u32, EventKind)>, Summary) {
    let files = repo();
    let mut roots = Roots::new();
    roots.add("/repo");
    let mut s = Session::new("t", "r", roots, "/repo", &files);
    for a in actions {
        s.apply(a);
    }
    let (rows, summary, _, _) = s.finish();
    (
        rows.into_iter()
            .map(|r| (r.path, r.start, r.end, r.kind))
            .collect(),
        summary,
    )
}

fn reads(v: &[(&str, u32, u32)]) -> Vec<(String, u32, u32, EventKind)> {
    v.iter()
        .map(|(p, s, e)| (p.to_string(), *s, *e, EventKind::Read))
        .collect()
}

#[test]
fn bash_reads() {
    let (rows, _) = run(&[
        bash(0, "cat a.py | head -5", "a1\na2\na3\na4\na5\n"),
        bash(1, "cd sub && sed -n '2,3p' b.py", "b2\nb3\n"),
        // The shell persists: after `cd sub`, relative paths resolve in sub/.
        bash(2, "grep -n a1 ../a.py", "1:a1\n10:a10\n"),
        bash(3, "tail -n 2 /repo/a.py", "a19\na20\n"),
        bash(4, "cd /repo && grep -rn b4 .", "./sub/b.py:4:b4\n"),
    ]);
    assert_eq!(
        rows,
        reads(&[
            ("a.py", 1, 5),
            ("sub/b.py", 2, 3),
            ("a.py", 1, 1),
            ("a.py", 10, 10),
            ("a.py", 19, 20),
            ("sub/b.py", 4, 4)
        ])
    );
}

#[test]
fn skips_are_counted_by_reason() {
    let (rows, s) = run(&[
        bash(0, "python x.py", "ok"),
        // `-m` stops early: not placed by text (session 34), as before.
        bash(1, "grep -m1 a1 a.py", "a1"),
        bash(2, "cat /tmp/x.py", "x"),
        bash(3, "cat new.py", "x"),
        act(
            4,
            Op::View {
                path: "a.py".into(),
                style: Style::CatN,
                total: None,
            },
            "     1\tWRONG\n",
        ),
        Action {
            output: None,
            ..bash(5, "cat a.py", "")
        },
    ]);
    assert!(rows.is_empty());
    let got: Vec<(Reason, usize)> = s.skipped.into_iter().collect();
    assert_eq!(
        got,
        vec![
            (Reason::UnknownCommand, 1),
            (Reason::NoLineNumbers, 1),
            (Reason::OutsideRepo, 1),
            (Reason::NotInWorkspace, 1),
            (Reason::TextMismatch, 1),
            (Reason::MissingObservation, 1),
        ]
    );
}

#[test]
fn reads_after_edits_map_to_base_lines() {
    let edit = |step, old: &str, new: &str| {
        act(
            step,
            Op::Edit {
                path: "a.py".into(),
                edit: EditOp::StrReplace {
                    old: old.into(),
                    new: new.into(),
                },
                shows: None,
            },
            "edited",
        )
    };
    let (rows, s) = run(&[
        edit(0, "a3\n", "a3\nnew1\nnew2\n"),
        // current 1..=7 is base 1,2,3,(new),(new),4,5
        act(1, Op::View { path: "a.py".into(), style: Style::CatN, total: None }, "     1\ta1\n     2\ta2\n     3\ta3\n     4\tnew1\n     5\tnew2\n     6\ta4\n     7\ta5\n"),
        // `y` is a `sed -i` readcov does not replay: the text is unknown after it.
        bash(2, "sed -i 'y/a/x/' a.py", ""),
        bash(3, "head -3 a.py", "a1\na2\na3\n"),
    ]);
    assert_eq!(
        rows,
        vec![
            ("a.py".to_string(), 3, 3, EventKind::Edit),
            ("a.py".to_string(), 1, 5, EventKind::Read),
        ]
    );
    assert_eq!(s.skipped.get(&Reason::UnalignedAfterEdit), Some(&1));
    assert_eq!(
        s.skipped.get(&Reason::UnknownCommand),
        Some(&1),
        "sed -i reads nothing"
    );
}

#[test]
fn elided_output_reads_head_and_tail() {
    // As mini-swe-agent writes it: the head ends mid-line 3, the tail starts mid-line 18, and the
    // template adds a newline after each section.
    let out = "<returncode>0</returncode>\n<output_head>\na1\na2\na\n</output_head>\n<elided_chars>\n9 characters elided\n</elided_chars>\n<output_tail>\n8\na19\na20\n\n</output_tail>";
    let (rows, _) = run(&[bash(0, "cat a.py", out)]);
    assert_eq!(rows, reads(&[("a.py", 1, 3), ("a.py", 18, 20)]));
}

#[test]
fn shorten_commands() {
    assert_eq!(shorten("cat a.py"), "cat a.py");
    assert_eq!(shorten("cat > x << EOF\nbody\nEOF"), "cat > x << EOF…");
    assert_eq!(shorten(&"x".repeat(200)).chars().count(), 161);
}

/// `shorten` as it was written before it sliced instead of collecting chars.
fn shorten_by_chars(cmd: &str) -> String {
    let first = cmd.trim().lines().next().unwrap_or("");
    let mut out: String = first.chars().take(MAX_COMMAND).collect();
    if out.len() < first.len() || cmd.trim().lines().nth(1).is_some() {
        out.push('…');
    }
    out
}

#[test]
fn shorten_agrees_with_collecting_chars() {
    let long = "é".repeat(MAX_COMMAND);
    let cases = [
        String::new(),
        " \n\t ".into(),
        "a\r\nb".into(),
        "a\r\n".into(),
        "  a  \n\n".into(),
        "a\n\u{2003}b".into(),
        "a\u{2028}b".into(),
        long.clone(),
        format!("{long}x"),
        format!("{long}\n"),
        format!("{long}\nx"),
        format!("x{long}"),
        format!("\u{3000}{long}\r\n\u{3000}"),
        // Around the byte length past which characters are counted.
        "x".repeat(MAX_COMMAND),
        "x".repeat(MAX_COMMAND + 1),
        format!("{}é", "x".repeat(MAX_COMMAND - 1)),
        format!("{}é", "x".repeat(MAX_COMMAND - 2)),
    ];
    for c in &cases {
        assert_eq!(shorten(c), shorten_by_chars(c), "{c:?}");
    }
}

proptest::proptest! {
    #[test]
    fn shorten_agrees_with_collecting_chars_on_any_text(c in "[a\\n\\r é\u{2003}\t]{0,400}") {
        proptest::prop_assert_eq!(shorten(&c), shorten_by_chars(&c));
    }

    /// Long lines of ASCII with a wide character near the 160th (the ASCII shortcut's edge).
    #[test]
    fn shorten_agrees_with_collecting_chars_near_the_cut(
        head in "[a \"]{150,170}", wide in "[é\u{2003}\u{1F600}]{0,2}", tail in "[a\n]{0,20}",
    ) {
        let c = format!("{head}{wide}{tail}");
        proptest::prop_assert_eq!(shorten(&c), shorten_by_chars(&c));
    }
}

#[test]
fn edits_after_a_write_the_replay_cannot_follow_are_listed() {
    let with = |mut a: Action, command: &str| {
        a.command = command.into();
        a
    };
    let edit = |step, old: &str, new: &str| {
        let op = Op::Edit {
            path: "a.py".into(),
            edit: EditOp::StrReplace {
                old: old.into(),
                new: new.into(),
            },
            shows: None,
        };
        with(act(step, op, "edited"), &format!("str_replace {old}"))
    };
    let create = Op::Edit {
        path: "a.py".into(),
        edit: EditOp::Create {
            text: "z1\nz2\n".into(),
        },
        shows: None,
    };
    let (rows, s) = run(&[
        edit(0, "a3\n", "a3\nnew\n"),
        // The file is overwritten: the replay cannot say which lines the next edits touch.
        with(bash(1, "mv /tmp/a.py a.py", ""), "mv /tmp/a.py a.py"),
        edit(2, "a5\n", "x5\n"),
        edit(3, "a6\n", "x6\n"),
        // Written whole: followed again, nothing lost from here.
        with(act(4, create, "created"), "create a.py"),
        edit(5, "z1\n", "y1\n"),
        // An edit whose text the replay does not find is lost, and is its own cause.
        with(bash(6, "true", ""), "true"),
        edit(7, "nowhere\n", "x\n"),
        edit(8, "z2\n", "y2\n"),
    ]);
    assert_eq!(rows, [("a.py".to_string(), 3, 3, EventKind::Edit)]);
    let lost: Vec<(u32, Option<&str>)> = (s.lost_edits.iter())
        .map(|l| match &l.why {
            LostWhy::After(w) => (l.step, Some(w.as_str())),
            LostWhy::DidNotApply | LostWhy::Unrecorded(_) => (l.step, None),
            LostWhy::NoBase => panic!("the base is in the workspace"),
        })
        .collect();
    let mv = "written by `mv /tmp/a.py a.py` (turn 1)";
    assert_eq!(
        lost,
        [
            (2, Some(mv)),
            (3, Some(mv)),
            (7, None),
            (
                8,
                Some("`str_replace nowhere` (turn 7) could not be replayed")
            ),
        ]
    );
    let first = &s.lost_edits[0];
    assert_eq!(
        (
            first.task.as_str(),
            first.run.as_str(),
            first.path.as_str(),
            first.turn
        ),
        ("t", "r", "a.py", 2)
    );
    assert_eq!(first.command, "str_replace a5");
}

#[test]
fn edits_without_a_base_to_replay_on_are_lost_for_that_reason_only() {
    let mut roots = Roots::new();
    roots.add("/repo");
    let mut s = Session::new("t", "r", roots, "/repo", &crate::NoFiles);
    let edit = |step, old: &str| {
        let op = EditOp::StrReplace {
            old: old.into(),
            new: "x".into(),
        };
        act(
            step,
            Op::Edit {
                path: "a.py".into(),
                edit: op,
                shows: None,
            },
            "edited",
        )
    };
    s.apply(&edit(0, "a1"));
    s.apply(&edit(1, "a2"));
    let (_, summary, _, _) = s.finish();
    let why: Vec<&LostWhy> = summary.lost_edits.iter().map(|l| &l.why).collect();
    assert_eq!(why, [&LostWhy::NoBase, &LostWhy::NoBase]);
}

/// A write the replay cannot follow (a SWE-agent `edit 9:5`, whose end is before its start)
/// leaves the file unaligned: every later read of it says so, whatever text it shows. Before,
/// with a workspace, the reads were checked against the stale text first and reported as *shown
/// text differs from file* (found by scripts/import_oracle_shell.py's hand-made SWE-agent log).
#[test]
fn reads_of_a_file_the_replay_lost_are_unaligned_whatever_they_show() {
    let (rows, s) = run(&[
        act(
            0,
            Op::Edit {
                path: "a.py".into(),
                edit: EditOp::Lines {
                    start: 9,
                    end: 5,
                    text: "x\n".into(),
                },
                shows: None,
            },
            "",
        ),
        act(
            1,
            Op::View {
                path: "a.py".into(),
                style: Style::CatN,
                total: None,
            },
            "     1\ta1\n     2\tzz\n",
        ),
        bash(2, "grep -n a3 a.py", "3:a3\n"),
        bash(3, "sed -n '/a3/,/a4/p' a.py", "a3\nx\na4\n"),
    ]);
    assert!(rows.is_empty(), "{rows:?}");
    assert_eq!(s.skipped.get(&Reason::UnalignedAfterEdit), Some(&4));
    assert_eq!(s.skipped.get(&Reason::TextMismatch), None);
}

/// A session with no workspace: no file's length is known.
fn run_bare(actions: &[Action]) -> Vec<(String, u32, u32, EventKind)> {
    let mut roots = Roots::new();
    roots.add("/repo");
    let mut s = Session::new("t", "r", roots, "/repo", &crate::NoFiles);
    for a in actions {
        s.apply(a);
    }
    s.finish()
        .0
        .into_iter()
        .map(|r| (r.path, r.start, r.end, r.kind))
        .collect()
}

#[test]
fn cut_window_of_unknown_length_credits_only_its_head() {
    // `head -n 3000` of a 1200-line file, its middle cut: the tail shown is the file's last lines
    // (1199–1200), not 2999–3000; without the file's length only the head is certain. Before
    // session 27 the tail was placed at the window's upper bound and credited 2999–3000.
    let oh = "l1\nl2\n[... Observation truncated due to length ...]\nl1199\nl1200\n";
    let msa = "<returncode>0</returncode>\n<output_head>\nl1\nl2\n</output_head>\n<elided_chars>\n9 characters elided\n</elided_chars>\n<output_tail>\nl1199\nl1200\n</output_tail>";
    for (cmd, out) in [
        ("head -n 3000 a.py", oh),
        ("sed -n '1,3000p' a.py", oh),
        ("head -n 3000 a.py", msa),
    ] {
        assert_eq!(
            run_bare(&[bash(0, cmd, out)]),
            reads(&[("a.py", 1, 2)]),
            "{cmd}"
        );
    }
}

#[test]
fn several_sed_ranges_are_read_in_file_order() {
    // GNU sed prints `'10,12p;1,3p'` as 1–3 then 10–12: `| head -2` shows lines 1–2 (before
    // session 27 they were placed at 10–11, whose text differs: nothing was credited).
    let (rows, _) = run(&[bash(0, "sed -n '10,12p;1,3p' a.py | head -2", "a1\na2\n")]);
    assert_eq!(rows, reads(&[("a.py", 1, 2)]));
}

#[test]
fn less_and_more_in_a_pipe_pass_the_lines_through() {
    // An agent's shell has no terminal: `less`/`more` then copy their input, as `cat` does.
    let (rows, _) = run(&[
        bash(0, "sed -n '2,4p' a.py | less", "a2\na3\na4\n"),
        bash(1, "head -3 a.py | more", "a1\na2\na3\n"),
        bash(2, "grep -n a1 a.py | less -R", "1:a1\n10:a10\n"),
    ]);
    assert_eq!(
        rows,
        reads(&[
            ("a.py", 2, 4),
            ("a.py", 1, 3),
            ("a.py", 1, 1),
            ("a.py", 10, 10)
        ])
    );
}
