//! A hand scanner for the commonest reads line: one flat object of known keys, plain strings (no
//! escapes) and unsigned integers. It takes such a line several times faster than serde's
//! derived visitor (which was a fifth of `readcov score`'s time, profiled) and declines anything
//! else — escapes, unknown or repeated keys, numbers with signs, fractions or leading zeros,
//! booleans, nesting — so the line goes on to serde. Whatever it accepts, serde accepts with
//! the same values: a property test compares the two on generated lines.

use crate::fastread::{Id, RawRead};
use crate::span::{EventKind, Source, Tier};
use std::borrow::Cow;

mod shape;
pub(crate) use shape::Shape;

/// A scalar as written: a plain string, an unsigned integer, or null.
pub(crate) enum Val<'a> {
    Str(&'a str),
    Int(u64),
    Null,
}

/// A line to scan: its bytes, and the same bytes as text when they are known to be UTF-8.
#[derive(Clone, Copy)]
pub(crate) struct Line<'a> {
    bytes: &'a [u8],
    text: Option<&'a str>,
}

impl<'a> Line<'a> {
    pub(crate) fn text(text: &'a str) -> Self {
        Line {
            bytes: text.as_bytes(),
            text: Some(text),
        }
    }

    /// Bytes not checked as UTF-8: the scanner checks each string value it takes. Outside
    /// strings it takes only ASCII, so a line it takes is UTF-8 throughout; one it declines is
    /// checked whole on the slow path, which words the error.
    pub(crate) fn bytes(bytes: &'a [u8]) -> Self {
        Line { bytes, text: None }
    }

    pub(crate) fn as_bytes(&self) -> &'a [u8] {
        self.bytes
    }
}

/// Over a [`Line`]'s bytes. Checking every line as UTF-8 before scanning it was 4.7% of
/// `score`'s instructions (cachegrind); the lean path now checks a whole piece at once (one
/// long check runs word by word) and hands lines over as text, or, in a piece that is not all
/// UTF-8, as bytes whose strings are checked one by one.
struct Scanner<'a> {
    line: Line<'a>,
    i: usize,
}

impl<'a> Scanner<'a> {
    fn at(line: Line<'a>, i: usize) -> Self {
        Scanner { line, i }
    }

    fn ws(&mut self) {
        let b = self.line.bytes;
        // Every whitespace byte is at most a space, so most bytes leave after one compare (the
        // four-way match before each token: 27 M of 358 M instructions, 20 M now; cachegrind).
        while let Some(&c) = b.get(self.i) {
            if c > b' ' || !matches!(c, b' ' | b'\t' | b'\n' | b'\r') {
                break;
            }
            self.i += 1;
        }
    }

    fn eat(&mut self, c: u8) -> Option<()> {
        self.ws();
        (self.line.bytes.get(self.i) == Some(&c)).then(|| self.i += 1)
    }

    /// A string with no escapes and no control characters, borrowed; `None` when it is not
    /// UTF-8.
    fn string(&mut self) -> Option<&'a str> {
        self.eat(b'"')?;
        let start = self.i;
        let len = plain_len(&self.line.bytes[start..])?;
        self.i = start + len + 1;
        match self.line.text {
            // The quotes are ASCII, so both ends are char boundaries.
            Some(text) => text.get(start..start + len),
            None => std::str::from_utf8(&self.line.bytes[start..start + len]).ok(),
        }
    }

    /// A key, as [`key_code`] of its text: a plain string of at most 7 bytes is read with one
    /// 8-byte load (every known key is that short), anything else through [`Self::string`].
    fn key(&mut self) -> Option<u64> {
        self.eat(b'"')?;
        let start = self.i;
        let rest = &self.line.bytes[start..];
        if let Some(x) = word(rest, 0) {
            let hits = stops(x);
            if hits != 0 {
                let n = (hits.trailing_zeros() / 8) as usize;
                if rest[n] != b'"' {
                    return None; // an escape or a control byte: serde's to judge
                }
                self.i = start + n + 1;
                // The bytes before the quote, as key_code packs them (n < 8 here).
                return Some(x & ((1u64 << (8 * n)) - 1));
            }
        }
        self.i = start - 1;
        Some(key_code(self.string()?.as_bytes()))
    }

    // Inlined into the shaped read in the line loop (left to the compiler, it was called
    // there: +4 M instructions on 848x12x1).
    #[inline(always)]
    fn value(&mut self) -> Option<Val<'a>> {
        self.ws();
        let b = self.line.bytes;
        match *b.get(self.i)? {
            b'"' => self.string().map(Val::Str),
            b'n' if b[self.i..].starts_with(b"null") => {
                self.i += 4;
                Some(Val::Null)
            }
            b'0'..=b'9' => {
                let start = self.i;
                let mut n: u64 = 0;
                while let Some(d) = b.get(self.i).filter(|c| c.is_ascii_digit()) {
                    // At most 19 digits are taken (below), so this never overflows.
                    n = n.wrapping_mul(10).wrapping_add(u64::from(d - b'0'));
                    self.i += 1;
                }
                let len = self.i - start;
                let leading_zero = len > 1 && b[start] == b'0';
                // `1.5`, `1e3`: fractions and exponents are serde's to judge.
                let more = matches!(b.get(self.i), Some(b'.' | b'e' | b'E'));
                if leading_zero || more || len > 19 {
                    return None;
                }
                Some(Val::Int(n))
            }
            _ => None,
        }
    }
}

