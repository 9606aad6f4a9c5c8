//! Chat-message datasets (`tests/data/formats/chat-trajectories`, see its NOTES.md): one run per
//! row in each of the four encodings, windows checked by hand against the text each tool result
//! displayed; the task from `instance_id` (dataset suffix taken off), the run from the row's
//! model name, the outcome labels; detection; the same rows from JSON, JSONL and Parquet.

use super::*;
use readcov_import::{import_row, Format};
use serde_json::Value;

const DIR: &str = "chat-trajectories";
const GYM: &str = "adp_SWE-Gym_OpenHands-Sampled-Trajectories_sample_raw.first1.json";
const SMITH: &str = "adp_SWE-smith-trajectories_sample_raw.first2.json";
const NEBIUS: &str = "adp_nebius_SWE-agent-trajectories_sample_raw.json";
const MINI: &str = "msa-pr816_mini-swe-agent_sqlfluff__sqlfluff-2419.traj.json";
const COMPLETION: &str = "openhands_llm_completion_scikit-learn__scikit-learn-14141.json";

fn path(name: &str) -> String {
    format!("{DIR}/{name}")
}

fn raw(name: &str) -> Vec<u8> {
    std::fs::read(formats().join(path(name))).unwrap()
}

fn json(name: &str) -> Value {
    serde_json::from_slice(&raw(name)).unwrap()
}

fn run_rows(imp: &Imported, run: &str, step: u32) -> Vec<Row> {
    rows(imp, Some(run), step, EventKind::Read)
}

#[test]
fn swe_gym_tool_calls_with_observation_prefixes() {
    let imp = sample(&path(GYM));
    assert_eq!(imp.format, Some(Format::Chat));
    let run = "gpt-4o-2024-08-06_maxiter_50_N_v2.1-no-hint-train-t0-run_1/0";
    assert!(imp
        .rows
        .iter()
        .all(|r| r.task == "python__mypy-15976" && r.run == run));
    let a = "mypy/plugins/attrs.py";
    // `view_range [1, 40]`: `     1\t` … `    40\t` after "OBSERVATION:\nHere's the result …".
    assert_eq!(run_rows(&imp, run, 9), own(&[(a, 1, 40)]));
    assert_eq!(run_rows(&imp, run, 13), own(&[(a, 297, 357)]));
    // `[895, 935]` shows 895–935: attrs.py has 1,115 lines (step 7's error says so), and the
    // observation ends in a bare `   935`, the blank line after `__init__` with its tab trimmed
    // (it used to be left out, as if the file ended at 934).
    assert_eq!(run_rows(&imp, run, 14), own(&[(a, 895, 935)]));
    // `grep -n 'slots'`: 297:, 318:, 341:, 342:, 895:–897:, 899:, 900:, 904:.
    assert_eq!(
        run_rows(&imp, run, 11),
        own(&[
            (a, 297, 297),
            (a, 318, 318),
            (a, 341, 342),
            (a, 895, 897),
            (a, 899, 900),
            (a, 904, 904)
        ])
    );
    // "OBSERVATION:\nERROR:\nThe `view_range` parameter is not allowed …": a tool error.
    skipped(&imp, 0, Reason::ToolError);
    skipped(&imp, 1, Reason::DirectoryView);
    assert_eq!(imp.labels.len(), 1);
    assert_eq!(
        (
            imp.labels[0].resolved,
            imp.labels[0].field,
            imp.labels[0].run.as_str()
        ),
        (true, "resolved", run)
    );
    assert_eq!(imp.summary.id_suffixes, 1);
    assert_eq!(
        imp.summary.id_suffix_example,
        Some(("python__mypy-15976_0".into(), "python__mypy-15976".into()))
    );
}

