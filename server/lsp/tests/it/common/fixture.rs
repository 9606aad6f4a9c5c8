//! A workspace on disk for the LSP tests: `src/auth.py` (120 lines of Python, emoji on line 1
//! and on the first gold line; `check_token` spans lines 80–95 = the gold span), reads by two runs.
#![allow(dead_code)]

use super::{file_uri, Client};
use serde_json::{json, Value};
use std::path::PathBuf;

pub struct Ws {
    pub dir: tempfile::TempDir,
    pub auth_uri: String,
    pub auth_text: String,
}

pub const GOLD_MSG: &str = "gold lines 80–95: 4/16 read (25%) — below 50%";

pub fn auth_text() -> String {
    let mut s = String::new();
    for i in 1..=120 {
        let line = match i {
            1 => "# auth 😀 module".to_string(),
            80 => "def check_token(tok):  # 🔑 key".to_string(),
            81..=95 => format!("    x{i} = {i}"),
            _ => format!("x{i} = {i}"),
        };
        s.push_str(&line);
        s.push('\n');
    }
    s
}

impl Ws {
    pub fn new() -> Ws {
        let dir = tempfile::tempdir().expect("tempdir");
        let root = dir.path().canonicalize().expect("canonical tempdir");
        std::fs::create_dir_all(root.join("src")).unwrap();
        let text = auth_text();
        std::fs::write(root.join("src/auth.py"), &text).unwrap();
        std::fs::write(root.join("src/other.py"), "print('hi')\n").unwrap();
        std::fs::write(
            root.join("gold.jsonl"),
            "{\"task\":\"t1\",\"path\":\"src/auth.py\",\"start\":80,\"end\":95}\n",
        )
        .unwrap();
        let reads = [
            json!({"task":"t1","run":"run-a","path":"src/auth.py","start":80,"end":83,"turn":3,"step":5,
                   "tool":"str_replace_editor","command":"view src/auth.py [80, 83]"}),
            json!({"task":"t1","run":"run-b","path":"src/auth.py","start":1,"end":40,"tool":"cat"}),
        ];
        let body: String = reads.iter().map(|r| format!("{r}\n")).collect();
        std::fs::write(root.join("reads.jsonl"), body).unwrap();
        Ws {
            auth_uri: file_uri(&root.join("src/auth.py")),
            auth_text: text,
            dir,
        }
    }

    pub fn root(&self) -> PathBuf {
        self.dir.path().canonicalize().expect("canonical tempdir")
    }

    pub fn uri(&self, rel: &str) -> String {
        file_uri(&self.root().join(rel))
    }

    pub fn options(&self) -> Value {
        json!({"gold": ["gold.jsonl"], "reads": ["reads.jsonl"], "runs": ["run-a"]})
    }

    pub fn append(&self, rel: &str, row: Value) {
        use std::io::Write;
        let mut f = std::fs::OpenOptions::new()
            .append(true)
            .create(true)
            .open(self.root().join(rel))
            .unwrap();
        writeln!(f, "{row}").unwrap();
    }
}

/// An in-process server (tower service over an in-memory duplex) with the fixture opened.
pub async fn started(ws: &Ws, options: Value, caps: Value) -> Client {
    let client = super::in_process();
    client.initialize(&ws.root(), options, caps).await;
    let mark = client.mark();
    client.open(&ws.auth_uri, &ws.auth_text).await;
    client.diagnostics_after(mark, &ws.auth_uri).await;
    client
}
