//! Lexical path normalisation: one spelling per file, so `./a/b.py`, `a\b.py` and `a//b.py` agree.
//!
//! Purely textual — no file system access. Symlink resolution, where needed, happens in the IO
//! layer before paths reach here.

use thiserror::Error;

#[derive(Debug, Error, PartialEq, Eq, Clone)]
pub enum PathError {
    #[error("empty path")]
    Empty,
    #[error("path `{0}` escapes the workspace root with `..`")]
    EscapesRoot(String),
    #[error("absolute path `{path}` is outside the workspace `{workspace}`")]
    OutsideWorkspace { path: String, workspace: String },
}

/// Normalises `raw` to a relative, `/`-separated path without `.`/`..` components.
///
/// Absolute paths are made relative to `workspace` when it is given (and refused when they fall
/// outside it); without a workspace they stay absolute (normalised, with a leading `/`).
pub fn normalize_path(raw: &str, workspace: Option<&str>) -> Result<String, PathError> {
    if is_normal(raw) || is_normal_absolute(raw, workspace) {
        return Ok(raw.to_string());
    }
    normalize_in_full(raw, workspace)
}

/// `/` then a path in normal form, with no workspace to make it relative to: normalising keeps
/// it as it is. Imports resolve every chat row's `/testbed/…` path this way (callgrind: the
/// split, join and `format!` were 3–4% of importing chat rows).
fn is_normal_absolute(p: &str, workspace: Option<&str>) -> bool {
    workspace.is_none_or(|w| w.trim().is_empty()) && p.strip_prefix('/').is_some_and(is_normal)
}

fn normalize_in_full(raw: &str, workspace: Option<&str>) -> Result<String, PathError> {
    let raw = raw.trim();
    if raw.is_empty() {
        return Err(PathError::Empty);
    }
    let unified = raw.replace('\\', "/");
    let absolute = is_absolute(&unified);
    let parts = components(&unified, absolute)?;
    if !absolute {
        return join_relative(parts, raw);
    }
    // An empty workspace names no root: treat it as none rather than as `/`.
    let Some(ws) = workspace.filter(|w| !w.trim().is_empty()) else {
        // `/` (or `//`, `/.`) names the root directory, never a file — like `.` for relative paths
        // (found by the `path` fuzz target: `/` came out as the path `/`).
        if parts.is_empty() {
            return Err(PathError::Empty);
        }
        return Ok(format!("/{}", parts.join("/")));
    };
    let ws_unified = ws.replace('\\', "/");
    let ws_parts = components(&ws_unified, true)?;
    // A drive path (`C:/x`) is never under a Unix root (`/`), nor the other way round (found by
    // the `path` fuzz target: `C:\x` under `/` came out as the relative `C:/x`).
    let same_kind = is_drive(&unified) == is_drive(ws_unified.trim());
    if same_kind && parts.len() >= ws_parts.len() && parts[..ws_parts.len()] == ws_parts[..] {
        join_relative(parts[ws_parts.len()..].to_vec(), raw)
    } else {
        Err(PathError::OutsideWorkspace {
            path: raw.to_string(),
            workspace: ws.to_string(),
        })
    }
}

/// Already in normal form, so normalising gives it back (whatever the workspace: it only
/// matters for absolute paths): relative, `/`-separated, no empty, `.` or `..` component, no
/// surrounding whitespace. Most paths in logs are, and splitting and joining one cost ~1,400
/// instructions (cachegrind: 5% of `score`, once per distinct path).
fn is_normal(p: &str) -> bool {
    !p.is_empty()
        && p.trim().len() == p.len()
        && !is_absolute(p)
        && !p.contains('\\')
        // Split as bytes: `/` never occurs inside a multi-byte character, so these are the
        // `str` components, without `str::split`'s searcher set up per call.
        && p.as_bytes()
            .split(|&b| b == b'/')
            .all(|c| !matches!(c, b"" | b"." | b".."))
}

fn join_relative(parts: Vec<&str>, _raw: &str) -> Result<String, PathError> {
    if parts.is_empty() {
        // `.` or the workspace root itself: not a file.
        return Err(PathError::Empty);
    }
    Ok(parts.join("/"))
}

/// `C:/x`: a Windows drive path.
fn is_drive(p: &str) -> bool {
    let b = p.as_bytes();
    b.len() >= 3 && b[0].is_ascii_alphabetic() && b[1] == b':' && b[2] == b'/'
}

/// `/x`, `C:/x` and `//server/x` are absolute.
fn is_absolute(p: &str) -> bool {
    let b = p.as_bytes();
    p.starts_with('/')
        || (b.len() >= 3 && b[0].is_ascii_alphabetic() && b[1] == b':' && b[2] == b'/')
}

