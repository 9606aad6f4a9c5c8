//! `readcov units FILE...`: lists each file's syntactic units as JSONL (`path`, `kind`, `name`,
//! `start`, `end`, `depth`), so users can check their gold against function and class bounds.

use crate::exit::Exit;
use anyhow::Result;
use clap::Args;
use readcov_files::syntax::units_of_file;
use readcov_units::Lang;
use serde::Serialize;
use std::io::Write;
use std::path::PathBuf;

#[derive(Args, Debug)]
pub struct UnitsArgs {
    /// Source files; the language comes from the extension.
    #[arg(required = true, value_name = "FILE")]
    pub files: Vec<PathBuf>,
    /// Parse every file as this language (python, javascript, typescript, tsx, go, rust, java,
    /// c, cpp, ruby, php) instead of guessing from the extension.
    #[arg(long, value_parser = Lang::parse)]
    pub lang: Option<Lang>,
}

#[derive(Serialize)]
struct Row<'a> {
    path: &'a str,
    kind: &'a str,
    name: &'a str,
    start: u32,
    end: u32,
    depth: u32,
}

pub fn run(args: UnitsArgs) -> Result<Exit> {
    let mut ok = 0;
    let stdout = std::io::stdout();
    let mut out = stdout.lock();
    for file in &args.files {
        let path = file.display().to_string();
        let result = match units_of_file(file, args.lang) {
            Ok(r) => r,
            Err(e) => {
                crate::render::print_error(&e.to_string());
                continue;
            }
        };
        if result.parse_errors > 0 {
            say!(
                "warning: {path}: {} parse error(s); units from the rest of the file",
                result.parse_errors
            );
        }
        for u in &result.units {
            let row = Row {
                path: &path,
                kind: &u.kind,
                name: &u.name,
                start: u.start,
                end: u.end,
                depth: u.depth,
            };
            writeln!(out, "{}", serde_json::to_string(&row)?)?;
        }
        ok += 1;
    }
    Ok(if ok == 0 { Exit::Input } else { Exit::Ok })
}
