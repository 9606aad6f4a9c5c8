//! The shape of a read line after its mark: the bytes between its values (separators and keys)
//! and the key each value belongs to. Logs are written by one program, so the lines of a run
//! differ only in their values: a line that has the same bytes between its values is read by
//! comparing those bytes and parsing the values, with no key to decode and no whitespace to
//! skip. Profiled: decoding keys, skipping whitespace and eating separators were two thirds of
//! the resumed scan.

use super::{read_field, word, Line, Scanner, TASK_AND_RUN};
use crate::row::RawRead;

/// What lies between the values of a marked line's members, learnt from one line the scanner
/// took ([`Shape::learn`]). Empty until then: an empty shape takes no line.
#[derive(Default, Debug)]
pub(crate) struct Shape {
    /// The literals one after another: before each value, then the tail after the last one.
    text: Vec<u8>,
    /// Per member: its key (as `key_code`) and the literal before its value.
    members: Vec<Member>,
}

#[derive(Debug)]
struct Member {
    key: u64,
    literal: Literal,
}

/// Where a literal is in [`Shape::text`], and its bytes as words for [`Literal::starts`]: the
/// literals are a few bytes each, and `memcmp` per literal cost more than the scan it replaced
/// (cachegrind: 9 M instructions on 117k lines).
#[derive(Debug)]
struct Literal {
    at: std::ops::Range<usize>,
    /// The first 8 bytes (zero-padded), and the mask of the bytes that count.
    first: u64,
    mask: u64,
    /// The last 8 bytes, when there are more than 8.
    last: u64,
}

impl Literal {
    fn new(text: &[u8], from: usize) -> Self {
        let bytes = &text[from..];
        let mut first = [0u8; 8];
        let n = bytes.len().min(8);
        first[..n].copy_from_slice(&bytes[..n]);
        let last = bytes
            .len()
            .checked_sub(8)
            .and_then(|at| word(bytes, at))
            .unwrap_or(0);
        Literal {
            at: from..text.len(),
            first: u64::from_le_bytes(first),
            mask: if n == 8 {
                u64::MAX
            } else {
                (1u64 << (8 * n)) - 1
            },
            last,
        }
    }

    fn len(&self) -> usize {
        self.at.len()
    }

    /// Whether `b` has this literal (its bytes in `text`) at `at`: one or two word compares
    /// when the line has 8 bytes to load there, a slice compare otherwise.
    fn starts(&self, b: &[u8], at: usize, text: &[u8]) -> bool {
        let len = self.len();
        if len <= 16 {
            if let Some(w) = word(b, at) {
                if (w ^ self.first) & self.mask != 0 {
                    return false;
                }
                if len <= 8 {
                    return true;
                }
                if let Some(z) = word(b, at + len - 8) {
                    return z == self.last;
                }
            }
        }
        b.get(at..at + len) == Some(&text[self.at.clone()])
    }
}

impl Shape {
    /// Learns the shape of `line` from `at` (a mark [`super::scan_read_into`] gave for it, and a
    /// line it took from there); forgets it if the line does not scan.
    pub(crate) fn learn(&mut self, line: Line, at: usize) {
        self.text.clear();
        self.members.clear();
        if self.try_learn(line, at).is_none() {
            self.text.clear();
            self.members.clear();
        }
    }

    fn try_learn(&mut self, line: Line, at: usize) -> Option<()> {
        let bytes = line.as_bytes();
        let mut sc = Scanner::at(line, at);
        let mut literal_from = at;
        loop {
            let key = sc.key()?;
            sc.eat(b':')?;
            sc.ws();
            let from = self.text.len();
            self.text.extend_from_slice(&bytes[literal_from..sc.i]);
            let literal = Literal::new(&self.text, from);
            self.members.push(Member { key, literal });
            sc.value()?;
            literal_from = sc.i;
            if sc.eat(b',').is_none() {
                sc.eat(b'}')?;
                break;
            }
        }
        sc.ws();
        (sc.i == bytes.len()).then_some(())?;
        self.text.extend_from_slice(&bytes[literal_from..]);
        Some(())
    }

    /// Reads `line` from `at` into `raw` (which starts [`RawRead::empty`]) when it has this
    /// shape: the same bytes between its values, each value as the scanner parses it. `None`
    /// otherwise (and `raw` may be partly filled). Whatever it takes, a scan from `at` takes
    /// alike: same keys in the same order, values parsed and stored by the same functions.
    #[inline(always)] // into the line loop (called from two places, it was not: +10 M instructions)
    pub(crate) fn read_into<'a>(
        &self,
        line: Line<'a>,
        at: usize,
        raw: &mut RawRead<'a>,
    ) -> Option<()> {
        let bytes = line.as_bytes();
        let mut sc = Scanner::at(line, at);
        // The two ids are before the mark: a `task` or `run` after it declines, as in a scan.
        let mut seen = TASK_AND_RUN;
        for Member { key, literal } in &self.members {
            if !literal.starts(bytes, sc.i, &self.text) {
                return None;
            }
            sc.i += literal.len();
            let bit = 1 << read_field(raw, *key, sc.value()?)?;
            if seen & bit != 0 {
                return None;
            }
            seen |= bit;
        }
        // path, start and end (bits 0–2) are required, as in a scan.
        let tail = self.members.last().map_or(0, |m| m.literal.at.end);
        (seen & 0b111 == 0b111 && bytes.get(sc.i..)? == &self.text[tail..]).then_some(())
    }
}

#[cfg(test)]
mod tests;
