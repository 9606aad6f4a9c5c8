//! The words of the text outputs on the shipped real runs: no precision without gold files, a
//! count of one in the singular, a threshold that is not a whole percent printed as applied
//! (`readcov_core::words`). Each case failed on 760fff1.

use crate::common::{readcov_ok, real_data, stdout};

/// `args` (`{real}` = tests/data/real, `{out}` = a scratch folder) run; the text checked is
/// stdout, or the file `{out}/<read>` when `read` is given: each `want` is in it, no `not` is.
struct Case {
    args: &'static str,
    read: Option<&'static str>,
    want: &'static [&'static str],
    not: &'static [&'static str],
}

fn check(c: &Case) {
    let dir = tempfile::tempdir().unwrap();
    let (real, out) = (real_data(), dir.path());
    // One task: a 134-line gold span, one line of it read (coverage 1/134).
    std::fs::write(
        out.join("gold.jsonl"),
        r#"{"task":"t","path":"a.py","start":1,"end":134}"#,
    )
    .unwrap();
    std::fs::write(
        out.join("reads.jsonl"),
        r#"{"task":"t","run":"r","turn":1,"path":"a.py","start":1,"end":1,"tool":"view"}"#,
    )
    .unwrap();
    let args: Vec<String> = (c.args.split_whitespace())
        .map(|a| {
            a.replace("{real}", &real.display().to_string())
                .replace("{out}", &out.display().to_string())
        })
        .collect();
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    let printed = stdout(&readcov_ok(&args));
    let text = match c.read {
        Some(f) => std::fs::read_to_string(out.join(f)).unwrap(),
        None => printed,
    };
    for w in c.want {
        assert!(text.contains(w), "{:?}: no {w:?} in\n{text}", c.args);
    }
    for n in c.not {
        assert!(!text.contains(n), "{:?}: {n:?} in\n{text}", c.args);
    }
}

/// SWE-agent's jackson-core-1172 has no gold (the SWE-bench rows hold no Java task): the search
/// stage had "0 of 0 gold files opened; precision 0% (1 files opened)".
const NO_GOLD: &str = "explain --gold {real}/gold.jsonl \
    --reads {real}/swe-agent-java/fasterxml__jackson-core-1172.traj --task fasterxml__jackson-core-1172";

#[test]
fn a_run_with_no_gold_files_has_no_search_precision() {
    check(&Case {
        args: NO_GOLD,
        read: None,
        want: &["\n  search  no gold files; precision - (1 file opened)\n"],
        not: &["precision 0%", "0 of 0 gold files"],
    });
    check(&Case {
        args: "report --gold {real}/gold.jsonl \
            --reads {real}/swe-agent-java/fasterxml__jackson-core-1172.traj --html {out}/r.html",
        read: Some("r.html"),
        want: &["search: no gold files ·"],
        not: &["0 of 0 gold files"],
    });
}

#[test]
fn a_count_of_one_is_singular() {
    // flask-5014 opened one file, its gold in one unit.
    check(&Case {
        args: "explain --gold {real}/gold.jsonl --reads {real}/openhands/pallets__flask-5014.json \
            --workspaces {real}/sources --task pallets__flask-5014",
        read: None,
        want: &[
            "precision 100% (1 file opened)\n",
            "gold units 100% (1 unit);",
        ],
        not: &["1 files", "1 units"],
    });
    check(&Case {
        args: NO_GOLD,
        read: None,
        want: &["(1 file opened)"],
        not: &["1 files"],
    });
}

/// 1/134 as `--threshold` takes it (the shortest decimal that parses back to the same f64).
const ONE_IN_134: &str = "--threshold 0.007462686567164179";

#[test]
fn a_threshold_that_is_not_a_whole_percent_prints_as_applied() {
    // It printed "1%" everywhere: "at 1% exactly" of a span read 1/134.
    let cases = [
        (
            "explain --gold {out}/gold.jsonl --reads {out}/reads.jsonl --task t",
            None,
            &[
                "at or above 0.75%: line coverage",
                "1-134: 1/134 read (at 0.75% exactly)",
                "reached 0.75% at turn 1",
            ][..],
        ),
        (
            "score --gold {out}/gold.jsonl --reads {out}/reads.jsonl",
            None,
            &["OK (≥ 0.75%)", "1/1 at or above 0.75% ·"][..],
        ),
        (
            "report --gold {out}/gold.jsonl --reads {out}/reads.jsonl --html {out}/r.html",
            Some("r.html"),
            &["threshold 0.75%"][..],
        ),
    ];
    for (args, read, want) in cases {
        let args: &'static str = format!("{args} {ONE_IN_134}").leak();
        check(&Case {
            args,
            read,
            want,
            // What OLD printed for it (coverage itself stays a whole percent, "1%").
            not: &[
                "above 1%",
                "at 1% exactly",
                "reached 1%",
                "≥ 1%)",
                "threshold 1%",
            ],
        });
    }
}
