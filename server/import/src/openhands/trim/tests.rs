use super::{strip_trailer, trim_to_range};

#[test]
fn view_range_drops_the_extra_line() {
    let out = "Here's the result:\n   306\tdef f():\n   307\t    pass\n   308\t\n";
    let r = serde_json::json!([306, 307]);
    assert_eq!(
        trim_to_range(out, Some(&r)),
        "Here's the result:\n   306\tdef f():\n   307\t    pass\n"
    );
}

/// A view to the end of a file that ends in a newline numbers one more, empty line: dropped
/// with or without a range ending in -1, never when the output was clipped, and a file whose
/// own last line is empty keeps it (only the one extra line goes).
#[test]
fn a_view_to_the_end_drops_the_extra_empty_line() {
    let out = "Here's the result of running `cat -n` on /w/a.py:\n     1\tx\n     2\t\n     3\t\n";
    let want = "Here's the result of running `cat -n` on /w/a.py:\n     1\tx\n     2\t\n";
    assert_eq!(trim_to_range(out, None), want);
    assert_eq!(trim_to_range(out, Some(&serde_json::json!([1, -1]))), want);
    let last = "     1\tx\n     2\ty";
    assert_eq!(
        trim_to_range(last, None),
        last,
        "no final newline: nothing extra"
    );
    // The SWE-agent editor trims its output's end: the extra line is a bare `     3`.
    let trimmed =
        "Here's the result of running `cat -n` on /w/a.py:\r\n     1\tx\r\n     2\ty\r\n     3";
    assert_eq!(
        trim_to_range(trimmed, None),
        "Here's the result of running `cat -n` on /w/a.py:\r\n     1\tx\r\n     2\ty\r\n"
    );
    let clipped = "     1\tx\n     2\t\n<response clipped><NOTE>To save on context only part of this file has been shown to you.</NOTE>\n";
    assert_eq!(trim_to_range(clipped, None), clipped);
}

/// Cut in the middle (Inspect 0.3.117 and later keep the first and the last half of a long output),
/// a view's tail runs to the end of the output, the file's end: its extra empty line goes (it
/// stayed, read as a line past the file's end, on f348ceb), and a last line with text stays.
#[test]
fn a_view_cut_in_the_middle_drops_the_extra_line_at_its_end() {
    let cut = "     1\tx\n     2\ty\n[... Observation truncated due to length ...]\n  1999\tz\n  2000\tw\n  2001\t\n";
    let want = "     1\tx\n     2\ty\n[... Observation truncated due to length ...]\n  1999\tz\n  2000\tw\n";
    assert_eq!(trim_to_range(cut, None), want);
    assert_eq!(trim_to_range(cut, Some(&serde_json::json!([1, -1]))), want);
    assert_eq!(
        trim_to_range(want, None),
        want,
        "the file's own last line stays"
    );
}

/// SWE-agent's filemap of a long Python file: its `{n:6d} {line}` lines read as `cat -n`
/// lines, the elision markers and notes not (SWE-agent tools/edit_anthropic
/// `Filemap.show_filemap`).
#[test]
fn a_filemap_view_reads_as_the_numbered_lines_it_prints() {
    let out = "<NOTE>This file is too large to display entirely. Showing abbreviated version. Please use `str_replace_editor view` with the `view_range` parameter to show selected lines next.</NOTE>\r\n     1 import os\r\n     2 \r\n     3 def f():\r\n     4 ... eliding lines 4-12 ...\r\n    13\r\n    14 x = 1\r\n<IMPORTANT><NOTE>The above file has been abbreviated.</NOTE></IMPORTANT>";
    assert_eq!(
        trim_to_range(out, None),
        "     1\timport os\r\n     2\t\r\n     3\tdef f():\r\n    13\t\r\n    14\tx = 1\r\n"
    );
    // Behind the dataset's `OBSERVATION:` too; a plain `cat -n` view is left as it was.
    let obs = format!("OBSERVATION:\n{out}");
    assert!(trim_to_range(&obs, None).starts_with("     1\timport os"));
    let plain = "     1\tx\n     2\ty";
    assert_eq!(trim_to_range(plain, None), plain);
}

#[test]
fn trailer_gives_cwd() {
    let (body, cwd) = strip_trailer("1:x\n[The command completed with exit code 0.]\n[Current working directory: /workspace/a__b__1]\n[Python interpreter: /x]\n[Command finished with exit code 0]");
    assert_eq!(body, "1:x\n");
    assert_eq!(cwd.as_deref(), Some("/workspace/a__b__1"));
}

