use super::*;
use readcov_import::Replayed;
use readcov_patch::Loss;

fn change(task: &str, submitted: Option<&str>, replayed: Option<(&str, bool)>) -> RunChange {
    RunChange {
        task: task.to_string(),
        run: "r".to_string(),
        submitted: submitted.map(str::to_string),
        replayed: replayed.map(|(patch, lost)| Replayed {
            patch: patch.to_string(),
            partial: match lost {
                true => vec![Loss {
                    path: Some("a.py".to_string()),
                    new_file: false,
                    what: "written by sed".to_string(),
                }],
                false => Vec::new(),
            },
        }),
    }
}

fn sources(text: &str) -> Vec<(String, String)> {
    text.lines()
        .map(|l| {
            let v: serde_json::Value = serde_json::from_str(l).unwrap();
            let s = |k: &str| v[k].as_str().unwrap().to_string();
            (s("instance_id"), s("change_source"))
        })
        .collect()
}

#[test]
fn each_source_picks_its_change_and_counts_the_rest() {
    let runs = [
        change("both", Some("L"), Some(("R", false))),
        change("log", Some("L"), None),
        change("replay", None, Some(("R", true))),
        change("none", None, None),
    ];
    let pair = |a: &str, b: &str| (a.to_string(), b.to_string());
    let mut auto = PatchLines::new(EmitFrom::Auto);
    let want = [
        pair("both", "log"),
        pair("log", "log"),
        pair("replay", "replay"),
    ];
    assert_eq!(sources(&auto.lines(&runs)), want);
    assert_eq!((auto.partial, auto.none), (1, 1));
    let mut log = PatchLines::new(EmitFrom::Log);
    assert_eq!(
        sources(&log.lines(&runs)),
        [pair("both", "log"), pair("log", "log")]
    );
    assert_eq!((log.partial, log.none), (0, 2));
    let mut replay = PatchLines::new(EmitFrom::Replay);
    let lines = replay.lines(&runs);
    assert_eq!(
        sources(&lines),
        [pair("both", "replay"), pair("replay", "replay")]
    );
    assert_eq!((replay.partial, replay.none), (1, 2));
    assert!(lines.contains("written by sed"), "{lines}");
    assert_eq!(log.why_none("W"), "no final patch in the log");
    assert_eq!(
        auto.why_none("W"),
        "no final patch in the log, and no W to replay its edits on"
    );
}
