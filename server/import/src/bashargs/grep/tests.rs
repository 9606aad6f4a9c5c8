//! The one grep command-line parser: options as given, values skipped wherever written.

use super::{grep_args, Opt};
use std::borrow::Cow;

fn words(line: &str) -> Vec<Cow<'static, str>> {
    line.split_whitespace()
        .map(|w| Cow::Owned(w.to_string()))
        .collect()
}

#[test]
fn options_values_and_operands() {
    let w = words("grep -rnA3 -e x --include=*.py --context 2 -- -y f.py");
    let g = grep_args(&w);
    assert_eq!(
        g.opts,
        vec![
            Opt::Short('r'),
            Opt::Short('n'),
            Opt::ShortValued('A'),
            Opt::ShortValued('e'),
            Opt::LongValued("include"),
            Opt::LongValued("context"),
        ]
    );
    // `-e x` gave the pattern, so `-y` (after `--`) and f.py are files.
    assert!(g.pattern && g.numbered && g.multi && !g.missing_value);
    assert_eq!(g.files, vec!["-y", "f.py"]);
}

#[test]
fn what_the_bash_reader_needs() {
    let g = |l: &str| {
        let w = words(l);
        let g = grep_args(&w);
        (
            g.numbered,
            g.multi,
            g.lists_only,
            g.matched_only,
            g.no_filename,
        )
    };
    assert_eq!(g("grep -hn x f"), (true, false, false, false, true));
    assert_eq!(g("grep -hHn x f"), (true, true, false, false, false));
    assert_eq!(g("rg -h x"), (false, true, true, false, false));
    assert_eq!(g("rg -In x"), (true, true, false, false, true));
    assert_eq!(g("grep -c x f"), (false, false, true, false, false));
    assert_eq!(
        g("grep --only-matching -n x f"),
        (true, false, false, true, false)
    );
    // `-5n`: a digit is GNU grep's context, the `n` after it still numbers.
    assert_eq!(g("grep -5n x f"), (true, false, false, false, false));
}

#[test]
fn a_value_the_line_lacks_and_a_stdin_operand() {
    let w = words("grep x f.py -A");
    assert!(grep_args(&w).missing_value);
    let w = words("grep x -");
    let g = grep_args(&w);
    assert!(g.stdin && g.files == vec!["-"]);
    // ripgrep's `-g`/`-t` take values; grep has no such options (the letters are flags).
    let w = words("rg -g *.py x src");
    assert_eq!(grep_args(&w).files, vec!["src"]);
}
