#!/usr/bin/env python3
"""Times `reactor-shell test -j 1` against `-j N` on a generated suite, for issue 28.

usage: test-jobs.py SHELL [--scripts 200] [--jobs 2] [--repeats 3] [--dir DIR] [--seed S]

Writes SCRIPTS scripts of realistic size into DIR (default: a fresh temporary folder): a mix of
the built-in reactors (scoreboard, random scoreboard, setScore, counter, board), each 50 to 2,000
lines long (uniformly at random, seeded), writes their golden files with `test --update`, then
runs `test -j 1 DIR` and `test -j JOBS DIR` REPEATS times each, alternating, and prints the best
wall time of each and their ratio. Every timed run must end `N matched, 0 differ`.
"""
import argparse
import os
import random
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
GENERATOR = os.path.join(HERE, "generate-script.py")


def generate(directory, count, seed):
    rng = random.Random(seed)
    kinds = ["scoreboard", "scoreboard-random", "setscore-random", "counter", "board"]
    total = 0
    for index in range(count):
        kind = kinds[index % len(kinds)]
        lines = rng.randint(50, 2000)
        if kind == "board":
            arguments = ["board", str(lines // 2), str(lines // 2), "--seed", str(index)]
        else:
            arguments = [kind, str(lines), "--expect-every", "100", "--seed", str(index)]
        text = subprocess.run([sys.executable, GENERATOR] + arguments, check=True, capture_output=True, text=True).stdout
        total += text.count("\n")
        with open(os.path.join(directory, f"s{index:03}-{kind}.rsh"), "w") as file:
            file.write(text)
    return total


def timed(shell, arguments):
    started = time.monotonic()
    result = subprocess.run([shell] + arguments, capture_output=True, text=True)
    elapsed = time.monotonic() - started
    last = result.stdout.strip().splitlines()[-1] if result.stdout.strip() else ""
    if result.returncode != 0 or not last.endswith(" 0 differ"):
        sys.exit(f"{' '.join(arguments)} failed ({result.returncode}): {last}\n{result.stderr[-2000:]}")
    return elapsed


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("shell")
    parser.add_argument("--scripts", type=int, default=200)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--dir")
    parser.add_argument("--seed", type=int, default=28)
    options = parser.parse_args()
    directory = options.dir or tempfile.mkdtemp(prefix="test-jobs-")
    os.makedirs(directory, exist_ok=True)
    lines = generate(directory, options.scripts, options.seed)
    subprocess.run([options.shell, "test", "--update", "-j", "1", directory], check=True, capture_output=True)
    print(f"{options.scripts} scripts, {lines} lines in {directory}")
    serial, parallel = [], []
    for _ in range(options.repeats):
        serial.append(timed(options.shell, ["test", "-j", "1", directory]))
        parallel.append(timed(options.shell, ["test", "-j", str(options.jobs), directory]))
    best_serial, best_parallel = min(serial), min(parallel)
    print(f"-j 1: best {best_serial:.2f} s of {', '.join(f'{t:.2f}' for t in serial)}")
    print(f"-j {options.jobs}: best {best_parallel:.2f} s of {', '.join(f'{t:.2f}' for t in parallel)}")
    print(f"ratio (-j 1 / -j {options.jobs}): {best_serial / best_parallel:.2f}")


if __name__ == "__main__":
    main()
