//! Before a command's output is read: its pipelines as bash runs them (`cd` followed, words
//! expanded) and, for each, what it reads ([`Plan`]) once the cases where the file is not known
//! are taken out (a glob left unexpanded, a parameter, output sent to a file).

use super::failed::{self, Ran};
use super::operands;
use super::seen::quiet;
use super::wrappers;
use crate::bashread::{plan, Plan};
use crate::numbered::Style;
use crate::session::Session;
use crate::shell::Pipeline;
use crate::summary::Reason;

impl Session<'_> {
    /// The pipelines of `script` as bash runs them, each with its cwd (a `cd` alone is followed,
    /// not kept), and the cwd after the last. `out` is the command's output: a wrapper it says
    /// is not installed ran nothing.
    pub(super) fn pipelines<'s>(
        &mut self,
        script: &'s str,
        out: &str,
    ) -> (Vec<(Pipeline<'s>, String)>, String) {
        let mut cwd = self.cwd.clone();
        // The cwd before the last `cd` of this command (`None`: not known, as at its start: the
        // shell's `$OLDPWD` is in no log).
        let mut oldpwd: Option<String> = None;
        let mut pipelines = Vec::new();
        let mut parsed = crate::shell::parse(script);
        // `sudo mv …`, `PYTHONPATH=. python …`: the command after the wrappers (session 39).
        for p in &mut parsed {
            p.stages.iter_mut().for_each(|st| wrappers::strip(st, out));
        }
        // A pipeline after `&&` whose predecessor the output shows failing never ran; a `cd`
        // that failed stays where it was and printed its error (session 40).
        let ran = failed::ran(&parsed, out);
        let others = ran
            .iter()
            .zip(&parsed)
            .any(|(r, p)| *r == Ran::Yes && !is_cd(p));
        for (p, ran) in parsed.into_iter().zip(ran) {
            match ran {
                Ran::No => continue,
                Ran::FailedCd(line) => {
                    if others {
                        pipelines.push((echo(line), cwd.clone()));
                    }
                    continue;
                }
                Ran::Yes => {}
            }
            if is_cd(&p) {
                let words = &p.stages[0].words;
                // A quoted `~` is a folder of that name (`cd '~'`).
                let quoted = p.stages[0]
                    .literal
                    .iter()
                    .any(|(i, pat)| *i == 1 && pat.starts_with("\\~"));
                let before = cwd.clone();
                match words.get(1).map(|d| &**d) {
                    Some("~+") => {}
                    // `cd -` goes back to `$OLDPWD` and prints it (session 39; before, the cwd
                    // stayed where it was and the printed line was taken for a read's): known
                    // after a `cd` earlier in the command, else a value no log states.
                    Some("-") => {
                        cwd = oldpwd.take().unwrap_or_else(|| UNKNOWN_CWD.to_string());
                        if p.stages[0].writes.is_empty() {
                            pipelines.push((echo(&cwd), before.clone()));
                        }
                    }
                    Some(dir) if quoted || !dir.starts_with('~') => cwd = join_dir(&cwd, dir),
                    // `cd`, `cd ~`, `cd ~/x`, `cd ~user`: under a HOME no log states, so the cwd
                    // is unknown (before session 38 it stayed where it was: `cd ~ && cat a.py`
                    // read the repository's `a.py`).
                    _ => cwd = HOME.to_string(),
                }
                oldpwd = Some(before);
                continue;
            }
            // Globs expanded as bash expands them (session 37; before, `pkg/*.py` was a file), and
            // braces (session 38; before, `f.{py,txt}` was a file).
            pipelines.push((self.expand_words(p, &cwd), cwd.clone()));
        }
        (pipelines, cwd)
    }

    /// What pipeline `p`, run from `cwd`, reads.
    pub(super) fn read_plan(&mut self, p: &Pipeline<'_>, cwd: &str) -> Plan {
        // A read whose output goes to a file (`cat f > g`, `> /dev/null`) shows nothing
        // (before session 29 it was a read, and took lines from the rest of the output).
        match plan(p) {
            Plan::NoRead(r) => Plan::NoRead(r),
            _ if quiet(p) => Plan::NoRead(Reason::NothingShown),
            // `grep -n x src/*.py` without a workspace: over several files grep names each
            // line's file (`src/a.py:3:x`), so the lines are known as `grep -rn`'s are, each of
            // a file the glob matches (before session 38 nothing: *ambiguous output*).
            Plan::Numbered {
                path,
                style: Style::Grep,
                ..
            } if !self.has_workspace()
                && operands::unexpanded(p, &path)
                && !crate::bashargs::grep_args(&p.stages[0].words).no_filename =>
            {
                Plan::GrepGlob(path)
            }
            // `cat -n $F`, `sed -n 1,9p "$d/a.py"`, `cat $(ls *.py)`, or a relative path after
            // `cd $REPO`: the file is a value no log states (before session 38, without a
            // workspace, a file named `$F` or `$REPO/a.py` was read).
            Plan::Window { path, .. }
            | Plan::Numbered { path, .. }
            | Plan::AwkNumbered { path, .. }
                if holds_expansion(&path) || (!path.starts_with('/') && holds_expansion(cwd)) =>
            {
                Plan::NoRead(Reason::AmbiguousOutput)
            }
            // A glob left as written without a workspace: which files it read is unknown.
            Plan::Window { path, .. }
            | Plan::Numbered { path, .. }
            | Plan::AwkNumbered { path, .. }
                if !self.has_workspace() && operands::unexpanded(p, &path) =>
            {
                Plan::NoRead(Reason::AmbiguousOutput)
            }
            read => read,
        }
    }
}

