use super::*;

/// A checkout's source file past `MAX_SOURCE_BYTES` is not read (a sparse file: no disk used),
/// as `score --workspace` does not read one: `contextbench --workspaces` read it whole.
#[test]
fn a_checkout_file_past_the_source_limit_is_not_read() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::create_dir(dir.path().join("i1")).unwrap();
    let big = std::fs::File::create(dir.path().join("i1/big.py")).unwrap();
    big.set_len(crate::MAX_SOURCE_BYTES + 1).unwrap();
    std::fs::write(dir.path().join("i1/small.py"), "x = 1\n").unwrap();
    let ws = DirWorkspaces::new(dir.path()).unwrap();
    let checkout = ws.checkout(&["i1"]).expect("i1 is a checkout");
    assert!(checkout.is_file("big.py"));
    // Not `assert_eq!`: a failure would print 64 MiB of bytes. Why it was not read is said.
    match checkout.read("big.py") {
        Err(why) => assert_eq!(
            why,
            "67108865 bytes, over the limit of 67108864 bytes for this input; not read"
        ),
        Ok(got) => panic!("big.py was read: {:?} bytes", got.map(|b| b.len())),
    }
    assert_eq!(checkout.read("small.py"), Ok(Some(b"x = 1\n".to_vec())));
    assert_eq!(checkout.read("missing.py"), Ok(None));
}
