//! OpenTelemetry GenAI spans (`tests/data/formats/otel-genai`): the any-agent SDK dumps (one run
//! per trace, `execute_tool` spans as calls, no file tools), OTLP/JSON, and a call whose content
//! was not captured, counted and noted rather than a silent zero.

use super::*;
use readcov_import::Format;

#[test]
fn any_agent_dumps_are_runs_of_tool_calls() {
    for (f, tools) in [
        ("otel-genai/any-agent_OPENAI_trace.json", 2),
        ("otel-genai/any-agent_GOOGLE_trace.json", 3),
    ] {
        let imp = sample(f);
        assert_eq!(imp.format, Some(Format::OtelGenai), "{f}");
        assert_eq!(imp.summary.runs, 1, "{f}");
        // get_current_time and final_output are tools no table knows; write_file {text} names no path.
        assert_eq!(imp.summary.actions, tools, "{f}");
        assert_eq!(imp.summary.skipped.get(&Reason::Malformed), Some(&1), "{f}");
        assert!(imp.rows.is_empty());
        assert!(imp.notes.is_empty(), "{:?}", imp.notes);
    }
    let imp = sample("otel-genai/any-agent_GOOGLE_trace.json");
    assert_eq!(imp.outcomes.len(), 3);
    // The run is named by the trace id 273475590164507581703505203264503192396 with every digit:
    // read as a float it would be cdbd7b99cef220000000000000000000.
    let runs: Vec<&str> = imp.changes.iter().map(|c| c.run.as_str()).collect();
    assert_eq!(runs, ["otel-genai/cdbd7b99cef221c28dd6d03c27d09b4c"]);
    let imp = sample("otel-genai/any-agent_OPENAI_trace.json");
    let runs: Vec<&str> = imp.changes.iter().map(|c| c.run.as_str()).collect();
    // 100927429609276267646756448943279827607
    assert_eq!(runs, ["otel-genai/4bedea77bb33b9c5f280371eae21ea97"]);
}

fn otlp(attrs: &str) -> String {
    format!(
        r#"{{"resourceSpans":[{{"resource":{{}},"scopeSpans":[{{"spans":[
        {{"traceId":"0af7651916cd43dd8448eb211c80319c","spanId":"b7ad6b7169203331","name":"execute_tool read_file",
          "startTimeUnixNano":"2","attributes":[{{"key":"gen_ai.operation.name","value":{{"stringValue":"execute_tool"}}}},
          {{"key":"gen_ai.tool.name","value":{{"stringValue":"read_file"}}}}{attrs}]}},
        {{"traceId":"0af7651916cd43dd8448eb211c80319c","spanId":"b7ad6b7169203332","name":"invoke_agent gemini-cli",
          "startTimeUnixNano":"1","attributes":[{{"key":"gen_ai.agent.name","value":{{"stringValue":"gemini-cli"}}}}]}}]}}]}}]}}"#
    )
}

#[test]
fn otlp_spans_with_content_are_read_and_without_it_are_noted() {
    let files = [("src/app.py", "a\nb\nc\n")];
    let captured = otlp(
        r#",{"key":"gen_ai.tool.call.arguments","value":{"stringValue":"{\"file_path\":\"src/app.py\"}"}},
           {"key":"gen_ai.tool.call.result","value":{"stringValue":"     1→a\n     2→b\n"}}"#,
    );
    let imp = synthetic(&captured, &files);
    assert_eq!(imp.format, Some(Format::OtelGenai));
    reads(&imp, 0, &[("src/app.py", 1, 2)]);
    assert_eq!(
        imp.rows[0].run,
        "otel-genai/0af7651916cd43dd8448eb211c80319c"
    );
    assert!(imp.notes.is_empty());
    let redacted = synthetic(&otlp(""), &files);
    skipped(&redacted, 0, Reason::NotCaptured);
    assert_eq!(redacted.notes.len(), 1);
    assert!(
        redacted.notes[0].contains("of 1 tool span(s), 1 carry no arguments and 1 no result"),
        "{}",
        redacted.notes[0]
    );
}
