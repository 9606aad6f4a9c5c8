//! Output helpers shared by subcommands: aligned text tables, number formatting, CSV quoting.

/// The output formats every tabular subcommand offers.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum Format {
    Table,
    Json,
    Jsonl,
    Csv,
}

/// A share with two decimals, or `-` when it is undefined (unscored); "1.00" / "0.00" only for
/// all / none ([`readcov_core::words::ratio`]).
pub fn ratio(v: Option<f64>) -> String {
    ratio_at(v, None)
}

/// [`ratio`] beside the threshold it is compared with: never printed on its other side.
pub fn ratio_at(v: Option<f64>, threshold: Option<f64>) -> String {
    v.map_or_else(
        || "-".to_string(),
        |x| readcov_core::words::ratio(x, threshold),
    )
}

/// A share as a whole percentage, or `-` ([`readcov_core::words::share`]).
pub fn percent(v: Option<f64>) -> String {
    percent_at(v, None)
}

/// [`percent`] beside the threshold it is compared with: never printed on its other side.
pub fn percent_at(v: Option<f64>, threshold: Option<f64>) -> String {
    v.map_or_else(
        || "-".to_string(),
        |x| readcov_core::words::share(x, threshold),
    )
}

/// A left-aligned first column and right-aligned numbers; a rule under the header.
pub struct Table {
    header: Vec<String>,
    rows: Vec<Vec<String>>,
    /// Columns (by index) aligned left; the rest are right-aligned.
    left: Vec<usize>,
}

impl Table {
    /// A table; the header is shown escaped and cut like the cells: a column may be named
    /// after an input's explorer, run label or condition.
    pub fn new(header: &[&str], left: &[usize]) -> Table {
        Table {
            header: (header.iter())
                .map(|s| readcov_core::shown::shown(s).into_owned())
                .collect(),
            rows: Vec::new(),
            left: left.to_vec(),
        }
    }

    /// A row; each cell is shown escaped and cut ([`readcov_core::shown::shown`]): cells carry
    /// task, run and path names from the inputs.
    pub fn row(&mut self, cells: Vec<String>) {
        let cells = cells
            .into_iter()
            .map(|c| match readcov_core::shown::shown(&c) {
                std::borrow::Cow::Borrowed(_) => c,
                std::borrow::Cow::Owned(s) => s,
            })
            .collect();
        self.rows.push(cells);
    }

    pub fn render(&self) -> String {
        let ncol = self.header.len();
        let mut width = vec![0; ncol];
        for r in std::iter::once(&self.header).chain(&self.rows) {
            for (i, c) in r.iter().enumerate().take(ncol) {
                width[i] = width[i].max(c.chars().count());
            }
        }
        let mut out = String::new();
        let line = |cells: &[String], out: &mut String| {
            let mut parts = Vec::new();
            for (i, c) in cells.iter().enumerate().take(ncol) {
                let pad = width[i] - c.chars().count();
                if self.left.contains(&i) {
                    parts.push(format!("{c}{}", " ".repeat(pad)));
                } else {
                    parts.push(format!("{}{c}", " ".repeat(pad)));
                }
            }
            out.push_str(parts.join("  ").trim_end());
            out.push('\n');
        };
        line(&self.header, &mut out);
        let rule: Vec<String> = width.iter().map(|w| "-".repeat(*w)).collect();
        line(&rule, &mut out);
        for r in &self.rows {
            line(r, &mut out);
        }
        out
    }
}

/// Prints `error: MESSAGE` on stderr as one line, escaped and cut like every message (`say!`):
/// errors quote paths and values from the inputs, and a line break in a file's name (`-o` onto
/// an input quoted it raw, twice) must not start a line of its own. Errors are one line
/// (`{e:#}` joins an error's causes with `: `).
pub fn print_error(message: &str) {
    say!("error: {message}");
}

/// Quotes a CSV field when it needs it (RFC 4180).
pub fn csv_field(s: &str) -> String {
    if s.contains([',', '"', '\n', '\r']) {
        format!("\"{}\"", s.replace('"', "\"\""))
    } else {
        s.to_string()
    }
}

#[cfg(test)]
mod tests;
