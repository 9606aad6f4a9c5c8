//! The demo's second part: five runs of one task that read the file and still fail — or not —
//! at different stages, diagnosed by the library call `readcov diagnose` makes
//! (`readcov_gold::diagnose`) on an embedded base file, gold patch and run patches. `--write`
//! saves the same inputs, so `readcov diagnose` on them prints the same verdicts (a test checks).

use crate::render::{ratio, Table};
use readcov_core::stages::{ChangeSource, RunStages};
use readcov_core::{ReadSpan, ScoreOptions};
use readcov_gold::diagnose::{diagnose, AgentChange, DiagnoseInput};
use readcov_gold::PatchRow;
use readcov_import::diff::{gold_from_diff, DiffOptions};
use std::collections::BTreeMap;
use std::path::Path;

const TASK: &str = "demo";
const FILE: &str = "tokens.py";

/// The file at the base commit.
const BASE: &str = "import hashlib


def hash_password(password, salt):
    data = (salt + password).encode()
    return hashlib.sha256(data).hexdigest()


def check_token(token, now):
    if token is None:
        return False
    return token.expires > now


def login(user, password):
    if hash_password(password, user.salt) != user.hash:
        return None
    return user.new_token()
";

/// The fix: a revoked token must be refused.
const GOLD_PATCH: &str = "--- a/tokens.py
+++ b/tokens.py
@@ -10,3 +10,5 @@
     if token is None:
         return False
+    if token.revoked:
+        return False
     return token.expires > now
";

/// The right idea in the wrong function.
const ELSEWHERE: &str = "--- a/tokens.py
+++ b/tokens.py
@@ -15,4 +15,6 @@
 def login(user, password):
     if hash_password(password, user.salt) != user.hash:
         return None
+    if user.token_revoked:
+        return None
     return user.new_token()
";

/// The right function, the wrong check.
const WRONG_CODE: &str = "--- a/tokens.py
+++ b/tokens.py
@@ -10,3 +10,5 @@
     if token is None:
         return False
+    if token.expires is None:
+        return False
     return token.expires > now
";

/// One run: its name, the lines of `tokens.py` it read, and the patch it submitted.
struct Run {
    name: &'static str,
    read: (u32, u32),
    patch: &'static str,
}

const RUNS: [Run; 5] = [
    Run {
        name: "skimmed",
        read: (1, 8),
        patch: ELSEWHERE,
    },
    Run {
        name: "no-edit",
        read: (1, 18),
        patch: "",
    },
    Run {
        name: "elsewhere",
        read: (1, 18),
        patch: ELSEWHERE,
    },
    Run {
        name: "wrong-code",
        read: (1, 18),
        patch: WRONG_CODE,
    },
    Run {
        name: "fixed",
        read: (1, 18),
        patch: GOLD_PATCH,
    },
];

fn reads() -> Vec<ReadSpan> {
    (RUNS.iter())
        .map(|r| {
            let mut s = ReadSpan::simple(FILE, r.read.0, r.read.1);
            s.task = TASK.into();
            s.run = r.name.into();
            s
        })
        .collect()
}

/// Every run diagnosed, in the order of [`RUNS`].
fn diagnosed(threshold: f64) -> Vec<RunStages> {
    let gold = gold_from_diff(GOLD_PATCH, TASK, &DiffOptions::default(), "fix.diff").spans;
    let reads = reads();
    let gold_patches = [PatchRow {
        task: TASK.into(),
        patch: GOLD_PATCH.into(),
        file: "fix.jsonl".into(),
        ..PatchRow::default()
    }];
    let files: BTreeMap<(String, String), String> =
        BTreeMap::from([((TASK.into(), FILE.into()), BASE.into())]);
    let change = |_: &str, run: &str| {
        let r = RUNS.iter().find(|r| r.name == run)?;
        Some(AgentChange {
            source: ChangeSource::Patches,
            patch: r.patch.into(),
            lost: Vec::new(),
        })
    };
    let opts = ScoreOptions {
        threshold,
        ..ScoreOptions::default()
    };
    let mut rows = Vec::new();
    diagnose(
        &DiagnoseInput {
            gold: &gold,
            reads: &reads,
            gold_patches: &gold_patches,
            gold_edit_lines: &BTreeMap::new(),
            change: &change,
            reports: &|_, _| None,
            outcomes: None,
            files: &files,
            opts: &opts,
            threads: 1,
        },
        &mut |s| rows.push(s),
    );
    rows.sort_by_key(|s| RUNS.iter().position(|r| r.name == s.run));
    rows
}

/// The part's text: the runs, what each read and its verdict with the reason.
pub fn render(threshold: f64) -> String {
    let mut out = String::from(
        "Reading is not enough: five runs of another fix, stage by stage (readcov diagnose)\n\n",
    );
    out += "  The fix refuses a revoked token in check_token (tokens.py:9-12). All runs but one\n";
    out += "  read it; the verdict is the first stage that failed: read, no change at all, edit\n";
    out += "  (the wrong place), change (the right place, other code) — or none.\n\n";
    let mut t = Table::new(
        &["run", "read", "line_coverage", "verdict", "reason"],
        &[0, 1, 3, 4],
    );
    for s in diagnosed(threshold) {
        // By name, not position: a run the library gave no row would shift every row after it.
        let Some(run) = RUNS.iter().find(|r| r.name == s.run) else {
            continue;
        };
        t.row(vec![
            s.run.clone(),
            format!("{FILE}:{}-{}", run.read.0, run.read.1),
            ratio(s.stages.read.line_coverage),
            s.verdict.as_str().into(),
            s.reason.clone(),
        ]);
    }
    for line in t.render().lines() {
        out += &format!("  {line}\n");
    }
    out
}

/// The part's inputs as files `readcov diagnose` takes: (path inside the demo's folder, bytes).
pub fn files() -> Vec<(std::path::PathBuf, Vec<u8>)> {
    let gold = serde_json::json!({"instance_id": TASK, "patch": GOLD_PATCH}).to_string() + "\n";
    let reads: String = (reads().iter())
        .map(|r| serde_json::to_string(r).expect("serialisable") + "\n")
        .collect();
    let patches: String = (RUNS.iter())
        .map(|r| {
            let row = serde_json::json!({"instance_id": TASK, "model_name_or_path": r.name, "model_patch": r.patch});
            row.to_string() + "\n"
        })
        .collect();
    vec![
        (Path::new("base").join(FILE), BASE.as_bytes().to_vec()),
        ("fix.jsonl".into(), gold.into_bytes()),
        ("runs.jsonl".into(), reads.into_bytes()),
        ("patches.jsonl".into(), patches.into_bytes()),
    ]
}
