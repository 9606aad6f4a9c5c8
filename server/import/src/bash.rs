//! The bash part of the importer engine: splits a command into pipelines, follows `cd`, reads
//! what each pipeline shows (see [`crate::bashread`]) and marks the files it writes as unaligned.

use crate::bashread::{evaluate, stream, writes, Plan, Sel};
use crate::display::{displayed, Displayed};
use crate::numbered::{parse_grep_multi, Shown, Style};
use crate::session::{shorten, Action, Key, Session};
use crate::shell::Pipeline;
use crate::summary::Reason;

/// More lines than any source file has: a span this long comes from a command like
/// `sed -n '1,4000000000p'` on a file of unknown length, not from a real file.
const MAX_SPAN: u64 = 1 << 22;

impl Session<'_> {
    pub(crate) fn bash(&mut self, a: &Action, script: &str, out: &str) -> Result<(), Reason> {
        let (pipelines, cwd) = self.pipelines(script, out);
        let mut plans = Vec::new();
        for (p, cwd) in &pipelines {
            let pl = self.read_plan(p, cwd);
            plans.push((pl, cwd.clone(), writes(p), p));
        }
        if self.persist_cd {
            self.cwd = cwd;
        }
        // A grep without `-n` placed by text is no reader to the others (its lines print beside
        // theirs as before session 34, when it read nothing).
        let readers = plans
            .iter()
            .filter(|(p, _, _, _)| !matches!(p, Plan::NoRead(_) | Plan::GrepText(_)))
            .count();
        let by_text = plans
            .iter()
            .filter(|(p, _, _, _)| matches!(p, Plan::GrepText(_)))
            .count();
        // What the output displayed matters only to a read (most commands read nothing: a test
        // run, a script; profiled: splitting their outputs into lines was a quarter of `bash`).
        let shown = (readers + by_text > 0).then(|| displayed(out));
        // Lines a numbered grep over several files claims (`path:N:`) are not the output of an
        // unnumbered read in the same command (`sed -n '220,420p' f && rg -n x src`).
        let grep_claims = if plans
            .iter()
            .any(|(p, _, _, _)| matches!(p, Plan::GrepMulti | Plan::GrepGlob(_)))
        {
            parse_grep_multi(out).len()
        } else {
            0
        };
        // A banner (`more`'s `::::::::::::::` lines) is no line of a file either.
        let banners: usize = plans
            .iter()
            .filter_map(|(p, _, _, _)| match (p, &shown) {
                (
                    Plan::Window {
                        path,
                        banner: Some(b),
                        ..
                    },
                    Some(d),
                ) => Some(b.len_in(d, path)),
                _ => None,
            })
            .sum();
        let mut budget = shown
            .as_ref()
            .map_or(0, Displayed::count)
            .saturating_sub(grep_claims + banners);
        // Several reads of files of unknown length: what the output proves of each (`share.rs`).
        let floors = self.floors(plans.iter().map(|(p, c, _, _)| (p, c.as_str())), budget);
        let mut first_err = None;
        // Which pipelines print into the output besides the reads (an `echo`, a test run): the
        // lines before and after a read's own (see `Seen`).
        let loud: Vec<Prints> = plans
            .iter()
            .map(|(p, _, _, pl)| match p {
                Plan::NoRead(_) | Plan::GrepText(_) => Prints::of(pl),
                _ => Prints::Nothing,
            })
            .collect();
        for (i, (pl, cwd, mut written, pipeline)) in plans.into_iter().enumerate() {
            let sole = readers == 1;
            let r = match pl {
                Plan::NoRead(r) => Err(r),
                // `cat: f.py: No such file or directory`: the tool showed no line of the file (its
                // message must not pass for one when no workspace says the file is missing).
                Plan::Window { path, .. }
                | Plan::Numbered { path, .. }
                | Plan::AwkNumbered { path, .. }
                    if says_unreadable(out, &path) =>
                {
                    Err(Reason::ToolError)
                }
                // Several reads in a cut output: which lines of which file survived is unknown.
                Plan::Window { .. } if !sole && shown.as_ref().is_some_and(Displayed::is_cut) => {
                    Err(Reason::AmbiguousOutput)
                }
                Plan::Window { path, sels, banner } => {
                    let seen = match &shown {
                        Some(d) if sole => {
                            Some(Seen::of(d, banner, &path, &loud[..i], &loud[i + 1..]))
                        }
                        _ => None,
                    };
                    match seen {
                        // A cut output whose part this read printed is all another command's.
                        Some(s) if !s.own && s.d.is_cut() && s.d.count() == 0 => {
                            Err(Reason::AmbiguousOutput)
                        }
                        _ => match floors[i] {
                            Some(0) => Err(Reason::AmbiguousOutput),
                            Some(f) => {
                                let mut b = budget.min(f);
                                let before = b;
                                let r = self.window(a, &path, &cwd, &sels, seen.as_ref(), &mut b);
                                budget -= before - b;
                                r
                            }
                            None => self.window(a, &path, &cwd, &sels, seen.as_ref(), &mut budget),
                        },
                    }
                }
                Plan::Numbered { path, sels, style } if sole => {
                    self.numbered(a, &path, &cwd, &sels, style, out)
                }
                Plan::Numbered { .. } => Err(Reason::AmbiguousOutput),
                Plan::AwkNumbered { path, sels, awk } if sole => {
                    self.awk_numbered(a, &path, &cwd, &sels, &awk, out)
                }
                Plan::AwkNumbered { .. } => Err(Reason::AmbiguousOutput),
                Plan::GrepMulti => match (one_operand(pipeline), parse_grep_multi(out)) {
                    // `rg -n x .env.local.example`: rg (and `grep -rn`) given one file prints
                    // `N:` lines with no path, a hidden file too; the output says which it
                    // was (session 39; before, a name with no `.` past its first character was
                    // taken for a folder and nothing was read).
                    (Some(f), claims) if claims.is_empty() && sole && numbered_lines(out) => {
                        self.numbered(a, f, &cwd, &[], Style::Grep, out)
                    }
                    (_, claims) => self.grep_multi(a, &cwd, claims),
                },
                Plan::GrepGlob(pattern) => self.grep_glob(a, &cwd, &pattern, out),
                // The output is the grep's alone: no other read, nothing else printed.
                Plan::GrepText(g) => match &shown {
                    Some(d)
                        if readers == 0
                            && by_text == 1
                            && loud
                                .iter()
                                .enumerate()
                                .all(|(j, p)| j == i || *p == Prints::Nothing) =>
                    {
                        // Nothing printed before it: its first line is the output's, whose
                        // indentation a harness that strips outputs (OpenHands) took off.
                        self.grep_text(a, &g, &cwd, d, true)
                    }
                    _ => Err(Reason::NoLineNumbers),
                },
            };
            if let Err(e) = r {
                // A failed read explains more than a neighbouring `echo` or `python`.
                if first_err.is_none_or(|f| f == Reason::UnknownCommand) {
                    first_err = Some(e);
                }
            }
            if let Some((target, text)) = heredoc_create(pipeline) {
                if !names_unknown(target, &cwd) {
                    written.retain(|w| w.as_deref() != Some(target));
                    self.create_by_shell(a, target, &cwd, text);
                }
            }
            let sed = self.sed_in_place(a, pipeline, &cwd, script);
            written.retain(|w| w.as_ref().is_none_or(|w| !sed.contains(w)));
            self.scripts(a, pipeline, &cwd);
            if !written.is_empty() {
                let cause = format!("written by `{}` (turn {})", shorten(&a.command), a.turn);
                for w in written {
                    self.write_operand(pipeline, w.as_ref(), &cwd, &cause);
                }
            }
        }
        first_err.map_or(Ok(()), Err)
    }

    /// An unnumbered read of `raw` narrowed by `sels`. `shown` is what the command's output
    /// displayed when this is its only reader; `budget` the displayed lines no earlier read of the
    /// same command has claimed (a command never credits more lines than it displayed).
    fn window(
        &mut self,
        a: &Action,
        raw: &str,
        cwd: &str,
        sels: &[Sel],
        seen: Option<&Seen>,
        budget: &mut usize,
    ) -> Result<(), Reason> {
        let rel = self.locate(raw, cwd)?;
        let resolved = self.resolve_patterns(&rel, sels)?;
        let patterned = resolved.is_some();
        let sels = resolved.as_deref().unwrap_or(sels);
        let len = self.state(&rel).1.current_len();
        let rs = match len {
            Some(_) => evaluate(sels, len).ok_or(Reason::UnknownLength)?,
            // A file the run wrote where readcov could not follow is unaligned, whatever its
            // length (the reason a read of it has with a known length too).
            None => {
                without_length(sels, seen).map_err(|e| match self.state(&rel).1.is_dirty() {
                    true => Reason::UnalignedAfterEdit,
                    false => e,
                })?
            }
        };
        let shown = seen.map(|s| &s.d);
        // The output shows the selected lines in order: only its displayed lines were seen (the
        // head and tail around a cut, never more lines than the output has).
        let mut rs = match shown {
            Some(d) => d.keep(&rs),
            None => rs,
        };
        let total: u64 = rs.iter().map(|(s, e)| u64::from(e - s) + 1).sum();
        if total > MAX_SPAN {
            return Err(Reason::UnknownLength);
        }
        // What earlier reads of this command left of the displayed lines.
        rs = crate::display::first_lines(&rs, *budget as u64);
        let lines: Vec<u32> = rs.iter().flat_map(|(s, e)| *s..=*e).collect();
        *budget -= lines.len();
        if lines.is_empty() {
            return Err(Reason::NothingShown);
        }
        // Lines found by a pattern are checked against the text shown: a pattern resolved on a
        // file other than the one the agent saw must not credit lines it never printed.
        let checked: Vec<Shown> = match shown {
            Some(d) if patterned && !d.is_cut() => {
                if d.count() != lines.len() {
                    return Err(Reason::TextMismatch);
                }
                lines
                    .iter()
                    .zip(&d.head)
                    .map(|(n, t)| Shown {
                        line: *n,
                        text: t,
                        partial: false,
                    })
                    .collect()
            }
            _ => Vec::new(),
        };
        self.read_lines(a, &rel, &lines, &checked)
    }

    /// `sels` with a `sed -n '/re1/,/re2/p'` pattern turned into the line ranges it prints on the
    /// current text of `rel` (`None`: no pattern). A pattern applies to the whole file only.
    fn resolve_patterns(&mut self, rel: &Key, sels: &[Sel]) -> Result<Option<Vec<Sel>>, Reason> {
        let Some(pos) = sels.iter().position(|s| matches!(s, Sel::Pattern(_))) else {
            return Ok(None);
        };
        let Sel::Pattern(p) = &sels[pos] else {
            return Ok(None);
        };
        if pos != 0 || sels.len() != 1 {
            return Err(Reason::UnknownCommand);
        }
        let st = &self.state(rel).1;
        if st.is_dirty() {
            // Its last known text is stale: no pattern is resolved on it.
            return Err(Reason::UnalignedAfterEdit);
        }
        let len = st.current_len().ok_or(Reason::RangeNeedsWorkspace)?;
        let text: Option<Vec<&str>> = (1..=len).map(|n| st.text_at(n)).collect();
        let text = text.ok_or(Reason::RangeNeedsWorkspace)?;
        let ranges = crate::sedpattern::resolve(p, &text);
        Ok(Some(vec![Sel::Ranges(
            ranges.into_iter().map(|(s, e)| (s, Some(e))).collect(),
        )]))
    }

    fn numbered(
        &mut self,
        a: &Action,
        raw: &str,
        cwd: &str,
        sels: &[Sel],
        style: Style,
        out: &str,
    ) -> Result<(), Reason> {
        let offset = if sels.is_empty() {
            1
        } else {
            let rel = self.locate(raw, cwd)?;
            let len = self.state(&rel).1.current_len();
            // Only where the stream starts matters: `tail -n +K f | grep -n x` numbers from line
            // K, whatever the length (before session 29, without it: *file length unknown*).
            match stream(sels, len).ok_or(Reason::UnknownLength)?.as_slice() {
                [(s, _)] => *s,
                _ => return Err(Reason::AmbiguousOutput),
            }
        };
        self.view(a, raw, cwd, out, style, offset)
    }

    /// `grep -n` over a glob whose matches are unknown: its `path:N:` lines of files the glob
    /// matches. None such: the glob matched one file (grep then names none, and which one is
    /// unknown: *ambiguous output*), or grep printed no line.
    fn grep_glob(&mut self, a: &Action, cwd: &str, pattern: &str, out: &str) -> Result<(), Reason> {
        let pattern = self.roots.resolve_in(pattern, cwd)?;
        let roots = &self.roots;
        let claims: Vec<_> = parse_grep_multi(out)
            .into_iter()
            .filter(|(p, _)| {
                roots
                    .resolve_in(p, cwd)
                    .is_ok_and(|k| k.0 == pattern.0 && operands::path_matches(&pattern.1, &k.1))
            })
            .collect();
        if claims.is_empty() {
            return Err(match displayed(out).count() {
                0 => Reason::NothingShown,
                _ => Reason::AmbiguousOutput,
            });
        }
        self.grep_multi(a, cwd, claims)
    }

    fn grep_multi(
        &mut self,
        a: &Action,
        cwd: &str,
        claims: Vec<(&str, Shown<'_>)>,
    ) -> Result<(), Reason> {
        let mut by_file: Vec<(&str, Vec<Shown>)> = Vec::new();
        for (p, s) in claims {
            match by_file.iter_mut().find(|(q, _)| *q == p) {
                Some((_, v)) => v.push(s),
                None => by_file.push((p, vec![s])),
            }
        }
        let mut result = Err(Reason::NothingShown);
        for (p, shown) in by_file {
            let lines: Vec<u32> = shown.iter().map(|s| s.line).collect();
            let r = self
                .locate(p, cwd)
                .and_then(|rel| self.read_lines(a, &rel, &lines, &shown));
            result = match (result, r) {
                (Ok(()), _) | (_, Ok(())) => Ok(()),
                (Err(Reason::NothingShown), Err(e)) => Err(e),
                (e, _) => e,
            };
        }
        result
    }
}

