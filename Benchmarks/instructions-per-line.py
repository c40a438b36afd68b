#!/usr/bin/env python3
"""Instructions a line of reactor-shell's batch path, counted by callgrind, next to the budget.

usage: python3 Benchmarks/instructions-per-line.py [--profiles DIR] [CASE...]
       REACTOR_SHELL_BIN=path/to/reactor-shell python3 Benchmarks/instructions-per-line.py

Builds the release binary (`swift build -c release --product reactor-shell`), unless
REACTOR_SHELL_BIN names one, and copies it without its debug information (`objcopy
--strip-debug`: valgrind 3.19 cannot read the DWARF 5 that clang writes for the C targets; the
symbol table stays, so profiles still name functions). For each case it makes two scripts with
generate-script.py, N lines and 1 line (the `:use` alone), runs both under
`valgrind --tool=callgrind`, and prints

    instructions a line = (count of the N-line script - count of the 1-line script) / (N - 1)

next to the budget of issue 24. Callgrind counts instructions, so the machine's load does not
change the figures; a run takes seconds to a minute.

CASE (default: all four)
  mix       generate-script.py scoreboard-random 20000: the four scoreboard commands at random,
            setScore with random scores (budget <= 6,650)
  counter   generate-script.py counter 3000: increase and decrease on the virtual clock, four
            mutations a line (budget <= 23,200)
  setscore  generate-script.py setscore-random 20000: every line a distinct `setScore A B`
            (no budget)
  startup   the whole run of `reactor-shell < quit.txt`, quit.txt holding `:quit` (the start-up
            target is <= 5 ms of wall time; this counts its instructions)

--profiles DIR   keep the callgrind profiles in DIR (callgrind.CASE-N.out and callgrind.CASE-1.out,
                 callgrind.startup.out) for `callgrind_annotate`, instead of writing them to
                 /dev/null

It is a measuring tool: a figure over its budget is printed as "over budget" and does not change
the exit status. It exits 1 when a build, the strip or a run fails (a run that exits non-zero,
or whose summary reports a failed expectation or an error), and 2 on a usage error. CI does not
run it (it is slow); docs/performance.md says how the figures are used.
"""
import os
import re
import shutil
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)

# name: (generate-script.py kind, N, budget in instructions a line or None)
CASES = {
    "mix": ("scoreboard-random", 20_000, 6_650),
    "counter": ("counter", 3_000, 23_200),
    "setscore": ("setscore-random", 20_000, None),
    "startup": (None, 1, None),
}


class Failure(Exception):
    """A step that did not work: the message says which and why."""


def usage(message):
    sys.stderr.write("instructions-per-line.py: %s\n\n%s" % (message, __doc__))
    sys.exit(2)


def parse_arguments(args):
    profiles = None
    cases = []
    index = 0
    while index < len(args):
        arg = args[index]
        if arg in ("-h", "--help"):
            sys.stdout.write(__doc__)
            sys.exit(0)
        if arg == "--profiles":
            if index + 1 >= len(args):
                usage("--profiles needs a directory")
            profiles = args[index + 1]
            index += 2
            continue
        if arg.startswith("-"):
            usage("unknown option '%s'" % arg)
        if arg not in CASES:
            usage("unknown case '%s' (the cases are %s)" % (arg, ", ".join(CASES)))
        if arg not in cases:
            cases.append(arg)
        index += 1
    return profiles, cases or list(CASES)


def release_binary():
    """REACTOR_SHELL_BIN, or the release binary built now."""
    given = os.environ.get("REACTOR_SHELL_BIN")
    if given:
        if not os.access(given, os.X_OK):
            raise Failure("REACTOR_SHELL_BIN='%s' is not an executable file" % given)
        return given
    build = subprocess.run(["swift", "build", "-c", "release", "--product", "reactor-shell"],
                           cwd=ROOT, stdout=sys.stderr, stderr=sys.stderr, check=False)
    if build.returncode != 0:
        raise Failure("`swift build -c release --product reactor-shell` failed (exit %d)" % build.returncode)
    path = subprocess.run(["swift", "build", "-c", "release", "--show-bin-path"],
                          cwd=ROOT, capture_output=True, text=True, check=False)
    if path.returncode != 0:
        raise Failure("`swift build -c release --show-bin-path` failed:\n" + path.stderr)
    return os.path.join(path.stdout.strip(), "reactor-shell")


def stripped_copy(binary, work):
    """A copy of `binary` without debug information, in `work`."""
    if shutil.which("objcopy") is None:
        raise Failure("objcopy not found (Debian: apt-get install binutils)")
    copy = os.path.join(work, "reactor-shell")
    result = subprocess.run(["objcopy", "--strip-debug", binary, copy], capture_output=True, text=True, check=False)
    if result.returncode != 0:
        raise Failure("objcopy --strip-debug %s failed:\n%s" % (binary, result.stderr))
    return copy


