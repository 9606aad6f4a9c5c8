//! Python values read as the lean table's cells through CPython's C API, borrowed: no reference
//! count touched, no dict-size check per step. Why: on the 585k dict rows of the synth corpus
//! PyO3's safe walk (a new reference per key and value, dropped again, and `PyDict_Size` each
//! step: each of those a call into libpython under the stable ABI) was a fifth of taking the
//! rows (profiled with `perf record`: `Py_IncRef` + `Py_DecRef` 9%, `PyDict_Size` 2.4%,
//! `listiter_next` 4%, of a profile that included scoring).
//!
//! Safety rests on one rule, kept by every caller: a borrowed object is read only while the
//! object that owns it (the list, the dict) is alive and no Python code runs — nothing here
//! calls into Python code (no `__eq__`, `__index__` or `__float__`: only exact `str`, `int` and
//! `float` are read, by the C API's plain accessors), and the GIL is held throughout.

use pyo3::ffi;
use readcov_core::{Cell, LeanReads};
use std::ptr;

pub use readcov_core::Cells;

/// The cells of a dict into `cells` (all `None` on entry), walked once with borrowed keys and
/// values (`PyDict_Next`); `false` when the row must go by text (a key the cells path does not
/// take, a value with no cell). Filled in place: returning the 264-byte array was two copies
/// per row (`memcpy` 5%, profiled).
///
/// # Safety
/// `d` is a live dict (or dict subclass), alive for `'a`, the GIL held, and no Python code runs
/// while the cells are in use.
pub unsafe fn dict_cells<'a>(d: *mut ffi::PyObject, cells: &mut Cells<'a>) -> bool {
    let mut pos: ffi::Py_ssize_t = 0;
    let (mut k, mut v) = (ptr::null_mut(), ptr::null_mut());
    // SAFETY: `d` is a dict (the caller's contract); the pointers it hands back are borrowed
    // from it, which outlives this walk.
    while unsafe { ffi::PyDict_Next(d, &mut pos, &mut k, &mut v) } != 0 {
        // SAFETY: keys and values of a live dict, borrowed for as long as the dict lives.
        let Some(slot) = unsafe { exact_str(k) }.and_then(LeanReads::cell_slot) else {
            return false;
        };
        match unsafe { cell_of(v) } {
            Some(Some(c)) => cells[slot] = Some(c),
            Some(None) => {} // NaN: a missing key, as the text path leaves it out
            None => return false,
        }
    }
    true
}

/// A Python value as a cell: `Some(None)` for a float NaN (a missing DataFrame cell, left out as
/// the text path leaves it out), `None` for a value the cells path does not take (anything but
/// an exact `str`, `int`, `float` NaN, `None` or a flat dict ([`flat_object`]); a string Python
/// cannot give as UTF-8, such as a lone surrogate; an int below 0 or above `u64::MAX`). The
/// text path judges those.
///
/// # Safety
/// `v` is a live object, alive for `'a`, the GIL held.
#[inline]
pub unsafe fn cell_of<'a>(v: *mut ffi::PyObject) -> Option<Option<Cell<'a>>> {
    // SAFETY: `v` is live; its type pointer is read as the stable ABI allows (`Py_TYPE`).
    let t = unsafe { ffi::Py_TYPE(v) };
    if t == &raw mut ffi::PyUnicode_Type {
        // SAFETY: an exact str, alive for 'a.
        return unsafe { exact_str(v) }.map(|s| Some(Cell::Str(s)));
    }
    if t == &raw mut ffi::PyLong_Type {
        // SAFETY: an exact int (not a bool: `bool` is its own type): read without `__index__`.
        let n = unsafe { ffi::PyLong_AsUnsignedLongLong(v) };
        // `u64::MAX` is also the error value (negative, or too large): the error says which.
        if n == u64::MAX && unsafe { !ffi::PyErr_Occurred().is_null() } {
            unsafe { ffi::PyErr_Clear() };
            return None;
        }
        return Some(Some(Cell::Int(n)));
    }
    if v == unsafe { ffi::Py_None() } {
        return Some(Some(Cell::Null));
    }
    if t == &raw mut ffi::PyFloat_Type && unsafe { ffi::PyFloat_AsDouble(v) }.is_nan() {
        return Some(None);
    }
    // SAFETY: `v` is live and, by the compare, an exact dict.
    if t == &raw mut ffi::PyDict_Type && unsafe { flat_object(v) } {
        return Some(Some(Cell::Object));
    }
    None
}

