#!/usr/bin/env python3
"""The live view's cost on a batch run: a 100,000-line script run without --serve, and with
--serve while a client reads the event stream (SPEC §10: at most 2x slower): the wall time, and
the CPU time of the shell with the server it started (reaped by the shell, so counted in its
children's time; the client is not), the server's share of it (the server is started through
a small sh wrapper that reports its time; the wrapper's own is a millisecond or so) and the
shell's own (the rest: on two cores, what the wall time comes near when the server keeps up).

usage: live-view-cost.py [BINARY] [--lines N] [--runs R] [--kind KIND]

BINARY defaults to .build/release/reactor-shell (reactor-shell-live beside it). Both ways read
the script from a pipe, so the clock starts when the script is written, after the server is up
and the client connected, and stops when the shell exits (`--serve-exit`). The runs of the two
ways alternate; the minimum and the median of each are printed.
"""
import os
import re
import resource
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request

HERE = os.path.dirname(os.path.abspath(__file__))


def arguments():
    args = sys.argv[1:]
    options = {"--lines": "100000", "--runs": "5", "--kind": "scoreboard-random"}
    binary = os.path.join(HERE, "..", ".build", "release", "reactor-shell")
    while args:
        name = args.pop(0)
        if name in options:
            options[name] = args.pop(0)
        else:
            binary = name
    return binary, int(options["--lines"]), int(options["--runs"]), options["--kind"]


SERVER_WRAPPER = """#!/bin/sh
"$LIVE_VIEW_COST_SERVER"
status=$?
times > "$LIVE_VIEW_COST_TIMES"
exit $status
"""


def server_seconds(times_file):
    """The CPU seconds of the server, from the wrapper's `times` (its children's line)."""
    with open(times_file) as text:
        children = text.read().split("\n")[1].split()
    return sum(int(minutes) * 60 + float(seconds) for minutes, seconds in
               (re.match(r"(\d+)m([\d.]+)s", field).groups() for field in children))


def timed_run(binary, script, serve, work):
    """Seconds from writing the script into the shell's stdin to its exit, the CPU seconds of
    the shell and its server from start to exit, and the server's alone."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    command = [binary, "run"] + (["--serve-port", "0", "--serve-exit"] if serve else []) + ["-"]
    environment = dict(os.environ)
    times_file = os.path.join(work, "server-times")
    if serve:
        wrapper = os.path.join(work, "server-wrapper")
        with open(wrapper, "w") as out:
            out.write(SERVER_WRAPPER)
        os.chmod(wrapper, 0o755)
        environment["LIVE_VIEW_COST_SERVER"] = os.environ.get(
            "REACTOR_SHELL_LIVE", os.path.join(os.path.dirname(os.path.abspath(binary)), "reactor-shell-live"))
        environment["LIVE_VIEW_COST_TIMES"] = times_file
        environment["REACTOR_SHELL_LIVE"] = wrapper
    with open(os.devnull, "w") as null:
        process = subprocess.Popen(command, stdin=subprocess.PIPE,
                                   stdout=null, stderr=subprocess.PIPE, env=environment)
        client = None
        if serve:
            line = b""
            while b"live view:" not in line:
                line = process.stderr.readline()
                if not line:
                    raise SystemExit("the shell printed no live view address")
            url = re.search(rb"(http://\S+)/#token=([0-9a-f]+)", line)
            base, token = url.group(1).decode(), url.group(2).decode()
            # The client: reads the whole stream, as the page does.
            client = subprocess.Popen(["curl", "-s", "-N", f"{base}/events?token={token}"], stdout=subprocess.DEVNULL)
            time.sleep(0.5)  # connected
        start = time.perf_counter()
        with open(script, "rb") as source:
            process.stdin.write(source.read())
        process.stdin.close()
        process.wait()
        elapsed = time.perf_counter() - start
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        cpu = (after.ru_utime + after.ru_stime) - (before.ru_utime + before.ru_stime)
        if client:
            client.terminate()
            client.wait()
        if process.returncode != 0:
            raise SystemExit(f"the run failed ({process.returncode}): {process.stderr.read().decode()}")
        return elapsed, cpu, server_seconds(times_file) if serve else 0.0


def main():
    binary, lines, runs, kind = arguments()
    work = tempfile.mkdtemp()
    script = os.path.join(work, "script.rsh")
    with open(script, "w") as out:
        subprocess.run([sys.executable, os.path.join(HERE, "generate-script.py"), kind, str(lines)], stdout=out, check=True)
    without, served = [], []
    for _ in range(runs):
        without.append(timed_run(binary, script, serve=False, work=work))
        served.append(timed_run(binary, script, serve=True, work=work))
    for measure, column in (("wall", 0), ("CPU", 1)):
        plain = [run[column] for run in without]
        serve = [run[column] for run in served]
        for name, times in (("without --serve", plain), ("--serve, a client reading /events", serve)):
            print(f"{measure:4} {name:36} min {min(times):.3f} s   median {statistics.median(times):.3f} s")
        print(f"{measure:4} ratio (min / min)                    {min(serve) / min(plain):.2f}x"
              f"   (median / median {statistics.median(serve) / statistics.median(plain):.2f}x)")
    server = [run[2] for run in served]
    print(f"CPU  of which the server                  min {min(server):.3f} s   median {statistics.median(server):.3f} s")
    # The shell's own share: what runs on its core while the server runs on the other, so what
    # the wall time approaches on an idle two-core machine.
    shell = [run[1] - run[2] for run in served]
    plain = [run[1] for run in without]
    print(f"CPU  the shell alone (less its server)    min {min(shell):.3f} s   median {statistics.median(shell):.3f} s"
          f"   ratio {min(shell) / min(plain):.2f}x (median {statistics.median(shell) / statistics.median(plain):.2f}x)")

main()
