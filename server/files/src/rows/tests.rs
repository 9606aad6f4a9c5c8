use super::*;
use readcov_import::Format;

/// A row's text, index and line.
type Got = (String, usize, usize);

fn rows_of(text: &str) -> Option<(Format, Vec<Got>)> {
    let dir = tempfile::tempdir().unwrap();
    let p = dir.path().join("d.json");
    std::fs::write(&p, text).unwrap();
    let (f, rows) = open(&p, None).unwrap()?;
    let got = rows
        .map(|r| {
            let r = r.unwrap();
            (
                String::from_utf8(r.bytes.to_vec()).unwrap(),
                r.index,
                r.line,
            )
        })
        .collect();
    Some((f, got))
}

const ROW: &str =
    r#"{"instance_id":"a__b-1_2","trajectory":[{"role":"ai","text":"```\nls\n```"}]}"#;

#[test]
fn chat_rows_stream_from_jsonl_and_arrays() {
    let jsonl = format!("{ROW}\n\n{ROW}\n");
    let (f, rows) = rows_of(&jsonl).unwrap();
    assert_eq!(f, Format::Chat);
    assert_eq!(rows, vec![(ROW.to_string(), 0, 1), (ROW.to_string(), 1, 3)]);
    let array = format!("[\n  {ROW},\n  {ROW}\n]\n");
    let (_, rows) = rows_of(&array).unwrap();
    assert_eq!(rows, vec![(ROW.to_string(), 0, 2), (ROW.to_string(), 1, 3)]);
}

