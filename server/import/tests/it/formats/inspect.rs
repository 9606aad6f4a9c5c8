//! Inspect AI logs (`tests/data/formats/inspect-ai`): the `.eval` archive read as the `.json` it
//! holds, one run per sample and epoch, the score as the outcome label, `bash {cmd}` and
//! `text_editor` calls read with the vocabularies the other importers use, `input_refs` into a
//! `message_pool` when a sample keeps no `messages`.

use super::*;
use readcov_import::Format;
use serde_json::json;
use std::io::Write;

#[test]
fn eval_archive_and_json_log() {
    let imp = sample("inspect-ai/inspect_ai_tests_log_message_deduplication.eval");
    assert_eq!(imp.format, Some(Format::Inspect));
    // The mock model calls `bash {cmd: "ls"}` five times: bash, no file read.
    assert_eq!(imp.summary.actions, 5);
    assert_eq!(imp.summary.skipped.get(&Reason::UnknownCommand), Some(&5));
    assert_eq!(imp.labels.len(), 1);
    assert_eq!(
        (imp.labels[0].task.as_str(), imp.labels[0].run.as_str()),
        ("0", "inspect/hardcoded/hardcoded/epoch-1")
    );
    let imp = sample("inspect-ai/vitals_2025-04-07T11-00-30-05-00_arithmetic-with-tool_gKECTBvzvzgtPqQCd3cirF.json");
    assert_eq!(imp.format, Some(Format::Inspect));
    // Two samples, one custom `take_sum` call each; both scored `C`.
    assert_eq!(imp.summary.runs, 2);
    assert_eq!(imp.summary.skipped.get(&Reason::UnknownTool), Some(&2));
    assert!(imp.labels.iter().all(|l| l.resolved));
}

const FILE: &str = "a\nb\nc\nd\ne\n";

fn log(messages: serde_json::Value, extra: serde_json::Value) -> serde_json::Value {
    let mut s = json!({"id": "django__django-1", "epoch": 2, "messages": messages, "scores": {"swe": {"value": 0}}});
    for (k, v) in extra.as_object().unwrap() {
        s[k] = v.clone();
    }
    json!({"version": 2, "eval": {"task": "swe_bench", "model": "openai/gpt-4o"}, "samples": [s]})
}

fn calls() -> serde_json::Value {
    json!([
        {"role": "user", "content": "fix it"},
        {"role": "assistant", "content": "", "tool_calls": [
            {"id": "c1", "function": "text_editor", "arguments": {"command": "view", "path": "/testbed/src/app.py", "view_range": [2, 3]}, "type": "function"},
            {"id": "c2", "function": "bash", "arguments": {"cmd": "sed -n '4,5p' /testbed/src/app.py"}, "type": "function"}]},
        {"role": "tool", "tool_call_id": "c1", "function": "text_editor", "content": "Here's the result of running `cat -n` on /testbed/src/app.py:\n     2\tb\n     3\tc\n"},
        {"role": "tool", "tool_call_id": "c2", "function": "bash", "content": "attachment://abc"},
        {"role": "assistant", "content": "", "tool_calls": [
            {"id": "c3", "function": "text_editor", "arguments": {"command": "view", "path": "/testbed/src/nope.py"}, "type": "function"}]},
        {"role": "tool", "tool_call_id": "c3", "function": "text_editor", "content": "", "error": {"type": "unknown", "message": "no such file"}}
    ])
}

#[test]
fn text_editor_and_bash_calls_read_what_they_showed() {
    let text = log(calls(), json!({"attachments": {"abc": "d\ne\n"}})).to_string();
    let imp = synthetic(&text, &[("src/app.py", FILE)]);
    reads(&imp, 0, &[("src/app.py", 2, 3)]);
    // The result was an attachment: `d\ne\n`, lines 4–5.
    reads(&imp, 1, &[("src/app.py", 4, 5)]);
    skipped(&imp, 2, Reason::ToolError);
    assert_eq!(imp.rows[0].run, "inspect/openai/gpt-4o/epoch-2");
    assert_eq!(imp.rows[0].task, "django__django-1");
    assert!(!imp.labels[0].resolved);
}

