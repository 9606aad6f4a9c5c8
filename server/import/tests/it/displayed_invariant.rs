//! The invariant over every shipped trajectory: no tool call is credited with more lines than its
//! observation displayed. The observations are taken from the raw logs here, independently of
//! the importer (each format's tool results matched to its tool calls in log order, as the
//! importer numbers steps), and a read row's lines are counted against the observation's lines.

use crate::common;
use readcov_core::EventKind;
use readcov_import::{import_with, DirFiles, FileProvider, ImportOptions, NoFiles};
use serde_json::Value;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

/// Observations of a log's tool calls, in step order.
type Extract = Box<dyn Fn(&str) -> Vec<String>>;

fn text(v: Option<&Value>) -> String {
    match v {
        Some(Value::String(s)) => s.clone(),
        Some(Value::Array(parts)) => parts
            .iter()
            .filter_map(|p| p.get("text").and_then(Value::as_str).or_else(|| p.as_str()))
            .collect(),
        _ => String::new(),
    }
}

fn arr<'a>(v: &'a Value, ptr: &str) -> &'a [Value] {
    v.pointer(ptr)
        .and_then(Value::as_array)
        .map_or(&[], Vec::as_slice)
}

/// OpenHands: tool calls of assistant messages (and the final response) in order; results by id.
fn openhands(doc: &Value) -> Vec<String> {
    let msgs = arr(doc, "/fncall_messages");
    let results: BTreeMap<&str, String> = msgs
        .iter()
        .filter(|m| m["role"] == "tool")
        .filter_map(|m| Some((m["tool_call_id"].as_str()?, text(m.get("content")))))
        .collect();
    let mut assistants: Vec<&Value> = msgs.iter().filter(|m| m["role"] == "assistant").collect();
    assistants.extend(doc.pointer("/fncall_response/choices/0/message"));
    assistants
        .iter()
        .flat_map(|m| arr(m, "/tool_calls"))
        .map(|c| {
            let id = c["id"].as_str().unwrap_or("");
            results.get(id).cloned().unwrap_or_default()
        })
        .collect()
}

/// mini-swe-agent: each action's observation is among the messages up to the next assistant
/// message; all of them together bound what it displayed.
fn mini(doc: &Value) -> Vec<String> {
    let msgs = arr(doc, "/messages");
    let mut out = Vec::new();
    for (i, m) in msgs.iter().enumerate() {
        if m["role"] != "assistant" {
            continue;
        }
        let replies: String = msgs[i + 1..]
            .iter()
            .take_while(|r| r["role"] != "assistant")
            .map(|r| text(r.get("content")) + "\n")
            .collect();
        for _ in arr(m, "/extra/actions") {
            out.push(replies.clone());
        }
    }
    out
}

fn swe_agent(doc: &Value) -> Vec<String> {
    arr(doc, "/trajectory")
        .iter()
        .map(|t| text(t.get("observation")))
        .collect()
}

/// Claude Code: `tool_use` blocks of assistant records in order; `tool_result` content by id
/// (what the model saw, not `toolUseResult.stdout`).
fn claude(jsonl: &str) -> Vec<String> {
    let recs: Vec<Value> = jsonl
        .lines()
        .filter_map(|l| serde_json::from_str(l).ok())
        .collect();
    let blocks = |r: &Value, kind: &str| -> Vec<Value> {
        arr(r, "/message/content")
            .iter()
            .filter(|b| b["type"] == kind)
            .cloned()
            .collect()
    };
    let mut results = BTreeMap::new();
    for r in &recs {
        for b in blocks(r, "tool_result") {
            let id = b["tool_use_id"].as_str().unwrap_or("").to_string();
            results.insert(id, text(b.get("content")));
        }
    }
    recs.iter()
        .filter(|r| r["type"] == "assistant")
        .flat_map(|r| blocks(r, "tool_use"))
        .map(|b| {
            let id = b["id"].as_str().unwrap_or("");
            results.get(id).cloned().unwrap_or_default()
        })
        .collect()
}

fn files(dir: &Path, ext: &str) -> Vec<PathBuf> {
    let mut v: Vec<PathBuf> = std::fs::read_dir(dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|e| e.expect("entry").path())
        .filter(|p| p.to_string_lossy().ends_with(ext))
        .collect();
    v.sort();
    assert!(!v.is_empty(), "no {ext} in {}", dir.display());
    v
}