const fn is_requirement(k: &[u8]) -> bool {
    let want = b"requirement";
    let mut i = 0;
    while i < want.len() {
        if k[i] != want[i] {
            return false;
        }
        i += 1;
    }
    true
}

const ONES: u64 = 0x0101_0101_0101_0101;
const HIGHS: u64 = 0x8080_8080_8080_8080;

/// The high bit of each byte of `x` that is `"`, `\\` or below 0x20 (the lowest one exact; carries
/// may mark bytes after it).
/// 8 bytes of `b` from `at`, little-endian; `None` past the end.
#[inline]
fn word(b: &[u8], at: usize) -> Option<u64> {
    Some(u64::from_le_bytes(
        b.get(at..at.checked_add(8)?)?.try_into().ok()?,
    ))
}

#[inline]
fn stops(x: u64) -> u64 {
    let zero = |v: u64| v.wrapping_sub(ONES) & !v & HIGHS;
    zero(x ^ (ONES * u64::from(b'"')))
        | zero(x ^ (ONES * u64::from(b'\\')))
        | (x.wrapping_sub(ONES * 0x20) & !x & HIGHS)
}

/// Where the first `"`, `\\` or control byte is in `bytes`: the length of the string body when
/// it is a `"`, `None` for an escape, a control byte or no end. Eight bytes at a time (each
/// test sets the high bit of the bytes that match; the lowest set bit is always exact, carries
/// only reach bytes after it). Byte by byte, with a string compare per candidate, this loop
/// was the scanner's hottest (profiled).
fn plain_len(bytes: &[u8]) -> Option<usize> {
    let stop = |b: u8| b == b'"' || b == b'\\' || b < 0x20;
    let mut chunks = bytes.chunks_exact(8);
    let mut at = 0;
    for chunk in &mut chunks {
        let hits = stops(u64::from_le_bytes(chunk.try_into().expect("8 bytes")));
        if hits != 0 {
            let n = at + (hits.trailing_zeros() / 8) as usize;
            return (bytes[n] == b'"').then_some(n);
        }
        at += 8;
    }
    let n = at + chunks.remainder().iter().position(|&b| stop(b))?;
    (bytes[n] == b'"').then_some(n)
}

/// A key of up to 8 bytes as one integer (little-endian, zero-padded), so a key is matched in
/// one comparison instead of a string compare per candidate; `requirement` is [`REQUIREMENT`],
/// other longer keys are 0 (as the empty key: neither is known).
pub(crate) const fn key_code(k: &[u8]) -> u64 {
    if k.len() > 8 {
        return if k.len() == 11 && is_requirement(k) {
            REQUIREMENT
        } else {
            0
        };
    }
    let mut code = 0u64;
    let mut i = 0;
    while i < k.len() {
        code |= (k[i] as u64) << (8 * i);
        i += 1;
    }
    code
}

const PATH: u64 = key_code(b"path");
const START: u64 = key_code(b"start");
const END: u64 = key_code(b"end");
const TASK: u64 = key_code(b"task");
const RUN: u64 = key_code(b"run");
const TURN: u64 = key_code(b"turn");
const STEP: u64 = key_code(b"step");
const TOOL: u64 = key_code(b"tool");
const COMMAND: u64 = key_code(b"command");
const SOURCE: u64 = key_code(b"source");
const KIND: u64 = key_code(b"kind");
const TIER: u64 = key_code(b"tier");
/// The one known key longer than 8 bytes gets a code no packed key has: eight 0xFF bytes are
/// not UTF-8, so no key of 8 bytes or less packs to it.
const REQUIREMENT: u64 = u64::MAX;

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

