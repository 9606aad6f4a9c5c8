//! `set_parquet_limits`: the CLI's global `--max-parquet-rows` / `--max-parquet-bytes`, for this
//! process. The limits are `readcov_parquet::ParquetLimits::for_process`, which every Parquet
//! input of the input layer is read within; like the CLI's flags they are set once (the first
//! setting stands), before or after Parquet inputs were read with the defaults.

use crate::file_error;
use pyo3::prelude::*;
use readcov_parquet::ParquetLimits;

/// Sets the limits (a `None` keeps that one's default) and returns them as `(rows, bytes)`; a
/// second call asking for other limits is refused, naming the ones in force. Without arguments,
/// only returns the limits in force.
#[pyfunction]
#[pyo3(signature = (max_rows=None, max_bytes=None))]
pub fn set_parquet_limits(max_rows: Option<u64>, max_bytes: Option<u64>) -> PyResult<(u64, u64)> {
    let now = ParquetLimits::for_process();
    if max_rows.is_none() && max_bytes.is_none() {
        return Ok((now.max_rows, now.max_bytes));
    }
    let d = ParquetLimits::default();
    let want = ParquetLimits {
        max_rows: max_rows.unwrap_or(d.max_rows),
        max_bytes: max_bytes.unwrap_or(d.max_bytes),
    };
    if ParquetLimits::set_for_process(want) || ParquetLimits::for_process() == want {
        return Ok((want.max_rows, want.max_bytes));
    }
    let now = ParquetLimits::for_process();
    Err(file_error(format!(
        "the Parquet limits of this process are already set ({} rows, {} bytes): they are set \
         once, as the CLI's --max-parquet-rows / --max-parquet-bytes",
        now.max_rows, now.max_bytes
    )))
}
