//! Retrieval results — ranked chunks a code retriever returned per task — as reads rows with
//! `source: retriever`, `rank` and `score`, so `readcov score --at-k` can measure file hit and
//! line coverage of the top-k chunks.
//!
//! JSONL, one chunk per line or one list per query (`chunks`, `results`, `documents`, `nodes`,
//! or a bare array). Shapes ([`shape`]): line ranges, character offsets, LangChain `Document`
//! dicts, LlamaIndex nodes. A chunk that cannot be placed is a located error and a counted skip;
//! the other chunks are still imported.

pub mod beir;
mod place;
mod shape;
pub mod text;
pub(crate) mod trec;

use crate::detect::ImportError;
use crate::runs::Runs;
use crate::summary::Reason;
use crate::FileProvider;
use readcov_core::formats::kind_of;
use readcov_core::span::{EventKind, ReadSpan, Source};
use serde_json::Value;
use shape::Chunk;
use std::collections::{BTreeSet, HashMap};
use std::rc::Rc;
use text::FileText;

/// Keys that hold one query's ranked list.
const LIST_KEYS: [&str; 5] = ["chunks", "results", "documents", "nodes", "retrieved"];
/// Keys that name the task, in order of preference.
const TASK_KEYS: [&str; 3] = ["task", "query_id", "instance_id"];

/// Whether a JSONL record is a chunk (or a list of them) rather than a trajectory record.
pub(crate) fn is_chunk_record(v: &Value) -> bool {
    let is_chunk = |v: &Value| {
        let v = v.get("node").unwrap_or(v);
        let v = v.as_array().and_then(|a| a.first()).unwrap_or(v);
        shape::KEYS.iter().any(|k| v.get(k).is_some())
    };
    match v {
        Value::Array(a) => a.first().is_some_and(is_chunk),
        Value::Object(o) => {
            is_chunk(v)
                || LIST_KEYS.iter().any(|k| {
                    o.get(*k)
                        .and_then(Value::as_array)
                        .is_some_and(|a| a.first().is_some_and(is_chunk))
                })
        }
        _ => false,
    }
}

/// Every chunk of the log as a read row (ranks per (task, run) in order of appearance unless a
/// chunk has `rank` or sits in a list).
pub(crate) fn build(text: &str, runs: &mut Runs) -> Result<(), String> {
    let mut b = Builder::new();
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let mut any = false;
    for (i, line) in text.lines().enumerate() {
        if line.trim().is_empty() {
            continue;
        }
        let at = Loc {
            line: i + 1,
            item: None,
        };
        match serde_json::from_str::<Value>(line) {
            Ok(v) => any |= b.record(&v, &at, runs),
            Err(e) => b.fail(runs, &at, None, format!("invalid JSON: {e}"), None),
        }
    }
    // Nothing at all (an empty file): one error. Bad lines keep their own located errors.
    if !any && runs.out.errors.is_empty() {
        return Err("chunks: no chunk records (see docs/retrievers.md)".into());
    }
    runs.out.summary.runs = b.pairs.len();
    Ok(())
}

/// Where a chunk sits: its JSONL line, and its index in the line's list.
pub(crate) struct Loc {
    pub line: usize,
    pub item: Option<usize>,
}

pub(crate) struct Builder<'p> {
    /// Each task's workspace files, indexed once (`None`: not in the workspace).
    files: HashMap<(String, String), Option<Rc<FileText>>>,
    providers: HashMap<String, Rc<dyn FileProvider + 'p>>,
    /// The next rank per (task, run) for chunks with no rank of their own.
    next_rank: HashMap<(String, String), u32>,
    pub pairs: BTreeSet<(String, String)>,
}

impl<'p> Builder<'p> {
    pub fn new() -> Self {
        Builder {
            files: HashMap::new(),
            providers: HashMap::new(),
            next_rank: HashMap::new(),
            pairs: BTreeSet::new(),
        }
    }

