//! The language table: file extensions → tree-sitter grammar → `grammars/<lang>/units.scm`.
//!
//! Queries are compiled once per language (lazily, on first use) and shared across threads.

use crate::plan::Plan;
use crate::UnitsError;
use serde::Serialize;
use std::sync::OnceLock;
use tree_sitter::{Language, Query};

/// A language readcov knows units for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Lang {
    Python,
    JavaScript,
    TypeScript,
    Tsx,
    Go,
    Rust,
    Java,
    C,
    Cpp,
    Ruby,
    Php,
}

impl Lang {
    /// Every supported language, in table order.
    pub const ALL: [Lang; 11] = [
        Lang::Python,
        Lang::JavaScript,
        Lang::TypeScript,
        Lang::Tsx,
        Lang::Go,
        Lang::Rust,
        Lang::Java,
        Lang::C,
        Lang::Cpp,
        Lang::Ruby,
        Lang::Php,
    ];

    /// Short lowercase name, as used in `grammars/<name>/` (TSX shares TypeScript's query).
    pub fn name(self) -> &'static str {
        match self {
            Lang::Python => "python",
            Lang::JavaScript => "javascript",
            Lang::TypeScript => "typescript",
            Lang::Tsx => "tsx",
            Lang::Go => "go",
            Lang::Rust => "rust",
            Lang::Java => "java",
            Lang::C => "c",
            Lang::Cpp => "cpp",
            Lang::Ruby => "ruby",
            Lang::Php => "php",
        }
    }

    /// Parses a name as given by [`Lang::name`] (for a `--lang` override).
    pub fn from_name(name: &str) -> Option<Lang> {
        Lang::ALL
            .into_iter()
            .find(|l| l.name().eq_ignore_ascii_case(name))
    }

    /// [`Lang::from_name`], or the error `--lang` and Python's `lang=` give, naming the known ones.
    pub fn parse(name: &str) -> Result<Lang, String> {
        Lang::from_name(name).ok_or_else(|| {
            let names: Vec<&str> = Lang::ALL.iter().map(|l| l.name()).collect();
            format!("unknown language `{name}` (known: {})", names.join(", "))
        })
    }

    /// File extensions (lowercase, no dot) mapped to this language.
    pub fn extensions(self) -> &'static [&'static str] {
        match self {
            Lang::Python => &["py", "pyi", "pyw"],
            Lang::JavaScript => &["js", "mjs", "cjs", "jsx"],
            Lang::TypeScript => &["ts", "mts", "cts"],
            Lang::Tsx => &["tsx"],
            Lang::Go => &["go"],
            Lang::Rust => &["rs"],
            Lang::Java => &["java"],
            // `.h` is shared by C and C++; the C grammar is the safer default for plain headers.
            Lang::C => &["c", "h"],
            Lang::Cpp => &[
                "cc", "cpp", "cxx", "c++", "hh", "hpp", "hxx", "h++", "ipp", "tpp",
            ],
            Lang::Ruby => &["rb", "rake", "gemspec", "ru"],
            Lang::Php => &["php", "phtml", "php5", "php7", "phps"],
        }
    }

    /// The pinned tree-sitter grammar.
    pub fn language(self) -> Language {
        match self {
            Lang::Python => tree_sitter_python::LANGUAGE.into(),
            Lang::JavaScript => tree_sitter_javascript::LANGUAGE.into(),
            Lang::TypeScript => tree_sitter_typescript::LANGUAGE_TYPESCRIPT.into(),
            Lang::Tsx => tree_sitter_typescript::LANGUAGE_TSX.into(),
            Lang::Go => tree_sitter_go::LANGUAGE.into(),
            Lang::Rust => tree_sitter_rust::LANGUAGE.into(),
            Lang::Java => tree_sitter_java::LANGUAGE.into(),
            Lang::C => tree_sitter_c::LANGUAGE.into(),
            Lang::Cpp => tree_sitter_cpp::LANGUAGE.into(),
            Lang::Ruby => tree_sitter_ruby::LANGUAGE.into(),
            // LANGUAGE_PHP accepts `<?php` files with inline HTML, which is what real files are.
            Lang::Php => tree_sitter_php::LANGUAGE_PHP.into(),
        }
    }

    /// The units query source (`grammars/<lang>/units.scm`).
    pub fn query_source(self) -> &'static str {
        match self {
            Lang::Python => include_str!("../../../grammars/python/units.scm"),
            Lang::JavaScript => include_str!("../../../grammars/javascript/units.scm"),
            // TSX is TypeScript plus JSX expressions: the same definitions, the same query.
            Lang::TypeScript | Lang::Tsx => include_str!("../../../grammars/typescript/units.scm"),
            Lang::Go => include_str!("../../../grammars/go/units.scm"),
            Lang::Rust => include_str!("../../../grammars/rust/units.scm"),
            Lang::Java => include_str!("../../../grammars/java/units.scm"),
            Lang::C => include_str!("../../../grammars/c/units.scm"),
            Lang::Cpp => include_str!("../../../grammars/cpp/units.scm"),
            Lang::Ruby => include_str!("../../../grammars/ruby/units.scm"),
            Lang::Php => include_str!("../../../grammars/php/units.scm"),
        }
    }

    /// The grammar's `node-types.json` (which node kinds may appear under which).
    pub(crate) fn node_types(self) -> &'static str {
        match self {
            Lang::Python => tree_sitter_python::NODE_TYPES,
            Lang::JavaScript => tree_sitter_javascript::NODE_TYPES,
            Lang::TypeScript => tree_sitter_typescript::TYPESCRIPT_NODE_TYPES,
            Lang::Tsx => tree_sitter_typescript::TSX_NODE_TYPES,
            Lang::Go => tree_sitter_go::NODE_TYPES,
            Lang::Rust => tree_sitter_rust::NODE_TYPES,
            Lang::Java => tree_sitter_java::NODE_TYPES,
            Lang::C => tree_sitter_c::NODE_TYPES,
            Lang::Cpp => tree_sitter_cpp::NODE_TYPES,
            Lang::Ruby => tree_sitter_ruby::NODE_TYPES,
            Lang::Php => tree_sitter_php::PHP_NODE_TYPES,
        }
    }

    /// The guided walk's plan (see [`crate::plan`]), built once per process; `None` when the
    /// query cannot be planned and the plain query cursor is used.
    pub(crate) fn plan(self) -> Option<&'static Plan> {
        static CACHE: [OnceLock<Option<Plan>>; 11] = [const { OnceLock::new() }; 11];
        CACHE[self as usize]
            .get_or_init(|| {
                let query = self.query().ok()?;
                Plan::new(
                    &self.language(),
                    query,
                    self.query_source(),
                    self.node_types(),
                )
            })
            .as_ref()
    }

    /// The compiled units query, built once per process.
    pub fn query(self) -> Result<&'static Query, UnitsError> {
        static CACHE: [OnceLock<Result<Query, String>>; 11] = [const { OnceLock::new() }; 11];
        let slot = &CACHE[self as usize];
        slot.get_or_init(|| {
            Query::new(&self.language(), self.query_source()).map_err(|e| e.to_string())
        })
        .as_ref()
        .map_err(|message| UnitsError::Query {
            lang: self.name(),
            message: message.clone(),
        })
    }
}

