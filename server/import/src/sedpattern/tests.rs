use super::*;

fn check(script: &str, text: &str, want: &[(u32, u32)]) {
    let p = parse(script).unwrap_or_else(|| panic!("{script} parses"));
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(resolve(&p, &lines), want, "{script}");
}

const SRC: &str = "import os\ndef write(self, lines):\n    x = 1\n    return lines\n\ndef read(self):\n    return 2\n";

#[test]
fn ranges_as_gnu_sed_prints_them() {
    check("/def write(self, lines):/,/return lines/p", SRC, &[(2, 4)]);
    // Every match of the start opens a range again.
    check("/^def /,/return/p", SRC, &[(2, 4), (6, 7)]);
    // The end is looked for from the line after the start: `/return/,/return/p` spans 4–7.
    check("/return/,/return/p", SRC, &[(4, 7)]);
    // An end never found: to the end of the file.
    check("/def read/,/nothing/p", SRC, &[(6, 7)]);
    check("/def read/,$p", SRC, &[(6, 7)]);
    // A line-number end at or before the start line: only the start line.
    check("/def read/,2p", SRC, &[(6, 6)]);
    check("1,/def/p", SRC, &[(1, 2)]);
    // A single address prints each matching line.
    check("/return/p", SRC, &[(4, 4), (7, 7)]);
    check("/absent/p", SRC, &[]);
}

#[test]
fn basic_regex_syntax() {
    // BRE: `(`, `+`, `{` are literal; `\(…\)`, `\+` are operators; `\/` is a slash.
    check("/write(self/p", SRC, &[(2, 2)]);
    check("/x = \\(1\\)/p", SRC, &[(3, 3)]);
    check("/[[:space:]]return [0-9]\\+/p", SRC, &[(7, 7)]);
    check("/[]x]/p", "]\nx\ny\n", &[(1, 2)]);
    check("/a\\/b/p", "a/b\nab\n", &[(1, 1)]);
    assert!(
        parse("10,20p").is_none(),
        "line ranges are sedstep::parse's job"
    );
    assert!(parse("/unclosed/,/x").is_none());
    assert!(parse("/a/d").is_none());
}
