use super::*;

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
            (String::from_utf8(r.bytes).unwrap(), r.index, r.line)
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
}
