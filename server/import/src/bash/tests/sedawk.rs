//! Session 31: GNU sed's `$`, `first~step` and `a,~N` addresses, and awk programs that choose lines
//! by their number, whole or numbered. Each output is what GNU sed 4.9, GNU awk 5.2.1 and mawk
//! 1.3.4 print for `a.py` (20 lines `a1` … `a20`; the shell oracle runs the same forms for real).
//! Before session 31 each of these read nothing (*unknown command*).

use super::{bash, rows, run};
use crate::summary::Reason;

/// The output of the file's lines `ns`, one a line (`a5\n…`).
fn of(ns: &[u32]) -> String {
    ns.iter().map(|n| format!("a{n}\n")).collect()
}

/// `awk '{print NR": "$0}'` style: `sep` between the number and the text.
fn numbered(ns: &[u32], sep: &str) -> String {
    ns.iter().map(|n| format!("{n}{sep}a{n}\n")).collect()
}

/// `script` showing `out`: the rows credited and the skip reasons, with or without the workspace.
fn check(ws: bool, script: &str, out: &str, want: &[(u32, u32)], why: &[Reason]) {
    let (got, skipped) = run(ws, &[bash(0, script, out)]);
    assert_eq!(got, rows(want), "{script} (workspace: {ws})");
    assert_eq!(skipped, why, "{script} (workspace: {ws})");
}

const UNKNOWN_LEN: &[Reason] = &[Reason::UnknownLength];

#[test]
fn sed_last_line_needs_the_length() {
    check(true, "sed -n '$p' a.py", &of(&[20]), &[(20, 20)], &[]);
    // One line shown says nothing of where the file ends (as `tail -n 1`).
    check(false, "sed -n '$p' a.py", &of(&[20]), &[], UNKNOWN_LEN);
    check(
        true,
        "sed -n '1p;$p' a.py",
        &of(&[1, 20]),
        &[(1, 1), (20, 20)],
        &[],
    );
    check(true, "cat a.py | sed -n '$p'", &of(&[20]), &[(20, 20)], &[]);
    // `$` is the stream's last line: `head -5`'s fifth.
    check(
        true,
        "head -5 a.py | sed -n '$p'",
        &of(&[5]),
        &[(5, 5)],
        &[],
    );
}

#[test]
fn sed_step_addresses_print_every_step_th_line() {
    let w = [(2, 2), (7, 7), (12, 12), (17, 17)];
    // Without the length the output's 4 lines are the sequence's first 4 (before session 31,
    // until the step addresses' last change: file length unknown).
    for ws in [true, false] {
        check(ws, "sed -n '2~5p' a.py", &of(&[2, 7, 12, 17]), &w, &[]);
    }
    // Beside another printer the count is not the read's.
    let out = format!("x\n{}", of(&[2, 7, 12, 17]));
    check(false, "ls && sed -n '2~5p' a.py", &out, &[], UNKNOWN_LEN);
    // Cut (OpenHands): the head is the sequence's first lines, whatever the length.
    let out = "a4\na8\n[... Observation truncated due to length ...]\n16\na20\n";
    check(false, "sed -n '0~4p' a.py", out, &[(4, 4), (8, 8)], &[]);
    let w = [(4, 4), (8, 8), (12, 12), (16, 16), (20, 20)];
    check(
        true,
        "sed -n '0~4p' a.py",
        &of(&[4, 8, 12, 16, 20]),
        &w,
        &[],
    );
    // `3~0p`: line 3 alone.
    check(true, "sed -n '3~0p' a.py", &of(&[3]), &[(3, 3)], &[]);
    // A line two commands select prints twice (GNU sed: L2 L4 L5 L5 L6 L8 …).
    let out = of(&[2, 4, 5, 5, 6, 8, 11, 14, 17, 20]);
    let w = [
        (2, 2),
        (4, 6),
        (8, 8),
        (11, 11),
        (14, 14),
        (17, 17),
        (20, 20),
    ];
    for ws in [true, false] {
        check(ws, "sed -n '2~3p;4,6p' a.py", &out, &w, &[]);
    }
    // The doubled 5 is one of the three lines `head -3` keeps: 2, 4, 5.
    check(
        true,
        "sed -n '2~3p;4,6p' a.py | head -3",
        &of(&[2, 4, 5]),
        &[(2, 2), (4, 5)],
        &[],
    );
}

