//! mini-swe-agent trajectories: `messages`; each assistant message lists its bash commands in
//! `extra.actions[].command`, and the output follows in the next `tool` (matched by `tool_call_id`)
//! or `user` message inside `<output>` (long outputs keep `<output_head>`/`<output_tail>`).
//! Every command runs in a fresh shell in `/testbed`. Version 1 (`mini-swe-agent-1`) has no
//! `extra.actions`: the action is the one ```` ```bash ```` block of the assistant's text (none, or
//! more than one, and mini-swe-agent ran nothing), its output the next message.

use crate::openhands::content_text;
use crate::session::{Action, Op, Session};
use regex::Regex;
use serde_json::{json, Value};
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
    session.submission = crate::change::submitted(doc.pointer("/info/submission"));
    let messages = doc
        .get("messages")
        .and_then(Value::as_array)
        .map(Vec::as_slice)
        .unwrap_or(&[]);
    session.persist_cd = false;
    let mut step = 0u32;
    let mut turn = 0u32;
    for (i, m) in messages.iter().enumerate() {
        if m.get("role").and_then(Value::as_str) != Some("assistant") {
            continue;
        }
        let v1: Vec<Value>;
        let actions = match m.pointer("/extra/actions").and_then(Value::as_array) {
            Some(a) => a.as_slice(),
            None => {
                v1 = content_text(m.get("content"))
                    .and_then(|c| text_action(&c))
                    .map(|c| json!({ "command": c }))
                    .into_iter()
                    .collect();
                &v1
            }
        };
        // The observations: tool messages after this one, up to the next assistant message.
        let replies: Vec<&Value> = messages[i + 1..]
            .iter()
            .take_while(|r| r.get("role").and_then(Value::as_str) != Some("assistant"))
            .collect();
        for (k, a) in actions.iter().enumerate() {
            let script = a
                .get("command")
                .and_then(Value::as_str)
                .unwrap_or("")
                .to_string();
            let id = a.get("tool_call_id").and_then(Value::as_str);
            let by_id = id.and_then(|id| {
                replies
                    .iter()
                    .find(|r| r.get("tool_call_id").and_then(Value::as_str) == Some(id))
            });
            let reply = by_id.or_else(|| {
                if actions.len() == 1 {
                    replies.first()
                } else {
                    replies.get(k)
                }
            });
            let output = reply.and_then(|r| content_text(r.get("content")));
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
