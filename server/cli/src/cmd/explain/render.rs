//! The text form of an explanation: verdict, every gold file worst first with its missed spans
//! and the reads around them, files read instead, edits, the timeline, a second run beside it,
//! and the next useful command. Every line fits [`WIDTH`] columns.

use super::ExplainArgs;
use crate::render::percent;
use readcov_core::explain::{
    elide_middle, Explanation, FileExplanation, LostReason, Missed, NearRead, SpanExplanation,
};
use readcov_core::LineSet;

/// The terminal width the text fits.
pub const WIDTH: usize = 100;

/// What the closing "next:" line is built from.
pub struct Next {
    /// `readcov explain` with the inputs as given (no run, no format).
    base: String,
    has_workspace: bool,
    against: bool,
}

impl Next {
    pub fn from_args(a: &ExplainArgs, has_workspace: bool) -> Next {
        let mut base = "readcov explain".to_string();
        for g in &a.gold {
            match &g.name {
                Some(n) => base += &format!(" --gold {n}={}", g.path.display()),
                None => base += &format!(" --gold {}", g.path.display()),
            }
        }
        base += &format!(" --reads {} --task {}", a.inputs.reads.display(), a.task);
        if let Some(w) = &a.inputs.workspaces {
            base += &format!(" --workspaces {}", w.display());
        } else if let Some(w) = &a.inputs.workspace {
            base += &format!(" --workspace {}", w.display());
        }
        // Everything that changes what the next explanation says is kept.
        if let Some(o) = &a.inputs.outcomes {
            base += &format!(" --outcomes {}", o.display());
        }
        Next {
            base,
            has_workspace,
            against: a.against.is_some(),
        }
    }

    /// Why, and the command.
    fn line(&self, e: &Explanation) -> (&'static str, String) {
        let other = e.runs.iter().find(|r| **r != e.run);
        match other {
            Some(o) if !self.against => (
                "set another run of the task beside this one",
                format!("{} --run {} --against {o}", self.base, e.run),
            ),
            _ if !self.has_workspace && !e.files.is_empty() => (
                "name the function or class around each missed span",
                format!("{} --workspace DIR", self.base),
            ),
            _ => (
                "every field, for scripts",
                format!("{} --run {} --format json", self.base, e.run),
            ),
        }
    }
}

pub fn text(e: &Explanation, next: &Next) -> String {
    let mut out = Vec::new();
    verdict(e, &mut out);
    // The stages first: where the run failed, before the gold it missed.
    if let Some(s) = &e.stages {
        super::stages::text(s, &mut out);
    }
    if !e.files.is_empty() {
        out.push(String::new());
        out.push("gold files, worst first".into());
        for f in &e.files {
            file(f, e.threshold, &mut out);
        }
    }
    if !e.read_elsewhere.is_empty() {
        out.push(String::new());
        out.push("read instead (files with no gold lines)".into());
        for o in &e.read_elsewhere {
            let rest = format!(
                " {:>6} line(s), {} read(s){}",
                o.lines,
                o.reads,
                o.first_read_turn
                    .map_or(String::new(), |t| format!(", from turn {t}"))
            );
            out.push(path_line("  ", &o.path, "", 50, &rest));
        }
    }
    edits(e, &mut out);
    timeline(e, &mut out);
    against(e, &mut out);
    out.push(String::new());
    let (why, cmd) = next.line(e);
    out.push(format!("next ({why}):"));
    // Lines quote task, run, path and function names from the inputs: each is escaped
    // (`readcov_core::shown::escaped`), so a name cannot add a line or send escape codes.
    let esc = |l: &str| readcov_core::shown::escaped(l).into_owned();
    let mut s: String = out.into_iter().map(|l| fit(&esc(&l)) + "\n").collect();
    s += &shell_wrap(&esc(&cmd));
    s
}

/// A command over as many lines as it needs, each under [`WIDTH`], joined with `\` (a word
/// longer than a line stays whole: cutting it would break the command).
fn shell_wrap(cmd: &str) -> String {
    let mut out = String::new();
    let mut line = "  ".to_string();
    for word in cmd.split(' ') {
        if line.trim().is_empty() {
            line += word;
        } else if line.chars().count() + 1 + word.chars().count() + 2 > WIDTH {
            out += &line;
            out += " \\\n";
            line = format!("    {word}");
        } else {
            line += " ";
            line += word;
        }
    }
    out + &line + "\n"
}

