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
mod tests {
    use super::*;
    use crate::scan::tests::{opening, rest, scan_read_marked, scan_read_rest, VALUE_POOL, WS};
    use proptest::prelude::*;

    /// Members after an opening, `{}` where a value goes, and the values of a line the scanner
    /// takes.
    const SHAPES: &[(&str, &[&str])] = &[
        (r#""path":{},"start":{},"end":{}}"#, &["\"p.py\"", "1", "2"]),
        (
            r#" "step": {}, "path": {}, "start": {}, "end": {}}"#,
            &["0", "\"a/b.py\"", "3", "9"],
        ),
        (
            "\"path\" :\t{} ,\"start\":{},\"end\":{},\"source\":{},\"kind\":{}}  ",
            &["\"p.py\"", "1", "2", "\"human\"", "\"read\""],
        ),
        (
            r#""turn":{},"tool":{},"command":{},"path":{},"start":{},"end":{}}"#,
            &["null", "\"view\"", "\"cat p.py\"", "\"p.py\"", "5", "5"],
        ),
        (
            r#""path":{},"start":{},"end":{},"command":{},"base":{}}"#,
            &[
                "\"p.py\"",
                "1",
                "2",
                r#""grep \"x\" p.py""#,
                r#"{"sha256":"ab","lines":3}"#,
            ],
        ),
    ];

    fn fill(shape: &str, values: &[String]) -> String {
        let mut out = String::new();
        for (i, part) in shape.split("{}").enumerate() {
            out.push_str(part);
            if let Some(v) = values.get(i) {
                out.push_str(v);
            }
        }
        out
    }

    fn learnt(opening: &str, shape: usize) -> Option<(Shape, usize)> {
        let (members, good) = SHAPES[shape];
        let good: Vec<String> = good.iter().map(|v| v.to_string()).collect();
        let marked = format!("{opening}{}", fill(members, &good));
        let (_, at) = scan_read_marked(&marked)?;
        let at = at?;
        let mut learnt = Shape::default();
        learnt.learn(Line::text(&marked), at);
        Some((learnt, at))
    }

    fn shaped<'a>(shape: &Shape, line: &'a str, at: usize) -> Option<RawRead<'a>> {
        let mut raw = RawRead::empty();
        shape.read_into(Line::text(line), at, &mut raw)?;
        Some(raw)
    }

    /// A value from the pool or the one the shape was learnt with.
    fn values(shape: usize) -> impl Strategy<Value = Vec<String>> {
        let good = SHAPES[shape].1;
        let one = (0..good.len(), 0..VALUE_POOL.len() * 2);
        prop::collection::vec(one, good.len()).prop_map(move |picks| {
            picks
                .iter()
                .enumerate()
                .map(|(i, &(_, v))| VALUE_POOL.get(v).unwrap_or(&good[i]).to_string())
                .collect()
        })
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(4000))]
        /// Same bytes between the values, any values: the shape takes exactly the lines a scan
        /// from the mark takes, with the same fields.
        #[test]
        fn a_line_of_the_same_shape_reads_as_the_scan_from_the_mark(
            opening in opening(), (shape, vals) in (0..SHAPES.len()).prop_flat_map(|s| (Just(s), values(s))),
        ) {
            let Some((learnt, at)) = learnt(&opening, shape) else {
                prop_assume!(false);
                return Ok(());
            };
            let line = format!("{opening}{}", fill(SHAPES[shape].0, &vals));
            prop_assert_eq!(shaped(&learnt, &line, at), scan_read_rest(&line, at), "{}", line);
        }

        /// Any other line: the shape takes it only as a scan from the mark does.
        #[test]
        fn any_line_the_shape_takes_reads_as_the_scan_from_the_mark(
            opening in opening(), shape in 0..SHAPES.len(), second in rest(), ws in 0..WS.len(),
        ) {
            let Some((learnt, at)) = learnt(&opening, shape) else {
                prop_assume!(false);
                return Ok(());
            };
            for line in [format!("{opening}{second}"), format!("{opening}{}{second}", WS[ws])] {
                if let Some(read) = shaped(&learnt, &line, at) {
                    prop_assert_eq!(Some(read), scan_read_rest(&line, at), "{}", line);
                }
            }
        }
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(4000))]
        /// One byte changed anywhere after the mark (a key, a separator, a value, the tail):
        /// the shape takes the line only as a scan from the mark does.
        #[test]
        fn a_line_one_byte_off_reads_as_the_scan_from_the_mark(
            shape in 0..SHAPES.len(), at_pick in 0usize..200, byte in 0..8usize,
        ) {
            let opening = r#"{"task": "t", "run": "r","#;
            let (learnt, at) = learnt(opening, shape).expect("a marked line");
            let good: Vec<String> = SHAPES[shape].1.iter().map(|v| v.to_string()).collect();
            let mut line = format!("{opening}{}", fill(SHAPES[shape].0, &good)).into_bytes();
            let k = at + at_pick % (line.len() - at);
            line[k] = b" \"x,:}1e"[byte];
            let line = String::from_utf8(line).expect("ASCII");
            if let Some(read) = shaped(&learnt, &line, at) {
                prop_assert_eq!(Some(read), scan_read_rest(&line, at), "{}", line);
            }
        }
    }

    #[test]
    fn it_takes_its_own_line_and_declines_other_bytes_between_values() {
        let opening = r#"{"task": "t", "run": "r","#;
        let (learnt, at) = learnt(opening, 1).expect("a marked line");
        let take = |rest: &str| {
            let line = format!("{opening}{rest}");
            shaped(&learnt, &line, at).map(|r| (r.path.to_string(), r.start, r.end, r.step))
        };
        let read = take(r#" "step": 7, "path": "x/y.py", "start": 10, "end": 12}"#);
        assert_eq!(read, Some(("x/y.py".to_string(), 10, 12, Some(7))));
        // An escaped value is a value like any other: decoded.
        let read = take(r#" "step": 7, "path": "x\"y.py", "start": 10, "end": 12}"#);
        assert_eq!(read, Some(("x\"y.py".to_string(), 10, 12, Some(7))));
        for other in [
            r#" "step": 7, "path": "x/y.py", "start": 10, "end": 12 }"#,
            r#" "step": 7,"path": "x/y.py", "start": 10, "end": 12}"#,
            r#" "step": 7, "path": "x/y.py", "stxrt": 10, "end": 12}"#,
            r#" "step": 7, "path": "x/y.py", "start": 10, "end":"12}"#,
            r#" "step": 7, "path": "x/y.py", "end": 12, "start": 10}"#,
            r#" "step": 7, "path": "x/y.py", "start": 10, "end": 12, "kind": "edit"}"#,
            r#" "step": 7, "path": "x/y.py", "start": 10, "end": 12"#,
            r#" "step": 7, "path": "x/y.py", "start": 10, "end": 12}x"#,
            r#" "step": 7, "path": "x/y.py", "start": 10, "end": 1.5}"#,
            r#" "step": 7, "path": "x\qy.py", "start": 10, "end": 12}"#,
        ] {
            assert_eq!(take(other), None, "{other}");
        }
        assert_eq!(
            Shape::default().read_into(Line::text(opening), at, &mut RawRead::empty()),
            None
        );
    }
}
