//! Which files a glob operand names, from the workspace and the run's own files.

use crate::bash::operands::path_matches;

#[test]
fn a_path_matches_a_pattern_component_by_component() {
    assert!(path_matches("pkg/*.py", "pkg/a.py"));
    assert!(!path_matches("pkg/*.py", "pkg/sub/a.py"));
    assert!(!path_matches("pkg/*.py", "pkg/.a.py"));
    assert!(path_matches("*/x.py", "pkg/x.py"));
    assert!(!path_matches("*/x.py", "x.py"));
}
