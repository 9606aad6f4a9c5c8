//! Which lines of a command's output are a read's own when other commands of the call print
//! too (`echo x && cat f`), and what a read credits without the file's length: from a known first
//! line, as many lines as the output has when its line count is the read's (docs/importers.md,
//! "What counts as a read" and "What counts as displayed").

use crate::bashread::{sedstep, stream, Banner, Sel};
use crate::display::{Cut, Displayed};
use crate::shell::Pipeline;
use crate::summary::Reason;

/// What a read's output displayed of the read's own lines, when it is the command's only read.
pub(super) struct Seen<'a> {
    /// The output without what is not the read's: a banner, and around a cut the head (another
    /// command printed before the read) or the tail (another printed after it).
    pub(super) d: Displayed<'a>,
    /// No other command printed: the output's lines (or the count the tool states) are all the
    /// read's.
    pub(super) own: bool,
}

impl<'a> Seen<'a> {
    /// `before`/`after`: what the other commands of the call that ran before or after the read
    /// print (their lines are in the output too).
    pub(super) fn of(
        d: &Displayed<'a>,
        banner: Option<Banner>,
        path: &str,
        pre: &[Prints],
        post: &[Prints],
    ) -> Self {
        let mut d = banner.map_or_else(|| d.clone(), |b| b.strip(d, path));
        let mut before = pre.iter().any(|p| *p != Prints::Nothing);
        let mut after = post.iter().any(|p| *p != Prints::Nothing);
        // Echoes of plain words whose lines open and close the output where they ran: taken
        // off, the rest is the read's own (before session 31 any `echo` made the output's line
        // count not the read's: `echo x && head -n 50 f` credited 21 lines of a 20-line file).
        if before || after {
            if let Some(stripped) = strip_echoes(&d, known(pre), known(post)) {
                d = stripped;
                before = false;
                after = false;
            }
        }
        let own = !before && !after;
        if !own {
            // The stated count is the whole output's (before session 29 it was used when the
            // others were silent only for want of a line count: `true && cat f`).
            d.total = None;
        }
        // Around a cut, the start of the output is an earlier command's, its end a later one's:
        // which of the read's lines they replaced is unknown (before session 29 they were
        // credited as the read's, `git status && cat f` cut one line of the file per status line).
        if d.is_cut() && before {
            d.head.clear();
            d.head_partial = false;
        }
        if d.cut == Cut::Middle && after {
            d.tail.clear();
            d.tail_partial = false;
        }
        Seen { d, own }
    }
}

/// Without the file's length: the lines of `sels`' stream the output shows. Its start is known,
/// its end only when the output's line count is the read's (an output no other command printed
/// into, whole or with the count the tool states): a lone whole-file read, `tail -n +K f` and
/// `sed -n 'a,$p' f` shown whole credit every line shown (K..K+n-1), cut their head (the last
/// line maybe in part) and, with the count stated, their tail. A bounded stream (`head -n N`,
/// `sed -n 'a,bp'`) is an upper bound the output's line count trims (see [`Displayed::keep`]).
/// Before session 29 `tail -n +K f` and `sed -n 'a,$p' f` credited nothing without the length
/// (*file length unknown*), shown whole or cut, and an `echo x && cat f` output's `x` counted
/// as one more line of `f`.
pub(super) fn without_length(sels: &[Sel], seen: Option<&Seen>) -> Result<Vec<(u32, u32)>, Reason> {
    // As many lines as the output had, from the stream's start: where the file's end is.
    let counted = seen.filter(|s| s.own).and_then(|s| match s.d.cut {
        Cut::None => Some(s.d.count() as u64).filter(|n| *n > 0),
        _ => s.d.total.filter(|n| *n >= s.d.count() as u64),
    });
    // `sed -n 'first~stepp' f` runs to the file's unknown end too: its lines are the first ones
    // its sequence prints, as many as the output's count or a cut's head (session 31).
    if let [Sel::Script(addrs)] = sels {
        let head = seen
            .filter(|s| s.own && s.d.is_cut())
            .map(|s| s.d.head.len() as u64);
        let n = counted.or(head.filter(|h| *h > 0));
        return n
            .and_then(|n| sedstep::first_printed(addrs, n))
            .ok_or(Reason::UnknownLength);
    }
    let runs = stream(sels, None).ok_or(Reason::UnknownLength)?;
    let open = runs.last().is_some_and(|r| r.1.is_none());
    let first = |n: u64| -> Vec<(u32, u32)> {
        let closed: Vec<(u32, u32)> = runs
            .iter()
            .map(|(s, e)| (*s, e.unwrap_or(u32::MAX)))
            .collect();
        crate::display::first_lines(&closed, n)
    };
    match (counted, seen) {
        (Some(n), _) => Ok(first(n)),
        // Cut: the head is the stream's first lines, whatever the length; the tail is at its
        // unknown end (before session 27 a bounded one was placed at the bound: over-credit).
        // An open stream's head is the read's only when nothing else printed (a later command's
        // lines may follow a short file's within it).
        (None, Some(s)) if s.d.is_cut() => match open && (!s.own || s.d.head.is_empty()) {
            true => Err(Reason::UnknownLength),
            false => Ok(first(s.d.head.len() as u64)),
        },
        _ if !open => Ok(first(u64::MAX)),
        _ => Err(Reason::UnknownLength),
    }
}

