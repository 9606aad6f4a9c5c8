//! Gold sources the server understands, each converted by the library that owns the format
//! (no conversion logic lives here): gold JSONL (`readcov-core`), a unified diff and SWE-bench
//! rows (`readcov-import`'s `gold_from_diff` / `gold_from_swebench`, as `readcov gold` does) and
//! SWE-Explore benchmark rows (`readcov-core`'s `parse_bench` + `bench_gold`) and ContextBench gold
//! rows (`readcov-core`'s `contextbench_gold_spans`). The format is taken
//! from the file's extension and content; a JSON array of rows is read like JSONL, and a Parquet
//! file (`readcov-parquet`) like the JSONL of its rows.

use readcov_core::base::{parse_row_bases, RowBase};
use readcov_core::explore::{bench_gold, parse_bench};
use readcov_core::{parse_gold, FileLengths, GoldSpan, InputError};
use readcov_import::{gold_from_diff, gold_from_swebench, DiffOptions, FileProvider};
use serde_json::Value;
use std::path::{Path, PathBuf};

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GoldFormat {
    /// readcov gold JSONL (`task`, `path`, `start`, `end`, …).
    Jsonl,
    /// A unified diff: the base lines it changes (task: the configured `task`, else `default`).
    Diff,
    /// SWE-bench rows: `instance_id` + `patch`.
    SweBench,
    /// SWE-Explore benchmark rows: `instance_id` + `ground_truth`.
    Explore,
    /// ContextBench gold rows: `gold_context` (or the legacy `init_ctx`/`add_ctx`/`gold_ctx`).
    ContextBench,
}

impl GoldFormat {
    pub fn label(self) -> &'static str {
        match self {
            GoldFormat::Jsonl => "gold JSONL",
            GoldFormat::Diff => "unified diff",
            GoldFormat::SweBench => "SWE-bench rows",
            GoldFormat::Explore => "SWE-Explore rows",
            GoldFormat::ContextBench => "ContextBench rows",
        }
    }
}

/// Decides the format of a gold file from its name and first row.
pub fn detect(name: &str, bytes: &[u8]) -> GoldFormat {
    let lower = name.to_ascii_lowercase();
    if lower.ends_with(".diff") || lower.ends_with(".patch") {
        return GoldFormat::Diff;
    }
    let text = String::from_utf8_lossy(&bytes[..bytes.len().min(1 << 16)]);
    let first = text.lines().map(str::trim).find(|l| !l.is_empty());
    match first {
        Some(l) if l.starts_with("diff ") || l.starts_with("--- ") || l.starts_with("Index: ") => {
            return GoldFormat::Diff
        }
        _ => {}
    }
    let row = first_row(bytes);
    let has = |k: &str| row.as_ref().is_some_and(|r| r.get(k).is_some());
    if has("ground_truth") {
        GoldFormat::Explore
    } else if has("gold_context") || has("init_ctx") || has("gold_ctx") {
        // Before SWE-bench: ContextBench rows carry `instance_id` and `patch` too.
        GoldFormat::ContextBench
    } else if has("patch") && has("instance_id") {
        GoldFormat::SweBench
    } else {
        GoldFormat::Jsonl
    }
}

/// The first row of JSONL (or of a JSON array), if it parses.
fn first_row(bytes: &[u8]) -> Option<Value> {
    if let Some(rows) = array_rows(bytes) {
        return rows.into_iter().next();
    }
    let line = bytes
        .split(|&b| b == b'\n')
        .find(|l| l.iter().any(|b| !b.is_ascii_whitespace()))?;
    serde_json::from_slice(line).ok()
}

fn array_rows(bytes: &[u8]) -> Option<Vec<Value>> {
    let start = bytes.iter().position(|b| !b.is_ascii_whitespace())?;
    if bytes[start] != b'[' {
        return None;
    }
    match serde_json::from_slice::<Value>(bytes) {
        Ok(Value::Array(rows)) => Some(rows),
        _ => None,
    }
}

/// A JSON array of rows as JSONL (one element per line, so "line N" in errors is element N);
/// anything else unchanged.
pub fn as_jsonl(bytes: &[u8]) -> std::borrow::Cow<'_, [u8]> {
    match array_rows(bytes) {
        Some(rows) => {
            let mut out = Vec::new();
            for r in rows {
                out.extend(serde_json::to_vec(&r).unwrap_or_default());
                out.push(b'\n');
            }
            out.into()
        }
        None => bytes.into(),
    }
}

/// Gold loaded from one file.
#[derive(Debug, Default)]
pub struct LoadedGold {
    pub format: Option<GoldFormat>,
    pub spans: Vec<GoldSpan>,
    /// Each gold JSONL row's place and `base` (the file it was made against), when it has one.
    pub bases: Vec<RowBase>,
    pub errors: Vec<String>,
}

