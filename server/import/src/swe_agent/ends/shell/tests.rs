//! Counts from `wc -l` and `cat -n` outputs (GNU coreutils 9.1, printed for files of 3 lines,
//! with and without a final line break).

use super::*;

#[test]
fn wc_l_counts_line_breaks_and_cat_n_numbers_lines() {
    let cwd = Some("/testbed");
    // printf 'a\nb\nc\n' > f.py; wc -l f.py → `3 f.py`: the editor numbers 4 parts.
    assert_eq!(
        count("wc -l f.py", "3 f.py\n", cwd),
        Some(("/testbed/f.py".into(), 4))
    );
    // printf 'a\nb\nc' (no final break): `2 f.py`, and the editor's 3 parts.
    assert_eq!(
        count("wc -l /testbed/f.py", "2 /testbed/f.py\n", None),
        Some(("/testbed/f.py".into(), 3))
    );
    let cat = "     1\ta\n     2\tb\n     3\tc\n";
    assert_eq!(
        count("cat -n f.py", cat, cwd),
        Some(("/testbed/f.py".into(), 4))
    );
    // Stripped by SWE-ReX: the first indent and a last empty line's tab gone.
    assert_eq!(
        count("cat -n f.py", "1\ta\n     2", cwd),
        Some(("/testbed/f.py".into(), 3))
    );
}

#[test]
fn other_commands_and_outputs_tell_nothing() {
    let cwd = Some("/testbed");
    // Not numbered from 1 in order, an error, another file, a pipeline, a glob, after a `cd`.
    assert_eq!(count("cat -n f.py", "     2\tb\n", cwd), None);
    assert_eq!(
        count("cat -n f.py", "cat: f.py: No such file or directory\n", cwd),
        None
    );
    assert_eq!(count("wc -l f.py", "3 g.py\n", cwd), None);
    assert_eq!(count("wc -l f.py | cat", "3 f.py\n", cwd), None);
    assert_eq!(count("cd x && wc -l f.py", "3 f.py\n", cwd), None);
    assert_eq!(count("wc -l *.py", "3 f.py\n", cwd), None);
    assert_eq!(count("wc -l f.py", "3 f.py\n", None), None);
    assert_eq!(count("wc f.py", "3 6 12 f.py\n", cwd), None);
}
