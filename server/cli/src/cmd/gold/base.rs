//! Gold rows with the `base` they were made against: for each row whose file is in the task's
//! workspace (the pre-image, before the patch), its sha256 and line count and the text of the
//! span's first and last line — what lets the language server notice a file that changed since
//! and map the gold onto it by content.

use readcov_core::base::Base;
use readcov_gold::{GoldRow, TaskFiles};
use std::collections::HashMap;

/// A gold row as `readcov gold` writes it, keys in their usual order, then `base`.
#[derive(serde::Serialize)]
struct Row<'a> {
    #[serde(flatten)]
    row: &'a GoldRow,
    #[serde(skip_serializing_if = "Option::is_none")]
    base: Option<Base>,
}

/// Gold JSONL, each row with its `base` when the workspace has its file.
pub fn jsonl_with_base(rows: &[GoldRow], files: &dyn TaskFiles) -> anyhow::Result<String> {
    let mut texts: HashMap<(&str, &str), Option<String>> = HashMap::new();
    let mut out = String::new();
    for r in rows {
        let text = texts
            .entry((r.task.as_str(), r.path.as_str()))
            .or_insert_with(|| files.read(&r.task, &r.path));
        let base = text
            .as_deref()
            .map(|t| Base::of_span(t.as_bytes(), r.start, r.end));
        out.push_str(&serde_json::to_string(&Row { row: r, base })?);
        out.push('\n');
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
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
        let text = jsonl_with_base(&rows, &files).unwrap();
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
