"""The live view's wire: Server-Sent Events with seq, reconnection, /state, /command."""
import json
import urllib.request

from conftest import wait_until


def read_events(served, after=None, count=1, header=True):
    """The first `count` events of GET /events (after `after`, by Last-Event-ID or ?after=)."""
    headers = {"Authorization": f"Bearer {served.token}"}
    path = "/events"
    if after is not None:
        if header:
            headers["Last-Event-ID"] = str(after)
        else:
            path += f"?after={after}"
    request = urllib.request.Request(served.base + path, headers=headers)
    events = []
    with urllib.request.urlopen(request, timeout=10) as response:
        assert response.headers["Content-Type"] == "text/event-stream"
        ident = None
        for raw in response:
            line = raw.decode().rstrip("\n")
            if line.startswith("id: "):
                ident = int(line[4:])
            elif line.startswith("data: "):
                event = json.loads(line[6:])
                assert event["seq"] == ident
                events.append(event)
                if len(events) == count:
                    return events
    return events


def wait_for_summary(served):
    """Reads the stream until the run's `summary` event (the script has ended)."""
    for count in range(1, 1000):
        if read_events(served, count=count)[-1]["event"] == "summary":
            return
    raise AssertionError("no summary event")


def test_events_are_the_json_objects_with_seq_in_order(serve_script):
    served = serve_script("increase\n:state value\n# the end\n")
    events = read_events(served, count=9)
    assert [e["seq"] for e in events] == list(range(1, 10))
    assert events[0] == {"seq": 1, "event": "scene", "entry": "counter", "focus": "counter",
                         "reactors": {"counter": {"value": 0, "isLoading": False, "alertMessage": None}}}
    assert events[1]["event"] == "action" and events[1]["action"] == "increase" and events[1]["line"] == 1
    assert events[1]["step"] == 1
    assert events[3]["patch"] == [{"op": "replace", "path": "/value", "old": 0, "value": 1}]
    assert events[3]["cause"] == {"origin": "effect", "step": 1, "action": "increase", "effect": 1}
    assert events[6] == {"seq": 7, "event": "input", "source": events[6]["source"], "line": 2, "text": ":state value"}
    # What :state prints is the terminal's; the stream has the session's events.
    assert events[7]["event"] == "input" and events[7]["text"] == "# the end"
    assert events[8]["event"] == "summary"


def test_reconnecting_with_last_event_id_misses_nothing(serve_script):
    served = serve_script("increase\n")
    # (Asked before the session has event 3, it starts from the first: see the next test.)
    wait_for_summary(served)
    assert [e["seq"] for e in read_events(served, after=3, count=2)] == [4, 5]
    assert [e["seq"] for e in read_events(served, after=3, count=2, header=False)] == [4, 5]
    assert read_events(served, after=5, count=1)[0] == read_events(served, count=6)[5]


def test_an_id_above_every_event_starts_the_stream_from_the_first(serve_script):
    served = serve_script("increase\n")
    wait_for_summary(served)
    # Not a number of this session (made up, or from another one): it waited, silent, until the
    # session had that many events, and skipped them all.
    assert [e["seq"] for e in read_events(served, after=1000, count=2)] == [1, 2]
    assert [e["seq"] for e in read_events(served, after=1000, count=2, header=False)] == [1, 2]


def test_state_and_command(serve_script):
    served = serve_script("increase\n")
    wait_for_summary(served)
    status, body = served.request("/state")
    state = json.loads(body)
    assert status == 200 and state["reactors"]["counter"]["value"] == 1 and state["focus"] == "counter"
    status, body = served.request("/command", method="POST", body="decrease")
    answer = json.loads(body)
    assert status == 200 and answer["outcome"] == "succeeded"
    assert [e["event"] for e in answer["events"]] == ["action", "mutation", "mutation", "mutation", "mutation"]
    assert answer["events"][0]["seq"] == state["seq"] + 1
    status, body = served.request("/command", method="POST", body="increse")
    answer = json.loads(body)
    assert answer["outcome"] == "failed" and answer["events"][-1]["event"] == "error"
    assert "did you mean 'increase'" in answer["events"][-1]["message"]
    # The session's second command from the page is its line 2.
    assert answer["events"][-1]["source"] == "<live view>" and answer["events"][-1]["line"] == 2
    assert json.loads(served.request("/state")[1])["reactors"]["counter"]["value"] == 0


def test_a_page_that_reconnects_misses_nothing(serve_script, page):
    served = serve_script("increase\n")
    page.goto(served.url)
    wait_until(page, "window.liveView.model.events.length >= 7")
    page.evaluate("window.liveView.disconnect()")
    for _ in range(3):
        assert served.request("/command", method="POST", body="increase")[0] == 200
    total = json.loads(served.request("/state")[1])["seq"]
    assert page.evaluate("window.liveView.model.lastSeq") < total
    page.evaluate("window.liveView.connect()")
    wait_until(page, f"window.liveView.model.lastSeq === {total}")
    seqs = page.evaluate("window.liveView.model.events.map(e => e.seq)")
    assert seqs == list(range(1, total + 1))
    assert "value: 4" in page.locator("#state").inner_text()
    assert page.console_watch.messages == []


def test_a_page_reads_a_long_stream_whole_however_its_reads_cut_it(serve_script, page):
    # The page reads the stream a chunk at a time: thousands of events of every length, cut
    # wherever the network's reads end, arrive each once, in order, and the state is the shell's.
    lines = "".join(f"setScore {n * 7919 % 100003} {n * 104729 % 1000003}\nhomeScore\n" for n in range(3000))
    served = serve_script(lines, "--reactor", "scoreboard")
    served.wait_until_the_scripts_ended()
    total = json.loads(served.request("/state")[1])["seq"]
    page.goto(served.url)
    wait_until(page, f"window.liveView.model.lastSeq === {total}", limit=30000)
    seqs = page.evaluate("window.liveView.model.events.map(e => e.seq)")
    assert seqs == list(range(1, total + 1))
    scoreboard = json.loads(served.request("/state")[1])["reactors"]["scoreboard"]
    assert page.evaluate("window.liveView.model.reactors.scoreboard") == scoreboard
    assert page.console_watch.messages == []
