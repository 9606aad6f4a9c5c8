//! A hand scanner for the commonest reads line: one flat object of known keys, strings, unsigned
//! integers and null, and a `base` object of those (what `readcov import --workspaces` writes).
//! It takes such a line several times faster than serde's derived visitor (which was a fifth of
//! `readcov score`'s time, profiled) and declines anything else — unknown or repeated keys,
//! escaped keys, odd escapes, numbers with signs, fractions or leading zeros, booleans, deeper
//! nesting — so the line goes on to serde. Whatever it accepts, serde accepts with the same
//! values: a property test compares the two on generated lines.

use crate::row::{Id, RawRead};
use crate::span::{EventKind, Source, Tier};
use escape::{decode, plain_len, stop_at, stops};
use std::borrow::Cow;

mod escape;
mod shape;
pub(crate) use shape::Shape;

/// A value as written: a string (borrowed from the line, or decoded when it had escapes), an
/// unsigned integer, null, or an object of such scalars (not kept: only `base` takes one).
pub(crate) enum Val<'a> {
    Str(&'a str),
    Int(u64),
    Null,
    /// A string with escapes, decoded.
    Decoded(String),
    /// A flat object of the scalars above, skipped.
    Object,
}

impl<'a> Val<'a> {
    /// The text of a string value.
    fn text(self) -> Option<Cow<'a, str>> {
        match self {
            Val::Str(s) => Some(Cow::Borrowed(s)),
            Val::Decoded(s) => Some(Cow::Owned(s)),
            _ => None,
        }
    }
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

    /// A string value: borrowed when it has no escapes, decoded when it has only those JSON
    /// has (`escape.rs`); `None` for a control byte, an odd escape, no end, or text that is not
    /// UTF-8.
    #[inline(always)]
    fn string_value(&mut self) -> Option<Val<'a>> {
        self.eat(b'"')?;
        let start = self.i;
        let rest = &self.line.bytes[start..];
        let n = stop_at(rest)?;
        match rest[n] {
            b'"' => {}
            b'\\' => {
                let (s, end) = decode(rest, n)?;
                self.i = start + end;
                return Some(Val::Decoded(s));
            }
            _ => return None, // a control byte
        }
        self.i = start + n + 1;
        let text = match self.line.text {
            // The quotes are ASCII, so both ends are char boundaries.
            Some(text) => text.get(start..start + n),
            None => std::str::from_utf8(&rest[..n]).ok(),
        };
        text.map(Val::Str)
    }

    // Inlined into the shaped read in the line loop (left to the compiler, it was called
    // there: +4 M instructions on 848x12x1).
    #[inline(always)]
    fn value(&mut self) -> Option<Val<'a>> {
        self.value_in::<true>()
    }

    /// A value; objects only at the top (`TOP`), so an object's members are scalars.
    #[inline(always)]
    fn value_in<const TOP: bool>(&mut self) -> Option<Val<'a>> {
        self.ws();
        let b = self.line.bytes;
        match *b.get(self.i)? {
            b'"' => self.string_value(),
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
            b'{' if TOP => self.object().map(|()| Val::Object),
            _ => None,
        }
    }

    /// A flat object of scalars, skipped (only `base` takes one, and the span parsers do not
    /// keep it). Its keys may be any strings, repeated or not: JSON allows both below the top
    /// level, and the checked path's `Value` takes them.
    #[inline(never)] // off the line loop: one object per line at most
    fn object(&mut self) -> Option<()> {
        self.eat(b'{')?;
        if self.eat(b'}').is_some() {
            return Some(());
        }
        loop {
            self.string_value()?;
            self.eat(b':')?;
            self.value_in::<false>()?;
            if self.eat(b',').is_none() {
                return self.eat(b'}');
            }
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

/// 8 bytes of `b` from `at`, little-endian; `None` past the end.
#[inline]
fn word(b: &[u8], at: usize) -> Option<u64> {
    Some(u64::from_le_bytes(
        b.get(at..at.checked_add(8)?)?.try_into().ok()?,
    ))
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
const BASE: u64 = key_code(b"base");
const ORIGIN: u64 = key_code(b"origin");
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
        _ => None,
    }
}

fn opt_str(v: Val) -> Option<Option<Cow<str>>> {
    match v {
        Val::Null => Some(None),
        v => v.text().map(Some),
    }
}

/// Ids given as numbers are left to serde (they are rare, and it renders them).
fn opt_id(v: Val) -> Option<Option<Id>> {
    match v {
        Val::Null => Some(None),
        v => v.text().filter(|s| !s.is_empty()).map(|s| Some(Id(s))),
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

/// The line as a [`RawRead`], or `None` to let serde decide (the tests' whole scan; the fast
/// path calls [`scan_read_into`] for the mark too).
#[cfg(test)]
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
        PATH => {
            raw.path = v.text()?;
            0
        }
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
                v => Some(Source::parse(&v.text()?)?),
            };
            9
        }
        KIND => {
            raw.kind = match v {
                Val::Null => None,
                v => match &*v.text()? {
                    "read" => Some(EventKind::Read),
                    "edit" => Some(EventKind::Edit),
                    _ => return None,
                },
            };
            10
        }
        // Any value the scanner reads: the span parsers do not keep `base` (a side pass reads
        // it, `base::parse_row_bases`), so the checked path takes whatever JSON it holds.
        BASE => 11,
        _ => return None,
    })
}

/// The keys [`read_field`] takes, as [`key_code`]s.
const READ_KEYS: [u64; 12] = [
    PATH, START, END, TASK, RUN, TURN, STEP, TOOL, COMMAND, SOURCE, KIND, BASE,
];

/// Whether the line (an object) has a plain top-level key no reads field bears, among the
/// members before anything the scanner cannot read. serde's typed visitor refuses such a line
/// (`deny_unknown_fields`), and formats an error string to say so: its caller skips it.
pub(crate) fn has_unknown_key(line: &str) -> bool {
    let mut sc = Scanner::at(Line::text(line), 0);
    if sc.eat(b'{').is_none() {
        return false;
    }
    loop {
        let Some(key) = sc.key() else {
            return false; // an escaped key, or no key: serde's to judge
        };
        if !READ_KEYS.contains(&key) {
            return true;
        }
        let read = sc.eat(b':').and_then(|()| sc.value());
        if read.is_none() || sc.eat(b',').is_none() {
            return false;
        }
    }
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
/// string task, unsigned integers, `null` for an absent optional; `origin` and `base` skipped),
/// or `None` for the checked path to take, which also words every error. Ranges are not judged
/// here.
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
            // What `readcov gold` writes beside the span, which the span parsers do not keep (the
            // checked path takes any JSON there): where the lines came from, and the base file
            // (a side pass reads it, `base::parse_row_bases`). Every line `readcov gold` writes
            // has an `origin`: declining it sent all of them to the checked path.
            (ORIGIN | BASE, _) => 6 + u16::from(key == BASE),
            _ => return None,
        })
    })?;
    (seen & 0b111 == 0b111).then_some(raw)
}

#[cfg(test)]
pub(crate) mod tests;
