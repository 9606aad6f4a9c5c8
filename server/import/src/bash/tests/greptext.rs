//! `grep`/`rg` without `-n` placed by the file's text (session 34), each output made by GNU grep
//! 3.8 on these files (`g.py`, `h.py`, `lib/k.py` below).

use super::{bash, Got};
use crate::session::Action;
use crate::summary::Reason;
use readcov_core::span::EventKind;
use std::collections::BTreeMap;

/// `g.py`: two functions with the same body (lines 2–3 and 6–7 read alike).
const G: &str = "def a():\n    x = 1\n    return x\n\ndef b():\n    x = 1\n    return x\n";

fn files() -> BTreeMap<String, String> {
    let mut m = BTreeMap::new();
    m.insert("g.py".to_string(), G.to_string());
    m.insert("h.py".to_string(), "y = 2\nx = 1\n".to_string());
    m.insert("lib/k-v.py".to_string(), "x = 1\nz-3\n".to_string());
    m
}

/// The read rows and skip reasons of `actions`, with these files as the workspace or none.
fn run(workspace: bool, actions: &[Action]) -> Got {
    super::run_on(&files(), workspace, actions, |k| k == EventKind::Read)
}

fn one(script: &str, out: &str) -> Got {
    run(true, &[bash(0, script, out)])
}

fn at(path: &str, v: &[(u32, u32)]) -> Vec<(String, u32, u32)> {
    v.iter().map(|(s, e)| (path.to_string(), *s, *e)).collect()
}

#[test]
fn every_line_of_a_text_is_shown_so_duplicates_are_placed() {
    // `grep "x = 1" g.py`: both lines of that text, 2 and 6 (before session 34: nothing).
    let out = "    x = 1\n    x = 1\n";
    assert_eq!(
        one("grep \"x = 1\" g.py", out).0,
        at("g.py", &[(2, 2), (6, 6)])
    );
    // `-i`, `-w`, `-E`, `-F`, `-v` change which lines match, not that the output is them.
    assert_eq!(
        one("grep -iwF 'X = 1' g.py", out).0,
        at("g.py", &[(2, 2), (6, 6)])
    );
    let not = "def a():\n\ndef b():\n";
    assert_eq!(one("grep -v x g.py", not).0, at("g.py", &[(1, 1), (4, 5)]));
    // Without a workspace there is no text to place by: as before.
    let (got, why) = run(false, &[bash(0, "grep \"x = 1\" g.py", out)]);
    assert!(got.is_empty(), "{got:?}");
    assert_eq!(why, vec![Reason::NoLineNumbers]);
}

#[test]
fn a_text_shown_a_different_number_of_times_than_the_file_has_it_credits_nothing() {
    // One `x = 1` where the file has two: not this file as known (another checkout, an edit
    // readcov did not see).
    let (got, why) = one("grep \"x = 1\" g.py", "    x = 1\n");
    assert!(got.is_empty(), "{got:?}");
    assert_eq!(why, vec![Reason::TextMismatch]);
    // A text the file does not have.
    let (got, why) = one("grep x g.py", "    x = 2\n");
    assert!(got.is_empty(), "{got:?}");
    assert_eq!(why, vec![Reason::TextMismatch]);
}

#[test]
fn a_harness_that_strips_the_output_took_the_first_lines_indentation() {
    // OpenHands strips a command's output: `    x = 1` first shows as `x = 1`.
    let out = "x = 1\n    x = 1\n";
    assert_eq!(
        one("grep \"x = 1\" g.py", out).0,
        at("g.py", &[(2, 2), (6, 6)])
    );
    let out = "x = 1\n    return x\n--\n    x = 1\n    return x\n";
    assert_eq!(
        one("grep -A1 \"x = 1\" g.py", out).0,
        at("g.py", &[(2, 3), (6, 7)])
    );
}

