//! The checkout a classic SWE-agent run works in (`/<org>__<repo>`): the directory the run
//! started in, as its instance prompt states it, else told from the windows it shows. Before
//! session 40 it was the first component of the first window's path, so a first window of a file
//! outside the checkout moved it (`/etc/apt/sources.list` made the root `/etc`).

use super::windows::window_file;
use super::Step;
use serde_json::Value;

/// The directory the prompt of the run's instance states (`(Current directory: /org__repo)`, the
/// state lines SWE-agent puts under every observation): the first one of a user message of
/// `history` that is no demonstration (a demonstration, flagged `is_demo`, is another run's, in
/// another checkout). SWE-agent starts every run in its checkout (`cd /{repo_name}`), so that
/// directory is the root; `None` without such a prompt, or when it names `/` or no absolute path.
pub(super) fn prompted(doc: &Value) -> Option<String> {
    const CWD: &str = "(Current directory: ";
    let history = doc.get("history")?.as_array()?;
    let text = history
        .iter()
        .filter(|m| m.get("role").and_then(Value::as_str) == Some("user"))
        .filter(|m| m.get("is_demo").and_then(Value::as_bool) != Some(true))
        .filter_map(|m| m.get("content").and_then(Value::as_str))
        .find(|c| !c.contains("--- DEMONSTRATION ---") && c.contains(CWD))?;
    let at = text.find(CWD)? + CWD.len();
    let dir = text[at..]
        .lines()
        .next()?
        .strip_suffix(')')?
        .trim_end_matches('/');
    (dir.starts_with('/') && dir.len() > 1).then(|| dir.to_string())
}

/// The top-level folders of a Linux system (the FHS), which hold no checkout: a window of a file
/// under one (`/etc/apt/sources.list`, `/tmp/t.py`) is of a file outside the repository.
const SYSTEM: [&str; 20] = [
    "bin", "boot", "dev", "etc", "home", "lib", "lib32", "lib64", "media", "mnt", "opt", "proc",
    "root", "run", "sbin", "srv", "sys", "tmp", "usr", "var",
];

/// Without a prompt (a chat row's steps, a log without `history`): the first folder of the first
/// window whose file is in a folder at `/` that is no system folder (a file right at `/`, as
/// `/ReproduceIssue.java`, is in no checkout).
pub(super) fn of_windows(traj: &[Step]) -> Option<String> {
    traj.iter().find_map(|t| {
        let f = window_file(t.observation.as_deref()?)?;
        let (first, rest) = f.strip_prefix('/')?.split_once('/')?;
        let checkout = !first.is_empty() && !rest.is_empty() && !SYSTEM.contains(&first);
        checkout.then(|| format!("/{first}"))
    })
}

#[cfg(test)]
mod tests;
