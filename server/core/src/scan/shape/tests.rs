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