fn verdict(e: &Explanation, out: &mut Vec<String>) {
    let outcome = e
        .outcome
        .as_deref()
        .map_or(String::new(), |o| format!(" · {o}"));
    out.push(format!("{} · run {}{outcome}", e.task, e.run));
    let threshold = percent(Some(e.threshold));
    let parts = match e.verdict.as_str() {
        "unscored" => vec![
            "unscored: task has no gold lines".to_string(),
            format!("{} read(s)", e.reads),
        ],
        v => vec![
            format!(
                "{} {threshold}: line coverage {} ({}/{} gold lines)",
                if v == "pass" { "at or above" } else { "below" },
                percent(e.line_coverage),
                e.covered_lines,
                e.gold_lines,
            ),
            format!(
                "file hit {} ({}/{} gold files)",
                crate::render::ratio(e.file_hit),
                e.files_hit,
                e.gold_files,
            ),
            format!("{} read(s)", e.reads),
        ],
    };
    wrap("", " · ", &parts, out);
}

/// `parts` joined by `sep` after `indent`, wrapped onto lines indented two more columns rather
/// than cut at [`WIDTH`]: figures are never cut.
fn wrap(indent: &str, sep: &str, parts: &[String], out: &mut Vec<String>) {
    let mut line = String::new();
    for p in parts {
        if line.is_empty() {
            line = format!("{indent}{p}");
        } else if line.chars().count() + sep.chars().count() + p.chars().count() > WIDTH {
            out.push(std::mem::take(&mut line));
            line = format!("{indent}  {p}");
        } else {
            line += sep;
            line += p;
        }
    }
    out.push(line);
}

fn file(f: &FileExplanation, threshold: f64, out: &mut Vec<String>) {
    let seen = match (f.opened, f.first_read_turn) {
        (false, _) => "never opened".to_string(),
        (true, Some(t)) => format!("opened turn {t}, {} read(s)", f.reads),
        (true, None) => format!("opened, {} read(s)", f.reads),
    };
    let rest = format!(
        " {:>9} gold lines {:>4}  {seen}",
        format!("{}/{}", f.covered, f.gold_lines),
        percent(f.coverage)
    );
    out.push(path_line("  ", &f.path, "", 44, &rest));
    // Spans under the threshold, and spans exactly at it that still have unread lines.
    for s in f.spans.iter().filter(|s| s.missed.is_some()) {
        span(s, f.opened, threshold, out);
    }
}

fn span(s: &SpanExplanation, opened: bool, threshold: f64, out: &mut Vec<String>) {
    let unit = s.unit.as_ref().map_or(String::new(), |u| {
        format!(" in {} {} ({}-{})", u.kind, u.name, u.start, u.end)
    });
    let pct = percent(Some(threshold));
    let standing = match s.missed {
        Some(Missed::AtThreshold) => format!("at {pct} exactly"),
        _ => format!("under {pct}"),
    };
    let parts = [
        format!(
            "{}-{}{unit}: {}/{} read ({standing})",
            s.start, s.end, s.covered, s.gold_lines
        ),
        format!("unread {}", ranges(&s.unread)),
    ];
    wrap("    ", ", ", &parts, out);
    if !opened {
        return;
    }
    let (b, a) = (&s.nearest_before, &s.nearest_after);
    let gap = match (b, a) {
        // "never" names only lines no read covered: a read between the two (a search hit)
        // is taken out.
        (Some(b), Some(a)) => vec![
            format!("read {} and {}", at(b), at(a)),
            format!("never {}", ranges(&s.never_read)),
        ],
        (Some(b), None) => vec![format!("read {}, nothing after it", at(b))],
        (None, Some(a)) => vec![format!("nothing before it, read {}", at(a))],
        (None, None) => vec!["no read of this file near it".into()],
    };
    wrap("      ", ", ", &gap, out);
    for (what, r) in [("before", b), ("after", a)] {
        if let Some(r) = r
            .as_ref()
            .filter(|r| r.command.is_some() || r.tool.is_some())
        {
            let tool = r.tool.as_deref().unwrap_or("-");
            let head = format!("        {what:<6} {tool}: ");
            let room = WIDTH.saturating_sub(head.chars().count());
            let cmd = elide_middle(r.command.as_deref().unwrap_or(""), room);
            out.push(head + &cmd);
        }
    }
}