/// Whether `out` has a line `N:…` (grep's line of one file).
fn numbered_lines(out: &str) -> bool {
    out.lines().any(|l| {
        l.split_once(':')
            .is_some_and(|(n, _)| !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit()))
    })
}

/// The one file operand of a lone recursive `grep`/`rg` (`None`: several, none, or a pipeline).
fn one_operand<'p>(p: &'p Pipeline<'_>) -> Option<&'p str> {
    let [s] = p.stages.as_slice() else {
        return None;
    };
    match crate::bashargs::grep_args(&s.words).files.as_slice() {
        [f] => Some(f),
        _ => None,
    }
}

/// Whether the file `w`, from `cwd`, is named by a parameter or a command's output.
fn names_unknown(w: &str, cwd: &str) -> bool {
    plans::holds_expansion(w) || (!w.starts_with('/') && plans::holds_expansion(cwd))
}

/// `cat > F << EOF … EOF` (or `cat << EOF > F`): (F, its whole new text).
fn heredoc_create<'p>(p: &'p Pipeline<'_>) -> Option<(&'p str, &'p str)> {
    let [s] = p.stages.as_slice() else {
        return None;
    };
    let cat = matches!(s.words.as_slice(), [c] if c == "cat")
        || matches!(s.words.as_slice(), [c, d] if c == "cat" && d == "-");
    match s.writes.as_slice() {
        [target] if cat && s.appends.is_empty() => Some((&**target, s.heredoc.as_deref()?)),
        _ => None,
    }
}

mod awk;
mod bytext;
mod failed;
mod grep_text;
pub(crate) mod operands;
mod plans;
mod sed_in_place;
mod seen;
mod share;
mod unreadable;
mod wrappers;
mod writes;
use seen::{without_length, Prints, Seen};
use unreadable::says_unreadable;

#[cfg(test)]
mod tests;
