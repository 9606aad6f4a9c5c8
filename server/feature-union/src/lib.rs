//! No code: this crate only turns dependency features on (see its Cargo.toml for why).