/// Loads one gold file. `task` names the task of a plain diff; `lengths` resolves SWE-Explore
/// regions that count from the end of a file.
pub fn load_gold(
    name: &str,
    bytes: &[u8],
    workspace: Option<&str>,
    task: Option<&str>,
    lengths: &dyn FileLengths,
) -> LoadedGold {
    // Parquet rows (ContextBench's distribution) are read as the JSONL they hold, row N as
    // line N; rows that cannot be decoded are an error and the rows before them are kept.
    if readcov_parquet::is_parquet(bytes) {
        let rows = readcov_parquet::parquet_to_jsonl(bytes);
        let mut out = load_gold(name, &rows.jsonl, workspace, task, lengths);
        if let Some(e) = rows.error {
            out.errors.insert(0, format!("{name}: Parquet: {e}"));
        }
        return out;
    }
    let format = detect(name, bytes);
    let mut out = LoadedGold {
        format: Some(format),
        ..LoadedGold::default()
    };
    let located = |errors: &[InputError]| errors.iter().map(InputError::to_string).collect();
    match format {
        GoldFormat::Diff | GoldFormat::SweBench => {
            let opts = DiffOptions::default();
            let g = if format == GoldFormat::Diff {
                let task = task.unwrap_or(readcov_core::DEFAULT_ID);
                gold_from_diff(&String::from_utf8_lossy(bytes), task, &opts, name)
            } else {
                gold_from_swebench(&as_jsonl(bytes), name, &opts)
            };
            out.errors = located(&g.errors);
            out.spans = g.spans;
        }
        GoldFormat::Explore => {
            let bench = parse_bench(&as_jsonl(bytes), name);
            out.errors = located(&bench.errors);
            for row in bench
                .items
                .iter()
                .filter(|r| task.is_none_or(|t| t == r.instance_id))
            {
                let g = bench_gold(row, lengths);
                out.spans.extend(g.spans);
                out.errors.extend(g.skipped.iter().map(|(r, why)| {
                    format!(
                        "{name}: instance `{}`: region {}:{}-{} skipped: {why}",
                        row.instance_id, r.path, r.start, r.end
                    )
                }));
            }
        }
        GoldFormat::ContextBench => {
            let g = readcov_core::contextbench::contextbench_gold_spans(&as_jsonl(bytes), name);
            out.errors = located(&g.errors);
            out.spans = g
                .items
                .into_iter()
                .filter(|s| task.is_none_or(|t| t == s.task))
                .collect();
        }
        GoldFormat::Jsonl => {
            let bytes = as_jsonl(bytes);
            let parsed = parse_gold(&bytes, name, workspace);
            out.errors = located(&parsed.errors);
            out.spans = parsed.items;
            // The optional `base` of each row, read in a second light pass; a malformed one is
            // said (the span still counts, without a base).
            let bases = parse_row_bases(&bytes, name, workspace);
            out.errors.extend(
                bases
                    .errors
                    .iter()
                    .filter(|e| {
                        e.field
                            .as_deref()
                            .is_some_and(|f| f.starts_with("base") || f == "sha256")
                    })
                    .map(|e| format!("{e} (the span counts without a base)")),
            );
            out.bases = bases
                .items
                .into_iter()
                .filter(|r| r.base.is_some())
                .collect();
        }
    }
    out
}

/// Files of the workspace on disk, confined to it through symlinks: what trajectory imports
/// replay edits against and what SWE-Explore regions measure lengths on.
pub struct Workspace(pub Option<PathBuf>);

impl Workspace {
    fn real(&self, path: &str) -> Option<PathBuf> {
        let root = self.0.as_ref()?.canonicalize().ok()?;
        if Path::new(path).is_absolute() || path.split('/').any(|c| c == "..") {
            return None;
        }
        let real = root.join(path).canonicalize().ok()?;
        (real.starts_with(&root) && real.is_file()).then_some(real)
    }
}

impl FileProvider for Workspace {
    fn read(&self, path: &str) -> Option<Vec<u8>> {
        readcov_files::read_input(&self.real(path)?).ok()
    }
    fn has_workspace(&self) -> bool {
        self.0.is_some()
    }
    fn is_dir(&self, path: &str) -> Option<bool> {
        let root = self.0.as_ref()?.canonicalize().ok()?;
        if Path::new(path).is_absolute() || path.split('/').any(|c| c == "..") {
            return Some(false);
        }
        let real = root.join(path).canonicalize().ok()?;
        Some(real.starts_with(&root) && real.is_dir())
    }
}

