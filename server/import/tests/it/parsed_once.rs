//! A log handed to the import already parsed (`import_parsed`, as the input layer does after
//! parsing a document to tell its kind) imports exactly as its bytes alone: every format read
//! from one JSON document takes that value instead of parsing the text again (issue 35, item 7:
//! a 500 MB trajectory was built as a JSON value three times).

use readcov_import::{
    import, import_doc, import_parsed, DirFiles, Doc, FileProvider, ImportOptions, Imported,
    NoFiles,
};
use serde_json::Value;
use std::path::{Path, PathBuf};

fn json_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for e in std::fs::read_dir(dir).unwrap().flatten() {
        let p = e.path();
        if p.is_dir() {
            json_files(&p, out);
        } else if p.extension().is_some_and(|x| x == "json") {
            out.push(p);
        }
    }
}

/// What an import gave, as comparable values.
fn facts(i: &Imported) -> impl PartialEq + std::fmt::Debug + '_ {
    (
        i.format,
        &i.rows,
        &i.errors,
        &i.notes,
        &i.labels,
        i.summary.actions,
        i.summary.runs,
    )
}

fn same_with_value(name: &str, bytes: &[u8]) {
    let Ok(value) = serde_json::from_slice::<Value>(bytes) else {
        return;
    };
    let opts = ImportOptions::default();
    let alone = import(bytes, name, &opts, &NoFiles);
    let given = import_parsed(bytes, Some(value), name, &opts, &|_| Box::new(NoFiles));
    assert_eq!(facts(&given), facts(&alone), "{name}");
}

#[test]
fn every_json_log_imports_the_same_from_its_parsed_value() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/data/formats");
    let mut files = Vec::new();
    json_files(&root, &mut files);
    let mut formats = std::collections::BTreeSet::new();
    for f in &files {
        let bytes = std::fs::read(f).unwrap();
        same_with_value(&f.display().to_string(), &bytes);
        let name = f.display().to_string();
        if let Some(fmt) = import(&bytes, &name, &ImportOptions::default(), &NoFiles).format {
            formats.insert(fmt.label());
        }
    }
    // The document formats whose importers now take the value are all among them.
    for f in [
        "atif",
        "chat",
        "gemini-cli",
        "inspect",
        "mini-swe-agent",
        "otel-genai",
    ] {
        assert!(formats.contains(f), "no {f} log among {formats:?}");
    }
    // An OpenHands V1 conversation as one JSON array of its records.
    let conv = root.join("openhands/v1-sdk-conversation/cd94562403b9487ebdd4018e3f531dfd");
    let mut events = Vec::new();
    json_files(&conv.join("events"), &mut events);
    events.sort();
    let mut records = vec![serde_json::from_slice::<Value>(
        &std::fs::read(conv.join("base_state.json")).unwrap(),
    )
    .unwrap()];
    for e in events {
        records.push(serde_json::from_slice(&std::fs::read(e).unwrap()).unwrap());
    }
    let array = serde_json::to_vec(&records).unwrap();
    let alone = import(
        &array,
        "conversation.json",
        &ImportOptions::default(),
        &NoFiles,
    );
    assert_eq!(alone.format.map(|f| f.label()), Some("openhands-v1"));
    assert!(alone.summary.actions > 0, "{:?}", alone.errors);
    same_with_value("conversation.json", &array);
}

/// Every log of a typed shape under tests/data (the real OpenHands and mini-swe-agent
/// trajectories with their workspaces, the format and import fixtures) imports the same from its
/// typed parse as from its `Value`: rows, outcomes, changes (replayed too), notes, errors.
#[test]
fn typed_and_value_imports_agree() {
    let data = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests");
    let mut files = Vec::new();
    json_files(&data.join("data"), &mut files);
    json_files(&data.join("fixtures"), &mut files);
    let sources = data.join("data/real/sources");
    let pick = |task: &str| -> Box<dyn FileProvider> {
        match sources.join(task) {
            dir if dir.is_dir() => Box::new(DirFiles(dir)),
            _ => Box::new(NoFiles),
        }
    };
    let opts = ImportOptions::default();
    let mut typed = std::collections::BTreeMap::<&str, usize>::new();
    for f in &files {
        let bytes = std::fs::read(f).unwrap();
        let Some(doc) = Doc::typed(&bytes) else {
            continue;
        };
        let label = doc.format().map_or("none", |f| f.label());
        *typed.entry(label).or_default() += 1;
        let name = f.display().to_string();
        let value: Value = serde_json::from_slice(&bytes).unwrap();
        let from_value = import_doc(&bytes, Some(Doc::Value(value)), &name, &opts, &pick);
        let from_typed = import_doc(&bytes, Some(doc), &name, &opts, &pick);
        assert_eq!(facts(&from_typed), facts(&from_value), "{name}");
        assert_eq!(from_typed.outcomes, from_value.outcomes, "{name}");
        assert_eq!(from_typed.changes, from_value.changes, "{name}");
        assert_eq!(from_typed.format, from_value.format, "{name}");
    }
    // All 12 real OpenHands logs and the 3 real mini-swe-agent ones are read typed.
    assert!(
        typed.get("openhands").is_some_and(|n| *n >= 12),
        "{typed:?}"
    );
    assert!(
        typed.get("mini-swe-agent").is_some_and(|n| *n >= 3),
        "{typed:?}"
    );
}
