//! A hand scanner for the commonest reads line: one flat object of known keys, plain strings (no
//! escapes) and unsigned integers. It takes such a line several times faster than serde's
//! derived visitor (which was a fifth of `readcov score`'s time, profiled) and declines anything
//! else — escapes, unknown or repeated keys, numbers with signs, fractions or leading zeros,
//! booleans, nesting — so the line goes on to serde. Whatever it accepts, serde accepts with
//! the same values: a property test compares the two on generated lines.

use crate::fastread::{Id, RawRead};
use crate::span::{EventKind, Source};
use std::borrow::Cow;

/// A scalar as written: a plain string, an unsigned integer, or null.
enum Val<'a> {
    Str(&'a str),
    Int(u64),
    Null,
}

struct Scanner<'a> {
    s: &'a str,
    i: usize,
}

impl<'a> Scanner<'a> {
    fn ws(&mut self) {
        let b = self.s.as_bytes();
        while self.i < b.len() && matches!(b[self.i], b' ' | b'\t' | b'\n' | b'\r') {
            self.i += 1;
        }
    }

    fn eat(&mut self, c: u8) -> Option<()> {
        self.ws();
        (self.s.as_bytes().get(self.i) == Some(&c)).then(|| self.i += 1)
    }

    /// A string with no escapes and no control characters, borrowed.
    fn string(&mut self) -> Option<&'a str> {
        self.eat(b'"')?;
        let start = self.i;
        let rest = &self.s.as_bytes()[start..];
        let len = memchr::memchr(b'"', rest)?;
        if rest[..len].iter().any(|&b| b == b'\\' || b < 0x20) {
            return None;
        }
        self.i = start + len + 1;
        Some(&self.s[start..start + len])
    }

    fn value(&mut self) -> Option<Val<'a>> {
        self.ws();
        let b = self.s.as_bytes();
        match *b.get(self.i)? {
            b'"' => self.string().map(Val::Str),
            b'n' if self.s[self.i..].starts_with("null") => {
                self.i += 4;
                Some(Val::Null)
            }
            b'0'..=b'9' => {
                let start = self.i;
                while self.i < b.len() && b[self.i].is_ascii_digit() {
                    self.i += 1;
                }
                let digits = &self.s[start..self.i];
                let leading_zero = digits.len() > 1 && digits.starts_with('0');
                // `1.5`, `1e3`: fractions and exponents are serde's to judge.
                let more = matches!(b.get(self.i), Some(b'.' | b'e' | b'E'));
                if leading_zero || more || digits.len() > 19 {
                    return None;
                }
                digits.parse().ok().map(Val::Int)
            }
            _ => None,
        }
    }
}

fn line_no(v: Val) -> Option<u32> {
    match v {
        Val::Int(n) => u32::try_from(n).ok(),
        _ => None,
    }
}

fn opt_count(v: Val) -> Option<Option<u32>> {
    match v {
        Val::Null => Some(None),
        Val::Int(n) => u32::try_from(n).ok().map(Some),
        Val::Str(_) => None,
    }
}

fn opt_str(v: Val) -> Option<Option<Cow<str>>> {
    match v {
        Val::Null => Some(None),
        Val::Str(s) => Some(Some(Cow::Borrowed(s))),
        Val::Int(_) => None,
    }
}

/// Ids given as numbers are left to serde (they are rare, and it renders them).
fn opt_id(v: Val) -> Option<Option<Id>> {
    match v {
        Val::Null => Some(None),
        Val::Str(s) if !s.is_empty() => Some(Some(Id(Cow::Borrowed(s)))),
        _ => None,
    }
}

