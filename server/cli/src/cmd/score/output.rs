//! What `readcov score`'s renderers, its sink and `--fail-under` take from the arguments: the
//! output options alone (format, threshold, widening, detail, summary, legend, the fail bar), so
//! a rendering cannot reach back into the inputs and each is called with plain values.

use super::ScoreArgs;
use crate::render::Format;

/// The output options of one `readcov score` run.
#[derive(Clone, Copy, Debug)]
pub(super) struct Output {
    pub format: Format,
    /// The verdict's line-coverage threshold (printed with the figures).
    pub threshold: f64,
    /// The ±N lines what-if, named in the unit columns' headers.
    pub widen: u32,
    /// `--detail`: the table lists each gold file and span.
    pub detail: bool,
    /// `--summary`: json and jsonl rows without `files` and `spans`.
    pub summary: bool,
    /// `--no-legend`.
    pub no_legend: bool,
    /// `--fail-under`: the bar rows must reach (a bare flag is the threshold); none without it.
    pub fail_bar: Option<f64>,
}

impl Output {
    pub(super) fn of(args: &ScoreArgs) -> Output {
        Output {
            format: args.format,
            threshold: args.threshold,
            widen: args.widen(),
            detail: args.detail,
            summary: args.summary,
            no_legend: args.no_legend,
            // A bare `--fail-under` arrives as -1 (clap's missing value): the threshold.
            fail_bar: args
                .fail_under
                .map(|f| if f < 0.0 { args.threshold } else { f }),
        }
    }

    /// Whether the output shows each gold file and span: json and jsonl rows unless
    /// `--summary`, the table with `--detail`; csv never. Otherwise it is not computed.
    pub(super) fn breakdown(&self) -> bool {
        match self.format {
            Format::Json | Format::Jsonl => !self.summary,
            Format::Table => self.detail,
            Format::Csv => false,
        }
    }
}
