//! Format detection by content, and the one entry point: bytes in, reads rows and a summary out.

use crate::paths::Roots;
use crate::session::Session;
use crate::summary::Summary;
use crate::FileProvider;
use readcov_core::span::ReadSpan;
use serde_json::Value;
use thiserror::Error;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    OpenHands,
    MiniSweAgent,
    SweAgent,
    ClaudeCode,
}

impl Format {
    pub fn label(self) -> &'static str {
        match self {
            Format::OpenHands => "openhands",
            Format::MiniSweAgent => "mini-swe-agent",
            Format::SweAgent => "swe-agent",
            Format::ClaudeCode => "claude-code",
        }
    }
}

/// A log that could not be imported at all (its records are counted as malformed).
#[derive(Debug, Error, Clone, PartialEq, Eq)]
#[error("{file}: {message}")]
pub struct ImportError {
    pub file: String,
    pub message: String,
}

#[derive(Clone, Debug, Default)]
pub struct ImportOptions {
    /// `None`: detect from content.
    pub format: Option<Format>,
    /// Task id; default: the log's instance id, else the file name without extensions.
    pub task: Option<String>,
    /// Run id; default: the format name.
    pub run: Option<String>,
}

#[derive(Clone, Debug, Default)]
pub struct Imported {
    pub rows: Vec<ReadSpan>,
    pub summary: Summary,
    /// Problems with the log as a whole (located by file), beside per-action skips.
    pub errors: Vec<ImportError>,
    /// Per action (by step): the reason it gave no read, `None` when it gave rows.
    pub outcomes: Vec<crate::session::Outcome>,
}

/// Detects the format of a log; `None` when it is none of the four.
pub fn detect_format(text: &str) -> Option<Format> {
    if let Ok(v) = serde_json::from_str::<Value>(text) {
        return detect_value(&v);
    }
    // JSONL: Claude Code transcripts have `type` and `sessionId` on their records.
    let first = text.lines().find(|l| !l.trim().is_empty())?;
    if let Ok(v) = serde_json::from_str::<Value>(first) {
        return (v.get("sessionId").is_some() || v.get("type").is_some())
            .then_some(Format::ClaudeCode);
    }
    // A truncated log: name its format from its keys, so the error says what broke.
    let mut end = text.len().min(4096);
    while !text.is_char_boundary(end) {
        end -= 1;
    }
    let head = &text[..end];
    if head.contains("\"fncall_messages\"") {
        Some(Format::OpenHands)
    } else if head.contains("\"trajectory\"") {
        Some(Format::SweAgent)
    } else if head.contains("\"messages\"")
        && (head.contains("mini-swe-agent") || head.contains("\"actions\""))
    {
        Some(Format::MiniSweAgent)
    } else {
        None
    }
}

fn detect_value(v: &Value) -> Option<Format> {
    if v.get("fncall_messages").is_some() {
        return Some(Format::OpenHands);
    }
    if v.get("trajectory").is_some_and(Value::is_array) {
        return Some(Format::SweAgent);
    }
    let msgs = v.get("messages")?.as_array()?;
    let mini = v
        .get("trajectory_format")
        .and_then(Value::as_str)
        .is_some_and(|f| f.contains("mini"))
        || msgs.iter().any(|m| m.pointer("/extra/actions").is_some());
    Some(if mini {
        Format::MiniSweAgent
    } else {
        Format::OpenHands
    })
}

/// `astropy__astropy-12907.traj.json` → `astropy__astropy-12907`.
fn stem(name: &str) -> String {
    let base = name.rsplit(['/', '\\']).next().unwrap_or(name);
    let mut s = base;
    for ext in [".json", ".jsonl", ".traj"] {
        s = s.strip_suffix(ext).unwrap_or(s);
        s = s.strip_suffix(ext).unwrap_or(s);
    }
    if s.is_empty() {
        base.to_string()
    } else {
        s.to_string()
    }
}

/// Imports one log. Never panics on bad input: an unreadable log gives an error and a summary
/// counting it as malformed.
pub fn import(
    bytes: &[u8],
    name: &str,
    opts: &ImportOptions,
    files: &dyn FileProvider,
) -> Imported {
    import_with(bytes, name, opts, &|_| Box::new(Borrowed(files)))
}

struct Borrowed<'a>(&'a dyn FileProvider);

impl FileProvider for Borrowed<'_> {
    fn read(&self, path: &str) -> Option<Vec<u8>> {
        self.0.read(path)
    }
    fn has_workspace(&self) -> bool {
        self.0.has_workspace()
    }
    fn is_dir(&self, path: &str) -> Option<bool> {
        self.0.is_dir(path)
    }
}

/// Like [`import`], with the workspace chosen by task id (one checkout per SWE-bench instance).
pub fn import_with<'p>(
    bytes: &[u8],
    name: &str,
    opts: &ImportOptions,
    workspace_for: &dyn Fn(&str) -> Box<dyn FileProvider + 'p>,
) -> Imported {
    let text = String::from_utf8_lossy(bytes);
    let fail = |message: String| Imported {
        rows: Vec::new(),
        summary: Summary {
            runs: 1,
            malformed_records: 1,
            ..Summary::default()
        },
        errors: vec![ImportError {
            file: name.to_string(),
            message,
        }],
        outcomes: Vec::new(),
    };
    let Some(format) = opts.format.or_else(|| detect_format(&text)) else {
        return fail("not a recognised trajectory (truncated JSON, or not OpenHands, mini-swe-agent, SWE-agent or Claude Code)".into());
    };
    let doc: Option<Value> = match format {
        Format::ClaudeCode => None,
        _ => match serde_json::from_str::<Value>(&text) {
            Ok(v) if v.is_object() => Some(v),
            Ok(_) => return fail(format!("{}: expected a JSON object", format.label())),
            Err(e) => return fail(format!("{}: invalid JSON: {e}", format.label())),
        },
    };
    let task = opts.task.clone().unwrap_or_else(|| {
        doc.as_ref()
            .and_then(|d| d.get("instance_id").and_then(Value::as_str))
            .map_or_else(|| stem(name), str::to_string)
    });
    let run = opts
        .run
        .clone()
        .unwrap_or_else(|| format.label().to_string());
    let files = workspace_for(&task);
    let mut session = Session::new(&task, &run, Roots::new(), "/testbed", files.as_ref());
    let mut bad = 0;
    match (format, &doc) {
        (Format::OpenHands, Some(d)) => crate::openhands::import(d, &mut session),
        (Format::MiniSweAgent, Some(d)) => crate::mini_swe_agent::import(d, &mut session),
        (Format::SweAgent, Some(d)) => crate::swe_agent::import(d, &mut session),
        _ => bad = crate::claude_code::import(&text, &mut session),
    }
    let (rows, mut summary, outcomes) = session.finish();
    summary.malformed_records += bad;
    let errors = if bad > 0 {
        vec![ImportError {
            file: name.to_string(),
            message: format!("{bad} line(s) are not valid JSON records"),
        }]
    } else {
        Vec::new()
    };
    Imported {
        rows,
        summary,
        errors,
        outcomes,
    }
}
