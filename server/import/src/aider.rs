//! Aider chat history (`.aider.chat.history.md`): sessions (`# aider chat started at …`), user
//! input (`#### …`, slash commands verbatim), aider's own output (`> …`) and the model's replies
//! (everything else). Aider has no read tool: the files *in the chat* are sent whole with every
//! request, so a file counts as read in full at the first request that went out with it —
//! a user message answered by a `> Tokens: N sent` line — after it was added (`> Added F to the
//! chat`, `> Added F to read-only files`, or `F` then `> Add file to the chat? … y` at aider's
//! prompt) and not dropped (`/drop`, `> Removed F from the chat`, `> Dropping F from the chat.`,
//! `/reset`, a new session). The whole file is its current text: base lines from the workspace
//! (no workspace: *file length unknown*), lines the agent wrote not counted. Edits are the
//! SEARCH/REPLACE blocks of the reply, applied only when aider confirms `> Applied edit to F` and
//! does not list the block as failed (`SearchReplaceNoExactMatch`); a file aider says it edited
//! with no such block (the `whole` edit format) is an edit readcov cannot replay.

use crate::format::Format;
use crate::numbered::Style;
use crate::replay::EditOp;
use crate::runs::Runs;
use crate::session::{Action, Op, Session};
use crate::summary::Reason;

pub(crate) fn build(text: &str, runs: &mut Runs) -> Result<(), String> {
    let exchanges = parse(text);
    if exchanges.is_empty() {
        return Err("aider: no session in the chat history".to_string());
    }
    let task = runs.task(None);
    let run = runs.run_id(Format::Aider, None);
    runs.run(&task, &run, |s| import(&exchanges, s));
    Ok(())
}

/// Whether `text` is an aider chat history (its first line opens a session).
pub(crate) fn is_history(text: &str) -> bool {
    text.lines()
        .find(|l| !l.trim().is_empty())
        .is_some_and(|l| l.starts_with("# aider chat started at"))
}

/// One user message and what followed it, up to the next one.
#[derive(Debug, Default)]
struct Exchange {
    /// A new session started just before this message.
    new_session: bool,
    /// The user's lines (`#### ` taken off).
    user: Vec<String>,
    /// The model's reply.
    reply: String,
    /// Aider's own lines (`> ` taken off), before and after the reply.
    aider: Vec<String>,
}

fn parse(text: &str) -> Vec<Exchange> {
    let mut out: Vec<Exchange> = Vec::new();
    let mut cur = Exchange::default();
    let mut started = false;
    let mut in_user = false;
    for raw in text.lines() {
        // Aider ends "terminal" lines with two blanks (a Markdown hard break).
        let line = raw.strip_suffix("  ").unwrap_or(raw);
        if line.starts_with("# aider chat started at") {
            if started {
                out.push(std::mem::take(&mut cur));
            }
            started = true;
            cur.new_session = true;
            in_user = false;
        } else if let Some(u) = line.strip_prefix("#### ") {
            // Consecutive `####` lines are one message; a new one after anything else.
            let empty = cur.user.is_empty() && cur.reply.trim().is_empty();
            if !in_user && !empty {
                out.push(std::mem::take(&mut cur));
            }
            cur.user.push(u.to_string());
            in_user = true;
        } else if let Some(a) = line
            .strip_prefix("> ")
            .or_else(|| (line == ">").then_some(""))
        {
            cur.aider.push(a.to_string());
            in_user = false;
        } else {
            if !(line.is_empty() && cur.reply.is_empty()) {
                cur.reply.push_str(raw);
                cur.reply.push('\n');
            }
            in_user = false;
        }
    }
    if started {
        out.push(cur);
    }
    out
}

/// A SEARCH/REPLACE block: the file (the line before the fence, or before the block), the text
/// searched for and its replacement.
#[derive(Debug, PartialEq, Eq)]
struct Block {
    path: String,
    search: String,
    replace: String,
}

fn blocks(reply: &str) -> Vec<Block> {
    let lines: Vec<&str> = reply.lines().collect();
    let mut out = Vec::new();
    let mut i = 0;
    while i < lines.len() {
        if lines[i].trim_end() != "<<<<<<< SEARCH" {
            i += 1;
            continue;
        }
        // The path: the nearest non-blank line above that is not a fence.
        let path = lines[..i]
            .iter()
            .rev()
            .take(3)
            .map(|l| l.trim())
            .find(|l| !l.is_empty() && !l.starts_with("```"))
            .unwrap_or("")
            .trim_matches(['`', '*'])
            .to_string();
        let mut search = String::new();
        let mut replace = String::new();
        let mut j = i + 1;
        while j < lines.len() && lines[j].trim_end() != "=======" {
            search.push_str(lines[j]);
            search.push('\n');
            j += 1;
        }
        j += 1;
        while j < lines.len() && !lines[j].trim_end().starts_with(">>>>>>> REPLACE") {
            replace.push_str(lines[j]);
            replace.push('\n');
            j += 1;
        }
        if j < lines.len() && !path.is_empty() {
            out.push(Block {
                path,
                search,
                replace,
            });
        }
        i = j + 1;
    }
    out
}

