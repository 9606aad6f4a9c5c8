use super::*;

#[test]
fn maps_paths_to_languages() {
    let check = |path: &str, want: Option<Lang>| assert_eq!(lang_for_path(path), want, "{path}");
    check("src/a.py", Some(Lang::Python));
    check("A.PY", Some(Lang::Python));
    check("web/app.jsx", Some(Lang::JavaScript));
    check("web/app.ts", Some(Lang::TypeScript));
    check("web/App.tsx", Some(Lang::Tsx));
    check("main.go", Some(Lang::Go));
    check("lib.rs", Some(Lang::Rust));
    check("Foo.java", Some(Lang::Java));
    check("x.c", Some(Lang::C));
    check("x.h", Some(Lang::C));
    check("x.hpp", Some(Lang::Cpp));
    check("x.cc", Some(Lang::Cpp));
    check("lib/x.rb", Some(Lang::Ruby));
    check("Rakefile", Some(Lang::Ruby));
    check("src/X.php", Some(Lang::Php));
    check("README.md", None);
    check("Makefile", None);
    check("dir.py/file", None);
}

#[test]
fn headers_with_cpp_constructs_are_cpp() {
    let cpp = [
        "class Widget {\npublic:\n  int x;\n};\n",
        "#pragma once\nnamespace geo {\nint area();\n}\n",
        "template <typename T>\nT twice(T v);\n",
        "struct S {\nprivate:\n  int x;\n};\n",
        "using namespace std;\n",
        "class Base : public Other {\n};\n",
    ];
    for src in cpp {
        assert_eq!(lang_for_file("inc/x.h", src), Some(Lang::Cpp), "{src}");
        // Only headers are sniffed: a .c file stays C whatever it holds.
        assert_eq!(lang_for_file("x.c", src), Some(Lang::C), "{src}");
    }
    let c = [
        "#ifdef __cplusplus\nextern \"C\" {\n#endif\nint f(void);\n",
        "struct point { int x, y; };\nint class = 3;\n",
        "/* a class of errors */\n// namespace-like prefixes: ns_\nint ns_f(void);\n",
        "int classify(int x);\n",
    ];
    for src in c {
        assert_eq!(lang_for_file("x.h", src), Some(Lang::C), "{src}");
    }
    assert_eq!(lang_for_file("x.hpp", "int f();\n"), Some(Lang::Cpp));
    assert_eq!(lang_for_file("README", "class X {};"), None);
}

#[test]
fn names_round_trip() {
    for l in Lang::ALL {
        assert_eq!(Lang::from_name(l.name()), Some(l));
    }
    assert_eq!(Lang::from_name("cobol"), None);
}
