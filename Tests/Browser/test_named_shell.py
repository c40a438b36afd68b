"""The live view of a named shell built in a package of its own (examples/custom-shell's todo-shell,
which requires this package): it opts in by building `reactor-shell-live` beside it, and then serves
its own reactor. Runs when TODO_SHELL_EXECUTABLE names its binary (scripts/check-by-version builds
both against a tagged clone of this package and sets it)."""
import json
import os
import subprocess

import pytest

from conftest import Served, wait_for_url


@pytest.fixture
def todo_shell():
    path = os.environ.get("TODO_SHELL_EXECUTABLE")
    if not path:
        pytest.skip("TODO_SHELL_EXECUTABLE not set (scripts/check-by-version sets it)")
    assert os.access(path, os.X_OK), f"{path} is not built"
    assert os.access(os.path.join(os.path.dirname(path), "reactor-shell-live"), os.X_OK), \
        "reactor-shell-live is not built beside it (swift build --product reactor-shell-live)"
    return path


def test_a_named_shell_serves_its_own_reactor(todo_shell, tmp_path, page):
    script = tmp_path / "todo.rsh"
    script.write_text("add milk\n:expect remaining == 1\n")
    output = open(tmp_path / "todo.out", "w")
    process = subprocess.Popen(
        [todo_shell, "run", "--serve-port", "0", str(script)],
        stdout=output, stderr=subprocess.PIPE, stdin=subprocess.DEVNULL, text=True, cwd=tmp_path)
    output.close()
    lines = []
    match = wait_for_url(process.stderr, lines)
    served = Served(process, match.group(1), match.group(2), match.group(3), lines)
    served.output_path = tmp_path / "todo.out"
    try:
        served.wait_until_the_scripts_ended()
        assert any(line.startswith("todo-shell: serving the live view until Ctrl-C") for line in served.stderr_lines)
        # Over 127.0.0.1, with the token: the state of the shell's own reactor.
        assert served.request("/state", token=False)[0] == 401
        status, body = served.request("/state")
        assert status == 200, body
        state = json.loads(body)
        assert state["focus"] == "todo"
        assert [item["title"] for item in state["reactors"]["todo"]["items"]] == ["milk"]
        # A command from the page runs in the named shell, with its own actions.
        status, body = served.request("/command", method="POST", body="add bread")
        assert status == 200 and json.loads(body)["outcome"] == "succeeded", body
        assert json.loads(served.request("/state")[1])["reactors"]["todo"]["remaining"] == 2
        # The page, in the browser, shows the named shell's reactor and its last command.
        page.goto(served.url)
        page.wait_for_function("document.querySelector('#timeline-rows') && document.querySelector('#timeline-rows').innerText.includes('bread')")
        assert page.console_watch.messages == []
    finally:
        served.stop()
    assert served.process.returncode == 0
    assert "1 passed, 0 failed" in served.output()
