use super::*;

fn lines(output: &str, style: Style) -> Vec<u32> {
    parse(output, style).iter().map(|s| s.line).collect()
}

#[test]
fn styles() {
    let catn = "Here's the result of running `cat -n` on /x.py:\n     1\timport os\n     2\t\n    10\tx = 1\n";
    assert_eq!(lines(catn, Style::CatN), vec![1, 2, 10]);
    assert_eq!(
        lines(
            "     7→def f():\n     8→    pass\n<system-reminder>",
            Style::Arrow
        ),
        vec![7, 8]
    );
    let swe = "[File: /r/A.java (233 lines total)]\n(133 more lines above)\n134:  x\n135:\n(98 more lines below)";
    assert_eq!(lines(swe, Style::Colon), vec![134, 135]);
    assert_eq!(
        lines("39:    def __init__(\n40-  ctx\n--\n172:  y", Style::Grep),
        vec![39, 40, 172]
    );
}

#[test]
fn clipped_output_stops_at_marker() {
    let out = "     1\ta\n     2\tbb<response clipped><NOTE>only part</NOTE>\n     3\tc\n";
    let got = parse(out, Style::CatN);
    assert_eq!(got.len(), 2);
    assert!(got[1].partial);
    assert_eq!(got[1].text, "bb");
}

/// openhands-aci and software-agent-sdk clip the file text before numbering it: a clip that falls
/// right after a line break puts the notice on a numbered line of its own, which shows no line.
#[test]
fn a_clip_right_after_a_line_break_shows_no_next_line() {
    let out = "     1\ta\n     2\tbb\n     3\t<response clipped><NOTE>only part</NOTE>\n";
    assert_eq!(lines(out, Style::CatN), vec![1, 2]);
    // V1 keeps a tail after the notice: the head still ends at line 2.
    let v1 = "     1\ta\n     2\t\n     3\t<response clipped><NOTE>x</NOTE>ccc\n     4\td\n";
    assert_eq!(lines(v1, Style::CatN), vec![1, 2]);
    assert_eq!(lines("12:a\n13:<response clipped>", Style::Grep), vec![12]);
}

#[test]
fn grep_multi() {
    let got = parse_grep_multi("a/b.py:12:x = 1\na/b-c.py-13-ctx\nnoise\n");
    let flat: Vec<(&str, u32, &str)> = got.into_iter().map(|(p, s)| (p, s.line, s.text)).collect();
    assert_eq!(flat, vec![("a/b.py", 12, "x = 1"), ("a/b-c.py", 13, "ctx")]);
}

#[test]
fn grep_multi_path_holding_dash_number_dash() {
    // rg -n over fixtures (the Codex rollout sample, step 10): the file name holds `-2026-`.
    let out = "t/session-2026-01-16T11-01-ops.json:17:  \"content\": 1\n\
               t/a-1-b.py-4-ctx\nt/a-1-b.py:5:m\nt/c.py-2-  x[1:2:3]\nt/c.py:3:z\n";
    let got = parse_grep_multi(out);
    let flat: Vec<(&str, u32, &str)> = got.into_iter().map(|(p, s)| (p, s.line, s.text)).collect();
    assert_eq!(
        flat,
        vec![
            (
                "t/session-2026-01-16T11-01-ops.json",
                17,
                "  \"content\": 1"
            ),
            ("t/a-1-b.py", 4, "ctx"),
            ("t/a-1-b.py", 5, "m"),
            // A context line whose text holds `:2:` stays a context line of t/c.py.
            ("t/c.py", 2, "  x[1:2:3]"),
            ("t/c.py", 3, "z"),
        ]
    );
}

#[test]
fn ranges_merge() {
    assert_eq!(ranges([5, 3, 4, 9, 9, 10]), vec![(3, 5), (9, 10)]);
    assert_eq!(ranges([]), vec![]);
}