/// Imports `path` (with `sources/<task>` as the workspace when the real data has it) and checks
/// every step against the observations `extract` finds in the raw log. Returns the steps checked.
fn check(path: &Path, extract: &dyn Fn(&str) -> Vec<String>) -> usize {
    let sources = common::real().join("sources");
    check_in(path, extract, &sources)
}

/// Like [`check`], with the workspace of task `t` at `sources/t` (or `sources` itself when it has
/// a `workspace` folder: the synthetic fixtures).
fn check_in(path: &Path, extract: &dyn Fn(&str) -> Vec<String>, sources: &Path) -> usize {
    let bytes = std::fs::read(path).expect("log");
    let raw = String::from_utf8_lossy(&bytes);
    let sources = sources.to_path_buf();
    let pick = move |task: &str| -> Box<dyn FileProvider> {
        let fixed = sources.join("workspace");
        let dir = if fixed.is_dir() {
            fixed
        } else {
            sources.join(task)
        };
        if dir.is_dir() {
            Box::new(DirFiles(dir))
        } else {
            Box::new(NoFiles)
        }
    };
    let name = path.display().to_string();
    let imp = import_with(&bytes, &name, &ImportOptions::default(), &pick);
    let observations = extract(&raw);
    let mut credited: BTreeMap<u32, u64> = BTreeMap::new();
    for r in imp.rows.iter().filter(|r| r.kind == EventKind::Read) {
        let step = r.step.expect("imported rows carry their step");
        *credited.entry(step).or_default() += u64::from(r.end - r.start) + 1;
    }
    for (step, lines) in &credited {
        let obs = observations
            .get(*step as usize)
            .unwrap_or_else(|| panic!("{name}: step {step} has rows but no observation"));
        let shown = obs.split('\n').count() as u64;
        assert!(
            *lines <= shown,
            "{name}: step {step} credited {lines} lines, its observation has {shown}"
        );
    }
    observations.len()
}

#[test]
fn no_tool_call_is_credited_more_lines_than_displayed() {
    let real = common::real();
    let formats = real.join("../formats");
    let json = |f: fn(&Value) -> Vec<String>| {
        move |s: &str| f(&serde_json::from_str::<Value>(s).expect("json"))
    };
    let mut steps = 0;
    for p in files(&real.join("openhands"), ".json") {
        steps += check(&p, &json(openhands));
    }
    for p in files(&real.join("mini-swe-agent"), ".json") {
        steps += check(&p, &json(mini));
    }
    for p in files(&real.join("swe-agent-java"), ".traj") {
        steps += check(&p, &json(swe_agent));
    }
    let cc = formats.join("claude-code");
    let mut claude_logs = files(&real.join("claude-code"), ".jsonl");
    claude_logs.extend(files(&cc, ".jsonl"));
    claude_logs.extend(files(&cc.join("subagent-session-2.1.7"), ".jsonl"));
    claude_logs.extend(files(
        &cc.join("subagent-session-2.1.7/subagents"),
        ".jsonl",
    ));
    for p in claude_logs {
        steps += check(&p, &claude);
    }
    // Every log was walked (a silently empty extraction would check nothing).
    assert!(steps > 600, "only {steps} tool calls checked");
}

/// The same invariant on the synthetic fixtures of each defect class (truncated outputs).
#[test]
fn fixtures_are_credited_no_more_than_displayed() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/fixtures/import");
    let mut cases: Vec<PathBuf> = std::fs::read_dir(&root)
        .expect("fixtures")
        .map(|e| e.expect("entry").path())
        .collect();
    cases.sort();
    assert!(cases.len() >= 7);
    for case in cases {
        let name = case
            .file_name()
            .unwrap_or_default()
            .to_string_lossy()
            .to_string();
        let json = |f: fn(&Value) -> Vec<String>| {
            move |s: &str| f(&serde_json::from_str::<Value>(s).expect("json"))
        };
        let (log, extract): (&str, Extract) = match name.split('-').next() {
            Some("openhands") => ("log.json", Box::new(json(openhands))),
            Some("mini") => ("log.json", Box::new(json(mini))),
            Some("swe") => ("log.json", Box::new(json(swe_agent))),
            Some("claude") => ("log.jsonl", Box::new(claude)),
            _ => panic!("{name}: which format?"),
        };
        assert!(check_in(&case.join(log), &*extract, &case) > 0, "{name}");
    }
}
