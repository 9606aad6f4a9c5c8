//! The IO edge for inputs: reads gold and reads files, reports located errors on stderr, and
//! measures file lengths inside a `--workspace` (never following a path out of it).

use anyhow::{Context, Result};
use readcov_core::{
    parse_gold_checked, parse_reads_piece, GoldSpan, InputError, LeanReads, Parsed, ReadSpan,
};
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

// The file edge shared with the Python module lives in `readcov-files`.
pub use readcov_files::{
    canonical_dir, confined_file, inside_workspace, open_input, read_input, task_dir, task_folder,
    workspace_lengths,
};

/// A rows file's bytes as JSONL. A Parquet file (ContextBench distributes its gold as Parquet)
/// becomes one JSON object per row, line N being row N, within the process's Parquet limits
/// (`--max-parquet-rows`, `--max-parquet-bytes`); rows it cannot decode, or past a limit, are a
/// located error and the rows before them are kept. Any other file is returned as it is.
pub fn read_rows_input(path: &Path) -> Result<(Vec<u8>, Vec<InputError>)> {
    let bytes = read_input(path)?;
    if !readcov_parquet::is_parquet(&bytes) {
        return Ok((bytes, Vec::new()));
    }
    let rows = readcov_parquet::parquet_to_jsonl(&bytes);
    drop(bytes);
    let errors = rows.error.map(|e| {
        InputError::new(
            &path.display().to_string(),
            e.row(),
            None,
            format!("Parquet: {e}"),
        )
    });
    Ok((rows.jsonl, errors.into_iter().collect()))
}

/// The workspace root as an absolute path string, for lexical path confinement.
pub fn workspace_root(ws: Option<&Path>) -> Result<Option<String>> {
    let Some(ws) = ws else { return Ok(None) };
    let abs =
        std::path::absolute(ws).with_context(|| format!("{}: bad workspace path", ws.display()))?;
    if !abs.is_dir() {
        anyhow::bail!("{}: workspace is not a directory", ws.display());
    }
    Ok(Some(abs.to_string_lossy().into_owned()))
}

/// Loads and parses a gold file; errors are collected, not fatal.
/// A diff or SWE-bench rows are converted on the fly (saying so on stderr).
pub fn load_gold(path: &Path, workspace: Option<&str>) -> Result<Parsed<GoldSpan>> {
    let (bytes, parquet_errors) = read_rows_input(path)?;
    let mut parsed = load_gold_bytes(path, &bytes, workspace)?;
    parsed.errors.splice(0..0, parquet_errors);
    Ok(parsed)
}

/// [`load_gold`] once the file is read (and a Parquet file turned into JSONL).
fn load_gold_bytes(path: &Path, bytes: &[u8], workspace: Option<&str>) -> Result<Parsed<GoldSpan>> {
    let root = canonical_root(workspace);
    let check = |p: &str| inside_workspace(root.as_deref(), p);
    if let Some(mut built) = crate::convert::gold_of_other_format(path, bytes)? {
        // Patch paths are repository-relative; inside a workspace they must stay in it too.
        let name = path.display().to_string();
        built.items.retain(|g| match check(&g.path) {
            Ok(()) => true,
            Err(why) => {
                built.errors.push(InputError::new(
                    &name,
                    0,
                    Some("path"),
                    format!("`{}` {why}", g.path),
                ));
                false
            }
        });
        return Ok(built);
    }
    Ok(parse_gold_checked(
        bytes,
        &path.display().to_string(),
        workspace,
        &check,
    ))
}

/// How much of a reads file is held at once: logs run to hundreds of megabytes, and holding
/// the whole file beside its parsed rows was a quarter of `score`'s peak memory.
const READS_PIECE: usize = 4 << 20;

/// Loads and parses a reads file, a few megabytes at a time; errors are collected, not fatal.
pub fn load_reads(path: &Path, workspace: Option<&str>) -> Result<Parsed<ReadSpan>> {
    load_reads_in_pieces(path, workspace, READS_PIECE)
}

/// [`load_reads`] with the piece size as a parameter (tests use tiny pieces). Each piece ends
/// at a line break, so items, errors and line numbers are those of a whole-file parse.
pub fn load_reads_in_pieces(
    path: &Path,
    workspace: Option<&str>,
    piece: usize,
) -> Result<Parsed<ReadSpan>> {
    let name = path.display().to_string();
    let root = canonical_root(workspace);
    let check = |p: &str| inside_workspace(root.as_deref(), p);
    let mut out = Parsed::default();
    for_each_piece(path, piece, |bytes, first| {
        parse_reads_piece(bytes, first, &name, workspace, &check, &mut out);
        true
    })?;
    Ok(out)
}

/// A reads file as a [`LeanReads`] table (what `readcov score` uses when it needs neither the
/// workspace nor whole rows): the same items, errors and counts as [`load_reads`], a fraction of
/// the memory. Pieces are smaller here: the buffer is most of what stays in memory. Reading stops
/// at the end of the piece holding the first edit: the caller then takes the general path, so
/// the rest would be parsed twice.
pub fn load_reads_lean(path: &Path, workspace: Option<&str>) -> Result<LeanReads> {
    let name = path.display().to_string();
    let root = canonical_root(workspace);
    let check = |p: &str| inside_workspace(root.as_deref(), p);
    let mut out = LeanReads::default();
    for_each_piece(path, 256 << 10, |bytes, first| {
        out.parse_piece(bytes, first, &name, workspace, &check);
        !out.has_edits
    })?;
    Ok(out)
}

