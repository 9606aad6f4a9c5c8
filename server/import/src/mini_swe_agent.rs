//! mini-swe-agent trajectories: `messages`; each assistant message lists its bash commands in
//! `extra.actions[].command`, and the output follows in the next `tool` (matched by `tool_call_id`)
//! or `user` message inside `<output>` (long outputs keep `<output_head>`/`<output_tail>`).
//! Every command runs in a fresh shell in `/testbed`. Version 1 (`mini-swe-agent-1`) has no
//! `extra.actions`: the action is the one ```` ```bash ```` block of the assistant's text (none, or
//! more than one, and mini-swe-agent ran nothing), its output the next message.

use crate::doc::{MiniAction, MiniLog, Msg, Role};
use crate::session::{Action, Op, Session};
use regex::Regex;
use serde_json::Value;
use std::sync::OnceLock;

/// The command of a v1 assistant message: its only ```` ```bash ```` block (mini-swe-agent 1.x's
/// `action_regex`, which runs nothing unless exactly one block matches).
fn text_action(content: &str) -> Option<String> {
    static RE: OnceLock<Regex> = OnceLock::new();
    let re = RE.get_or_init(|| Regex::new(r"(?s)```bash\s*\n(.*?)\n```").expect("static regex"));
    let mut blocks = re.captures_iter(content);
    let first = blocks.next()?.get(1)?.as_str().to_string();
    blocks.next().is_none().then_some(first)
}

/// Feeds a mini-swe-agent trajectory object into `session`.
pub fn import(doc: &Value, session: &mut Session) {
    import_log(&MiniLog::from_value(doc), session);
}

/// [`import`] of the log as read (typed, or from its `Value`).
pub(crate) fn import_log(log: &MiniLog, session: &mut Session) {
    session.submission = log.submission.clone();
    let messages = log.messages.as_slice();
    session.persist_cd = false;
    let mut step = 0u32;
    let mut turn = 0u32;
    for (i, m) in messages.iter().enumerate() {
        if m.role != Role::Assistant {
            continue;
        }
        let v1: Vec<MiniAction>;
        let actions = match &m.actions {
            Some(a) => a.as_slice(),
            None => {
                v1 = m
                    .content
                    .as_deref()
                    .and_then(text_action)
                    .map(|c| MiniAction {
                        command: Some(c.into()),
                        tool_call_id: None,
                    })
                    .into_iter()
                    .collect();
                &v1
            }
        };
        // The observations: tool messages after this one, up to the next assistant message.
        let replies: Vec<&Msg> = messages[i + 1..]
            .iter()
            .take_while(|r| r.role != Role::Assistant)
            .collect();
        for (k, a) in actions.iter().enumerate() {
            let script = a.command.as_deref().unwrap_or("").to_string();
            let id = a.tool_call_id.as_deref();
            let by_id = id.and_then(|id| {
                replies
                    .iter()
                    .find(|r| r.tool_call_id.as_deref() == Some(id))
            });
            let reply = by_id.or_else(|| {
                if actions.len() == 1 {
                    replies.first()
                } else {
                    replies.get(k)
                }
            });
            let output = reply.and_then(|r| r.content.as_deref().map(str::to_string));
            session.cwd = "/testbed".to_string();
            session.apply(&Action {
                turn,
                step,
                tool: "bash".into(),
                command: script.clone(),
                op: Op::Bash { script },
                output,
            });
            step += 1;
        }
        turn += 1;
    }
}
