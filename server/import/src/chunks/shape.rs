//! The chunk shapes retrievers write, read into one [`Chunk`]: line ranges (`path`,
//! `start_line`/`end_line` or `start`/`end`), character offsets (`path`, `start_char`,
//! `end_char`: 0-based, end exclusive), LangChain `Document` dicts (`page_content`,
//! `metadata.source`, `metadata.start_index`) and LlamaIndex nodes (`text`,
//! `metadata.file_path`/`file_name`, `start_char_idx`/`end_char_idx`), each optionally wrapped as
//! `[doc, score]` (LangChain `…_with_score`) or `{"node": …, "score": …}` (LlamaIndex
//! `NodeWithScore`).

use readcov_core::formats::kind_of;
use readcov_core::path::normalize_path;
use serde_json::Value;

/// Keys that mark a record as a chunk (auto-detection).
pub(crate) const KEYS: [&str; 6] = [
    "page_content",
    "start_char_idx",
    "end_char_idx",
    "start_char",
    "start_line",
    "rank",
];

/// Where a chunk is in its file.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Pos {
    /// 1-based inclusive lines.
    Lines { start: u32, end: u32 },
    /// Code points `[start, end)`, `start < end`.
    Chars { start: usize, end: usize },
    /// No position given: the first place the text occurs.
    Find,
    /// The whole file (a TREC docid that is a bare path).
    File,
}

#[derive(Clone, Debug)]
pub(crate) struct Chunk {
    pub path: String,
    pub path_field: &'static str,
    pub pos: Pos,
    pub pos_field: &'static str,
    pub text: Option<String>,
    pub text_field: &'static str,
    pub rank: Option<u32>,
    pub score: Option<f64>,
    /// `lines`, `chars`, `langchain`, `llamaindex`: written as the row's `tool`.
    pub shape: &'static str,
}

impl Chunk {
    pub fn pos_field(&self) -> &'static str {
        self.pos_field
    }
}

