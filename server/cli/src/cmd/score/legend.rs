//! What each column of `readcov score`'s table means: one list that `score --help` prints whole
//! and the legend under the table prints for the columns shown, so no column goes unexplained.

/// When a group of columns is in the table.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Shown {
    Always,
    /// With `--workspace`/`--workspaces` (syntax units of the gold files).
    Units,
    /// When some run has edit rows (read-before-edit).
    Edits,
}

/// Column groups: the table's header names (`±N` stands for `--widen`) and what they mean.
pub const COLUMNS: [(Shown, &[(&str, &str)]); 4] = [
    (
        Shown::Always,
        &[
            ("task", "the task (its gold)"),
            ("run", "the run (its reads); `-` when no run read the task"),
            ("file_hit", "gold files the run read any line of / gold files"),
            ("line_cov", "gold lines read / gold lines"),
            ("precision", "gold lines read / lines read"),
            ("f1", "harmonic mean of line_cov and precision"),
        ],
    ),
    (
        Shown::Always,
        &[
            ("gold", "gold lines"),
            ("read", "lines read"),
            ("covered", "gold lines read"),
            ("verdict", "line_cov against --threshold; unscored when the task has no gold lines"),
        ],
    ),
    (
        Shown::Units,
        &[
            ("units_hit", "gold units (innermost function/class of a gold line) with a line read / gold units"),
            ("cov_units", "line_cov if every gold unit a read touches were read whole"),
            ("+lines_units", "lines that widening adds"),
            ("cov_±N", "line_cov with every read widened by ±N lines (--widen)"),
            ("+lines_±N", "lines that widening adds"),
        ],
    ),
    (
        Shown::Edits,
        &[
            ("rb_edit", "read-before-edit: mean share of each edit's enclosing unit (±10 lines without one) read before the edit"),
            ("rb_worst", "the lowest of those, with its edit's event id"),
        ],
    ),
];

/// `score --help`: every column, one per line.
pub fn help() -> String {
    let mut out = String::from("Table columns (json/jsonl/csv keys: docs/formats.md):\n");
    for (shown, cols) in COLUMNS {
        let when = match shown {
            Shown::Always => "",
            Shown::Units => "  [with --workspace or --workspaces]",
            Shown::Edits => "  [when a run has edits]",
        };
        for (i, (name, what)) in cols.iter().enumerate() {
            let when = if i == 0 { when } else { "" };
            out += &format!("  {name:<13} {what}{when}\n");
        }
    }
    out
}

/// The legend under the table: the groups shown, one line each, `±N` as `±widen`.
pub fn legend(units: bool, edits: bool, widen: u32) -> String {
    let mut out = String::new();
    for (shown, cols) in COLUMNS {
        let on = match shown {
            Shown::Always => true,
            Shown::Units => units,
            Shown::Edits => edits,
        };
        if !on {
            continue;
        }
        // task and run explain themselves in the table; --help says what `-` means.
        let line: Vec<String> = cols
            .iter()
            .filter(|(name, _)| !matches!(*name, "task" | "run"))
            .map(|(name, what)| format!("{name}: {what}"))
            .collect();
        let line = line.join(" · ").replace("±N", &format!("±{widen}"));
        out += if out.is_empty() {
            "\nlegend: "
        } else {
            "        "
        };
        out += &line;
        out += "\n";
    }
    out
}