/// Whether an exact dict is an object whose JSON (as `jsonl.rs` writes it) is written and read
/// back without an error: its keys exact `str`s with UTF-8, its values exact `str`s with UTF-8,
/// `None`, `True`/`False`, or exact `int`s within `i64` or `u64` (written as their digits, which
/// JSON reads as integers). A row's `base` is such a dict (`{"sha256":
/// str, "lines": int}`, as `readcov import --workspaces` writes it), and the text path does not
/// keep a read's base (it takes any JSON there, extra keys and odd types alike). Anything else
/// (a float, which `jsonl.rs` refuses when it is NaN; a bigger int, which JSON reads as a float
/// or refuses past `f64`; a nested dict or list; a subclass) is declined here and left to the
/// text path, which takes it or words the error as for the same JSON in a file.
///
/// # Safety
/// `d` is a live exact dict, the GIL held.
unsafe fn flat_object(d: *mut ffi::PyObject) -> bool {
    let mut pos: ffi::Py_ssize_t = 0;
    let (mut k, mut v) = (ptr::null_mut(), ptr::null_mut());
    // SAFETY: `d` is a dict; the pointers handed back are borrowed from it, alive meanwhile.
    while unsafe { ffi::PyDict_Next(d, &mut pos, &mut k, &mut v) } != 0 {
        if unsafe { exact_str(k) }.is_none() || !unsafe { scalar(v) } {
            return false;
        }
    }
    true
}

/// Whether a value is a scalar [`flat_object`] takes (see there).
///
/// # Safety
/// `v` is a live object, the GIL held.
unsafe fn scalar(v: *mut ffi::PyObject) -> bool {
    // SAFETY: `v` is live; its type pointer is read as the stable ABI allows.
    let t = unsafe { ffi::Py_TYPE(v) };
    if t == &raw mut ffi::PyUnicode_Type {
        return unsafe { exact_str(v) }.is_some();
    }
    if t == &raw mut ffi::PyLong_Type {
        // SAFETY: an exact int, read without `__index__`; -1 (and `u64::MAX`) are also the
        // error values, told by the error indicator, which is cleared.
        if unsafe { ffi::PyLong_AsLongLong(v) } != -1 || unsafe { ffi::PyErr_Occurred() }.is_null()
        {
            return true;
        }
        unsafe { ffi::PyErr_Clear() };
        let n = unsafe { ffi::PyLong_AsUnsignedLongLong(v) };
        if n == u64::MAX && unsafe { !ffi::PyErr_Occurred().is_null() } {
            unsafe { ffi::PyErr_Clear() };
            return false;
        }
        return true;
    }
    // `None`, `True` and `False` are singletons: told by their address.
    v == unsafe { ffi::Py_None() }
        || v == unsafe { ffi::Py_True() }
        || v == unsafe { ffi::Py_False() }
}

/// An exact `str`'s UTF-8, read in place (CPython keeps it with the string); `None` for another
/// type or a string with no UTF-8 form (a lone surrogate: its error is cleared here, and the text
/// path words it).
///
/// # Safety
/// `s` is a live object, alive for `'a`, the GIL held.
#[inline]
pub unsafe fn exact_str<'a>(s: *mut ffi::PyObject) -> Option<&'a str> {
    // SAFETY: `s` is live (the caller's contract).
    if unsafe { ffi::Py_TYPE(s) } != &raw mut ffi::PyUnicode_Type {
        return None;
    }
    let mut len: ffi::Py_ssize_t = 0;
    // SAFETY: an exact str; the buffer returned lives as long as the string.
    let p = unsafe { ffi::PyUnicode_AsUTF8AndSize(s, &mut len) };
    if p.is_null() {
        unsafe { ffi::PyErr_Clear() };
        return None;
    }
    // SAFETY: CPython hands back `len` bytes of valid UTF-8 owned by the string, which lives
    // for 'a.
    let bytes = unsafe { std::slice::from_raw_parts(p.cast::<u8>(), len as usize) };
    Some(unsafe { std::str::from_utf8_unchecked(bytes) })
}