type Bad = (&'static str, String);

/// One chunk, or the field at fault and why.
pub(crate) fn parse(item: &Value) -> Result<Chunk, Bad> {
    // `[doc, score]` pairs and `{"node", "score"}` wrappers carry the score outside the chunk.
    let (v, outer_score) = match item {
        Value::Array(a) if a.len() == 2 && a[0].is_object() => (&a[0], Some(&a[1])),
        Value::Object(o) if o.get("node").is_some_and(Value::is_object) => {
            (&o["node"], o.get("score"))
        }
        _ => (item, None),
    };
    if !v.is_object() {
        return Err(("chunk", format!("expected an object, found {}", kind_of(v))));
    }
    let rank = match item.get("rank").or_else(|| v.get("rank")) {
        None | Some(Value::Null) => None,
        Some(r) => match r.as_u64() {
            Some(0) => {
                return Err((
                    "rank",
                    "ranks are 1-based (the best chunk is rank 1), got 0".into(),
                ))
            }
            Some(n) => Some(u32::try_from(n).map_err(|_| ("rank", format!("{n} is too large")))?),
            None => return Err(("rank", format!("expected a positive integer, got {r}"))),
        },
    };
    let score = match outer_score
        .or_else(|| item.get("score"))
        .or_else(|| v.get("score"))
    {
        None | Some(Value::Null) => None,
        Some(Value::Number(n)) => n.as_f64(),
        Some(s) => return Err(("score", format!("expected a number, got {s}"))),
    };
    let mut c = if v.get("page_content").is_some() {
        langchain(v)?
    } else if v.get("start_char_idx").is_some()
        || v.get("end_char_idx").is_some()
        || (v.get("text").is_some() && llama_path(v).is_some())
    {
        llamaindex(v)?
    } else if v.get("start_char").is_some() || v.get("end_char").is_some() {
        chars(v)?
    } else if ["start_line", "end_line", "start", "end"]
        .iter()
        .any(|k| v.get(k).is_some())
    {
        lines(v)?
    } else {
        return Err((
            "chunk",
            "no position: expected start_line/end_line (or start/end), start_char/end_char, \
             page_content + metadata (LangChain) or text + start_char_idx (LlamaIndex)"
                .into(),
        ));
    };
    c.rank = rank;
    c.score = score;
    Ok(c)
}

fn lines(v: &Value) -> Result<Chunk, Bad> {
    let (sk, ek) = if v.get("start_line").is_some() || v.get("end_line").is_some() {
        ("start_line", "end_line")
    } else {
        ("start", "end")
    };
    let start = int(v, sk)?.ok_or((sk, "missing".into()))?;
    let end = int(v, ek)?.ok_or((ek, "missing".into()))?;
    if start < 1 {
        return Err((sk, "lines are 1-based, got 0".into()));
    }
    if end < start {
        return Err((ek, format!("end {end} is before start {start}")));
    }
    let (start, end) = (line_u32(sk, start)?, line_u32(ek, end)?);
    let (text, text_field) = opt_text(v)?;
    Ok(Chunk {
        path: path(v, "path")?,
        path_field: "path",
        pos: Pos::Lines { start, end },
        pos_field: ek,
        text,
        text_field,
        rank: None,
        score: None,
        shape: "lines",
    })
}

fn chars(v: &Value) -> Result<Chunk, Bad> {
    let start = int(v, "start_char")?.ok_or(("start_char", "missing".into()))?;
    let end = int(v, "end_char")?.ok_or(("end_char", "missing".into()))?;
    let (text, text_field) = opt_text(v)?;
    Ok(Chunk {
        path: path(v, "path")?,
        path_field: "path",
        pos: char_range(start, end, "end_char")?,
        pos_field: "end_char",
        text,
        text_field,
        rank: None,
        score: None,
        shape: "chars",
    })
}

fn langchain(v: &Value) -> Result<Chunk, Bad> {
    let text = string(v, "page_content")?;
    let meta = v.get("metadata").filter(|m| m.is_object());
    let src = meta
        .and_then(|m| m.get("source"))
        .and_then(Value::as_str)
        .ok_or((
            "metadata.source",
            "missing (the file the document came from)".to_string(),
        ))?;
    let start = match meta.map(|m| int(m, "start_index")).transpose() {
        Ok(s) => s.flatten(),
        Err((_, m)) => return Err(("metadata.start_index", m)),
    };
    // LangChain's end is start + len(page_content): Python counts code points.
    let pos = match start {
        Some(s) => char_range(s, s + text.chars().count() as u64, "page_content")?,
        None => Pos::Find,
    };
    Ok(Chunk {
        path: normal(src, "metadata.source")?,
        path_field: "metadata.source",
        pos,
        pos_field: "metadata.start_index",
        text: Some(text.to_string()),
        text_field: "page_content",
        rank: None,
        score: None,
        shape: "langchain",
    })
}

fn llamaindex(v: &Value) -> Result<Chunk, Bad> {
    let text = string(v, "text")?;
    let (raw, field) = llama_path(v).ok_or((
        "metadata.file_path",
        "missing (also looked for metadata.file_name)".to_string(),
    ))?;
    let start = int(v, "start_char_idx")?;
    let end = int(v, "end_char_idx")?;
    let pos = match (start, end) {
        (Some(s), Some(e)) => char_range(s, e, "end_char_idx")?,
        (Some(s), None) => char_range(s, s + text.chars().count() as u64, "text")?,
        (None, _) => Pos::Find,
    };
    Ok(Chunk {
        path: normal(raw, field)?,
        path_field: field,
        pos,
        pos_field: "end_char_idx",
        text: Some(text.to_string()),
        text_field: "text",
        rank: None,
        score: None,
        shape: "llamaindex",
    })
}

/// LlamaIndex's file: `metadata.file_path`, else `metadata.file_name` (older nodes: `extra_info`).
fn llama_path(v: &Value) -> Option<(&str, &'static str)> {
    let meta = v.get("metadata").or_else(|| v.get("extra_info"))?;
    if let Some(p) = meta.get("file_path").and_then(Value::as_str) {
        return Some((p, "metadata.file_path"));
    }
    meta.get("file_name")
        .and_then(Value::as_str)
        .map(|p| (p, "metadata.file_name"))
}

fn char_range(start: u64, end: u64, field: &'static str) -> Result<Pos, Bad> {
    if end <= start {
        return Err((field, format!("empty chunk: characters [{start}, {end})")));
    }
    let u = |n: u64| usize::try_from(n).map_err(|_| (field, format!("{n} is too large")));
    Ok(Pos::Chars {
        start: u(start)?,
        end: u(end)?,
    })
}

/// An optional non-negative integer.
fn int(v: &Value, k: &'static str) -> Result<Option<u64>, Bad> {
    match v.get(k) {
        None | Some(Value::Null) => Ok(None),
        Some(x) => x
            .as_u64()
            .map(Some)
            .ok_or((k, format!("expected a non-negative integer, got {x}"))),
    }
}

fn line_u32(k: &'static str, n: u64) -> Result<u32, Bad> {
    u32::try_from(n).map_err(|_| (k, format!("{n} is too large (max {})", u32::MAX)))
}

fn string<'a>(v: &'a Value, k: &'static str) -> Result<&'a str, Bad> {
    match v.get(k) {
        Some(Value::String(s)) if !s.is_empty() => Ok(s),
        Some(Value::String(_)) => Err((k, "empty chunk text".into())),
        None | Some(Value::Null) => Err((k, "missing".into())),
        Some(x) => Err((k, format!("expected a string, found {}", kind_of(x)))),
    }
}

/// The chunk's own text, when it carries one (`text` or `content`), to check against the file.
fn opt_text(v: &Value) -> Result<(Option<String>, &'static str), Bad> {
    for k in ["text", "content"] {
        match v.get(k) {
            None | Some(Value::Null) => continue,
            Some(Value::String(s)) => return Ok((Some(s.clone()), k)),
            Some(x) => return Err((k, format!("expected a string, found {}", kind_of(x)))),
        }
    }
    Ok((None, "text"))
}

fn path(v: &Value, k: &'static str) -> Result<String, Bad> {
    let raw = v
        .get(k)
        .and_then(Value::as_str)
        .ok_or((k, "missing".to_string()))?;
    normal(raw, k)
}

pub(crate) fn normal(raw: &str, k: &'static str) -> Result<String, Bad> {
    normalize_path(raw, None).map_err(|e| (k, e.to_string()))
}
