//! `units`: each source file's syntactic units, as `readcov units` lists them, by the same
//! library call ([`readcov_files::syntax::units_of_file`]).

use crate::Located;
use pyo3::prelude::*;
use readcov_files::syntax::units_of_file;
use readcov_units::Lang;
use std::path::PathBuf;

/// One unit: path, kind, name, start, end, depth (1-based inclusive lines).
type UnitRow = (String, String, String, u32, u32, u32);

/// The units of every file that has them, a located error per file that has none, and a
/// warning per file that parsed with errors (as the CLI's stderr).
type Listed = (Vec<UnitRow>, Vec<Located>, Vec<String>);

#[pyfunction]
#[pyo3(signature = (paths, lang=None))]
pub fn units(py: Python<'_>, paths: Vec<PathBuf>, lang: Option<String>) -> PyResult<Listed> {
    // As `--lang`'s refusal, the parameter for the flag.
    let lang = (lang.as_deref())
        .map(|name| Lang::parse(name).map_err(|e| crate::options::invalid("lang", name, e)))
        .transpose()?;
    py.detach(|| {
        let (mut rows, mut errors, mut warnings) = (Vec::new(), Vec::new(), Vec::new());
        for file in &paths {
            let path = file.display().to_string();
            match units_of_file(file, lang) {
                Err(e) => errors.push((e.path, 0, None, e.what)),
                Ok(r) => {
                    if r.parse_errors > 0 {
                        warnings.push(format!(
                            "warning: {path}: {} parse error(s); units from the rest of the file",
                            r.parse_errors
                        ));
                    }
                    rows.extend(
                        r.units
                            .into_iter()
                            .map(|u| (path.clone(), u.kind, u.name, u.start, u.end, u.depth)),
                    );
                }
            }
        }
        Ok((rows, errors, warnings))
    })
}
