//! Developer aid: prints every action of one trajectory with the rows or the skip reason it gave.
//! `cargo run -p readcov-import --example trace -- FILE [WORKSPACE]`

use readcov_import::{import, DirFiles, FileProvider, ImportOptions, NoFiles};

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let Some(file) = args.get(1) else {
        eprintln!("usage: trace FILE [WORKSPACE]");
        std::process::exit(2);
    };
    let bytes = std::fs::read(file).unwrap_or_default();
    let ws: Box<dyn FileProvider> = match args.get(2) {
        Some(d) => Box::new(DirFiles(d.into())),
        None => Box::new(NoFiles),
    };
    let got = import(&bytes, file, &ImportOptions::default(), ws.as_ref());
    for (step, cmd, reason) in &got.outcomes {
        let rows: Vec<String> = got
            .rows
            .iter()
            .filter(|r| r.step == Some(*step))
            .map(|r| {
                format!(
                    "{}{}:{}-{}",
                    if r.kind == readcov_core::EventKind::Edit {
                        "EDIT "
                    } else {
                        ""
                    },
                    r.path,
                    r.start,
                    r.end
                )
            })
            .collect();
        match reason {
            Some(r) => println!("{step:>4} SKIP {r} | {cmd}"),
            None => println!("{step:>4} {} | {cmd}", rows.join(" ")),
        }
    }
}
