use super::encode::{fenced_action, function_calls, strip_prompt};
use super::*;

#[test]
fn dataset_suffixes_come_off_swe_bench_ids_only() {
    let cases = [
        ("python__mypy-15976_0", ("python__mypy-15976", Some("0"))),
        (
            "tomerfiliba__plumbum-366_17",
            ("tomerfiliba__plumbum-366", Some("17")),
        ),
        ("django__django-11099", ("django__django-11099", None)),
        // SWE-smith ids end in a task name, not an issue number.
        (
            "arrow-py__arrow.1d70d009.lm_rewrite__nuzjfyur",
            ("arrow-py__arrow.1d70d009.lm_rewrite__nuzjfyur", None),
        ),
        ("my_task_3", ("my_task_3", None)),
        ("a-1_", ("a-1_", None)),
    ];
    for (id, want) in cases {
        assert_eq!(split_suffix(id), want, "{id}");
    }
}

#[test]
fn the_last_outermost_fenced_block_is_the_command() {
    let cases = [
        ("think\n```\nopen a.py\n```", Some("open a.py")),
        (
            "```\nls\n```\nthen\n```bash\ngoto 10\n```\n",
            Some("goto 10"),
        ),
        (
            "```\nedit 1:2\n```python\nx\n```\nend_of_edit\n```",
            Some("edit 1:2\n```python\nx\n```\nend_of_edit"),
        ),
        ("no block", None),
        ("``` not a fence\nls\n```", None),
        ("```\n\n```", None),
    ];
    for (text, want) in cases {
        assert_eq!(fenced_action(text), want, "{text:?}");
    }
}

#[test]
fn function_text_calls_and_typed_parameters() {
    let text = "Look:\n<function=str_replace_editor>\n<parameter=command>view</parameter>\n\
                <parameter=path>/testbed/a.py</parameter>\n<parameter=view_range>[3, 9]</parameter>\n\
                </function>";
    let calls = function_calls(text);
    assert_eq!(calls.len(), 1);
    assert_eq!(calls[0].0, "str_replace_editor");
    assert_eq!(
        serde_json::Value::Object(calls[0].1.clone()),
        serde_json::json!({"command": "view", "path": "/testbed/a.py", "view_range": [3, 9]})
    );
    let calls =
        function_calls("<function=bash>\n<parameter=command>\necho 1\n</parameter>\n</function>");
    assert_eq!(calls[0].1["command"], "echo 1");
    let calls = function_calls("<function=str_replace_editor>\n<parameter=insert_line>12</parameter>\n<parameter=new_str>7</parameter>\n</function>");
    assert_eq!(calls[0].1["insert_line"], 12);
    assert_eq!(calls[0].1["new_str"], "7");
}

#[test]
fn outcome_and_patch_fields() {
    let cases = [
        (
            serde_json::json!({"resolved": true}),
            Some((true, "resolved")),
        ),
        (
            serde_json::json!({"target": false}),
            Some((false, "target")),
        ),
        (serde_json::json!({"reward": 1.0}), Some((true, "reward"))),
        (serde_json::json!({"reward": 0.5}), Some((false, "reward"))),
        (
            serde_json::json!({"test_result": {"report": {"resolved": true}}}),
            Some((true, "test_result.report.resolved")),
        ),
        (serde_json::json!({"resolved": "yes"}), None),
    ];
    for (row, want) in cases {
        assert_eq!(outcome(&row::Row::from_value(&row)), want, "{row}");
    }
    let row =
        serde_json::json!({"test_result": {"git_patch": "diff --git a/x b/x\n"}, "patch": "p"});
    assert_eq!(final_patch(&row), Some("diff --git a/x b/x\n"));
    assert_eq!(
        final_patch(&serde_json::json!({"info": {"submission": "d"}})),
        Some("d")
    );
    assert_eq!(final_patch(&serde_json::json!({"patch": " \n"})), None);
}

/// The observation is the text before SWE-agent's prompt, less the template's one line break:
/// an output's own blank last lines stay (nebius rows keep each output's last line break, so
/// `x⏎⏎` before the template's `⏎(Open file: …)` is `x` and a blank line). Before session 33
/// every blank line before the prompt was taken off and one line break added.
#[test]
fn the_prompt_and_the_templates_line_break_come_off() {
    let prompt = "(Open file: /r/a.py)\n(Current directory: /r)\nbash-$";
    for (obs, want) in [
        ("x\n\n\n", "x\n\n"),
        ("x\n\n", "x\n"),
        ("x\n", "x"),
        ("", ""),
        (
            "Your command ran successfully and did not produce any output.\n",
            "Your command ran successfully and did not produce any output.",
        ),
    ] {
        assert_eq!(strip_prompt(&format!("{obs}{prompt}")), want, "{obs:?}");
    }
    assert_eq!(
        strip_prompt(&format!("x\n(Interactive session: n)\n{prompt}\n")),
        "x"
    );
    // No prompt: the text whole.
    assert_eq!(strip_prompt("x\n\n"), "x\n\n");
}

