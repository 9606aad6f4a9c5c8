//! Params for the `lsp` fuzz target, built from fuzz bytes: mostly the shape each method expects
//! with odd values in it (so the handlers run, not only serde), sometimes any JSON value.

use serde_json::{json, Map, Value};
use std::path::Path;

/// A reader over the fuzz input; reads past the end yield zeros.
pub struct Bytes<'a>(&'a [u8]);

impl<'a> Bytes<'a> {
    pub fn new(data: &'a [u8]) -> Bytes<'a> {
        Bytes(data)
    }

    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    pub fn byte(&mut self) -> u8 {
        match self.0.split_first() {
            Some((&b, rest)) => {
                self.0 = rest;
                b
            }
            None => 0,
        }
    }

    fn u32(&mut self) -> u32 {
        u32::from_le_bytes([self.byte(), self.byte(), self.byte(), self.byte()])
    }

    /// Up to `max` raw bytes.
    fn take(&mut self, max: usize) -> &'a [u8] {
        let n = (usize::from(self.byte()) % (max + 1)).min(self.0.len());
        let (head, rest) = self.0.split_at(n);
        self.0 = rest;
        head
    }
}

/// A number a client might send: small, at the edges of the document and of u32, negative,
/// fractional, beyond u64 — or any u32.
fn number(b: &mut Bytes) -> Value {
    match b.byte() % 12 {
        0 => json!(0),
        1 => json!(b.byte() % 45),
        2 => json!(39),
        3 => json!(40),
        4 => json!(u32::MAX),
        5 => json!(u64::from(u32::MAX) + 1),
        6 => json!(-1),
        7 => json!(1.5),
        8 => json!(1e300),
        9 => json!(u64::MAX),
        10 => json!(9),
        _ => json!(b.u32()),
    }
}

fn position(b: &mut Bytes) -> Value {
    if b.byte() % 8 == 0 {
        return any(b, 2);
    }
    json!({"line": number(b), "character": number(b)})
}

fn range(b: &mut Bytes) -> Value {
    json!({"start": position(b), "end": position(b)})
}

/// A URI: the gold file, another file, the root, outside, non-file schemes, escapes, garbage.
fn uri(b: &mut Bytes, root: &Path) -> Value {
    let file = |rel: &str| format!("file://{}", root.join(rel).display());
    json!(match b.byte() % 10 {
        0..=3 => file("src/auth.py"),
        4 => file("src/new.py"),
        5 => format!("file://{}", root.display()),
        6 => "file:///etc/passwd".to_string(),
        7 => "untitled:Untitled-1".to_string(),
        8 => file("src/%F0%9F%98%80%00/../../x.py"),
        _ => String::from_utf8_lossy(b.take(24)).into_owned(),
    })
}

/// A task or run id (or its absence): the fixture's, empty, odd bytes, another type.
fn id(b: &mut Bytes) -> Value {
    match b.byte() % 8 {
        0 | 1 => Value::Null,
        2 => json!("t"),
        3 => json!("a"),
        4 => json!("b"),
        5 => json!(""),
        6 => json!(String::from_utf8_lossy(b.take(16))),
        _ => any(b, 1),
    }
}

/// Document text: pieces with surrogate pairs, CRLF, lone CR, BOM, combining marks.
fn text(b: &mut Bytes) -> Value {
    const PIECES: [&str; 10] = [
        "x = 1", "\n", "\r\n", "\r", "😀", "键", "\u{FEFF}", "e\u{301}", "\t", "    ",
    ];
    let n = usize::from(b.byte() % 64);
    let mut s = String::new();
    for _ in 0..n {
        s.push_str(PIECES[usize::from(b.byte()) % PIECES.len()]);
    }
    json!(s)
}

/// Any JSON value, nested at most `depth` deep.
fn any(b: &mut Bytes, depth: u8) -> Value {
    match b.byte() % 8 {
        0 => Value::Null,
        1 => json!(b.byte() % 2 == 0),
        2 => number(b),
        3 => json!(String::from_utf8_lossy(b.take(16))),
        4 if depth > 0 => Value::Array((0..b.byte() % 4).map(|_| any(b, depth - 1)).collect()),
        5 if depth > 0 => {
            const KEYS: [&str; 8] = [
                "uri",
                "textDocument",
                "range",
                "position",
                "gold",
                "reads",
                "readLog",
                "runs",
            ];
            let mut m = Map::new();
            for _ in 0..b.byte() % 4 {
                m.insert(
                    KEYS[usize::from(b.byte()) % KEYS.len()].into(),
                    any(b, depth - 1),
                );
            }
            Value::Object(m)
        }
        _ => json!({}),
    }
}

