//! `score --workspace(s)`: a gold file in the workspace that is not the file the gold was made
//! against (its rows' `base.sha256`) is said on stderr, with a count — its line numbers may not
//! be the gold's any more, and scoring would count the wrong lines without a word.

use readcov_core::base::parse_row_bases;
use readcov_files::{confined_file, open_input, sha256_of_file, task_dir};
use std::collections::BTreeMap;
use std::io::BufRead;
use std::path::Path;

/// Compares every gold file that records a base with the workspace's file (`one`, or
/// `per_task/<task>/`) and warns about those that differ. Returns how many differ.
pub fn warn_differing(gold: &Path, one: Option<&Path>, per_task: Option<&Path>) -> usize {
    // Line by line: the gold file was once read whole a second time here (8 GB of gold, 8 GB
    // of memory); only lines that mention a base are parsed.
    let Ok((file, _)) = open_input(gold) else {
        return 0;
    };
    let name = gold.display().to_string();
    // (task, path) → base sha; rows of other formats simply give nothing here.
    let mut bases: BTreeMap<(String, String), String> = BTreeMap::new();
    let task_of = |line: &[u8]| {
        serde_json::from_slice::<serde_json::Value>(line)
            .ok()
            .and_then(|v| match v.get("task") {
                Some(serde_json::Value::String(s)) => Some(s.clone()),
                Some(serde_json::Value::Number(n)) => Some(n.to_string()),
                _ => None,
            })
            .unwrap_or_else(|| readcov_core::DEFAULT_ID.to_string())
    };
    let lines = std::io::BufReader::new(file)
        .split(b'\n')
        .map_while(Result::ok);
    for line in lines.filter(|l| l.windows(6).any(|w| w == b"\"base\"")) {
        let line = line.as_slice();
        let parsed = parse_row_bases(line, &name, None);
        for r in parsed.items {
            if let Some(b) = r.base {
                bases.entry((task_of(line), r.path)).or_insert(b.sha256);
            }
        }
    }
    let mut differ = Vec::new();
    for ((task, path), sha) in &bases {
        let root = match (one, per_task) {
            (Some(dir), _) => Some(dir.to_path_buf()),
            (None, Some(dir)) => task_dir(dir, task),
            (None, None) => None,
        };
        let Some(file) = root.and_then(|r| confined_file(&r, path)) else {
            continue;
        };
        // Hashed as it is read, in constant memory, whatever the file's size.
        let Ok(disk) = sha256_of_file(&file) else {
            continue;
        };
        if !disk.eq_ignore_ascii_case(sha) {
            differ.push(format!("{path} (task {task})"));
        }
    }
    if !differ.is_empty() {
        say!(
            "warning: {} gold file(s) in the workspace differ from the base the gold was made against (its `base.sha256`): {}; their lines may not be the gold's lines",
            differ.len(),
            differ.join(", ")
        );
    }
    differ.len()
}
