//! Grading one run: validity first, then the required evidence axes. Validity, requirement tracking
//! and the final result are never blended: a run is `invalid`, `unscored` or `scored`, and only a
//! scored run has a `strict_success`, the AND of the axes its task declared required.

use super::record::{Axis, Validity};
use serde::{Serialize, Serializer};
use std::collections::{BTreeMap, BTreeSet};

/// One axis of evidence for one run.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AxisValue {
    True,
    False,
    /// No evidence (`null`).
    Null,
    /// The axis cannot be judged for this run (a planned requirement change never fired).
    NotApplicable,
}

impl AxisValue {
    pub fn from_option(v: Option<bool>) -> AxisValue {
        match v {
            Some(true) => AxisValue::True,
            Some(false) => AxisValue::False,
            None => AxisValue::Null,
        }
    }

    /// Table spelling: `yes`, `NO`, `-`, `n/a`.
    pub fn short(self) -> &'static str {
        match self {
            AxisValue::True => "yes",
            AxisValue::False => "NO",
            AxisValue::Null => "-",
            AxisValue::NotApplicable => "n/a",
        }
    }
}

/// JSON: `true`, `false`, `null`, `"not_applicable"`.
impl Serialize for AxisValue {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        match self {
            AxisValue::True => s.serialize_bool(true),
            AxisValue::False => s.serialize_bool(false),
            AxisValue::Null => s.serialize_none(),
            AxisValue::NotApplicable => s.serialize_str("not_applicable"),
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum RunStatus {
    Scored,
    /// Valid so far, but something needed to score it is pending or missing.
    Unscored,
    /// The trial was not a valid test; it says nothing about the agent.
    Invalid,
}

#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Grade {
    pub status: RunStatus,
    /// Only for scored runs: every required axis is true.
    pub strict_success: Option<bool>,
    /// Validity checks that failed, in the order environment, simulator, scenario_oracle.
    pub invalid_causes: Vec<&'static str>,
    /// Why an unscored run could not be scored.
    pub unscored_reasons: Vec<String>,
    /// Required axes that are false (scored runs only).
    pub failed_axes: Vec<Axis>,
}

impl Grade {
    /// The cause a run is counted under in the denominators (the first failed check).
    pub fn primary_invalid_cause(&self) -> Option<&'static str> {
        self.invalid_causes.first().copied()
    }
}

/// Grades one run. Axes absent from `axes` count as `null`.
pub fn grade(
    validity: &[(&'static str, Validity)],
    axes: &BTreeMap<Axis, AxisValue>,
    required: &BTreeSet<Axis>,
) -> Grade {
    let invalid_causes: Vec<&'static str> = validity
        .iter()
        .filter(|(_, v)| *v == Validity::Invalid)
        .map(|(n, _)| *n)
        .collect();
    if !invalid_causes.is_empty() {
        return Grade {
            status: RunStatus::Invalid,
            strict_success: None,
            invalid_causes,
            unscored_reasons: Vec::new(),
            failed_axes: Vec::new(),
        };
    }
    let mut reasons: Vec<String> = validity
        .iter()
        .filter(|(_, v)| *v == Validity::Pending)
        .map(|(n, _)| format!("{n} pending"))
        .collect();
    for axis in required {
        match axes.get(axis).copied().unwrap_or(AxisValue::Null) {
            AxisValue::Null => reasons.push(format!("{}: no evidence", axis.as_str())),
            AxisValue::NotApplicable => reasons.push(format!(
                "{}: not applicable (a planned change never fired)",
                axis.as_str()
            )),
            AxisValue::True | AxisValue::False => {}
        }
    }
    if !reasons.is_empty() {
        return Grade {
            status: RunStatus::Unscored,
            strict_success: None,
            invalid_causes,
            unscored_reasons: reasons,
            failed_axes: Vec::new(),
        };
    }
    // A plain AND: no weighting can make up for a failed required axis.
    let failed_axes: Vec<Axis> = required
        .iter()
        .copied()
        .filter(|a| axes.get(a) == Some(&AxisValue::False))
        .collect();
    Grade {
        status: RunStatus::Scored,
        strict_success: Some(failed_axes.is_empty()),
        invalid_causes,
        unscored_reasons: Vec::new(),
        failed_axes,
    }
}
