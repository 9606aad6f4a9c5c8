//! OpenHands (CodeAct) trajectories: `fncall_messages` in OpenAI tool-call form, each tool result in
//! a `tool` message naming its `tool_call_id`. Reads: `str_replace_editor view` (numbered `cat -n`
//! output; directory views are not reads) and `execute_bash`; edits: `create`, `str_replace`,
//! `insert`, `undo_edit`. The bash shell persists and reports its cwd after every command.

use crate::doc::{Msg, OpenHandsLog, Role};
use crate::numbered::Style;
use crate::replay::EditOp;
use crate::session::{Action, Op, Session};
use crate::summary::Reason;
use serde_json::{Map, Value};
use std::borrow::Cow;
use std::collections::HashMap;

mod args;

/// Text of a message `content`: a string, or a list of `{type: text, text}` parts.
pub fn content_text(v: Option<&Value>) -> Option<String> {
    content_str(v).map(Cow::into_owned)
}

/// [`content_text`] borrowed from the message when it is one string (tool results are the
/// largest texts of a log: copied once, into the action, not on every look).
pub fn content_str(v: Option<&Value>) -> Option<Cow<'_, str>> {
    match v? {
        Value::String(s) => Some(Cow::Borrowed(s)),
        Value::Array(parts) => Some(Cow::Owned(
            parts
                .iter()
                .filter_map(|p| p.get("text").and_then(Value::as_str).or_else(|| p.as_str()))
                .collect::<Vec<_>>()
                .join(""),
        )),
        _ => None,
    }
}

/// The repository root named in `<uploaded_files>` (the first user message).
fn uploaded_root(messages: &[Msg]) -> Option<String> {
    messages.iter().take(4).find_map(|m| {
        let text = m.content.as_deref()?;
        let s = text.find("<uploaded_files>")? + "<uploaded_files>".len();
        let e = s + text[s..].find("</uploaded_files>")?;
        text[s..e]
            .lines()
            .map(str::trim)
            .find(|l| l.starts_with('/'))
            .map(str::to_string)
    })
}

const TRAILERS: [&str; 4] = [
    "[The command completed with exit code",
    "[Current working directory:",
    "[Python interpreter:",
    "[Command finished with exit code",
];

/// Splits the bracketed status lines OpenHands appends from the command output; returns the cwd they name.
/// The lines are looked at from the end, and the body is the text before them: borrowed from
/// `out` when the line break that ends it is `out`'s own (the usual case), else one copy.
pub(crate) fn strip_trailer(out: &str) -> (Cow<'_, str>, Option<String>) {
    let mut cwd = None;
    // The body is `out[..keep]`: the lines before the trailer, without the break that ends them.
    let mut keep = out.len();
    for line in out.rsplit('\n') {
        let t = line.trim();
        if !(t.is_empty() || TRAILERS.iter().any(|p| t.starts_with(p))) {
            break;
        }
        if let Some(dir) = t
            .strip_prefix("[Current working directory: ")
            .and_then(|r| r.strip_suffix(']'))
        {
            cwd = Some(dir.to_string());
        }
        keep = (keep - line.len()).saturating_sub(1);
    }
    if keep == 0 {
        return (Cow::Borrowed(""), cwd);
    }
    if out.as_bytes().get(keep) == Some(&b'\n') {
        return (Cow::Borrowed(&out[..=keep]), cwd);
    }
    let mut body = String::with_capacity(keep + 1);
    body.push_str(&out[..keep]);
    body.push('\n');
    (Cow::Owned(body), cwd)
}

/// `view` numbers the lines of `content.split('\n')`, so a file that ends in a newline gets one
/// more, empty, numbered line after its last. With `view_range: [a, b]` the lines past `b` are
/// dropped; a view to the end of the file (no range, or `[a, -1]`) drops a last numbered line
/// that is empty, whether or not a workspace could tell the file's length — unless the output
/// was clipped, when its last line is not the file's.
pub(crate) fn trim_to_range(out: &str, range: Option<&Value>) -> String {
    trim_to_end(out, args::view_end(range)).into_owned()
}

