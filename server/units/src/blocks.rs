//! ContextBench blocks: every syntax node of the block kinds listed in
//! `grammars/<lang>/blocks.scm`, nested ones included, with the name the reference evaluator
//! gives it (the `name` field, else the best identifier under the `declarator` field or the
//! node). Implements core's [`DefSource`], so core stays free of tree-sitter.

use crate::lang::{lang_for_path, Lang};
use crate::{check_len, parser_for, UnitsError};
use readcov_core::contextbench::{Def, DefSource, Mode};
use std::cell::RefCell;
use std::sync::OnceLock;
use tree_sitter::{Node, Parser, Query, Tree};

/// The block query source of a language (`grammars/<lang>/blocks.scm`; TSX shares TypeScript's).
pub fn blocks_query_source(lang: Lang) -> &'static str {
    match lang {
        Lang::Python => include_str!("../../../grammars/python/blocks.scm"),
        Lang::JavaScript => include_str!("../../../grammars/javascript/blocks.scm"),
        Lang::TypeScript | Lang::Tsx => include_str!("../../../grammars/typescript/blocks.scm"),
        Lang::Go => include_str!("../../../grammars/go/blocks.scm"),
        Lang::Rust => include_str!("../../../grammars/rust/blocks.scm"),
        Lang::Java => include_str!("../../../grammars/java/blocks.scm"),
        Lang::C => include_str!("../../../grammars/c/blocks.scm"),
        Lang::Cpp => include_str!("../../../grammars/cpp/blocks.scm"),
        Lang::Ruby => include_str!("../../../grammars/ruby/blocks.scm"),
        Lang::Php => include_str!("../../../grammars/php/blocks.scm"),
    }
}

/// The compiled block query, built once per process.
pub fn blocks_query(lang: Lang) -> Result<&'static Query, String> {
    static CACHE: [OnceLock<Result<Query, String>>; 11] = [const { OnceLock::new() }; 11];
    CACHE[lang as usize]
        .get_or_init(|| {
            Query::new(&lang.language(), blocks_query_source(lang))
                .map_err(|e| format!("{}: blocks query does not compile: {e}", lang.name()))
        })
        .as_ref()
        .map_err(Clone::clone)
}

/// The language of `path` for blocks. Compat uses the reference's extension table (`.py`,
/// `.js`/`.jsx`, `.ts`, `.tsx`, `.java`, `.go`, `.rs`, `.c`/`.h`, `.cpp`/`.cc`/`.hpp`, `.php`,
/// `.rb`); clean uses readcov's (`.mjs`, `.cxx`, `.pyi`, … too).
pub fn block_lang(path: &str, mode: Mode) -> Option<Lang> {
    match mode {
        Mode::Clean => lang_for_path(path),
        Mode::Compat => {
            let file = path.rsplit('/').next().unwrap_or(path).to_ascii_lowercase();
            let ext = match file.rfind('.') {
                // `splitext`: a name's leading dots are not an extension.
                Some(i) if file[..i].chars().any(|c| c != '.') => &file[i..],
                _ => return None,
            };
            Some(match ext {
                ".py" => Lang::Python,
                ".js" | ".jsx" => Lang::JavaScript,
                ".ts" => Lang::TypeScript,
                ".tsx" => Lang::Tsx,
                ".java" => Lang::Java,
                ".go" => Lang::Go,
                ".rs" => Lang::Rust,
                ".c" | ".h" => Lang::C,
                ".cpp" | ".cc" | ".hpp" => Lang::Cpp,
                ".php" => Lang::Php,
                ".rb" => Lang::Ruby,
                _ => return None,
            })
        }
    }
}

/// The node kinds a block query names, as the grammar's kind ids. The query is compiled first
/// (so a kind the grammar lacks is an error); a tree walk comparing kind ids then finds the
/// same nodes as the query, several times faster than a query cursor.
fn block_kind_ids(lang: Lang) -> &'static [u16] {
    static CACHE: [OnceLock<Vec<u16>>; 11] = [const { OnceLock::new() }; 11];
    CACHE[lang as usize].get_or_init(|| {
        if blocks_query(lang).is_err() {
            return Vec::new();
        }
        let language = lang.language();
        query_kinds(blocks_query_source(lang))
            .map(|k| language.id_for_node_kind(k, true))
            .filter(|&id| id != 0)
            .collect()
    })
}

/// The node kinds named in a block query's text (`[(a) (b)] @block`, `;` comments).
fn query_kinds(src: &str) -> impl Iterator<Item = &str> {
    src.lines()
        .filter(|l| !l.trim_start().starts_with(';'))
        .flat_map(|l| l.split(['(', ')', '[', ']', ' ']))
        .filter(|w| !w.is_empty() && !w.starts_with('@'))
}

thread_local! {
    /// One parser per language and thread, kept between files: a fresh parser per file
    /// re-allocated its parse stack and lexer buffers each time (profiled: malloc and free were
    /// a seventh of a ContextBench run, which is nine tenths tree-sitter).
    static PARSERS: RefCell<[Option<Parser>; 11]> = const { RefCell::new([const { None }; 11]) };
}

