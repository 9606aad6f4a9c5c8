//! Classic SWE-agent `.traj` files: `trajectory[].action` / `.observation`. The file viewer shows a
//! window `[File: path (N lines total)]`, `(k more lines above)`, then `12:text` lines; `open`,
//! `goto`, `scroll_up`, `scroll_down`, `search_file` (`Line 12:text`) and the window after an
//! `edit a:b` are reads of exactly the lines shown; so is `create` of a file that already exists
//! (the tool says so and opens it). Other actions are bash commands; an action of several lines
//! is cut into its commands ([`parts`]) and its observation into their outputs ([`seq`], at the
//! [`windows`]). Paths are of the checkout the run started in ([`root`]). An observation is read
//! as the model was shown it ([`breaks`]: 0.6–0.7 dropped each output's last line break).
//! SWE-agent 1.x's `str_replace_editor` actions are read as OpenHands' editor ([`editor`]), a
//! view credited no further than the file's end when the log tells it ([`ends`]).

mod breaks;
mod cut;
mod editor;
mod ends;
mod parts;
mod root;
mod searches;
mod seq;
mod windows;

use crate::numbered::Style;
use crate::replay::EditOp;
use crate::session::{Action, Op, Session};
use crate::summary::Reason;
use cut::{observation_cut, sent};
use parts::Part;
use serde_json::Value;
use std::borrow::Cow;
use windows::{exists_error, window_file};

/// `search_file` output: `Found 3 matches for "x" in /repo/A.java:` then `Line 12:text`.
fn search_file(obs: &str) -> Option<(String, String)> {
    let head = obs.lines().find(|l| l.starts_with("Found "))?;
    let path = head
        .rsplit_once(" in ")?
        .1
        .trim_end_matches(':')
        .to_string();
    let body: String = obs
        .lines()
        .filter_map(|l| l.strip_prefix("Line "))
        .map(|l| format!("{l}\n"))
        .collect();
    Some((path, body))
}

fn op_for<'o>(action: &str, obs: &'o str) -> (Op, Cow<'o, str>) {
    let first = action.lines().next().unwrap_or("").trim();
    let verb = first.split_whitespace().next().unwrap_or("");
    let whole = Cow::Borrowed(obs);
    let view = |obs: &str| match window_file(obs) {
        Some(path) => Op::View {
            path,
            style: Style::Colon,
            total: None,
        },
        None => Op::Skip(Reason::ToolError),
    };
    match verb {
        "open" | "goto" | "scroll_up" | "scroll_down" => (view(obs), whole),
        "search_file" => match search_file(obs) {
            Some((path, body)) => (
                Op::View {
                    path,
                    style: Style::Colon,
                    total: None,
                },
                Cow::Owned(body),
            ),
            None => (Op::Skip(Reason::NothingShown), whole),
        },
        "search_dir" | "find_file" => (Op::Skip(Reason::NoLineNumbers), whole),
        // The file is there already: the tool opens it instead, and nothing is written.
        "create" if exists_error(obs) => (view(obs), whole),
        "create" => match window_file(obs) {
            Some(path) => (
                Op::Edit {
                    path,
                    edit: EditOp::Create { text: "\n".into() },
                    shows: None,
                },
                whole,
            ),
            None => (Op::Skip(Reason::ToolError), whole),
        },
        "edit" => {
            let range = first
                .split_whitespace()
                .nth(1)
                .and_then(|r| r.split_once(':'));
            let nums =
                range.and_then(|(a, b)| Some((a.parse::<u32>().ok()?, b.parse::<u32>().ok()?)));
            let text = parts::edit_text(action);
            // `memmem`, not `str::contains` (a two-way searcher set up per call and walking
            // the whole window: 4.6 M instructions on 300 chat rows' 482 edits).
            let has =
                |needle: &str| memchr::memmem::find(obs.as_bytes(), needle.as_bytes()).is_some();
            let failed =
                has("Your proposed edit has introduced new syntax error") || has("Usage: edit");
            match (nums, window_file(obs)) {
                // The linter refused the edit: nothing was written, but SWE-agent showed the
                // file as it is ("This is the original code before your edit", a window of the
                // current text after the one of the edit as it would have looked): a read.
                (_, Some(path)) if failed => match refused_original(obs) {
                    Some(shown) => (
                        Op::View {
                            path,
                            style: Style::Colon,
                            total: None,
                        },
                        Cow::Borrowed(shown),
                    ),
                    None => (Op::Skip(Reason::ToolError), whole),
                },
                (_, _) if failed => (Op::Skip(Reason::ToolError), whole),
                (Some((start, end)), Some(path)) => (
                    Op::Edit {
                        path,
                        edit: EditOp::Lines { start, end, text },
                        shows: Some(Style::Colon),
                    },
                    whole,
                ),
                _ => (Op::Skip(Reason::Malformed), whole),
            }
        }
        "submit" | "exit_forfeit" => (Op::Quiet, whole),
        _ => (
            Op::Bash {
                script: action.to_string(),
            },
            whole,
        ),
    }
}

