//! Rows with the `base` they count in, written by the CLI and the Python module alike: gold
//! rows (`readcov gold` with a workspace, the pre-image before the patch) get the file's sha256,
//! line count and the span's first and last line; reads rows (`readcov import` with a
//! workspace) the file's sha256 and line count — what lets the language server notice a file
//! that changed since and map gold and reads onto it by content.

use readcov_core::base::{Base, FileBase};
use readcov_core::ReadSpan;
use readcov_gold::{GoldRow, TaskFiles};
use readcov_import::FileProvider;
use std::collections::HashMap;

mod span;

/// A gold row as `readcov gold` writes it, keys in their usual order, then `base`.
#[derive(serde::Serialize)]
struct GoldRowOut<'a> {
    #[serde(flatten)]
    row: &'a GoldRow,
    #[serde(skip_serializing_if = "Option::is_none")]
    base: Option<Base>,
}

/// Gold JSONL, each row with its `base` when the workspace has its file.
pub fn gold_jsonl_with_base(rows: &[GoldRow], files: &dyn TaskFiles) -> serde_json::Result<String> {
    // The file's bytes as they are: the fingerprint the language server checks the file on
    // disk against (a lossily decoded text would not match a file with a stray byte).
    let mut texts: HashMap<(&str, &str), Option<Vec<u8>>> = HashMap::new();
    for r in rows {
        texts
            .entry((r.task.as_str(), r.path.as_str()))
            .or_insert_with(|| files.bytes(&r.task, &r.path));
    }
    // Each file hashed and split once, not once per row (`FileBase`).
    let bases: HashMap<(&str, &str), FileBase> = (texts.iter())
        .filter_map(|(k, t)| Some((*k, FileBase::new(t.as_deref()?))))
        .collect();
    let mut out = String::new();
    for r in rows {
        let base = (bases.get(&(r.task.as_str(), r.path.as_str()))).map(|b| b.span(r.start, r.end));
        out.push_str(&serde_json::to_string(&GoldRowOut { row: r, base })?);
        out.push('\n');
    }
    Ok(out)
}

/// Reads JSONL, each row with its file's `base` when `files(task)` has that file.
pub fn reads_jsonl_with_base(
    rows: &[ReadSpan],
    files: &dyn Fn(&str) -> Box<dyn FileProvider>,
) -> serde_json::Result<String> {
    let mut bases: HashMap<(&str, &str), Option<Base>> = HashMap::new();
    let mut providers: HashMap<&str, Box<dyn FileProvider>> = HashMap::new();
    let mut text = Vec::new();
    for r in rows {
        let base = bases
            .entry((r.task.as_str(), r.path.as_str()))
            .or_insert_with(|| {
                let p = providers
                    .entry(r.task.as_str())
                    .or_insert_with(|| files(&r.task));
                p.base(&r.path)
            });
        push_row(&mut text, r, base.as_ref())?;
    }
    // Never fails: every piece written is a `str` or serde's JSON text.
    String::from_utf8(text).map_err(serde::ser::Error::custom)
}

/// A reads row as `readcov import` writes it, then `base`: the row's object with `"base":…`
/// spliced in before its closing brace, which is what a struct flattening the row beside
/// `base` writes (`row_then_base_is_the_flattened_struct`), without serde's flattening (a map
/// serializer buffering each field: profiled at half of writing the real corpus's rows). The
/// row is written in place by [`span::write_span`], not into a `String` of its own.
fn push_row(text: &mut Vec<u8>, r: &ReadSpan, base: Option<&Base>) -> serde_json::Result<()> {
    span::write_span(text, r)?;
    if let Some(b) = base {
        // The row always has fields (task, run, path…): a comma goes before `base`.
        text.pop();
        text.extend_from_slice(b",\"base\":");
        serde_json::to_writer(&mut *text, b)?;
        text.push(b'}');
    }
    text.push(b'\n');
    Ok(())
}

#[cfg(test)]
mod gold_tests {
    use super::*;
    use readcov_gold::Origin;
    use std::collections::BTreeMap;

