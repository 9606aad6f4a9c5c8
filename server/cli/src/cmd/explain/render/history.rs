//! The sections of `readcov explain` about what the run did besides reading: its edits (and
//! the edits it lost), its per-turn timeline, and the run it is compared against.

use super::{fit, path_line, ranges, wrap, MIN_COMMAND, MIN_PATH, WIDTH};
use crate::render::percent_at;
use readcov_core::explain::{elide_middle, Explanation, LostReason};

pub(super) fn edits(e: &Explanation, out: &mut Vec<String>) {
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
pub(super) fn lost_edits(e: &Explanation, out: &mut Vec<String>) {
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
            (LostReason::Unrecorded, _) => (l.detail.clone())
                .unwrap_or_else(|| "the log does not record what it changed".into()),
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
        // Wrapped, not cut at the page's width: an unrecorded edit's reason is a sentence.
        let words: Vec<String> = why.split(' ').map(str::to_string).collect();
        wrap("        ", " ", &words, out);
    }
}

pub(super) fn timeline(e: &Explanation, out: &mut Vec<String>) {
    if e.timeline.is_empty() {
        return;
    }
    out.push(String::new());
    // The turns where coverage changed, plus the first and the last: a run has dozens of turns.
    let mut shown = Vec::new();
    let mut last = None;
    for (i, p) in e.timeline.iter().enumerate() {
        if last != Some(p.covered_lines) || i + 1 == e.timeline.len() {
            shown.push(format!(
                "{}:{}",
                p.turn,
                percent_at(p.coverage, Some(e.threshold))
            ));
        }
        last = Some(p.covered_lines);
    }
    // Says which points are shown: "changes only" (before session 33) was untrue of the last
    // point (`5:0% 48:0%`) and of a change of lines the rounded percentage hides (`2:60% 3:60%`).
    let mut line =
        "coverage by turn (turn:coverage at the first turn, each change of gold lines read, the last)"
            .to_string();
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
    let threshold = readcov_core::words::threshold(e.threshold);
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

pub(super) fn against(e: &Explanation, out: &mut Vec<String>) {
    let Some(a) = &e.against else { return };
    out.push(String::new());
    let parts = [
        format!("against run {}: {}", a.run, a.verdict.as_str()),
        format!(
            "line coverage {} ({}/{} gold lines)",
            percent_at(a.line_coverage, Some(e.threshold)),
            a.covered_lines,
            e.gold_lines
        ),
        format!("file hit {}", crate::render::ratio(a.file_hit)),
        format!(
            "{}: {} ({}/{})",
            e.run,
            percent_at(e.line_coverage, Some(e.threshold)),
            e.covered_lines,
            e.gold_lines
        ),
    ];
    wrap("", " · ", &parts, out);
    if a.spans.is_empty() {
        out.push("  both runs read the same gold lines".into());
        return;
    }
    // Each run's name in its 9 columns, cut in the middle: cut at the end, real-multi's
    // deepseek-chat-v2 and deepseek-coder-v2 were both `deepseek-` (session 33). Names alike
    // even so are called what they are.
    let (this, other) = match (elide_middle(&e.run, 9), elide_middle(&a.run, 9)) {
        (x, y) if x == y => ("this run".to_string(), "other run".to_string()),
        names => names,
    };
    out.push(format!("  {:<52} {this:>9} {other:>9}", "gold span"));
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
