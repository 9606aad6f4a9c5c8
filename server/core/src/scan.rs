//! A hand scanner for the commonest reads line: one flat object of known keys, strings, unsigned
//! integers and null, and a `base` object of those (what `readcov import --workspaces` writes).
//! It takes such a line several times faster than serde's derived visitor (which was a fifth of
//! `readcov score`'s time, profiled) and declines anything else — unknown or repeated keys,
//! escaped keys, odd escapes, numbers with signs, fractions or leading zeros, booleans, deeper
//! nesting — so the line goes on to serde. Whatever it accepts, serde accepts with the same
//! values: a property test compares the two on generated lines.

mod escape;
mod gold;
mod keys;
mod read;
mod scanner;
mod shape;
pub(crate) use gold::*;
pub(crate) use keys::*;
pub(crate) use read::*;
pub(crate) use scanner::*;
pub(crate) use shape::Shape;

#[cfg(test)]
pub(crate) mod tests;
