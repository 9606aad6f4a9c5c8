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
            ("verdict", "line_cov against --threshold (unscored: no gold lines; no run: no run read the task, not scored)"),
        ],
    ),
    (
        Shown::Units,
        &[
            ("units_hit", "gold units (innermost function or class of a gold line) with a line read / gold units"),
            ("cov_units", "line_cov with each gold unit a read touches read whole"),
            ("+lines_units", "lines that adds"),
            ("cov_±N", "line_cov with each read widened by ±N lines (--widen)"),
            ("+lines_±N", "lines that adds"),
        ],
    ),
    (
        Shown::Edits,
        &[
            ("rb_edit", "read before edit: mean share of each edit's unit (else ±10 lines) read before it"),
            ("rb_worst", "the lowest share, with its edit's event id"),
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

/// How wide a legend line grows before the next column goes on a new line.
const LEGEND_WIDTH: usize = 110;

/// The legend under the table: the groups shown (`±N` as `±widen`), each wrapped at
/// [`LEGEND_WIDTH`] between columns.
pub fn legend(units: bool, edits: bool, widen: u32) -> String {
    const INDENT: &str = "        ";
    let mut out = String::from("\nlegend: ");
    for (shown, cols) in COLUMNS {
        let on = match shown {
            Shown::Always => true,
            Shown::Units => units,
            Shown::Edits => edits,
        };
        // task and run explain themselves in the table; --help says what `-` means.
        let items = cols
            .iter()
            .filter(|(name, _)| on && !matches!(*name, "task" | "run"))
            .map(|(name, what)| format!("{name}: {what}").replace("±N", &format!("±{widen}")));
        let mut line = String::new();
        for item in items {
            if !line.is_empty() && line.chars().count() + 3 + item.chars().count() > LEGEND_WIDTH {
                out += &line;
                out += "\n";
                out += INDENT;
                line.clear();
            } else if !line.is_empty() {
                line += " · ";
            }
            line += &item;
        }
        if !line.is_empty() {
            out += &line;
            out += "\n";
            out += INDENT;
        }
    }
    out.truncate(out.trim_end_matches(' ').len());
    out
}
