"""The session before the live view: `:serve` in the middle of a session and `--html` exports
show what happened, read from the session's record, as a view served from the start shows it."""
import json
import re
import subprocess

from conftest import offline_page, run_html, timeline_text, wait_for_url, Served, wait_until
from test_live_wire import read_events

# A page load whose search a new query cancels, a failed and a passed expectation, an error.
LINES = [
    ":use github-search",
    "updateQuery sw",
    "loadNextPage &",
    "updateQuery rx",
    ':expect query == "zz"',
    ':expect query == "rx"',
    "nope",
]


def start(shell, directory, lines, *arguments):
    """Runs `reactor-shell run [ARGS] session.rsh` in `directory` (the same source name for
    every run); returns it serving, once it printed its address."""
    directory.mkdir()
    (directory / "session.rsh").write_text("\n".join(lines) + "\n")
    process = subprocess.Popen(
        [shell, "run", *arguments, "session.rsh"],
        stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, stdin=subprocess.DEVNULL, text=True, cwd=directory)
    printed = []
    match = wait_for_url(process.stderr, printed)
    return Served(process, match.group(1), match.group(2), match.group(3), printed)


def states_at_steps(events):
    """Each reactor's state at the start of each step (its action's event) and at the end, the
    patches applied as the page applies them; and the events without their patches."""
    states, at_steps, bare = {}, [], []
    for event in events:
        if event["event"] == "scene":
            states = json.loads(json.dumps(event["reactors"]))
        if event["event"] == "action":
            at_steps.append(json.dumps(states, sort_keys=True))
        if event["event"] == "mutation":
            states[event["reactor"]] = apply_patch(states[event["reactor"]], event["patch"])
        bare.append({key: value for key, value in event.items() if key != "patch"})
    return at_steps + [json.dumps(states, sort_keys=True)], bare


def apply_patch(state, patch):
    for op in patch:
        parts = [p.replace("~1", "/").replace("~0", "~") for p in op["path"].split("/")[1:]]
        if not parts:
            state = op.get("value")
            continue
        parent = state
        for part in parts[:-1]:
            parent = parent[int(part)] if isinstance(parent, list) else parent[part]
        key = parts[-1]
        if isinstance(parent, list):
            index = len(parent) if key == "-" else int(key)
            if op["op"] == "add":
                parent.insert(index, op["value"])
            elif op["op"] == "remove":
                del parent[index]
            else:
                parent[index] = op["value"]
        elif op["op"] == "remove":
            del parent[key]
        else:
            parent[key] = op["value"]
    return state


def test_serve_mid_session_shows_the_history_a_view_from_the_start_shows(shell, browser, tmp_path):
    # One run serves from the start; the other starts its view after the same lines.
    from_start = start(shell, tmp_path / "from-start", LINES, "--serve-port", "0")
    later = start(shell, tmp_path / "later", LINES + [":serve 0", ":sleep 60s"])
    try:
        # The later view's history ends where its live events begin: the `:sleep` line.
        events = []
        while not events or events[-1]["event"] != "input" or events[-1]["text"] != ":sleep 60s":
            events = read_events(later, count=len(events) + 1)
        history = events[:-1]
        served = read_events(from_start, count=len(history) + 1)
        assert served[-1]["event"] == "summary"
        served = served[:-1]
        assert [e["seq"] for e in history] == list(range(1, len(history) + 1))
        kinds = [e["event"] for e in history]
        assert "effect" in kinds and kinds.count("expect") == 2 and kinds.count("error") == 1
        cancelled = next(e for e in history if e["event"] == "effect")
        assert cancelled["status"] == "cancelled" and cancelled["by"] == 'updateQuery("rx")'
        assert cancelled["time_ms"] == next(e for e in served if e["event"] == "effect")["time_ms"]
        # The same events with the same seq; the states the page shows at each step and at the end.
        history_states, history_bare = states_at_steps(history)
        served_states, served_bare = states_at_steps(served)
        assert history_bare == served_bare
        assert history_states == served_states
        # Resuming across the join of history and live events misses nothing.
        join = len(history)
        assert [e["seq"] for e in read_events(later, after=join - 2, count=3)] == [join - 1, join, join + 1]
        assert read_events(later, after=join - 1, count=2) == events[join - 1:join + 1]

        # The page shows that history as the page of the view served from the start does.
        pages = []
        for view in (later, from_start):
            context = browser.new_context(viewport={"width": 1400, "height": 850})
            page = context.new_page()
            page.goto(view.url)
            wait_until(page, f"window.liveView && window.liveView.model.events.length >= {join}")
            pages.append((context, page))
        try:
            rows = [timeline_text(page).splitlines() for _, page in pages]
            later_rows = [row for row in rows[0] if ":sleep" not in row]
            assert later_rows == rows[1][:len(later_rows)]
            assert any("cancelled" in row for row in later_rows)
            assert any("unknown action 'nope'" in row for row in later_rows)
        finally:
            for context, _ in pages:
                context.close()
    finally:
        from_start.stop()
        later.stop()


def test_an_html_export_shows_overlapped_lines_as_they_happened(shell, browser, tmp_path):
    result, export = run_html(shell, tmp_path, "overlap", ":use counter\nincrease &\nincrease &\ndecrease\n")
    script = tmp_path / "overlap.rsh"
    assert result.returncode == 0, result.stderr
    # What the run printed as JSON, in order, is what the export holds.
    printed = subprocess.run(
        [shell, "run", "--format", "json", str(script)], capture_output=True, text=True, cwd=tmp_path).stdout
    printed_labels = [e.get("mutation") or e.get("action") for e in map(json.loads, printed.splitlines())
                      if e["event"] in ("action", "mutation")]
    embedded = json.loads(re.search(r"\[\n.*\n\]", export.read_text(), re.S).group(0))
    labels = [e.get("mutation") or e.get("action") for e in embedded if e["event"] in ("action", "mutation")]
    assert labels == printed_labels
    # The second line was sent while the first one's effect still ran.
    assert labels[:3] == ["increase", "setLoading(true)", "increase"]
    with offline_page(browser, export) as (page, requested, messages):
        wait_until(page, "window.liveView && window.liveView.model.events.some(e => e.event === 'summary')")
        rows = timeline_text(page)
        # The three lines' rows come before the first effect's result, as they ran.
        assert rows.index("decrease") < rows.index("increaseValue")
        shown = page.evaluate("window.liveView.model.events.filter(e => e.event === 'action' || e.event === 'mutation').map(e => e.mutation || e.action)")
        assert shown == labels
        assert all(url.startswith("file://") for url in requested), requested
        assert messages == []
