use super::*;

#[test]
fn varints_and_zigzag() {
    assert_eq!(Reader::new(&[0x96, 0x01]).varint(), Ok(150));
    assert_eq!(Reader::new(&[0x03]).int(), Ok(-2));
    assert_eq!(Reader::new(&[0x04]).int(), Ok(2));
    assert!(Reader::new(&[0xff; 11]).varint().is_err());
    assert!(Reader::new(&[0x80]).varint().is_err());
}

#[test]
fn lengths_past_the_end_and_deep_nesting_are_errors() {
    // A binary announcing 2^40 bytes in a 6-byte buffer.
    let mut r = Reader::new(&[0x80, 0x80, 0x80, 0x80, 0x80, 0x20]);
    assert!(r.binary().is_err());
    // A list of 2^30 i32s.
    let mut r = Reader::new(&[0xf5, 0x80, 0x80, 0x80, 0x80, 0x04]);
    assert!(r.list().is_err());
    // 100 nested structs: field 1 of type struct, again and again.
    let mut deep = vec![0x1c; 100];
    deep.extend([0u8; 101]);
    assert_eq!(
        Reader::new(&deep).skip(ty::STRUCT, false),
        Err(ThriftError("nested too deep"))
    );
}
