//! Path rules. Gold paths are normalised (container roots stripped); predicted paths are
//! resolved against the checkout by trying shorter and shorter suffixes until a file exists.
//!
//! Compat quirk: after the root stripping, the reference strips every leading `.` and `/`
//! *character* from a relative gold path (Python's `lstrip("./")`), so `.github/x` becomes
//! `github/x` and can never match a predicted `.github/x`. Clean strips whole `./` prefixes only.

use super::Mode;

/// A gold path, normalised as the reference does (`/testbed/`, `/workspace/<x>/`, a leading
/// `/`; in compat then every leading `.`/`/` character of a relative path).
pub fn gold_path(raw: &str, mode: Mode) -> String {
    let p = raw.replace('\\', "/");
    if let Some(rest) = p.strip_prefix("/testbed/") {
        return rest.to_string();
    }
    if let Some(rest) = p.strip_prefix("/workspace/") {
        return match rest.split_once('/') {
            Some((_, tail)) => tail.to_string(),
            None => rest.to_string(),
        };
    }
    if p.starts_with('/') {
        return p.trim_start_matches('/').to_string();
    }
    match mode {
        Mode::Compat => p.trim_start_matches(['.', '/']).to_string(),
        Mode::Clean => strip_dot_slash(&p).to_string(),
    }
}

fn strip_dot_slash(mut p: &str) -> &str {
    while let Some(rest) = p.strip_prefix("./") {
        p = rest;
    }
    p
}

/// The relative candidate a predicted path starts from: trimmed of whitespace and quotes,
/// `\` as `/`, leading `./` and `/` removed; `None` when nothing remains.
fn pred_relative(raw: &str) -> Option<String> {
    let p = raw.trim().trim_matches(['\'', '"']).replace('\\', "/");
    let p = strip_dot_slash(&p).trim_start_matches('/');
    (!p.is_empty()).then(|| p.to_string())
}

/// Resolves a predicted path: the full path, then each shorter suffix, the first that `exists`.
pub fn resolve(raw: &str, exists: &mut dyn FnMut(&str) -> bool) -> Option<String> {
    let p = pred_relative(raw)?;
    let parts: Vec<&str> = p.split('/').filter(|x| !x.is_empty()).collect();
    (0..parts.len())
        .map(|i| parts[i..].join("/"))
        .find(|cand| exists(cand))
}

/// A predicted path when there is no checkout to resolve against: container roots stripped as
/// for gold (the clean rules), nothing dropped.
pub fn unresolved(raw: &str) -> Option<String> {
    let p = raw.trim().trim_matches(['\'', '"']);
    let g = gold_path(p, Mode::Clean);
    (!g.is_empty()).then_some(g)
}