/// The line-vector versions the one-pass ones replaced (the oracle for the property test).
fn strip_trailer_by_lines(out: &str) -> (String, Option<String>) {
    let mut lines: Vec<&str> = out.split('\n').collect();
    let mut cwd = None;
    while let Some(last) = lines.last() {
        let t = last.trim();
        if t.is_empty() || super::TRAILERS.iter().any(|p| t.starts_with(p)) {
            if let Some(dir) = t
                .strip_prefix("[Current working directory: ")
                .and_then(|r| r.strip_suffix(']'))
            {
                cwd = Some(dir.to_string());
            }
            lines.pop();
        } else {
            break;
        }
    }
    let mut body = lines.join("\n");
    if !body.is_empty() {
        body.push('\n');
    }
    (body, cwd)
}

fn trim_to_range_by_lines(out: &str, range: Option<&serde_json::Value>) -> String {
    // A bare `   3` (the tab trimmed off with the output's end) is a numbered, empty line.
    let bare = |l: &str| {
        let d = l.trim_end_matches(['\n', '\r']).trim_start_matches(' ');
        !d.is_empty() && d.bytes().all(|b| b.is_ascii_digit())
    };
    let numbered = |l: &str| {
        let n = l.trim_start_matches(' ').split('\t').next();
        bare(l)
            || (l.contains('\t')
                && n.is_some_and(|n| !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit())))
    };
    let Some(end) = range
        .and_then(|r| r.get(1))
        .and_then(serde_json::Value::as_i64)
        .filter(|e| *e > 0)
    else {
        let shown = crate::display::displayed(out);
        if shown.is_cut() && shown.tail.is_empty() {
            return out.to_string();
        }
        let mut lines: Vec<&str> = out.split_inclusive('\n').collect();
        if let Some(i) = lines.iter().rposition(|l| numbered(l)) {
            let text = lines[i].split_once('\t').map_or("", |(_, t)| t);
            if text.trim_end_matches(['\n', '\r']).is_empty() {
                lines.remove(i);
            }
        }
        return lines.concat();
    };
    out.split_inclusive('\n')
        .filter(|l| {
            let n = l
                .trim_start_matches(' ')
                .split('\t')
                .next()
                .and_then(|n| n.trim_end_matches(['\n', '\r']).parse::<i64>().ok());
            !(numbered(l) && n.is_some_and(|n| n > end))
        })
        .collect()
}

proptest::proptest! {
    #[test]
    fn memchr_lines_are_the_str_splitters(out in "[a\n\ré]{0,12}") {
        let want: Vec<&str> = out.split_inclusive('\n').collect();
        proptest::prop_assert_eq!(super::lines_of(&out).collect::<Vec<_>>(), want.clone());
        let back: Vec<&str> = want.into_iter().rev().collect();
        proptest::prop_assert_eq!(super::lines_back(&out).collect::<Vec<_>>(), back);
    }

    #[test]
    fn one_pass_trims_agree_with_the_line_vectors(
        parts in proptest::collection::vec(proptest::sample::select(vec![
            " ", "\n", "\t", "\r", "1", "12", "99999999999999999999", "x", "  3\t",
            "[Current working directory: /w/a]", "[Python interpreter: /p]",
            "[The command completed with exit code 0.]", " [Command finished with exit code 1] ",
            "<response clipped>", "é",
        ]), 0..24),
        end in -2i64..20,
    ) {
        let out: String = parts.concat();
        let (body, cwd) = strip_trailer(&out);
        let borrowed = matches!(body, std::borrow::Cow::Borrowed(_));
        proptest::prop_assert_eq!((body.into_owned(), cwd), strip_trailer_by_lines(&out));
        // Borrowed whenever the body's own line break is in `out` (the copy is the exception).
        let keep = strip_trailer_by_lines(&out).0.len();
        proptest::prop_assert_eq!(borrowed, keep == 0 || out.get(..keep).is_some_and(|p| p.ends_with('\n')));
        let range = serde_json::json!([1, end]);
        for r in [None, Some(&range)] {
            let want = trim_to_range_by_lines(&out, r);
            let got = super::trim_to_end(&out, super::args::view_end(r));
            // `out` itself, not a copy, whenever nothing is dropped.
            proptest::prop_assert_eq!(matches!(got, std::borrow::Cow::Borrowed(_)), want == out);
            proptest::prop_assert_eq!(got.into_owned(), want);
        }
    }
}
