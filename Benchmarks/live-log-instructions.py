#!/usr/bin/env python3
"""Instructions an event of the live view's server on its per-event path, counted by callgrind:
the shell's messages read from a pipe's worth of text (LineChunkReader), split, framed and added to
the log (EventLog.append, EventFramer, EventStreamText), then served once to a stream that reads
the whole log in pieces of up to 256 KiB (EventLog.serverSentEvents), as `GET /events` does.

usage: python3 Benchmarks/live-log-instructions.py [BINARY] [--lines N] [--profile FILE]

The server itself cannot run under valgrind 3.19 (it crashes on a program whose async main
suspends, docs/performance.md), so this compiles those files of Sources/LiveView with
`swiftc -O` into a small program whose main thread blocks on a semaphore while a task drains the
log (no HTTP: FlyingFox's copies and the socket are not counted). Its input is the shell's own:
BINARY (default .build/release/reactor-shell, reactor-shell-live beside it) runs a
`scoreboard-random` script of N lines (default 100,000) with `--serve-port 0 --serve-exit`, its
server started through a wrapper that copies its standard input to a file. Prints

    instructions an event = (count for the N-line stream - count for its first event) / (events - 1)

Callgrind counts instructions, so the machine's load does not change the figure. --profile FILE
keeps the N-line profile for callgrind_annotate. Exits 1 when a build or run fails.
"""
import os
import re
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
# The files of the path measured: those that EventLog.append and serverSentEvents reach.
SOURCES = ["EventLog.swift", "EventFramer.swift", "EventStreamText.swift", "LineChunkReader.swift", "ByteMemory.swift"]

HARNESS = """
// Reads standard input into a log, then one stream drains it (the main thread waits on a
// semaphore: valgrind 3.19 crashes when an async main suspends).
import Dispatch
let log = EventLog()
LineChunkReader(descriptor: 0) { lines in _ = log.append(lines: lines) }.run()
let done = DispatchSemaphore(value: 0)
Task.detached {
    var seen = 0, bytes = 0
    while seen < log.lastSequenceNumber {
        let piece = await log.serverSentEvents(after: seen, limit: 256 * 1024)
        bytes += piece.text.count
        seen = piece.last
    }
    print("events \\(seen) bytes \\(bytes)")
    done.signal()
}
done.wait()
"""

WRAPPER = """#!/bin/sh
tee "$LIVE_LOG_STREAM" | "$LIVE_LOG_SERVER"
"""


def arguments():
    args = sys.argv[1:]
    binary = os.path.join(ROOT, ".build", "release", "reactor-shell")
    lines, profile = 100_000, None
    while args:
        name = args.pop(0)
        if name == "--lines" and args:
            lines = int(args.pop(0))
        elif name == "--profile" and args:
            profile = args.pop(0)
        elif name.startswith("-"):
            sys.exit(f"usage: {os.path.basename(sys.argv[0])} [BINARY] [--lines N] [--profile FILE]")
        else:
            binary = name
    return binary, lines, profile


def capture_stream(binary, lines, work):
    """The shell's messages to its server for a run of `lines` lines."""
    script = os.path.join(work, "script.rsh")
    with open(script, "w") as out:
        subprocess.run([sys.executable, os.path.join(HERE, "generate-script.py"), "scoreboard-random", str(lines)],
                       stdout=out, check=True)
    wrapper, stream = os.path.join(work, "server-wrapper"), os.path.join(work, "stream.txt")
    with open(wrapper, "w") as out:
        out.write(WRAPPER)
    os.chmod(wrapper, 0o755)
    environment = dict(os.environ, REACTOR_SHELL_LIVE=wrapper, LIVE_LOG_STREAM=stream,
                       LIVE_LOG_SERVER=os.environ.get("REACTOR_SHELL_LIVE", os.path.join(
                           os.path.dirname(os.path.abspath(binary)), "reactor-shell-live")))
    with open(script, "rb") as source:
        run = subprocess.run([binary, "run", "--serve-port", "0", "--serve-exit", "-"], stdin=source,
                             stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, env=environment)
    if run.returncode != 0:
        sys.exit(f"the run failed ({run.returncode}): {run.stderr.decode()}")
    return stream


def instructions(harness, stream, profile):
    """Callgrind's count for the harness reading `stream`, and the events it served."""
    with open(stream, "rb") as source:
        run = subprocess.run(["valgrind", "--tool=callgrind", f"--callgrind-out-file={profile or '/dev/null'}", harness],
                             stdin=source, capture_output=True, text=True)
    refs = re.search(r"refs:\s+([\d,]+)", run.stderr)
    served = re.search(r"events (\d+)", run.stdout)
    if run.returncode != 0 or not refs or not served:
        sys.exit(f"the harness failed ({run.returncode}): {run.stderr[-2000:]}")
    return int(refs.group(1).replace(",", "")), int(served.group(1))


def main():
    binary, lines, profile = arguments()
    work = tempfile.mkdtemp()
    main_file, harness = os.path.join(work, "main.swift"), os.path.join(work, "harness")
    with open(main_file, "w") as out:
        out.write(HARNESS)
    sources = [os.path.join(ROOT, "Sources", "LiveView", name) for name in SOURCES]
    subprocess.run(["swiftc", "-O", "-module-name", "LiveView", *sources, main_file, "-o", harness], check=True)
    stream = capture_stream(binary, lines, work)
    first = os.path.join(work, "first.txt")
    with open(stream, "rb") as whole, open(first, "wb") as out:
        out.write(whole.readline())
    total, events = instructions(harness, stream, profile)
    one, _ = instructions(harness, first, None)
    size = os.path.getsize(stream)
    print(f"{lines} lines: {events} events, {size:,} bytes from the shell; {total:,} instructions, "
          f"{one:,} for the first event alone")
    print(f"instructions an event: {(total - one) / (events - 1):,.0f}   a byte: {(total - one) / size:.2f}")


main()
