//! The closed set of log formats: each fact about a format (its `--format` name, how it is
//! recognised, how its bytes become runs) is one exhaustive `match`, so a new variant is listed
//! by the compiler everywhere it needs something (the CLI and the LSP only ever see `Format`).

use crate::doc::Doc;
use crate::runs::Runs;
use serde_json::Value;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Format {
    OpenHands,
    OpenHandsV1,
    OpenHandsEval,
    MiniSweAgent,
    SweAgent,
    ClaudeCode,
    Codex,
    Atif,
    /// Chat-message trajectory datasets: one run per row (JSONL, a JSON array, Parquet).
    Chat,
    /// Retrieval results: ranked chunks per task (not a trajectory; rows get `source: retriever`).
    Chunks,
    /// Gemini CLI chat recordings (`sessionId`, `projectHash`, `messages` with `toolCalls`).
    GeminiCli,
    /// OpenTelemetry GenAI span dumps (SDK JSON or OTLP/JSON), one run per trace.
    OtelGenai,
    /// Inspect AI eval logs (`.json`, or an `.eval` zip read as the `.json` it holds).
    Inspect,
    /// Aider chat history (`.aider.chat.history.md`).
    Aider,
    /// A TREC run (`qid Q0 docid rank score tag`) whose docids name spans: ranked chunks too.
    Trec,
    /// AutoCodeRover message threads (`conversation_round_N.json`, `debug_agent_write_patch_N.json`).
    AutoCodeRover,
}

impl Format {
    /// Every format, in the order `--format` lists them.
    pub const ALL: [Format; 16] = [
        Format::OpenHands,
        Format::OpenHandsV1,
        Format::OpenHandsEval,
        Format::MiniSweAgent,
        Format::SweAgent,
        Format::ClaudeCode,
        Format::Codex,
        Format::Atif,
        Format::Chunks,
        // New formats go last: the fuzz seeds pick a format by its place here.
        Format::Chat,
        Format::GeminiCli,
        Format::OtelGenai,
        Format::Inspect,
        Format::Aider,
        Format::Trec,
        Format::AutoCodeRover,
    ];

