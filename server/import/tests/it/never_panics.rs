//! Property tests: arbitrary text as a shell command, a tool output, a patch or a whole log never
//! panics the importer, and every row it writes is a valid span (1 ≤ start ≤ end).

use proptest::prelude::*;
use readcov_import::{gold_from_diff, import, DiffOptions, ImportOptions, NoFiles};
use serde_json::json;

/// Text biased towards the characters the parsers care about.
fn shellish() -> impl Strategy<Value = String> {
    proptest::collection::vec(
        prop_oneof![
            Just("cat ".to_string()),
            Just("sed -n '".to_string()),
            Just("grep -n ".to_string()),
            Just("head -".to_string()),
            Just("tail -n +".to_string()),
            Just(" | ".to_string()),
            Just(" && ".to_string()),
            Just("<< 'EOF'\n".to_string()),
            Just("\nEOF\n".to_string()),
            Just("cd ".to_string()),
            Just("/testbed/a.py".to_string()),
            Just("$(".to_string()),
            Just("\"".to_string()),
            Just("'".to_string()),
            Just("\\".to_string()),
            Just(",$p".to_string()),
            "[0-9]{1,10}".prop_map(|s| s),
            "[ -~\n\t]{0,8}".prop_map(|s| s),
        ],
        0..20,
    )
    .prop_map(|v| v.concat())
}

fn outputish() -> impl Strategy<Value = String> {
    proptest::collection::vec(
        prop_oneof![
            "[0-9]{1,12}".prop_map(|n| format!("{n}:x\n")),
            "[0-9]{1,12}".prop_map(|n| format!("   {n}\tx\n")),
            Just("a.py:3:x\n".to_string()),
            Just("<output_head>\n".to_string()),
            Just("</output_head>\n<output_tail>\n".to_string()),
            Just("</output_tail>".to_string()),
            Just("<response clipped>".to_string()),
            Just("[File: /testbed/a.py (99999999999 lines total)]\n".to_string()),
            "[ -~\n]{0,10}".prop_map(|s| s),
        ],
        0..15,
    )
    .prop_map(|v| v.concat())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn bash_actions_never_panic(cmds in proptest::collection::vec((shellish(), outputish()), 1..6)) {
        let mut messages = vec![];
        for (i, (cmd, out)) in cmds.iter().enumerate() {
            let id = format!("c{i}");
            messages.push(json!({"role": "assistant", "content": "", "extra": {"actions": [{"command": cmd, "tool_call_id": id}]}}));
            messages.push(json!({"role": "tool", "tool_call_id": id, "content": out}));
        }
        let log = json!({"messages": messages, "trajectory_format": "mini-swe-agent-1"}).to_string();
        let got = import(log.as_bytes(), "p.json", &ImportOptions::default(), &NoFiles);
        prop_assert_eq!(got.summary.actions, cmds.len());
        for r in &got.rows {
            prop_assert!(r.start >= 1 && r.start <= r.end, "{:?}", r);
        }
    }

    #[test]
    fn swe_agent_actions_never_panic(steps in proptest::collection::vec((shellish(), outputish()), 1..6)) {
        let traj: Vec<_> = steps.iter().map(|(a, o)| json!({"action": format!("edit 1:{}\n{a}\nend_of_edit", a.len()), "observation": o})).collect();
        let log = json!({"trajectory": traj}).to_string();
        let got = import(log.as_bytes(), "p.traj", &ImportOptions::default(), &NoFiles);
        for r in &got.rows {
            prop_assert!(r.start >= 1 && r.start <= r.end, "{:?}", r);
        }
    }

    #[test]
    fn patches_never_panic(body in "([-+ @\\\\]|@@ -[0-9]{1,10},[0-9]{1,10} \\+[0-9]{1,10},[0-9]{1,10} @@|--- a/x|\\+\\+\\+ b/x|[a-z\n]){0,60}", anchor in 0u32..5) {
        let g = gold_from_diff(&body, "t", &DiffOptions { anchor, exclude_tests: false }, "p.diff");
        for s in &g.spans {
            prop_assert!(s.start >= 1 && s.start <= s.end);
        }
    }

    #[test]
    fn arbitrary_bytes_never_panic(bytes in proptest::collection::vec(any::<u8>(), 0..300)) {
        let _ = import(&bytes, "x", &ImportOptions::default(), &NoFiles);
    }
}