#[test]
fn sed_to_a_multiple_ends_after_the_start() {
    // GNU sed 4.9: `5,~4p` prints 5–8, `8,~4p` 8–12 (not 8 alone), `19,~4p` 19–20.
    for ws in [true, false] {
        check(
            ws,
            "sed -n '5,~4p' a.py",
            &of(&[5, 6, 7, 8]),
            &[(5, 8)],
            &[],
        );
        let out = of(&[8, 9, 10, 11, 12]);
        check(ws, "sed -n '8,~4p' a.py", &out, &[(8, 12)], &[]);
    }
    check(
        true,
        "sed -n '19,~4p' a.py",
        &of(&[19, 20]),
        &[(19, 20)],
        &[],
    );
    check(true, "sed -n '2,~0p' a.py", &of(&[2]), &[(2, 2)], &[]);
}

#[test]
fn awk_line_number_patterns_read_their_lines() {
    for ws in [true, false] {
        check(ws, "awk 'NR==5' a.py", &of(&[5]), &[(5, 5)], &[]);
        check(
            ws,
            "awk 'NR>=3 && NR<=6' a.py",
            &of(&[3, 4, 5, 6]),
            &[(3, 6)],
            &[],
        );
        check(
            ws,
            "awk 'NR>3 && NR<6 {print}' a.py",
            &of(&[4, 5]),
            &[(4, 5)],
            &[],
        );
        check(
            ws,
            "awk 'NR<=2 { print $0 }' a.py",
            &of(&[1, 2]),
            &[(1, 2)],
            &[],
        );
        check(
            ws,
            "awk 'NR==3,NR==6' a.py",
            &of(&[3, 4, 5, 6]),
            &[(3, 6)],
            &[],
        );
        // From a known line to the end: the output's count places the end without a workspace.
        check(
            ws,
            "awk 'NR>=18' a.py",
            &of(&[18, 19, 20]),
            &[(18, 20)],
            &[],
        );
        let all: Vec<u32> = (3..=20).collect();
        // A range pattern starts again on every line its start holds for: 3 to the end, not 3–6.
        check(ws, "awk 'NR>=3,NR<=6' a.py", &of(&all), &[(3, 20)], &[]);
    }
    // A `head` of more lines than the output shows: trimmed to what it shows.
    check(false, "awk 'NR<=100' a.py", &of(&[1, 2]), &[(1, 2)], &[]);
}

#[test]
fn awk_numbered_output_is_read_by_its_numbers() {
    let all: Vec<u32> = (1..=20).collect();
    for ws in [true, false] {
        check(
            ws,
            "awk '{print NR\": \"$0}' a.py",
            &numbered(&all, ": "),
            &[(1, 20)],
            &[],
        );
        let cmd = r#"awk '{printf "%d: %s\n", NR, $0}' a.py"#;
        check(ws, cmd, &numbered(&all, ": "), &[(1, 20)], &[]);
        check(
            ws,
            "awk '{print NR, $0}' a.py",
            &numbered(&all, " "),
            &[(1, 20)],
            &[],
        );
        let cmd = "awk 'NR>=3 && NR<=6 {print NR\": \"$0}' a.py";
        check(ws, cmd, &numbered(&[3, 4, 5, 6], ": "), &[(3, 6)], &[]);
    }
    // `%4d` pads the number with spaces.
    let out: String = (1..=3).map(|n| format!("{n:4}  a{n}\n")).collect();
    let cmd = r#"awk 'NR<=3 {printf "%4d  %s\n", NR, $0}' a.py"#;
    check(false, cmd, &out, &[(1, 3)], &[]);
    // The text is checked against the file.
    let cmd = "awk 'NR==4 {print NR\": \"$0}' a.py";
    check(true, cmd, "4: not a4\n", &[], &[Reason::TextMismatch]);
    // A number the pattern does not print is no line of it (another command's output).
    check(false, cmd, "4: a4\n7: a7\n", &[(4, 4)], &[]);
}

