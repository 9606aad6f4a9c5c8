//! readcov-patch tests at the library boundary: patches parsed, applied with offsets (hand-made
//! cases and the shipped real ones), written back from two texts, and predictions files read.

mod apply;
mod predictions;
mod real_offsets;
mod write;