    /// One JSONL record; whether it held any chunk.
    fn record(&mut self, v: &Value, at: &Loc, runs: &mut Runs<'_, 'p>) -> bool {
        let (parent, items): (Option<&Value>, Vec<&Value>) = match v {
            Value::Array(a) => (None, a.iter().collect()),
            Value::Object(o) => match LIST_KEYS.iter().find_map(|k| o.get(*k)) {
                Some(Value::Array(a)) => (Some(v), a.iter().collect()),
                Some(_) => {
                    self.fail(
                        runs,
                        at,
                        None,
                        "the chunk list is not an array".into(),
                        None,
                    );
                    return false;
                }
                None => (None, vec![v]),
            },
            _ => {
                let msg = format!("expected an object or an array, found {}", kind_of(v));
                self.fail(runs, at, None, msg, None);
                return false;
            }
        };
        let listed = parent.is_some() || v.is_array();
        for (i, item) in items.into_iter().enumerate() {
            let at = Loc {
                line: at.line,
                item: listed.then_some(i),
            };
            let list_rank = listed.then_some(i as u32 + 1);
            self.chunk(item, parent, list_rank, &at, runs);
        }
        true
    }

    fn chunk(
        &mut self,
        item: &Value,
        parent: Option<&Value>,
        list_rank: Option<u32>,
        at: &Loc,
        runs: &mut Runs<'_, 'p>,
    ) {
        runs.out.summary.actions += 1;
        let id = |k: &str| -> Option<String> {
            let pick = |o: &Value| match o.get(k)? {
                Value::String(s) if !s.is_empty() => Some(s.clone()),
                Value::Number(n) => Some(n.to_string()),
                _ => None,
            };
            let item = item.get("node").unwrap_or(item);
            pick(item).or_else(|| parent.and_then(pick))
        };
        let from_log = TASK_KEYS.iter().find_map(|k| id(k));
        let task = runs.task(from_log.as_deref());
        let run = runs
            .opts
            .run
            .clone()
            .or_else(|| id("run"))
            .unwrap_or_else(|| runs.run_id(crate::Format::Chunks, None));
        self.pairs.insert((task.clone(), run.clone()));
        // A chunk takes its slot in the ranking even when it cannot be credited.
        let next = self
            .next_rank
            .entry((task.clone(), run.clone()))
            .or_insert(0);
        *next += 1;
        let c = match shape::parse(item) {
            Ok(c) => c,
            Err((field, msg)) => {
                return self.fail(runs, at, Some(field), msg, Some(Reason::Malformed))
            }
        };
        let mut c = c;
        c.rank = c.rank.or(list_rank).or(Some(*next));
        self.push(task, run, c, at, runs);
    }

    /// One parsed chunk placed on its file (checked against the workspace) and written as a read
    /// row, or a located error and a counted skip. `c.rank` is set.
    pub fn push(&mut self, task: String, run: String, c: Chunk, at: &Loc, runs: &mut Runs<'_, 'p>) {
        let (path, start, end) = match self.place(&task, &c, runs) {
            Ok(lines) => lines,
            Err((field, msg, reason)) => {
                return self.fail(runs, at, Some(field), msg, Some(reason))
            }
        };
        runs.out.summary.read_events += 1;
        runs.out.summary.read_lines += u64::from(end - start) + 1;
        runs.out.rows.push(ReadSpan {
            task,
            run,
            path,
            start,
            end,
            turn: None,
            step: None,
            tool: Some(c.shape.to_string()),
            source: Source::Retriever,
            command: None,
            kind: EventKind::Read,
            rank: c.rank,
            score: c.score,
        });
    }

    /// A chunk (or record) not imported: a located error, and the reason counted.
    pub fn fail(
        &mut self,
        runs: &mut Runs,
        at: &Loc,
        field: Option<&str>,
        msg: String,
        reason: Option<Reason>,
    ) {
        match reason {
            Some(r) => runs.out.summary.skip(r),
            None => runs.out.summary.malformed_records += 1,
        }
        let item = at
            .item
            .map_or(String::new(), |i| format!("chunk {}: ", i + 1));
        let field = field.map_or(String::new(), |f| format!("field `{f}`: "));
        runs.out.errors.push(ImportError {
            file: format!("{}:{}", runs.name, at.line),
            message: format!("{item}{field}{msg}"),
        });
    }
}
