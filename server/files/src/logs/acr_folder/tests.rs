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
/// rounds; 14365 of acr-run-1: its one thread); 8 passed over, and the `.diff` files (before
/// session 37 left in place, each refused by the import: `the_other_files_of_a_task_folder_…`).
#[test]
fn a_results_folder_keeps_one_thread_per_task_folder() {
    let files = crate::layout::folder_files(&[samples()]);
    assert_eq!(files.len(), 14);
    let g = group(files);
    assert_eq!(
        names(g.files),
        [
            format!("{SEPARABLE}/debug_agent_write_patch_1.json"),
            format!("{QDP_RUN2}/debug_agent_write_patch_2.json"),
            format!("{QDP_RUN1}/debug_agent_write_patch_1.json"),
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
    assert_eq!(g.kept.len(), 2, "the holder and the stranger, parsed once");
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
/// astropy-14365, both holding a `debug_agent_write_patch_1.json`): one task and run id, so each
/// run is named by its folder (before session 37 only warned of). Folders named alike (a copy
/// under `examples/`, as AutoCodeRover's repository has) are told apart by their parents.
#[test]
fn two_task_folders_of_one_task_are_named_apart() {
    let tmp = tempfile::tempdir().expect("temp dir");
    let mut given = Vec::new();
    let copies = [
        ("acr-run-1", QDP_RUN1),
        ("acr-run-2", QDP_RUN2),
        ("examples", QDP_RUN1),
    ];
    for (run, folder) in copies {
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
    assert!(g.warnings.is_empty());
    let dirs = [
        format!("acr-run-1/{QDP_RUN1}"),
        format!("acr-run-2/{QDP_RUN2}"),
        format!("examples/{QDP_RUN1}"),
    ];
    assert_eq!(
        g.same_run,
        [SameRun {
            task: "astropy__astropy-14365".into(),
            name: "debug_agent_write_patch_1.json".into(),
            files: given.iter().cloned().zip(dirs).collect(),
        }]
    );
    // Two folders named apart by their own names.
    let g = group(given[..2].to_vec());
    let dirs: Vec<&str> = g.same_run[0].files.iter().map(|f| f.1.as_str()).collect();
    assert_eq!(dirs, [QDP_RUN1, QDP_RUN2]);
}

/// Every thread file of a folder with several is read once, and the holders (and a thread that
/// is no prefix) are kept parsed for the import; past the budget nothing is kept.
#[test]
fn each_thread_is_read_once_and_the_holders_kept() {
    let reads = std::sync::Mutex::new(Vec::new());
    let read = |p: &Path| {
        reads.lock().unwrap().push(p.to_path_buf());
        std::fs::read(p).ok()
    };
    let files = crate::layout::folder_files(&[samples()]);
    let g = group_with(files, KEPT_BYTES, &read);
    let mut read_files = names(reads.lock().unwrap().clone());
    // 12907's five threads and acr-run-2 14365's five; acr-run-1 14365's one thread groups
    // nothing and is not read here; no `.diff` is read.
    assert_eq!(read_files.len(), 10, "{read_files:?}");
    read_files.sort();
    read_files.dedup();
    assert_eq!(read_files.len(), 10);
    let mut kept = names(g.kept.keys().cloned());
    kept.sort();
    assert_eq!(
        kept,
        [
            format!("{SEPARABLE}/debug_agent_write_patch_1.json"),
            format!("{QDP_RUN2}/debug_agent_write_patch_2.json"),
        ]
    );
    let holder = samples()
        .join(SEPARABLE)
        .join("debug_agent_write_patch_1.json");
    assert_eq!(g.kept[&holder].bytes, std::fs::read(&holder).unwrap());
    let g = group_with(crate::layout::folder_files(&[samples()]), 20_000, &read);
    assert_eq!(
        g.kept.len(),
        1,
        "only the 15,912-byte holder fits in 20,000"
    );
    assert_eq!(
        g.passed.len(),
        8,
        "what is grouped does not depend on what is kept"
    );
}

/// The files AutoCodeRover writes in a task folder beside its threads, named as it names them,
/// in a folder named as its task folders are; anything else is not one.
#[test]
fn the_parts_of_a_task_folder() {
    let dir = Path::new("results/acr-run-1/applicable_patch").join(SEPARABLE);
    for (name, kind) in [
        ("agent_proxy_0.json", "agent_proxy_N.json"),
        ("agent_proxy_12.json", "agent_proxy_N.json"),
        ("agent_patch_raw_1", "agent_patch_raw_N"),
        ("extracted_patch_2.diff", "extracted_patch_N.diff"),
        ("developer_patch.diff", "developer_patch.diff"),
        ("meta.json", "meta.json"),
        ("cost.json", "cost.json"),
        ("info.log", "info.log"),
        ("run_test_suite_3.log", "run_test_suite_N.log"),
        ("sbfl_result_method.json", "sbfl_result_method.json"),
    ] {
        assert_eq!(part_kind(&dir.join(name)), Some(kind), "{name}");
    }
    for name in [
        "agent_proxy_01.json",
        "agent_proxy_.json",
        "agent_proxy_1.jsonl",
        "extracted_patch_x.diff",
        "notes.txt",
        "meta.json.bak",
        "conversation_round_1.json",
    ] {
        assert_eq!(part_kind(&dir.join(name)), None, "{name}");
    }
    // A folder not named `<instance_id>_<stamp>`.
    assert_eq!(part_kind(Path::new("results/task/meta.json")), None);
}

/// A results tree: the task folders' other files are passed over (each with its folder's last
/// thread), a file AutoCodeRover does not write stays an input (refused by the import as
/// before), and so does a part of a folder with no thread among the inputs.
#[test]
fn the_other_files_of_a_task_folder_are_passed_over() {
    let g = group(crate::layout::folder_files(&[samples()]));
    assert_eq!(
        names(g.files),
        [
            format!("{SEPARABLE}/debug_agent_write_patch_1.json"),
            format!("{QDP_RUN2}/debug_agent_write_patch_2.json"),
            format!("{QDP_RUN1}/debug_agent_write_patch_1.json"),
        ]
    );
    let parts: Vec<(String, String)> = (g.parts.iter())
        .map(|p| {
            (
                names([p.file.clone()]).remove(0),
                names([p.holder.clone()]).remove(0),
            )
        })
        .collect();
    assert_eq!(
        parts,
        [
            (
                format!("{SEPARABLE}/extracted_patch_1.diff"),
                format!("{SEPARABLE}/debug_agent_write_patch_1.json")
            ),
            (
                format!("{QDP_RUN2}/extracted_patch_2.diff"),
                format!("{QDP_RUN2}/debug_agent_write_patch_2.json")
            ),
            (
                format!("{QDP_RUN1}/extracted_patch_1.diff"),
                format!("{QDP_RUN1}/debug_agent_write_patch_1.json")
            ),
        ]
    );
    let tmp = tempfile::tempdir().expect("temp dir");
    let dir = tmp.path().join(SEPARABLE);
    std::fs::create_dir(&dir).expect("mkdir");
    let holder = dir.join("debug_agent_write_patch_1.json");
    std::fs::copy(
        samples()
            .join(SEPARABLE)
            .join("debug_agent_write_patch_1.json"),
        &holder,
    )
    .expect("copy");
    for f in ["meta.json", "notes.txt"] {
        std::fs::write(dir.join(f), "{}").expect("write");
    }
    let g = group(crate::layout::folder_files(&[tmp.path().to_path_buf()]));
    assert_eq!(g.files, [holder.clone(), dir.join("notes.txt")]);
    assert_eq!(
        g.parts,
        [Passed {
            file: dir.join("meta.json"),
            holder
        }]
    );
    let alone = group(vec![dir.join("meta.json")]);
    assert_eq!((alone.files.len(), alone.parts.len()), (1, 0));
}

/// The import takes a holder as it was grouped, not read or parsed again: overwritten between
/// the plan and the import, it is still imported as it was, with the rows it gives alone.
#[test]
fn the_import_takes_the_kept_parse() {
    use crate::import_run::{ImportSink, Plan, Problem, Request};
    use readcov_import::{FileProvider, ImportOptions, Imported};
    #[derive(Default)]
    struct Got {
        rows: Vec<readcov_core::ReadSpan>,
        errors: Vec<String>,
    }
    impl ImportSink for Got {
        type Error = std::convert::Infallible;
        fn imported(&mut self, got: &Imported) -> Result<(), Self::Error> {
            self.rows.extend(got.rows.iter().cloned());
            Ok(())
        }
        fn error(&mut self, problem: &Problem) {
            self.errors.push(problem.to_string());
        }
        fn note(&mut self, _: &str) {}
    }
    let sources = samples().join("../../real/sources").canonicalize().unwrap();
    let ws = crate::workspaces::Workspaces::new(None, Some(sources));
    let pick = move |t: &str| -> Box<dyn FileProvider> { ws.provider(t) };
    let opts = ImportOptions::default();
    let req = Request {
        opts: &opts,
        task_run: false,
        threads: 1,
        pick: &pick,
    };
    let import = |plan: &Plan| {
        let mut got = Got::default();
        let done = plan.import(&req, &mut got).unwrap();
        (got, done.tally.imported_files)
    };
    let tmp = tempfile::tempdir().expect("temp dir");
    let dir = tmp.path().join(SEPARABLE);
    std::fs::create_dir(&dir).expect("mkdir");
    for f in [
        "conversation_round_3.json",
        "debug_agent_write_patch_1.json",
    ] {
        std::fs::copy(samples().join(SEPARABLE).join(f), dir.join(f)).expect("copy");
    }
    let holder = dir.join("debug_agent_write_patch_1.json");
    let (alone, _) = import(&Plan::new(std::slice::from_ref(&holder), false, None));
    assert_eq!(alone.rows.len(), 60, "{:?}", alone.errors);
    let plan = Plan::new(&[tmp.path().to_path_buf()], false, None);
    assert_eq!((plan.files.len(), plan.acr.kept()), (1, 1));
    std::fs::write(&holder, "cut").expect("write");
    let (got, files) = import(&plan);
    assert_eq!((got.errors, files), (Vec::<String>::new(), 1));
    assert_eq!(got.rows, alone.rows);
    assert_eq!(plan.acr.kept(), 0, "taken, so freed");
}