/// The language of a file, from its extension (case-insensitive) or a few well-known file names.
pub fn lang_for_path(path: &str) -> Option<Lang> {
    let file = path.rsplit(['/', '\\']).next().unwrap_or(path);
    if matches!(file, "Rakefile" | "Gemfile" | "Guardfile" | "Vagrantfile") {
        return Some(Lang::Ruby);
    }
    let (_, ext) = file.rsplit_once('.')?;
    let ext = ext.to_ascii_lowercase();
    Lang::ALL
        .into_iter()
        .find(|l| l.extensions().contains(&ext.as_str()))
}

/// The language for `path` given its text: [`lang_for_path`], except that a `.h` header (C by
/// extension) whose text shows C++ — a line starting with `class X`, `namespace`, `template`,
/// `using namespace` or an access specifier — is C++. Mere mentions (`extern "C"` guards, a C
/// variable named `class`) are not enough.
pub fn lang_for_file(path: &str, source: &str) -> Option<Lang> {
    let lang = lang_for_path(path)?;
    let is_header = path
        .rsplit_once('.')
        .is_some_and(|(_, ext)| ext.eq_ignore_ascii_case("h"));
    if lang == Lang::C && is_header && looks_like_cpp(source) {
        return Some(Lang::Cpp);
    }
    Some(lang)
}

fn looks_like_cpp(source: &str) -> bool {
    source.lines().any(|line| {
        let l = line.trim_start();
        let word = |w: &str| {
            l.strip_prefix(w)
                .is_some_and(|rest| rest.starts_with([' ', '\t', '<', '{']) || rest.is_empty())
        };
        word("namespace")
            || word("template")
            || l.starts_with("using namespace ")
            || ["public:", "private:", "protected:"]
                .iter()
                .any(|a| l.starts_with(a))
            || l.strip_prefix("class ").is_some_and(|rest| {
                // `class Name {`, `class Name : Base`, `class Name;`, `class API Name final`.
                let rest = rest.trim_end();
                rest.starts_with(|c: char| c.is_ascii_alphabetic() || c == '_')
                    && (rest.ends_with(['{', ';', ','])
                        || rest.contains(" : ")
                        || rest.split_whitespace().count() <= 3)
                    && !rest.contains(['=', '(', '['])
            })
    })
}

#[cfg(test)]
mod tests;