#[test]
fn message_pool_and_a_zip_of_the_same_log() {
    // No `messages`: the last model event's `input_refs` into `message_pool`, then its output.
    let all = calls();
    let pool: Vec<_> = all.as_array().unwrap()[..4].to_vec();
    let events = json!([{"event": "model", "input": [], "input_refs": [[0, 4]],
                         "output": {"choices": [{"message": all[4]}]}}]);
    let mut pooled = log(
        json!([]),
        json!({"message_pool": pool, "events": events, "attachments": {"abc": "d\ne\n"}}),
    );
    pooled["samples"][0]["messages"] = json!([]);
    let imp = synthetic(&pooled.to_string(), &[("src/app.py", FILE)]);
    reads(&imp, 0, &[("src/app.py", 2, 3)]);
    reads(&imp, 1, &[("src/app.py", 4, 5)]);
    // The same log as an `.eval` archive: header.json + samples/<id>_epoch_<n>.json.
    let whole = log(calls(), json!({"attachments": {"abc": "d\ne\n"}}));
    let mut header = whole.clone();
    header.as_object_mut().unwrap().remove("samples");
    let mut buf = std::io::Cursor::new(Vec::new());
    {
        let mut z = zip::ZipWriter::new(&mut buf);
        let opt = zip::write::SimpleFileOptions::default()
            .compression_method(zip::CompressionMethod::Deflated);
        z.start_file("header.json", opt).unwrap();
        z.write_all(header.to_string().as_bytes()).unwrap();
        z.start_file("samples/django__django-1_epoch_2.json", opt)
            .unwrap();
        z.write_all(whole["samples"][0].to_string().as_bytes())
            .unwrap();
        z.finish().unwrap();
    }
    let files: BTreeMap<String, String> = [("src/app.py".to_string(), FILE.to_string())].into();
    let zipped = readcov_import::import(buf.get_ref(), "x.eval", &ImportOptions::default(), &files);
    let plain = synthetic(&whole.to_string(), &[("src/app.py", FILE)]);
    assert_eq!(zipped.rows, plain.rows);
    assert_eq!(zipped.format, Some(Format::Inspect));
    // A broken archive is an error naming it, not a panic.
    let broken = readcov_import::import(
        &buf.get_ref()[..40],
        "x.eval",
        &ImportOptions::default(),
        &files,
    );
    assert!(
        broken.errors[0]
            .message
            .contains("not a readable .eval archive"),
        "{:?}",
        broken.errors
    );
}

#[test]
fn a_cut_output_is_read_as_the_version_cut_it() {
    // `sed -n '1,2000p' big.py` printed 47 KB; Inspect kept 16 KiB of it (see the case's make.py).
    // 0.3.77 kept the first 16,384 bytes: lines 1–659 and the start of 660. Before, only the first
    // half of what was kept counted (1–332), whichever version wrote the log.
    let old = handmade("inspect-ai-cut-outputs", "log-0.3.77.json");
    reads(&old, 0, &[("big.py", 1, 660)]);
    // `text_editor view`, numbered: 1–513 and the start of 514 (its start checked as a prefix).
    reads(&old, 1, &[("big.py", 1, 514)]);
    // 0.3.135 kept the first 8,192 bytes (1–332) and the last 8,192 (the end of 1685, 1686–2000).
    let new = handmade("inspect-ai-cut-outputs", "log-0.3.135.json");
    reads(&new, 0, &[("big.py", 1, 332), ("big.py", 1685, 2000)]);
    // Numbered: 1–257 and the start of 258, then the tail, whose first line may be a part and is
    // dropped (1753), and the numbered empty line past the end (2001), which is not the file's.
    reads(&new, 1, &[("big.py", 1, 258), ("big.py", 1754, 2000)]);
    // Without the workspace too: the view runs to the end of the file, whose extra numbered empty
    // line (2001) the middle cut kept is dropped (f348ceb read 1754–2001, a line past the end).
    let dir = formats().join("handmade/inspect-ai-cut-outputs/log-0.3.135.json");
    let bare = import_as(
        None,
        "log-0.3.135.json",
        &std::fs::read_to_string(dir).unwrap(),
        &[],
    );
    reads(&bare, 1, &[("big.py", 1, 258), ("big.py", 1754, 2000)]);
}
