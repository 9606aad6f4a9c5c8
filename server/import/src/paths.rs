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
mod tests {
    use super::*;

    fn check(roots: &[&str], raw: &str, cwd: &str, expected: Result<&str, Reason>) {
        let mut r = Roots::new();
        for x in roots {
            r.add(x);
        }
        assert_eq!(
            r.resolve(raw, cwd).as_deref().map_err(|e| *e),
            expected,
            "{raw} in {cwd}"
        );
    }

    #[test]
    fn strips_container_prefixes() {
        let ws = "/workspace/pallets__flask__2.3";
        check(
            &[ws],
            "/workspace/pallets__flask__2.3/src/flask/app.py",
            "/",
            Ok("src/flask/app.py"),
        );
        check(&[ws], "src/flask/app.py", ws, Ok("src/flask/app.py"));
        check(&[ws], "./src/../src/a.py", ws, Ok("src/a.py"));
        check(
            &[],
            "/testbed/astropy/io/ascii/rst.py",
            "/",
            Ok("astropy/io/ascii/rst.py"),
        );
        check(&[], "astropy/x.py", "/testbed", Ok("astropy/x.py"));
        check(
            &[],
            "/workspace/psf__requests__2.0/requests/models.py",
            "/",
            Ok("requests/models.py"),
        );
        check(&[ws], "/tmp/repro.py", ws, Err(Reason::OutsideRepo));
        check(&[ws], "../other/x.py", ws, Err(Reason::OutsideRepo));
        check(&[ws], "classes.dot", "/workspace", Err(Reason::OutsideRepo));
        check(
            &["/fasterxml__jackson-core"],
            "/fasterxml__jackson-core/src/A.java",
            "/",
            Ok("src/A.java"),
        );
        check(&[ws], "", ws, Err(Reason::Malformed));
        check(&[ws], "~/x.py", ws, Err(Reason::OutsideRepo));
        check(
            &[ws],
            "/workspace/pallets__flask__2.3",
            "/",
            Err(Reason::OutsideRepo),
        );
    }

    #[test]
    fn under_agrees_with_normalize_path_on_edges() {
        let cases = [
            ("/testbed/a.py", "/testbed"),
            ("/testbed", "/testbed"),
            ("/testbedx/a.py", "/testbed"),
            ("/a /b", "/a "),
            ("/a /b", "/a"),
            ("/w/x y/z ", "/w"),
            ("/w/a", "/w/a/b"),
        ];
        for (abs, root) in cases {
            assert_eq!(
                under(abs, root),
                normalize_path(abs, Some(root)).ok(),
                "{abs} {root}"
            );
        }
    }

    proptest::proptest! {
        /// `under` is `normalize_path(abs, Some(root))` for every root `Roots::add` keeps and
        /// every path `resolve_in` normalises.
        #[test]
        fn under_agrees_with_normalize_path(
            raw in "(/(a|a |\\.|\\.\\.| |_|a\\\\a)){1,5}",
            root in "(/(a|a |\\.| |_)){1,3}",
        ) {
            let mut roots = Roots::default();
            roots.add(&root);
            if let (Ok(abs), Some(root)) = (normalize_path(&raw, None), roots.roots.first()) {
                if abs.starts_with('/') {
                    proptest::prop_assert_eq!(
                        under(&abs, root),
                        normalize_path(&abs, Some(root)).ok()
                    );
                }
            }
        }
    }
}