impl FileLengths for Workspace {
    fn lines_in(&self, path: &str) -> Option<u32> {
        let bytes = self.read(path)?;
        let n = bytes.iter().filter(|&&b| b == b'\n').count();
        let last = !bytes.is_empty() && !bytes.ends_with(b"\n");
        u32::try_from(n + usize::from(last)).ok()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use readcov_core::UnknownLengths;

    #[test]
    fn formats_are_detected_from_name_and_first_row() {
        assert_eq!(detect("fix.patch", b"anything"), GoldFormat::Diff);
        assert_eq!(
            detect("gold.txt", b"diff --git a/x b/x\n"),
            GoldFormat::Diff
        );
        let swe = br#"{"instance_id":"a","patch":"diff --git a/x b/x"}"#;
        assert_eq!(detect("rows.jsonl", swe), GoldFormat::SweBench);
        assert_eq!(
            detect("rows.json", b"[{\"instance_id\":\"a\",\"patch\":\"\"}]"),
            GoldFormat::SweBench
        );
        let ex = br#"{"instance_id":"a","ground_truth":{}}"#;
        assert_eq!(detect("bench.jsonl", ex), GoldFormat::Explore);
        let cb = br#"{"instance_id":"a","patch":"","gold_context":"[]"}"#;
        assert_eq!(detect("rows.jsonl", cb), GoldFormat::ContextBench);
        let g = br#"{"task":"t","path":"a.py","start":1,"end":2}"#;
        assert_eq!(detect("gold.jsonl", g), GoldFormat::Jsonl);
    }

    #[test]
    fn a_json_array_of_rows_reads_like_jsonl_with_located_errors() {
        let rows = br#"[{"task":"t","path":"a.py","start":3,"end":4},{"task":"t","path":"a.py","start":9}]"#;
        let g = load_gold("gold.json", rows, None, None, &UnknownLengths);
        assert_eq!(g.spans.len(), 1);
        assert_eq!(g.errors.len(), 1, "{:?}", g.errors);
        assert!(g.errors[0].starts_with("gold.json:2:"), "{:?}", g.errors);
    }

    #[test]
    fn a_plain_diff_takes_the_configured_task() {
        let patch = "--- a/x.py\n+++ b/x.py\n@@ -2,2 +2,2 @@\n-a\n-b\n+A\n+B\n";
        let g = load_gold(
            "fix.diff",
            patch.as_bytes(),
            None,
            Some("t9"),
            &UnknownLengths,
        );
        assert_eq!(g.format, Some(GoldFormat::Diff));
        assert_eq!(
            g.spans
                .iter()
                .map(|s| (s.task.as_str(), s.path.as_str(), s.start, s.end))
                .collect::<Vec<_>>(),
            vec![("t9", "x.py", 2, 3)]
        );
    }

    #[test]
    fn contextbench_rows_become_core_gold_of_the_configured_task() {
        let rows = concat!(
            r#"{"instance_id":"i1","patch":"","gold_context":"[{\"file\":\"/testbed/a.py\",\"start_line\":3,\"end_line\":5}]"}"#,
            "\n",
            r#"{"instance_id":"i2","gold_context":"[{\"file\":\"b.py\",\"start_line\":1,\"end_line\":1}]"}"#,
        );
        let g = load_gold(
            "rows.jsonl",
            rows.as_bytes(),
            None,
            Some("i1"),
            &UnknownLengths,
        );
        assert_eq!(g.format, Some(GoldFormat::ContextBench));
        assert!(g.errors.is_empty(), "{:?}", g.errors);
        let spans: Vec<_> = g
            .spans
            .iter()
            .map(|s| (s.task.as_str(), s.path.as_str(), s.start, s.end, s.tier))
            .collect();
        assert_eq!(spans, vec![("i1", "a.py", 3, 5, readcov_core::Tier::Core)]);
    }

    #[test]
    fn contextbench_parquet_rows_load_as_their_jsonl_twin() {
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("../../tests/fixtures/contextbench");
        let read = |f: &str| std::fs::read(dir.join(f)).unwrap();
        let load = |f: &str| load_gold(f, &read(f), None, Some("i1"), &UnknownLengths);
        let want = load("gold.jsonl");
        assert_eq!(want.format, Some(GoldFormat::ContextBench));
        assert_eq!(want.spans.len(), 2, "{:?}", want.spans);
        for f in ["gold.snappy.parquet", "gold.zstd.parquet"] {
            let got = load(f);
            assert_eq!(
                (got.format, &got.spans, &got.errors),
                (want.format, &want.spans, &want.errors),
                "{f}"
            );
        }
        let broken = load_gold(
            "x.parquet",
            b"PAR1\0\0\0\0PAR1",
            None,
            None,
            &UnknownLengths,
        );
        assert!(broken.spans.is_empty());
        assert!(
            broken.errors[0].starts_with("x.parquet: Parquet: not a readable"),
            "{:?}",
            broken.errors
        );
    }
}
