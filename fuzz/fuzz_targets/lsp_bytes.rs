//! Fuzz target: the LSP byte stream. Any bytes go to `readcov_lsp::transport::serve` (readcov's
//! framing in front of tower-lsp-server, exactly what `readcov lsp` runs on stdin), followed by
//! one well-formed request, `sync`. A small server answers behind it (the backend has its own
//! target, `lsp`; this one is about framing, so each input gets a fresh transport and server in
//! microseconds). Invariants: nothing panics; every byte the server writes is a whole frame
//! holding a JSON-RPC 2.0 object; and `sync` is answered — whatever came before it, the
//! transport resynchronised and the server is still up — unless the input itself held an
//! `exit` notification (the server then ends, as LSP asks).
#![no_main]
use libfuzzer_sys::fuzz_target;
use readcov_lsp::transport::frame::{Frame, FrameReader};
use serde_json::Value;
use std::sync::OnceLock;
use std::time::Duration;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tower_lsp_server::jsonrpc::Result;
use tower_lsp_server::ls_types::*;
use tower_lsp_server::{LanguageServer, LspService};

struct Mini;

impl LanguageServer for Mini {
    async fn initialize(&self, _: InitializeParams) -> Result<InitializeResult> {
        Ok(InitializeResult::default())
    }
    async fn shutdown(&self) -> Result<()> {
        Ok(())
    }
    async fn hover(&self, _: HoverParams) -> Result<Option<Hover>> {
        Ok(Some(Hover {
            contents: HoverContents::Scalar(MarkedString::String("ok".into())),
            range: None,
        }))
    }
}

/// Begins with a line break, as a client's next frame would after a body cut short.
const SYNC: &str = r#"{"jsonrpc":"2.0","id":"sync","method":"textDocument/hover","params":{"textDocument":{"uri":"file:///a.py"},"position":{"line":0,"character":0}}}"#;

fn rt() -> &'static tokio::runtime::Runtime {
    static RT: OnceLock<tokio::runtime::Runtime> = OnceLock::new();
    RT.get_or_init(|| {
        tokio::runtime::Builder::new_current_thread()
            .enable_all()
            .build()
            .expect("runtime")
    })
}

fuzz_target!(|data: &[u8]| {
    rt().block_on(run(data));
});

async fn run(data: &[u8]) {
    let (client, server) = tokio::io::duplex(1 << 20);
    let (sr, sw) = tokio::io::split(server);
    let (service, socket) = LspService::new(|_| Mini);
    let served = tokio::spawn(readcov_lsp::transport::serve(sr, sw, service, socket));
    let (mut cr, mut cw) = tokio::io::split(client);
    let mut input = data.to_vec();
    input.extend_from_slice(format!("\r\nContent-Length: {}\r\n\r\n{SYNC}", SYNC.len()).as_bytes());
    let write = async move {
        // Fails only once the server has ended (after an `exit`), checked below.
        let _ = cw.write_all(&input).await;
        cw
    };
    let read = async {
        let mut frames = FrameReader::new();
        let mut chunk = vec![0u8; 1 << 16];
        loop {
            let n = cr.read(&mut chunk).await.expect("read");
            if n == 0 {
                return false; // the server ended
            }
            frames.push(&chunk[..n]);
            while let Some(f) = frames.next_frame() {
                let Frame::Body(body) = f else {
                    panic!("the server wrote bytes that are no frame: {f:?}")
                };
                let v: Value = serde_json::from_slice(&body).expect("the server writes JSON");
                assert_eq!(v["jsonrpc"], "2.0", "{v}");
                let is_response = v.get("id").is_some() && v.get("method").is_none();
                assert!(
                    v.get("method").is_some()
                        || (is_response && (v.get("result").is_some() != v.get("error").is_some())),
                    "neither a request nor a response: {v}"
                );
                if v["id"] == "sync" {
                    return true;
                }
            }
        }
    };
    let (cw, answered) = tokio::time::timeout(Duration::from_secs(10), async {
        tokio::join!(write, read)
    })
    .await
    .expect("the server answers within 10 s");
    if !answered {
        assert!(
            data.windows(4).any(|w| w == b"exit"),
            "the server ended, yet the input held no `exit`"
        );
    }
    drop(cw);
    drop(cr);
    let _ = tokio::time::timeout(Duration::from_secs(10), served).await;
}
