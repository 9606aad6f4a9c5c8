//! Container paths to repository paths: strip the checkout root the log names (`/workspace/<org>__<repo>__<ver>/`,
//! `/testbed/`, a SWE-agent `/<org>__<repo>/`, a Claude Code `cwd`), and refuse everything outside it.

use crate::summary::Reason;
use readcov_core::path::normalize_path;

/// The absolute directories that are the repository root inside the agent's container.
#[derive(Clone, Debug, Default)]
pub struct Roots {
    roots: Vec<String>,
}

impl Roots {
    /// `/testbed` is always a root (SWE-bench images mount the repository there).
    pub fn new() -> Roots {
        let mut r = Roots::default();
        r.add("/testbed");
        r
    }

    /// Adds a root; longer roots are tried first so nested checkouts strip fully.
    pub fn add(&mut self, root: &str) {
        if let Ok(n) = normalize_path(root, None) {
            if n.starts_with('/') && n != "/" && !self.roots.contains(&n) {
                self.roots.push(n);
                self.roots.sort_by_key(|r| std::cmp::Reverse(r.len()));
            }
        }
    }

    /// The first root, used as the starting directory when a log names no other.
    pub fn primary(&self) -> Option<&str> {
        self.roots
            .iter()
            .find(|r| r.as_str() != "/testbed")
            .or(self.roots.first())
            .map(String::as_str)
    }

    /// Resolves `raw` (absolute, or relative to `cwd`) to a repository-relative path.
    pub fn resolve(&self, raw: &str, cwd: &str) -> Result<String, Reason> {
        self.resolve_in(raw, cwd).map(|(_, rel)| rel)
    }

    /// Like [`Roots::resolve`], also naming the checkout: an agent may edit `/testbed/x.py` and
    /// `/workspace/<repo>/x.py`, two copies of the same base file with separate edit histories.
    pub fn resolve_in(&self, raw: &str, cwd: &str) -> Result<(String, String), Reason> {
        let raw = raw.trim();
        if raw.is_empty() {
            return Err(Reason::Malformed);
        }
        // An absolute path is normalised where it is, not copied first.
        let joined: std::borrow::Cow<'_, str> = if raw.starts_with('/') {
            raw.into()
        } else if raw.starts_with('~') {
            return Err(Reason::OutsideRepo);
        } else {
            format!("{}/{}", cwd.trim_end_matches('/'), raw).into()
        };
        let abs = normalize_path(&joined, None).map_err(|_| Reason::OutsideRepo)?;
        for root in &self.roots {
            if let Some(rel) = under(&abs, root) {
                return Ok((root.clone(), rel));
            }
        }
        // SWE-bench style checkouts not announced in the log: /workspace/<org>__<repo>__<ver>/...
        let parts: Vec<&str> = abs.trim_start_matches('/').split('/').collect();
        if parts.len() > 2 && parts[0] == "workspace" && parts[1].contains("__") {
            return Ok((format!("/{}/{}", parts[0], parts[1]), parts[2..].join("/")));
        }
        Err(Reason::OutsideRepo)
    }
}

/// `abs` relative to `root` (both from `normalize_path(_, None)`), as
/// `normalize_path(abs, Some(root))` gives it: compared as text, without splitting either into
/// components again (profiled: 6% of importing chat rows re-normalised the two for every root).
/// A path with white space at an end (a last component `a /.`) takes the full route, which
/// trims it.
fn under(abs: &str, root: &str) -> Option<String> {
    if abs.trim().len() != abs.len() {
        return normalize_path(abs, Some(root)).ok();
    }
    let rest = abs.strip_prefix(root)?.strip_prefix('/')?;
    Some(rest.to_string())
}

#[cfg(test)]
mod tests;
