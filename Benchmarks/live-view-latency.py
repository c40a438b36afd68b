#!/usr/bin/env python3
"""How soon a line typed in the interactive shell reaches the live view (SPEC §10, issue 27: a
new event appears within 100 ms): the shell runs in a pseudo-terminal with `--serve-port 0`, a
client reads `GET /events`, and each time `decrease` is typed (Enter included) the wall time until
the line's first event arrives on the stream is taken.

usage: live-view-latency.py [BINARY] [--lines N]

BINARY defaults to .build/release/reactor-shell (reactor-shell-live beside it). Prints each
latency in milliseconds, then the median and the largest. A wall-time figure: measure on a quiet
machine, and say the load with it.
"""
import os
import pty
import re
import select
import statistics
import sys
import tempfile
import threading
import time
import urllib.request

HERE = os.path.dirname(os.path.abspath(__file__))


def arguments():
    args = sys.argv[1:]
    lines = 10
    if "--lines" in args:
        index = args.index("--lines")
        lines = int(args[index + 1])
        del args[index:index + 2]
    binary = args[0] if args else os.path.join(HERE, "..", ".build", "release", "reactor-shell")
    return binary, lines


def start_shell(binary, home):
    """The interactive shell in a pseudo-terminal; returns (pid, terminal descriptor, port, token)."""
    pid, terminal = pty.fork()
    if pid == 0:
        os.environ.update(TERM="xterm", HOME=home, XDG_STATE_HOME=home)
        os.execv(binary, [binary, "--serve-port", "0"])
    shown = b""
    deadline = time.time() + 30
    while time.time() < deadline:
        ready, _, _ = select.select([terminal], [], [], 0.5)
        if ready:
            shown += os.read(terminal, 4096)
        match = re.search(rb"http://127\.0\.0\.1:(\d+)/#token=(\w+)", shown)
        if match:
            return pid, terminal, match.group(1).decode(), match.group(2).decode()
    sys.exit("no live view address printed:\n" + shown.decode(errors="replace"))


def main():
    binary, lines = arguments()
    with tempfile.TemporaryDirectory() as home:
        pid, terminal, port, token = start_shell(binary, home)

        def drain_terminal():
            while True:
                try:
                    ready, _, _ = select.select([terminal], [], [], 0.5)
                    if ready:
                        os.read(terminal, 65536)
                except OSError:
                    return

        threading.Thread(target=drain_terminal, daemon=True).start()
        request = urllib.request.Request(
            f"http://127.0.0.1:{port}/events", headers={"Authorization": f"Bearer {token}"})
        stream = urllib.request.urlopen(request)
        arrivals = []

        def read_events():
            for raw in stream:
                if raw.startswith(b"data:"):
                    arrivals.append(time.monotonic())

        threading.Thread(target=read_events, daemon=True).start()
        time.sleep(1.5)  # the scene's first events have arrived
        latencies = []
        for _ in range(lines):
            seen = len(arrivals)
            typed = time.monotonic()
            os.write(terminal, b"decrease\r")
            while len(arrivals) == seen and time.monotonic() - typed < 5:
                time.sleep(0.0005)
            if len(arrivals) == seen:
                sys.exit("no event within 5 s of a typed line")
            latencies.append((arrivals[seen] - typed) * 1000)
            time.sleep(1.0)  # the counter's effect ends (its 500 ms delay) before the next line
        os.write(terminal, b":quit\r")
        os.waitpid(pid, 0)
    print("first event after a typed line, ms:", " ".join(f"{value:.1f}" for value in latencies))
    print(f"median {statistics.median(latencies):.1f} ms, largest {max(latencies):.1f} ms")


if __name__ == "__main__":
    main()
