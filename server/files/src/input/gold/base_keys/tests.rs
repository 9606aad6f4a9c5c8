use super::*;
use readcov_core::base::parse_row_bases;

const SHA: &str = "abababababababababababababababababababababababababababababababab";

/// Whether the scan sends `input` through the pass; and, when it does not, that the pass would
/// have found nothing: no base and no error about one.
fn check(input: &str, expected: bool) {
    assert_eq!(rows_name_a_base(input.as_bytes()), expected, "{input}");
    // The byte search before the scan only ever answers as the scan would.
    let scanned = jsonl_lines(input.as_bytes(), "").any(|(_, l)| l.is_ok_and(names_a_base));
    assert_eq!(scanned, expected, "the scan alone: {input}");
    let pass = parse_row_bases(input.as_bytes(), "g", None);
    let about_base = pass
        .errors
        .iter()
        .any(|e| (e.field.as_deref()).is_some_and(|f| f.starts_with("base") || f == "sha256"));
    let bases = pass.items.iter().any(|r| r.base.is_some());
    if !expected {
        assert!(
            !bases && !about_base,
            "skipped, but the pass finds: {input}"
        );
    }
}

fn row(extra: &str) -> String {
    format!(r#"{{"task":"t","path":"a.py","start":1,"end":2{extra}}}"#)
}

#[test]
fn rows_with_a_base_key_are_found_however_the_key_is_written() {
    check(&row(&format!(r#","base":{{"sha256":"{SHA}"}}"#)), true);
    check(&row(&format!(r#","sha256":"{SHA}""#)), true);
    // Escaped keys: the byte heuristic found these only by any `\u` anywhere in the file.
    check(&row(&format!(r#","\u0062ase":{{"sha256":"{SHA}"}}"#)), true);
    check(&row(&format!(r#","sha\u0032\u00356":"{SHA}""#)), true);
    check(
        &row(&format!(
            r#","\u0062\u0061\u0073\u0065":{{"sha256":"{SHA}"}}"#
        )),
        true,
    );
    // A malformed base is reported by the pass, so it is found too.
    check(&row(r#","base":{"sha256":"zz"}"#), true);
    check(&row(r#","base":7"#), true);
    check(&row(r#","sha256":false"#), true);
    // A duplicate `base` is the pass's error about `base`.
    check(&row(r#","base":null,"base":null"#), true);
    // Null names a key too (the pass finds nothing there: only its cost).
    check(&row(r#","base":null"#), true);
    // The base on a later line, after CRLF, a BOM, a blank line, a bad line.
    let based = row(&format!(r#","base":{{"sha256":"{SHA}"}}"#));
    check(&format!("{}\r\n{based}\r\n", row("")), true);
    check(&format!("\u{feff}{based}\n"), true);
    check(&format!("\n\n{}\nnot json\n{based}", row("")), true);
    // Anywhere in the row, the key order as it comes.
    check(
        &format!(r#"{{"base":{{"sha256":"{SHA}"}},"task":"t","path":"a.py","start":1,"end":2}}"#),
        true,
    );
}

/// What made the byte heuristic take the pass for nothing: `"base"`, `"sha256"` or a `\u`
/// escape anywhere in the file.
#[test]
fn base_in_a_value_a_nested_object_or_an_escape_elsewhere_is_no_base() {
    check(&row(r#","note":"base""#), false);
    check(&row(r#","note":"\"base\": {\"sha256\": 1}""#), false);
    check(&row(r#","tags":["base","sha256"]"#), false);
    check(
        &row(&format!(
            r#","meta":{{"base":{{"sha256":"{SHA}"}},"sha256":"{SHA}"}}"#
        )),
        false,
    );
    check(
        r#"{"task":"t","path":"caf\u00e9.py","start":1,"end":2}"#,
        false,
    );
    check(
        &row(r#","\u0062ases":1,"Base":2,"sha256 ":3,"sha":4"#),
        false,
    );
    // A value of `base` may be anything; its key is what counts.
    check(&row(r#","path2":"base","base2":{"sha256":"x"}"#), false);
    // Nothing that could spell the key: not scanned.
    check(&row(r#","note":"bas e","sha":"sha25 6""#), false);
}

/// A line that is no JSON object gives the pass neither a base nor an error about one, even
/// with the key in it.
#[test]
fn a_base_key_in_a_line_that_is_no_object_is_no_base() {
    check(
        &format!(r#"[{}]"#, row(r#","base":{"sha256":"zz"}"#)),
        false,
    );
    check(&row(r#","base":{"sha256":"zz"}"#).replace('}', ""), false);
    check(
        &format!("{} trailing", row(r#","base":{"sha256":"zz"}"#)),
        false,
    );
    check(&format!("{}{}", row(r#","base":null"#), row("")), false);
    check(r#""base""#, false);
    check("", false);
    let mut bytes = row(r#","base":{"sha256":"zz"}"#).into_bytes();
    bytes.insert(20, 0xff);
    assert!(
        !rows_name_a_base(&bytes),
        "not UTF-8: the pass refuses the line"
    );
}