/// Reads `path` a piece at a time, each piece ending at a line break (the last one at the end of
/// the file), and hands `parse` the piece with the 1-based number of its first line; `parse`
/// returns whether to go on. One buffer serves every piece (a line longer than it doubles it),
/// filled by plain reads: `read_to_end` started each piece at 8 KB reads and grew from there.
fn for_each_piece(
    path: &Path,
    piece: usize,
    mut parse: impl FnMut(&[u8], usize) -> bool,
) -> Result<()> {
    let (mut file, _) = open_input(path)?;
    // Zeroed pages from the allocator: untouched until a read writes them.
    let mut buf = vec![0u8; piece.max(1)];
    let (mut kept, mut first_line) = (0, 1);
    loop {
        if kept == buf.len() {
            buf.resize(buf.len() * 2, 0); // one line longer than the buffer: read on
        }
        let got = fill(&mut file, &mut buf[kept..])
            .with_context(|| format!("{}: cannot read", path.display()))?;
        let filled = kept + got;
        // Parse up to the last line break (all of it at the end of the file); keep the rest.
        let end = if got == 0 {
            filled
        } else {
            match memchr::memrchr(b'\n', &buf[kept..filled]) {
                Some(i) => kept + i + 1,
                None => {
                    kept = filled;
                    continue;
                }
            }
        };
        let go_on = parse(&buf[..end], first_line);
        first_line += memchr::memchr_iter(b'\n', &buf[..end]).count();
        buf.copy_within(end..filled, 0);
        kept = filled - end;
        if got == 0 || !go_on {
            return Ok(());
        }
    }
}

/// Reads until `buf` is full or the file ends; the bytes read (0 only at the end).
fn fill(file: &mut std::fs::File, buf: &mut [u8]) -> std::io::Result<usize> {
    use std::io::Read;
    let mut got = 0;
    while got < buf.len() {
        match file.read(&mut buf[got..]) {
            Ok(0) => break,
            Ok(n) => got += n,
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => {}
            Err(e) => return Err(e),
        }
    }
    Ok(got)
}

fn canonical_root(workspace: Option<&str>) -> Option<PathBuf> {
    workspace.and_then(|w| Path::new(w).canonicalize().ok())
}

/// Prints each located error on stderr and returns how many there were.
pub fn report_errors(errors: &[InputError]) -> usize {
    for e in errors {
        eprintln!("error: {e}");
    }
    errors.len()
}

/// Line counts, inside `ws`, of every file the gold or the reads name.
pub fn lengths_of_inputs(
    ws: Option<&Path>,
    gold: &[GoldSpan],
    reads: &[ReadSpan],
) -> BTreeMap<String, u32> {
    workspace_lengths(
        ws,
        gold.iter()
            .map(|g| g.path.as_str())
            .chain(reads.iter().map(|r| r.path.as_str())),
    )
}

#[cfg(test)]
mod tests {
    use super::load_reads_in_pieces;
    use readcov_core::parse_reads;

    /// Reading in pieces of any size gives what parsing the whole file gives: same items, same
    /// located errors (line numbers included), same record count.
    #[test]
    fn reads_in_pieces_match_a_whole_file_parse() {
        let cases: [&[u8]; 6] = [
            b"",
            b"\xEF\xBB\xBF{\"path\":\"a.py\",\"start\":1,\"end\":2}\n",
            b"{\"path\":\"a.py\",\"start\":1,\"end\":2}\r\n\n  \n{\"path\":\"b.py\",\"start\":0,\"end\":2}\r\n{\"path\":\"c.py\",\"start\":3,\"end\":4}",
            b"not json\n\xff\xfe\n{\"path\":\"a.py\",\"start\":5,\"end\":1}\n{\"path\":\"d.py\",\"start\":7,\"end\":9,\"run\":\"r\"}\n",
            // A BOM that does not start the file is not a BOM: an error at line 2 either way.
            b"{\"path\":\"a.py\",\"start\":1,\"end\":2}\n\xEF\xBB\xBF{\"path\":\"a.py\",\"start\":1,\"end\":2}\n",
            b"{\"path\":\"a.py\",\"start\":1,\"end\":2,\"command\":\"a very long line that spans many pieces of a few bytes each\"}\n",
        ];
        let dir = tempfile::tempdir().unwrap();
        for (n, bytes) in cases.iter().enumerate() {
            let path = dir.path().join(format!("r{n}.jsonl"));
            std::fs::write(&path, bytes).unwrap();
            let name = path.display().to_string();
            let whole = parse_reads(bytes, &name, None);
            for piece in [1, 2, 7, 64, 4 << 20] {
                let got = load_reads_in_pieces(&path, None, piece).unwrap();
                let at = format!("case {n}, pieces of {piece} bytes");
                assert_eq!(got.items, whole.items, "{at}");
                assert_eq!(got.errors, whole.errors, "{at}");
                assert_eq!(got.records, whole.records, "{at}");
            }
        }
    }
}