    /// The `--format` name, also the default run id.
    pub fn label(self) -> &'static str {
        match self {
            Format::OpenHands => "openhands",
            Format::OpenHandsV1 => "openhands-v1",
            Format::OpenHandsEval => "openhands-eval",
            Format::MiniSweAgent => "mini-swe-agent",
            Format::SweAgent => "swe-agent",
            Format::ClaudeCode => "claude-code",
            Format::Codex => "codex",
            Format::Atif => "atif",
            Format::Chat => "chat",
            Format::GeminiCli => "gemini-cli",
            Format::OtelGenai => "otel-genai",
            Format::Inspect => "inspect",
            Format::Aider => "aider",
            Format::Chunks => "chunks",
            Format::Trec => "trec",
            Format::AutoCodeRover => "autocoderover",
        }
    }

    pub fn from_label(s: &str) -> Option<Format> {
        Format::ALL.into_iter().find(|f| f.label() == s)
    }

    /// Recognises a log from its content; `None` when it is none of the formats.
    pub fn detect(text: &str) -> Option<Format> {
        Format::detect_parsed(text).0
    }

    /// [`Format::detect`] of a text already parsed: `doc` is its JSON value (a reader that
    /// parsed a document to tell its kind names its format without parsing it again).
    pub fn detect_json(doc: &Value) -> Option<Format> {
        detect_value(doc)
    }

    /// [`Format::detect`], handing back the parsed document when the whole text is one JSON
    /// value (typed for the shapes that have a typed parse), so that the log is parsed once,
    /// not once to detect and again to import.
    pub(crate) fn detect_parsed(text: &str) -> (Option<Format>, Option<Doc>) {
        if let Some(doc) = Doc::parse(text) {
            return (doc.format(), Some(doc));
        }
        (Format::detect_text(text), None)
    }

    /// The text that is not one JSON value: Aider, JSONL records, TREC, the other heads.
    fn detect_text(text: &str) -> Option<Format> {
        if crate::aider::is_history(text) {
            return Some(Format::Aider);
        }
        let first = text.lines().find(|l| !l.trim().is_empty())?;
        if let Ok(v) = serde_json::from_str::<Value>(first) {
            return detect_record(&v);
        }
        if crate::chunks::trec::is_trec(text) {
            return Some(Format::Trec);
        }
        detect_head(text)
    }

    /// The per-row format ([`Format::per_row`]) one row of a dataset file is in, if any: a
    /// reader that finds one streams the file row by row.
    /// `several`: the file holds more rows than this one (or is a JSON array of rows); a file
    /// that is one object is a dataset only when the object alone reads as a dataset row (an
    /// OpenHands completion log or a mini-swe-agent file stays what it is).
    pub fn detect_row(row: &[u8], several: bool) -> Option<Format> {
        let v: Value = serde_json::from_slice(row).ok()?;
        Format::detect_row_value(&v, several)
    }

    /// [`Format::detect_row`] of a row already parsed (a reader that keeps the value, to import
    /// a file of one row without parsing it again).
    pub fn detect_row_value(v: &Value, several: bool) -> Option<Format> {
        let chat = crate::chat::is_row(v) && (several || detect_value(v) == Some(Format::Chat));
        chat.then_some(Format::Chat)
    }

    /// Feeds the log into `runs` (one or more runs); `Err` when the log cannot be read at all.
    /// `parsed`: the text parsed, when the caller already parsed it. A format read from one
    /// document takes it instead of parsing the text again (OpenHands and mini-swe-agent their
    /// typed parse too); the others let it go before they parse, so a large log is never held
    /// as two values at once.
    pub(crate) fn build(
        self,
        text: &str,
        parsed: Option<Doc>,
        runs: &mut Runs,
    ) -> Result<(), String> {
        let parsed = match (self, parsed) {
            (Format::OpenHands, Some(Doc::OpenHands(log))) => {
                let id = log.instance_id.as_deref();
                runs.one_run(self, id, |s| crate::openhands::import_log(&log, s));
                return Ok(());
            }
            (Format::MiniSweAgent, Some(Doc::MiniSweAgent(log))) => {
                let id = log.instance_id.as_deref();
                runs.one_run(self, id, |s| crate::mini_swe_agent::import_log(&log, s));
                return Ok(());
            }
            (_, p) => p.and_then(Doc::into_value),
        };
        match self {
            Format::OpenHands => runs.one_doc(self, text, parsed, crate::openhands::import),
            Format::MiniSweAgent => runs.one_doc(self, text, parsed, crate::mini_swe_agent::import),
            Format::SweAgent => runs.one_doc(self, text, parsed, crate::swe_agent::import),
            Format::Atif => crate::atif::build(text, parsed, runs),
            Format::OpenHandsV1 => crate::openhands_v1::build(text, parsed, runs),
            Format::Chat => crate::chat::build(text, parsed, runs),
            Format::GeminiCli => crate::gemini::build(text, parsed, runs),
            Format::Inspect => crate::inspect::build(text, parsed, runs),
            Format::AutoCodeRover => crate::autocoderover::build(text, parsed, runs),
            Format::ClaudeCode => {
                drop(parsed);
                crate::claude_code::build(text, runs)
            }
            Format::Codex => {
                drop(parsed);
                crate::codex::build(text, runs)
            }
            Format::OpenHandsEval => {
                drop(parsed);
                crate::openhands_eval::build(text, runs)
            }
            // Its trace ids are read from the text (exactly, past 64 bits), not from a value.
            Format::OtelGenai => {
                drop(parsed);
                crate::otel::build(text, runs)
            }
            Format::Aider => {
                drop(parsed);
                crate::aider::build(text, runs)
            }
            Format::Chunks => {
                drop(parsed);
                crate::chunks::build(text, runs)
            }
            Format::Trec => {
                drop(parsed);
                crate::chunks::trec::build(text, runs)
            }
        }
    }

    /// Whether a file of this format holds one run per row, so a reader may stream it row by
    /// row ([`Format::build_row`]) instead of reading it whole.
    pub fn per_row(self) -> bool {
        match self {
            Format::Chat => true,
            Format::OpenHands
            | Format::OpenHandsV1
            | Format::OpenHandsEval
            | Format::MiniSweAgent
            | Format::SweAgent
            | Format::ClaudeCode
            | Format::Codex
            | Format::Atif
            | Format::Chunks
            | Format::GeminiCli
            | Format::OtelGenai
            | Format::Inspect
            | Format::Aider
            | Format::Trec
            | Format::AutoCodeRover => false,
        }
    }

    /// One row of a per-row file (`index`: 0-based row, `line`: where it starts in the file);
    /// for the other formats the row is a whole log.
    pub(crate) fn build_row(
        self,
        row: &str,
        index: usize,
        line: usize,
        runs: &mut Runs,
    ) -> Result<(), String> {
        match self {
            Format::Chat => {
                crate::chat::build_row(row, index, line, runs);
                Ok(())
            }
            Format::OpenHands
            | Format::OpenHandsV1
            | Format::OpenHandsEval
            | Format::MiniSweAgent
            | Format::SweAgent
            | Format::ClaudeCode
            | Format::Codex
            | Format::Atif
            | Format::Chunks
            | Format::GeminiCli
            | Format::OtelGenai
            | Format::Inspect
            | Format::Aider
            | Format::Trec
            | Format::AutoCodeRover => self.build(row, None, runs),
        }
    }
}

