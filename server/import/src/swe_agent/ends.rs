//! Where a file ends, as SWE-agent 1.x's editor tells it. The editor numbers `text.split("\n")`
//! (`_make_output`), so a file that ends with a line break gets one more numbered "line", empty,
//! past its last, which a view reaching the editor's count shows (`   591\t`): moto-5862's
//! `--view_range 550 591` of a 590-line file. Without a workspace the count is known only when the
//! log says it: in the editor's own words (`Invalid `view_range`: … within the range of lines of
//! the file: [1, 591]`, `… smaller than the number of lines in the file: `591``, `Invalid
//! `insert_line` parameter: … [0, 591]`, all `len(file_lines)`), or as a whole-file view's last
//! numbered line. A view that shows line N empty, N being a count said of the same file with no
//! write between the two (an edit of the file, or any other command: a shell may write any file),
//! shows a file of N − 1 lines; a line N with text would be the last of a file without a final
//! line break, and an empty line short of the count is a blank line of the file. Since session 38
//! a `wc -l F` or `cat -n F` earlier in the run tells the count too ([`shell`]), with no other
//! command but views between it and the view.

use super::editor::{self, TOOL};
use super::Step;
use readcov_core::path::normalize_path;
use std::borrow::Cow;

/// The editor's words before its count of lines, and the character after it.
const SAID: [(&str, char); 3] = [
    ("within the range of lines of the file: [1, ", ']'),
    ("smaller than the number of lines in the file: `", '`'),
    ("within the range of lines of the file: [0, ", ']'),
];

/// The header of a view's output (`_make_output`).
const VIEW: &str = "Here's the result of running `cat -n` on ";

/// The count of lines an editor error gives (`Invalid `view_range`` or `Invalid `insert_line``).
fn said_count(obs: &str) -> Option<u32> {
    let line = obs.lines().find(|l| {
        l.starts_with("Invalid `view_range`: ") || l.starts_with("Invalid `insert_line`")
    })?;
    SAID.iter().find_map(|(before, after)| {
        let at = line.find(before)? + before.len();
        line[at..].split(*after).next()?.parse().ok()
    })
}

/// The number and text of each numbered line of a view's output.
fn numbered(obs: &str) -> impl Iterator<Item = (u32, &str)> {
    obs.starts_with(VIEW)
        .then(|| obs.split('\n').skip(1))
        .into_iter()
        .flatten()
        .filter_map(|l| {
            let (n, text) = l.trim_start_matches(' ').split_once('\t')?;
            Some((n.parse().ok()?, text))
        })
}

/// A whole-file view's count: its last numbered line, unless the editor cut the output (then the
/// last line shown is not the file's).
fn whole_view_count(obs: &str) -> Option<u32> {
    if obs.contains("<response clipped>") {
        return None;
    }
    numbered(obs).last().map(|(n, _)| n)
}

/// Per step, the length of the file its `view` shows, when the log tells it and the view shows
/// the empty "line" past it (module docs); `None` elsewhere.
pub(super) fn lengths(traj: &[Step], cwd: &str) -> Vec<Option<u32>> {
    let calls: Vec<_> = traj
        .iter()
        .map(|t| {
            let a = t.action.as_deref()?;
            (a.split_whitespace().next() == Some(TOOL))
                .then(|| editor::args(a))
                .flatten()
        })
        .collect();
    let view = |i: usize| {
        calls[i]
            .as_ref()
            .filter(|c| c.command.as_deref() == Some("view"))
    };
    // Counts said: (step, path, count, whether it holds for a view before it too).
    let mut counts = Vec::new();
    // The shell's directory while it is the repository's (until the run's first `cd`).
    let mut shell_cwd = Some(cwd);
    for (i, t) in traj.iter().enumerate() {
        let Some(obs) = t.observation.as_deref() else {
            continue;
        };
        let Some(c) = &calls[i] else {
            let action = t.action.as_deref().unwrap_or("");
            if crate::shell::parse(action).iter().any(|p| {
                p.stages
                    .iter()
                    .any(|s| s.words.first().is_some_and(|w| w == "cd"))
            }) {
                shell_cwd = None;
            }
            // A shell count holds for later views only: the command ran before them.
            if let Some((path, n)) = shell::count(action, obs, shell_cwd) {
                counts.push((i, Cow::Owned(path), n, false));
            }
            continue;
        };
        let whole = view(i).is_some_and(|c| c.view_end.is_none());
        let n = said_count(obs).or_else(|| whole.then(|| whole_view_count(obs)).flatten());
        if let (Some(n), Some(path)) = (n, c.path.as_deref()) {
            counts.push((i, Cow::Borrowed(path), n, true));
        }
    }
    // Whether step `w` may have written `path`: any step but a view.
    let writes = |w: usize, path: &str| {
        view(w).is_none()
            && calls[w]
                .as_ref()
                .is_none_or(|c| c.path.as_deref().is_none_or(|p| p == path))
    };
    let mut out = vec![None; traj.len()];
    for (i, t) in traj.iter().enumerate() {
        let (Some(c), Some(obs)) = (view(i), t.observation.as_deref()) else {
            continue;
        };
        let Some(path) = c.path.as_deref() else {
            continue;
        };
        let count = counts.iter().find_map(|(j, p, n, after)| {
            let (lo, hi) = (i.min(*j), i.max(*j));
            let same = p == path || (!after && normalize_path(path, None).is_ok_and(|q| *p == q));
            (same && (*after || *j < i) && !(lo + 1..=hi).any(|w| writes(w, path))).then_some(*n)
        });
        if let Some(n) = count {
            if numbered(obs).any(|(k, text)| k == n && text.is_empty()) {
                out[i] = Some(n.saturating_sub(1));
            }
        }
    }
    out
}

mod shell;

#[cfg(test)]
mod tests;