/// `1670-1700 (turn 13)`.
fn at(r: &NearRead) -> String {
    let turn = r.turn.map_or(String::new(), |t| format!(" (turn {t})"));
    format!("{}-{}{turn}", r.start, r.end)
}

fn ranges(s: &LineSet) -> String {
    if s.is_empty() {
        return "none".into();
    }
    let parts: Vec<String> = (s.intervals().iter())
        .map(|i| {
            if i.start == i.end {
                i.start.to_string()
            } else {
                format!("{}-{}", i.start, i.end)
            }
        })
        .collect();
    parts.join(", ")
}

fn edits(e: &Explanation, out: &mut Vec<String>) {
    out.push(String::new());
    if e.edits.is_empty() && e.lost_edits.is_empty() {
        out.push("edits: none".into());
        return;
    }
    // Both counts, so "0" can only mean "none before reading", never "none in gold".
    let inside = e.edits.iter().filter(|x| x.gold_lines > 0).count();
    let flagged = e.edits.iter().filter(|x| x.before_reading).count();
    let gold = match inside {
        0 => "none inside gold lines".to_string(),
        n => {
            format!("{n} inside gold lines, {flagged} of them before the run had read those lines")
        }
    };
    out.push(format!("edits: {} ({gold})", e.edits.len()));
    for x in &e.edits {
        let turn = x.turn.map_or("-".to_string(), |t| t.to_string());
        let note = if x.before_reading {
            format!(
                "  ! {}/{} gold line(s) not read before",
                x.unread_gold_lines, x.gold_lines
            )
        } else if x.gold_lines > 0 {
            format!("  {} gold line(s), read before", x.gold_lines)
        } else {
            String::new()
        };
        let head = format!("  turn {turn:>4}  ");
        let tail = format!(":{}-{}", x.start, x.end);
        out.push(path_line(&head, &x.path, &tail, 0, &note));
    }
    lost_edits(e, out);
}

/// Edits the import could not place on base lines: not in the list above, said here.
fn lost_edits(e: &Explanation, out: &mut Vec<String>) {
    if e.lost_edits.is_empty() {
        return;
    }
    out.push(format!(
        "  + {} edit(s) not shown: the import could not place their lines on the base file",
        e.lost_edits.len()
    ));
    for l in &e.lost_edits {
        let why = match (l.reason, &l.after) {
            (LostReason::AfterLostWrite, Some(w)) => format!("after {w}"),
            (LostReason::AfterLostWrite, None) => "after a write the replay cannot follow".into(),
            (LostReason::DidNotApply, _) => "does not apply to the file as replayed".into(),
            (LostReason::NoBase, _) => "no workspace file to replay it on".into(),
        };
        // The path is what the reader looks for; the command (already shortened by the
        // import) is cut to the room the path leaves, not the other way round.
        let head = format!("    turn {:>4}  ", l.turn);
        let room = WIDTH.saturating_sub(head.chars().count() + MIN_COMMAND);
        let path = if l.path.chars().count() > room {
            elide_middle(&l.path, room.max(MIN_PATH))
        } else {
            l.path.clone()
        };
        out.push(fit(&format!("{head}{path}  `{}`", l.command)));
        out.push(format!("        {why}"));
    }
}

