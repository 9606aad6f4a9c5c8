//! Hand-checked actions of the 12 OpenHands trajectories. Each expectation was read off the raw
//! log (the numbered lines of the tool result) and the base file in `sources/`, not taken from
//! the importer's output. Steps count tool calls from 0 in log order.

use crate::common;
use common::{edits, reads, run, run_bare, skipped};
use readcov_import::Reason;

#[test]
fn flask_5014() {
    let imp = run("openhands/pallets__flask-5014.json");
    let f = "src/flask/blueprints.py";
    // Whole-file view, clipped by `<response clipped>` after line 393 (the file has more).
    reads(&imp, 3, &[(f, 1, 393)]);
    // grep -n with no match shows nothing.
    skipped(&imp, 4, Reason::NothingShown);
    // `grep -n "__init__"` printed 39:, 172:, 185:.
    reads(&imp, 5, &[(f, 39, 39), (f, 172, 172), (f, 185, 185)]);
    // Two lines inserted before base 193 (`if "." in name:`): anchored to base 192.
    edits(&imp, 6, &[(f, 192, 192)]);
    // The reproduction script was created by the agent (step 8): the edit of it is replayed for
    // the run's change, with no row (no base lines).
    edits(&imp, 9, &[]);
    assert!(imp.outcomes.iter().any(|(s, _, r)| *s == 9 && r.is_none()));
    let change = imp.changes[0].replayed.as_ref().unwrap();
    assert!(change.partial.is_empty(), "{:?}", change.partial);
    assert!(change
        .patch
        .contains("diff --git a/reproduce_empty_blueprint.py b/reproduce_empty_blueprint.py\nnew file mode 100644\n"));
}

#[test]
fn requests_1724() {
    let imp = run("openhands/psf__requests-1724.json");
    let m = "requests/models.py";
    // view_range [306, 311]; OpenHands prints an extra empty `312` that is not part of the range.
    reads(&imp, 11, &[(m, 306, 311)]);
    // Edits at steps 12–21 rewrote prepare_method (base 306–310): [307, 328] is all agent text.
    skipped(&imp, 22, Reason::AgentWritten);
    // [307, 340]: current 337 is the blank base 311, 338–340 `def prepare_url` = base 312–314.
    reads(&imp, 23, &[(m, 311, 314)]);
}

#[test]
fn requests_1766() {
    let imp = run("openhands/psf__requests-1766.json");
    // Whole file (194 lines); the numbered empty `195` is past the end.
    reads(&imp, 1, &[("requests/auth.py", 1, 194)]);
    let t = "test_requests.py";
    reads(
        &imp,
        16,
        &[
            (t, 264, 264),
            (t, 280, 280),
            (t, 289, 289),
            (t, 296, 296),
            (t, 307, 307),
        ],
    );
    reads(&imp, 17, &[(t, 264, 321)]);
}

#[test]
fn requests_1921() {
    let imp = run("openhands/psf__requests-1921.json");
    reads(&imp, 18, &[("requests/sessions.py", 34, 63)]);
    reads(&imp, 31, &[("requests/utils.py", 548, 560)]);
    reads(&imp, 32, &[("requests/models.py", 390, 397)]);
}

#[test]
fn requests_2317() {
    let imp = run("openhands/psf__requests-2317.json");
    let s = "requests/sessions.py";
    reads(&imp, 2, &[(s, 428, 428)]);
    // After three edits of base 428: current 425–427 are base, 428–440 agent text, 441–445 are
    // base 429–433.
    reads(&imp, 26, &[(s, 425, 427), (s, 429, 433)]);
    // /workspace/reproduce.py is outside the repository checkout.
    skipped(&imp, 4, Reason::OutsideRepo);
}

#[test]
fn pylint_4551() {
    let imp = run("openhands/pylint-dev__pylint-4551.json");
    reads(&imp, 11, &[("pylint/pyreverse/inspector.py", 1, 355)]);
    reads(&imp, 12, &[("pylint/pyreverse/diagrams.py", 1, 255)]);
}

