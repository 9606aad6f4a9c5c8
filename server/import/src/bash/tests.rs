//! What a shell read credits, checked against the real tools' outputs to a pipe (an agent's
//! shell has no terminal): util-linux 2.38.1 `more`, GNU coreutils `cat`/`head`/`tail`, bat 0.22.1.

use crate::paths::Roots;
use crate::session::{Action, Op, Session};
use crate::summary::Reason;
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

/// The lines credited (path, start, end) and the skip reasons, with or without a workspace.
fn run(workspace: bool, actions: &[Action]) -> (Vec<(String, u32, u32)>, Vec<Reason>) {
    let files = repo();
    let mut roots = Roots::new();
    roots.add("/repo");
    let mut s = match workspace {
        true => Session::new("t", "r", roots, "/repo", &files),
        false => Session::new("t", "r", roots, "/repo", &crate::NoFiles),
    };
    for a in actions {
        s.apply(a);
    }
    let (rows, summary, _, _) = s.finish();
    let rows = rows.into_iter().map(|r| (r.path, r.start, r.end)).collect();
    (rows, summary.skipped.into_keys().collect())
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
    // With another pipeline in the command, N may count its lines too: only the head is placed.
    assert_eq!(
        run(false, &[bash(0, "true && cat a.py", &codex)]).0,
        rows(&[(1, 3)])
    );
}
