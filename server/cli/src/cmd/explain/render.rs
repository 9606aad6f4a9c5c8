//! The text form of an explanation: verdict, every gold file worst first with its missed spans
//! and the reads around them, files read instead, edits, the timeline, a second run beside it,
//! and the next useful command. Every line fits [`WIDTH`] columns.

use super::ExplainArgs;
use crate::render::percent_at;
use clap::ValueEnum;
use readcov_core::explain::{
    elide_middle, Explanation, FileExplanation, Missed, NearRead, SpanExplanation,
};
use readcov_core::LineSet;

mod history;
use history::{against, edits, timeline};

/// The terminal width the text fits.
pub const WIDTH: usize = 100;

/// What the closing "next:" line is built from.
pub struct Next {
    /// `readcov explain` with the inputs as given (no run, no format).
    base: String,
    has_workspace: bool,
    /// The stages were asked for (no `--no-stages`): a run they cannot measure says so.
    stages_asked: bool,
    /// `--against`, kept in every suggestion that explains the same run again.
    against: Option<String>,
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
        // Everything that changes what the next explanation says is kept: before session 33
        // only `--outcomes` was, so `--threshold 0.9` suggested a command that measured against
        // 50%, and `--no-stages`, `--patches`, `--sources` were dropped too. A flag at its
        // default is left out (the command as short as it was).
        for o in &a.inputs.outcomes {
            base += &format!(" --outcomes {}", o.shown());
        }
        if a.inputs.threshold != readcov_core::metrics::DEFAULT_THRESHOLD {
            base += &format!(" --threshold {}", a.inputs.threshold);
        }
        let sources: Vec<String> = (a.inputs.sources.iter())
            .filter_map(|s| s.to_possible_value().map(|v| v.get_name().to_string()))
            .collect();
        if sources != ["agent", "human", "retriever"] {
            base += &format!(" --sources {}", sources.join(","));
        }
        for p in &a.inputs.patches {
            base += &format!(" --patches {}", p.display());
        }
        for r in &a.inputs.test_report {
            base += &format!(" --test-report {}", r.shown());
        }
        if a.no_stages {
            base += " --no-stages";
        }
        Next {
            base,
            has_workspace,
            stages_asked: !a.no_stages,
            against: a.against.clone(),
        }
    }

    /// Why, and the command.
    fn line(&self, e: &Explanation) -> (&'static str, String) {
        let other = e.runs.iter().find(|r| **r != e.run);
        // The same run (and the one beside it) again: `--run` named, or a task of several runs
        // is refused ("pick one with --run").
        let same = match &self.against {
            Some(b) => format!("{} --run {} --against {b}", self.base, e.run),
            None => format!("{} --run {}", self.base, e.run),
        };
        match other {
            Some(o) if self.against.is_none() => (
                "set another run of the task beside this one",
                format!("{same} --against {o}"),
            ),
            // Only when a span is listed as missed: with none, "around each missed span"
            // named nothing (every run of the shipped real-multi data read all its gold).
            _ if !self.has_workspace && e.files.iter().any(has_missed) => (
                "name the function or class around each missed span",
                format!("{same} --workspace DIR"),
            ),
            _ => ("every field, for scripts", format!("{same} --format json")),
        }
    }
}

pub fn text(e: &Explanation, next: &Next) -> String {
    let mut out = Vec::new();
    verdict(e, &mut out);
    // The stages first: where the run failed, before the gold it missed.
    match &e.stages {
        Some(s) => super::stages::text(s, e.threshold, &mut out),
        // A run with no read row (a labelled run that read nothing, a task's `-`) has no row in
        // `diagnose`: said, where before session 33 the block was silently missing.
        None if next.stages_asked => {
            out.push(String::new());
            out.push(match e.verdict.as_str() {
                "no run" => "stages: none — no run to measure".into(),
                _ => "stages: none — the run has no read row, and diagnose measures runs that read"
                    .to_string(),
            });
        }
        None => {}
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
    let threshold = readcov_core::words::threshold(e.threshold);
    let parts = match e.verdict.as_str() {
        "unscored" => vec![
            "unscored: task has no gold lines".to_string(),
            format!("{} read(s)", e.reads),
        ],
        // Nothing measured: before session 33 this said "below 50%: line coverage - (…)".
        "no run" => vec![
            "no run: no run of the task read anything (not scored)".to_string(),
            readcov_core::words::count(e.gold_lines, "gold line", "gold lines"),
            readcov_core::words::count(e.gold_files, "gold file", "gold files"),
        ],
        v => vec![
            format!(
                "{} {threshold}: line coverage {} ({}/{} gold lines)",
                if v == "pass" { "at or above" } else { "below" },
                percent_at(e.line_coverage, Some(e.threshold)),
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

/// Whether the file has a span the text lists (under the threshold, or at it with unread lines).
fn has_missed(f: &FileExplanation) -> bool {
    f.spans.iter().any(|s| s.missed.is_some())
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
        percent_at(f.coverage, Some(threshold))
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
    let pct = readcov_core::words::threshold(threshold);
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
