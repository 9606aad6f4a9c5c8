//! Per-condition breakdowns beside the strict AND: each axis passed vs failed, the failure
//! attribution codes (component × code, primary and secondary), and an audit of the scenario
//! validator (first-pass valid vs valid after regeneration, failures at the regeneration limit,
//! false accepts and rejects against human labels). All counts, added up by `merge`.

use super::evaluate::RunSheet;
use super::grade::{AxisValue, RunStatus};
use super::record::{Axis, Component, Validity};
use crate::metrics::ratio;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// One axis over the condition's runs that are not invalid (an invalid trial says nothing).
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct AxisCounts {
    pub passed: usize,
    pub failed: usize,
    pub no_evidence: usize,
    pub not_applicable: usize,
    /// passed / (passed + failed).
    pub pass_rate: Option<f64>,
}

impl AxisCounts {
    fn add(&mut self, v: AxisValue) {
        match v {
            AxisValue::True => self.passed += 1,
            AxisValue::False => self.failed += 1,
            AxisValue::Null => self.no_evidence += 1,
            AxisValue::NotApplicable => self.not_applicable += 1,
        }
        self.rate();
    }
    fn merge(&mut self, o: &AxisCounts) {
        self.passed += o.passed;
        self.failed += o.failed;
        self.no_evidence += o.no_evidence;
        self.not_applicable += o.not_applicable;
        self.rate();
    }
    fn rate(&mut self) {
        self.pass_rate = ratio(self.passed as u64, (self.passed + self.failed) as u64);
    }
}

/// How often one `component:code` was the primary code and how often a secondary one.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct CodeCounts {
    pub primary: usize,
    pub secondary: usize,
}

/// The scenario validator's record. Its verdict on a run is the final validity: accepted when
/// every check is valid, rejected when any is invalid (pending runs are not judged).
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct ValidatorAudit {
    /// Judged runs that record `regeneration_count`: the audit's denominator.
    pub audited: usize,
    /// Accepted at the first attempt (`regeneration_count` 0).
    pub first_pass_valid: usize,
    /// Accepted after one or more regenerations.
    pub valid_after_regeneration: usize,
    /// Still rejected with `regeneration_count` ≥ `--regeneration-limit` (0 without a limit).
    pub failed_at_limit: usize,
    /// first_pass_valid / audited.
    pub first_pass_valid_rate: Option<f64>,
    /// (first_pass_valid + valid_after_regeneration) / audited.
    pub valid_after_regeneration_rate: Option<f64>,
    /// Judged runs with a `human_validity` label.
    pub labelled: usize,
    /// Accepted, but the human check says invalid.
    pub false_accepts: usize,
    /// Rejected, but the human check says valid.
    pub false_rejects: usize,
}

impl ValidatorAudit {
    fn add(&mut self, r: &RunSheet, limit: Option<u32>) {
        let checks: Vec<Validity> = r.validity.values().copied().collect();
        let accepted = checks.iter().all(|v| *v == Validity::Valid);
        let rejected = checks.contains(&Validity::Invalid);
        if !accepted && !rejected {
            return;
        }
        if let Some(n) = r.trial.regeneration_count {
            self.audited += 1;
            match (accepted, n) {
                (true, 0) => self.first_pass_valid += 1,
                (true, _) => self.valid_after_regeneration += 1,
                (false, n) => self.failed_at_limit += usize::from(limit.is_some_and(|l| n >= l)),
            }
        }
        if let Some(human) = r.trial.human_validity {
            self.labelled += 1;
            self.false_accepts += usize::from(accepted && human == Validity::Invalid);
            self.false_rejects += usize::from(rejected && human == Validity::Valid);
        }
        self.rates();
    }
    fn merge(&mut self, o: &ValidatorAudit) {
        self.audited += o.audited;
        self.first_pass_valid += o.first_pass_valid;
        self.valid_after_regeneration += o.valid_after_regeneration;
        self.failed_at_limit += o.failed_at_limit;
        self.labelled += o.labelled;
        self.false_accepts += o.false_accepts;
        self.false_rejects += o.false_rejects;
        self.rates();
    }
    fn rates(&mut self) {
        let a = self.audited as u64;
        self.first_pass_valid_rate = ratio(self.first_pass_valid as u64, a);
        let valid = (self.first_pass_valid + self.valid_after_regeneration) as u64;
        self.valid_after_regeneration_rate = ratio(valid, a);
    }
}

/// The attribution the sheet counts for a run (the breakdown here, the table's column): the
/// grader's when it names a component or a code, else readcov's proposal. A
/// `first_decisive_event_id` alone names neither, so it takes the proposal.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct CountedAttribution<'a> {
    pub responsible_component: Option<Component>,
    pub primary_code: Option<&'a str>,
    pub secondary_codes: &'a [String],
    pub first_decisive_event_id: Option<&'a str>,
    /// readcov's proposal, not the grader's attribution.
    pub proposed: bool,
}

impl RunSheet {
    pub fn counted_attribution(&self) -> CountedAttribution<'_> {
        let g = &self.attribution;
        let given = g.responsible_component.is_some()
            || g.primary_code.is_some()
            || !g.secondary_codes.is_empty();
        let (component, primary, secondary, event) = if given {
            let g = &self.attribution;
            (
                g.responsible_component,
                &g.primary_code,
                &g.secondary_codes,
                &g.first_decisive_event_id,
            )
        } else {
            let p = &self.proposed;
            (
                p.responsible_component,
                &p.primary_code,
                &p.secondary_codes,
                &p.first_decisive_event_id,
            )
        };
        CountedAttribution {
            responsible_component: component,
            primary_code: primary.as_deref(),
            secondary_codes: secondary,
            first_decisive_event_id: event.as_deref(),
            proposed: !given,
        }
    }
}

/// The per-condition breakdowns, side by side.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Breakdown {
    pub axes: BTreeMap<Axis, AxisCounts>,
    /// `component:code` (`?` for a part not given) → primary / secondary counts, from the
    /// grader's attribution, else readcov's proposal.
    pub attribution: BTreeMap<String, CodeCounts>,
    pub validator: ValidatorAudit,
}

impl Breakdown {
    pub fn add(&mut self, r: &RunSheet, limit: Option<u32>) {
        if r.grade.status != RunStatus::Invalid {
            for axis in Axis::ALL {
                let v = r.axes.get(&axis).copied().unwrap_or(AxisValue::Null);
                self.axes.entry(axis).or_default().add(v);
            }
        }
        let counted = r.counted_attribution();
        let component = counted.responsible_component.map_or("?".to_string(), |c| {
            serde_json::to_value(c)
                .ok()
                .and_then(|v| v.as_str().map(str::to_string))
                .unwrap_or_default()
        });
        if component != "?" || counted.primary_code.is_some() {
            let code = counted.primary_code.unwrap_or("?");
            let key = format!("{component}:{code}");
            self.attribution.entry(key).or_default().primary += 1;
        }
        for code in counted.secondary_codes {
            let key = format!("{component}:{code}");
            self.attribution.entry(key).or_default().secondary += 1;
        }
        self.validator.add(r, limit);
    }

    pub fn merge(&mut self, o: &Breakdown) {
        for (axis, c) in &o.axes {
            self.axes.entry(*axis).or_default().merge(c);
        }
        for (code, c) in &o.attribution {
            let mine = self.attribution.entry(code.clone()).or_default();
            mine.primary += c.primary;
            mine.secondary += c.secondary;
        }
        self.validator.merge(&o.validator);
    }
}