#[test]
fn swe_smith_function_text() {
    let imp = sample(&path(SMITH));
    let run = "claude-3-7-sonnet-20250219/l13ggwmx";
    let a = "arrow/arrow.py";
    // `<function=bash>grep -n "__format__" …`: "OBSERVATION:\n791:    def __format__(…".
    assert_eq!(run_rows(&imp, run, 2), own(&[(a, 791, 791)]));
    // `view_range [791, 808]`, CRLF line ends in the dataset's text.
    assert_eq!(run_rows(&imp, run, 3), own(&[(a, 791, 808)]));
    // `view_range [785, 790]`: the observation ends `   789\t        return
    // self._datetime.isoformat()\r\n   790` — line 790 is the blank line before `def
    // __format__` (791), its `\t` trimmed off with the output's end; it was shown (it used to be
    // left out: 785–789).
    assert_eq!(run_rows(&imp, run, 5), own(&[(a, 785, 790)]));
    let run2 = "claude-3-7-sonnet-20250219/arbkompf";
    // Whole-file views ending in a bare `    86` (the editor numbers `split('\n')`: the empty
    // line after the final newline, its tab trimmed): not a line of the file.
    assert_eq!(
        run_rows(&imp, run2, 3),
        own(&[("dataset/chunked.py", 1, 85)])
    );
    assert_eq!(run_rows(&imp, run2, 4), own(&[("dataset/util.py", 1, 169)]));
    // The abbreviated view (SWE-agent's filemap) of a long file numbers its lines with a blank,
    // not `cat -n`'s tab, and puts `… eliding lines a-b …` for long function bodies: the lines
    // it prints were shown (they used to give nothing, *no lines shown*). dataset/table.py:
    // 1–36 shown, 37–50 elided, 51–67, 68–82 elided, …, the last line 730.
    let lines = |run: &str, step: u32| -> Vec<u32> {
        run_rows(&imp, run, step)
            .into_iter()
            .flat_map(|(_, s, e)| s..=e)
            .collect()
    };
    let table = lines(run2, 1);
    assert!(run_rows(&imp, run2, 1)
        .iter()
        .all(|(p, _, _)| p == "dataset/table.py"));
    for n in (1..=36).chain(51..=67).chain([83, 100, 478, 727, 730]) {
        assert!(table.contains(&n), "table.py line {n} was shown");
    }
    for n in (37..=50)
        .chain(68..=82)
        .chain([101, 122, 459, 477, 717, 726])
    {
        assert!(!table.contains(&n), "table.py line {n} was elided");
    }
    // Exactly the numbered lines of the output that are not elision markers.
    let text = |row: usize, step: usize| -> String {
        let rows = json(SMITH);
        let msgs = rows[row]["messages"].as_array().unwrap().clone();
        let views: Vec<String> = msgs
            .windows(2)
            .filter(|w| {
                w[0]["role"] == "assistant"
                    && w[0]["content"]
                        .as_str()
                        .is_some_and(|t| t.contains("<function="))
            })
            .map(|w| w[1]["content"].as_str().unwrap_or("").to_string())
            .collect();
        views[step].clone()
    };
    let shown = |t: &str| -> Vec<u32> {
        t.lines()
            .filter_map(|l| {
                let l = l.trim_end_matches('\r');
                let d = l.trim_start();
                let n: String = d.chars().take_while(char::is_ascii_digit).collect();
                let rest = &d[n.len()..];
                let ok = !n.is_empty()
                    && (rest.is_empty() || rest.starts_with(' '))
                    && !rest.trim_start().starts_with("... eliding");
                ok.then(|| n.parse().unwrap())
            })
            .collect()
    };
    assert_eq!(table, shown(&text(1, 1)));
    assert_eq!(lines(run, 1), shown(&text(0, 1)));
    assert!(lines(run, 1).len() > 100);
    assert_eq!(
        run_rows(&imp, run2, 3),
        own(&[("dataset/chunked.py", 1, 85)])
    );
    assert_eq!(imp.labels.iter().filter(|l| l.resolved).count(), 2);
    assert_eq!(imp.summary.encodings.get("function-text"), Some(&2));
    assert_eq!(imp.summary.id_suffixes, 0);
}