    #[test]
    fn rows_whose_file_is_known_carry_its_base() {
        let files: BTreeMap<(String, String), String> =
            [(("t".into(), "a.py".into()), "one\ntwo\nthree\n".into())].into();
        let rows = [
            GoldRow::new("t", "a.py", 2, 3, Origin::Edit),
            GoldRow::new("t", "gone.py", 1, 1, Origin::Edit),
        ];
        let text = gold_jsonl_with_base(&rows, &files).unwrap();
        let lines: Vec<serde_json::Value> = text
            .lines()
            .map(|l| serde_json::from_str(l).unwrap())
            .collect();
        assert_eq!(lines[0]["base"]["lines"], 3);
        assert_eq!(lines[0]["base"]["first"], "two");
        assert_eq!(lines[0]["base"]["last"], "three");
        assert_eq!(
            lines[0]["base"]["sha256"],
            readcov_core::base::sha256_hex(b"one\ntwo\nthree\n")
        );
        assert!(lines[1].get("base").is_none(), "{}", lines[1]);
    }
}

#[cfg(test)]
mod reads_tests {
    use super::*;

    struct One;
    impl FileProvider for One {
        fn read(&self, path: &str) -> Option<Vec<u8>> {
            (path == "a.py").then(|| b"x\ny\n".to_vec())
        }
    }

    #[test]
    fn rows_of_files_the_workspace_has_carry_their_base() {
        let rows = [
            ReadSpan::simple("a.py", 1, 2),
            ReadSpan::simple("b.py", 1, 1),
        ];
        let text = reads_jsonl_with_base(&rows, &|_| Box::new(One)).unwrap();
        let v: Vec<serde_json::Value> = text
            .lines()
            .map(|l| serde_json::from_str(l).unwrap())
            .collect();
        assert_eq!(
            v[0]["base"]["sha256"],
            readcov_core::base::sha256_hex(b"x\ny\n")
        );
        assert_eq!(v[0]["base"]["lines"], 2);
        assert_eq!(v[0]["start"], 1);
        assert!(v[1].get("base").is_none());
        // The rows still read as plain reads.
        let parsed = readcov_core::parse_reads(text.as_bytes(), "r", None);
        assert_eq!((parsed.items.len(), parsed.errors.len()), (2, 0));
    }

    /// What `push_row` replaced: the row flattened beside its `base` by serde.
    #[derive(serde::Serialize)]
    struct ReadRow<'a> {
        #[serde(flatten)]
        read: &'a ReadSpan,
        #[serde(skip_serializing_if = "Option::is_none")]
        base: Option<&'a Base>,
    }

    proptest::proptest! {
        #[test]
        fn row_then_base_is_the_flattened_struct(
            task in "[a-z\"\\\\é\n\u{0}-\u{1f}\u{7f}\u{2028}]{0,4}", path in "[a-z/\"\t]{0,4}",
            run in "[a-z0-9/\\\\\u{1}\u{80}]{0,4}",
            start in 0u32..5, end in 0u32..5,
            turn in proptest::option::of(0u32..3), step in proptest::option::of(0u32..3),
            tool in proptest::option::of("[a-z\"]{0,3}"), command in proptest::option::of("[a-z…\t\"\\\\\u{1f} ]{0,6}"),
            rank in proptest::option::of(0u32..3), score in proptest::option::of(proptest::num::f64::ANY),
            edit: bool, source in 0usize..4,
            base in proptest::option::of(("[0-9a-f]{0,4}", proptest::option::of(0u32..9), proptest::option::of("[a-z\"]{0,3}"))),
        ) {
            let mut r = ReadSpan::simple(&path, start, end);
            (r.task, r.run) = (task, run);
            (r.turn, r.step, r.tool, r.command, r.rank, r.score) = (turn, step, tool, command, rank, score);
            if edit {
                r.kind = readcov_core::span::EventKind::Edit;
            }
            r.source = [readcov_core::span::Source::Agent, readcov_core::span::Source::Human, readcov_core::span::Source::Manual, readcov_core::span::Source::Retriever][source];
            let base = base.map(|(sha256, lines, first)| Base { sha256, lines, first, last: None });
            let mut text = Vec::new();
            push_row(&mut text, &r, base.as_ref()).unwrap();
            let want = serde_json::to_string(&ReadRow { read: &r, base: base.as_ref() }).unwrap() + "\n";
            proptest::prop_assert_eq!(String::from_utf8(text).unwrap(), want);
        }
    }
}