/// The line-vector `strip_prompt` the one-pass one replaced (the oracle): the trailing blank
/// lines, then the prompt's lines; the lines before them joined (the text whole when no prompt).
fn strip_prompt_by_lines(obs: &str) -> String {
    let lines: Vec<&str> = obs.split('\n').collect();
    let prompt = |l: &str| {
        let t = l.trim();
        t == "bash-$"
            || t.starts_with("(Open file:")
            || t.starts_with("(Current directory:")
            || t.starts_with("(Interactive session:")
    };
    let mut n = lines.len();
    while n > 0 && lines[n - 1].trim().is_empty() {
        n -= 1;
    }
    let mut m = n;
    while m > 0 && prompt(lines[m - 1]) {
        m -= 1;
    }
    if m == n {
        return obs.to_string();
    }
    lines[..m].join("\n")
}

proptest::proptest! {
    #[test]
    fn one_pass_prompt_strip_agrees_with_the_line_vector(
        parts in proptest::collection::vec(proptest::sample::select(vec![
            " ", "\n", "\r", "x", "bash-$", "(Open file: /a.py)", "(Current directory: /r)", "é",
            "(Interactive session: n)",
        ]), 0..20),
    ) {
        let obs: String = parts.concat();
        proptest::prop_assert_eq!(strip_prompt(&obs).into_owned(), strip_prompt_by_lines(&obs));
    }
}

/// `at` gives what `Value::pointer` gave on every path this module reads, on the vendored rows
/// and on rows whose fields have other shapes (arrays, scalars, nulls where objects were).
#[test]
fn at_agrees_with_pointer() {
    let dir = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../tests/data/formats/chat-trajectories"
    );
    let mut rows: Vec<serde_json::Value> = Vec::new();
    for f in [
        "adp_SWE-Gym_OpenHands-Sampled-Trajectories_sample_raw.first1.json",
        "adp_SWE-smith-trajectories_sample_raw.first2.json",
        "adp_nebius_SWE-agent-trajectories_sample_raw.json",
    ] {
        let text = std::fs::read_to_string(format!("{dir}/{f}")).expect("vendored sample");
        match serde_json::from_str(&text).expect("sample JSON") {
            serde_json::Value::Array(a) => rows.extend(a),
            v => rows.push(v),
        }
    }
    rows.push(
        serde_json::json!({"test_result": [1, 2], "info": {"submission": 3, "config": []},
        "extra": {"actions": null}, "function": "x", "resolved": {"a": 1}}),
    );
    rows.push(
        serde_json::json!({"test_result": {"report": {"resolved": true}, "git_patch": null},
        "info": {"config": {"model": {"model_name": "m"}}}, "extra": {"actions": [1]},
        "function": {"arguments": "{}"}}),
    );
    let paths = [
        "/instance_id",
        "/run_id",
        "/model_name",
        "/info/config/model/model_name",
        "/traj_id",
        "/resolved",
        "/test_result/report/resolved",
        "/test_result/git_patch",
        "/info/submission",
        "/extra/actions",
        "/function/arguments",
        "/test_result/report/resolved/deeper",
    ];
    let mut found = 0;
    for row in &rows {
        let messages = row
            .get("messages")
            .or_else(|| row.get("trajectory"))
            .and_then(serde_json::Value::as_array);
        let values = std::iter::once(row).chain(messages.into_iter().flatten());
        for v in values {
            for p in paths {
                assert_eq!(at(v, p), v.pointer(p), "{p}");
                found += usize::from(at(v, p).is_some());
            }
        }
    }
    assert!(found > 20, "the paths were found in the rows: {found}");
}

