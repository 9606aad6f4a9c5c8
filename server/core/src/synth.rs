//! Seeded synthetic corpora for benchmarks: the same generator everywhere, so figures from different
//! crates' benches describe the same shape of input.
//!
//! Pure and deterministic (xorshift, no extra crates): the same seed gives the same spans on every
//! machine. Not used by readcov itself; public so the benches of other crates can share it.

use crate::{GoldSpan, ReadSpan};

/// The seed every bench uses unless it says otherwise.
pub const DEFAULT_SEED: u64 = 0x9E37_79B9_7F4A_7C15;

/// A tiny deterministic generator (xorshift64).
#[derive(Debug, Clone)]
pub struct XorShift(pub u64);

impl XorShift {
    /// A number in `0..n` (`n` must not be 0).
    pub fn below(&mut self, n: u32) -> u32 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % u64::from(n)) as u32
    }
}

/// `tasks` tasks with one run (`run-1`) each: 5 gold spans of 320 lines over 4 files (~1,600 gold
/// lines), and 20 reads over 6 files shaped like agents' reads (single grep lines, 30- and 60-line
/// windows, 300-line views). With `turns`, read `i` of a task carries turn `i`.
pub fn gold_and_reads(
    rng: &mut XorShift,
    tasks: usize,
    turns: bool,
) -> (Vec<GoldSpan>, Vec<ReadSpan>) {
    let (mut gold, mut reads) = (Vec::new(), Vec::new());
    for t in 0..tasks {
        let task = format!("task-{t}");
        for k in 0..5 {
            let start = 1 + rng.below(2_000);
            gold.push(GoldSpan {
                task: task.as_str().into(),
                ..GoldSpan::simple(&format!("src/file{}.py", k % 4), start, start + 319)
            });
        }
        for turn in 0..20 {
            let start = 1 + rng.below(2_500);
            let len = [0, 30, 60, 300][rng.below(4) as usize];
            let file = format!("src/file{}.py", rng.below(6));
            reads.push(ReadSpan {
                task: task.clone(),
                run: "run-1".into(),
                turn: turns.then_some(turn),
                ..ReadSpan::simple(&file, start, start + len)
            });
        }
    }
    (gold, reads)
}

#[cfg(test)]
mod tests;
