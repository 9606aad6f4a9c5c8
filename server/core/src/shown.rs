//! Names from inputs (task, run, path, a field's value) as a text output shows them: a control
//! character — a line break that would forge an output line or an LCOV record, a terminal escape
//! code, a bidi override that reorders what is shown — is written as a visible escape, and a name
//! longer than [`MAX_SHOWN`] characters is cut to its two ends. One function for every text
//! renderer and message; JSON outputs need none (serde escapes control characters).

use std::borrow::Cow;

/// The longest name shown whole, in characters; a longer one keeps its first and last
/// `MAX_SHOWN / 2` and says how many bytes were left out (a 500 MB path was echoed whole).
pub const MAX_SHOWN: usize = 400;

/// `s` as it is safe to print: see the module docs.
pub fn shown(s: &str) -> Cow<'_, str> {
    shown_keeping(s, false)
}

/// `s` with its control characters escaped as in [`shown`], never cut: for a line of a text
/// output whose whole content matters (a list of ranges).
pub fn escaped(s: &str) -> Cow<'_, str> {
    match s.chars().any(needs_escape) {
        true => Cow::Owned(escape(s)),
        false => Cow::Borrowed(s),
    }
}

/// Whether `s` holds a line break (`\n`, `\r`): a record format without escapes (LCOV's
/// `SF:` lines) cannot carry it.
pub fn has_line_break(s: &str) -> bool {
    s.contains(['\n', '\r'])
}

/// Like [`shown`] for a multi-line message (an error with its causes): line breaks are kept, and
/// each line is escaped and cut on its own.
pub fn shown_lines(s: &str) -> Cow<'_, str> {
    shown_keeping(s, true)
}

fn shown_keeping(s: &str, newlines: bool) -> Cow<'_, str> {
    let plain = |c: char| !needs_escape(c) || (newlines && c == '\n');
    let long = |line: &str| line.len() > MAX_SHOWN && line.chars().nth(MAX_SHOWN).is_some();
    let lines_short = match newlines {
        true => s.split('\n').all(|l| !long(l)),
        false => !long(s),
    };
    if s.chars().all(plain) && lines_short {
        return Cow::Borrowed(s);
    }
    let mut out = String::new();
    let mut first = true;
    for line in if newlines {
        s.split('\n').collect()
    } else {
        vec![s]
    } {
        if !first {
            out.push('\n');
        }
        first = false;
        out.push_str(&cut(&escape(line)));
    }
    Cow::Owned(out)
}

/// Characters that change what a terminal shows beyond themselves: C0 and C1 controls, DEL, and
/// the Unicode bidi embedding/override/isolate controls.
fn needs_escape(c: char) -> bool {
    c.is_control() || matches!(c, '\u{202a}'..='\u{202e}' | '\u{2066}'..='\u{2069}')
}

fn escape(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            c if needs_escape(c) && (c as u32) < 0x100 => {
                out.push_str(&format!("\\x{:02x}", c as u32))
            }
            c if needs_escape(c) => out.push_str(&format!("\\u{{{:x}}}", c as u32)),
            c => out.push(c),
        }
    }
    out
}

/// The first and last `MAX_SHOWN / 2` characters of a longer text, with the bytes left out.
fn cut(s: &str) -> Cow<'_, str> {
    let n = s.chars().count();
    if n <= MAX_SHOWN {
        return Cow::Borrowed(s);
    }
    let half = MAX_SHOWN / 2;
    let head_end = s.char_indices().nth(half).map_or(s.len(), |(i, _)| i);
    let tail_start = s.char_indices().nth(n - half).map_or(s.len(), |(i, _)| i);
    let left = tail_start - head_end;
    Cow::Owned(format!(
        "{}…[{left} bytes not shown]…{}",
        &s[..head_end],
        &s[tail_start..]
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn check(input: &str, expected: &str) {
        assert_eq!(shown(input), expected, "{input:?}");
    }

    #[test]
    fn controls_are_escaped_and_plain_text_borrowed() {
        check("src/app.py", "src/app.py");
        check("naïve/日本.py", "naïve/日本.py");
        check("a\nSF:/etc/passwd", "a\\nSF:/etc/passwd");
        check("\x1b[31mred\x1b[0m", "\\x1b[31mred\\x1b[0m");
        check("a\rb\tc\x7f\u{9b}", "a\\rb\\tc\\x7f\\x9b");
        check("evil\u{202e}yp.exe", "evil\\u{202e}yp.exe");
        check("\u{2066}x\u{2069}", "\\u{2066}x\\u{2069}");
        assert!(matches!(shown("plain"), Cow::Borrowed(_)));
    }

    #[test]
    fn long_names_are_cut_to_their_ends() {
        let long = format!(
            "{}{}{}",
            "a".repeat(300),
            "m".repeat(1_000_000),
            "z".repeat(300)
        );
        let s = shown(&long);
        assert!(s.len() < MAX_SHOWN + 100, "{}", s.len());
        assert!(s.starts_with(&"a".repeat(200)), "{s}");
        assert!(s.ends_with(&"z".repeat(200)), "{s}");
        assert!(
            s.contains(&format!("…[{} bytes not shown]…", long.len() - 400)),
            "{s}"
        );
        let exact = "é".repeat(MAX_SHOWN);
        assert_eq!(shown(&exact), exact);
        let one_more = "é".repeat(MAX_SHOWN + 1);
        assert!(shown(&one_more).contains("…[2 bytes not shown]…"));
    }

    #[test]
    fn messages_keep_their_line_breaks() {
        assert_eq!(
            shown_lines("error: \x1b]0;x\x07\ncaused by: bad"),
            "error: \\x1b]0;x\\x07\ncaused by: bad"
        );
        let long = format!("{}\nshort", "p".repeat(1000));
        let s = shown_lines(&long);
        assert!(
            s.ends_with("\nshort") && s.contains("bytes not shown"),
            "{s}"
        );
    }
}
