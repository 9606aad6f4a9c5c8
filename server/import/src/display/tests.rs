use super::*;
use lines::same_normalized;

fn check(output: &str, head: &[&str], tail: &[&str], cut: Cut) {
    let d = displayed(output);
    assert_eq!(
        (d.head, d.tail, d.cut),
        (head.to_vec(), tail.to_vec(), cut),
        "{output:?}"
    );
}

#[test]
fn truncations_of_each_tool() {
    check("a\nb\n", &["a", "b"], &[], Cut::None);
    check(
        "l1\nl2\nl3 start\n[... Observation truncated due to length ...]\nend\nl9\n",
        &["l1", "l2", "l3 start"],
        &["end", "l9"],
        Cut::Middle,
    );
    check(
        "<returncode>0</returncode>\n<warning>long</warning>\n<output_head>\n1\n2\n</output_head>\n<elided_chars>\n9 characters elided\n</elided_chars>\n<output_tail>\n8\n9\n</output_tail>",
        &["1", "2"],
        &["8", "9"],
        Cut::Middle,
    );
    check(
        "<returncode>0</returncode>\n<output>\nx\ny\n</output>",
        &["x", "y"],
        &[],
        Cut::None,
    );
    // mini-swe-agent 2.2.x puts `<exception>…</exception>` before the return code when the
    // command failed to run (a timeout, with the output it printed so far): still its template
    // (before, the tags were counted as four lines of output).
    check(
        "<exception>An error occurred while executing the command: Command 'cat a.py' timed out after 60 seconds</exception>\n<returncode>-1</returncode>\n<output>\nx\ny\n</output>",
        &["x", "y"],
        &[],
        Cut::None,
    );
    // mini-swe-agent 1.15.0's timeout_template: only the output inside is the command's (before,
    // the template's four lines were counted as output).
    check(
        "The last command <command>cat a.py</command> timed out and has been killed.\nThe output of the command was:\n <output>\nx\ny\n\n</output>\nPlease try another command and make sure to avoid those requiring interactive input.",
        &["x", "y"],
        &[],
        Cut::None,
    );
    // Not mini-swe-agent: an XML file that happens to contain `<output>` is shown whole.
    check(
        "<a>\n<output>\nx\n</output>",
        &["<a>", "<output>", "x", "</output>"],
        &[],
        Cut::None,
    );
    check(
        "     1\ta\n     2\tbb<response clipped><NOTE>only part</NOTE>\n     3\tc\n",
        &["     1\ta", "     2\tbb"],
        &[],
        Cut::End,
    );
    check(
        "<persisted-output>\nOutput too large (126.7KB). Full output saved to: /x/t.txt\n\nPreview (first 2KB):\nfoo\nbar\n...\n</persisted-output>",
        &["foo", "bar"],
        &[],
        Cut::End,
    );
    // Claude Code's own cut (cli.js 2.0.76 and 2.1.7): the first characters, a blank line of its
    // own, the marker, nothing after. The blank line is no line of the output (before, it was
    // credited as one, and a tail was assumed).
    check(
        "a\nb\n\n... [120 lines truncated] ...",
        &["a", "b"],
        &[],
        Cut::End,
    );
    // Cut at a line break: the head ends with it, one blank line of the tool's still follows.
    check(
        "a\nb\n\n\n... [120 lines truncated] ...",
        &["a", "b"],
        &[],
        Cut::End,
    );
    // Text after the marker (no tool of the shipped logs writes it) is still a tail.
    check(
        "a\nb\n\n... [120 lines truncated] ...\n\ny\nz",
        &["a", "b"],
        &["", "y", "z"],
        Cut::Middle,
    );
    check(
        "src/a.ts:1: x …512 chars truncated… y\nsrc/b.ts:9: z",
        &["src/a.ts:1: x "],
        &[" y", "src/b.ts:9: z"],
        Cut::Middle,
    );
    // Older Codex: the marker on a line of its own between whole lines.
    check(
        "a\nb\n…120 tokens truncated…\ny\nz\n",
        &["a", "b"],
        &["y", "z"],
        Cut::Middle,
    );
    assert!(!displayed("a\n…1 tokens truncated…\ny").tail_partial);
    check(
        "The output of your last command was too long.\nPlease try again.",
        &[],
        &[],
        Cut::End,
    );
}

