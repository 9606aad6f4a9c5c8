//! readcov's own stdio transport in front of tower-lsp-server. Its reader stops for good at
//! the first frame it cannot decode (tokio-util's `FramedRead` ends after an error), and with it
//! the server. Here every incoming frame is cut and checked first (`frame.rs`, `message.rs`):
//! a bad frame is answered `-32700`/`-32600` (a `$/` request `-32601`) and skipped, and only
//! messages tower-lsp-server is sure to decode reach it, through an in-memory pipe. Its output
//! comes back through a second pipe and is written whole frame by whole frame, so the answers
//! given here never land inside one of its messages. A large answer a handler handed over
//! ([`streamed`]) is written here in place of the token tower-lsp-server sent for it.

pub mod frame;
pub mod message;
pub mod streamed;

use frame::{Frame, FrameReader};
use message::Checked;
use std::error::Error;
use std::sync::Arc;
use streamed::{Framed, Streamed};
use tokio::io::{AsyncRead, AsyncReadExt, AsyncWrite, AsyncWriteExt, DuplexStream};
use tokio::sync::mpsc::{unbounded_channel, UnboundedReceiver, UnboundedSender};
use tower::Service;
use tower_lsp_server::jsonrpc::{Request, Response};
use tower_lsp_server::{ClientSocket, Server};

const PIPE: usize = 1 << 16;
const CHUNK: usize = 1 << 16;

/// Serves `service` on a byte stream until the client sends `exit` or closes `input`; every
/// answer goes through tower-lsp-server whole (no [`Streamed`] attached).
pub async fn serve<I, O, S>(input: I, output: O, service: S, socket: ClientSocket)
where
    I: AsyncRead + Unpin,
    O: AsyncWrite + Unpin,
    S: Service<Request, Response = Option<Response>> + Send + 'static,
    S::Error: Into<Box<dyn Error + Send + Sync>>,
    S::Future: Send,
{
    serve_streamed(input, output, service, socket, None).await
}

/// [`serve`], writing the answers the service's handlers hand to `streamed` in place of their
/// tokens (attached here, before the first message is read).
pub async fn serve_streamed<I, O, S>(
    input: I,
    output: O,
    service: S,
    socket: ClientSocket,
    streamed: Option<Arc<Streamed>>,
) where
    I: AsyncRead + Unpin,
    O: AsyncWrite + Unpin,
    S: Service<Request, Response = Option<Response>> + Send + 'static,
    S::Error: Into<Box<dyn Error + Send + Sync>>,
    S::Future: Send,
{
    if let Some(s) = &streamed {
        s.attach();
    }
    let (to_server, server_in) = tokio::io::duplex(PIPE);
    let (server_out, from_server) = tokio::io::duplex(PIPE);
    let (answers, answers_rx) = unbounded_channel();
    let server = Server::new(server_in, server_out, socket).serve(service);
    let writer = write_loop(from_server, answers_rx, output, streamed);
    let main = async { tokio::join!(server, writer) };
    let read = read_loop(input, to_server, answers);
    tokio::pin!(main, read);
    // The server ends on `exit` (the reader is dropped then) or once the reader, at the end of
    // the input, closes its pipe.
    tokio::select! {
        _ = &mut main => {}
        _ = &mut read => { main.await; }
    }
}

/// Frames the input, answers bad frames, forwards the rest; returns at the end of the input.
async fn read_loop<I: AsyncRead + Unpin>(
    mut input: I,
    mut to_server: DuplexStream,
    answers: UnboundedSender<Vec<u8>>,
) {
    let mut frames = FrameReader::new();
    let mut chunk = vec![0u8; CHUNK];
    loop {
        let n = match input.read(&mut chunk).await {
            Ok(0) | Err(_) => return,
            Ok(n) => n,
        };
        frames.push(&chunk[..n]);
        while let Some(f) = frames.next_frame() {
            let reply = match f {
                Frame::Bad(why) => Some((serde_json::Value::Null, message::PARSE_ERROR, why)),
                Frame::Body(body) => match message::check(&body) {
                    Checked::Forward(msg) => {
                        let framed = message::frame(&msg);
                        if to_server.write_all(&framed).await.is_err() {
                            return; // the server has ended
                        }
                        None
                    }
                    Checked::Answer {
                        id,
                        code,
                        message,
                        not_json,
                    } => {
                        if not_json {
                            frames.reject_body();
                        }
                        Some((id, code, message))
                    }
                    Checked::Drop(why) => {
                        eprintln!("readcov lsp: dropped a message from the client: {why}");
                        None
                    }
                },
            };
            if let Some((id, code, why)) = reply {
                eprintln!("readcov lsp: bad message from the client ({code}): {why}");
                let _ = answers.send(message::error_frame(&id, code, &why));
            }
        }
    }
}

/// Writes the server's frames and the transport's answers to `output`, never one inside the
/// other; returns once the server's output ends.
async fn write_loop<O: AsyncWrite + Unpin>(
    mut from_server: DuplexStream,
    mut answers: UnboundedReceiver<Vec<u8>>,
    mut output: O,
    streamed: Option<Arc<Streamed>>,
) {
    let mut frames = FrameReader::new();
    let mut chunk = vec![0u8; CHUNK];
    // After a write error (the client is gone) the server's output is still drained, so the
    // server never blocks on a full pipe.
    let mut broken = false;
    loop {
        tokio::select! {
            biased;
            n = from_server.read(&mut chunk) => {
                let n = match n { Ok(0) | Err(_) => break, Ok(n) => n };
                frames.push(&chunk[..n]);
                while let Some(f) = frames.next_frame() {
                    let Frame::Body(body) = f else { continue };
                    match streamed.as_ref().and_then(|s| s.take(&body)) {
                        Some((answer, tail)) => {
                            let framed = streamed::frame(answer, tail);
                            broken = broken || write_framed(&mut output, framed).await.is_err();
                        }
                        None => {
                            broken = broken || output.write_all(&message::frame(&body)).await.is_err();
                        }
                    }
                }
            }
            Some(a) = answers.recv() => {
                broken = broken || output.write_all(&a).await.is_err();
            }
        }
        broken = broken || output.flush().await.is_err();
    }
    while let Ok(a) = answers.try_recv() {
        broken = broken || output.write_all(&a).await.is_err();
    }
    let _ = output.flush().await;
}

/// Writes a streamed answer's frame: the header and the head of the body, then the answer's
/// pieces as they are serialised, [`streamed::CHUNK`] bytes at a time, then the rest.
async fn write_framed<O: AsyncWrite + Unpin>(
    output: &mut O,
    framed: Framed,
) -> std::io::Result<()> {
    let (mut buf, tail, answer) = match framed {
        Framed::Whole(bytes) => return output.write_all(&bytes).await,
        Framed::Stream {
            header,
            tail,
            answer,
        } => (header, tail, answer),
    };
    for i in 0..answer.count() {
        // It serialised once already (the count): it does again.
        answer.write(i, &mut buf).map_err(std::io::Error::other)?;
        if buf.len() >= streamed::CHUNK {
            output.write_all(&buf).await?;
            buf.clear();
        }
    }
    buf.extend_from_slice(&tail);
    output.write_all(&buf).await
}
