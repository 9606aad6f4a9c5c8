use super::*;

#[test]
fn every_block_query_compiles_and_names_known_kinds() {
    for lang in Lang::ALL {
        let q = blocks_query(lang).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(q.capture_names(), &["block"], "{}", lang.name());
        let kinds: Vec<&str> = query_kinds(blocks_query_source(lang)).collect();
        for kind in &kinds {
            assert!(BLOCK_KINDS.contains(kind), "{}: {kind}", lang.name());
        }
        // Every kind is a kind of the grammar: the walk finds what the query finds.
        assert_eq!(block_kind_ids(lang).len(), kinds.len(), "{}", lang.name());
    }
}

/// The walk finds exactly the nodes a query cursor running `blocks.scm` finds.
#[test]
fn the_kind_walk_equals_the_query() {
    use tree_sitter::{QueryCursor, StreamingIterator};
    let samples = [
            (Lang::Python, "class A:\n    def f(self):\n        def g(): pass\n        return g\nasync def h(): pass\n"),
            (Lang::JavaScript, "function f() { const g = () => 1; }\nclass K { m() { return x => x; } }\n"),
            (Lang::TypeScript, "interface I { a: number }\nclass K { m(): void {} }\nfunction f() {}\n"),
            (Lang::Java, "class A { A() {} void m() {} interface I {} }\n"),
            (Lang::Go, "package p\ntype T struct{}\nfunc (t T) M() {}\nfunc F() {}\n"),
            (Lang::Rust, "struct S; trait T { fn a(); } impl T for S { fn a() { fn inner() {} } }\n"),
            (Lang::C, "struct P { int x; };\nint f(void) { return 0; }\n"),
            (Lang::Cpp, "class K { void m() {} };\nstruct S {};\nint f() { return 1; }\n"),
            (Lang::Ruby, "module M\n  class C\n    def m; end\n  end\nend\n"),
            (Lang::Php, "<?php\nfunction f() {}\nclass C { function m() {} }\n"),
        ];
    for (lang, src) in samples {
        let mut parser = parser_for(lang).unwrap();
        let tree = parser.parse(src, None).unwrap();
        let query = blocks_query(lang).unwrap();
        let mut cursor = QueryCursor::new();
        let mut want = Vec::new();
        let mut m = cursor.matches(query, tree.root_node(), src.as_bytes());
        while let Some(m) = m.next() {
            for c in m.captures() {
                want.push((c.node.start_byte() as i64, c.node.end_byte() as i64));
            }
        }
        want.sort_unstable();
        let mut got: Vec<_> = blocks(lang, src.as_bytes())
            .unwrap()
            .iter()
            .map(|d| (d.start, d.end))
            .collect();
        got.sort_unstable();
        assert!(!got.is_empty(), "{}", lang.name());
        assert_eq!(got, want, "{}", lang.name());
    }
}

fn summary(lang: Lang, src: &str) -> Vec<(&'static str, String, i64, i64)> {
    let mut d: Vec<_> = blocks(lang, src.as_bytes())
        .unwrap()
        .into_iter()
        .map(|d| (d.kind, d.name, d.start, d.end))
        .collect();
    d.sort_by_key(|x| (x.2, x.3));
    d
}

#[test]
fn python_blocks_nest_and_async_defs_are_function_definitions() {
    let src = "class C:\n    async def m(self):\n        pass\n\ndef f():\n    g = lambda: 1\n";
    assert_eq!(
        summary(Lang::Python, src),
        vec![
            ("class_definition", "C".to_string(), 0, 44),
            ("function_definition", "m".to_string(), 13, 44),
            ("function_definition", "f".to_string(), 46, 72),
        ]
    );
}

#[test]
fn names_come_from_the_declarator_when_there_is_no_name_field() {
    let c = summary(
        Lang::C,
        "static int *add(int a) { return a; }\nstruct P { int x; };\n",
    );
    assert_eq!(c[0].0, "function_definition");
    assert_eq!(c[0].1, "add");
    assert_eq!((c[1].0, c[1].1.as_str()), ("struct_specifier", "P"));
    let js = summary(
        Lang::JavaScript,
        "const h = (x) => x;\nclass K { run() {} }\n",
    );
    let kinds: Vec<_> = js.iter().map(|d| (d.0, d.1.as_str())).collect();
    // An arrow function has neither a name nor a declarator: its first identifier, `x`.
    assert_eq!(
        kinds,
        vec![
            ("arrow_function", "x"),
            ("class_declaration", "K"),
            ("method_definition", "run")
        ]
    );
}

#[test]
fn compat_uses_the_reference_extension_table() {
    assert_eq!(block_lang("a/b.PY", Mode::Compat), Some(Lang::Python));
    assert_eq!(block_lang("x.hpp", Mode::Compat), Some(Lang::Cpp));
    assert_eq!(block_lang("x.mjs", Mode::Compat), None);
    assert_eq!(block_lang("x.mjs", Mode::Clean), Some(Lang::JavaScript));
    assert_eq!(block_lang(".py", Mode::Compat), None);
    let lang = TreeSitterBlocks.language("lib.rs", Mode::Compat).unwrap();
    let rs = TreeSitterBlocks
        .defs(lang, b"impl S { fn f() {} }")
        .unwrap();
    assert_eq!(
        rs.iter().map(|d| d.kind).collect::<Vec<_>>(),
        vec!["impl_item", "function_item"]
    );
}

/// A source past `MAX_PARSE_BYTES` is refused before tree-sitter sees it, said with the sizes;
/// `refuses` tells the same from the length alone (before the run's cache copies the bytes).
/// Before, `blocks` parsed any size (a dense 64 MiB file: ~10 GB) and could not say why a file
/// had no blocks.
#[test]
fn a_source_past_the_parse_limit_is_refused_unparsed() {
    let limit = crate::MAX_PARSE_BYTES;
    let mut src = "x = 1\n".repeat(limit / 6 + 1).into_bytes();
    src.truncate(limit + 1);
    let why = format!(
        "python: {} bytes, over the limit of {limit} bytes for syntax units; not parsed",
        limit + 1
    );
    let err = blocks(Lang::Python, &src).unwrap_err();
    assert_eq!(err.to_string(), why);
    assert_eq!(TreeSitterBlocks.defs("python", &src), Err(why.clone()));
    assert_eq!(TreeSitterBlocks.refuses("python", src.len()), Some(why));
    // At the limit itself, parsed (told from the length: parsing 16 MiB of dense lines here
    // would cost a test gigabytes).
    assert_eq!(TreeSitterBlocks.refuses("python", limit), None);
}
