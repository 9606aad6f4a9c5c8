#!/usr/bin/env python3
"""Writes the Parquet fixtures of tests/fixtures/contextbench/ from their JSONL twins, as the
ContextBench data set is distributed (pyarrow; needs `pip install pyarrow`, not needed by tests):

- gold.snappy.parquet, gold.zstd.parquet: gold.jsonl (gold_context as a JSON string), snappy and
  zstd pages;
- gold.gzip.parquet: the same with gzip pages, a codec readcov's build leaves out (an error);
- legacy.parquet: legacy.jsonl, whose init_ctx / add_ctx / gold_ctx are nested lists of
  {file, start_line, end_line} structs (zstd), with null lists and null strings.

The files are committed; rerun only when the JSONL twins change.
"""
import json
import pathlib

import pyarrow as pa
import pyarrow.parquet as pq

HERE = pathlib.Path(__file__).resolve().parent.parent / "tests" / "fixtures" / "contextbench"

TEXT = ["instance_id", "original_inst_id", "repo", "base_commit", "gold_context", "patch",
        "test_patch", "language", "source"]
ITEM = pa.struct([("file", pa.string()), ("start_line", pa.int64()), ("end_line", pa.int64())])


def rows(name):
    return [json.loads(l) for l in (HERE / name).read_text().splitlines() if l.strip()]


def table(rs, schema):
    return pa.Table.from_pylist([{f.name: r.get(f.name) for f in schema} for r in rs], schema=schema)


gold = table(rows("gold.jsonl"), pa.schema([(k, pa.string()) for k in TEXT]))
pq.write_table(gold, HERE / "gold.snappy.parquet", compression="snappy")
pq.write_table(gold, HERE / "gold.zstd.parquet", compression="zstd")
pq.write_table(gold, HERE / "gold.gzip.parquet", compression="gzip")
legacy = pa.schema([("inst_id", pa.string()), ("original_inst_id", pa.string()),
                    ("init_ctx", pa.list_(ITEM)), ("add_ctx", pa.list_(ITEM)),
                    ("gold_ctx", pa.list_(ITEM)), ("patch", pa.string())])
pq.write_table(table(rows("legacy.jsonl"), legacy), HERE / "legacy.parquet", compression="zstd")
