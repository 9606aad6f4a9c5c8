//! The checkout a classic SWE-agent run works in (`/<org>__<repo>`), told from the windows it
//! shows.

use super::windows::window_file;
use super::Step;

/// The repository root: the first component of the first absolute path a window names.
pub(super) fn root_of(traj: &[Step]) -> Option<String> {
    traj.iter().find_map(|t| {
        let f = window_file(t.observation.as_deref()?)?;
        let first = f.trim_start_matches('/').split('/').next()?;
        (f.starts_with('/') && !first.is_empty()).then(|| format!("/{first}"))
    })
}