fn import(exchanges: &[Exchange], s: &mut Session) {
    s.cwd = "/testbed".to_string();
    let mut chat: Vec<String> = Vec::new();
    let mut unread: Vec<String> = Vec::new();
    let mut step = 0u32;
    for (turn, ex) in exchanges.iter().enumerate() {
        let turn = u32::try_from(turn).unwrap_or(u32::MAX);
        if ex.new_session {
            chat.clear();
            unread.clear();
        }
        let cmd = ex.user.first().map(|u| u.trim()).unwrap_or("");
        if cmd == "/reset" || cmd == "/drop" {
            chat.clear();
            unread.clear();
        } else if let Some(files) = cmd.strip_prefix("/drop ") {
            for f in files.split_whitespace() {
                chat.retain(|c| c != f);
                unread.retain(|c| c != f);
            }
        }
        // What aider says about the chat's files, in order; a request ("Tokens: … sent") sends
        // every file in the chat at that moment. One user message can make several requests:
        // files the model asks for are added at aider's prompt and the message is sent again with
        // them (a `Tokens` line each), so reads happen at the request, not once per message.
        let mut applied: Vec<String> = Vec::new();
        for (i, a) in ex.aider.iter().enumerate() {
            if let Some(f) = a
                .strip_prefix("Added ")
                .and_then(|r| {
                    r.strip_suffix(" to the chat.")
                        .or_else(|| r.strip_suffix(" to the chat"))
                        .or_else(|| r.strip_suffix(" to read-only files."))
                })
                .or_else(|| added_at_prompt(&ex.aider, i))
            {
                if !chat.iter().any(|c| c == f) {
                    chat.push(f.to_string());
                    unread.push(f.to_string());
                }
            } else if let Some(f) = a
                .strip_prefix("Removed ")
                .or_else(|| a.strip_prefix("Dropping "))
                .and_then(|r| {
                    r.strip_suffix(" from the chat")
                        .or_else(|| r.strip_suffix(" from the chat."))
                })
            {
                // `Dropping F from the chat.`: aider could not read a file it had just added
                // (`F: file not found error`), so no request carried it.
                chat.retain(|c| c != f);
                unread.retain(|c| c != f);
            } else if a.starts_with("Tokens: ") && a.contains(" sent") {
                for f in std::mem::take(&mut unread) {
                    read_whole(s, turn, step, &f);
                    step += 1;
                }
            } else if let Some(f) = a.strip_prefix("Applied edit to ") {
                applied.push(f.trim().to_string());
            }
        }
        // Aider quotes each block that failed under `## SearchReplaceNoExactMatch: … in F`
        // (Markdown after the reply); a model block with that SEARCH text was not applied. The
        // retry after it is more reply text, with blocks of its own.
        let (quoted, bs): (Vec<Block>, Vec<Block>) = blocks(&ex.reply)
            .into_iter()
            .partition(|b| b.path.starts_with("## SearchReplaceNoExactMatch"));
        let failed: Vec<String> = quoted.into_iter().map(|b| b.search).collect();
        for b in &bs {
            let confirmed = applied.contains(&b.path);
            let op = if !confirmed || failed.contains(&b.search) {
                Op::Skip(Reason::ToolError)
            } else if b.search.trim().is_empty() {
                Op::Edit {
                    path: b.path.clone(),
                    edit: EditOp::Create {
                        text: b.replace.clone(),
                    },
                    shows: None,
                }
            } else {
                Op::Edit {
                    path: b.path.clone(),
                    edit: EditOp::StrReplace {
                        old: b.search.clone(),
                        new: b.replace.clone(),
                    },
                    shows: None,
                }
            };
            s.apply(&Action {
                turn,
                step,
                tool: "search_replace".into(),
                command: format!("{}: SEARCH/REPLACE", b.path),
                op,
                output: Some(String::new()),
            });
            step += 1;
        }
        // Edits aider made without a SEARCH/REPLACE block (the `whole` format rewrites the file).
        for p in applied.iter().filter(|p| !bs.iter().any(|b| b.path == **p)) {
            s.apply(&Action {
                turn,
                step,
                tool: "whole_file".into(),
                command: format!("{p}: whole file"),
                op: Op::Edit {
                    path: p.clone(),
                    edit: EditOp::Opaque(
                        "a whole-file edit whose new text the log does not record, so how it changed the file is unknown",
                    ),
                    shows: None,
                },
                output: Some(String::new()),
            });
            step += 1;
        }
    }
}

/// The file added to the chat by aider's prompt at `aider[i]`: `Add file to the chat? (Y)es/…
/// [Yes]: y` (a file the model named; aider prints the file on the line before and writes the
/// answer after the question), answered yes (`y`, `yes`, or `a`/`all` for the whole group).
fn added_at_prompt(aider: &[String], i: usize) -> Option<&str> {
    let answer = aider[i]
        .strip_prefix("Add file to the chat? ")?
        .rsplit_once("]:")?
        .1
        .trim()
        .to_ascii_lowercase();
    if !matches!(answer.as_str(), "y" | "yes" | "a" | "all") {
        return None;
    }
    let file = aider.get(i.checked_sub(1)?)?.trim();
    (!file.is_empty()).then_some(file)
}

/// A file in the chat read in full: its current text, as aider sent it.
fn read_whole(s: &mut Session, turn: u32, step: u32, path: &str) {
    let cwd = s.cwd.clone();
    let shown = s.locate(path, &cwd).ok().and_then(|key| {
        let st = &s.state(&key).1;
        let n = st.current_len()?;
        let mut out = String::new();
        for k in 1..=n {
            out.push_str(&format!("{k:>6}\t{}\n", st.text_at(k).unwrap_or("")));
        }
        Some(out)
    });
    let op = match &shown {
        Some(_) => Op::View {
            path: path.to_string(),
            style: Style::CatN,
            total: None,
        },
        None => Op::Skip(if s.locate(path, &cwd).is_err() {
            Reason::NotInWorkspace
        } else {
            Reason::UnknownLength
        }),
    };
    s.apply(&Action {
        turn,
        step,
        tool: "chat_file".into(),
        command: format!("{path} (in the chat)"),
        op,
        output: shown,
    });
}

#[cfg(test)]
mod tests;
