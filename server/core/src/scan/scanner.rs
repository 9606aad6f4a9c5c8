//! The scanner itself: values and lines ([`Val`], [`Line`]), the byte walk ([`Scanner`]) and
//! the walk over one flat object's members that every scan shares.

use super::escape::{decode, plain_len, stop_at, stops};
use super::keys::{key_code, word};
use std::borrow::Cow;

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
    pub(super) fn text(self) -> Option<Cow<'a, str>> {
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
pub(super) struct Scanner<'a> {
    line: Line<'a>,
    pub(super) i: usize,
}

impl<'a> Scanner<'a> {
    pub(super) fn at(line: Line<'a>, i: usize) -> Self {
        Scanner { line, i }
    }

    pub(super) fn ws(&mut self) {
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

    pub(super) fn eat(&mut self, c: u8) -> Option<()> {
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
    pub(super) fn key(&mut self) -> Option<u64> {
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
    pub(super) fn value(&mut self) -> Option<Val<'a>> {
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

/// Walks a line that is one flat object: `field` gets each key (as [`key_code`]) and value and
/// returns the key's bit (below 16), or `None` to decline the line. Returns the bits seen; a
/// repeated key, trailing text or any other shape declines.
#[inline(always)]
pub(super) fn scan_object<'a>(
    line: &'a str,
    field: impl FnMut(u64, Val<'a>) -> Option<u16>,
) -> Option<u16> {
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
pub(super) fn scan_members<'a>(
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