/// Inspect AI wraps a too long tool output (`truncate_tool_output`); what it keeps inside
/// depends on the version, and only the first half of it is surely the output's start.
#[test]
fn inspect_truncated_tool_output_shows_the_first_half_of_what_it_kept() {
    let wrap = |kept: &str| {
        format!("\nThe output of your call to bash was too long to be displayed.\nHere is a truncated version:\n<START_TOOL_OUTPUT>\n{kept}\n<END_TOOL_OUTPUT>\n")
    };
    // 0.3.135: the first 6 bytes of "a1\n…a8\n" glued to its last 6 (max_tool_output 12).
    let glued = wrap("a1\na2\na7\na8\n");
    check(&glued, &["a1", "a2"], &[], Cut::End);
    // 0.3.77: the first 12 bytes, cut mid-line; half of them, the last line in part.
    let d = displayed(&glued);
    assert!(!d.head_partial);
    let head = wrap("a1\na2\na3\na4\n");
    check(&head, &["a1", "a2"], &[], Cut::End);
    let mid = wrap("a1\na2\na3\na4\na5");
    check(&mid, &["a1", "a2", "a"], &[], Cut::End);
    assert!(displayed(&mid).head_partial);
    // The tool's notes are no lines of the output (before, a `cat` was credited the five lines
    // of notes as lines of the file, and the hidden lines past the cut with them).
    assert_eq!(displayed(&glued).keep(&[(1, 8)]), vec![(1, 2)]);
}

#[test]
fn keep_never_credits_more_than_displayed() {
    let stream = [(1, 4), (7, 12)];
    let cut = displayed("1\n2\n3\n[... Observation truncated due to length ...]\n9\n10\n");
    assert_eq!(cut.keep(&stream), vec![(1, 3), (11, 12)]);
    let cut =
        displayed("1\n2\n3\n4\n[... Observation truncated due to length ...]\n8\n9\n10\n11\n12\n");
    assert_eq!(cut.keep(&stream), vec![(1, 4), (8, 12)]);
    assert_eq!(displayed("a\nb\n").keep(&stream), vec![(1, 2)]);
    assert_eq!(displayed("a<response clipped>").keep(&stream), vec![(1, 1)]);
    assert_eq!(displayed("a\nb\nc\n").keep(&[(4, 5)]), vec![(4, 5)]);
    assert_eq!(
        displayed("a\nb\n").keep(&[(1, 4_000_000_000)]),
        vec![(1, 2)]
    );
    assert_eq!(displayed("").keep(&[(1, 9)]), vec![]);
}

#[test]
fn partial_lines_at_the_cut() {
    let d = displayed("ab\ncd\n[... Observation truncated due to length ...]\nef\ngh");
    let parts: Vec<Part> = d.lines().map(|(_, p)| p).collect();
    assert_eq!(
        parts,
        vec![Part::Whole, Part::Prefix, Part::Suffix, Part::Whole]
    );
}

#[test]
fn text_modulo_tabs_trailing_space_and_crlf() {
    assert!(same_text("\tdef f():", "        def f():", Part::Whole));
    assert!(same_text("x\ty", "x       y", Part::Whole));
    assert!(same_text("ab\tc", "ab      c", Part::Whole));
    assert!(same_text("a = 1  \r", "a = 1", Part::Whole));
    assert!(same_text("\treturn x", "        ret", Part::Prefix));
    assert!(!same_text("\treturn x", "    return x", Part::Whole));
    assert!(!same_text("a = 1", "a = 2", Part::Whole));
}

#[test]
fn is_cut_without_splitting_agrees_with_displayed() {
    for output in [
        "a\nb\n",
        "l1\n[... Observation truncated due to length ...]\nend\n",
        "<returncode>0</returncode>\n<output_head>\n1\n</output_head>\n<output_tail>\n9\n</output_tail>",
        "<returncode>0</returncode>\n<output>\nx\n</output>",
        "     2\tbb<response clipped><NOTE>only part</NOTE>\n",
        "<persisted-output>\nPreview (first 2KB):\nfoo\n...\n</persisted-output>",
        "a\n... [120 lines truncated] ...\nz",
        "x …512 chars truncated… y",
        "The output of your last command was too long.",
        "truncated, but no marker",
        "",
    ] {
        assert_eq!(is_cut(output), displayed(output).is_cut(), "{output:?}");
    }
}

/// `lines_of` as it was written before it searched with `memchr`.
fn lines_by_split(text: &str) -> Vec<&str> {
    if text.is_empty() {
        return Vec::new();
    }
    let t = text.strip_suffix('\n').unwrap_or(text);
    t.split('\n')
        .map(|l| l.strip_suffix('\r').unwrap_or(l))
        .collect()
}

#[test]
fn lines_of_agrees_with_split() {
    for t in [
        "",
        "\n",
        "\n\n",
        "a",
        "a\n",
        "a\r\n",
        "a\r\r\n\r",
        "\r\n\rb\n",
        "é\nü\r\n",
    ] {
        assert_eq!(lines_of(t), lines_by_split(t), "{t:?}");
    }
}