#[test]
fn awk_in_pipes() {
    for ws in [true, false] {
        check(
            ws,
            "cat a.py | awk 'NR>=5' | head -3",
            &of(&[5, 6, 7]),
            &[(5, 7)],
            &[],
        );
        check(
            ws,
            "awk 'NR>=5' a.py | head -2",
            &of(&[5, 6]),
            &[(5, 6)],
            &[],
        );
        // awk numbers the stream it reads: 1 is line 10.
        let cmd = "sed -n '10,20p' a.py | awk '{print NR\": \"$0}'";
        let out: String = (10..=20).map(|n| format!("{}: a{n}\n", n - 9)).collect();
        check(ws, cmd, &out, &[(10, 20)], &[]);
        // After numbered output, a choice of whole lines keeps the numbers.
        let cmd = "grep -n a1 a.py | awk 'NR<=2'";
        check(ws, cmd, "1:a1\n10:a10\n", &[(1, 1), (10, 10)], &[]);
    }
}

#[test]
fn other_awk_programs_read_nothing() {
    for cmd in [
        "awk -F: 'NR==5' a.py",
        "awk '{print $1}' a.py",
        "awk '/a5/' a.py",
        "awk 'NR%2==0' a.py",
        "awk 'NR==1 || NR==5' a.py",
        "awk 'NR==5' a.py a.py",
        "awk '{print NR $0}' a.py",
    ] {
        check(true, cmd, &of(&[5]), &[], &[Reason::UnknownCommand]);
    }
    // `| awk '{print $1}'` still hides the places (as before).
    let cmd = "grep -n a1 a.py | awk '{print $1}'";
    check(true, cmd, "1:a1\n", &[], &[Reason::NoLineNumbers]);
}

#[test]
fn awk_errors_show_no_line() {
    for (cmd, out) in [
        (
            "awk 'NR==1' b.py",
            "awk: cannot open b.py (No such file or directory)\n",
        ),
        (
            "gawk 'NR==1' b.py",
            "gawk: fatal: cannot open file `b.py' for reading: No such file or directory\n",
        ),
        (
            "awk 'NR==1' d",
            "awk: warning: command line argument `d' is a directory: skipped\n",
        ),
        ("mawk 'NR==1' d", "mawk: read error (Is a directory)\n"),
    ] {
        check(false, cmd, out, &[], &[Reason::ToolError]);
    }
}

/// Session 32: `$,X` and `first~step,X` ranges read what GNU sed 4.9 prints (before, nothing:
/// *unknown command*). `$,X` opens on the last line: that line alone, whatever X. `first~step,X`
/// opens at a line of the sequence, runs through X counted from there, and opens again at the
/// next line of the sequence after it.
#[test]
fn sed_ranges_from_the_last_line_or_a_step() {
    for script in ["$,5p", "$,+2p", "$,~4p", "$,0p", "$,$p"] {
        let cmd = format!("sed -n '{script}' a.py");
        check(true, &cmd, &of(&[20]), &[(20, 20)], &[]);
        check(false, &cmd, &of(&[20]), &[], UNKNOWN_LEN);
    }
    check(
        true,
        "head -5 a.py | sed -n '$,3p'",
        &of(&[5]),
        &[(5, 5)],
        &[],
    );
    type Case<'a> = (&'a str, &'a [u32], &'a [(u32, u32)]);
    let cases: [Case; 7] = [
        (
            "0~4,5p",
            &[4, 5, 8, 12, 16, 20],
            &[(4, 5), (8, 8), (12, 12), (16, 16), (20, 20)],
        ),
        (
            "2~3,+1p",
            &[2, 3, 5, 6, 8, 9, 11, 12, 14, 15, 17, 18, 20],
            &[
                (2, 3),
                (5, 6),
                (8, 9),
                (11, 12),
                (14, 15),
                (17, 18),
                (20, 20),
            ],
        ),
        (
            "1~5,~4p",
            &[1, 2, 3, 4, 6, 7, 8, 11, 12, 16, 17, 18, 19, 20],
            &[(1, 4), (6, 8), (11, 12), (16, 20)],
        ),
        (
            "2~3,$p",
            &[
                2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20,
            ],
            &[(2, 20)],
        ),
        (
            "2~7,10p;1p",
            &[1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 16],
            &[(1, 10), (16, 16)],
        ),
        ("3~0,6p", &[3, 4, 5, 6], &[(3, 6)]),
        (
            "2~4,~0p",
            &[2, 6, 10, 14, 18],
            &[(2, 2), (6, 6), (10, 10), (14, 14), (18, 18)],
        ),
    ];
    // No `$` address: without the length the output's lines are the first the script prints.
    for (script, shown, want) in cases {
        for ws in [true, false] {
            check(
                ws,
                &format!("sed -n '{script}' a.py"),
                &of(shown),
                want,
                &[],
            );
        }
    }
    // Cut: the head is the script's first lines.
    let out = "a4\na5\na8\n[... Observation truncated due to length ...]\na20\n";
    check(false, "sed -n '0~4,5p' a.py", out, &[(4, 5), (8, 8)], &[]);
    // `0~0,5p`: GNU sed's "invalid usage of line address 0"; an end it does not know.
    for cmd in [
        "sed -n '0~0,5p' a.py",
        "sed -n '$,xp' a.py",
        "sed -n '2~3,p' a.py",
    ] {
        check(true, cmd, "", &[], &[Reason::UnknownCommand]);
    }
}

