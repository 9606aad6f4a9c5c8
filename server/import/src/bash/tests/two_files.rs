//! The two-file workspace the session 39 and 40 cases run on (`pkg/a.py`, `pkg/b.py`), its reads,
//! and `cat -n pkg/a.py`'s output.

use super::{run_on, Got};
use readcov_core::span::EventKind;
use std::collections::BTreeMap;

pub(super) fn tree() -> BTreeMap<String, String> {
    BTreeMap::from([
        ("pkg/a.py".into(), "import os\nx = 1\n".into()),
        ("pkg/b.py".into(), "y = 2\nimport os\n".into()),
    ])
}

pub(super) fn read_rows(workspace: bool, actions: &[crate::session::Action]) -> Got {
    run_on(&tree(), workspace, actions, |k| k == EventKind::Read)
}

pub(super) fn row(p: &str, s: u32, e: u32) -> (String, u32, u32) {
    (p.to_string(), s, e)
}

pub(super) const A_NUMBERED: &str = "     1\timport os\n     2\tx = 1\n";
