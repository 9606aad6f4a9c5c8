//! The files of an AutoCodeRover task folder that are no thread: what AutoCodeRover (April 2024,
//! the layout of its published `results/`, auto-code-rover 7866b17 and 3536ac2) writes beside the
//! threads in each `<instance_id>_<YYYY-MM-DD_HH-MM-SS>/` folder. Counted on the 1,501 task
//! folders of `results/` at 3536ac2, every file there is a thread or one of these. None holds a
//! read: importing one was refused, one error each (9,024 lines for acr-run-1's 300 folders).

use readcov_import::autocoderover::task_of;
use std::path::Path;

/// Names AutoCodeRover gives the files of a task folder that are no thread (`N`: a number as
/// Python writes an int), as the kinds the import's note lists.
const KINDS: [&str; 15] = [
    // The proxy agent's thread: it turns the model's reply into API calls, and reads nothing.
    "agent_proxy_N.json",
    // The model's raw patch reply of attempt N (also in the write-patch thread).
    "agent_patch_raw_N",
    "extracted_patch_N.diff",
    "developer_patch.diff",
    "problem_statement.txt",
    "meta.json",
    "cost.json",
    "extract_status.json",
    "info.log",
    "tool_call_sequence.json",
    "tool_call_layers.json",
    "run_test_suite_N.log",
    "run_developer_tests.log",
    "sbfl_result.json",
    "sbfl_result_method.json",
];

/// The kind of `file` when it is one of the files AutoCodeRover writes in a task folder beside
/// its threads (its folder named `<instance_id>_<stamp>`), as listed in [`KINDS`].
pub fn part_kind(file: &Path) -> Option<&'static str> {
    let name = file.file_name()?.to_str()?;
    task_of(&file.to_string_lossy())?;
    KINDS.iter().copied().find(|k| matches(k, name))
}

/// Whether `name` is `kind` with its `N` (if any) a plain number: digits, no sign, no leading
/// zero (Python's f-string of an int).
fn matches(kind: &str, name: &str) -> bool {
    let Some((before, after)) = kind.split_once('N') else {
        return kind == name;
    };
    let digits = name
        .strip_prefix(before)
        .and_then(|r| r.strip_suffix(after))
        .unwrap_or("");
    !digits.is_empty()
        && digits.bytes().all(|b| b.is_ascii_digit())
        && (digits == "0" || !digits.starts_with('0'))
}