/// Splits into components, resolving `.` and `..`; a drive letter counts as a component.
fn components(p: &str, absolute: bool) -> Result<Vec<&str>, PathError> {
    let mut out: Vec<&str> = Vec::new();
    for part in p.split('/') {
        match part {
            "" | "." => {}
            ".." => {
                if out.pop().is_none()
                    || (absolute && out.is_empty() && p.as_bytes().get(1) == Some(&b':'))
                {
                    return Err(PathError::EscapesRoot(p.to_string()));
                }
            }
            other => out.push(other),
        }
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn check(raw: &str, ws: Option<&str>, expected: Result<&str, ()>) {
        let got = normalize_path(raw, ws);
        match expected {
            Ok(e) => assert_eq!(got.as_deref(), Ok(e), "{raw}"),
            Err(()) => assert!(got.is_err(), "{raw} should fail, got {got:?}"),
        }
    }

    #[test]
    fn cases() {
        check("./a/b.py", None, Ok("a/b.py"));
        check("a\\b.py", None, Ok("a/b.py"));
        check("a//b/./c.py", None, Ok("a/b/c.py"));
        check("a/x/../b.py", None, Ok("a/b.py"));
        check("../b.py", None, Err(()));
        check("a/../../b.py", None, Err(()));
        check("", None, Err(()));
        check(".", None, Err(()));
        check("/repo/a/b.py", Some("/repo"), Ok("a/b.py"));
        check("/repo/a/b.py", Some("/repo/"), Ok("a/b.py"));
        check("/repository/a.py", Some("/repo"), Err(()));
        check("/etc/passwd", Some("/repo"), Err(()));
        check("/repo/../etc/passwd", Some("/repo"), Err(()));
        check("/abs/x.py", None, Ok("/abs/x.py"));
        check("C:\\repo\\a.py", Some("C:/repo"), Ok("a.py"));
        check("  a.py ", None, Ok("a.py"));
        // fuzz regressions (path target): a drive path is not under `/`; an empty workspace is none
        check("C:\\swd", Some("/"), Err(()));
        check("/etc/x", Some("C:/repo"), Err(()));
        check("C:\\swd", Some(""), Ok("/C:/swd"));
        check("/repo/a.py", Some("/"), Ok("repo/a.py"));
        // fuzz regression (path target, input `/\0`): the root directory is not a file path
        check("/", None, Err(()));
        check("//./", None, Err(()));
        check("\\", Some(""), Err(()));
        check("/x/..", None, Err(()));
    }

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig::with_cases(4000))]
        /// The shortcut for paths already normal agrees with the full normalisation.
        #[test]
        fn a_normal_path_normalises_to_itself(
            parts in proptest::collection::vec(
                proptest::sample::select(&["a", ".", "..", "", "C:", " a", "a ", "\u{e9}", "a\\b", "a.b", "\u{2003}"][..]),
                0..5,
            ),
            lead in proptest::sample::select(&["", "/", "C:/", "\\", " "][..]),
            ws in proptest::option::of(proptest::sample::select(&["", "/", "/a", "C:/", "a"][..])),
        ) {
            let raw = format!("{lead}{}", parts.join("/"));
            if is_normal(&raw) || is_normal_absolute(&raw, ws) {
                proptest::prop_assert_eq!(normalize_in_full(&raw, ws), Ok(raw.clone()));
            }
        }
    }

    #[test]
    fn normal_absolute_paths_are_told_apart() {
        for (p, ws) in [
            ("/testbed/a.py", None),
            ("/a", Some("")),
            ("/a/b", Some(" ")),
        ] {
            assert!(is_normal_absolute(p, ws), "{p} {ws:?}");
            assert_eq!(normalize_in_full(p, ws).as_deref(), Ok(p), "{p}");
        }
        for (p, ws) in [
            ("/testbed/a.py", Some("/testbed")),
            ("/", None),
            ("//a", None),
            ("/a/", None),
            ("/./a", None),
            ("/a/../b", None),
            ("/C:/a", None),
            ("/a\\b", None),
            ("/a ", None),
            (" /a", None),
            ("a", None),
        ] {
            assert!(!is_normal_absolute(p, ws), "{p} {ws:?}");
        }
    }

    #[test]
    fn normal_paths_are_told_apart() {
        for p in ["a.py", "src/a/b.py", "C:x", "a..b/.c", "\u{e9}/x"] {
            assert!(is_normal(p), "{p}");
        }
        for p in [
            "",
            " a.py",
            "a.py\u{2003}",
            "/a",
            "C:/a",
            "a\\b",
            "a//b",
            "a/",
            "./a",
            "a/../b",
            "..",
        ] {
            assert!(!is_normal(p), "{p}");
        }
    }
}
