use super::*;

fn samples() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/data/formats/autocoderover")
}

const SEPARABLE: &str = "astropy__astropy-12907_2024-04-06_13-51-50";
const QDP_RUN2: &str = "astropy__astropy-14365_2024-04-04_14-20-38";
const QDP_RUN1: &str = "astropy__astropy-14365_2024-04-06_13-27-09";

fn names(files: impl IntoIterator<Item = PathBuf>) -> Vec<String> {
    files
        .into_iter()
        .map(|f| {
            f.strip_prefix(samples())
                .unwrap_or(&f)
                .display()
                .to_string()
        })
        .collect()
}

/// The vendored results folder walked whole: of each task folder only its last thread stays
/// (12907: the write-patch thread over 4 rounds; 14365 of acr-run-2: `_2` over `_1` and 3
/// rounds; 14365 of acr-run-1: its one thread), the other files in place; 8 passed over.
#[test]
fn a_results_folder_keeps_one_thread_per_task_folder() {
    let files = crate::layout::folder_files(&[samples()]);
    assert_eq!(files.len(), 14);
    let g = group(files);
    assert_eq!(
        names(g.files),
        [
            format!("{SEPARABLE}/debug_agent_write_patch_1.json"),
            format!("{SEPARABLE}/extracted_patch_1.diff"),
            format!("{QDP_RUN2}/debug_agent_write_patch_2.json"),
            format!("{QDP_RUN2}/extracted_patch_2.diff"),
            format!("{QDP_RUN1}/debug_agent_write_patch_1.json"),
            format!("{QDP_RUN1}/extracted_patch_1.diff"),
        ]
    );
    let passed = |holder: &str| {
        let of = g.passed.iter().filter(|p| p.holder.ends_with(holder));
        names(of.map(|p| p.file.clone()))
    };
    assert_eq!(
        passed(&format!("{SEPARABLE}/debug_agent_write_patch_1.json")),
        (0..4)
            .map(|n| format!("{SEPARABLE}/conversation_round_{n}.json"))
            .collect::<Vec<_>>()
    );
    assert_eq!(
        passed(&format!("{QDP_RUN2}/debug_agent_write_patch_2.json")),
        [
            format!("{QDP_RUN2}/conversation_round_0.json"),
            format!("{QDP_RUN2}/conversation_round_1.json"),
            format!("{QDP_RUN2}/conversation_round_2.json"),
            format!("{QDP_RUN2}/debug_agent_write_patch_1.json"),
        ]
    );
    assert_eq!(g.passed.len(), 8);
    assert!(g.warnings.is_empty());
}

/// Files of one task folder given one by one, in any order, are grouped as the folder is; a
/// thread given alone is imported as it is.
#[test]
fn files_given_together_or_alone() {
    let dir = samples().join(QDP_RUN2);
    let given = [
        dir.join("debug_agent_write_patch_1.json"),
        dir.join("conversation_round_2.json"),
        dir.join("debug_agent_write_patch_2.json"),
    ];
    let g = group(given.to_vec());
    assert_eq!(g.files, [dir.join("debug_agent_write_patch_2.json")]);
    assert_eq!(g.passed.len(), 2);
    for one in &given {
        let g = group(vec![one.clone()]);
        assert_eq!((g.files, g.passed.len()), (vec![one.clone()], 0));
    }
    // Two rounds without the write-patch thread: the higher round holds the lower.
    let rounds = vec![
        dir.join("conversation_round_1.json"),
        dir.join("conversation_round_0.json"),
    ];
    assert_eq!(group(rounds).files, [dir.join("conversation_round_1.json")]);
}

/// A thread file beside the holder that is no prefix of it (here another task's real thread,
/// copied in as a round) is imported as a run of its own, with a warning naming both; a holder
/// that is no JSON groups nothing.
#[test]
fn what_is_no_prefix_stays_and_is_said() {
    let tmp = tempfile::tempdir().expect("temp dir");
    let dir = tmp.path().join(SEPARABLE);
    std::fs::create_dir(&dir).expect("mkdir");
    let copy = |from: PathBuf, to: &str| {
        std::fs::copy(from, dir.join(to)).expect("copy");
        dir.join(to)
    };
    let holder = copy(
        samples()
            .join(SEPARABLE)
            .join("debug_agent_write_patch_1.json"),
        "debug_agent_write_patch_1.json",
    );
    let r3 = copy(
        samples().join(SEPARABLE).join("conversation_round_3.json"),
        "conversation_round_3.json",
    );
    let stranger = copy(
        samples()
            .join(QDP_RUN1)
            .join("debug_agent_write_patch_1.json"),
        "conversation_round_9.json",
    );
    let g = group(vec![holder.clone(), r3.clone(), stranger.clone()]);
    assert_eq!(g.files, [holder.clone(), stranger.clone()]);
    assert_eq!(
        g.passed,
        [Passed {
            file: r3.clone(),
            holder: holder.clone()
        }]
    );
    assert_eq!(g.warnings.len(), 1);
    let (h, w) = &g.warnings[0];
    assert_eq!(h, &holder);
    assert_eq!(
        w,
        &format!(
            "warning: {}: an AutoCodeRover thread beside {} but not a prefix of it (it has 24 message(s), the holder 18): imported as a run of its own",
            stranger.display(),
            holder.display()
        )
    );
    std::fs::write(&holder, "[{\"role\": \"system\", \"content\": \"cut").expect("write");
    let g = group(vec![holder.clone(), r3.clone()]);
    assert_eq!((g.files, g.passed.len()), (vec![holder, r3], 0));
}

/// Task folders of one task from two AutoCodeRover runs (acr-run-1's and acr-run-2's
/// astropy-14365, both holding a `debug_agent_write_patch_1.json`): one task and run id, warned.
#[test]
fn two_task_folders_of_one_task_with_one_run_id() {
    let tmp = tempfile::tempdir().expect("temp dir");
    let mut given = Vec::new();
    for (run, folder) in [("acr-run-1", QDP_RUN1), ("acr-run-2", QDP_RUN2)] {
        let dir = tmp.path().join(run).join(folder);
        std::fs::create_dir_all(&dir).expect("mkdir");
        let to = dir.join("debug_agent_write_patch_1.json");
        std::fs::copy(
            samples()
                .join(folder)
                .join("debug_agent_write_patch_1.json"),
            &to,
        )
        .expect("copy");
        given.push(to);
    }
    let g = group(crate::layout::folder_files(&[tmp.path().to_path_buf()]));
    assert_eq!(g.files, given);
    assert_eq!(g.warnings.len(), 1);
    assert_eq!(
        g.warnings[0],
        (
            given[1].clone(),
            format!(
                "warning: {}: the same task (astropy__astropy-14365) and run as {}: their rows would be one run's; import them apart with --run",
                given[1].display(),
                given[0].display()
            )
        )
    );
}
