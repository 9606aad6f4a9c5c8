//! What the harness records about a trial beyond its grade: why it ended, how much happened
//! (agent turns, user messages, tool calls and marker records counted apart — a trajectory array
//! of 4 may hold 3 real agent turns and a marker), how often the scenario validator had it
//! regenerated, and the requirement version it started and ended on.

use super::record::Validity;
use crate::formats::{Fields, InputError};
use serde::Serialize;
use serde_json::Value;

/// The run-record keys this module reads.
pub const TRIAL_KEYS: [&str; 10] = [
    "termination",
    "agent_turns",
    "user_messages",
    "tool_calls",
    "marker_records",
    "regeneration_count",
    "attempt_id",
    "initial_requirement_version",
    "final_requirement_version",
    "human_validity",
];

/// Why the trial ended (`{"reason": "..."}`; no other key).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Termination {
    pub reason: String,
}

/// Every field optional: absent = not recorded, never zero.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Trial {
    pub termination: Option<Termination>,
    pub agent_turns: Option<u32>,
    pub user_messages: Option<u32>,
    pub tool_calls: Option<u32>,
    /// Records in the trajectory that are neither turns nor messages (markers, summaries).
    pub marker_records: Option<u32>,
    /// How many times the scenario validator rejected the trial and it was regenerated; this
    /// record is the last attempt.
    pub regeneration_count: Option<u32>,
    pub attempt_id: Option<String>,
    pub initial_requirement_version: Option<String>,
    pub final_requirement_version: Option<String>,
    /// A human check of whether the trial was a valid test, for auditing the validator.
    pub human_validity: Option<Validity>,
}

impl Trial {
    pub fn is_empty(&self) -> bool {
        *self == Trial::default()
    }
}

pub(super) fn parse_trial(f: &Fields) -> Result<Trial, InputError> {
    let termination = match f.obj.get("termination") {
        None | Some(Value::Null) => None,
        Some(Value::Object(o)) => {
            if let Some(k) = o.keys().find(|k| *k != "reason") {
                return Err(f.err(
                    "termination",
                    format!("unknown key `{k}` (expected reason)"),
                ));
            }
            match o.get("reason") {
                Some(Value::String(s)) if !s.is_empty() => Some(Termination { reason: s.clone() }),
                _ => return Err(f.err("termination", "`reason` must be a non-empty string")),
            }
        }
        Some(v) => {
            return Err(f.err(
                "termination",
                format!("expected {{\"reason\": …}}, found {v}"),
            ))
        }
    };
    let human_validity = match f.opt_string("human_validity")? {
        None => None,
        Some("valid") => Some(Validity::Valid),
        Some("invalid") => Some(Validity::Invalid),
        Some(s) => return Err(f.err("human_validity", format!("`{s}` is not valid or invalid"))),
    };
    let text = |k: &str| -> Result<Option<String>, InputError> {
        Ok(f.opt_string(k)?.map(str::to_string))
    };
    Ok(Trial {
        termination,
        agent_turns: f.opt_count("agent_turns")?,
        user_messages: f.opt_count("user_messages")?,
        tool_calls: f.opt_count("tool_calls")?,
        marker_records: f.opt_count("marker_records")?,
        regeneration_count: f.opt_count("regeneration_count")?,
        attempt_id: text("attempt_id")?,
        initial_requirement_version: text("initial_requirement_version")?,
        final_requirement_version: text("final_requirement_version")?,
        human_validity,
    })
}
