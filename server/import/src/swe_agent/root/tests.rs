//! The checkout from the instance prompt, and from the windows without one.

use super::*;
use serde_json::json;
use std::borrow::Cow;

fn step(obs: &str) -> Step<'_> {
    Step {
        action: None,
        observation: Some(Cow::Borrowed(obs)),
    }
}

/// The demonstration's prompt is another run's (`is_demo`, or its `--- DEMONSTRATION ---`
/// text): the instance's own prompt names the checkout.
#[test]
fn the_instance_prompt_names_the_checkout() {
    let doc = json!({"history": [
        {"role": "system", "content": "(Current directory: /sys__tem)"},
        {"role": "user", "is_demo": true, "content": "(Current directory: /marshmallow-code__marshmallow)\nbash-$"},
        {"role": "user", "content": "--- DEMONSTRATION ---\n(Current directory: /demo__demo)\n--- END OF DEMONSTRATION ---"},
        {"role": "user", "content": "ISSUE: …\n(Open file: n/a)\n(Current directory: /fasterxml__jackson-databind)\nbash-$"},
        {"role": "user", "content": "(Open file: /etc/apt/sources.list)\n(Current directory: /etc)\nbash-$"},
    ]});
    assert_eq!(
        prompted(&doc).as_deref(),
        Some("/fasterxml__jackson-databind")
    );
    for cwd in ["/", "n/a", "repo"] {
        let doc = json!({"history": [{"role": "user", "content": format!("(Current directory: {cwd})")}]});
        assert_eq!(prompted(&doc), None, "{cwd}");
    }
    assert_eq!(prompted(&json!({"trajectory": []})), None);
}

/// A window of a file under a system folder or right at `/` names no checkout; the first window
/// of a file in another folder at `/` does.
#[test]
fn without_a_prompt_the_first_window_in_a_checkout() {
    let traj = [
        step("ls"),
        step("[File: /etc/apt/sources.list (42 lines total)]\n1:#"),
        step("[File: /ReproduceIssue.java (3 lines total)]\n1:x"),
        step("[File: /tmp/t/x.py (1 lines total)]\n1:x"),
        step("[File: /google__gson/gson/A.java (9 lines total)]\n1:x"),
        step("[File: /other/B.java (9 lines total)]\n1:x"),
    ];
    assert_eq!(of_windows(&traj).as_deref(), Some("/google__gson"));
    assert_eq!(of_windows(&traj[..4]), None);
}