/// A whole-JSON log (one object, or a JSON array of OpenHands V1 events).
pub(crate) fn detect_value(v: &Value) -> Option<Format> {
    if crate::chunks::is_chunk_record(v) {
        return Some(Format::Chunks);
    }
    if let Some(items) = v.as_array() {
        if items.first().is_some_and(crate::chat::is_row) {
            return Some(Format::Chat);
        }
        if crate::autocoderover::is_thread(v) {
            return Some(Format::AutoCodeRover);
        }
        return items
            .first()
            .and_then(detect_record)
            .filter(|f| *f == Format::OpenHandsV1);
    }
    let is = |k: &str| v.get(k).is_some();
    if v.get("schema_version")
        .and_then(Value::as_str)
        .is_some_and(|s| s.starts_with("ATIF"))
        || (is("steps") && is("session_id"))
    {
        return Some(Format::Atif);
    }
    if is("fncall_messages") {
        return Some(Format::OpenHands);
    }
    if is("sessionId") && is("projectHash") && is("messages") {
        return Some(Format::GeminiCli);
    }
    if crate::otel::is_dump(v) {
        return Some(Format::OtelGenai);
    }
    if crate::inspect::is_log(v) {
        return Some(Format::Inspect);
    }
    if is("instance_id") && v.get("history").is_some_and(Value::is_array) {
        return Some(Format::OpenHandsEval);
    }
    // A `trajectory` of messages (nebius, SWE-rebench) is a dataset row, not SWE-agent's
    // `{action, observation}` steps.
    if v.get("trajectory").is_some_and(Value::is_array) {
        return Some(if crate::chat::is_row(v) {
            Format::Chat
        } else {
            Format::SweAgent
        });
    }
    if v.get("messages").is_none() {
        return detect_record(v);
    }
    if crate::chat::is_dataset_row(v) {
        return Some(Format::Chat);
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

/// The first record of a JSONL log.
fn detect_record(v: &Value) -> Option<Format> {
    // Before Claude Code's catch-all `type`: a LangChain document dict has `"type": "Document"`.
    if crate::chunks::is_chunk_record(v) {
        return Some(Format::Chunks);
    }
    let ty = v.get("type").and_then(Value::as_str);
    if v.get("payload").is_some()
        && matches!(
            ty,
            Some("session_meta" | "response_item" | "event_msg" | "turn_context" | "compacted")
        )
    {
        return Some(Format::Codex);
    }
    if v.get("instance_id").is_some() && v.get("history").is_some() {
        return Some(Format::OpenHandsEval);
    }
    if crate::chat::is_row(v) {
        return Some(Format::Chat);
    }
    // OpenHands V1: events carry `kind`, the conversation's base state `agent` and `workspace`.
    if (v.get("kind").is_some_and(Value::is_string) && v.get("source").is_some())
        || (v.get("agent").is_some() && v.get("workspace").is_some() && v.get("id").is_some())
    {
        return Some(Format::OpenHandsV1);
    }
    (v.get("sessionId").is_some() || ty.is_some()).then_some(Format::ClaudeCode)
}

/// A truncated log: name its format from its keys, so the error says what broke.
fn detect_head(text: &str) -> Option<Format> {
    let mut end = text.len().min(4096);
    while !text.is_char_boundary(end) {
        end -= 1;
    }
    let head = &text[..end];
    if head.contains("\"ATIF-v") {
        Some(Format::Atif)
    } else if head.contains("\"session_meta\"") {
        Some(Format::Codex)
    } else if head.contains("\"fncall_messages\"") {
        Some(Format::OpenHands)
    } else if head.contains("\"instance_id\"") && head.contains("\"history\"") {
        Some(Format::OpenHandsEval)
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

#[cfg(test)]
mod tests;
