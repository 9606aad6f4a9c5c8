"""Puts benchmark inputs in the page cache the way a file at rest gets there, before anything is timed.

Why: a file still cached as its writer left it is cached in the writer's write-sized folios (4-8 KB
for the generators here), while a file read back from disk comes in through readahead, in large
folios (ext4 on Linux >= 6.16). On the VM these figures come from, reading the 14 MB reads file of
the 848x12x1 corpus costs 9-230 ms of CPU in the first state and 1-14 ms in the second (the cost is
per folio and grows with the time since the last touch; docs/performance.md, session 8). Every
evaluator timed reads the same files in the same state; `bench/run --as-written` times them as
written instead.
"""
import os


def at_rest(paths):
    """Writes `paths` back, drops them from the page cache, and reads them in again through
    readahead. Returns how many files were dropped (a filesystem may decline; nothing fails)."""
    dropped = 0
    for path in paths:
        fd = os.open(path, os.O_RDONLY)
        try:
            os.fsync(fd)  # dirty pages cannot be dropped
            os.posix_fadvise(fd, 0, 0, os.POSIX_FADV_DONTNEED)
            dropped += 1
            while os.read(fd, 1 << 20):
                pass
        except OSError:
            pass
        finally:
            os.close(fd)
    return dropped


def files_under(folder):
    """Every regular file under `folder`, sorted."""
    out = []
    for root, _, names in os.walk(folder):
        out += [os.path.join(root, n) for n in names]
    return sorted(p for p in out if os.path.isfile(p))
