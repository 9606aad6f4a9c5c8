"""Tests bench/pagecache.py: files put at rest keep their bytes and are counted; a missing file is an error."""
import os
import tempfile
import unittest

from pagecache import at_rest, corpus_folder, files_under, folio_census, read_cost_ms


class AtRest(unittest.TestCase):
    def test_files_keep_their_bytes_and_are_counted(self):
        with tempfile.TemporaryDirectory() as d:
            os.makedirs(os.path.join(d, "sub"))
            want = {}
            for name in ("a.jsonl", os.path.join("sub", "b.json")):
                path = os.path.join(d, name)
                data = os.urandom(300_000)
                with open(path, "wb", buffering=0) as f:
                    for i in range(0, len(data), 4096):  # small writes, as the generators make
                        f.write(data[i:i + 4096])
                want[path] = data
            paths = files_under(d)
            self.assertEqual(paths, sorted(want))
            self.assertEqual(at_rest(paths), 2)
            for path, data in want.items():
                with open(path, "rb") as f:
                    self.assertEqual(f.read(), data)

    def test_the_census_counts_every_page_and_the_read_cost_runs(self):
        with tempfile.TemporaryDirectory() as d:
            path = os.path.join(d, "c.jsonl")
            with open(path, "wb") as f:
                f.write(b"x" * 40_000)  # 10 pages
            census = folio_census(path)
            if census is None:
                print("note: /proc/kpageflags is not readable here (root only); census not checked")
            else:
                self.assertEqual(sum(census), 10, census)
            self.assertGreaterEqual(read_cost_ms(path, 0), 0.0)

    def test_an_as_written_corpus_gets_a_fresh_folder_of_its_own(self):
        with tempfile.TemporaryDirectory() as d:
            kept = os.path.join(d, "side")
            self.assertEqual(corpus_folder(kept, False), kept)
            fresh = corpus_folder(kept, True)
            self.assertEqual(fresh, kept + "-as-written")
            os.makedirs(fresh)
            open(os.path.join(fresh, "reads.jsonl"), "w").close()
            self.assertEqual(corpus_folder(kept, True), fresh)
            self.assertFalse(os.path.exists(fresh), "the old as-written corpus is removed")

    def test_a_missing_file_is_an_error(self):
        with tempfile.TemporaryDirectory() as d:
            with self.assertRaises(FileNotFoundError):
                at_rest([os.path.join(d, "missing.jsonl")])


if __name__ == "__main__":
    unittest.main()
