use super::*;

/// Every body as serde_json decodes it, or declined.
fn serde(body: &str) -> Option<String> {
    serde_json::from_str::<String>(&format!("\"{body}")).ok()
}

#[test]
fn escapes_decode_as_serde_decodes_them() {
    let bodies = [
        r#"a\"b""#,
        r#"\\""#,
        r#"\/\b\f\n\r\t""#,
        r#"x\u0041y""#,
        r#"\u00e9\u00E9""#,
        r#"\ud83d\ude00 smile""#,
        r#"\uD83D\uDE00""#,
        r#"\u0000""#,
        r#"cd /w && grep -n \"__init__\" src/flask/blueprints.py""#,
        "h\u{e9}llo \\\"\u{1F600}\\\"\"",
    ];
    for b in bodies {
        let first = stop_at(b.as_bytes()).unwrap();
        let got = decode(b.as_bytes(), first).map(|(s, end)| {
            assert_eq!(end, b.len(), "{b}");
            s
        });
        assert_eq!(got, serde(b), "{b}");
        assert!(got.is_some(), "{b}");
    }
}

#[test]
fn odd_escapes_are_declined() {
    for b in [
        r#"\x""#,
        r#"\u12""#,
        r#"\u12g4""#,
        r#"\ud83d""#,
        r#"\ud83dx""#,
        r#"\ud83d\u0041""#,
        r#"\ude00""#,
        "a\\\"\tb\"",
        r#"a\"b"#,
        r#"\"#,
    ] {
        let first = stop_at(b.as_bytes()).unwrap();
        assert_eq!(decode(b.as_bytes(), first), None, "{b}");
    }
}

/// `stop_at` against the obvious byte loop, at every position within and across words.
#[test]
fn stop_at_finds_the_first_stop_byte() {
    let naive = |b: &[u8]| b.iter().position(|&c| c == b'"' || c == b'\\' || c < 0x20);
    let fill = [
        b'a', 0x7f, 0x80, 0xff, b' ', b'!', b'#', b'[', b']', 0x21, 0xa2, 0xdc,
    ];
    for len in 0..40 {
        for at in 0..=len {
            for stop in [b'"', b'\\', 0x00, 0x1f, b'\n'] {
                for &f in &fill {
                    let mut b = vec![f; len];
                    if at < len {
                        b[at] = stop;
                    }
                    assert_eq!(stop_at(&b), naive(&b), "{b:?}");
                    // A later stop byte must not win over the first.
                    b.extend_from_slice(b"\"\\");
                    assert_eq!(stop_at(&b), naive(&b), "{b:?}");
                    let plain = naive(&b).filter(|&n| b[n] == b'"');
                    assert_eq!(plain_len(&b), plain, "{b:?}");
                }
            }
        }
    }
}
