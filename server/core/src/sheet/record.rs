//! Run records (one per planned trial) and task declarations (which axes a task requires), parsed
//! from JSONL with located errors. The formats are described in `docs/evaluation.md`.

use super::trial::{parse_trial, Trial, TRIAL_KEYS};
use crate::formats::{parse_jsonl, Fields, InputError, Parsed};
use crate::span::DEFAULT_ID;
use serde::{Deserialize, Serialize};
use serde_json::Value;
use std::collections::{BTreeMap, BTreeSet};

/// Whether one part of the trial set-up worked, as judged by whoever ran it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Validity {
    Valid,
    Invalid,
    /// Not judged yet: the run cannot be scored until it is.
    Pending,
}

/// The three validity checks, in the order used to pick a run's primary invalid cause.
pub const VALIDITY_FIELDS: [&str; 3] = ["environment", "simulator", "scenario_oracle"];

/// An evidence axis. All but `Exploration` are given in run records; exploration is computed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Axis {
    Target,
    RegressionFree,
    Output,
    /// The environment's final state equals the expected one (a database or state check).
    State,
    Process,
    RequirementTracking,
    Exploration,
}

impl Axis {
    pub const ALL: [Axis; 7] = [
        Axis::Target,
        Axis::RegressionFree,
        Axis::Output,
        Axis::State,
        Axis::Process,
        Axis::RequirementTracking,
        Axis::Exploration,
    ];
    /// The axes a run record carries (exploration is readcov's own).
    pub const GIVEN: [Axis; 6] = [
        Axis::Target,
        Axis::RegressionFree,
        Axis::Output,
        Axis::State,
        Axis::Process,
        Axis::RequirementTracking,
    ];

    pub fn as_str(self) -> &'static str {
        match self {
            Axis::Target => "target",
            Axis::RegressionFree => "regression_free",
            Axis::Output => "output",
            Axis::State => "state",
            Axis::Process => "process",
            Axis::RequirementTracking => "requirement_tracking",
            Axis::Exploration => "exploration",
        }
    }

    pub fn parse(s: &str) -> Option<Axis> {
        Axis::ALL.into_iter().find(|a| a.as_str() == s)
    }
}

/// Who a failure is attributed to.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Component {
    Agent,
    Simulator,
    Environment,
    Oracle,
    Unknown,
}

impl Component {
    pub fn parse(s: &str) -> Option<Component> {
        match s {
            "agent" => Some(Component::Agent),
            "simulator" => Some(Component::Simulator),
            "environment" => Some(Component::Environment),
            "oracle" => Some(Component::Oracle),
            "unknown" => Some(Component::Unknown),
            _ => None,
        }
    }
}

/// Failure attribution as given by the grader (every field optional).
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
pub struct Attribution {
    pub responsible_component: Option<Component>,
    pub primary_code: Option<String>,
    pub secondary_codes: Vec<String>,
    pub first_decisive_event_id: Option<String>,
}

/// One planned trial.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct RunRecord {
    pub run: String,
    pub task: String,
    /// Agent × user role × policy × budget: pass^k never pools different conditions.
    pub condition: String,
    pub environment: Validity,
    pub simulator: Validity,
    pub scenario_oracle: Validity,
    /// Given axes; an absent key is the same as `null` (no evidence).
    pub evidence: BTreeMap<Axis, Option<bool>>,
    pub attribution: Attribution,
    pub trial: Trial,
}