/// `src` parsed with this thread's parser for `lang`.
fn parse(lang: Lang, src: &[u8]) -> Result<Tree, UnitsError> {
    PARSERS.with(|cell| {
        let mut parsers = cell.borrow_mut();
        let slot = &mut parsers[lang as usize];
        let parser = match slot {
            Some(p) => p,
            None => slot.insert(parser_for(lang)?),
        };
        (parser.parse(src, None)).ok_or(UnitsError::Parse { lang: lang.name() })
    })
}

/// Every block of `src` in `lang`, in document order (nested blocks after their parent). A
/// source past [`crate::MAX_PARSE_BYTES`] is refused unparsed, as every other parse is (a dense 64 MiB
/// checkout file took tree-sitter ~10 GB), and a parse that fails says so: both gave an empty
/// list, unsaid, the first after the whole parse.
pub fn blocks(lang: Lang, src: &[u8]) -> Result<Vec<Def>, UnitsError> {
    check_len(lang, src.len())?;
    let ids = block_kind_ids(lang);
    let tree = parse(lang, src)?;
    let mut out = Vec::new();
    let mut cursor = tree.walk();
    'walk: loop {
        let n = cursor.node();
        // The kind id first: one comparison, where `is_named` is a call into the C library.
        if ids.contains(&n.kind_id()) && n.is_named() {
            out.push(Def {
                kind: static_kind(n.kind()),
                name: best_name(n, src),
                start: n.start_byte() as i64,
                end: n.end_byte() as i64,
            });
        }
        if cursor.goto_first_child() {
            continue;
        }
        while !cursor.goto_next_sibling() {
            if !cursor.goto_parent() {
                break 'walk;
            }
        }
    }
    Ok(out)
}

/// Every kind the block queries name (a test checks the queries against it), so a [`Def`]
/// holds a `&'static str` rather than a borrow of the tree.
pub const BLOCK_KINDS: [&str; 19] = [
    "function_definition",
    "class_definition",
    "function_declaration",
    "class_declaration",
    "method_definition",
    "arrow_function",
    "interface_declaration",
    "method_declaration",
    "constructor_declaration",
    "type_declaration",
    "function_item",
    "impl_item",
    "struct_item",
    "trait_item",
    "struct_specifier",
    "class_specifier",
    "method",
    "class",
    "module",
];

/// A kind as a `&'static str`.
fn static_kind(k: &str) -> &'static str {
    BLOCK_KINDS
        .iter()
        .find(|s| **s == k)
        .copied()
        .unwrap_or("block")
}

const IDENTIFIERS: [&str; 8] = [
    "identifier",
    "field_identifier",
    "property_identifier",
    "type_identifier",
    "scoped_identifier",
    "namespace_identifier",
    "method_identifier",
    "constant_identifier",
];

fn text(n: Node, src: &[u8]) -> String {
    String::from_utf8_lossy(&src[n.start_byte()..n.end_byte()])
        .trim()
        .to_string()
}

/// The reference's name: the `name` field's text; else, under the `declarator` field (or the
/// node), the first `identifier` in pre-order, else the best-ranked other identifier kind.
fn best_name(def: Node, src: &[u8]) -> String {
    if let Some(n) = def.child_by_field_name("name") {
        let t = text(n, src);
        if !t.is_empty() {
            return t;
        }
    }
    let root = def.child_by_field_name("declarator").unwrap_or(def);
    let rank = |k: &str| match k {
        "identifier" => 0,
        "field_identifier" => 1,
        "property_identifier" => 2,
        "method_identifier" => 3,
        _ => 100,
    };
    let (mut best, mut best_rank) = (String::new(), u32::MAX);
    let mut stack = vec![root];
    while let Some(n) = stack.pop() {
        if n.is_named() && IDENTIFIERS.contains(&n.kind()) {
            let t = text(n, src);
            let r = rank(n.kind());
            if !t.is_empty() && r < best_rank {
                best = t;
                best_rank = r;
                if r == 0 {
                    break;
                }
            }
        }
        let mut c = n.walk();
        let kids: Vec<Node> = n.children(&mut c).collect();
        stack.extend(kids.into_iter().rev());
    }
    best
}

/// Blocks through tree-sitter, as core's [`DefSource`].
#[derive(Clone, Copy, Debug, Default)]
pub struct TreeSitterBlocks;

impl DefSource for TreeSitterBlocks {
    fn language(&self, path: &str, mode: Mode) -> Option<&'static str> {
        block_lang(path, mode).map(Lang::name)
    }
    fn defs(&self, language: &str, src: &[u8]) -> Result<Vec<Def>, String> {
        let Some(lang) = Lang::from_name(language) else {
            return Ok(Vec::new());
        };
        blocks(lang, src).map_err(|e| e.to_string())
    }
    fn refuses(&self, language: &str, len: usize) -> Option<String> {
        let lang = Lang::from_name(language)?;
        check_len(lang, len).err().map(|e| e.to_string())
    }
}

#[cfg(test)]
mod tests;