/// The window of the current text a refused edit shows after `This is the original code before
/// your edit` (up to `Your changes have NOT been applied`); the window before it is the edit as
/// it would have looked, never written.
fn refused_original(obs: &str) -> Option<&str> {
    let at = memchr::memmem::find(
        obs.as_bytes(),
        b"This is the original code before your edit",
    )?;
    let rest = &obs[at..];
    let end = memchr::memmem::find(rest.as_bytes(), b"Your changes have NOT been applied")
        .unwrap_or(rest.len());
    let shown = &rest[..end];
    window_file(shown).is_some().then_some(shown)
}

/// The op of one action and the output it reads (the observation itself, borrowed, unless the
/// op reads a text made from it: a copy of each observation was a tenth of a chat import's
/// instructions); `len`, the length of the file a 1.x editor view shows when the log tells it.
fn action_op<'o>(action: &str, obs: &'o str, len: Option<u32>) -> (Op, Cow<'o, str>) {
    // 1.x's editor: one call, whatever line breaks its quoted texts hold.
    if action.split_whitespace().next() == Some(editor::TOOL) {
        return editor::op(action, obs, len);
    }
    let parts = parts::split(action);
    match parts.as_slice() {
        [Part::Tool(t)] => op_for(t, obs),
        [] | [Part::Shell(_)] => (
            Op::Bash {
                script: action.to_string(),
            },
            Cow::Borrowed(obs),
        ),
        _ => (Op::Seq(seq::seq(&parts, obs)), Cow::Borrowed(obs)),
    }
}

/// One step of a trajectory: its `action` and `observation`, each when a string.
#[derive(Debug, Default, PartialEq)]
pub struct Step<'a> {
    pub action: Option<Cow<'a, str>>,
    pub observation: Option<Cow<'a, str>>,
}

/// Feeds a SWE-agent trajectory object into `session`.
pub fn import(doc: &Value, session: &mut Session) {
    session.submission = crate::change::submitted(doc.pointer("/info/submission"));
    let cut = observation_cut(doc);
    let steps: Vec<Step> = doc
        .get("trajectory")
        .and_then(Value::as_array)
        .map_or(&[][..], Vec::as_slice)
        .iter()
        .map(|t| Step {
            action: text(t, "action"),
            observation: text(t, "observation").map(|o| sent(o, cut)),
        })
        .collect();
    // 1.x (its `.traj` names its version, and has a `replay_config`) ran SWE-ReX, which kept
    // an output whole (since 1.3.0) or `strip()`ped it: never only its last line break.
    let v1 = doc.get("replay_config").is_some() || doc.pointer("/info/swe_agent_version").is_some();
    let root = root::prompted(doc).or_else(|| root::of_windows(&steps));
    import_steps_with(
        &steps,
        !v1 && breaks::lost_last_break(&steps),
        root,
        session,
    );
}

fn text<'v>(t: &'v Value, k: &str) -> Option<Cow<'v, str>> {
    t.get(k).and_then(Value::as_str).map(Cow::Borrowed)
}

/// [`import`] of the steps as read (from a `.traj` file's `Value`, or a chat row's messages,
/// which carry the classic template's prompt).
pub(crate) fn import_steps(traj: &[Step], session: &mut Session) {
    let root = root::of_windows(traj);
    import_steps_with(traj, breaks::lost_last_break(traj), root, session);
}

/// [`import_steps`], `lost`: whether the log's outputs lost their last line break; `root`: the
/// checkout ([`root`]).
fn import_steps_with(traj: &[Step], lost: bool, root: Option<String>, session: &mut Session) {
    if let Some(root) = root {
        session.roots.add(&root);
        session.cwd = root;
    }
    // Where the files 1.x's editor views end, when the log tells it (not the empty "line" past a
    // final line break: `ends`).
    let lens = ends::lengths(traj, &session.cwd);
    for (i, t) in traj.iter().enumerate() {
        let action = t.action.as_deref().unwrap_or("").to_string();
        let shown = t
            .observation
            .as_deref()
            .map(|o| breaks::shown(Cow::Borrowed(o), lost));
        let (op, output) = match shown.as_deref() {
            Some(o) => {
                let (op, body) = action_op(&action, o, lens[i]);
                (op, Some(body))
            }
            None => (
                Op::Bash {
                    script: action.clone(),
                },
                None,
            ),
        };
        let n = u32::try_from(i).unwrap_or(u32::MAX);
        let action = Action {
            turn: n,
            step: n,
            tool: action.split_whitespace().next().unwrap_or("").to_string(),
            command: action,
            op,
            output: None,
        };
        // The output is lent beside the action, not copied into it.
        session.apply_output(&action, output.as_deref());
    }
}

#[cfg(test)]
mod tests;