/// Configuration a client might send: the fixture's, paths escaping the workspace, bad types.
fn options(b: &mut Bytes) -> Value {
    match b.byte() % 6 {
        0 | 1 => json!({"gold": ["gold.jsonl"], "reads": ["reads.jsonl"]}),
        2 => {
            json!({"gold": ["gold.jsonl"], "reads": ["reads.jsonl"], "runs": ["a"], "whatIf": true, "threshold": 0.25})
        }
        3 => {
            json!({"gold": ["../gold.jsonl", "/etc/passwd.jsonl"], "readLog": "../../escape.jsonl", "threshold": 7})
        }
        4 => json!({"gold": 5, "runs": null, "sources": ["nope"]}),
        _ => any(b, 2),
    }
}

/// Params for `method` (None: no `params` member at all).
pub fn params(method: &str, b: &mut Bytes, root: &Path) -> Option<Value> {
    let sel = b.byte();
    if sel % 16 == 0 {
        return Some(any(b, 3));
    }
    if sel % 16 == 1 {
        return None;
    }
    let doc = json!({"uri": uri(b, root)});
    Some(match method {
        "initialize" => {
            let root_uri = format!("file://{}", root.display());
            json!({"processId": null, "rootUri": root_uri, "capabilities": {},
                   "initializationOptions": options(b),
                   "workspaceFolders": [{"uri": root_uri, "name": "ws"}]})
        }
        "initialized" => json!({}),
        "textDocument/didOpen" => {
            json!({"textDocument": {"uri": doc["uri"], "languageId": "python", "version": 1, "text": text(b)}})
        }
        "textDocument/didChange" => {
            let change = if b.byte() % 4 == 0 {
                json!({"text": text(b)})
            } else {
                json!({"range": range(b), "text": text(b)})
            };
            json!({"textDocument": {"uri": doc["uri"], "version": number(b)}, "contentChanges": [change]})
        }
        "textDocument/hover" => json!({"textDocument": doc, "position": position(b)}),
        "textDocument/inlayHint" => json!({"textDocument": doc, "range": range(b)}),
        "textDocument/codeAction" => {
            json!({"textDocument": doc, "range": range(b), "context": {"diagnostics": []}})
        }
        "textDocument/codeLens"
        | "textDocument/diagnostic"
        | "textDocument/didClose"
        | "readcov/lineStates" => {
            json!({"textDocument": doc})
        }
        "workspace/executeCommand" => {
            // Every command `initialize` announces, and one it does not.
            const COMMANDS: [&str; 4] = [
                "readcov.widen",
                "readcov.clearWhatIf",
                "readcov.toggleWhatIf",
                "readcov.nope",
            ];
            let command = COMMANDS[usize::from(b.byte()) % COMMANDS.len()];
            let arg = json!({"uri": doc["uri"], "startLine": number(b), "endLine": number(b)});
            json!({"command": command, "arguments": [arg]})
        }
        "readcov/selectRun" => match b.byte() % 3 {
            0 => json!({"runs": ["a"]}),
            1 => json!({"runs": null}),
            _ => json!({"runs": any(b, 1)}),
        },
        "readcov/recordRead" => {
            json!({"uri": doc["uri"], "startLine": number(b), "endLine": number(b), "source": "human"})
        }
        "workspace/didChangeConfiguration" => json!({"settings": options(b)}),
        "workspace/didChangeWatchedFiles" => {
            json!({"changes": [{"uri": doc["uri"], "type": b.byte() % 4}]})
        }
        "workspace/diagnostic" => json!({"previousResultIds": []}),
        "readcov/explain" => {
            json!({"task": id(b), "run": id(b), "against": id(b)})
        }
        "readcov/overview" => json!({"task": id(b), "run": id(b)}),
        "readcov/nextUnread" => {
            const DIRECTIONS: [&str; 3] = ["next", "previous", "up"];
            let direction = DIRECTIONS[usize::from(b.byte()) % DIRECTIONS.len()];
            json!({"textDocument": doc, "line": number(b), "direction": direction})
        }
        _ => Value::Null, // summary, tasks, shutdown
    })
}