/// A pipeline that prints nothing into the output: its output goes to a file (`> f`, `>
/// /dev/null`), or a command that prints nothing when it works (`cd`, `true`, `export`,
/// `mkdir`, `touch`, `rm`, `cp`, `mv`).
pub(super) fn quiet(p: &Pipeline<'_>) -> bool {
    const SILENT: [&str; 8] = ["cd", "true", "export", "mkdir", "touch", "rm", "cp", "mv"];
    let redirected = p.stages.last().is_some_and(|s| !s.writes.is_empty());
    let silent = match p.stages.as_slice() {
        [s] => s.words.first().is_some_and(|w| SILENT.contains(&&**w)),
        _ => false,
    };
    redirected || silent
}

/// What a pipeline that reads nothing prints into the output.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) enum Prints {
    /// Nothing (see [`quiet`]).
    Nothing,
    /// These lines: an `echo` of plain words.
    Known(Vec<String>),
    /// Lines readcov cannot know, nor how many.
    Unknown,
}

impl Prints {
    pub(super) fn of(p: &Pipeline<'_>) -> Self {
        if quiet(p) {
            return Prints::Nothing;
        }
        echo_lines(p).map_or(Prints::Unknown, Prints::Known)
    }
}

/// `echo WORD…` of plain words prints them joined by a space, on one line (more when a quoted word
/// holds a line break): no option (`-n` joins the next output to its line, `-e` reads escapes),
/// nothing the shell expands (`$`, a backquote, a glob, `~`, braces) nor a backslash.
fn echo_lines(p: &Pipeline<'_>) -> Option<Vec<String>> {
    let [s] = p.stages.as_slice() else {
        return None;
    };
    let (cmd, args) = s.words.split_first()?;
    let plain = |w: &str| !w.contains(['$', '`', '\\', '*', '?', '[', '{', '~']);
    let first_ok = args.first().is_none_or(|a| !a.starts_with('-'));
    if cmd != "echo" || !first_ok || s.heredoc.is_some() || !args.iter().all(|a| plain(a)) {
        return None;
    }
    let line = args.join(" ");
    Some(line.split('\n').map(str::to_string).collect())
}

/// The lines of `prints` in order, when every one is known.
fn known(prints: &[Prints]) -> Option<Vec<&str>> {
    let mut out = Vec::new();
    for p in prints {
        match p {
            Prints::Nothing => {}
            Prints::Known(ls) => out.extend(ls.iter().map(String::as_str)),
            Prints::Unknown => return None,
        }
    }
    Some(out)
}

/// `d` without the echoes' lines: `pre` must be the output's first lines and `post` its last
/// ones (with a cut, the tail's; a cut that dropped the end hides them), each a whole line
/// (`None`: not so; the lines are not taken off).
fn strip_echoes<'a>(
    d: &Displayed<'a>,
    pre: Option<Vec<&str>>,
    post: Option<Vec<&str>>,
) -> Option<Displayed<'a>> {
    let (pre, post) = (pre?, post?);
    let same = |got: &[&str], want: &[&str]| {
        got.len() == want.len()
            && got
                .iter()
                .zip(want)
                .all(|(g, w)| g.trim_end() == w.trim_end())
    };
    let mut d = d.clone();
    // The head's last line may be cut short: an echo's line must be whole.
    let whole_head = d.head.len() - usize::from(d.head_partial);
    if pre.len() > whole_head || !same(&d.head[..pre.len()], &pre) {
        return None;
    }
    d.head.drain(..pre.len());
    match d.cut {
        _ if post.is_empty() => {}
        Cut::None => {
            let n = d.head.len().checked_sub(post.len())?;
            if !same(&d.head[n..], &post) {
                return None;
            }
            d.head.truncate(n);
        }
        Cut::Middle => {
            let n = d.tail.len().checked_sub(post.len())?;
            if n < usize::from(d.tail_partial) || !same(&d.tail[n..], &post) {
                return None;
            }
            d.tail.truncate(n);
        }
        Cut::End => return None,
    }
    d.head_partial &= !d.head.is_empty();
    d.total = d
        .total
        .and_then(|t| t.checked_sub((pre.len() + post.len()) as u64));
    Some(d)
}