#[test]
fn other_files_are_read_whole() {
    assert!(rows_of(r#"{"trajectory":[{"action":"ls","observation":""}]}"#).is_none());
    assert!(rows_of("{\"type\":\"user\",\"sessionId\":\"s\"}\n").is_none());
    assert!(rows_of("").is_none());
}

#[test]
fn a_row_larger_than_a_read_piece_is_one_row() {
    let big = "x".repeat(3 * PIECE);
    let row = format!(
        r#"{{"instance_id":"a","trajectory":[{{"role":"ai","text":"```\nls\n```{big}"}}]}}"#
    );
    let (_, rows) = rows_of(&format!("{row}\n{ROW}\n")).unwrap();
    assert_eq!(rows.len(), 2);
    assert_eq!(rows[0].0, row);
    assert_eq!(rows[1].2, 2);
    // Between two short rows, in a JSON array (the long row starts inside the buffer), and as
    // the last line without its newline.
    let (_, rows) = rows_of(&format!("[{ROW},\n{row} , {ROW}]")).unwrap();
    let texts: Vec<&str> = rows.iter().map(|r| r.0.as_str()).collect();
    assert_eq!(texts, [ROW, &row, ROW]);
    assert_eq!(rows[2].2, 2);
    let (_, rows) = rows_of(&format!("{ROW}\n{row}")).unwrap();
    assert_eq!((rows[1].0.as_str(), rows[1].2), (row.as_str(), 2));
}

/// A row longer than a read piece leaves the reader with its buffer: the reader keeps no copy of
/// it (a one-line log of 100 MB was held twice while `import` told whether it was a dataset).
#[test]
fn a_long_row_is_handed_out_without_a_copy_kept() {
    let big = "x".repeat(5 * PIECE);
    for log in [
        format!(r#"{{"trajectory":[],"pad":"{big}"}}"#),
        format!("{ROW}\n{{\"instance_id\":\"a\",\"trajectory\":[],\"pad\":\"{big}\"}}\n{ROW}\n"),
    ] {
        let dir = tempfile::tempdir().unwrap();
        let p = dir.path().join("log.json");
        std::fs::write(&p, &log).unwrap();
        let (file, len) = open_input(&p).unwrap();
        let mut rows = Rows::new(&p, text(file, Cutter::new(), 0..len, 0), len);
        rows.fill(3).unwrap();
        let Source::Text { pending, ready, .. } = &rows.source else {
            unreachable!()
        };
        let long = ready.iter().find(|r| r.bytes.len() > PIECE).unwrap();
        assert!(long.bytes.ends_with(b"\"}"), "{:?}", &long.bytes[..20]);
        assert!(pending.capacity() <= 2 * PIECE, "{}", pending.capacity());
        assert!(long.bytes.held() < long.bytes.len() + PIECE);
    }
}

/// The rows of `text` read as `n` shards would (each its byte part), in shard order.
fn shard_rows(text: &str, n: u32) -> Vec<String> {
    let dir = tempfile::tempdir().unwrap();
    let p = dir.path().join("d.jsonl");
    std::fs::write(&p, text).unwrap();
    let mut got = Vec::new();
    for index in 0..n {
        let part = readcov_core::Shard { index, count: n }.byte_range(text.len() as u64);
        let (_, rows) = open(&p, None).unwrap().unwrap();
        let rows = rows.part(part.clone()).unwrap();
        assert_eq!(rows.numbered_from, (part.start > 0).then_some(part.start));
        got.extend(rows.map(|r| String::from_utf8(r.unwrap().bytes.to_vec()).unwrap()));
    }
    got
}

#[test]
fn shards_read_each_row_once() {
    // Rows of different sizes, a blank line, a row that is one byte past a part's start, a
    // last line without its newline, and a row larger than a read piece.
    let big = format!(
        r#"{{"instance_id":"big","trajectory":[],"pad":"{}"}}"#,
        "y".repeat(PIECE + 7)
    );
    let mut lines: Vec<String> = (0..40)
        .map(|i| {
            format!(
                r#"{{"instance_id":"t-{i}","trajectory":[],"pad":"{}"}}"#,
                "z".repeat(i * 13)
            )
        })
        .collect();
    lines.insert(0, ROW.to_string());
    lines.insert(7, big);
    let jsonl = lines.join("\n") + "\n\n";
    let unterminated = lines.join("\n");
    let array = format!("[\n{}\n]\n", lines.join(",\n  "));
    for text in [&jsonl, &unterminated, &array] {
        for n in [1, 2, 5, 45] {
            assert_eq!(shard_rows(text, n), lines, "{n} shards");
        }
    }
}

/// What `open_parsed` hands on for a file read whole, and whether it serves the file's bytes.
fn whole_doc(text: &str) -> Option<Option<readcov_import::Doc>> {
    let dir = tempfile::tempdir().unwrap();
    let p = dir.path().join("log.json");
    std::fs::write(&p, text).unwrap();
    match open_parsed(&p, None).unwrap() {
        Opened::Rows(..) => None,
        Opened::Whole { parsed, bytes } => {
            // The probe read the (small) file whole: its bytes come with the answer.
            assert_eq!(bytes.as_deref(), Some(text.as_bytes()));
            Some(parsed.and_then(|p| p.of(text.as_bytes())))
        }
    }
}

/// [`whole_doc`], as a JSON value.
fn whole_value(text: &str) -> Option<Option<serde_json::Value>> {
    whole_doc(text).map(|d| d.and_then(readcov_import::Doc::into_value))
}

#[test]
fn a_one_row_log_hands_on_its_value_only_when_it_is_the_whole_file() {
    let log = r#"{"trajectory":[{"action":"ls","observation":""}]}"#;
    let want: serde_json::Value = serde_json::from_str(log).unwrap();
    // One line, with JSON white space around it: the row's value is the file's.
    for text in [log.to_string(), format!("\n {log}\r\n\n")] {
        assert_eq!(whole_value(&text), Some(Some(want.clone())), "{text:?}");
    }
    // A form feed is blank to the row cutter but not JSON white space: the whole file is not
    // that value (it is not JSON at all), so nothing is handed on.
    assert_eq!(whole_value(&format!("{log}\n\x0c\n")), Some(None));
    // Several lines (pretty-printed), a row that is not JSON, a dataset: no value.
    assert_eq!(whole_value("{\n  \"a\": 1\n}\n"), Some(None));
    assert_eq!(whole_value("not json\n"), Some(None));
    assert_eq!(whole_value(&format!("{ROW}\n")), None);
}

/// A file of one OpenHands completion log or one mini-swe-agent trajectory (even one whose
/// messages would make a chat row) is read whole, handing on its typed parse; a chat row alone
/// in its file is still a dataset.
#[test]
fn a_typed_log_is_whole() {
    use readcov_import::Doc;
    let chat = r#"[{"role":"assistant","tool_calls":[{"id":"a","function":{"name":"bash","arguments":"{}"}}]}]"#;
    let openhands = format!(r#"{{"messages":{chat},"fncall_messages":{chat}}}"#);
    assert!(matches!(
        whole_doc(&format!("{openhands}\n")),
        Some(Some(Doc::OpenHands(_)))
    ));
    let mini = format!(r#"{{"messages":{chat},"trajectory_format":"mini-swe-agent-1.1"}}"#);
    assert!(matches!(
        whole_doc(&format!("{mini}\n")),
        Some(Some(Doc::MiniSweAgent(_)))
    ));
    let real = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../tests/data/real/openhands/pallets__flask-5014.json");
    let real = std::fs::read_to_string(real).unwrap();
    assert!(matches!(whole_doc(&real), Some(Some(Doc::OpenHands(_)))));
    // Two of them in one file: rows of a dataset as before (each a chat row).
    assert!(whole_doc(&format!("{openhands}\n{openhands}\n")).is_none());
    assert_eq!(whole_doc(&format!("{ROW}\n")).map(|_| ()), None);
}
