//! Reads rows with the `base` they count in: with a workspace, each row whose file it has gets
//! that file's sha256 and line count (the text the importer checked the agent's reads against),
//! so a language server opened later on a changed file can tell.

use readcov_core::base::Base;
use readcov_core::ReadSpan;
use readcov_import::FileProvider;
use serde::Serialize;
use std::collections::HashMap;

#[derive(Serialize)]
struct Row<'a> {
    #[serde(flatten)]
    read: &'a ReadSpan,
    #[serde(skip_serializing_if = "Option::is_none")]
    base: Option<&'a Base>,
}

/// Reads JSONL, each row with its file's `base` when `files(task)` has that file.
pub fn jsonl_with_base(
    rows: &[ReadSpan],
    files: &dyn Fn(&str) -> Box<dyn FileProvider>,
) -> anyhow::Result<String> {
    let mut bases: HashMap<(&str, &str), Option<Base>> = HashMap::new();
    let mut providers: HashMap<&str, Box<dyn FileProvider>> = HashMap::new();
    let mut text = String::new();
    for r in rows {
        let base = bases
            .entry((r.task.as_str(), r.path.as_str()))
            .or_insert_with(|| {
                let p = providers
                    .entry(r.task.as_str())
                    .or_insert_with(|| files(&r.task));
                p.read(&r.path).map(|b| Base::of_file(&b))
            });
        text.push_str(&serde_json::to_string(&Row {
            read: r,
            base: base.as_ref(),
        })?);
        text.push('\n');
    }
    Ok(text)
}

#[cfg(test)]
mod tests {
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
        let text = jsonl_with_base(&rows, &|_| Box::new(One)).unwrap();
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
}