#[test]
fn context_groups_are_runs_placed_in_order() {
    // `grep -A1 "x = 1" g.py`: two equal groups; the order (the second starts after the first
    // ends, at least a line later) puts them at 2–3 and 6–7.
    let out = "    x = 1\n    return x\n--\n    x = 1\n    return x\n";
    assert_eq!(
        one("grep -A1 \"x = 1\" g.py", out).0,
        at("g.py", &[(2, 3), (6, 7)])
    );
    // `grep -C1 "def b" g.py`: one group, 4–6.
    assert_eq!(
        one("grep -C 1 \"def b\" g.py", "\ndef b():\n    x = 1\n").0,
        at("g.py", &[(4, 6)])
    );
    // `grep -A1 "x = 1" g.py | tail -2`: a group that fits at 2 and 6 alike is not guessed.
    let (got, why) = one(
        "grep -A1 \"x = 1\" g.py | tail -2",
        "    x = 1\n    return x\n",
    );
    assert!(got.is_empty(), "{got:?}");
    assert_eq!(why, vec![Reason::AmbiguousOutput]);
    // A group found nowhere: nothing of the output.
    let (got, why) = one("grep -A1 a g.py", "def a():\n    x = 2\n");
    assert!(got.is_empty(), "{got:?}");
    assert_eq!(why, vec![Reason::TextMismatch]);
}

#[test]
fn several_files_and_folders_are_placed_per_file() {
    // `grep -r "x = 1" .` and `grep "x = 1" g.py h.py`: each line names its file.
    let out = "./g.py:    x = 1\n./g.py:    x = 1\n./h.py:x = 1\n";
    let want = [at("g.py", &[(2, 2), (6, 6)]), at("h.py", &[(2, 2)])].concat();
    assert_eq!(one("grep -r \"x = 1\" .", out).0, want);
    let out = "g.py:    x = 1\ng.py:    x = 1\nh.py:x = 1\n";
    assert_eq!(one("grep \"x = 1\" g.py h.py", out).0, want);
    // With context (`grep -r -B1 "x = 1" .`): `path-` before a context line, `--` between groups.
    let out = "./g.py-def a():\n./g.py:    x = 1\n--\n./g.py-def b():\n./g.py:    x = 1\n--\n\
               ./h.py-y = 2\n./h.py:x = 1\n";
    let want = [at("g.py", &[(1, 2), (5, 6)]), at("h.py", &[(1, 2)])].concat();
    assert_eq!(one("grep -r -B1 \"x = 1\" .", out).0, want);
    // A file name holding `-` (`lib/k-v.py-z-3`): split where the part before names a file.
    let out = "lib/k-v.py:x = 1\nlib/k-v.py-z-3\n";
    assert_eq!(
        one("grep -A1 -r \"x = 1\" lib", out).0,
        at("lib/k-v.py", &[(1, 2)])
    );
    // grep's message about a binary file is no line; a file the workspace lacks is passed over.
    let out = "grep: ./x.pyc: binary file matches\n./new.py:x = 1\n./h.py:x = 1\n";
    assert_eq!(one("grep -r \"x = 1\" .", out).0, at("h.py", &[(2, 2)]));
    // Only such a file: its text is unknown, as before session 34.
    let (got, why) = one("grep -r \"x = 1\" .", "./new.py:x = 1\n");
    assert!(got.is_empty(), "{got:?}");
    assert_eq!(why, vec![Reason::NoLineNumbers]);
    // `grep -r x g.py`: one file, no path before its lines.
    let out = "    x = 1\n    return x\n    x = 1\n    return x\n";
    assert_eq!(one("grep -r x g.py", out).0, at("g.py", &[(2, 3), (6, 7)]));
}

#[test]
fn whole_line_filters_after_grep_compose() {
    // `| head -1`: the first of the lines (grep printed them in order).
    assert_eq!(
        one("grep \"x = 1\" g.py | head -1", "    x = 1\n").0,
        at("g.py", &[(2, 2)])
    );
    // `| grep -v return`: a filter by text keeps every line of a text too.
    let out = "    x = 1\n    x = 1\n";
    assert_eq!(
        one("grep x g.py | grep -v return", out).0,
        at("g.py", &[(2, 2), (6, 6)])
    );
    // `| head -5` printing fewer than 5: nothing was cut, so a missing line is a mismatch.
    let (got, why) = one("grep \"x = 1\" g.py | head -5", "    x = 1\n");
    assert!(got.is_empty(), "{got:?}");
    assert_eq!(why, vec![Reason::TextMismatch]);
}