/// [`trim_to_range`] given the range's end (its second item, when an integer); `out` itself
/// (borrowed, not copied: the OpenHands importer lends it to the session) when no line goes.
pub(crate) fn trim_to_end(out: &str, end: Option<i64>) -> Cow<'_, str> {
    let Some(end) = end.filter(|e| *e > 0) else {
        if crate::display::is_cut(out) {
            return Cow::Borrowed(out);
        }
        // The last numbered line, found from the end: dropped when its text is empty.
        let mut stop = out.len();
        for line in lines_back(out) {
            let start = stop - line.len();
            if let Some((_, text)) = numbered_line(line) {
                if text.trim_end_matches(['\n', '\r']).is_empty() {
                    let mut kept = String::with_capacity(out.len());
                    kept.push_str(&out[..start]);
                    kept.push_str(&out[stop..]);
                    return Cow::Owned(kept);
                }
                break;
            }
            stop = start;
        }
        return Cow::Borrowed(out);
    };
    let past =
        |l: &str| numbered_line(l).is_some_and(|(n, _)| n.parse::<i64>().is_ok_and(|n| n > end));
    // Copied only from the first line past the end on (a view's output usually stops at it).
    let mut start = 0;
    let mut lines = lines_of(out);
    for line in lines.by_ref() {
        if past(line) {
            let mut kept = String::with_capacity(out.len());
            kept.push_str(&out[..start]);
            lines.filter(|l| !past(l)).for_each(|l| kept.push_str(l));
            return Cow::Owned(kept);
        }
        start += line.len();
    }
    Cow::Borrowed(out)
}

/// `out.split_inclusive('\n')`, each line break found by `memchr` (the `str` splitter's
/// search cost more than the rest of `trim_to_end`: views are many short lines).
fn lines_of(out: &str) -> impl Iterator<Item = &str> {
    let mut at = 0;
    std::iter::from_fn(move || {
        let rest = out.get(at..).filter(|r| !r.is_empty())?;
        let len = memchr::memchr(b'\n', rest.as_bytes()).map_or(rest.len(), |i| i + 1);
        at += len;
        Some(&rest[..len])
    })
}

/// [`lines_of`] from the last line back (`out.split_inclusive('\n').rev()`).
fn lines_back(out: &str) -> impl Iterator<Item = &str> {
    let mut stop = out.len();
    std::iter::from_fn(move || {
        let body = out.as_bytes().get(..stop.checked_sub(1)?)?;
        let start = memchr::memrchr(b'\n', body).map_or(0, |i| i + 1);
        let line = &out[start..stop];
        stop = start;
        Some(line)
    })
}

/// `(number, text after the tab)` of a `cat -n` line (`^ *[0-9]+\t`); the number not parsed.
fn numbered_line(l: &str) -> Option<(&str, &str)> {
    let digits = l.trim_start_matches(' ');
    let n = digits.bytes().take_while(u8::is_ascii_digit).count();
    let text = digits[n..].strip_prefix('\t')?;
    (n > 0).then(|| (&digits[..n], text))
}

/// Whether an editor output opens with the tool's directory-listing header (`Here's the files and
/// directories up to 2 levels deep in /x, excluding hidden items:`). Only the first line counts:
/// a file whose text says "files and directories" is still a file.
pub fn listing_header(out: &str) -> bool {
    let first = out.lines().find(|l| !l.trim().is_empty()).unwrap_or("");
    let first = first.trim_start();
    [
        "Here's the files and directories",
        "Here are the files and directories",
    ]
    .iter()
    .any(|h| first.starts_with(h))
}

pub(crate) fn editor_op(args: &Map<String, Value>, out: Option<&str>) -> Op {
    editor_op_of(args::Args::of_map(args), out)
}

/// [`editor_op`] of the arguments' fields (moved into the op, not copied).
pub(crate) fn editor_op_of(args: args::Args, out: Option<&str>) -> Op {
    let Some(path) = args.path else {
        return Op::Skip(Reason::Malformed);
    };
    let failed = out.is_some_and(|o| o.trim_start().starts_with("ERROR"));
    let cmd = args.command.as_deref().unwrap_or("");
    if failed {
        return Op::Skip(Reason::ToolError);
    }
    // The snippet after `str_replace`/`insert` is numbered from where the match starts, one line
    // off when `old_str` starts mid-line: not a trustworthy read. `undo_edit` shows the whole file.
    let edit = |path, edit| Op::Edit {
        path,
        edit,
        shows: None,
    };
    match cmd {
        "view" if out.is_some_and(listing_header) => Op::Listing {
            path,
            style: Style::CatN,
        },
        "view" => Op::View {
            path,
            style: Style::CatN,
            total: None,
        },
        "create" => edit(
            path,
            EditOp::Create {
                text: args.file_text.unwrap_or_default(),
            },
        ),
        "str_replace" => match args.old_str {
            Some(old) => edit(
                path,
                EditOp::StrReplace {
                    old,
                    new: args.new_str.unwrap_or_default(),
                },
            ),
            None => Op::Skip(Reason::Malformed),
        },
        "insert" => match args.insert_line.and_then(|n| u32::try_from(n).ok()) {
            Some(after) => edit(
                path,
                EditOp::Insert {
                    after,
                    text: args.new_str.unwrap_or_default(),
                },
            ),
            None => Op::Skip(Reason::Malformed),
        },
        "undo_edit" => Op::Edit {
            path,
            edit: EditOp::Undo,
            shows: Some(Style::CatN),
        },
        _ => Op::Skip(Reason::UnknownCommand),
    }
}

