use super::{may_hold_session_id, session_id};

fn parsed_id(line: &str) -> Option<String> {
    let v: serde_json::Value = serde_json::from_str(line).ok()?;
    v.get("sessionId")?.as_str().map(str::to_string)
}

/// The key with escaped letters is still found; a dataset row without it is not parsed.
#[test]
fn escaped_keys_are_found_and_other_rows_skipped() {
    let dir = tempfile::tempdir().expect("temp dir");
    let p = dir.path().join("s.jsonl");
    let row = r#"{"instance_id": "a", "messages": [{"role": "user", "content": "x\n\"session\" \u00e9"}]}"#;
    assert!(may_hold_session_id(row), "an escape: parsed");
    let row = &row.replace(r"\u00e9", "é");
    assert!(!may_hold_session_id(row));
    for key in [r"session\u0049d", r"\u0073essionId", "sessionId"] {
        let text = format!("{row}\n{{\"{key}\": \"s1\", \"type\": \"user\"}}\n");
        std::fs::write(&p, text).expect("write");
        assert_eq!(session_id(&p).as_deref(), Some("s1"), "{key}");
    }
}

/// Every spelling of the key (each letter as itself or as a `\u00XX` escape, hex digits
/// in either case) is a key the parse finds, and passes the filter.
#[test]
fn every_spelling_of_the_key_passes() {
    let letters: Vec<char> = "sessionId".chars().collect();
    let spellings = 3usize.pow(9);
    for n in 0..spellings {
        let mut key = String::new();
        let mut k = n;
        for c in &letters {
            match k % 3 {
                0 => key.push(*c),
                1 => key.push_str(&format!("\\u{:04x}", u32::from(*c))),
                _ => key.push_str(&format!("\\u{:04X}", u32::from(*c))),
            }
            k /= 3;
        }
        let line = format!(r#"{{"type": "user", "{key}": "s1"}}"#);
        assert_eq!(parsed_id(&line).as_deref(), Some("s1"), "{line}");
        assert!(may_hold_session_id(&line), "{line}");
    }
}

/// A `.jsonl` argument that is (or became, after `is_file` looked) a FIFO is not waited on.
#[test]
fn a_fifo_is_asked_for_no_session_id_and_does_not_block() {
    let dir = tempfile::tempdir().expect("temp dir");
    let path = dir.path().join("s.jsonl");
    crate::open::tests::fifo(&path);
    let id = crate::open::tests::within_5s(move || session_id(&path));
    assert_eq!(id, None);
}
