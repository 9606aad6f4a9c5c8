//! Numbered tool output: the lines an observation actually shows, with their numbers and text.
//!
//! Styles: `cat -n` (`   12\ttext`, OpenHands `view`), Claude Code `Read` (`    12→text`), SWE-agent
//! windows (`12:text`), and `grep -n` (`12:match`, `12-context`, or `path:12:` over several files).
//! Only the lines the observation displayed count ([`crate::display`]).

use crate::display::{displayed, Part};
use regex::Regex;
use std::sync::OnceLock;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Style {
    CatN,
    Arrow,
    Colon,
    Grep,
}

/// One line an output shows: its number and text (`partial` when a clip cut it short).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Shown {
    pub line: u32,
    pub text: String,
    pub partial: bool,
}

fn re(style: Style) -> &'static Regex {
    static RES: OnceLock<[Regex; 4]> = OnceLock::new();
    let all = RES.get_or_init(|| {
        [
            Regex::new(r"^ *(\d+)\t(.*)$").expect("static regex"),
            Regex::new(r"^ *(\d+)→(.*)$").expect("static regex"),
            Regex::new(r"^(\d+):(.*)$").expect("static regex"),
            Regex::new(r"^(\d+)[:-](.*)$").expect("static regex"),
        ]
    });
    &all[style as usize]
}

/// The numbered lines `output` displayed, in the given style (see [`displayed`]: nothing past a
/// clip marker, nothing from a cut-out middle; a line whose start was cut off is not trusted).
pub fn parse(output: &str, style: Style) -> Vec<Shown> {
    let mut out = Vec::new();
    for (line, part) in displayed(output).lines() {
        if part == Part::Suffix {
            continue;
        }
        if let Some(c) = re(style).captures(line) {
            if let Ok(n) = c[1].parse::<u32>() {
                if n > 0 {
                    out.push(Shown {
                        line: n,
                        text: c[2].to_string(),
                        partial: part == Part::Prefix,
                    });
                }
            }
        }
    }
    out
}

/// `grep -n` over several files: `path:12:match` and `path-12-context` lines.
pub fn parse_grep_multi(output: &str) -> Vec<(String, Shown)> {
    static RE: OnceLock<Regex> = OnceLock::new();
    let re =
        RE.get_or_init(|| Regex::new(r"^(.+?)(?::(\d+):|-(\d+)-)(.*)$").expect("static regex"));
    let mut out = Vec::new();
    for (raw, part) in displayed(output).lines() {
        if part == Part::Suffix {
            continue;
        }
        let Some(c) = re.captures(raw) else { continue };
        let num = c
            .get(2)
            .or(c.get(3))
            .and_then(|m| m.as_str().parse::<u32>().ok());
        if let Some(n) = num.filter(|n| *n > 0) {
            out.push((
                c[1].to_string(),
                Shown {
                    line: n,
                    text: c[4].to_string(),
                    partial: part == Part::Prefix,
                },
            ));
        }
    }
    out
}

/// Contiguous ranges from a list of line numbers (sorted, merged).
pub fn ranges(lines: impl IntoIterator<Item = u32>) -> Vec<(u32, u32)> {
    let mut v: Vec<u32> = lines.into_iter().collect();
    v.sort_unstable();
    v.dedup();
    let mut out: Vec<(u32, u32)> = Vec::new();
    for n in v {
        match out.last_mut() {
            Some((_, e)) if *e + 1 == n => *e = n,
            _ => out.push((n, n)),
        }
    }
    out
}

#[cfg(test)]
mod tests {
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

    #[test]
    fn grep_multi() {
        let got = parse_grep_multi("a/b.py:12:x = 1\na/b-c.py-13-ctx\nnoise\n");
        let flat: Vec<(String, u32)> = got.into_iter().map(|(p, s)| (p, s.line)).collect();
        assert_eq!(
            flat,
            vec![("a/b.py".to_string(), 12), ("a/b-c.py".to_string(), 13)]
        );
    }

    #[test]
    fn ranges_merge() {
        assert_eq!(ranges([5, 3, 4, 9, 9, 10]), vec![(3, 5), (9, 10)]);
        assert_eq!(ranges([]), vec![]);
    }
}
