//! readcov-report: turns scored runs into things people look at — a self-contained HTML report
//! (inline SVG, no network), an LCOV tracefile of read lines and a SARIF 2.1.0 log of gold spans
//! under the threshold.
//!
//! Like `readcov-core`, this crate does no IO: inputs arrive as values and bytes, outputs leave as
//! strings. The CLI (`readcov report`) writes the files.

pub mod buckets;
pub mod folders;
pub mod html;
pub mod lcov;
pub mod model;
/// Outcome labels live in core (consensus gold reads them too); the path stays.
pub use readcov_core::outcomes;
pub mod sarif;
pub mod stages;
pub mod timeline;
pub mod units;

pub use buckets::{resolve_by_coverage, Bucket, BUCKETS};
pub use model::{build, GoldSetBuckets, GoldSetRun, Report, ReportInput, RunRow};
pub use outcomes::{parse_outcomes, Outcomes};
pub use stages::Diagnosis;
pub use units::{parse_units, Unit, UnitScore};
