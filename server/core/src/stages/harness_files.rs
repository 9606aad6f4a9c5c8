//! The files a SWE-bench harness writes beside its report that hold no verdict: the test run's
//! raw output (`test_output.txt`), the script that ran it (`eval.sh`) and a submission's
//! `metadata.yaml` (the experiments repositories' `name`, `oss`, `site`, `verified`). Told apart
//! so that every input refuses them by name and points at the report beside them (as unknown
//! text they were parsed line by line, each line a located error, and never named).

/// Which of the harness's other files.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum HarnessFile {
    /// `test_output.txt`: the `set -x` trace of `eval.sh` with the test runner's output between
    /// `+ : '>>>>> Start Test Output'` and `+ : '>>>>> End Test Output'`.
    TestOutput,
    /// `eval.sh`: the bash script the harness runs in the container (its markers unexpanded).
    EvalScript,
    /// A submission's `metadata.yaml`: `name`, `oss`, `site`, `verified`.
    Metadata,
}

/// The marker the harness's `eval.sh` puts before the test run (older versions `echo` it).
const START: &str = ">>>>> Start Test Output";

impl HarnessFile {
    /// The file a text of no JSON rows is, if one of these.
    pub fn of_text(text: &str) -> Option<HarnessFile> {
        let first = text.lines().map(str::trim).find(|l| !l.is_empty())?;
        let marked = || text.lines().any(|l| l.contains(START));
        if first.starts_with("#!") && marked() {
            return Some(HarnessFile::EvalScript);
        }
        // The trace: each command the script ran, `+ `-prefixed (`++ ` inside a sourced file).
        if first.starts_with('+') && marked() {
            return Some(HarnessFile::TestOutput);
        }
        let key = |k: &str| {
            text.lines()
                .any(|l| l.strip_prefix(k).is_some_and(|r| r.starts_with(':')))
        };
        if ["name", "oss", "verified"].iter().all(|k| key(k)) {
            return Some(HarnessFile::Metadata);
        }
        None
    }

    /// What the file looks like (refusal messages).
    pub fn looks_like(self) -> &'static str {
        match self {
            HarnessFile::TestOutput => {
                "a SWE-bench test_output.txt (the test run's raw output, no verdict)"
            }
            HarnessFile::EvalScript => "a SWE-bench eval.sh (the script that runs the tests)",
            HarnessFile::Metadata => {
                "a SWE-bench submission's metadata.yaml (`name`, `oss`, `site`, `verified`: no results)"
            }
        }
    }

    /// Where the information is instead.
    pub fn goes_to(self) -> &'static str {
        match self {
            HarnessFile::TestOutput | HarnessFile::EvalScript => {
                "give the report.json beside it (`--outcomes`, `readcov diagnose --test-report`)"
            }
            HarnessFile::Metadata => {
                "give the run's results/results.json (`--outcomes`, `readcov diagnose --test-report`)"
            }
        }
    }
}

#[cfg(test)]
mod tests;
