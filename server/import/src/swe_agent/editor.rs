//! SWE-agent 1.x's `str_replace_editor` (tools/edit_anthropic) as a `.traj` records it: the
//! action is the command line SWE-agent built from the model's tool call (`parsing.py`:
//! `invoke_format` filled with each string argument `shlex.quote`d, `argument_format`
//! `--view_range {{value|join(' ')}}`, `--old_str {{value}}`, …), so
//! `str_replace_editor view /testbed/a.py  --view_range 508 564` or
//! `str_replace_editor str_replace /testbed/a.py   --old_str 'x' --new_str 'y'`. Its words give
//! back the call's arguments, read as OpenHands' editor of the same name reads them (the tool is
//! OpenHands' editor, its output the same `cat -n` text).

use crate::openhands::args::Args;
use crate::openhands::trim::trim_to_end;
use crate::session::Op;
use crate::summary::Reason;
use std::borrow::Cow;

/// The name SWE-agent gives the tool (its `config.yaml`).
pub(super) const TOOL: &str = "str_replace_editor";

/// The op of an editor action and the output it reads (a view's lines past its range dropped, a
/// filemap given back as `cat -n` lines: `openhands::trim`); `len`, the length of the file a view
/// shows when the log tells it ([`super::ends`]): the empty "line" past it is dropped too. Only
/// from this view's output: what the log told holds for this view, not for later ones (a command
/// between may change the file).
pub(super) fn op<'o>(action: &str, obs: &'o str, len: Option<u32>) -> (Op, Cow<'o, str>) {
    match args(action) {
        Some(a) => {
            let end = match (a.view_end, len) {
                (Some(e), Some(n)) if e > 0 => Some(e.min(i64::from(n))),
                (e, _) => e,
            };
            (
                crate::openhands::editor_op_of(a, Some(obs)),
                trim_to_end(obs, end),
            )
        }
        None => (Op::Skip(Reason::Malformed), Cow::Borrowed(obs)),
    }
}

/// The call's arguments: `command` and `path` (the first two words), then each `--name` and its
/// value (`--view_range` two numbers); `None` when the words do not split (an open quote) or a
/// flag is not the tool's.
pub(super) fn args(action: &str) -> Option<Args> {
    let words = words(action)?;
    let mut it = words.into_iter();
    if it.next()? != TOOL {
        return None;
    }
    let mut a = Args {
        command: it.next(),
        path: it.next(),
        ..Args::default()
    };
    while let Some(flag) = it.next() {
        match flag.as_str() {
            "--file_text" => a.file_text = Some(it.next()?),
            "--old_str" => a.old_str = Some(it.next()?),
            "--new_str" => a.new_str = Some(it.next()?),
            "--insert_line" => a.insert_line = it.next()?.parse().ok(),
            "--view_range" => {
                let _start: i64 = it.next()?.parse().ok()?;
                a.view_end = Some(it.next()?.parse().ok()?);
            }
            _ => return None,
        }
    }
    Some(a)
}

/// The words of a command line as `shlex.split` (POSIX mode) reads them: blanks (line breaks
/// too) part them; `'…'` is literal, `"…"` literal but for `\` before `"`, `\`, `$`, `` ` `` and
/// a line break; a `\` outside quotes takes the next character as it is. `shlex.quote` writes a
/// value as `'…'`, an inner `'` as `'"'"'`. `None` when a quote is left open.
fn words(line: &str) -> Option<Vec<String>> {
    let mut out = Vec::new();
    let mut cur: Option<String> = None;
    let mut chars = line.chars();
    while let Some(c) = chars.next() {
        match c {
            ' ' | '\t' | '\n' | '\r' => out.extend(cur.take()),
            '\'' => {
                let w = cur.get_or_insert_with(String::new);
                loop {
                    match chars.next()? {
                        '\'' => break,
                        c => w.push(c),
                    }
                }
            }
            '"' => {
                let w = cur.get_or_insert_with(String::new);
                loop {
                    match chars.next()? {
                        '"' => break,
                        '\\' => match chars.next()? {
                            c @ ('"' | '\\' | '$' | '`') => w.push(c),
                            '\n' => {}
                            c => {
                                w.push('\\');
                                w.push(c);
                            }
                        },
                        c => w.push(c),
                    }
                }
            }
            '\\' => {
                let w = cur.get_or_insert_with(String::new);
                match chars.next() {
                    Some('\n') | None => {}
                    Some(c) => w.push(c),
                }
            }
            c => cur.get_or_insert_with(String::new).push(c),
        }
    }
    out.extend(cur);
    Some(out)
}

#[cfg(test)]
mod tests;