/// The regexes the hand matchers replaced, applied as before: a captured number that does not
/// parse as a `u32`, or is 0, gives no line.
fn by_regex(line: &str, style: Style) -> Option<(u32, &str)> {
    let re = regex::Regex::new(match style {
        Style::CatN => r"^ *(\d+)\t(.*)$",
        Style::Arrow => r"^ *(\d+)→(.*)$",
        Style::Colon => r"^(\d+):(.*)$",
        Style::Grep => r"^(\d+)[:-](.*)$",
    })
    .unwrap();
    let c = re.captures(line)?;
    let n = c[1].parse::<u32>().ok().filter(|n| *n > 0)?;
    Some((n, c.get(2).unwrap().as_str()))
}

/// On one line the match path is the one before the first `:N:` (ASCII digits): its split wins
/// when its number is valid; else the first split, as the regex took it.
fn grep_by_regex(line: &str) -> Option<(&str, u32, &str)> {
    let colon = regex::Regex::new(r"^(.+?):([0-9]+):(.*)$").unwrap();
    if let Some(c) = colon.captures(line) {
        if let Some(n) = c[2].parse::<u32>().ok().filter(|n| *n > 0) {
            return Some((c.get(1).unwrap().as_str(), n, c.get(3).unwrap().as_str()));
        }
    }
    let re = regex::Regex::new(r"^(.+?)(?::(\d+):|-(\d+)-)(.*)$").unwrap();
    let c = re.captures(line)?;
    let n = c
        .get(2)
        .or(c.get(3))?
        .as_str()
        .parse::<u32>()
        .ok()
        .filter(|n| *n > 0)?;
    Some((c.get(1).unwrap().as_str(), n, c.get(4).unwrap().as_str()))
}

fn by_hand(line: &str, style: Style) -> Option<(u32, &str)> {
    let s = parse(line, style);
    assert!(s.len() <= 1);
    s.first().map(|s| (s.line, s.text))
}

fn grep_by_hand(line: &str) -> Option<(&str, u32, &str)> {
    let s = parse_grep_multi(line);
    assert!(s.len() <= 1);
    s.first().map(|(p, s)| (*p, s.line, s.text))
}

#[test]
fn hand_matchers_agree_with_the_regexes_on_edge_cases() {
    // `٣` is a Unicode digit (`\d` takes it, `u32::from_str` does not); 4294967296 overflows.
    for line in [
        "  12\tx",
        "12\t",
        "\t",
        "  \tx",
        " 0\tx",
        "4294967296\tx",
        "4294967295\tx",
        "1٣\tx",
        "٣\tx",
        " 7→a→b",
        "7 →a",
        "12:x:y",
        ":12:",
        "12-x",
        "12",
        "",
        "x 12\ty",
        "0012:a",
        "a:12:b",
        "a-12-b",
        "a:٣:b:4:c",
        "a:1٣:b:4:c",
        "a:4294967296:b:5:c",
        "a-12:b",
        "::1:",
        "-1-",
        "a:-1-",
        "p:12-x-3-y",
        "é:3:x",
        "a/é.py-4-ctx",
        "a:b:c",
        "a:12",
        "a:12x:3:",
    ] {
        for style in [Style::CatN, Style::Arrow, Style::Colon, Style::Grep] {
            assert_eq!(
                by_hand(line, style),
                by_regex(line, style),
                "{line:?} {style:?}"
            );
        }
        assert_eq!(grep_by_hand(line), grep_by_regex(line), "{line:?}");
    }
}

proptest::proptest! {
    #[test]
    fn hand_matchers_agree_with_the_regexes(
        line in proptest::string::string_regex("[ \t:\\-→0-9٣a/.é]{0,14}").unwrap()
    ) {
        for style in [Style::CatN, Style::Arrow, Style::Colon, Style::Grep] {
            proptest::prop_assert_eq!(by_hand(&line, style), by_regex(&line, style));
        }
        proptest::prop_assert_eq!(grep_by_hand(&line), grep_by_regex(&line));
    }
}

