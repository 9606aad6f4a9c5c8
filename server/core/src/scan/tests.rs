//! The hand scanner against serde's typed visitor and against itself resumed at a mark.

use super::*;
use crate::row::RawRead;
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
    "base",
    "extra",
    "pa\\u0074h",
    "b\\u0061se",
    "bas",
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
    // Escapes the scanner decodes, and odd ones it leaves to serde.
    "\"re\\u0061d\"",
    "\"\\u0065dit\"",
    "\"x\\/y\\u00e9\\uD83D\\uDE00\\b\\f\\r\\t\"",
    "\"\\ud83d\"",
    "\"\\ude00x\"",
    "\"\\q\"",
    "\"\\u00g0\"",
    "\"a\\\"",
    // Objects: a flat `base`, and ones the scanner leaves to serde (nested, odd numbers, a
    // trailing comma) or takes although a reader might mind (a repeated key inside).
    "{\"sha256\":\"9d29\",\"lines\":621}",
    "{ \"sha256\" : \"a\\\"b\" , \"first\":null }",
    "{\"a\":1,\"a\":2}",
    "{\"a\":{\"b\":1}}",
    "{\"a\":1e400}",
    "{\"a\":-1,\"b\":1.5}",
    "{\"a\":[1]}",
    "{\"a\":1,}",
    "{\"a\" 1}",
    "{1:1}",
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

/// Lines as `readcov import --workspaces` writes them, with the command and base varied.
fn import_line() -> impl Strategy<Value = String> {
    (0..VALUE_POOL.len(), 0..VALUE_POOL.len(), 0..VALUE_POOL.len()).prop_map(|(c, b, k)| {
        format!(
            "{{\"task\": \"t\", \"run\": \"r\", \"path\": \"p.py\", \"start\": 3, \"end\": 4, \"command\": {}, \"kind\": {}, \"base\": {}}}",
            VALUE_POOL[c], VALUE_POOL[k], VALUE_POOL[b]
        )
    })
}

fn agrees_with_serde(line: &str) -> Result<(), TestCaseError> {
    if has_unknown_key(line) {
        let serde: Result<RawRead, _> = serde_json::from_str(line);
        prop_assert!(serde.is_err(), "an unknown key in {line:?}, serde took it");
    }
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

    #[test]
    fn imported_lines_agree_too(line in import_line()) {
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

#[test]
fn it_takes_the_usual_lines_and_declines_the_odd_ones() {
    let ok = [
        r#"{"task": "org__repo-00000", "run": "explorer-00/t0", "step": 0, "path": "pkg2/mod_3_1408.py", "start": 1, "end": 1179}"#,
        r#"{"path":"a.py","start":1,"end":2,"source":null,"kind":"edit","tool":"view","command":"cat a.py","turn":3}"#,
        r#"{"path":"a\"b.py","start":1,"end":2}"#,
        r#"{"path":"a\nb.py","start":1,"end":2}"#,
        // As `readcov import --workspaces` writes them (tests/data/real).
        r#"{"task": "pallets__flask-5014", "run": "openhands", "path": "src/flask/blueprints.py", "start": 39, "end": 39, "turn": 5, "step": 5, "tool": "execute_bash", "source": "agent", "command": "cd /workspace/pallets__flask__2.3 && grep -n \"__init__\" src/flask/blueprints.py", "base": {"sha256": "9d296c3a0dffffbafd59ef15290a6d4c2061a470f3ad2b00709388d35d1dddc0", "lines": 621}}"#,
        r#"{"task": "t", "run": "r", "path": "a.py", "start": 3, "end": 4, "command": "{\"command\": \"str_replace\", \"new_str\": \"x = 1\\n\\ty = \\u00e9\"}", "kind": "edit", "base": {"sha256": "ab", "lines": 9}}"#,
        r#"{"path":"a.py","start":1,"end":2,"base":null}"#,
        r#"{"path":"a.py","start":1,"end":2,"base":{}}"#,
    ];
    for l in ok {
        assert_eq!(scan_read(l), serde_json::from_str(l).ok(), "{l}");
        assert!(scan_read(l).is_some(), "{l}");
    }
    let declined = [
        r#"{"path":"a\qb.py","start":1,"end":2}"#,
        r#"{"path":"a\ud800b.py","start":1,"end":2}"#,
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
        r#"{"path":"a.py","start":1,"end":2,"base":{},"base":{}}"#,
        r#"{"path":"a.py","start":1,"end":2,"base":{"a":{}}}"#,
        r#"{"path":"a.py","start":1,"end":2,"base":{"lines":-1}}"#,
        r#"{"path":"a.py","start":1,"end":2,"base":{"a":1,}}"#,
        r#"{"path":{},"start":1,"end":2}"#,
        r#"{"path":"a.py","start":1,"end":2,"tool":{}}"#,
    ];
    for l in declined {
        assert!(scan_read(l).is_none(), "{l}");
    }
}

/// What `has_unknown_key` says is what serde's typed visitor does: a line with a plain key no
/// field bears never parses there; where it finds none, nothing is claimed.
#[test]
fn unknown_keys_are_found_before_anything_unread() {
    let unknown = [
        r#"{"path":"a.py","start":1,"end":2,"rank":1,"score":0.5}"#,
        r#"{"rank":1}"#,
        r#"{"path":"a\"b","":1}"#,
        r#"{"path":"a.py","base":{"a":1},"sha256":"ab"}"#,
        r#"{"path":"a.py","start":1,"end":2,"x":[1,{"y":"#,
    ];
    for l in unknown {
        assert!(has_unknown_key(l), "{l}");
        assert!(serde_json::from_str::<RawRead>(l).is_err(), "{l}");
    }
    for l in [
        r#"{"path":"a.py","start":1,"end":2}"#,
        r#"{"path":"a.py","start":-1,"rank":1}"#,
        r#"{"path":"a.py","start":1,"end":2,"b\u0061se":1}"#,
        r#"{"path":"a.py","start":1,"end":2,"base":{"a":[1]},"rank":1}"#,
        r#"["rank"]"#,
        "{}",
        "",
    ] {
        assert!(!has_unknown_key(l), "{l}");
    }
}

/// Gold as `readcov gold` writes it (`origin`, and `base` with workspaces) takes the scanner.
#[test]
fn gold_with_origin_and_base_is_scanned() {
    let line = r#"{"task": "t", "path": "a.py", "start": 3, "end": 4, "tier": "core", "origin": "edit", "base": {"sha256": "ab", "lines": 9, "first": "def f():", "last": "    return \"x\""}}"#;
    let raw = scan_gold(line).expect("scanned");
    assert_eq!(
        (raw.path, raw.start, raw.end, raw.task),
        ("a.py", 3, 4, Some("t"))
    );
    for declined in [
        r#"{"path": "a.py", "start": 3, "end": 4, "origin": "edit", "origin": "unit"}"#,
        r#"{"path": "a.py", "start": 3, "end": 4, "base": {"a": [1]}}"#,
        r#"{"path": "a.py", "start": 3, "end": 4, "origins": "edit"}"#,
    ] {
        assert_eq!(scan_gold(declined), None, "{declined}");
    }
}
