//! Claude Code 2.1.86 and later number a `Read` in the compact form, `12\ttext` (flush left, a
//! tab), not `    12→text`: a real 2.1.220 subagent's reads (bg002h/bitcoin_tax, see MANIFEST.md).
//! Before session 40 none of them gave a row (*no lines shown*).

use super::*;

const LOG: &str = "claude-code/subagent-2.1.220-reads.jsonl";

/// Each window as its `tool_result` numbers it and `toolUseResult.file` states it: `offset 1181,
/// limit 80` of a 4,747-line file is 1181–1260 (1260 is an empty line of the file); a whole
/// 152-line file is numbered 1–153, the last the empty piece after its final line break
/// (`totalLines` 153), so 1–152; `offset 200, limit 110` reaches `totalLines` 291 the same way:
/// 200–290; `offset 130, limit 60` is 130–189.
#[test]
fn compact_read_numbers_of_2_1_220_are_read() {
    let imp = sample(LOG);
    assert!(imp
        .rows
        .iter()
        .all(|r| r.task == "2b9d8116-e1de-4038-a101-5fd575fdcb0e"
            && r.run == "claude-code/agent-a1bee4ee26b0c17ef"));
    reads(&imp, 0, &[("FOLLOWUPS.md", 1181, 1260)]);
    reads(&imp, 1, &[("crates/btctax-forms/src/cells.rs", 1, 152)]);
    reads(
        &imp,
        2,
        &[("crates/btctax-forms/src/form8995.rs", 200, 290)],
    );
    reads(
        &imp,
        3,
        &[("crates/btctax-input-form/src/seam.rs", 130, 189)],
    );
    assert_eq!(imp.summary.skipped.values().sum::<usize>(), 0);
}

/// The compact form as the `Read` output of a transcript without `toolUseResult` (numbered text
/// alone): the numbers still place the lines; the arrow form is unchanged beside it.
#[test]
fn compact_and_arrow_reads_side_by_side() {
    let rec = |id: &str, result: &str| {
        format!(
            "{}\n{}\n",
            serde_json::json!({"type": "assistant", "cwd": "/r", "sessionId": "s", "message": {"id": id,
                "content": [{"type": "tool_use", "id": id, "name": "Read", "input": {"file_path": "/r/a.py"}}]}}),
            serde_json::json!({"type": "user", "cwd": "/r", "sessionId": "s", "message": {"content": [
                {"type": "tool_result", "tool_use_id": id, "content": result}]}})
        )
    };
    let log = rec("m1", "7\tx = 1\n8\t\tindented\n9\ty = 2")
        + &rec("m2", "     7→x = 1\n     8→\tindented\n");
    let imp = synthetic(&log, &[]);
    reads(&imp, 0, &[("a.py", 7, 9)]);
    reads(&imp, 1, &[("a.py", 7, 8)]);
}
