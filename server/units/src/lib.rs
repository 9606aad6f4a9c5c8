//! readcov-units: syntax-aware units (functions, methods, classes, impls, modules, ...) with
//! tree-sitter in 10 languages, and unit coverage maths. Pure: sources arrive as strings.
//!
//! Lines are what readcov measures; units are what people think in. This crate maps lines to the
//! units that enclose them and answers "what if the agent had read the whole unit?".

mod batch;
pub mod blocks;
mod chunked;
mod chunks;
pub mod coverage;
mod dedent;
mod doc;
mod extract;
mod lang;
pub mod locbench;
pub mod nest;
mod plan;
pub mod retrieval;
mod source;
mod tree;

pub use batch::unit_scores;
pub use chunked::ChunkScoring;
pub use coverage::{
    file_unit_coverage, gold_units, run_unit_score, GoldUnit, UnitScore, DEFAULT_WIDEN, UNIT_KEYS,
};
pub use doc::{leading_start, with_leading_comments};
pub use lang::{lang_for_file, lang_for_path, Lang};
/// The one unit and file-syntax types, defined in core (its stages take them too).
pub use readcov_core::syntax::{FileSyntax, Unit};
pub use retrieval::levels::{Level, LevelMeasures};
pub use retrieval::{at_k_rows, widen_chunks, widening_totals, AtKRow, Widening, WideningTotals};
pub use source::{syntax_of_file, units_of_paths, Sources};
pub use tree::{edit_for_replace, UnitTree};
/// Re-exported so callers can build edits without depending on tree-sitter themselves.
pub use tree_sitter::{InputEdit, Point};

use serde::Serialize;
use tree_sitter::Parser;

/// Units of one source text.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct UnitsResult {
    /// Sorted by (start, depth): an enclosing unit comes before the units it contains.
    pub units: Vec<Unit>,
    /// ERROR and MISSING nodes in the parse; units are still extracted from the rest.
    pub parse_errors: usize,
}

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum UnitsError {
    #[error("{lang}: grammar cannot be loaded: {message}")]
    Language { lang: &'static str, message: String },
    #[error("{lang}: units query does not compile: {message}")]
    Query { lang: &'static str, message: String },
    #[error("{lang}: parser gave up")]
    Parse { lang: &'static str },
    #[error("{lang}: {bytes} bytes, over the limit of {MAX_PARSE_BYTES} bytes for syntax units; not parsed")]
    TooLarge { lang: &'static str, bytes: usize },
}

/// The most bytes of source parsed for units. tree-sitter holds about 20 bytes of tree per byte
/// of real code (5 MB of astropy: 117 MB) but up to ~160 on dense lines (5 MB of `x = 1`: 791 MB,
/// 10 s), so the 64 MiB a workspace file may be read at (`readcov_files::MAX_SOURCE_BYTES`) took
/// ~10 GB in `score`, the CLI's other commands and the language server (a gold file, or any
/// document opened). Past this, a file keeps its lines and loses its units, said why. Above real
/// sources: SQLite's one-file amalgamation is 9 MB; the shipped checkouts' largest file is under 1 MB.
pub const MAX_PARSE_BYTES: usize = 16 << 20;

/// [`UnitsError::TooLarge`] when `source` is past [`MAX_PARSE_BYTES`].
pub(crate) fn check_size(lang: Lang, source: &str) -> Result<(), UnitsError> {
    check_len(lang, source.len())
}

/// [`UnitsError::TooLarge`] when a source of `len` bytes is past [`MAX_PARSE_BYTES`]: the bound
/// of units and of ContextBench's blocks alike, told before any byte is parsed.
pub fn check_len(lang: Lang, len: usize) -> Result<(), UnitsError> {
    match len > MAX_PARSE_BYTES {
        true => Err(UnitsError::TooLarge {
            lang: lang.name(),
            bytes: len,
        }),
        false => Ok(()),
    }
}

/// A parser set to `lang`'s grammar.
pub(crate) fn parser_for(lang: Lang) -> Result<Parser, UnitsError> {
    let mut parser = Parser::new();
    parser
        .set_language(&lang.language())
        .map_err(|e| UnitsError::Language {
            lang: lang.name(),
            message: e.to_string(),
        })?;
    Ok(parser)
}

/// Parses `source` and lists its units.
pub fn units(lang: Lang, source: &str) -> Result<UnitsResult, UnitsError> {
    check_size(lang, source)?;
    lang.query()?;
    // A large Python file: top-level chunks parsed in parallel (see `chunks`).
    if let Some(mut chunks) =
        chunks::split(lang, source).and_then(|r| chunks::parse(lang, source, &r))
    {
        return Ok(UnitsResult {
            units: chunks::take_units(&mut chunks).0,
            parse_errors: 0,
        });
    }
    units_by(lang, source, |query, tree| {
        extract::extract(lang, query, tree, source)
    })
}

/// Parses `source` and lists its units with `extract`.
fn units_by(
    lang: Lang,
    source: &str,
    extract: impl FnOnce(&tree_sitter::Query, &tree_sitter::Tree) -> Vec<Unit>,
) -> Result<UnitsResult, UnitsError> {
    let query = lang.query()?;
    let mut parser = parser_for(lang)?;
    let tree = parser
        .parse(source, None)
        .ok_or(UnitsError::Parse { lang: lang.name() })?;
    let (tree, _) = dedent::reparse_if_better(lang, &mut parser, source, tree);
    Ok(UnitsResult {
        units: extract(query, &tree),
        parse_errors: extract::count_errors(&tree),
    })
}

/// [`units`] by the plain query cursor, which visits every node of the tree. The reference the
/// default path is checked against (differential test) and benchmarked against; not for callers.
#[doc(hidden)]
pub fn units_with_query_cursor(lang: Lang, source: &str) -> Result<UnitsResult, UnitsError> {
    units_by(lang, source, |query, tree| {
        extract::extract_with_cursor(query, tree, source)
    })
}

/// Units of an already parsed tree: by the guided walk, or (`query_cursor`) by the plain query
/// cursor. For benchmarks that separate mapping from parsing; not for callers.
#[doc(hidden)]
pub fn map_tree(
    lang: Lang,
    tree: &tree_sitter::Tree,
    source: &str,
    query_cursor: bool,
) -> Result<Vec<Unit>, UnitsError> {
    let query = lang.query()?;
    Ok(if query_cursor {
        extract::extract_with_cursor(query, tree, source)
    } else {
        extract::extract(lang, query, tree, source)
    })
}

/// The innermost (deepest) unit enclosing `line`, if any. `units` as returned by [`units`].
pub fn innermost(units: &[Unit], line: u32) -> Option<&Unit> {
    units
        .iter()
        .filter(|u| u.contains(line))
        .max_by_key(|u| u.depth)
}

/// Every unit enclosing `line`, outermost first.
pub fn chain(units: &[Unit], line: u32) -> Vec<&Unit> {
    let mut out: Vec<&Unit> = units.iter().filter(|u| u.contains(line)).collect();
    out.sort_by_key(|u| u.depth);
    out
}
