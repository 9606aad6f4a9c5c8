//! The requirement ledger: which requirements — and which version of each — are active at each
//! turn of a run, so a run is scored against the gold active at the end and a revocation is never
//! retroactive.
//!
//! A gold span's `requirement` is either `id` (any version of `id`) or `id@version` (only that
//! version). A requirement whose first ledger event is `activate` is inactive until that event
//! fires; every other requirement is active from the start at version [`INITIAL_VERSION`].

use crate::formats::{parse_jsonl, Parsed};
use serde::Serialize;
use std::collections::BTreeMap;

/// The version of every requirement active from the start.
pub const INITIAL_VERSION: &str = "R0";

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum LedgerKind {
    Activate,
    Revoke,
    Replace,
}

/// One ledger row. `fired: false` marks a change the scenario planned but the run ended before.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct LedgerEvent {
    pub run: String,
    /// Only needed when run ids repeat across tasks; `None` applies to the run in every task.
    pub task: Option<String>,
    pub turn: Option<u32>,
    pub event: LedgerKind,
    pub requirement: String,
    pub version: String,
    pub message_id: Option<String>,
    pub fired: bool,
}

/// Parses a ledger JSONL file. A fired event needs a turn; `activate`/`replace` need a version.
pub fn parse_ledger(bytes: &[u8], file: &str) -> Parsed<LedgerEvent> {
    parse_jsonl(bytes, file, |f| {
        const KEYS: [&str; 8] = [
            "run",
            "task",
            "turn",
            "event",
            "requirement",
            "version",
            "message_id",
            "fired",
        ];
        if let Some(k) = f.obj.keys().find(|k| !KEYS.contains(&k.as_str())) {
            return Err(f.err(
                k,
                format!("unknown field (expected one of: {})", KEYS.join(", ")),
            ));
        }
        let event = match f.string("event")? {
            "activate" => LedgerKind::Activate,
            "revoke" => LedgerKind::Revoke,
            "replace" => LedgerKind::Replace,
            s => return Err(f.err("event", format!("`{s}` is not activate, revoke or replace"))),
        };
        let fired = match f.obj.get("fired") {
            None | Some(serde_json::Value::Null) => true,
            Some(serde_json::Value::Bool(b)) => *b,
            Some(v) => return Err(f.err("fired", format!("expected true or false, found {v}"))),
        };
        let turn = f.opt_count("turn")?;
        if fired && turn.is_none() {
            return Err(f.err("turn", "missing (a fired event needs the turn it fired at)"));
        }
        let requirement = f.string("requirement")?;
        if requirement.is_empty() || requirement.contains('@') {
            return Err(f.err("requirement", "must be a non-empty id without `@`"));
        }
        let version = match (event, f.opt_string("version")?) {
            (_, Some(v)) if !v.is_empty() => v.to_string(),
            (LedgerKind::Revoke, _) => String::new(),
            _ => {
                return Err(f.err(
                    "version",
                    "missing (activate and replace name the new version)",
                ))
            }
        };
        if !f.obj.contains_key("run") {
            return Err(f.err("run", "missing"));
        }
        let task = match f.obj.get("task") {
            None | Some(serde_json::Value::Null) => None,
            Some(_) => Some(f.id("task")?),
        };
        Ok(LedgerEvent {
            run: f.id("run")?,
            task,
            turn,
            event,
            requirement: requirement.to_string(),
            version,
            message_id: f.opt_string("message_id")?.map(str::to_string),
            fired,
        })
    })
}

/// Active requirement versions: requirement id → version.
pub type Active = BTreeMap<String, String>;

/// One run's ledger, ready to answer "what was active at turn t?".
#[derive(Clone, Debug, Default)]
pub struct Ledger {
    /// Fired events in [`apply_order`].
    fired: Vec<LedgerEvent>,
    unfired: Vec<LedgerEvent>,
    /// Requirements that only exist once an `activate` fires.
    late: Vec<String>,
}