/// Walks a line that is one flat object: `field` gets each key (as [`key_code`]) and value and
/// returns the key's bit (below 16), or `None` to decline the line. Returns the bits seen; a
/// repeated key, trailing text or any other shape declines.
#[inline(always)]
fn scan_object<'a>(line: &'a str, field: impl FnMut(u64, Val<'a>) -> Option<u16>) -> Option<u16> {
    let mut sc = Scanner::at(Line::text(line), 0);
    sc.eat(b'{')?;
    if sc.eat(b'}').is_some() {
        sc.ws();
        return (sc.i == line.len()).then_some(0);
    }
    scan_members(sc, 0, field, |_, _| {})
}

/// The members of a flat object from a key on (the scanner just past the `{` or a `,`), `seen`
/// holding the bits of the keys before it. `after_comma` gets the offset just past each comma
/// between members and the bits seen up to there: a scan resumed at that offset with those bits
/// ends as the whole scan does, because the scan only ever looks forward.
#[inline(always)]
fn scan_members<'a>(
    mut sc: Scanner<'a>,
    mut seen: u16,
    mut field: impl FnMut(u64, Val<'a>) -> Option<u16>,
    mut after_comma: impl FnMut(usize, u16),
) -> Option<u16> {
    loop {
        // No key has a NUL byte, so padding cannot make an unknown key look known.
        let key = sc.key()?;
        sc.eat(b':')?;
        let v = sc.value()?;
        let k = field(key, v)?;
        if seen & (1 << k) != 0 {
            return None; // a repeated key: the slow path words that error
        }
        seen |= 1 << k;
        if sc.eat(b',').is_none() {
            sc.eat(b'}')?;
            break;
        }
        after_comma(sc.i, seen);
    }
    sc.ws();
    // Trailing text is the slow path's to refuse.
    (sc.i == sc.line.bytes.len()).then_some(seen)
}

/// The line as a [`RawRead`], or `None` to let serde decide.
#[inline(always)]
pub(crate) fn scan_read(line: &str) -> Option<RawRead<'_>> {
    let mut raw = RawRead::empty();
    scan_read_into(Line::text(line), None, &mut raw)?;
    Some(raw)
}

/// The bits of `task` and `run` in a read's `seen` (see [`read_field`]).
const TASK_AND_RUN: u16 = 1 << 3 | 1 << 4;

/// [`scan_read`] into `raw`, which starts [`RawRead::empty`]: `None` declines the line (and
/// leaves `raw` partly filled). A whole scan (`from` is `None`) returns the line's mark: when
/// it opens with its `task` and `run` members (in either order, nothing before them), the
/// offset just past the comma after them. Logs are written run by run, so the next line often
/// repeats the bytes up to there, and a scan `from` the mark reads only what follows, with
/// those two members seen and `task` and `run` left `None` (the caller knows what the repeated
/// bytes stood for). Profiled: the two ids were a third of the scanning, and comparing them with
/// the last row's another 5%. The lean path calls this with one `raw` per line: returning the
/// 144-byte struct in an `Option` copied it twice per line, and reading its fields right after
/// the copy stalled (a fifth of the line loop's own time).
#[inline(always)]
pub(crate) fn scan_read_into<'a>(
    line: Line<'a>,
    from: Option<usize>,
    raw: &mut RawRead<'a>,
) -> Option<Option<usize>> {
    let mut resume = None;
    let seen = match from {
        None => {
            let mut sc = Scanner::at(line, 0);
            sc.eat(b'{')?;
            let mark = |at, seen| {
                // `seen` only grows, so this holds after the second member or never.
                if seen == TASK_AND_RUN {
                    resume = Some(at);
                }
            };
            scan_members(sc, 0, |k, v| read_field(raw, k, v), mark)?
        }
        Some(at) => {
            let sc = Scanner::at(line, at);
            scan_members(sc, TASK_AND_RUN, |k, v| read_field(raw, k, v), |_, _| {})?
        }
    };
    // path, start and end (bits 0–2) are required.
    (seen & 0b111 == 0b111).then_some(resume)
}