impl RunRecord {
    pub fn validity(&self) -> [(&'static str, Validity); 3] {
        [
            (VALIDITY_FIELDS[0], self.environment),
            (VALIDITY_FIELDS[1], self.simulator),
            (VALIDITY_FIELDS[2], self.scenario_oracle),
        ]
    }
}

const RUN_KEYS: [&str; 17] = [
    "run",
    "task",
    "condition",
    "environment",
    "simulator",
    "scenario_oracle",
    "target",
    "regression_free",
    "output",
    "state",
    "process",
    "requirement_tracking",
    "responsible_component",
    "primary_code",
    "secondary_codes",
    "first_decisive_event_id",
    "notes",
];

/// One run record line (unknown keys refused).
pub(super) fn parse_run(f: &Fields) -> Result<RunRecord, InputError> {
    let known = |k: &str| RUN_KEYS.contains(&k) || TRIAL_KEYS.contains(&k);
    if let Some(k) = f.obj.keys().find(|k| !known(k)) {
        let msg = if k == "exploration" {
            "exploration is computed by readcov from gold and reads, not given".to_string()
        } else {
            let all: Vec<&str> = RUN_KEYS.iter().chain(&TRIAL_KEYS).copied().collect();
            format!("unknown field (expected one of: {})", all.join(", "))
        };
        return Err(f.err(k, msg));
    }
    if !f.obj.contains_key("run") {
        return Err(f.err("run", "missing"));
    }
    let mut evidence = BTreeMap::new();
    for axis in Axis::GIVEN {
        evidence.insert(axis, evidence_value(f, axis.as_str())?);
    }
    let responsible_component = match f.opt_string("responsible_component")? {
        None => None,
        Some(s) => Some(Component::parse(s).ok_or_else(|| {
            f.err(
                "responsible_component",
                format!("`{s}` is not agent, simulator, environment, oracle or unknown"),
            )
        })?),
    };
    Ok(RunRecord {
        run: f.id("run")?,
        task: f.id("task")?,
        condition: f.opt_string("condition")?.unwrap_or(DEFAULT_ID).to_string(),
        environment: validity(f, "environment")?,
        simulator: validity(f, "simulator")?,
        scenario_oracle: validity(f, "scenario_oracle")?,
        evidence,
        attribution: Attribution {
            responsible_component,
            primary_code: f.opt_string("primary_code")?.map(str::to_string),
            secondary_codes: string_list(f, "secondary_codes")?,
            first_decisive_event_id: f.opt_string("first_decisive_event_id")?.map(str::to_string),
        },
        trial: parse_trial(f)?,
    })
}

/// `valid` / `invalid` / `pending`; an absent value has not been judged, so it is `pending`.
fn validity(f: &Fields, field: &str) -> Result<Validity, InputError> {
    match f.opt_string(field)? {
        None | Some("pending") => Ok(Validity::Pending),
        Some("valid") => Ok(Validity::Valid),
        Some("invalid") => Ok(Validity::Invalid),
        Some(s) => Err(f.err(field, format!("`{s}` is not valid, invalid or pending"))),
    }
}

/// `true` / `false` / `null`. Anything else (`"yes"`, `1`) is an error, never a coercion.
fn evidence_value(f: &Fields, field: &str) -> Result<Option<bool>, InputError> {
    match f.obj.get(field) {
        None | Some(Value::Null) => Ok(None),
        Some(Value::Bool(b)) => Ok(Some(*b)),
        Some(v) => Err(f.err(field, format!("expected true, false or null, found {v}"))),
    }
}

fn string_list(f: &Fields, field: &str) -> Result<Vec<String>, InputError> {
    match f.obj.get(field) {
        None | Some(Value::Null) => Ok(Vec::new()),
        Some(Value::Array(items)) => items
            .iter()
            .map(|v| match v {
                Value::String(s) => Ok(s.clone()),
                other => Err(f.err(field, format!("expected a list of strings, found {other}"))),
            })
            .collect(),
        Some(v) => Err(f.err(field, format!("expected a list of strings, found {v}"))),
    }
}

/// Which axes each task requires, declared before scoring.
#[derive(Clone, Debug, PartialEq)]
pub struct TaskAxes {
    pub task: String,
    pub required: BTreeSet<Axis>,
}

/// Parses a tasks JSONL file: `{"task", "required": [axis, ...]}` per line.
pub fn parse_tasks(bytes: &[u8], file: &str) -> Parsed<TaskAxes> {
    parse_jsonl(bytes, file, |f| {
        if let Some(k) = f
            .obj
            .keys()
            .find(|k| !["task", "required"].contains(&k.as_str()))
        {
            return Err(f.err(k, "unknown field (expected task, required)"));
        }
        if !f.obj.contains_key("task") {
            return Err(f.err("task", "missing"));
        }
        let names = match f.obj.get("required") {
            Some(Value::Array(_)) => string_list(f, "required")?,
            None | Some(Value::Null) => return Err(f.err("required", "missing")),
            Some(v) => return Err(f.err("required", format!("expected a list of axes, found {v}"))),
        };
        Ok(TaskAxes {
            task: f.id("task")?,
            required: parse_axes(&names).map_err(|m| f.err("required", m))?,
        })
    })
}

/// Parses axis names, with an error naming the first unknown one.
pub fn parse_axes<S: AsRef<str>>(names: &[S]) -> Result<BTreeSet<Axis>, String> {
    names
        .iter()
        .map(|n| {
            let n = n.as_ref().trim();
            Axis::parse(n).ok_or_else(|| {
                let all: Vec<&str> = Axis::ALL.iter().map(|a| a.as_str()).collect();
                format!("`{n}` is not an axis (expected: {})", all.join(", "))
            })
        })
        .collect()
}