#[test]
fn nebius_swe_agent_commands_in_fenced_blocks() {
    let imp = sample(&path(NEBIUS));
    assert_eq!(imp.summary.runs, 5);
    assert_eq!(imp.summary.encodings.get("swe-agent-text"), Some(&5));
    // `open plumbum/cli/image.py`: `[File: /plumbum/plumbum/cli/image.py (99 lines total)]`, 1:–99:.
    assert_eq!(
        run_rows(&imp, "swe-agent-llama-70b/17", 2),
        own(&[("plumbum/cli/image.py", 1, 99)])
    );
    // `open oqupy/process_tensor.py 536`: the window 521:–620:.
    assert_eq!(
        run_rows(&imp, "swe-agent-llama-70b/55", 4),
        own(&[("oqupy/process_tensor.py", 521, 620)])
    );
    let t = "treon/treon.py";
    // `goto 122` on a 143-line file: 44:–143:; `search_file`: `Line 122:`.
    assert_eq!(
        run_rows(&imp, "swe-agent-llama-70b/38", 3),
        own(&[(t, 44, 143)])
    );
    assert_eq!(
        run_rows(&imp, "swe-agent-llama-70b/38", 2),
        own(&[(t, 122, 122)])
    );
    // `edit 1:18` three times, refused by the linter (`E999 IndentationError`): nothing written,
    // but each showed "the original code before your edit", the current file's 1:–28: (the
    // first edit changed lines 122 on only); the window "how your edit would have looked" is no
    // read. Before, these were tool errors and credited nothing.
    for step in 5..=7 {
        assert_eq!(
            run_rows(&imp, "swe-agent-llama-70b/38", step),
            own(&[(t, 1, 28)]),
            "step {step}"
        );
    }
    assert_eq!(imp.summary.skipped.get(&Reason::ToolError), None);
    // `find_file` shows paths, no lines; the final `submit` is no missing observation.
    let r = imp
        .outcomes
        .iter()
        .filter(|(s, c, _)| *s == 1 && c.starts_with("find_file"))
        .count();
    assert!(r >= 1);
    assert_eq!(imp.summary.skipped.get(&Reason::MissingObservation), None);
    let tasks: Vec<&str> = imp.labels.iter().map(|l| l.task.as_str()).collect();
    assert_eq!(
        tasks,
        [
            "tomerfiliba__plumbum-366",
            "tempoCollaboration__OQuPy-74",
            "marshmallow-code__apispec-811",
            "brightway-lca__brightway2-analyzer-19",
            "ReviewNB__treon-25"
        ]
    );
    assert!(imp.labels.iter().all(|l| l.resolved && l.field == "target"));
    assert_eq!(imp.summary.id_suffixes, 5);
    // Each row's `generated_patch` is its run's submitted change (the stage diagnosis's input).
    let d = json(NEBIUS);
    let rows = d.as_array().unwrap();
    assert_eq!(imp.changes.len(), 5);
    for (r, c) in rows.iter().zip(&imp.changes) {
        assert_eq!(c.submitted.as_deref(), r["generated_patch"].as_str());
        assert!(c
            .submitted
            .as_deref()
            .is_some_and(|p| p.contains("diff --git")));
    }
}

/// A nebius-style row (SWE-agent's classic template, each output kept whole: its observations end
/// with a line break before the template's `⏎(Open file: …)`): `cat f.py` of `a⏎⏎⏎` (three lines,
/// the last two blank) shows the three lines. Before session 33 the prompt strip took every blank
/// line before the prompt off and `cat` credited line 1 only.
#[test]
fn swe_agent_text_output_ending_on_blank_lines() {
    let prompt = "(Open file: /r/f.py)\n(Current directory: /r)\nbash-$";
    let ai = |cmd: &str| serde_json::json!({"role": "ai", "text": format!("Let me look.\n```\n{cmd}\n```")});
    let user = |out: &str| serde_json::json!({"role": "user", "text": format!("{out}\n{prompt}")});
    let row = serde_json::json!({"instance_id": "org__r-1", "model_name": "m", "target": false,
    "trajectory": [
        {"role": "system", "text": "You are an autonomous programmer."},
        {"role": "user", "text": "Fix the issue."},
        ai("open f.py"), user("[File: /r/f.py (3 lines total)]\n1:a\n2:\n3:\n"),
        ai("ls"), user("f.py\n"),
        ai("cat f.py"), user("a\n\n\n"),
        ai("submit"),
    ]});
    for files in [&[][..], &[("f.py", "a\n\n\n")][..]] {
        let imp = synthetic(&row.to_string(), files);
        assert_eq!(imp.format, Some(Format::Chat));
        reads(&imp, 0, &[("f.py", 1, 3)]);
        reads(&imp, 2, &[("f.py", 1, 3)]);
    }
}

