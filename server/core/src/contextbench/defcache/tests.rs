use super::*;

fn def(name: &str) -> Def {
    Def {
        kind: "function_definition",
        name: name.to_string(),
        start: 0,
        end: 1,
    }
}

#[test]
fn each_distinct_content_and_language_is_made_once() {
    let cache = DefCache::default();
    let made = std::cell::Cell::new(0);
    let get = |lang, bytes: &[u8], name: &str| {
        cache
            .get(lang, bytes, || {
                made.set(made.get() + 1);
                Ok(vec![def(name)])
            })
            .unwrap()[0]
            .name
            .clone()
    };
    assert_eq!(get("python", b"def a(): pass", "a"), "a");
    assert_eq!(get("python", b"def a(): pass", "other"), "a");
    assert_eq!(made.get(), 1);
    // Same length and ends, different middle: told apart by the bytes.
    let (x, y) = ([b'a'; 3000], {
        let mut y = [b'a'; 3000];
        y[1500] = b'b';
        y
    });
    assert_eq!(get("python", &x, "x"), "x");
    assert_eq!(get("python", &y, "y"), "y");
    assert_eq!(get("javascript", &x, "js"), "js");
    assert_eq!(made.get(), 4);
}

/// A content whose blocks could not be made gives its reason to every instance that has it,
/// made once like any other.
#[test]
fn a_refusal_is_made_once_and_given_each_time() {
    let cache = DefCache::default();
    let made = std::cell::Cell::new(0);
    for _ in 0..2 {
        let got = cache.get("python", b"x = 1", || {
            made.set(made.get() + 1);
            Err("parser gave up".to_string())
        });
        assert_eq!(got, Err("parser gave up".to_string()));
    }
    assert_eq!(made.get(), 1);
}

/// Past its budget the cache drops the least recently used blocks and makes them again when
/// asked: the same blocks, made twice, and what it keeps stays near the budget.
#[test]
fn past_the_budget_the_oldest_blocks_are_dropped_and_made_again() {
    let one = defs_bytes(&[def("f0")]) + SLOT_BYTES;
    let cache = DefCache::with_budget(3 * one);
    let made = std::cell::Cell::new(0);
    let get = |k: usize| {
        let bytes = format!("def f{k}(): pass");
        cache
            .get("python", bytes.as_bytes(), || {
                made.set(made.get() + 1);
                Ok(vec![def(&format!("f{k}"))])
            })
            .unwrap()[0]
            .name
            .clone()
    };
    for k in 0..3 {
        assert_eq!(get(k), format!("f{k}"));
    }
    assert_eq!(made.get(), 3);
    assert!(cache.used() <= 3 * one, "{}", cache.used());
    // f0 used again (kept); f3 pushes out f1, the least recently used.
    assert_eq!(get(0), "f0");
    assert_eq!(get(3), "f3");
    assert_eq!(made.get(), 4);
    assert_eq!(get(0), "f0");
    assert_eq!(made.get(), 4);
    assert_eq!(get(1), "f1");
    assert_eq!(made.get(), 5);
    assert!(cache.used() <= 3 * one, "{}", cache.used());
}

/// The key is the content's BLAKE3 hash (a collision-resistant hash: the checkouts are untrusted,
/// and two contents with one key would share blocks), checked against the BLAKE3 paper's
/// test vectors for the empty input and for "abc".
#[test]
fn the_key_is_the_blake3_hash_of_the_content() {
    let hex = |k: Key| k.1.iter().map(|b| format!("{b:02x}")).collect::<String>();
    assert_eq!(
        hex(key("python", b"")),
        "af1349b9f5f9a1a6a0404dea36dcc9499bcb25c9adc112b7cc9a93cae41f3262"
    );
    assert_eq!(
        hex(key("python", b"abc")),
        "6437b3ac38465133ffb63b75273a8db548c558465d79db03fd359c6cd5bd9d85"
    );
    assert_eq!(key("rust", b"abc").0, "rust");
}