def generate(work, kind, lines):
    """The generate-script.py script of `kind` with `lines` lines, written in `work`."""
    path = os.path.join(work, "%s-%d.rsh" % (kind, lines))
    with open(path, "w") as out:
        result = subprocess.run([sys.executable, os.path.join(HERE, "generate-script.py"), kind, str(lines)],
                                stdout=out, stderr=subprocess.PIPE, text=True, check=False)
    if result.returncode != 0:
        raise Failure("generate-script.py %s %d failed:\n%s" % (kind, lines, result.stderr))
    return path


def count(binary, script, out_file, work):
    """The instructions callgrind counts for `binary run script`; a Failure when the run fails."""
    output = os.path.join(work, "run.out")
    with open(output, "w") as stdout:
        result = subprocess.run(
            ["valgrind", "--tool=callgrind", "--callgrind-out-file=" + out_file, binary, "run", script],
            stdout=stdout, stderr=subprocess.PIPE, text=True, check=False)
    name = os.path.basename(script)
    with open(output, errors="replace") as text:
        lines = text.read().splitlines()
    last = lines[-1] if lines else ""
    if result.returncode != 0:
        raise Failure("%s: the run exited with %d; its last output line: %r\n%s" % (
            name, result.returncode, last, result.stderr[-2000:]))
    if not re.search(r" 0 failed, 0 errors$", last):
        raise Failure("%s: the summary does not say '0 failed, 0 errors': %r" % (name, last))
    match = re.search(r"Collected : (\d+)", result.stderr)
    if not match:
        raise Failure("%s: no instruction count in callgrind's output:\n%s" % (name, result.stderr[-2000:]))
    return int(match.group(1))


def count_startup(binary, out_file, work):
    """The instructions callgrind counts for `binary < quit.txt`; a Failure when the run fails."""
    quit_file = os.path.join(work, "quit.txt")
    with open(quit_file, "w") as text:
        text.write(":quit\n")
    with open(quit_file) as stdin:
        result = subprocess.run(
            ["valgrind", "--tool=callgrind", "--callgrind-out-file=" + out_file, binary],
            stdin=stdin, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True, check=False)
    if result.returncode != 0:
        raise Failure("start-up: `reactor-shell < quit.txt` exited with %d\n%s" % (result.returncode, result.stderr[-2000:]))
    match = re.search(r"Collected : (\d+)", result.stderr)
    if not match:
        raise Failure("start-up: no instruction count in callgrind's output:\n" + result.stderr[-2000:])
    return int(match.group(1))


def measure(binary, case, work, profiles):
    """(N, count of N lines, count of 1 line, instructions a line, budget) of `case`."""
    kind, lines, budget = CASES[case]
    counts = []
    for size in (lines, 1):
        out_file = "/dev/null"
        if profiles:
            out_file = os.path.join(profiles, "callgrind.%s-%d.out" % (case, size))
        counts.append(count(binary, generate(work, kind, size), out_file, work))
    per_line = (counts[0] - counts[1]) / (lines - 1)
    return lines, counts[0], counts[1], per_line, budget


def main(args):
    profiles, cases = parse_arguments(args)
    if shutil.which("valgrind") is None:
        raise Failure("valgrind not found (Debian: apt-get install valgrind)")
    if profiles:
        os.makedirs(profiles, exist_ok=True)
    binary = release_binary()
    with tempfile.TemporaryDirectory(prefix="instructions-per-line-") as work:
        copy = stripped_copy(binary, work)
        print("binary: %s (measured without debug information)" % binary, flush=True)
        print("%-9s %-18s %7s %15s %12s %9s  %s" % (
            "case", "script", "N", "N lines", "1 line", "a line", "budget"), flush=True)
        for case in cases:
            if case == "startup":
                out_file = os.path.join(profiles, "callgrind.startup.out") if profiles else "/dev/null"
                print("%-9s %-18s %7s %15s %12s %9s  %s" % (
                    case, "< quit.txt", "-", "{:,}".format(count_startup(copy, out_file, work)), "-", "-",
                    "(instructions of the whole run)"), flush=True)
                continue
            lines, full, single, per_line, budget = measure(copy, case, work, profiles)
            if budget is None:
                verdict = "(no budget)"
            else:
                verdict = "<= {:,}  {}".format(budget, "met" if per_line <= budget else "over budget")
            print("%-9s %-18s %7d %15s %12s %9s  %s" % (
                case, CASES[case][0], lines, "{:,}".format(full), "{:,}".format(single),
                "{:,.0f}".format(per_line), verdict), flush=True)


if __name__ == "__main__":
    try:
        main(sys.argv[1:])
    except Failure as failure:
        sys.stderr.write("instructions-per-line.py: %s\n" % failure)
        sys.exit(1)