/// The OpenHands completion log holds one conversation twice: `fncall_messages` (tool calls)
/// and `messages` (`<function=…>` text, `EXECUTION RESULT of [...]:` results). Read as a
/// dataset row, the text form gives the reads the tool-call form gives.
#[test]
fn function_text_reads_equal_tool_call_reads() {
    let native = sample(&path(COMPLETION));
    assert_eq!(native.format, Some(Format::OpenHands));
    let doc = json(COMPLETION);
    let row = serde_json::json!({"instance_id": "scikit-learn__scikit-learn-14141", "messages": doc["messages"]});
    let text = import_row(
        Format::Chat,
        row.to_string().as_bytes(),
        (0, 1),
        "row",
        &ImportOptions::default(),
        &|_| -> Box<dyn FileProvider> { Box::new(NoFiles) },
    );
    let spans = |i: &Imported| -> Vec<Row> {
        let mut v: Vec<Row> = i
            .rows
            .iter()
            .filter(|r| r.kind == EventKind::Read)
            .map(|r| (r.path.clone(), r.start, r.end))
            .collect();
        v.sort();
        v
    };
    assert!(!spans(&native).is_empty());
    assert_eq!(spans(&text), spans(&native));
    assert_eq!(text.summary.encodings.get("function-text"), Some(&1));
}

/// mini-swe-agent rows in a dataset (bash `tool_calls`, `<returncode>` results, an `exit`
/// message) read as the mini-swe-agent file does, also without `extra.actions`.
#[test]
fn mini_swe_agent_rows_read_as_the_file() {
    let file = sample(&path(MINI));
    assert_eq!(file.format, Some(Format::MiniSweAgent));
    let mut doc = json(MINI);
    for m in doc["messages"].as_array_mut().unwrap() {
        m.as_object_mut().unwrap().remove("extra");
    }
    let mut other = doc.clone();
    other["instance_id"] = "sqlfluff__sqlfluff-9999".into();
    let jsonl = format!("{doc}\n{other}\n");
    let rows = synthetic(&jsonl, &[]);
    assert_eq!(rows.format, Some(Format::Chat));
    assert_eq!(rows.summary.encodings.get("mini-swe-agent"), Some(&2));
    let spans = |i: &Imported, task: &str| -> Vec<(String, u32, u32, Option<u32>)> {
        i.rows
            .iter()
            .filter(|r| r.task == task)
            .map(|r| (r.path.clone(), r.start, r.end, r.step))
            .collect()
    };
    let task = "sqlfluff__sqlfluff-2419";
    assert!(!spans(&file, task).is_empty());
    assert_eq!(spans(&rows, task), spans(&file, task));
    let run = rows.rows[0].run.clone();
    // The submission is the final patch; the model names the run.
    assert!(readcov_import::chat::final_patch(&doc).is_some_and(|p| p.contains("diff --git")));
    assert!(
        run.starts_with("deepseek/deepseek-chat/") || run.starts_with("deepseek"),
        "{run}"
    );
}

#[test]
fn parquet_jsonl_and_json_rows_give_the_same_reads() {
    let from_json = sample(&path(NEBIUS));
    let parquet = sample(&path("nebius_SWE-agent-trajectories.zstd.parquet"));
    assert_eq!(parquet.format, Some(Format::Chat));
    let d = json(NEBIUS);
    let jsonl: String = d
        .as_array()
        .unwrap()
        .iter()
        .map(|r| format!("{r}\n"))
        .collect();
    let from_jsonl = synthetic(&jsonl, &[]);
    let key = |i: &Imported| -> Vec<(String, String, String, u32, u32)> {
        i.rows
            .iter()
            .map(|r| {
                (
                    r.task.clone(),
                    r.run.clone(),
                    r.path.clone(),
                    r.start,
                    r.end,
                )
            })
            .collect()
    };
    assert!(!key(&from_json).is_empty());
    assert_eq!(key(&parquet), key(&from_json));
    assert_eq!(key(&from_jsonl), key(&from_json));
    assert_eq!(parquet.labels, from_json.labels);
}

