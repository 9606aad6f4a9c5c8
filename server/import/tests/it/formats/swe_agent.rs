//! SWE-agent 1.x `.traj` files (`replay_config` present): the observation each step keeps is
//! whole, the model was sent it cut (the classic 0.x logs are covered by tests/data/real).

use super::*;
use serde_json::json;

/// Before, every line of an observation longer than `max_observation_length` was credited,
/// though SWE-agent sent the model only its first characters (`<response clipped>`), or, with a
/// template that shows none of it (`config/bash_only.yaml`), nothing.
#[test]
fn one_x_observation_longer_than_the_limit_credits_what_was_sent() {
    let file: String = (1..=60).map(|i| format!("line{i:02}\n")).collect();
    let traj = |tpl: &str| {
        let rc = json!({"agent": {"templates": {"max_observation_length": 100,
            "next_step_truncated_observation_template": tpl}}});
        json!({"replay_config": rc.to_string(), "info": {},
            "trajectory": [{"action": "cat a.py", "observation": file}]})
        .to_string()
    };
    let shown = synthetic(
        &traj("Observation: {{observation[:max_observation_length]}}<response clipped>"),
        &[("a.py", &file)],
    );
    // 100 characters: `line01` … `line14` and `li`.
    reads(&shown, 0, &[("a.py", 1, 15)]);
    let advice = synthetic(
        &traj("<warning>\nThe output of your last command was too long.\n</warning>"),
        &[("a.py", &file)],
    );
    reads(&advice, 0, &[]);
    // Within the limit: shown whole.
    let whole = synthetic(
        &traj("{{observation[:max_observation_length]}}").replace(
            "\"max_observation_length\\\":100",
            "\"max_observation_length\\\":1000",
        ),
        &[("a.py", &file)],
    );
    reads(&whole, 0, &[("a.py", 1, 60)]);
}
