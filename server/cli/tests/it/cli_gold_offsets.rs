//! `readcov gold --workspaces` on the shipped gold patches that apply only with an offset
//! (tests/data/real/offset-patches, issue 34), end to end through the binary: the gold sits where
//! `git apply` puts each hunk, stderr says by how much, and nothing is "patch does not apply".

use crate::common::{readcov_ok, real_data, stderr, stdout};

/// `path:start-end origin` of each row of `task`, from the JSONL `readcov gold` printed.
fn rows(out: &str, task: &str) -> Vec<String> {
    out.lines()
        .map(|l| serde_json::from_str::<serde_json::Value>(l).expect("gold jsonl"))
        .filter(|r| r["task"] == task)
        .map(|r| {
            format!(
                "{}:{}-{} {}",
                r["path"].as_str().unwrap(),
                r["start"],
                r["end"],
                r["origin"].as_str().unwrap()
            )
        })
        .collect()
}

#[test]
fn gold_of_offset_patches_moves_with_the_hunks_and_says_by_how_much() {
    let data = real_data().join("offset-patches");
    let (gold, sources) = (data.join("gold.jsonl"), data.join("sources"));
    let (gold, sources) = (gold.to_str().unwrap(), sources.to_str().unwrap());
    let o = readcov_ok(&["gold", "--from-swebench", gold, "--workspaces", sources]);
    let (out, err) = (stdout(&o), stderr(&o));
    for note in [
        "sphinx-doc__sphinx-7462: sphinx/domains/python.py: applied with offset +9",
        "sympy__sympy-12489: sympy/combinatorics/permutations.py: applied with offset -4 (hunks 6-26 of 26)",
        "sympy__sympy-13877: sympy/matrices/matrices.py: applied with offset +1",
        "3 × patch applied with an offset (gold moved with it)",
    ] {
        assert!(err.contains(note), "{note:?} not in\n{err}");
    }
    assert!(!err.contains("does not apply"), "{err}");
    // 7462: the deleted lines are 117-121 (stated 108-112), recorded with their base text.
    assert_eq!(
        rows(&out, "sphinx-doc__sphinx-7462"),
        [
            "sphinx/domains/python.py:117-121 edit",
            "sphinx/pycode/ast.py:117-117 edit"
        ]
    );
    let first: serde_json::Value = serde_json::from_str(out.lines().next().unwrap()).unwrap();
    assert_eq!(
        first["base"]["first"].as_str().map(str::trim),
        Some("result = []")
    );
    assert_eq!(
        first["base"]["last"].as_str().map(str::trim),
        Some("result.pop()")
    );
    // Unit gold widens from there: `unparse` (91-124) around the edit lines.
    let o = readcov_ok(&[
        "gold",
        "--from-swebench",
        gold,
        "--workspaces",
        sources,
        "--expand",
        "units",
    ]);
    let units = rows(&stdout(&o), "sphinx-doc__sphinx-7462");
    for want in [
        "sphinx/domains/python.py:91-116 unit",
        "sphinx/domains/python.py:122-124 unit",
    ] {
        assert!(units.iter().any(|r| r == want), "{want} not in {units:?}");
    }
    // Without a workspace the stated lines are all there is.
    let o = readcov_ok(&["gold", "--from-swebench", gold]);
    assert_eq!(
        rows(&stdout(&o), "sphinx-doc__sphinx-7462")[0],
        "sphinx/domains/python.py:108-112 edit"
    );
}
