//! The editors' change layer (`change_layer`, issue 38) against the stages of the same run, on
//! the 15 shipped runs: the same change source, the same gold change units with the same
//! `changed`, and for every unit the change stage compared, the same two texts — one
//! measurement, drawn; never a second diagnosis.

use crate::diagnose::on_real;
use readcov_core::stages::ChangeSource;
use readcov_gold::diagnose::{change_layer, diagnose};
use std::collections::BTreeSet;

#[test]
fn the_layer_of_every_shipped_run_is_its_stages() {
    on_real(|input| {
        let mut rows = Vec::new();
        diagnose(input, &mut |s| rows.push(s));
        assert_eq!(rows.len(), 15);
        let mut compared = 0;
        for row in &rows {
            let layer = change_layer(input, &row.task, &row.run);
            let who = format!("{} {}", row.task, row.run);
            assert_eq!(layer.source, row.change_source, "{who}");
            assert_eq!(
                layer.run.is_some(),
                row.change_source != ChangeSource::None,
                "{who}"
            );
            assert!(
                layer.gold.as_ref().is_some_and(|g| !g.is_empty()),
                "{who}: gold lines"
            );
            let gcu = row
                .stages
                .edit
                .gold_change_units
                .as_ref()
                .expect("units known");
            let want: BTreeSet<_> = gcu.iter().map(|u| (u.unit.clone(), u.changed)).collect();
            let got: BTreeSet<_> = (layer.units.iter())
                .map(|u| (u.unit.clone(), u.changed))
                .collect();
            assert_eq!(got, want, "{who}");
            for c in row.stages.change.units.iter().flatten() {
                let u = (layer.units.iter())
                    .find(|u| u.unit.path == c.path && u.unit.start == c.start)
                    .unwrap_or_else(|| panic!("{who}: {} not in the layer", c.name));
                assert_eq!(
                    (&u.gold_text, &u.agent_text),
                    (&c.gold_text, &c.agent_text),
                    "{who} {}",
                    c.name
                );
                compared += 1;
            }
            // A unit the run left alone: its run text is its base text, never the gold's.
            for u in layer.units.iter().filter(|u| !u.changed) {
                assert!(
                    u.agent_text.is_some() && u.agent_text != u.gold_text,
                    "{who} {}",
                    u.unit.name
                );
            }
        }
        // The shipped runs with verdict `change` compare units (pytest-10356 two, …).
        assert!(compared >= 5, "{compared} units compared");
    })
}
