//! An error that ends a call after the located errors the CLI prints before it: `readcov
//! explore` says a preds file's bad rows, then stops at a lengths file it cannot open; the call
//! raises the same errors in that order (`readcov._call`: `InputError.errors`, no result).

use crate::Located;
use pyo3::PyErr;

/// The errors found so far and the one that ends the call, as one `ValueError` whose single
/// argument is the list of `(file, line, field, message)`; Python raises the first with all of
/// them on `.errors` and no result (the CLI exits 2 with no output).
pub(crate) fn fatal_after(mut earlier: Vec<Located>, last: Located) -> PyErr {
    earlier.push(last);
    pyo3::exceptions::PyValueError::new_err((earlier,))
}

/// A whole-input error as the CLI prints it (`FILE: message`), located as `readcov._call`
/// locates a whole-input message: the text before `": "` is the file unless it holds a space.
pub(crate) fn whole(text: impl std::fmt::Display) -> Located {
    let text = text.to_string();
    match text.split_once(": ") {
        Some((file, message)) if !file.contains(' ') => {
            (file.to_string(), 0, None, message.to_string())
        }
        _ => ("<arguments>".to_string(), 0, None, text),
    }
}

/// A bad parameter value as `options::arg_error` locates it: `<arguments>`, the parameter.
pub(crate) fn argument(param: &str, message: String) -> Located {
    (
        "<arguments>".to_string(),
        0,
        Some(param.to_string()),
        message,
    )
}