#[test]
fn detection_of_rows_and_of_single_logs() {
    let nebius_row = r#"{"instance_id":"a__b-1","trajectory":[{"role":"ai","text":"```\nls\n```"},{"role":"user","text":"x"}]}"#;
    let cases: Vec<(String, Option<Format>)> = vec![
        // A `trajectory` of messages is a row, never SWE-agent's steps.
        (nebius_row.to_string(), Some(Format::Chat)),
        (r#"{"trajectory":[{"action":"ls","observation":"x"}]}"#.into(), Some(Format::SweAgent)),
        (r#"{"trajectory":[]}"#.into(), Some(Format::SweAgent)),
        (format!("[{nebius_row},{nebius_row}]"), Some(Format::Chat)),
        (format!("{nebius_row}\n{nebius_row}\n"), Some(Format::Chat)),
        (
            r#"{"messages":[{"role":"assistant","content":"<function=bash>\n<parameter=command>ls</parameter>\n</function>"}]}"#.into(),
            Some(Format::Chat),
        ),
        // OpenHands completion logs and mini-swe-agent files stay what they are.
        (String::from_utf8(raw(COMPLETION)).unwrap(), Some(Format::OpenHands)),
        (String::from_utf8(raw(MINI)).unwrap(), Some(Format::MiniSweAgent)),
    ];
    for (text, want) in cases {
        assert_eq!(
            Format::detect(&text),
            want,
            "{}",
            &text[..text.len().min(120)]
        );
    }
    // Row by row (a reader streaming a file): a lone object is a row only if it says so alone.
    assert_eq!(
        Format::detect_row(nebius_row.as_bytes(), false),
        Some(Format::Chat)
    );
    assert_eq!(Format::detect_row(&raw(COMPLETION), false), None);
    assert_eq!(Format::detect_row(&raw(MINI), false), None);
    assert_eq!(Format::detect_row(&raw(MINI), true), Some(Format::Chat));
}

#[test]
fn rows_without_reads_say_what_they_looked_like() {
    let text = "{\"instance_id\":\"a__b-1\",\"trajectory\":[{\"role\":\"ai\",\"text\":\"```\\nls\\n```\"},{\"role\":\"user\",\"text\":\"x\"}]}\n\
                {\"instance_id\":\"c__d-2\",\"messages\":[{\"role\":\"user\",\"content\":\"hi\"}],\"resolved\":false}\n\
                not json\n";
    let imp = synthetic(text, &[]);
    assert_eq!(imp.format, Some(Format::Chat));
    assert_eq!(imp.notes.len(), 2, "{:?}", imp.notes);
    assert!(
        imp.notes[0].contains("line 1: row 0 (a__b-1 / chat/")
            && imp.notes[0].contains("swe-agent-text messages, none turned into a read"),
        "{}",
        imp.notes[0]
    );
    assert!(
        imp.notes[1].contains(
            "no tool call found in {instance_id, resolved, messages[1]: {content, role}}"
        ),
        "{}",
        imp.notes[1]
    );
    assert_eq!(imp.summary.malformed_records, 1);
    assert_eq!(imp.errors[0].file, "log:3");
    assert_eq!(imp.labels.len(), 1);
    assert!(!imp.labels[0].resolved);
}

/// Lines each (run, step) credited never exceed what its observation displayed, counted from
/// the raw rows: SWE-Gym's `tool` messages by call id, nebius's next `user` message.
#[test]
fn no_step_credited_with_more_lines_than_displayed() {
    let gym = json(GYM);
    let row = &gym[0];
    let results: BTreeMap<&str, &str> = row["messages"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|m| m["role"] == "tool")
        .map(|m| {
            (
                m["tool_call_id"].as_str().unwrap(),
                m["content"].as_str().unwrap(),
            )
        })
        .collect();
    let shown: Vec<u32> = row["messages"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|m| m["role"] == "assistant")
        .flat_map(|m| m["tool_calls"].as_array().cloned().unwrap_or_default())
        .map(|c| {
            results
                .get(c["id"].as_str().unwrap())
                .map_or(0, |o| line_count(o))
        })
        .collect();
    credited_within(&sample(&path(GYM)), |_, step| shown[step as usize]);

    let neb = json(NEBIUS);
    let mut shown: BTreeMap<String, Vec<u32>> = BTreeMap::new();
    for r in neb.as_array().unwrap() {
        let t = r["trajectory"].as_array().unwrap();
        let n = r["instance_id"]
            .as_str()
            .unwrap()
            .rsplit_once('_')
            .unwrap()
            .1;
        let run = format!("{}/{n}", r["model_name"].as_str().unwrap());
        let counts = (0..t.len())
            .filter(|i| t[*i]["role"] == "ai")
            .map(|i| {
                t.get(i + 1)
                    .and_then(|o| o["text"].as_str())
                    .map_or(0, line_count)
            })
            .collect();
        shown.insert(run, counts);
    }
    credited_within(&sample(&path(NEBIUS)), |run, step| {
        shown[run][step as usize]
    });
}
