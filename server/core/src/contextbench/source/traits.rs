//! What core asks of the world for an evaluation: a checkout's files ([`Checkout`], per instance
//! through [`Workspaces`]) and a file's blocks ([`DefSource`]); and the note of a file an instance
//! was scored without ([`FileNote`]).

use super::super::Mode;

/// One instance's repository at its base commit.
pub trait Checkout {
    /// `path` (relative, `/`-separated) is a regular file inside the checkout.
    fn is_file(&self, path: &str) -> bool;
    /// The file's bytes: `Ok(None)` when `path` is no file of the checkout, `Err(why)` when it
    /// is one that cannot be read (past the source limit, no permission), which [`Files`](super::Files) notes
    /// with the path: the instance is scored without that file's bytes and blocks.
    fn read(&self, path: &str) -> Result<Option<Vec<u8>>, String>;
}

/// Checkouts by instance: the first of `ids` that has one (`None`: `checkout_failed`). `Sync`:
/// instances are scored on several threads, each asking for its own checkout.
pub trait Workspaces: Sync {
    fn checkout<'a>(&'a self, ids: &[&str]) -> Option<Box<dyn Checkout + 'a>>;
}

/// One syntax node of a block kind: `end` is exclusive, as tree-sitter reports it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Def {
    pub kind: &'static str,
    /// The reference's name for it (`name` field, else the first identifier of the declarator).
    pub name: String,
    pub start: i64,
    pub end: i64,
}

/// Blocks of a file: every node of the block kinds of the file's language (`Sync`: shared by
/// the threads scoring instances).
pub trait DefSource: Sync {
    /// The language of `path` (`None`: no blocks); `mode` picks the extension table (compat:
    /// the reference's). Blocks are cached per (path, language), so both modes parse once.
    fn language(&self, path: &str, mode: Mode) -> Option<&'static str>;
    /// Every block of `src` in `language`, or why it has none (not parsed: past the parse
    /// limit; the parser gave up), which [`Files`](super::Files) notes with the path.
    fn defs(&self, language: &str, src: &[u8]) -> Result<Vec<Def>, String>;
    /// Why a source of `len` bytes in `language` is not parsed, told from its length alone:
    /// asked before the run's [`DefCache`](super::super::defcache::DefCache) keeps a copy of the bytes (a 64 MiB file refused
    /// would otherwise stay in memory for the whole run). Default: every length is parsed.
    fn refuses(&self, _language: &str, _len: usize) -> Option<String> {
        None
    }
}

/// A checkout file an instance was scored without, or without its blocks, and why (the
/// reference evaluator skipped such a file silently; readcov says so, the row still scored).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FileNote {
    /// The path as the checkout names it (relative, `/`-separated).
    pub path: String,
    pub why: String,
    /// What was lost: the file's bytes (its spans and blocks) or only its blocks.
    pub lost: Lost,
}

/// What a [`FileNote`]'s file was scored without.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Lost {
    /// Not read: its byte spans and its blocks are not scored.
    Text,
    /// Read but not parsed: its blocks are not scored.
    Blocks,
}

impl std::fmt::Display for FileNote {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let lost = match self.lost {
            Lost::Text => "its spans and blocks are not scored",
            Lost::Blocks => "its blocks are not scored",
        };
        write!(f, "{}: {} ({lost})", self.path, self.why)
    }
}