/// Session 32: a count after `+` or `~` left out is 0 and may follow blanks, as GNU sed 4.9 reads
/// it: `5,+p` and `5,~p` print line 5 alone, `$,+p` and `$,~p` the last line, `0~4,+p` and
/// `0~4,~p` 4 8 12 …, `2~p` line 2, `5,+ 2p` 5–7 (before, nothing: *unknown command*).
#[test]
fn sed_counts_left_out_are_zero() {
    for script in ["$,~p", "$,+p", "$,+ p", "$,~ 2p"] {
        let cmd = format!("sed -n '{script}' a.py");
        check(true, &cmd, &of(&[20]), &[(20, 20)], &[]);
        check(false, &cmd, &of(&[20]), &[], UNKNOWN_LEN);
    }
    let fours: &[(u32, u32)] = &[(4, 4), (8, 8), (12, 12), (16, 16), (20, 20)];
    type Case<'a> = (&'a str, &'a [u32], &'a [(u32, u32)]);
    let cases: [Case; 9] = [
        ("5,~p", &[5], &[(5, 5)]),
        ("5,+p", &[5], &[(5, 5)]),
        ("0~4,+p", &[4, 8, 12, 16, 20], fours),
        ("0~4,~p", &[4, 8, 12, 16, 20], fours),
        ("2~p", &[2], &[(2, 2)]),
        ("2~ p;5,+ p", &[2, 5], &[(2, 2), (5, 5)]),
        ("5,+ 2p", &[5, 6, 7], &[(5, 7)]),
        ("5,~ 4p", &[5, 6, 7, 8], &[(5, 8)]),
        (
            "0 ~ 4,+ 1p",
            &[4, 5, 8, 9, 12, 13, 16, 17, 20],
            &[(4, 5), (8, 9), (12, 13), (16, 17), (20, 20)],
        ),
    ];
    for (script, shown, want) in cases {
        for ws in [true, false] {
            let cmd = format!("sed -n '{script}' a.py");
            check(ws, &cmd, &of(shown), want, &[]);
        }
    }
    // GNU sed errors: `0~p` is `0~0` (line address 0), `5,p` and `$,p` an end left out, `~4p`
    // and `0,+p` a first address it refuses, `5,+ +2p` a second count.
    for script in [
        "0~p", "5,p", "$,p", "~4p", "0,+p", "0,~p", "5,+ +2p", "5,~~p",
    ] {
        let cmd = format!("sed -n '{script}' a.py");
        check(true, &cmd, "", &[], &[Reason::UnknownCommand]);
    }
}

/// Blank lines at an output's end count as the log stores the output (docs/importers.md, *What
/// counts as displayed*): a final line break ends the last line. mini-swe-agent keeps an output
/// whole, so `head -5` of a file whose lines 4–5 are blank shows 5 lines; OpenHands `rstrip()`s
/// it (3 lines shown: 4–5 were not displayed), and an output of one blank line is then empty: no
/// line shown, as with no output.
#[test]
fn trailing_blank_lines_count_as_stored() {
    for ws in [true, false] {
        check(ws, "head -5 a.py", "a1\na2\na3\n\n\n", &[(1, 5)], &[]);
        check(ws, "head -5 a.py", "a1\na2\na3", &[(1, 3)], &[]);
        check(ws, "sed -n '2p' a.py", "\n", &[(2, 2)], &[]);
        check(ws, "sed -n '2p' a.py", "", &[], &[Reason::NothingShown]);
    }
}
