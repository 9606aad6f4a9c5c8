//! Leading comments of a unit: the doc comment (`///`, `/** … */`, `# …`) and, in Rust, the
//! `#[…]` attributes written above a definition. Tree-sitter puts them beside the definition
//! node, not inside it, so the queries cannot capture them; gold that widens a changed line to
//! "its function, doc comment included" asks for them here. Pure text rules, per language.

use crate::{Lang, Unit};
use readcov_core::syntax::indentation;

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

/// The first line of the comments (and Rust attributes) written directly above line `start`
/// (1-based) of `lines`, at the indentation of line `start`, with no blank line between;
/// `start` itself when there are none.
pub fn leading_start(lang: Lang, lines: &[&str], start: u32) -> u32 {
    let style = leading(lang);
    let Some(own) = start.checked_sub(1).and_then(|i| lines.get(i as usize)) else {
        return start;
    };
    let own = indentation(own);
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
        if style.block && text.ends_with("*/") && !text.starts_with("//") {
            // Walk up to the line that opens the block comment; it is the one whose
            // indentation must match (a Javadoc's ` * ` lines sit one column deeper).
            match block_open(lines, i) {
                Some(j) if indentation(lines[j]) == own => first = j as u32 + 1,
                _ => break,
            }
        } else if style.line.iter().any(|p| text.starts_with(p)) && indentation(raw) == own {
            first -= 1;
        } else {
            break;
        }
    }
    first
}

/// The line (0-based) that opens the block comment ending on line `end`, if any. A block
/// comment ends at its first `*/`, so no line inside it holds one: the opener is the topmost
/// line starting with `/*` above `end` and below the nearest earlier line holding `*/`. A `/*`
/// inside the comment opens nothing — the `/****…` rows and `/* Title` of a banner, a Javadoc
/// naming `/*` or `/**` paths — so the nearest line holding `/*` is not the opener (it was
/// before session 34: a banner's leading comment started at its last `/****` row, and a
/// Javadoc with `/*` in its text was no leading comment at all).
fn block_open(lines: &[&str], end: usize) -> Option<usize> {
    let last = lines[end].trim_start();
    if last
        .strip_prefix("/*")
        .is_some_and(|rest| rest.contains("*/"))
    {
        return Some(end); // a one-line comment, `/** Doc. */`
    }
    let mut open = None;
    for j in (0..end).rev() {
        if lines[j].contains("*/") {
            break;
        }
        if lines[j].trim_start().starts_with("/*") {
            open = Some(j);
        }
    }
    open
}

/// `unit` with its start moved up over its leading comments (see [`leading_start`]).
pub fn with_leading_comments(lang: Lang, lines: &[&str], unit: &Unit) -> Unit {
    Unit {
        start: leading_start(lang, lines, unit.start),
        ..unit.clone()
    }
}

#[cfg(test)]
mod tests;