/// The `Value` document function-text rows were turned into before (the oracle of the test
/// below): tool calls written into the assistant messages, results replacing the user ones.
fn function_text_as_value(mut messages: Vec<serde_json::Value>) -> Vec<serde_json::Value> {
    use serde_json::{json, Value};
    use std::borrow::Cow;
    let text = |m: &Value| -> Option<String> {
        crate::openhands::content_str(m.get("content"))
            .or_else(|| m.get("text").and_then(Value::as_str).map(Cow::from))
            .map(Cow::into_owned)
    };
    let result = |t: &str| -> String {
        if let Some(r) = t.strip_prefix("EXECUTION RESULT of [") {
            if let Some(i) = r.find("]:") {
                let r = &r[i + 2..];
                return r.strip_prefix('\n').unwrap_or(r).to_string();
            }
        }
        t.strip_prefix("OBSERVATION:\n")
            .or_else(|| t.strip_prefix("OBSERVATION:"))
            .unwrap_or(t)
            .to_string()
    };
    let role = |m: &Value| {
        m.get("role")
            .and_then(Value::as_str)
            .unwrap_or("")
            .to_string()
    };
    let mut pending: Option<String> = None;
    for (i, m) in messages.iter_mut().enumerate() {
        if matches!(role(m).as_str(), "assistant" | "ai") {
            let calls = text(m).map(|t| function_calls(&t)).unwrap_or_default();
            let tool_calls: Vec<Value> = calls
                .into_iter()
                .enumerate()
                .map(|(k, (name, args))| {
                    json!({"id": format!("fn-{i}-{k}"), "type": "function",
                           "function": {"name": name, "arguments": Value::Object(args).to_string()}})
                })
                .collect();
            pending = (!tool_calls.is_empty()).then(|| format!("fn-{i}-0"));
            m["role"] = json!("assistant");
            m["tool_calls"] = Value::Array(tool_calls);
        } else if let (Some(id), "user" | "tool") = (&pending, role(m).as_str()) {
            let out = text(m).map(|t| result(&t));
            *m = json!({"role": "tool", "tool_call_id": id, "content": out});
            pending = None;
        }
    }
    messages
}

/// The function-text messages handed to the OpenHands importer as typed messages are what it
/// read from the `Value` document before, on the vendored SWE-smith rows and on odd shapes
/// (content as parts, `EXECUTION RESULT` prefixes, a result with no text, an `ai` role), with
/// each call's parameters its arguments parsed.
#[test]
fn function_text_messages_are_what_the_value_document_gave() {
    use crate::doc::OpenHandsLog;
    let dir = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../tests/data/formats/chat-trajectories"
    );
    let text = std::fs::read_to_string(format!(
        "{dir}/adp_SWE-smith-trajectories_sample_raw.first2.json"
    ))
    .expect("vendored sample");
    let rows: serde_json::Value = serde_json::from_str(&text).expect("sample JSON");
    let mut lists: Vec<Vec<serde_json::Value>> = rows
        .as_array()
        .expect("rows")
        .iter()
        .map(|r| r["messages"].as_array().expect("messages").clone())
        .collect();
    lists.push(
        serde_json::json!([
            {"role": "ai", "content": [{"type": "text", "text": "<function=bash>\n<parameter=command>ls</parameter>\n</function>"}]},
            {"role": "user", "content": [{"type": "text", "text": "EXECUTION RESULT of [bash]:\na.py"}]},
            {"role": "assistant", "content": "<function=str_replace_editor>\n<parameter=command>view</parameter>\n<parameter=path>/r/a.py</parameter>\n</function><function=think></function>", "tool_call_id": "x"},
            {"role": "tool"},
            {"role": "user", "content": "OBSERVATION:\nnot a result"},
            {"role": "assistant", "content": "no call"},
            {"role": "user", "content": "plain"},
            "not an object"
        ])
        .as_array()
        .expect("list")
        .clone(),
    );
    let mut calls = 0;
    for list in lists {
        let doc = serde_json::json!({ "messages": function_text_as_value(list.clone()) });
        let want = OpenHandsLog::from_value(&doc);
        let msgs: Vec<row::ChatMsg> = list.iter().map(row::ChatMsg::from_value).collect();
        let mut got = OpenHandsLog {
            messages: super::encode::function_text(&msgs),
            ..OpenHandsLog::default()
        };
        // Each call carries its parameters: what parsing its arguments gives (the importer takes
        // them instead); the `Value` document had only the text.
        for c in got.messages.iter_mut().flat_map(|m| &mut m.tool_calls) {
            let parsed = c
                .arguments
                .as_deref()
                .map(serde_json::from_str)
                .map(Result::ok);
            assert_eq!(c.params.take().map(Some), parsed, "{:?}", c.arguments);
        }
        calls += got
            .messages
            .iter()
            .map(|m| m.tool_calls.len())
            .sum::<usize>();
        assert_eq!(got, want);
    }
    assert!(calls > 10, "the rows hold function calls: {calls}");
}