/// A `cat -n` view whose output's end was trimmed ends in a bare `   N`: an empty line N, shown,
/// when it is the last line and follows line N − 1; a bare number anywhere else, or out of
/// sequence, is no line.
#[test]
fn a_bare_last_number_is_an_empty_line() {
    let lines = |out: &str| -> Vec<(u32, String)> {
        parse(out, Style::CatN)
            .into_iter()
            .map(|s| (s.line, s.text.to_string()))
            .collect()
    };
    assert_eq!(
        lines("   789\tx\r\n   790"),
        [(789, "x".to_string()), (790, String::new())]
    );
    assert_eq!(lines("   789\tx\n42"), [(789, "x".to_string())]);
    assert_eq!(
        lines("   789\tx\n   790\n   791\ty"),
        [(789, "x".to_string()), (791, "y".to_string())]
    );
    assert_eq!(lines("   790"), []);
    // Other styles never.
    assert_eq!(parse("12:x\n13", Style::Colon).len(), 1);
}

#[test]
fn a_line_gemini_cli_cut_is_its_start() {
    let long = "x".repeat(2_000);
    let out = format!("     1→a\n     2→{long}{LONG_LINE_CUT}\n     3→b\n");
    let got = parse(&out, Style::Arrow);
    assert_eq!(got.iter().map(|s| s.line).collect::<Vec<_>>(), [1, 2, 3]);
    assert_eq!((got[1].text, got[1].partial), (long.as_str(), true));
    assert!(!got[0].partial && !got[2].partial);
    // A shorter line that ends in the marker's text was shown whole: it is the file's text.
    let short = format!("     4→see {LONG_LINE_CUT}\n");
    let got = parse(&short, Style::Arrow);
    assert_eq!(
        (got[0].text, got[0].partial),
        ("see ... [truncated]", false)
    );
    // 2,000 UTF-16 units: 1,000 characters outside the basic plane are enough.
    let wide = "\u{1F600}".repeat(1_000);
    let out = format!("     5→{wide}{LONG_LINE_CUT}\n");
    let got = parse(&out, Style::Arrow);
    assert_eq!((got[0].text, got[0].partial), (wide.as_str(), true));
    // Other styles are other tools' texts: the marker is theirs to mean.
    let out = format!("     6\t{long}{LONG_LINE_CUT}\n");
    let got = parse(&out, Style::CatN);
    assert!(!got[0].partial);
}

#[test]
fn a_line_ripgrep_omitted_shows_no_text() {
    // ripgrep 14.1.1 with `--max-columns 500` (Claude Code's `Grep`), one file and several.
    let one = "1-import os\n2:def lookup(i):\n4-[Omitted long context line]\n5:[Omitted long matching line]\n6-x = 1\n9:[Omitted long line with 2 matches]\n";
    assert_eq!(lines(one, Style::Grep), vec![1, 2, 6]);
    let many = "pkg/t.py:2:def lookup(i):\n/r/pkg/t.py-4-[Omitted long context line]\npkg/t.py:5:[Omitted long matching line]\n/r/pkg/t.py-6-x = 1\n";
    let got: Vec<(&str, u32)> = parse_grep_multi(many)
        .into_iter()
        .map(|(p, s)| (p, s.line))
        .collect();
    assert_eq!(got, vec![("pkg/t.py", 2), ("/r/pkg/t.py", 6)]);
    // Anything else in brackets is a line's text.
    assert_eq!(
        lines(
            "3:[Omitted long line with x matches]\n4:[Omitted]\n",
            Style::Grep
        ),
        vec![3, 4]
    );
}

/// psf__requests-1766's whole-file view of test_requests.py is clipped after five blanks of line
/// 473 (`   473\t     <response clipped>…`): none of its text was shown, so it is no line.
#[test]
fn a_clip_inside_the_indentation_shows_no_line() {
    let out = "   472\t    def test_prepared_from_session(self):\n   473\t     <response clipped><NOTE>Due to the max output limit</NOTE>\n";
    assert_eq!(lines(out, Style::CatN), vec![472]);
    // Some text shown: a line (partial).
    let out =
        "   393\t                bp_options[\"url_prefix\"] <response clipped><NOTE>x</NOTE>\n";
    assert_eq!(lines(out, Style::CatN), vec![393]);
}
