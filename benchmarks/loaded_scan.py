"""Time detect's new readers on large input: the probe's /proc/self/maps reader on a
100,000-line stand-in, and the kernel-log scan on a 50 MB log (`make bench` runs it).

`maps FILE`: payload_loaded.read_maps and the family match of every path, as the probe does
after `import torch`. `kmsg ROOT`: kernel_log.read with ROOT/dev/kmsg as the log. Each
prints what it found, so a run that read nothing is seen.
"""

import sys
import time
from pathlib import Path

from hwdoctor.compat import libraries
from hwdoctor.gather import kernel_log
from hwdoctor.gather.probe import payload_loaded


def main() -> int:
    mode, target = sys.argv[1], sys.argv[2]
    started = time.perf_counter()
    if mode == "maps":
        table = libraries.wire()
        _, lines, truncated, paths = payload_loaded.read_maps(target, table["limits"])
        match = payload_loaded.family_matcher(table["families"])
        named = [path for path in paths if match(path.rsplit("/", 1)[-1])]
        print(f"{lines} lines, {len(paths)} paths, {len(named)} of a family, cut: {truncated}")
    else:
        log = kernel_log.read(Path(target), {"PATH": ""}, 10.0)
        print(f"{log.source}: {log.lines} lines, {len(log.events)} events, cut: {log.truncated}")
    print(f"{time.perf_counter() - started:.3f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