impl LedgerKind {
    /// Within one turn: a requirement comes into existence, then changes, then goes.
    fn rank(self) -> u8 {
        match self {
            LedgerKind::Activate => 0,
            LedgerKind::Replace => 1,
            LedgerKind::Revoke => 2,
        }
    }
}

/// The order events apply in, never the file's: by turn (an event without one — only an unfired
/// event lacks it — after every turn), then activate → replace → revoke, then requirement id,
/// then version. The file can list a run's events in any order and grade the same.
pub fn apply_order(e: &LedgerEvent) -> (u32, u8, &str, &str) {
    (
        e.turn.unwrap_or(u32::MAX),
        e.event.rank(),
        e.requirement.as_str(),
        e.version.as_str(),
    )
}

impl Ledger {
    /// Builds a run's ledger from its events (in any order).
    pub fn new<'a>(events: impl IntoIterator<Item = &'a LedgerEvent>) -> Ledger {
        let mut all: Vec<&LedgerEvent> = events.into_iter().collect();
        all.sort_by(|a, b| apply_order(a).cmp(&apply_order(b)));
        let mut ledger = Ledger::default();
        // A requirement is late when its first event *in turn order* is an activate.
        let mut first_kind: BTreeMap<&str, LedgerKind> = BTreeMap::new();
        for e in all {
            first_kind.entry(e.requirement.as_str()).or_insert(e.event);
            if e.fired {
                ledger.fired.push(e.clone());
            } else {
                ledger.unfired.push(e.clone());
            }
        }
        ledger.late = first_kind
            .into_iter()
            .filter(|(_, k)| *k == LedgerKind::Activate)
            .map(|(r, _)| r.to_string())
            .collect();
        ledger
    }

    /// Planned changes that never fired: the requirement-tracking axis is not applicable.
    pub fn unfired(&self) -> &[LedgerEvent] {
        &self.unfired
    }

    /// Fired events, by turn.
    pub fn fired(&self) -> &[LedgerEvent] {
        &self.fired
    }

    /// Requirement versions active at `turn` (events at `turn` included: a message at turn t
    /// changes what the agent's work in turn t is judged against). `known` are the requirement
    /// ids the gold mentions, active from the start unless the ledger activates them later.
    pub fn active_at<'a>(&self, turn: u32, known: impl IntoIterator<Item = &'a str>) -> Active {
        let mut active: Active = known
            .into_iter()
            .map(str::to_string)
            .chain(
                self.fired
                    .iter()
                    .chain(&self.unfired)
                    .map(|e| e.requirement.clone()),
            )
            .filter(|r| !self.late.contains(r))
            .map(|r| (r, INITIAL_VERSION.to_string()))
            .collect();
        for e in self
            .fired
            .iter()
            .take_while(|e| e.turn.is_some_and(|t| t <= turn))
        {
            match e.event {
                LedgerKind::Activate | LedgerKind::Replace => {
                    active.insert(e.requirement.clone(), e.version.clone());
                }
                LedgerKind::Revoke => {
                    active.remove(&e.requirement);
                }
            }
        }
        active
    }
}

/// The requirement id of a gold span's `requirement` (`id` or `id@version`).
pub fn requirement_id(req: &str) -> &str {
    req.split_once('@').map_or(req, |(id, _)| id)
}

/// Whether a gold span tagged `req` is part of the gold under `active`.
pub fn gold_active(req: Option<&str>, active: &Active) -> bool {
    match req {
        None => true,
        Some(r) => match r.split_once('@') {
            Some((id, version)) => active.get(id).is_some_and(|v| v == version),
            None => active.contains_key(r),
        },
    }
}

/// Turn-stamped rendering for the timeline, e.g. `replace fmt→R1`.
pub fn describe(e: &LedgerEvent) -> String {
    match e.event {
        LedgerKind::Activate => format!("activate {}@{}", e.requirement, e.version),
        LedgerKind::Revoke => format!("revoke {}", e.requirement),
        LedgerKind::Replace => format!("replace {}→{}", e.requirement, e.version),
    }
}
