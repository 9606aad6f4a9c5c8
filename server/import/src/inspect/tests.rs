use super::*;
use std::io::Write;

/// An archive of a header and `samples` (name, JSON text), deflated.
fn archive(samples: &[(&str, String)]) -> Vec<u8> {
    let mut out = std::io::Cursor::new(Vec::new());
    {
        let mut zip = zip::ZipWriter::new(&mut out);
        let opts = zip::write::SimpleFileOptions::default()
            .compression_method(zip::CompressionMethod::Deflated);
        zip.start_file("header.json", opts).unwrap();
        zip.write_all(br#"{"version":2,"eval":{"task":"t","model":"m"}}"#)
            .unwrap();
        for (name, text) in samples {
            zip.start_file(format!("samples/{name}.json"), opts)
                .unwrap();
            zip.write_all(text.as_bytes()).unwrap();
        }
        zip.finish().unwrap();
    }
    out.into_inner()
}

fn sample(id: u32, pad: usize) -> String {
    format!(
        r#"{{"id":{id},"epoch":1,"messages":[],"pad":"{}"}}"#,
        " ".repeat(pad)
    )
}

#[test]
fn the_entries_together_stay_within_the_budget() {
    // Three samples of 4,000 bytes each: 12 KB in all.
    let zip = archive(&[
        ("1_epoch_1", sample(1, 4_000)),
        ("2_epoch_1", sample(2, 4_000)),
        ("3_epoch_1", sample(3, 4_000)),
    ]);
    let json = eval_to_json_within(&zip, 20_000).expect("12 KB fits in 20 KB");
    assert_eq!(
        serde_json::from_str::<Value>(&json).unwrap()["samples"]
            .as_array()
            .unwrap()
            .len(),
        3
    );
    // Each entry is under 10 KB, but not all three: the third is refused, nothing returned.
    let err = eval_to_json_within(&zip, 10_000).unwrap_err();
    assert!(
        err.contains("samples/3_epoch_1.json") && err.contains("more than 10000 bytes"),
        "{err}"
    );
}

#[test]
fn the_budget_follows_the_archive_within_bounds() {
    assert_eq!(unpack_budget(0), 64 << 20);
    assert_eq!(unpack_budget(1 << 20), 200 << 20);
    assert_eq!(unpack_budget(100 << 20), 1 << 30);
    assert_eq!(unpack_budget(usize::MAX), 1 << 30);
}