/// Whether `p` is a lone `cd` (followed, not kept as a pipeline).
fn is_cd(p: &Pipeline<'_>) -> bool {
    p.stages.len() == 1 && p.stages[0].words.first().map(|w| &**w) == Some("cd")
}

/// The cwd under the run's HOME, which no log readcov reads states: a relative path from it is
/// outside every repository (`~/a.py` resolves to none), as is every folder under it.
pub(super) const HOME: &str = "~";

pub(super) fn join_dir(cwd: &str, dir: &str) -> String {
    if cwd == HOME && !dir.starts_with('/') {
        return HOME.to_string();
    }
    // Below a folder named by a parameter (`cd $REPO`, a `cd -` to an unknown `$OLDPWD`), every
    // relative folder is unknown too, `..` included (before session 39 `cd $REPO && cd ..` was
    // taken back to the folder before).
    if holds_expansion(cwd) && !dir.starts_with('/') {
        return format!("{}/{dir}", cwd.trim_end_matches('/'));
    }
    let joined = if dir.starts_with('/') {
        dir.to_string()
    } else {
        format!("{}/{}", cwd.trim_end_matches('/'), dir)
    };
    readcov_core::path::normalize_path(&joined, None).unwrap_or_else(|_| "/".to_string())
}

/// The cwd after a `cd -` whose `$OLDPWD` is not known: a parameter, so that a relative path from
/// it is *ambiguous output* and a write to one names no file (as after `cd $REPO`).
const UNKNOWN_CWD: &str = "$OLDPWD";

/// A pipeline that prints `line` as `cd -` does (an `echo` of it; one of a parameter prints lines
/// readcov cannot know).
fn echo(line: &str) -> Pipeline<'static> {
    let words = vec!["echo".into(), line.to_string().into()];
    Pipeline {
        stages: vec![crate::shell::Stage {
            words,
            ..Default::default()
        }],
        ..Default::default()
    }
}

/// Whether bash expands a parameter or a command's output in `path` (`$F`, `${d}/a.py`, `$(…)`,
/// `$1`, `$@`): which file it names is not in the log.
pub(super) fn holds_expansion(path: &str) -> bool {
    path.as_bytes()
        .windows(2)
        .any(|w| w[0] == b'$' && (w[1].is_ascii_alphanumeric() || b"_{(@*#?$!-".contains(&w[1])))
}
