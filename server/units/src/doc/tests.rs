use super::*;

fn check(lang: Lang, src: &str, start: u32, want: u32) {
    let lines: Vec<&str> = src.lines().collect();
    assert_eq!(leading_start(lang, &lines, start), want, "{src}");
}

#[test]
fn leading_comments_per_language() {
    // Java Javadoc over an annotated method (the annotation is already in the unit).
    check(
        Lang::Java,
        "class A {\n  /**\n   * Doc.\n   */\n  @Override\n  void f() {}\n}\n",
        5,
        2,
    );
    // Rust doc comment and attribute; a blank line stops the walk.
    check(
        Lang::Rust,
        "// file\n\n/// Doc\n#[inline]\nfn f() {}\n",
        5,
        3,
    );
    // Python comments above a def; the docstring is inside the body already.
    check(
        Lang::Python,
        "x = 1\n# helper\n# more\ndef f():\n    pass\n",
        4,
        2,
    );
    // Code directly above: nothing to take.
    check(Lang::Go, "var x = 1\nfunc f() {}\n", 2, 2);
    // A `*/` with no opening `/*` above stops rather than running off the top.
    check(Lang::C, "x */\nint f(void);\n", 2, 2);
    // Ruby comment; first line of the file.
    check(Lang::Ruby, "# doc\ndef f\nend\n", 2, 1);
    check(Lang::Ruby, "def f\nend\n", 1, 1);
}

#[test]
fn only_comments_at_the_definitions_indentation() {
    // The previous method's trailing comment (deeper) is not the next method's.
    check(
            Lang::Python,
            "class A:\n    def f(self):\n        pass\n        # end of f\n    def g(self):\n        pass\n",
            5,
            5,
        );
    // A block at the def's indentation is taken; the walk stops at the deeper line above it.
    check(
            Lang::Python,
            "class A:\n    def f(self):\n        return 1\n        # trailing\n    # about g\n    # more\n    def g(self):\n        pass\n",
            7,
            5,
        );
    // A shallower comment is not the def's either (inspect.getcomments asks for equality).
    check(Lang::Python, "# module\n    def g():\n        pass\n", 2, 2);
    // Tabs count to the next multiple of 8: a tab-indented comment above an 8-space def.
    check(
        Lang::Python,
        "class A:\n\t# doc\n        def g(self):\n\t\tpass\n",
        3,
        2,
    );
    // Javadoc: the opening `/**` sits at the method's indentation, its ` * ` lines deeper.
    check(
        Lang::Java,
        "class A {\n  void f() {\n  }\n  /**\n   * Doc.\n   */\n  void g() {}\n}\n",
        7,
        4,
    );
    // A block comment opened deeper (inside the previous body) is not taken.
    check(
        Lang::Java,
        "class A {\n  void f() {\n    x(); /* tail\n    */\n  void g() {}\n}\n",
        5,
        5,
    );
    // Line comments in brace languages follow the same rule.
    check(
        Lang::Go,
        "func f() {\n\t// inner\n}\n\t// deeper\nfunc g() {}\n",
        5,
        5,
    );
}

/// Before session 34 the opener was the nearest line above holding `/*`; inside a block comment
/// `/*` opens nothing, so the opener is the topmost `/*` line after the previous `*/`.
#[test]
fn a_block_comment_opens_at_its_first_line_not_at_a_slash_star_inside_it() {
    // Jackson's section banner (tests/data/real-multi NodeCursor.java lines 39-43) set directly
    // above a method: the comment is the whole banner, lines 3-7 (it was 6-7: the last
    // `/****` row).
    let banner = "class A {\n\n    /*\n    /**********************************************************\n    /* JsonStreamContext impl\n    /**********************************************************\n     */\n    public int f() { return 1; }\n}\n";
    check(Lang::Java, banner, 8, 3);
    // A Javadoc whose text names `/*` and `/**` paths is still the method's (it was none: its
    // second line, deeper than the method, was taken for the opener).
    let paths =
        "class A {\n    /**\n     * Matches /* and /** paths.\n     */\n    void g() {}\n}\n";
    check(Lang::Java, paths, 5, 2);
    // The same in C and Rust; a one-line block comment is its own opener.
    check(Lang::C, "/* glob: /* */\nint f(void);\n", 2, 1);
    check(
        Lang::Rust,
        "/*\n * see /* in docs\n */\n/** One line. */\nfn f() {}\n",
        5,
        1,
    );
    // Code that opens a comment after a statement is not a leading comment, at any indentation
    // (it was taken when the statement sat at the definition's indentation).
    check(
        Lang::Java,
        "class A {\n  int y; /* about y\n  */\n  void g() {}\n}\n",
        4,
        4,
    );
    // A line comment that ends in `*/` is a line comment.
    check(Lang::Go, "// ends */\nfunc g() {}\n", 2, 1);
}
