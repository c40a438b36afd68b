#!/usr/bin/env python3
"""How the cost of overlapping effects grows with their number (issue 25 item 6).

    python3 Benchmarks/effects-in-flight.py BIN [--quick]

Runs BIN (a release reactor-shell) on scripts whose effects are all in flight at once, made with
generate-script.py: github-search with N lines `updateQuery "qI" &` (each cancels the search
before it), the same with a `loadNextPage &` after each, and the counter with N lines
`increase &`. For each it prints the instructions counted by callgrind (which the machine's load
does not change) and the lowest user+system CPU time of 3 runs, each with its ratio to the
smallest N of its kind. Linear growth doubles both when N doubles; the goal is 10,000 searches
within 4x the cost of 2,500. --quick leaves out the runs over 20,000 lines (callgrind takes
minutes on them).
"""
import os
import re
import resource
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))

CASES = [
    ("search-overlap", [2_500, 5_000, 10_000, 20_000]),
    ("search-paging", [2_500, 20_000]),
    ("counter-overlap", [25_000, 50_000, 100_000]),
]


def cpu_seconds(command):
    """The user+system CPU time of running `command` (its output thrown away)."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    subprocess.run(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def instructions(command):
    """The instructions callgrind counts for `command`. Its exit status is not checked: under
    callgrind the run is some fifty times slower, and for the larger N the end-of-run wait for
    effects (11 s of wall time at most) can give up on the last search, which exits 1."""
    result = subprocess.run(
        ["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null"] + command,
        stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True, check=False)
    match = re.search(r"Collected : (\d+)", result.stderr)
    if not match:
        sys.exit("no instruction count in callgrind's output:\n" + result.stderr)
    return int(match.group(1))


def script(work, kind, actions):
    """A script of `actions` action lines of `kind` (and its :use line)."""
    path = os.path.join(work, "%s-%d.rsh" % (kind, actions))
    with open(path, "w") as out:
        subprocess.run([sys.executable, os.path.join(HERE, "generate-script.py"), kind, str(actions + 1)],
                       stdout=out, check=True)
    return path


def main(args):
    quick = "--quick" in args
    binaries = [arg for arg in args if arg != "--quick"]
    if len(binaries) != 1:
        sys.exit(__doc__)
    binary = binaries[0]
    print("%-16s %8s %16s %7s %10s %7s" % ("script", "N", "instructions", "ratio", "CPU (s)", "ratio"))
    with tempfile.TemporaryDirectory() as work:
        for kind, sizes in CASES:
            base = None
            for size in sizes:
                if quick and size > 20_000:
                    continue
                command = [binary, "run", script(work, kind, size)]
                counted = instructions(command)
                cpu = min(cpu_seconds(command) for _ in range(3))
                if base is None:
                    base = (counted, cpu)
                print("%-16s %8d %16d %6.2fx %10.3f %6.2fx" % (
                    kind, size, counted, counted / base[0], cpu, cpu / base[1]), flush=True)


if __name__ == "__main__":
    main(sys.argv[1:])
