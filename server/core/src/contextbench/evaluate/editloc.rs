//! Edit location: the base-side lines a patch deletes against the gold (init) line intervals,
//! the reference's `compute_editloc` (compat: recall doubles as precision).

use super::super::diff::deleted_lines;
use super::super::input::{GoldRow, PredRow};
use super::super::ivs::{self, PerFile};
use super::super::Mode;
use super::ratio;

/// Edit location: deleted lines of the patch against the gold (init) line intervals.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct EditLoc {
    pub recall: Option<f64>,
    pub precision: Option<f64>,
    pub intersection: i64,
    pub gold_size: i64,
    pub pred_size: i64,
}

/// Edit location of `pred`'s patch (compat falls back to the gold patch when the prediction has
/// none); `None` when there is no patch to locate.
pub(super) fn edit_location(
    gold: &GoldRow,
    pred: &PredRow,
    gold_lines: &PerFile,
    mode: Mode,
) -> Option<EditLoc> {
    let patch = match (mode, pred.model_patch.is_empty()) {
        (Mode::Compat, true) => gold.patch.as_str(),
        _ => pred.model_patch.as_str(),
    };
    (!patch.is_empty()).then(|| {
        let del = deleted_lines(patch, mode);
        let hit = ivs::inter_total(&del, gold_lines);
        let (gs, ps) = (ivs::total(gold_lines), ivs::total(&del));
        match mode {
            Mode::Compat => {
                let r = if ps > 0 { hit as f64 / ps as f64 } else { 0.0 };
                EditLoc {
                    recall: Some(r),
                    precision: Some(r),
                    intersection: hit,
                    gold_size: gs,
                    pred_size: ps,
                }
            }
            Mode::Clean => EditLoc {
                recall: ratio(hit, gs, 0.0, mode),
                precision: ratio(hit, ps, 0.0, mode),
                intersection: hit,
                gold_size: gs,
                pred_size: ps,
            },
        }
    })
}
