#!/usr/bin/env python3
"""Lines per CPU second of reactor-shell builds, for a machine too loaded for wall times.

    python3 Benchmarks/cpu-time.py BIN [BIN...]

Runs each binary on 100,000-line random scoreboard, distinct setScore and counter scripts (made
with generate-script.py), interleaved, and prints the lowest user+system CPU time of 9 runs each,
as lines per CPU second, then the lowest CPU time of 21 start-ups (`:quit` on standard input).
CPU time follows the code more closely than wall time when other processes share the cores;
it leaves out time spent waiting, so check wall times too on an idle machine (batch.sh).
"""
import os
import resource
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))


def cpu_seconds(command, stdin=None):
    """The user+system CPU time of running `command` (its output thrown away)."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    subprocess.run(command, stdout=subprocess.DEVNULL, stdin=stdin, check=False)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def main(binaries):
    if not binaries:
        sys.exit(__doc__)
    with tempfile.TemporaryDirectory() as work:
        for kind in ["scoreboard-random", "setscore-random", "counter"]:
            script = os.path.join(work, kind + ".rsh")
            with open(script, "w") as out:
                subprocess.run([sys.executable, os.path.join(HERE, "generate-script.py"), kind, "100000"], stdout=out, check=True)
            with open(script) as text:
                lines = sum(1 for line in text if not line.startswith(":use"))
            best = {binary: float("inf") for binary in binaries}
            for _ in range(9):
                for binary in binaries:
                    best[binary] = min(best[binary], cpu_seconds([binary, "run", script]))
            for binary in binaries:
                print("%-18s %-40s %7.1f ms CPU %10.0f lines/s" % (kind, binary, best[binary] * 1000, lines / best[binary]))
        quit_file = os.path.join(work, "quit.txt")
        with open(quit_file, "w") as out:
            out.write(":quit\n")
        for binary in binaries:
            fastest = float("inf")
            for _ in range(21):
                with open(quit_file) as stdin:
                    fastest = min(fastest, cpu_seconds([binary], stdin=stdin))
            print("%-18s %-40s %7.2f ms CPU" % ("start-up", binary, fastest * 1000))


if __name__ == "__main__":
    main(sys.argv[1:])
