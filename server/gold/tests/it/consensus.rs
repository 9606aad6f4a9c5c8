//! Consensus gold: placeholder filled in below.