#[test]
fn forms_whose_shape_is_not_known_keep_todays_answer() {
    // `-m` stops early, `-o` prints parts, `-c`/`-l` counts and names, `-b` prefixes offsets,
    // a stage that rewrites lines, another command printing beside it.
    for script in [
        "grep -m1 \"x = 1\" g.py",
        "grep -b \"x = 1\" g.py",
        "grep --color=always \"x = 1\" g.py",
        "grep \"x = 1\" g.py | cut -c1-5",
        "grep -A1 \"x = 1\" g.py | grep -v return",
        "ls && grep \"x = 1\" g.py",
        "grep -h \"x = 1\" g.py h.py",
    ] {
        let (got, why) = one(script, "    x = 1\n");
        assert!(got.is_empty(), "{script}: {got:?}");
        assert_eq!(why, vec![Reason::NoLineNumbers], "{script}");
    }
}

#[test]
fn lines_are_placed_on_the_text_as_replayed() {
    // After a rewrite that keeps lines 1–3 and writes the rest, the grep's line 2 is base 2 and
    // its other match is the agent's line.
    let rewrite = bash(
        0,
        "cat > g.py << 'EOF'\ndef a():\n    x = 1\n    return x\n    x = 1\nEOF",
        "",
    );
    let grep = bash(1, "grep \"x = 1\" g.py", "    x = 1\n    x = 1\n");
    assert_eq!(run(true, &[rewrite, grep]).0, at("g.py", &[(2, 2)]));
    // A write readcov cannot follow (`y`): the text is unknown, as before.
    let sed = bash(0, "sed -i 'y/1/2/' g.py", "");
    let grep = bash(1, "grep \"x = 2\" g.py", "    x = 2\n    x = 2\n");
    let (got, why) = run(true, &[sed, grep]);
    assert!(got.is_empty(), "{got:?}");
    assert!(why.contains(&Reason::NoLineNumbers), "{why:?}");
    // A `sed -i` readcov replays (session 36): line 2 is `x = 2` now, so the one `x = 1` shown
    // is line 6 (before session 36: nothing, the text unknown).
    let sed = bash(0, "sed -i '2s/1/2/' g.py", "");
    let grep = bash(1, "grep \"x = 1\" g.py", "    x = 1\n");
    assert_eq!(run(true, &[sed, grep]).0, at("g.py", &[(6, 6)]));
}

#[test]
fn a_later_stage_grep_is_placed_among_the_lines_the_earlier_stage_printed() {
    // `cat g.py | grep "x = 1"`: the stream is the whole file, so 2 and 6 (before session 35:
    // nothing, *output without line numbers*).
    let out = "    x = 1\n    x = 1\n";
    assert_eq!(
        one("cat g.py | grep \"x = 1\"", out).0,
        at("g.py", &[(2, 2), (6, 6)])
    );
    // `sed -n '4,7p' g.py | grep "x = 1"`: one `x = 1` among 4–7 is line 6 (on the whole file
    // that text is twice, and one shown line would not be placed).
    assert_eq!(
        one("sed -n '4,7p' g.py | grep \"x = 1\"", "    x = 1\n").0,
        at("g.py", &[(6, 6)])
    );
    // With context, groups are runs of the stream: `head -3 g.py | grep -A1`, `sed -n '2,7p'`.
    let two = "    x = 1\n    return x\n";
    assert_eq!(
        one("head -3 g.py | grep -A1 \"x = 1\"", two).0,
        at("g.py", &[(2, 3)])
    );
    let out = "    x = 1\n    return x\n--\n    x = 1\n    return x\n";
    assert_eq!(
        one("sed -n '2,7p' g.py | grep -A1 \"x = 1\"", out).0,
        at("g.py", &[(2, 3), (6, 7)])
    );
    // Stages after it compose as after a first-stage grep; `-v` keeps whole lines too.
    assert_eq!(
        one("cat g.py | grep \"x = 1\" | head -1", "    x = 1\n").0,
        at("g.py", &[(2, 2)])
    );
    assert_eq!(
        one("tail -4 g.py | grep -v x", "\ndef b():\n").0,
        at("g.py", &[(4, 5)])
    );
}

