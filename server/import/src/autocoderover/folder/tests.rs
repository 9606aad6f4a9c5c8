use super::*;

fn thread(folder: &str, file: &str) -> Value {
    let p = format!(
        "{}/../../tests/data/formats/autocoderover/{folder}/{file}",
        env!("CARGO_MANIFEST_DIR")
    );
    let bytes = std::fs::read(&p).unwrap_or_else(|e| panic!("{p}: {e}"));
    serde_json::from_slice(&bytes).expect("JSON")
}

const SEPARABLE: &str = "astropy__astropy-12907_2024-04-06_13-51-50";
const QDP_RUN2: &str = "astropy__astropy-14365_2024-04-04_14-20-38";
const QDP_RUN1: &str = "astropy__astropy-14365_2024-04-06_13-27-09";

fn name(file: &str) -> ThreadName {
    thread_name(file).unwrap_or_else(|| panic!("{file}"))
}

#[test]
fn thread_names_as_autocoderover_writes_them() {
    let round = |n| ThreadName {
        write_patch: false,
        n,
    };
    assert_eq!(thread_name("conversation_round_0.json"), Some(round(0)));
    assert_eq!(thread_name("conversation_round_12.json"), Some(round(12)));
    // Every write-patch thread comes after every round; then by N (12 after 2, not before).
    assert!(name("debug_agent_write_patch_1.json") > name("conversation_round_12.json"));
    assert!(name("conversation_round_12.json") > name("conversation_round_2.json"));
    for other in [
        "conversation_round_.json",
        "conversation_round_01.json",
        "conversation_round_-1.json",
        "conversation_round_1.json.bak",
        "agent_proxy_1.json",
        "extracted_patch_1.diff",
        "debug_agent_write_patch_1",
    ] {
        assert_eq!(thread_name(other), None, "{other}");
    }
}

/// The real rounds of acr-run-1's astropy-12907 are prefixes of its write-patch thread, though
/// `agent_write_patch.py` gave that one a new system prompt; the rounds among themselves share it.
#[test]
fn the_real_rounds_are_prefixes() {
    let holder_name = name("debug_agent_write_patch_1.json");
    let holder = thread(SEPARABLE, "debug_agent_write_patch_1.json");
    for n in 0..4 {
        let file = format!("conversation_round_{n}.json");
        let part = thread(SEPARABLE, &file);
        assert_eq!(
            held(&holder, holder_name, &part, name(&file)),
            Some(Held::Prefix),
            "{file}"
        );
        assert_ne!(holder[0], part[0], "the system prompt was replaced");
    }
    let r3 = thread(SEPARABLE, "conversation_round_3.json");
    let r1 = thread(SEPARABLE, "conversation_round_1.json");
    let (n3, n1) = (
        name("conversation_round_3.json"),
        name("conversation_round_1.json"),
    );
    assert_eq!(held(&r3, n3, &r1, n1), Some(Held::Prefix));
    // The other way round it is not: more messages than the holder.
    assert_eq!(
        held(&r1, n1, &r3, n3),
        Some(Held::Not("it has 15 message(s), the holder 8".into()))
    );
}

/// acr-run-2's astropy-14365 tried twice: `debug_agent_write_patch_1.json` (the first attempt)
/// is a prefix of `_2.json` (both attempts), system prompt and all.
#[test]
fn an_earlier_attempt_is_a_prefix_of_the_last() {
    let holder = thread(QDP_RUN2, "debug_agent_write_patch_2.json");
    let (h, p) = (
        name("debug_agent_write_patch_2.json"),
        name("debug_agent_write_patch_1.json"),
    );
    let first = thread(QDP_RUN2, "debug_agent_write_patch_1.json");
    assert_eq!(held(&holder, h, &first, p), Some(Held::Prefix));
    // A system prompt that differs between two write-patch threads is a difference.
    let mut changed = first.clone();
    changed[0]["content"] = Value::from("another prompt");
    assert_eq!(
        held(&holder, h, &changed, p),
        Some(Held::Not("message 0 differs".into()))
    );
}

/// Another task's thread (acr-run-1's astropy-14365) beside the holder is no prefix of it; a
/// file that is no thread, or a holder that is none, groups nothing.
#[test]
fn what_is_no_prefix() {
    let holder = thread(SEPARABLE, "debug_agent_write_patch_1.json");
    let h = name("debug_agent_write_patch_1.json");
    let other = thread(QDP_RUN1, "debug_agent_write_patch_1.json");
    let r9 = name("conversation_round_9.json");
    assert_eq!(
        held(&holder, h, &other, r9),
        Some(Held::Not("it has 24 message(s), the holder 18".into()))
    );
    let shorter = thread(QDP_RUN2, "debug_agent_write_patch_1.json");
    assert_eq!(
        held(&holder, h, &shorter, r9),
        Some(Held::Not("message 1 differs".into()))
    );
    assert_eq!(held(&holder, h, &Value::from("x"), r9), None);
    assert_eq!(held(&Value::Array(vec![]), h, &other, r9), None);
}