/// The line as a [`RawRead`], or `None` to let serde decide.
pub(crate) fn scan_read(line: &str) -> Option<RawRead<'_>> {
    let mut sc = Scanner { s: line, i: 0 };
    sc.eat(b'{')?;
    let mut raw = RawRead::empty();
    let mut seen = 0u16;
    if sc.eat(b'}').is_none() {
        loop {
            let key = sc.string()?;
            sc.eat(b':')?;
            let v = sc.value()?;
            // The key's bit in `seen`, its value stored on the way.
            let k: u16 = match key {
                "path" => match v {
                    Val::Str(s) => {
                        raw.path = Cow::Borrowed(s);
                        0
                    }
                    _ => return None,
                },
                "start" => {
                    raw.start = line_no(v)?;
                    1
                }
                "end" => {
                    raw.end = line_no(v)?;
                    2
                }
                "task" => {
                    raw.task = opt_id(v)?;
                    3
                }
                "run" => {
                    raw.run = opt_id(v)?;
                    4
                }
                "turn" => {
                    raw.turn = opt_count(v)?;
                    5
                }
                "step" => {
                    raw.step = opt_count(v)?;
                    6
                }
                "tool" => {
                    raw.tool = opt_str(v)?;
                    7
                }
                "command" => {
                    raw.command = opt_str(v)?;
                    8
                }
                "source" => {
                    raw.source = match v {
                        Val::Null => None,
                        Val::Str(s) => Some(Source::parse(s)?),
                        Val::Int(_) => return None,
                    };
                    9
                }
                "kind" => {
                    raw.kind = match v {
                        Val::Null => None,
                        Val::Str("read") => Some(EventKind::Read),
                        Val::Str("edit") => Some(EventKind::Edit),
                        _ => return None,
                    };
                    10
                }
                _ => return None,
            };
            if seen & (1 << k) != 0 {
                return None; // a repeated key: serde words that error
            }
            seen |= 1 << k;
            if sc.eat(b',').is_none() {
                sc.eat(b'}')?;
                break;
            }
        }
    }
    sc.ws();
    // Trailing text is serde's to refuse; path, start and end (bits 0–2) are required.
    (sc.i == line.len() && seen & 0b111 == 0b111).then_some(raw)
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    const KEY_POOL: &[&str] = &[
        "path",
        "start",
        "end",
        "task",
        "run",
        "turn",
        "step",
        "tool",
        "command",
        "source",
        "kind",
        "extra",
        "pa\\u0074h",
        "Path",
    ];
    const VALUE_POOL: &[&str] = &[
        "\"src/x.py\"",
        "\"\"",
        "\"a\\\"b\"",
        "\"a\\nb\"",
        "\"a\\\\b\"",
        "\"h\u{e9}llo \u{1F600}\"",
        "\"tab\there\"",
        "1",
        "0",
        "01",
        "7",
        "4294967295",
        "4294967296",
        "18446744073709551616",
        "-1",
        "1.0",
        "1e2",
        "null",
        "nul",
        "true",
        "\"agent\"",
        "\"human\"",
        "\"manual\"",
        "\"Agent\"",
        "\"read\"",
        "\"edit\"",
        "[1]",
        "{}",
        "{\"a\":1}",
    ];
    const WS: &[&str] = &["", " ", "\t", "  ", "\r"];

    fn line() -> impl Strategy<Value = String> {
        let pair = (
            0..KEY_POOL.len(),
            0..VALUE_POOL.len(),
            0..WS.len(),
            0..WS.len(),
        );
        (
            prop::collection::vec(pair, 0..9),
            0..WS.len(),
            prop::bool::weighted(0.05),
        )
            .prop_map(|(pairs, ws, junk)| {
                let body: Vec<String> = pairs
                    .iter()
                    .map(|&(k, v, a, b)| {
                        format!(
                            "{}\"{}\"{}:{}{}",
                            WS[a], KEY_POOL[k], WS[b], WS[a], VALUE_POOL[v]
                        )
                    })
                    .collect();
                let tail = if junk { "x" } else { "" };
                format!("{}{{{}}}{}{tail}", WS[ws], body.join(","), WS[ws])
            })
    }

    /// Lines that have the usual shape, with the values varied.
    fn likely_line() -> impl Strategy<Value = String> {
        (0..VALUE_POOL.len(), 0..VALUE_POOL.len(), 0..VALUE_POOL.len(), 0..VALUE_POOL.len()).prop_map(
            |(a, b, c, d)| {
                format!(
                    "{{\"task\":{},\"run\":\"r\",\"path\":\"p.py\",\"start\":{},\"end\":{},\"source\":{}}}",
                    VALUE_POOL[a], VALUE_POOL[b], VALUE_POOL[c], VALUE_POOL[d]
                )
            },
        )
    }

    fn agrees_with_serde(line: &str) -> Result<(), TestCaseError> {
        if let Some(scanned) = scan_read(line) {
            let serde: Result<RawRead, _> = serde_json::from_str(line);
            prop_assert!(
                serde.is_ok(),
                "scanner took {line:?}, serde refused: {serde:?}"
            );
            prop_assert_eq!(scanned, serde.unwrap(), "{}", line);
        }
        Ok(())
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(4000))]
        #[test]
        fn whatever_it_takes_serde_takes_alike(line in line()) {
            agrees_with_serde(&line)?;
        }

        #[test]
        fn usual_lines_agree_too(line in likely_line()) {
            agrees_with_serde(&line)?;
        }
    }

    #[test]
    fn it_takes_the_usual_lines_and_declines_the_odd_ones() {
        let ok = [
            r#"{"task": "org__repo-00000", "run": "explorer-00/t0", "step": 0, "path": "pkg2/mod_3_1408.py", "start": 1, "end": 1179}"#,
            r#"{"path":"a.py","start":1,"end":2,"source":null,"kind":"edit","tool":"view","command":"cat a.py","turn":3}"#,
        ];
        for l in ok {
            assert_eq!(scan_read(l), serde_json::from_str(l).ok(), "{l}");
            assert!(scan_read(l).is_some(), "{l}");
        }
        let declined = [
            r#"{"path":"a\"b.py","start":1,"end":2}"#,
            r#"{"path":"a\nb.py","start":1,"end":2}"#,
            r#"{"path":"a.py","start":1,"end":2,"x":1}"#,
            r#"{"path":"a.py","start":1,"end":2,"start":1}"#,
            r#"{"path":"a.py","start":01,"end":2}"#,
            r#"{"path":"a.py","start":1,"end":2,"task":7}"#,
            r#"{"path":"a.py","start":1,"end":2} x"#,
            r#"{"path":"a.py","start":1}"#,
        ];
        for l in declined {
            assert!(scan_read(l).is_none(), "{l}");
        }
    }
}