/// Stores one member of a read in `raw` and returns the key's bit in `seen`, or `None` to
/// decline the line. Inlined into the scans, so the struct is built where it ends up instead of
/// being copied out (profiled: 3%).
#[inline(always)]
pub(crate) fn read_field<'a>(raw: &mut RawRead<'a>, key: u64, v: Val<'a>) -> Option<u16> {
    Some(match key {
        PATH => match v {
            Val::Str(s) => {
                raw.path = Cow::Borrowed(s);
                0
            }
            _ => return None,
        },
        START => {
            raw.start = line_no(v)?;
            1
        }
        END => {
            raw.end = line_no(v)?;
            2
        }
        TASK => {
            raw.task = opt_id(v)?;
            3
        }
        RUN => {
            raw.run = opt_id(v)?;
            4
        }
        TURN => {
            raw.turn = opt_count(v)?;
            5
        }
        STEP => {
            raw.step = opt_count(v)?;
            6
        }
        TOOL => {
            raw.tool = opt_str(v)?;
            7
        }
        COMMAND => {
            raw.command = opt_str(v)?;
            8
        }
        SOURCE => {
            raw.source = match v {
                Val::Null => None,
                Val::Str(s) => Some(Source::parse(s)?),
                Val::Int(_) => return None,
            };
            9
        }
        KIND => {
            raw.kind = match v {
                Val::Null => None,
                Val::Str("read") => Some(EventKind::Read),
                Val::Str("edit") => Some(EventKind::Edit),
                _ => return None,
            };
            10
        }
        _ => return None,
    })
}

/// A gold line as written, strings borrowed: what [`scan_gold`] takes.
#[derive(Debug, PartialEq)]
pub(crate) struct RawGold<'a> {
    pub task: Option<&'a str>,
    pub path: &'a str,
    pub start: u32,
    pub end: u32,
    pub tier: Tier,
    pub requirement: Option<&'a str>,
}

/// The usual gold line (task, path, start, end, tier, requirement; plain strings, a non-empty
/// string task, unsigned integers, `null` for an absent optional), or `None` for the checked
/// path to take, which also words every error. Ranges are not judged here.
pub(crate) fn scan_gold(line: &str) -> Option<RawGold<'_>> {
    let mut raw = RawGold {
        task: None,
        path: "",
        start: 0,
        end: 0,
        tier: Tier::Core,
        requirement: None,
    };
    let seen = scan_object(line, |key, v| {
        Some(match (key, v) {
            (PATH, Val::Str(s)) => {
                raw.path = s;
                0
            }
            (START, v) => {
                raw.start = line_no(v)?;
                1
            }
            (END, v) => {
                raw.end = line_no(v)?;
                2
            }
            (TASK, Val::Str(s)) if !s.is_empty() => {
                raw.task = Some(s);
                3
            }
            (TASK, Val::Null) => 3,
            (TIER, Val::Null | Val::Str("core")) => 4,
            (TIER, Val::Str("optional")) => {
                raw.tier = Tier::Optional;
                4
            }
            (REQUIREMENT, Val::Str(s)) => {
                raw.requirement = Some(s);
                5
            }
            (REQUIREMENT, Val::Null) => 5,
            _ => return None,
        })
    })?;
    (seen & 0b111 == 0b111).then_some(raw)
}

