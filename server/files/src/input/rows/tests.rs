use super::*;
use serde_json::Value;

/// Each JSONL line `as_jsonl` writes is the array's element, as parsing the array whole gives it.
fn same_rows(array: &str) {
    let Value::Array(want) = serde_json::from_str::<Value>(array).unwrap() else {
        panic!("not an array: {array}")
    };
    let out = as_jsonl(array.as_bytes());
    let text = std::str::from_utf8(&out).unwrap();
    let got: Vec<Value> = text
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(got, want, "{array:?} -> {text:?}");
    assert_eq!(text.lines().count(), want.len());
}

#[test]
fn an_array_becomes_one_line_per_element() {
    same_rows(r#"[{"path": "a.py", "start": 1}, {"path": "b.py", "end": 2}]"#);
    // Pretty-printed, CRLF, nested: one line each all the same.
    same_rows("[\r\n  {\r\n    \"path\": \"a.py\",\r\n    \"x\": [1,\n 2]\r\n  },\r\n  {\"s\": \"a b\\n\"}\r\n]\r\n");
    same_rows(" [1, \"two\", null, [3], {\"k\": {}}] ");
    same_rows("[]");
    assert_eq!(&*as_jsonl(b" [ ]\n"), b"");
}

#[test]
fn anything_but_one_valid_array_is_left_as_it_is() {
    for bad in [
        "{\"path\": \"a.py\"}\n{\"path\": \"b.py\"}\n",
        "[{\"a\": 1},]",
        "[1 2]",
        "[1, 2] x",
        "[1, 2][3]",
        "[",
        "[{\"a\": 1}",
        "[\"raw\nbreak\"]",
        "",
    ] {
        assert_eq!(&*as_jsonl(bad.as_bytes()), bad.as_bytes(), "{bad:?}");
        assert!(
            serde_json::from_str::<Vec<Value>>(bad).is_err(),
            "{bad:?} is valid"
        );
    }
    // A number too large for a float is valid JSON: its element becomes a line (whose row is
    // then refused, located, like any other bad row) instead of the whole file being refused.
    assert_eq!(&*as_jsonl(b"[1e400, {}]"), b"1e400\n{}\n");
}

/// Memory is the output's size: no element is built. A million small rows are converted into
/// exactly the bytes of their lines, in a buffer allocated once at the input's size.
#[test]
fn a_large_array_is_converted_in_one_buffer() {
    let row = r#"{"task": "t", "path": "src/m.py", "start": 1, "end": 3}"#;
    let n = 1_000_000;
    let array = format!("[{}]", vec![row; n].join(",\n"));
    let Cow::Owned(out) = as_jsonl(array.as_bytes()) else {
        panic!("not converted")
    };
    assert_eq!(out.len(), (row.len() + 1) * n);
    assert_eq!(
        out.capacity(),
        array.len(),
        "never grown past the input's size"
    );
}
