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
import shutil


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


def corpus_folder(path, as_written):
    """Where a generated corpus lives: `path` (kept between runs), or with `as_written` a
    `-as-written` sibling, removed first so the corpus is written afresh and timed as written."""
    if not as_written:
        return path
    out = path + "-as-written"
    if os.path.exists(out):
        shutil.rmtree(out)
    return out


def files_under(folder):
    """Every regular file under `folder`, sorted."""
    out = []
    for root, _, names in os.walk(folder):
        out += [os.path.join(root, n) for n in names]
    return sorted(p for p in out if os.path.isfile(p))


def folio_census(path):
    """(compound heads, tails, order-0 pages) of `path`'s cached pages, from /proc/kpageflags
    (root only; None elsewhere): large folios show as heads with their tails."""
    import mmap
    import struct
    try:
        kflags = open("/proc/kpageflags", "rb")
    except OSError:
        return None
    with open(path, "rb") as f, kflags, open("/proc/self/pagemap", "rb") as pagemap:
        size = os.fstat(f.fileno()).st_size
        if size == 0:
            return 0, 0, 0
        m = mmap.mmap(f.fileno(), size, prot=mmap.PROT_READ)
        pages = (size + 4095) // 4096
        touched = sum(m[i * 4096] for i in range(pages))  # map every page
        start = next(int(line.split("-")[0], 16) for line in open("/proc/self/maps")
                     if line.rstrip().endswith(os.path.realpath(path)))
        heads = tails = small = 0
        for i in range(pages):
            pagemap.seek((start // 4096 + i) * 8)
            entry = struct.unpack("<Q", pagemap.read(8))[0]
            if not entry >> 63 & 1:
                continue
            kflags.seek((entry & ((1 << 55) - 1)) * 8)
            flags = struct.unpack("<Q", kflags.read(8))[0]
            heads += flags >> 15 & 1
            tails += flags >> 16 & 1
            small += not flags >> 15 & 1 and not flags >> 16 & 1
        del touched
        m.close()
        return heads, tails, small


def read_cost_ms(path, pause):
    """CPU milliseconds to read `path` through a 256 KB buffer, `pause` seconds after the last read."""
    import time
    time.sleep(pause)
    buf = memoryview(bytearray(256 << 10))
    fd = os.open(path, os.O_RDONLY)
    before = time.process_time()
    while os.readv(fd, [buf]) > 0:
        pass
    os.close(fd)
    return (time.process_time() - before) * 1e3


def main():
    """`python3 bench/pagecache.py FILE [--at-rest]`: how FILE is cached (folios) and what reading it
    costs after pauses; with --at-rest, first put it at rest. The evidence in docs/performance.md."""
    import sys
    args = [a for a in sys.argv[1:] if a != "--at-rest"]
    if len(args) != 1:
        sys.exit("usage: bench/pagecache.py FILE [--at-rest]")
    path = args[0]
    if "--at-rest" in sys.argv:
        at_rest([path])
    census = folio_census(path)
    print("folios: " + ("unknown (needs root for /proc/kpageflags)" if census is None else
                        "{} compound heads, {} tails, {} order-0 pages".format(*census)))
    for pause in (0, 0, 0, 0.2, 0, 0.5, 0, 1, 0, 2, 0):
        print(f"read after {pause} s: {read_cost_ms(path, pause):.1f} ms CPU")


if __name__ == "__main__":
    main()
