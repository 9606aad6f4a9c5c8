#!/usr/bin/env python3
"""Writes tests/data/formats/chat-trajectories/nebius_SWE-agent-trajectories.zstd.parquet: the
five nebius SWE-agent-trajectories rows of the vendored ADP sample, as the Hugging Face dataset
ships them (Parquet, a list-of-struct `trajectory` column), two rows per row group so a reader
crosses row groups. Made with pyarrow 21.0.0 (`pip install pyarrow==21.0.0`); the importer test
checks it gives the same reads as the JSON it was made from."""
import json
import os

import pyarrow as pa
import pyarrow.parquet as pq

HERE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "tests", "data", "formats",
                    "chat-trajectories")
rows = json.load(open(os.path.join(HERE, "adp_nebius_SWE-agent-trajectories_sample_raw.json")))
pq.write_table(pa.Table.from_pylist(rows),
               os.path.join(HERE, "nebius_SWE-agent-trajectories.zstd.parquet"),
               compression="zstd", row_group_size=2)