fn timeline(e: &Explanation, out: &mut Vec<String>) {
    if e.timeline.is_empty() {
        return;
    }
    out.push(String::new());
    // The turns where coverage changed, plus the first and the last: a run has dozens of turns.
    let mut shown = Vec::new();
    let mut last = None;
    for (i, p) in e.timeline.iter().enumerate() {
        if last != Some(p.covered_lines) || i + 1 == e.timeline.len() {
            shown.push(format!("{}:{}", p.turn, percent(p.coverage)));
        }
        last = Some(p.covered_lines);
    }
    let mut line = "coverage by turn (turn:coverage, changes only)".to_string();
    out.push(line.clone());
    line = " ".into();
    for s in shown {
        if line.len() + 1 + s.len() > WIDTH {
            out.push(line);
            line = " ".into();
        }
        line += &format!(" {s}");
    }
    out.push(line);
    if e.untimed_reads > 0 {
        out.push(format!(
            "  {} read(s) without a turn are not in the timeline",
            e.untimed_reads
        ));
    }
    let threshold = percent(Some(e.threshold));
    out.push(match e.first_turn_at_threshold {
        Some(t) => {
            let early = e.edits.iter().filter(|x| x.before_threshold).count();
            format!("  reached {threshold} at turn {t}; {early} edit(s) before it")
        }
        None if e.verdict.as_str() == "unscored" => "  unscored: no threshold to reach".into(),
        None => format!(
            "  never reached {threshold}; {} edit(s) made without it",
            e.edits.len()
        ),
    });
}

fn against(e: &Explanation, out: &mut Vec<String>) {
    let Some(a) = &e.against else { return };
    out.push(String::new());
    let parts = [
        format!("against run {}: {}", a.run, a.verdict.as_str()),
        format!(
            "line coverage {} ({}/{} gold lines)",
            percent(a.line_coverage),
            a.covered_lines,
            e.gold_lines
        ),
        format!("file hit {}", crate::render::ratio(a.file_hit)),
        format!(
            "{}: {} ({}/{})",
            e.run,
            percent(e.line_coverage),
            e.covered_lines,
            e.gold_lines
        ),
    ];
    wrap("", " · ", &parts, out);
    if a.spans.is_empty() {
        out.push("  both runs read the same gold lines".into());
        return;
    }
    out.push(format!(
        "  {:<52} {:>9} {:>9}",
        "gold span",
        e.run.chars().take(9).collect::<String>(),
        a.run.chars().take(9).collect::<String>()
    ));
    for s in &a.spans {
        let rest = format!(
            " {:>9} {:>9}",
            format!("{}/{}", s.covered, s.gold_lines),
            format!("{}/{}", s.other_covered, s.gold_lines)
        );
        // The path is cut to its 52 columns, so the two runs' columns stay under their heads.
        let tail = format!(":{}-{}", s.start, s.end);
        let room = 52usize.saturating_sub(tail.chars().count()).max(MIN_PATH);
        out.push(path_line(
            "  ",
            &elide_middle(&s.path, room),
            &tail,
            52,
            &rest,
        ));
        if !s.only_this.is_empty() {
            out.push(format!("    only {}: {}", e.run, ranges(&s.only_this)));
        }
        if !s.only_other.is_empty() {
            out.push(format!("    only {}: {}", a.run, ranges(&s.only_other)));
        }
    }
}

/// Fewest characters of a path kept when a line is short of room.
const MIN_PATH: usize = 16;
/// Columns a lost edit's command keeps beside its path.
const MIN_COMMAND: usize = 24;

/// `prefix`, `path` + `tail` (left-aligned to `pad` columns) and `rest` in [`WIDTH`] columns:
/// when the line is too long the path is cut in the middle (`…`), never the figures around it
/// (on Java paths the cut used to drop "126/126 g…" and "opened turn 9, 1…").
fn path_line(prefix: &str, path: &str, tail: &str, pad: usize, rest: &str) -> String {
    let w = |s: &str| s.chars().count();
    let room = WIDTH.saturating_sub(w(prefix) + w(tail) + w(rest));
    let path = if w(path) > room {
        elide_middle(path, room.max(MIN_PATH))
    } else {
        path.to_string()
    };
    let label = path + tail;
    let pad = pad.min(WIDTH.saturating_sub(w(prefix) + w(rest)));
    format!("{prefix}{label:<pad$}{rest}")
}

/// A line cut to [`WIDTH`] characters, `…` when cut.
fn fit(line: &str) -> String {
    if line.chars().count() <= WIDTH {
        return line.to_string();
    }
    let mut s: String = line.chars().take(WIDTH - 1).collect();
    s.push('…');
    s
}
