//! A git-style unified diff of one file from its two texts (3 lines of context, as `git diff`
//! writes), so a change rebuilt by replaying a run's edits can be written as a patch that
//! `git apply` takes. Lines are matched by core's line diff; when more lines differ than it
//! follows, the file is written as one hunk replacing every line.

use readcov_core::base::diff_lines;

const CONTEXT: usize = 3;

#[derive(Clone, Copy, PartialEq, Eq)]
enum Step {
    Same(usize, usize),
    Del(usize),
    Ins(usize),
}

/// Lines without their `\n` (a `\r` stays, so context lines are the file's own bytes), and
/// whether the text ends with a break.
fn lines(text: &str) -> (Vec<&str>, bool) {
    if text.is_empty() {
        return (Vec::new(), true);
    }
    let body = text.strip_suffix('\n').unwrap_or(text);
    (body.split('\n').collect(), text.ends_with('\n'))
}

/// The diff of `path` from `old` to `new` (`None`: the file does not exist on that side);
/// empty when nothing differs.
pub fn file_diff(path: &str, old: Option<&str>, new: Option<&str>) -> String {
    if old == new {
        return String::new();
    }
    let (a, a_nl) = lines(old.unwrap_or(""));
    let (b, b_nl) = lines(new.unwrap_or(""));
    let steps = steps(
        old.unwrap_or(""),
        new.unwrap_or(""),
        (a.len(), a_nl),
        (b.len(), b_nl),
    );
    let mut out = format!("diff --git a/{path} b/{path}\n");
    match (old, new) {
        (None, _) => out += "new file mode 100644\n--- /dev/null\n",
        (_, None) => out += &format!("deleted file mode 100644\n--- a/{path}\n"),
        _ => out += &format!("--- a/{path}\n"),
    }
    out += &match new {
        None => "+++ /dev/null\n".to_string(),
        Some(_) => format!("+++ b/{path}\n"),
    };
    for (lo, hi) in hunks(&steps) {
        write_hunk(&mut out, &steps[lo..hi], (&a, a_nl), (&b, b_nl));
    }
    out
}

/// Every line of both texts in order: kept, deleted or inserted. `a`, `b`: line count and
/// final break of each side.
fn steps(old: &str, new: &str, a: (usize, bool), b: (usize, bool)) -> Vec<Step> {
    let (n, m) = (a.0, b.0);
    let mut out = Vec::with_capacity(n.max(m));
    let (mut i, mut j) = (0usize, 0usize);
    let flush_to = |out: &mut Vec<Step>, i: &mut usize, j: &mut usize, bi: usize, bj: usize| {
        out.extend((*i..bi).map(Step::Del));
        out.extend((*j..bj).map(Step::Ins));
        (*i, *j) = (bi, bj);
    };
    if let Some(runs) = diff_lines(old.as_bytes(), new.as_bytes()) {
        for (bi, bj, len) in runs.matched() {
            let (bi, bj, len) = (bi as usize, bj as usize, len as usize);
            flush_to(&mut out, &mut i, &mut j, bi, bj);
            out.extend((0..len).map(|k| Step::Same(bi + k, bj + k)));
            (i, j) = (bi + len, bj + len);
        }
    }
    flush_to(&mut out, &mut i, &mut j, n, m);
    // A last line without a break is the same line only as the other side's last line, also
    // without one (`x` and `x\n` differ; so do `x` at the end and `x` followed by more).
    let unbroken = |x: usize, y: usize| (x + 1 == n && !a.1) || (y + 1 == m && !b.1);
    let both_last = |x: usize, y: usize| x + 1 == n && y + 1 == m && a.1 == b.1;
    if let Some(k) = out
        .iter()
        .position(|s| matches!(*s, Step::Same(x, y) if unbroken(x, y) && !both_last(x, y)))
    {
        let Step::Same(x, y) = out[k] else {
            unreachable!()
        };
        out.splice(k..=k, [Step::Del(x), Step::Ins(y)]);
    }
    out
}

/// Step ranges of each hunk: changes with up to 3 kept lines around them, joined when the
/// kept lines between two changes are at most twice that.
fn hunks(steps: &[Step]) -> Vec<(usize, usize)> {
    let changed: Vec<usize> = (steps.iter().enumerate())
        .filter(|(_, s)| !matches!(s, Step::Same(..)))
        .map(|(k, _)| k)
        .collect();
    let mut out: Vec<(usize, usize)> = Vec::new();
    for k in changed {
        let (lo, hi) = (
            k.saturating_sub(CONTEXT),
            (k + 1 + CONTEXT).min(steps.len()),
        );
        match out.last_mut() {
            Some((_, end)) if lo <= *end => *end = hi,
            _ => out.push((lo, hi)),
        }
    }
    out
}

fn write_hunk(out: &mut String, steps: &[Step], a: (&[&str], bool), b: (&[&str], bool)) {
    let first_old = steps.iter().find_map(|s| match s {
        Step::Same(i, _) | Step::Del(i) => Some(*i),
        Step::Ins(_) => None,
    });
    let first_new = steps.iter().find_map(|s| match s {
        Step::Same(_, j) | Step::Ins(j) => Some(*j),
        Step::Del(_) => None,
    });
    let old_len = steps.iter().filter(|s| !matches!(s, Step::Ins(_))).count();
    let new_len = steps.iter().filter(|s| !matches!(s, Step::Del(_))).count();
    out.push_str(&format!(
        "@@ -{} +{} @@\n",
        range(first_old, old_len),
        range(first_new, new_len)
    ));
    let marker = "\\ No newline at end of file\n";
    for s in steps {
        match *s {
            Step::Same(i, j) => {
                out.push_str(&format!(" {}\n", a.0[i]));
                if (i + 1 == a.0.len() && !a.1) || (j + 1 == b.0.len() && !b.1) {
                    out.push_str(marker);
                }
            }
            Step::Del(i) => {
                out.push_str(&format!("-{}\n", a.0[i]));
                if i + 1 == a.0.len() && !a.1 {
                    out.push_str(marker);
                }
            }
            Step::Ins(j) => {
                out.push_str(&format!("+{}\n", b.0[j]));
                if j + 1 == b.0.len() && !b.1 {
                    out.push_str(marker);
                }
            }
        }
    }
}

/// `start,len` (1-based; `,len` left out when it is 1), or `0,0` for an empty side (with 3
/// lines of context only a side with no lines at all is empty).
fn range(first: Option<usize>, len: usize) -> String {
    match (first, len) {
        (Some(f), 1) => format!("{}", f + 1),
        (Some(f), n) if n > 0 => format!("{},{n}", f + 1),
        _ => "0,0".to_string(),
    }
}