/// Feeds an OpenHands trajectory object into `session`.
pub fn import(doc: &Value, session: &mut Session) {
    import_log(&OpenHandsLog::from_value(doc), session);
}

/// [`import`] of the log as read (typed, or from its `Value`).
pub(crate) fn import_log(log: &OpenHandsLog, session: &mut Session) {
    let messages = log.messages.as_slice();
    if let Some(root) = uploaded_root(messages) {
        session.roots.add(&root);
    }
    session.cwd = "/workspace".to_string();
    let mut results: HashMap<&str, Option<&str>> = HashMap::new();
    for m in messages {
        if m.role == Role::Tool {
            if let Some(id) = m.tool_call_id.as_deref() {
                results.insert(id, m.content.as_deref());
            }
        }
    }
    let mut assistants: Vec<&Msg> = messages
        .iter()
        .filter(|m| m.role == Role::Assistant)
        .collect();
    // The final response may carry one more tool call, which never got a result.
    assistants.extend(log.last.as_ref());
    let mut step = 0u32;
    for (turn, m) in assistants.into_iter().enumerate() {
        for call in &m.tool_calls {
            let name = call.name.as_deref().unwrap_or("").to_string();
            let raw_args = call.arguments.as_deref().unwrap_or("");
            let id = call.id.as_deref().unwrap_or("");
            let output: Option<&str> = results.get(id).copied().flatten();
            // The fields used, not a `Map` of every value (`args::Args`); a call made from
            // parameters (chat rows' function text) has its map already.
            let args = match &call.params {
                Some(p) => Some(args::Args::of_map(p)),
                None => args::Args::parse(raw_args),
            };
            let mut new_cwd = None;
            let (op, output, command) = match (name.as_str(), args) {
                (_, None) => (
                    Op::Skip(Reason::Malformed),
                    output.map(Cow::Borrowed),
                    raw_args.to_string(),
                ),
                // SWE-agent 1.x (SWE-smith) names the same shell tool `bash`.
                ("execute_bash" | "bash", Some(a)) => {
                    let script = a.command.unwrap_or_default();
                    let output = output.map(|o| {
                        let (body, cwd) = strip_trailer(o);
                        new_cwd = cwd;
                        body
                    });
                    (
                        Op::Bash {
                            script: script.clone(),
                        },
                        output,
                        script,
                    )
                }
                ("str_replace_editor", Some(a)) => {
                    let end = a.view_end;
                    let op = editor_op_of(a, output);
                    let output = output.map(|o| trim_to_end(o, end));
                    (op, output, raw_args.to_string())
                }
                ("think" | "finish" | "submit" | "task_tracker", _) => {
                    (Op::Quiet, output.map(Cow::Borrowed), raw_args.to_string())
                }
                (_, Some(_)) => (
                    Op::Skip(Reason::UnknownTool),
                    output.map(Cow::Borrowed),
                    raw_args.to_string(),
                ),
            };
            // The output is lent, not moved into the action: most are the row's own text.
            session.apply_output_then_cd(
                &Action {
                    turn: u32::try_from(turn).unwrap_or(u32::MAX),
                    step,
                    tool: name,
                    command,
                    op,
                    output: None,
                },
                output.as_deref(),
                new_cwd,
            );
            step += 1;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::{strip_trailer, trim_to_range};

    #[test]
    fn view_range_drops_the_extra_line() {
        let out = "Here's the result:\n   306\tdef f():\n   307\t    pass\n   308\t\n";
        let r = serde_json::json!([306, 307]);
        assert_eq!(
            trim_to_range(out, Some(&r)),
            "Here's the result:\n   306\tdef f():\n   307\t    pass\n"
        );
    }

    /// A view to the end of a file that ends in a newline numbers one more, empty line: dropped
    /// with or without a range ending in -1, never when the output was clipped, and a file whose
    /// own last line is empty keeps it (only the one extra line goes).
    #[test]
    fn a_view_to_the_end_drops_the_extra_empty_line() {
        let out =
            "Here's the result of running `cat -n` on /w/a.py:\n     1\tx\n     2\t\n     3\t\n";
        let want = "Here's the result of running `cat -n` on /w/a.py:\n     1\tx\n     2\t\n";
        assert_eq!(trim_to_range(out, None), want);
        assert_eq!(trim_to_range(out, Some(&serde_json::json!([1, -1]))), want);
        let last = "     1\tx\n     2\ty";
        assert_eq!(
            trim_to_range(last, None),
            last,
            "no final newline: nothing extra"
        );
        let clipped = "     1\tx\n     2\t\n<response clipped><NOTE>To save on context only part of this file has been shown to you.</NOTE>\n";
        assert_eq!(trim_to_range(clipped, None), clipped);
    }

    #[test]
    fn trailer_gives_cwd() {
        let (body, cwd) = strip_trailer("1:x\n[The command completed with exit code 0.]\n[Current working directory: /workspace/a__b__1]\n[Python interpreter: /x]\n[Command finished with exit code 0]");
        assert_eq!(body, "1:x\n");
        assert_eq!(cwd.as_deref(), Some("/workspace/a__b__1"));
    }

    /// The line-vector versions the one-pass ones replaced (the oracle for the property test).
    fn strip_trailer_by_lines(out: &str) -> (String, Option<String>) {
        let mut lines: Vec<&str> = out.split('\n').collect();
        let mut cwd = None;
        while let Some(last) = lines.last() {
            let t = last.trim();
            if t.is_empty() || super::TRAILERS.iter().any(|p| t.starts_with(p)) {
                if let Some(dir) = t
                    .strip_prefix("[Current working directory: ")
                    .and_then(|r| r.strip_suffix(']'))
                {
                    cwd = Some(dir.to_string());
                }
                lines.pop();
            } else {
                break;
            }
        }
        let mut body = lines.join("\n");
        if !body.is_empty() {
            body.push('\n');
        }
        (body, cwd)
    }

    fn trim_to_range_by_lines(out: &str, range: Option<&serde_json::Value>) -> String {
        let numbered = |l: &str| {
            let n = l.trim_start_matches(' ').split('\t').next();
            l.contains('\t')
                && n.is_some_and(|n| !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit()))
        };
        let Some(end) = range
            .and_then(|r| r.get(1))
            .and_then(serde_json::Value::as_i64)
            .filter(|e| *e > 0)
        else {
            if crate::display::displayed(out).is_cut() {
                return out.to_string();
            }
            let mut lines: Vec<&str> = out.split_inclusive('\n').collect();
            if let Some(i) = lines.iter().rposition(|l| numbered(l)) {
                let text = lines[i].split_once('\t').map_or("", |(_, t)| t);
                if text.trim_end_matches(['\n', '\r']).is_empty() {
                    lines.remove(i);
                }
            }
            return lines.concat();
        };
        out.split_inclusive('\n')
            .filter(|l| {
                let n = l
                    .trim_start_matches(' ')
                    .split('\t')
                    .next()
                    .and_then(|n| n.parse::<i64>().ok());
                !(numbered(l) && n.is_some_and(|n| n > end))
            })
            .collect()
    }

    proptest::proptest! {
        #[test]
        fn memchr_lines_are_the_str_splitters(out in "[a\n\ré]{0,12}") {
            let want: Vec<&str> = out.split_inclusive('\n').collect();
            proptest::prop_assert_eq!(super::lines_of(&out).collect::<Vec<_>>(), want.clone());
            let back: Vec<&str> = want.into_iter().rev().collect();
            proptest::prop_assert_eq!(super::lines_back(&out).collect::<Vec<_>>(), back);
        }

        #[test]
        fn one_pass_trims_agree_with_the_line_vectors(
            parts in proptest::collection::vec(proptest::sample::select(vec![
                " ", "\n", "\t", "\r", "1", "12", "99999999999999999999", "x", "  3\t",
                "[Current working directory: /w/a]", "[Python interpreter: /p]",
                "[The command completed with exit code 0.]", " [Command finished with exit code 1] ",
                "<response clipped>", "é",
            ]), 0..24),
            end in -2i64..20,
        ) {
            let out: String = parts.concat();
            let (body, cwd) = strip_trailer(&out);
            let borrowed = matches!(body, std::borrow::Cow::Borrowed(_));
            proptest::prop_assert_eq!((body.into_owned(), cwd), strip_trailer_by_lines(&out));
            // Borrowed whenever the body's own line break is in `out` (the copy is the exception).
            let keep = strip_trailer_by_lines(&out).0.len();
            proptest::prop_assert_eq!(borrowed, keep == 0 || out.get(..keep).is_some_and(|p| p.ends_with('\n')));
            let range = serde_json::json!([1, end]);
            for r in [None, Some(&range)] {
                let want = trim_to_range_by_lines(&out, r);
                let got = super::trim_to_end(&out, super::args::view_end(r));
                // `out` itself, not a copy, whenever nothing is dropped.
                proptest::prop_assert_eq!(matches!(got, std::borrow::Cow::Borrowed(_)), want == out);
                proptest::prop_assert_eq!(got.into_owned(), want);
            }
        }
    }
}
