//! The sheet's tests, one module per area.

mod before_edit;
mod breakdown;
mod counts;
mod grade;
mod ledger;
mod runs;
mod sheet;