#[cfg(test)]
pub(crate) mod tests {
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
        // Near the known keys: one byte more or less, 8 bytes, past 8 bytes, empty.
        "commandx",
        "runs",
        "ru",
        "pathpathpath",
        "",
    ];
    pub(super) const VALUE_POOL: &[&str] = &[
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
    pub(super) const WS: &[&str] = &["", " ", "\t", "  ", "\r"];

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

    /// A whole scan and its mark.
    pub(super) fn scan_read_marked(line: &str) -> Option<(RawRead<'_>, Option<usize>)> {
        let mut raw = RawRead::empty();
        let mark = scan_read_into(Line::text(line), None, &mut raw)?;
        Some((raw, mark))
    }

    /// A scan from the mark `at`.
    pub(super) fn scan_read_rest(line: &str, at: usize) -> Option<RawRead<'_>> {
        let mut raw = RawRead::empty();
        scan_read_into(Line::text(line), Some(at), &mut raw)?;
        Some(raw)
    }

    /// A line's members after its opening: a few drawn from the pools (a key the opening had
    /// among them now and then), then members the scanner takes; or members as `line()` writes
    /// them.
    pub(super) fn rest() -> impl Strategy<Value = String> {
        let pair = (0..KEY_POOL.len(), 0..VALUE_POOL.len());
        let mixed =
            (prop::collection::vec(pair, 0..3), 0..GOOD_RESTS.len()).prop_map(|(pairs, good)| {
                let mut rest: String = pairs
                    .iter()
                    .map(|&(k, v)| format!("\"{}\":{},", KEY_POOL[k], VALUE_POOL[v]))
                    .collect();
                rest.push_str(GOOD_RESTS[good]);
                rest
            });
        let any = line().prop_map(|l| l.trim_start().trim_start_matches('{').to_string());
        prop_oneof![mixed, any]
    }

    /// Members after an opening that make a line the scanner takes.
    const GOOD_RESTS: &[&str] = &[
        r#""path":"p.py","start":1,"end":2}"#,
        r#" "step": 0, "path": "a/b.py", "start": 3, "end": 9}"#,
        r#""path":"p.py","start":1,"end":2,"source":"human","kind":"read"}  "#,
    ];

    #[test]
    fn the_usual_line_is_marked_after_its_ids() {
        let line = r#"{"task": "org__repo-00000", "run": "explorer-00/t0", "step": 0, "path": "p.py", "start": 1, "end": 9}"#;
        let at = line.find(" \"step\"").unwrap();
        assert_eq!(scan_read_marked(line).unwrap().1, Some(at));
        for unmarked in [
            r#"{"task": "t", "path": "p.py", "run": "r", "start": 1, "end": 9}"#,
            r#"{"step": 0, "task": "t", "run": "r", "path": "p.py", "start": 1, "end": 9}"#,
            r#"{"task": "t", "run": "r"}"#,
        ] {
            assert_eq!(
                scan_read_marked(unmarked).and_then(|(_, at)| at),
                None,
                "{unmarked}"
            );
        }
    }

    /// `task` and `run` members in either order, then a comma.
    pub(super) fn opening() -> impl Strategy<Value = String> {
        // Ids the scanner takes (a number it leaves to serde: such a line gets no mark).
        const IDS: &[&str] = &["\"a\"", "null", "\"explorer-00/t0\"", "\"h\u{e9}\""];
        (0..IDS.len(), 0..IDS.len(), prop::bool::ANY, 0..WS.len()).prop_map(|(t, r, swap, ws)| {
            let (a, b) = (
                format!("\"task\":{}", IDS[t]),
                format!("\"run\":{}", IDS[r]),
            );
            let (a, b) = if swap { (b, a) } else { (a, b) };
            format!("{}{{{a}{},{b},", WS[ws], WS[ws])
        })
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(4000))]
        /// What the lean path relies on: a line that repeats a marked line's bytes up to the mark
        /// scans, from the mark on, to what its whole scan gives (minus the two ids).
        #[test]
        fn a_scan_resumed_at_the_mark_ends_as_the_whole_scan(
            opening in opening(), first in 0..GOOD_RESTS.len(), second in rest(),
        ) {
            let marked_line = format!("{opening}{}", GOOD_RESTS[first]);
            let Some((_, Some(at))) = scan_read_marked(&marked_line) else {
                // Only ids the scanner takes get a mark (checked in `the_usual_line_is_marked`).
                prop_assume!(false);
                return Ok(());
            };
            prop_assert_eq!(at, opening.len());
            let line = format!("{opening}{second}");
            let whole = scan_read(&line).map(|r| RawRead { task: None, run: None, ..r });
            prop_assert_eq!(scan_read_rest(&line, at), whole, "{}", line);
        }
    }

    /// `plain_len` against the obvious byte loop, at every position within and across words.
    #[test]
    fn plain_len_finds_the_first_stop_byte() {
        let naive = |b: &[u8]| {
            let n = b
                .iter()
                .position(|&c| c == b'"' || c == b'\\' || c < 0x20)?;
            (b[n] == b'"').then_some(n)
        };
        let fill = [
            b'a', 0x7f, 0x80, 0xff, b' ', b'!', b'#', b'[', b']', 0x21, 0xa2, 0xdc,
        ];
        for len in 0..40 {
            for at in 0..=len {
                for stop in [b'"', b'\\', 0x00, 0x1f, b'\n'] {
                    for &f in &fill {
                        let mut b = vec![f; len];
                        if at < len {
                            b[at] = stop;
                        }
                        // A later stop byte must not win over the first.
                        b.extend_from_slice(b"\"\\");
                        assert_eq!(plain_len(&b), naive(&b), "{b:?}");
                    }
                }
            }
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
            r#"{"path":"a.py","start":1,"end":2,"commandx":"c"}"#,
            r#"{"path":"a.py","start":1,"end":2,"pathpathpath":"c"}"#,
            r#"{"path":"a.py","start":1,"end":2,"":"c"}"#,
            r#"{"path":"a.py","start":1,"end":2,"kin":"read"}"#,
        ];
        for l in declined {
            assert!(scan_read(l).is_none(), "{l}");
        }
    }
}
