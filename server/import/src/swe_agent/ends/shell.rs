//! A file's count of editor lines from a shell command of the same run (session 38): `wc -l F`
//! prints the number of line breaks N, so `text.split("\n")` has N + 1 parts, whatever the file's
//! end; `cat -n F` numbers every line, L of them, and the editor's only numbered "line" past L is
//! the empty one after a final line break, L + 1. Only a command alone in its action (no pipe, no
//! `&&`), printing nothing else; a relative path is the repository's (1.x runs commands in it)
//! until the run's first `cd`.

/// The path (absolute, as the editor names it) and the editor's count a shell action tells.
pub(super) fn count(action: &str, obs: &str, cwd: Option<&str>) -> Option<(String, u32)> {
    let pipelines = crate::shell::parse(action);
    let [p] = pipelines.as_slice() else {
        return None;
    };
    let [stage] = p.stages.as_slice() else {
        return None;
    };
    if !stage.writes.is_empty() || stage.stdin.is_some() {
        return None;
    }
    let words: Vec<&str> = stage.words.iter().map(|w| &**w).collect();
    let (n, file) = match words.as_slice() {
        ["wc", "-l", file] => (wc_count(obs, file)?, *file),
        ["cat", "-n", file] => (cat_n_count(obs)?, *file),
        _ => return None,
    };
    // A word bash would expand is not the file's name as written.
    if file.contains(['*', '?', '[', '{', '~', '$', '`', '\\']) {
        return None;
    }
    let path = match (file.starts_with('/'), cwd) {
        (true, _) => file.to_string(),
        (false, Some(cwd)) => format!("{}/{file}", cwd.trim_end_matches('/')),
        (false, None) => return None,
    };
    let path = readcov_core::path::normalize_path(&path, None).ok()?;
    Some((path, n))
}

/// `wc -l F`'s output, `N F`: N + 1.
fn wc_count(obs: &str, file: &str) -> Option<u32> {
    let (n, name) = obs.trim().split_once(' ')?;
    let n: u32 = n.parse().ok()?;
    (name == file).then_some(n + 1)
}

/// `cat -n F`'s output whole (every line numbered, 1 to L in order; SWE-ReX may have stripped
/// the first line's indent and the last line's tab): L + 1.
fn cat_n_count(obs: &str) -> Option<u32> {
    let mut last = 0u32;
    for line in obs.trim_end_matches('\n').split('\n') {
        let l = line.trim_start_matches(' ');
        let num = l.split_once('\t').map_or(l, |(n, _)| n);
        if num.parse::<u32>().ok()? != last + 1 {
            return None;
        }
        last += 1;
    }
    (last > 0).then_some(last + 1)
}

#[cfg(test)]
mod tests;