#[test]
fn pylint_4604() {
    let imp = run("openhands/pylint-dev__pylint-4604.json");
    let v = "pylint/checkers/variables.py";
    reads(&imp, 7, &[(v, 2090, 2100)]);
    reads(&imp, 19, &[(v, 1, 100)]);
    // The final tool call of the log has no result.
    skipped(&imp, 49, Reason::MissingObservation);
}

#[test]
fn pylint_6903() {
    let imp = run("openhands/pylint-dev__pylint-6903.json");
    let r = "pylint/lint/run.py";
    reads(&imp, 1, &[(r, 1, 232)]);
    // Step 13 replaced base 60 with a comment and a new line: current 60–61 are agent text,
    // current 62–63 are base 61–62.
    reads(&imp, 28, &[(r, 34, 59), (r, 61, 62)]);
}

#[test]
fn pytest_10051() {
    let imp = run("openhands/pytest-dev__pytest-10051.json");
    let l = "src/_pytest/logging.py";
    reads(&imp, 3, &[(l, 1, 456)]);
    // `grep -A 20 -B 20` without -n matched nothing: no line shown (before session 34, when a grep
    // without -n was never placed, *output without line numbers*).
    skipped(&imp, 7, Reason::NothingShown);
    reads(&imp, 8, &[(l, 486, 486)]);
}

#[test]
fn pytest_10356() {
    let imp = run("openhands/pytest-dev__pytest-10356.json");
    let s = "src/_pytest/mark/structures.py";
    // Clipped after 479 of 590 lines.
    reads(&imp, 5, &[(s, 1, 479)]);
    reads(&imp, 6, &[(s, 360, 360), (s, 389, 389), (s, 391, 391)]);
}

#[test]
fn pytest_5631() {
    let imp = run("openhands/pytest-dev__pytest-5631.json");
    reads(&imp, 5, &[("src/_pytest/compat.py", 1, 332)]);
}

#[test]
fn pytest_5809() {
    let imp = run("openhands/pytest-dev__pytest-5809.json");
    // `cat` shows no numbers: the span is the whole file, its length (114) from the workspace.
    reads(&imp, 1, &[("src/_pytest/pastebin.py", 1, 114)]);
    reads(&imp, 12, &[("testing/test_pastebin.py", 1, 133)]);
    // `str_replace` on /testbed/…: a second checkout with its own history, base 82 replaced.
    edits(&imp, 16, &[("src/_pytest/pastebin.py", 82, 82)]);
}

/// `view` numbers one more, empty, line after the last line of a file ending in a newline. With
/// no workspace to tell the file's length it used to be credited: 15 whole-file views in 7 tasks
/// ended one line past the end (requests-1766 `requests/auth.py` 1–195 of 194 lines). No read of
/// any shipped trajectory, imported bare, ends past the end of its file in `sources/`.
#[test]
fn views_end_at_the_last_line_without_a_workspace() {
    let imp = run_bare("openhands/psf__requests-1766.json");
    reads(&imp, 1, &[("requests/auth.py", 1, 194)]);
    let root = common::real();
    let mut checked = 0;
    for dir in ["openhands", "mini-swe-agent"] {
        for e in std::fs::read_dir(root.join(dir)).unwrap().flatten() {
            let rel = format!("{dir}/{}", e.file_name().to_string_lossy());
            let imp = run_bare(&rel);
            for r in &imp.rows {
                let Ok(text) = std::fs::read(root.join("sources").join(&r.task).join(&r.path))
                else {
                    continue;
                };
                let len = readcov_core::base::count_lines(&text);
                assert!(
                    r.end <= len,
                    "{rel} step {:?}: {}:{}-{} of {len} lines",
                    r.step,
                    r.path,
                    r.start,
                    r.end
                );
                checked += 1;
            }
        }
    }
    assert!(checked > 300, "{checked} rows checked");
}
