//! The mergeable aggregate one sharded run writes (`--emit-partial`), for any of the commands
//! that shard: `score`, `explore`, `sheet`, `diagnose`. The `kind` tag says which; only partials of
//! the same kind and settings merge, anything else is an error rather than a wrong total.

use crate::batch::ScorePartial;
use crate::explore::ExplorePartial;
use crate::sheet::SheetPartial;
use crate::stages::DiagnosePartial;
use serde::{Deserialize, Serialize};
use thiserror::Error;

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "lowercase")]
pub enum Partial {
    Score { threshold: f64, score: ScorePartial },
    Explore { explore: ExplorePartial },
    Sheet { sheet: SheetPartial },
    Diagnose { diagnose: DiagnosePartial },
}

#[derive(Clone, Debug, Error, PartialEq)]
pub enum MergeError {
    #[error("a `{other}` partial cannot merge with `{this}` partials")]
    Kind {
        this: &'static str,
        other: &'static str,
    },
    #[error("{setting} {other} differs from {this} in the other partials")]
    Setting {
        setting: &'static str,
        this: String,
        other: String,
    },
}

fn same<T: PartialEq + std::fmt::Debug>(
    setting: &'static str,
    this: &T,
    other: &T,
) -> Result<(), MergeError> {
    if this == other {
        return Ok(());
    }
    Err(MergeError::Setting {
        setting,
        this: format!("{this:?}"),
        other: format!("{other:?}"),
    })
}

impl Partial {
    /// The subcommand that wrote it.
    pub fn kind(&self) -> &'static str {
        match self {
            Partial::Score { .. } => "score",
            Partial::Explore { .. } => "explore",
            Partial::Sheet { .. } => "sheet",
            Partial::Diagnose { .. } => "diagnose",
        }
    }

    /// Adds `o` into `self`; refuses another kind, or the same kind run with other settings
    /// (threshold, top-k, pass^k's k values), whose numbers do not add up.
    pub fn merge(&mut self, o: &Partial) -> Result<(), MergeError> {
        match (self, o) {
            (
                Partial::Score { threshold, score },
                Partial::Score {
                    threshold: t,
                    score: s,
                },
            ) => {
                same("threshold", threshold, t)?;
                score.merge(s);
            }
            (Partial::Explore { explore }, Partial::Explore { explore: e }) => {
                // `None` is `--top-k all`: said as the option says it, not as Rust's `None`.
                if explore.top_k != e.top_k {
                    let shown = |k: Option<usize>| k.map_or("all".to_string(), |k| k.to_string());
                    return Err(MergeError::Setting {
                        setting: "top_k",
                        this: shown(explore.top_k),
                        other: shown(e.top_k),
                    });
                }
                explore.merge(e);
            }
            (Partial::Sheet { sheet }, Partial::Sheet { sheet: s }) => {
                same("threshold", &sheet.threshold, &s.threshold)?;
                same("k values", &sheet.ks, &s.ks)?;
                same(
                    "regeneration limit",
                    &sheet.regeneration_limit,
                    &s.regeneration_limit,
                )?;
                sheet.merge(s);
            }
            (Partial::Diagnose { diagnose: d }, Partial::Diagnose { diagnose: o }) => {
                same("threshold", &d.threshold, &o.threshold)?;
                same("group-by", &d.group_by, &o.group_by)?;
                d.merge(o);
            }
            (this, o) => {
                return Err(MergeError::Kind {
                    this: this.kind(),
                    other: o.kind(),
                })
            }
        }
        Ok(())
    }
}
