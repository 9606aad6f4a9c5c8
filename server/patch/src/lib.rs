//! readcov-patch: unified diffs as values. A patch is parsed into files and hunks with the
//! base-side lines their headers state ([`parse`]); applied to a base text the way `git apply`
//! does, a hunk whose context sits a few lines away applying there with its offset said
//! ([`apply`]); its changed base lines computed from where the hunks landed
//! ([`change_lines`]); and written back from two texts ([`file_diff`]). Gold patches and the
//! agents' patches go through the same model. Also SWE-bench predictions files
//! ([`parse_predictions`]). No IO.

mod apply;
mod change;
mod model;
mod parse;
mod predictions;
mod write;

pub use apply::{apply, offset_note, Anchor, Applied, ApplyError, Placed};
pub use change::{change_lines, merge};
pub use model::{FilePatch, Hunk, HunkLine, Op, Patch};
pub use parse::{hunk_header, parse, ParsedPatch};
pub use predictions::{parse_predictions, prediction_line, Loss, Prediction};
pub use write::file_diff;

/// Whether a path looks like a test file (`tests/`, `test_*.py`, `*_test.go`, `*Test.java`,
/// `*.spec.ts`, `conftest.py`, …).
pub fn is_test_path(path: &str) -> bool {
    let parts: Vec<&str> = path.split('/').collect();
    let name = parts.last().copied().unwrap_or("");
    let in_test_dir = parts[..parts.len().saturating_sub(1)]
        .iter()
        .any(|p| matches!(*p, "test" | "tests" | "testing" | "__tests__"));
    let stem = name.split('.').next().unwrap_or("");
    in_test_dir
        || name.starts_with("test_")
        || name == "conftest.py"
        || stem.ends_with("_test")
        || stem.ends_with("Test")
        || stem.ends_with("Tests")
        || name.contains(".test.")
        || name.contains(".spec.")
}
