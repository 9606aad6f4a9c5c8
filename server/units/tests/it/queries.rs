//! Every units query compiles against its pinned grammar, and uses only the capture names the
//! extractor understands.

use readcov_units::Lang;

const KINDS: &[&str] = &[
    "function",
    "method",
    "class",
    "struct",
    "union",
    "enum",
    "interface",
    "trait",
    "impl",
    "module",
    "namespace",
    "type",
    "record",
    "constructor",
    "macro",
];

#[test]
fn every_query_compiles() {
    for lang in Lang::ALL {
        let query = lang.query().unwrap_or_else(|e| panic!("{e}"));
        assert!(query.pattern_count() > 0, "{}: empty query", lang.name());
        for name in query.capture_names() {
            let kind = name.strip_suffix(".open").unwrap_or(name);
            assert!(
                *name == "name" || *name == "impl_trait" || KINDS.contains(&kind),
                "{}: unknown capture @{name}",
                lang.name()
            );
        }
        assert!(
            query.capture_names().contains(&"name"),
            "{}: no @name capture",
            lang.name()
        );
    }
}

#[test]
fn every_grammar_loads() {
    for lang in Lang::ALL {
        let mut p = tree_sitter::Parser::new();
        p.set_language(&lang.language())
            .unwrap_or_else(|e| panic!("{}: {e}", lang.name()));
    }
}