proptest::proptest! {
    #[test]
    fn lines_of_agrees_with_split_on_any_text(t in "[ab\\n\\ré\t]{0,200}") {
        proptest::prop_assert_eq!(lines_of(&t), lines_by_split(&t));
    }
}

proptest::proptest! {
    /// `same_text`'s shortcuts (equal texts; no tab on either side) answer as comparing the two
    /// texts normalised always would.
    #[test]
    fn same_text_is_the_normalised_comparison(
        file in "[a \t\r]{0,12}",
        shown in "[a \t\r]{0,12}",
        equal in proptest::bool::ANY,
        part in proptest::sample::select(vec![Part::Whole, Part::Prefix, Part::Suffix]),
    ) {
        let shown = if equal { file.clone() } else { shown };
        proptest::prop_assert_eq!(
            same_text(&file, &shown, part),
            same_normalized(&normalize(&file), &normalize(&shown), part)
        );
    }
}

#[test]
fn older_codex_line_cut() {
    // codex-rs `truncate_formatted_exec_output`: whole head lines, the marker after a line break
    // of its own, a blank line, then the tail.
    let d = displayed("1\n2\n\n[... omitted 5 of 9 lines ...]\n\n8\n9\n");
    assert_eq!(
        (d.head, d.tail.clone(), d.cut),
        (vec!["1", "2"], vec!["8", "9"], Cut::Middle)
    );
    assert!(!d.head_partial && !d.tail_partial);
    // A head cut by bytes ends mid-line: no line break of its own before the marker's.
    let d = displayed("1\n2 sta\n[... omitted 5 of 9 lines ...]\n\n8\n9");
    assert_eq!((d.head.clone(), d.head_partial), (vec!["1", "2 sta"], true));
    // Only bytes over: the other marker.
    let d = displayed("1\n2\n\n[... output truncated to fit 10240 bytes ...]\n\n9\n");
    assert_eq!((d.head, d.tail), (vec!["1", "2"], vec!["9"]));
    // A text that fills a byte budget (2 KiB, 10 KiB) may have its tail cut mid-line; one that
    // fills none was not cut by bytes.
    for (pad, partial) in [(1_100, false), (1_004, true), (5_117, true)] {
        let cut = format!(
            "{}\n[... omitted 5 of 9 lines ...]\n\n8\n9\n",
            "x\n".repeat(pad)
        );
        assert_eq!(displayed(&cut).tail_partial, partial, "{}", cut.len());
    }
    // The marker text inside a line is a line.
    check(
        "see [... omitted 5 of 9 lines ...] here\n",
        &["see [... omitted 5 of 9 lines ...] here"],
        &[],
        Cut::None,
    );
}

/// A cut that leaves only blanks of a line shows none of its text (session 33's hand check of the
/// shipped logs): mini-swe-agent-v1 astropy-14182's `cat astropy/io/ascii/fixedwidth.py`, whose
/// head ends in 11 blanks of line 137; likewise a tail that opens on the line break ending a line.
#[test]
fn a_cut_line_showing_only_blanks_is_no_line() {
    let obs = "<returncode>0</returncode>\n<output_head>\na\n    # Define self.col_starts\n           \n\
               </output_head>\n<elided_chars>\n9 characters elided\n</elided_chars>\n<output_tail>\n\
               \n    # Bar delimiter\nz\n\n</output_tail>";
    let d = displayed(obs);
    assert_eq!(d.head, vec!["a", "    # Define self.col_starts"]);
    assert_eq!(d.tail, vec!["    # Bar delimiter", "z"]);
    assert!(!d.head_partial && !d.tail_partial);
    // A head cut inside the text keeps its part, as before.
    let d = displayed("     1\ta\n     2\t    bb<response clipped><NOTE>x</NOTE>\n");
    assert_eq!((d.head.len(), d.head_partial), (2, true));
    // Only blanks left of an unnumbered line's start: no line.
    let d = displayed("a\n    <response clipped><NOTE>x</NOTE>\n");
    assert_eq!((d.head, d.head_partial), (vec!["a"], false));
}

#[test]
fn keep_of_an_empty_file_is_nothing() {
    // `cat` of an empty file: its whole range is (1, 0). Found by the sed -i oracle (session 36),
    // which panicked in a debug build.
    assert_eq!(displayed("").keep(&[(1, 0)]), vec![]);
    let cut = displayed("1\n[... Observation truncated due to length ...]\n9\n");
    assert_eq!(cut.keep(&[(1, 0), (1, 3), (7, 9)]), vec![(1, 1), (9, 9)]);
}
