//! Leading comments of a unit: the doc comment (`///`, `/** … */`, `# …`) and, in Rust, the
//! `#[…]` attributes written above a definition. Tree-sitter puts them beside the definition
//! node, not inside it, so the queries cannot capture them; gold that widens a changed line to
//! "its function, doc comment included" asks for them here. Pure text rules, per language.

use crate::{Lang, Unit};

/// How a language writes comments above a definition.
struct Leading {
    /// Trimmed-line prefixes of one-line comments (and Rust attributes).
    line: &'static [&'static str],
    /// Whether `/* … */` block comments exist.
    block: bool,
}

fn leading(lang: Lang) -> Leading {
    match lang {
        Lang::Python | Lang::Ruby => Leading {
            line: &["#"],
            block: false,
        },
        Lang::Rust => Leading {
            line: &["//", "#["],
            block: true,
        },
        Lang::Php => Leading {
            line: &["//", "#"],
            block: true,
        },
        Lang::JavaScript
        | Lang::TypeScript
        | Lang::Tsx
        | Lang::Go
        | Lang::Java
        | Lang::C
        | Lang::Cpp => Leading {
            line: &["//"],
            block: true,
        },
    }
}

/// Width of a line's leading whitespace, tabs expanded to the next multiple of 8 (as Python's
/// `str.expandtabs` counts them).
fn indent(line: &str) -> usize {
    let mut width = 0;
    for c in line.chars() {
        match c {
            ' ' => width += 1,
            '\t' => width = (width / 8 + 1) * 8,
            _ => break,
        }
    }
    width
}

/// The first line of the comments (and Rust attributes) written directly above line `start`
/// (1-based) of `lines`, at the indentation of line `start`, with no blank line between;
/// `start` itself when there are none.
pub fn leading_start(lang: Lang, lines: &[&str], start: u32) -> u32 {
    let style = leading(lang);
    let Some(own) = start.checked_sub(1).and_then(|i| lines.get(i as usize)) else {
        return start;
    };
    let own = indent(own);
    let mut first = start;
    // `i` is the 0-based index of the candidate line above `first`.
    while first > 1 {
        let i = (first - 2) as usize;
        let Some(raw) = lines.get(i) else {
            break;
        };
        let text = raw.trim();
        if text.is_empty() {
            break;
        }
        if style.block && text.ends_with("*/") {
            // Walk up to the line that opens the block comment; it is the one whose
            // indentation must match (a Javadoc's ` * ` lines sit one column deeper).
            let open = (0..=i).rev().find(|&j| lines[j].contains("/*"));
            match open {
                Some(j) if indent(lines[j]) == own => first = j as u32 + 1,
                _ => break,
            }
        } else if style.line.iter().any(|p| text.starts_with(p)) && indent(raw) == own {
            first -= 1;
        } else {
            break;
        }
    }
    first
}

/// `unit` with its start moved up over its leading comments (see [`leading_start`]).
pub fn with_leading_comments(lang: Lang, lines: &[&str], unit: &Unit) -> Unit {
    Unit {
        start: leading_start(lang, lines, unit.start),
        ..unit.clone()
    }
}

#[cfg(test)]
mod tests {
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
}
