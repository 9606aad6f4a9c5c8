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
mod tests;
