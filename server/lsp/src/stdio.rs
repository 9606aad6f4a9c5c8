//! The server's stdin and stdout as async streams.
//!
//! `tokio::io::stdin()`/`stdout()` do every read and write on the blocking thread pool: each
//! message crossed threads twice, and on two cores those hand-offs were a large share of the
//! keystroke → diagnostics latency tail. When stdin and stdout are pipes (most clients, the
//! benches) or Unix sockets (libuv clients: Node/VS Code, Neovim), they are registered with
//! the reactor instead. Anything else (a terminal, a file) keeps tokio's portable handles.
//! Registering sets `O_NONBLOCK` on the file descriptions, which a parent that kept its own
//! copy of the same end would see too; editors hand the server ends of its own. Should a client
//! mind, `READCOV_LSP_STDIO=std` keeps tokio's handles whatever stdin and stdout are.

use tokio::io::{AsyncRead, AsyncWrite};

pub type Input = Box<dyn AsyncRead + Unpin + Send>;
pub type Output = Box<dyn AsyncWrite + Unpin + Send>;

pub fn streams() -> (Input, Output) {
    #[cfg(unix)]
    if let (false, Some(input), Some(output)) = (
        std::env::var("READCOV_LSP_STDIO").is_ok_and(|v| v == "std"),
        unix::kind(0),
        unix::kind(1),
    ) {
        // Both are checked before either is switched to non-blocking mode, so a failure
        // here never leaves a half-converted pair behind.
        if let (Ok(i), Ok(o)) = (unix::input(input), unix::output(output)) {
            return (i, o);
        }
    }
    (Box::new(tokio::io::stdin()), Box::new(tokio::io::stdout()))
}

#[cfg(unix)]
mod unix {
    use super::{Input, Output};
    use std::os::fd::{AsFd, OwnedFd};
    use std::os::unix::fs::FileTypeExt;

    #[derive(Clone, Copy)]
    pub enum Kind {
        Fifo,
        Socket,
    }

    /// What stdin (0) or stdout (1) is, when it is one the reactor can drive.
    pub fn kind(fd: i32) -> Option<Kind> {
        let owned = dup(fd)?;
        let kind = std::fs::File::from(owned).metadata().ok()?.file_type();
        if kind.is_fifo() {
            Some(Kind::Fifo)
        } else if kind.is_socket() {
            Some(Kind::Socket)
        } else {
            None
        }
    }

    fn dup(fd: i32) -> Option<OwnedFd> {
        let owned = match fd {
            0 => std::io::stdin().as_fd().try_clone_to_owned(),
            _ => std::io::stdout().as_fd().try_clone_to_owned(),
        };
        owned.ok()
    }

    pub fn input(kind: Kind) -> std::io::Result<Input> {
        let fd = dup(0).ok_or_else(|| std::io::Error::other("dup stdin"))?;
        Ok(match kind {
            Kind::Fifo => Box::new(tokio::net::unix::pipe::Receiver::from_owned_fd(fd)?),
            Kind::Socket => Box::new(socket(fd)?),
        })
    }

    pub fn output(kind: Kind) -> std::io::Result<Output> {
        let fd = dup(1).ok_or_else(|| std::io::Error::other("dup stdout"))?;
        Ok(match kind {
            Kind::Fifo => Box::new(tokio::net::unix::pipe::Sender::from_owned_fd(fd)?),
            Kind::Socket => Box::new(socket(fd)?),
        })
    }

    fn socket(fd: OwnedFd) -> std::io::Result<tokio::net::UnixStream> {
        let std = std::os::unix::net::UnixStream::from(fd);
        std.set_nonblocking(true)?;
        tokio::net::UnixStream::from_std(std)
    }
}
