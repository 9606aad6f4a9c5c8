//! `readcov import --layout task/run`: a folder laid out `<task>/<run>.traj` (as Multi-SWE-bench
//! and tests/data/real-multi publish SWE-agent runs) names each log's task by its folder and its
//! run by its file name, so one command imports the whole folder; without it a log that names no
//! instance id would take its file name (the model) as its task. The expansion and the options
//! are the library's (`readcov_files::layout`, shared with Python).

/// How a log's task and run are named.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, clap::ValueEnum)]
pub enum Layout {
    /// From the log (its instance id; else the file name) and the format (`--task`/`--run` win).
    #[default]
    Log,
    /// `<task>/<run>.<ext>`: the task is the file's folder, the run its name without extensions.
    #[value(name = "task/run")]
    TaskRun,
}
