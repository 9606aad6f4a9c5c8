//! What SWE-agent 1.x sent the model of an observation its `.traj` keeps whole (the
//! `next_step_truncated_observation_template` cut).

use serde_json::Value;
use std::borrow::Cow;

/// How SWE-agent 1.x cut an observation for the model: `(max_observation_length, whether the
/// template shows its first characters)`. Its `.traj` keeps the whole observation in
/// `trajectory[].observation`, but the model was sent `next_step_truncated_observation_template`
/// once it is longer than `max_observation_length` characters (`sweagent/agent/agents.py`,
/// `TemplateConfig`, since be69e037 of June 2025, after v1.1.0: by default `Observation:
/// {{observation[:max_observation_length]}}<response clipped><NOTE>…`, 100,000 characters;
/// `config/bash_only.yaml`: advice only, 10,000). Found in the run's `replay_config` (1.x writes
/// it; classic 0.x logs have none and were sent whole).
pub(super) fn observation_cut(doc: &Value) -> Option<(usize, bool)> {
    let rc = doc.get("replay_config")?;
    let parsed;
    let rc = match rc {
        Value::String(s) => {
            parsed = serde_json::from_str::<Value>(s).ok()?;
            &parsed
        }
        Value::Object(_) => rc,
        _ => return None,
    };
    let t = rc.pointer("/agent/templates");
    let max = t
        .and_then(|t| t.get("max_observation_length"))
        .and_then(Value::as_u64)
        .map_or(100_000, |n| usize::try_from(n).unwrap_or(usize::MAX));
    match t
        .and_then(|t| t.get("next_step_truncated_observation_template"))
        .and_then(Value::as_str)
    {
        Some(tpl) if tpl.contains("observation[:") => Some((max, true)),
        // `{{observation}}` whole: v1.1.0 and before cut `step.observation` itself before writing
        // the trajectory, so the `.traj` holds what was sent.
        Some(tpl) if tpl.contains("observation") => None,
        Some(_) => Some((max, false)),
        None => Some((max, true)),
    }
}

/// What the model was sent of `obs`: its first `max` characters then `<response clipped>`, or
/// nothing of it (SWE-agent's advice, read as nothing shown), when it is longer than `max`.
pub(super) fn sent(obs: Cow<'_, str>, cut: Option<(usize, bool)>) -> Cow<'_, str> {
    let Some((max, shows)) = cut else {
        return obs;
    };
    if obs.len() <= max {
        return obs;
    }
    match obs.char_indices().nth(max) {
        None => obs,
        Some((i, _)) if shows => Cow::Owned(format!("{}<response clipped>", &obs[..i])),
        Some(_) => Cow::Borrowed("The output of your last command was too long."),
    }
}