#[test]
fn a_later_stage_grep_not_determined_keeps_todays_answer() {
    // More lines of a text than the stream holds: not this text (`head -3` has one `x = 1`).
    let (got, why) = one("head -3 g.py | grep \"x = 1\"", "    x = 1\n    x = 1\n");
    assert!(got.is_empty(), "{got:?}");
    assert_eq!(why, vec![Reason::TextMismatch]);
    // A group that fits at two places of the stream is not guessed.
    let (got, why) = one(
        "cat g.py | grep -B1 return | tail -2",
        "    x = 1\n    return x\n",
    );
    assert!(got.is_empty(), "{got:?}");
    assert_eq!(why, vec![Reason::AmbiguousOutput]);
    // No workspace; `-H` names the stream `(standard input)`; `-r` with no file searches the
    // cwd; a grep naming its own file reads no stream; a banner (`more`) is in the stream.
    let (got, why) = run(
        false,
        &[bash(
            0,
            "cat g.py | grep \"x = 1\"",
            "    x = 1\n    x = 1\n",
        )],
    );
    assert!(got.is_empty(), "{got:?}");
    assert_eq!(why, vec![Reason::NoLineNumbers]);
    for script in [
        "cat g.py | grep -H \"x = 1\"",
        "cat g.py | grep -r \"x = 1\"",
        "cat g.py | grep \"x = 1\" h.py",
        "more g.py | grep \"x = 1\"",
        "cat g.py | grep \"x = 1\" | cut -c1-5",
    ] {
        let (got, why) = one(script, "    x = 1\n");
        assert!(got.is_empty(), "{script}: {got:?}");
        assert_eq!(why, vec![Reason::NoLineNumbers], "{script}");
    }
}

/// [`files`] counting each `read` of a path; whether a path is a file is answered without one.
struct Counted(
    BTreeMap<String, String>,
    std::cell::RefCell<BTreeMap<String, usize>>,
);

impl crate::FileProvider for Counted {
    fn read(&self, path: &str) -> Option<Vec<u8>> {
        *self.1.borrow_mut().entry(path.to_string()).or_default() += 1;
        self.0.read(path)
    }
    fn is_file(&self, path: &str) -> bool {
        self.0.contains_key(path)
    }
}

#[test]
fn a_grep_output_line_reads_its_file_once_and_no_other_name() {
    // `grep -r -B1 "x = 1" .`: every `:` and `-` of a line's path part is a name to look for
    // (`./g.py-def a()`, `./h.py-y = 2`, ...). Looking for one asks whether it is a file; only
    // the file placed is read, once (before session 36 each name was read to see it was a
    // file, and the placed one read again).
    let files = Counted(files(), Default::default());
    let out = "./g.py-def a():\n./g.py:    x = 1\n--\n./g.py-def b():\n./g.py:    x = 1\n--\n\
               ./h.py-y = 2\n./h.py:x = 1\n";
    let (got, _) = super::run_on_provider(&files, &[bash(0, "grep -r -B1 \"x = 1\" .", out)]);
    let want = [at("g.py", &[(1, 2), (5, 6)]), at("h.py", &[(1, 2)])].concat();
    assert_eq!(got, want);
    let reads = files.1.borrow().clone();
    let once = |p: &str| (p.to_string(), 1);
    assert_eq!(reads, BTreeMap::from([once("g.py"), once("h.py")]));
}
