"""What the shell sends its live view server, read by a stand-in server that records it: the
events and the answers to the server's requests in the order they were made (the events are
written on a thread of their own), and every event written before the pipe closes, at the end of
a run and at `:serve stop`."""
import json
import os
import subprocess
import sys
import time

STAND_IN = """\
import os, sys
record = open(os.environ["STAND_IN_RECORD"], "wb")
print("listening 1", flush=True)
events = 0
for line in sys.stdin.buffer:
    record.write(line)
    record.flush()
    if line.startswith(b"{"):
        events += 1
        if events == 2000:
            # Asked while the script runs: answered between two of its lines.
            print("state 1", flush=True)
            print("command 2 :load page.rsh", flush=True)
"""


def stand_in(tmp_path):
    """The stand-in server's path and the environment that makes the shell start it."""
    script = tmp_path / "stand-in-live"
    script.write_text(f"#!{sys.executable}\n" + STAND_IN)
    script.chmod(0o755)
    record = tmp_path / "record"
    return dict(os.environ, REACTOR_SHELL_LIVE=str(script), STAND_IN_RECORD=str(record)), record


def recorded(record):
    """The lines the stand-in read, each a complete line."""
    data = record.read_bytes()
    assert data.endswith(b"\n"), data[-200:]
    return data.decode().splitlines()


def test_answers_come_after_the_events_they_count_and_nothing_is_lost_at_the_end(shell, tmp_path):
    environment, record = stand_in(tmp_path)
    # The page's command writes thousands of events, its answer right after them.
    (tmp_path / "page.rsh").write_text("increase\n" * 500)
    process = subprocess.Popen(
        [shell, "run", "--serve-port", "0", "--serve-exit", "-"], stdin=subprocess.PIPE, stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE, env=environment, cwd=tmp_path)
    # Long enough that the run is still going when the requests come (after event 2,000): it can
    # get only so far ahead of the server (the feed's writer waits past 64 batches, the pipe holds 1 MiB).
    process.stdin.write(b"increase\n" * 10000)
    process.stdin.flush()
    # The input stays open until both answers are in: the run serves while it waits for more.
    deadline = time.time() + 60
    while time.time() < deadline:
        text = record.read_text() if record.exists() else ""
        if "!state 1 " in text and "!done 2 " in text:
            break
        time.sleep(0.05)
    process.stdin.close()
    assert process.wait(timeout=60) == 0, process.stderr.read()
    lines = recorded(record)
    events = 0
    answers = {}
    for line in lines:
        if line.startswith("{"):
            events += 1
        elif line.startswith("!state 1 "):
            # The state after event `seq`: exactly the events the server has before it.
            assert json.loads(line[len("!state 1 "):])["seq"] == events
            answers["state"] = events
        elif line.startswith("!done 2 "):
            first, last, outcome = line.split()[2:]
            assert (int(last), outcome) == (events, "succeeded")
            answers["done"] = int(last) - int(first) + 1
    assert set(answers) == {"state", "done"}, lines[-3:]
    # The :load line and its 500 lines' events.
    assert answers["done"] == 1 + 500 * 5
    # The scene, five events a line, the page's command's, the summary: all there.
    assert events == 1 + 10000 * 5 + answers["done"] + 1
    assert json.loads(lines[-1])["event"] == "summary"


def test_serve_stop_writes_every_event_before_it_stops(shell, tmp_path):
    environment, record = stand_in(tmp_path)
    script = tmp_path / "s.rsh"
    # More events than the feed hands over at a time (256), the last batch still pending.
    script.write_text("increase\n" * 300 + ":serve stop\n" + "increase\n" * 10)
    result = subprocess.run(
        [shell, "run", "--serve-port", "0", str(script)], capture_output=True, text=True, env=environment,
        cwd=tmp_path, timeout=60)
    assert result.returncode == 0, result.stderr
    events = [json.loads(line) for line in recorded(record) if line.startswith("{")]
    # The page's command may have run before the stop; every line's events up to it are there.
    commands = sum(1 for line in recorded(record) if line.startswith("!done"))
    assert len(events) == 1 + (300 + commands) * 5 + 1
    assert events[-1] == {"event": "input", "source": str(script), "line": 301, "text": ":serve stop"}
