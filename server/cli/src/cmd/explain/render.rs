//! The text form of an explanation: verdict, every gold file worst first with its missed spans
//! and the reads around them, files read instead, edits, the timeline, a second run beside it,
//! and the next useful command. Every line fits [`WIDTH`] columns.

use super::ExplainArgs;
use crate::render::percent;
use readcov_core::explain::{
    elide_middle, Explanation, FileExplanation, NearRead, SpanExplanation,
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
        base += &format!(" --reads {} --task {}", a.reads.display(), a.task);
        if let Some(w) = &a.workspaces {
            base += &format!(" --workspaces {}", w.display());
        } else if let Some(w) = &a.workspace {
            base += &format!(" --workspace {}", w.display());
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
            out.push(format!(
                "  {:<50} {:>6} line(s), {} read(s){}",
                o.path,
                o.lines,
                o.reads,
                o.first_read_turn
                    .map_or(String::new(), |t| format!(", from turn {t}"))
            ));
        }
    }
    edits(e, &mut out);
    timeline(e, &mut out);
    against(e, &mut out);
    out.push(String::new());
    let (why, cmd) = next.line(e);
    out.push(format!("next ({why}):"));
    let mut s: String = out.into_iter().map(|l| fit(&l) + "\n").collect();
    s += &shell_wrap(&cmd);
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
    out.push(match e.verdict.as_str() {
        "unscored" => format!("unscored: task has no gold lines · {} read(s)", e.reads),
        v => format!(
            "{} {threshold}: line coverage {} ({}/{} gold lines) · file hit {} ({}/{} gold files) · {} read(s)",
            if v == "pass" { "at or above" } else { "below" },
            percent(e.line_coverage),
            e.covered_lines,
            e.gold_lines,
            crate::render::ratio(e.file_hit),
            e.files_hit,
            e.gold_files,
            e.reads,
        ),
    });
}

fn file(f: &FileExplanation, threshold: f64, out: &mut Vec<String>) {
    let seen = match (f.opened, f.first_read_turn) {
        (false, _) => "never opened".to_string(),
        (true, Some(t)) => format!("opened turn {t}, {} read(s)", f.reads),
        (true, None) => format!("opened, {} read(s)", f.reads),
    };
    out.push(format!(
        "  {:<44} {:>9} gold lines {:>4}  {seen}",
        f.path,
        format!("{}/{}", f.covered, f.gold_lines),
        percent(f.coverage)
    ));
    for s in f
        .spans
        .iter()
        .filter(|s| s.coverage.is_some_and(|c| c < threshold))
    {
        span(s, f.opened, out);
    }
}

fn span(s: &SpanExplanation, opened: bool, out: &mut Vec<String>) {
    let unit = s.unit.as_ref().map_or(String::new(), |u| {
        format!(" in {} {} ({}-{})", u.kind, u.name, u.start, u.end)
    });
    out.push(format!(
        "    {}-{}{unit}: {}/{} read, unread {}",
        s.start,
        s.end,
        s.covered,
        s.gold_lines,
        ranges(&s.unread)
    ));
    if !opened {
        return;
    }
    let (b, a) = (&s.nearest_before, &s.nearest_after);
    let gap = match (b, a) {
        (Some(b), Some(a)) => format!(
            "read {} and {}, never {}-{}",
            at(b),
            at(a),
            b.end + 1,
            a.start - 1
        ),
        (Some(b), None) => format!("read {}, nothing after it", at(b)),
        (None, Some(a)) => format!("nothing before it, read {}", at(a)),
        (None, None) => "no read of this file near it".into(),
    };
    out.push(format!("      {gap}"));
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
    if e.edits.is_empty() {
        out.push("edits: none".into());
        return;
    }
    let flagged = e.edits.iter().filter(|x| x.before_reading).count();
    out.push(format!(
        "edits: {} ({flagged} inside gold lines not read yet)",
        e.edits.len()
    ));
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
        out.push(format!(
            "  turn {turn:>4}  {}:{}-{}{note}",
            x.path, x.start, x.end
        ));
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
    out.push(format!(
        "against run {}: {} · line coverage {} ({}/{} gold lines) · file hit {} · {}: {} ({}/{})",
        a.run,
        a.verdict.as_str(),
        percent(a.line_coverage),
        a.covered_lines,
        e.gold_lines,
        crate::render::ratio(a.file_hit),
        e.run,
        percent(e.line_coverage),
        e.covered_lines,
        e.gold_lines
    ));
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
        out.push(format!(
            "  {:<52} {:>9} {:>9}",
            format!("{}:{}-{}", s.path, s.start, s.end),
            format!("{}/{}", s.covered, s.gold_lines),
            format!("{}/{}", s.other_covered, s.gold_lines)
        ));
        if !s.only_this.is_empty() {
            out.push(format!("    only {}: {}", e.run, ranges(&s.only_this)));
        }
        if !s.only_other.is_empty() {
            out.push(format!("    only {}: {}", a.run, ranges(&s.only_other)));
        }
    }
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
