"""Fixtures of the live view's browser tests: the built shell, Debian's chromium driven by
Playwright (no browser download), shells serving the live view on a free loopback port."""
import contextlib
import os
import re
import shutil
import signal
import subprocess
import tempfile
import time
import urllib.error
import urllib.request
import uuid
from pathlib import Path

import pytest
from playwright.sync_api import sync_playwright

ROOT = Path(__file__).resolve().parents[2]
URL_PATTERN = re.compile(r"live view: (http://127\.0\.0\.\d+:(\d+)/#token=([0-9a-f]+))")


def shell_binary():
    """The reactor-shell under test: $REACTOR_SHELL_EXECUTABLE, else the debug build."""
    explicit = os.environ.get("REACTOR_SHELL_EXECUTABLE")
    if explicit:
        return explicit
    bin_dir = subprocess.run(["swift", "build", "--show-bin-path"], cwd=ROOT, capture_output=True, text=True, check=True).stdout.strip()
    return os.path.join(bin_dir, "reactor-shell")


@pytest.fixture(scope="session")
def shell():
    path = shell_binary()
    assert os.access(path, os.X_OK), f"{path} is not built (swift build)"
    assert os.access(os.path.join(os.path.dirname(path), "reactor-shell-live"), os.X_OK), "reactor-shell-live is not built"
    return path


@pytest.fixture(scope="session")
def browser():
    executable = os.environ.get("CHROMIUM", "/usr/bin/chromium")
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=executable, args=["--no-sandbox"])
        yield browser
        browser.close()


class ConsoleWatch:
    """Every console error or warning and every uncaught exception of a page."""

    def __init__(self, page):
        self.messages = []
        page.on("console", lambda m: self.messages.append(f"{m.type}: {m.text}") if m.type in ("error", "warning") else None)
        page.on("pageerror", lambda e: self.messages.append(f"exception: {e}"))


@pytest.fixture
def page(browser):
    context = browser.new_context(viewport={"width": 1400, "height": 850})
    page = context.new_page()
    page.console_watch = ConsoleWatch(page)
    yield page
    context.close()


class Served:
    """A shell serving its live view; `url` is the address it printed."""

    def __init__(self, process, url, port, token, stderr_lines):
        self.process, self.url, self.port, self.token = process, url, int(port), token
        self.stderr_lines = stderr_lines
        self.base = f"http://127.0.0.1:{port}"

    def wait_until_the_scripts_ended(self):
        """Reads stderr until `run --serve` says the scripts ended and it serves on until Ctrl-C."""
        while not any("serving the live view until Ctrl-C" in line for line in self.stderr_lines):
            line = self.process.stderr.readline()
            assert line, "the run ended instead of serving on: " + "".join(self.stderr_lines)
            self.stderr_lines.append(line)

    def stop(self):
        """Ends the shell as Ctrl-C would (killed if it does not end within 10 s)."""
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGINT)
            try:
                self.process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.process.kill()

    def output(self):
        """What the shell printed on stdout so far."""
        return self.output_path.read_text()

    def request(self, path, method="GET", body=None, headers=None, token=True):
        """(status, body text) of a request to the server."""
        headers = dict(headers or {})
        if token:
            headers["Authorization"] = f"Bearer {self.token}"
        request = urllib.request.Request(self.base + path, data=body.encode() if body is not None else None, method=method, headers=headers)
        try:
            with urllib.request.urlopen(request, timeout=10) as response:
                return response.status, response.read().decode()
        except urllib.error.HTTPError as error:
            return error.code, error.read().decode()


def wait_for_url(stream, lines, limit=20):
    deadline = time.time() + limit
    while time.time() < deadline:
        line = stream.readline()
        if not line:
            break
        lines.append(line)
        match = URL_PATTERN.search(line)
        if match:
            return match
    raise AssertionError("no live view address printed; stderr was:\n" + "".join(lines))


@pytest.fixture
def serve_script(shell, tmp_path):
    """Starts `reactor-shell run --serve-port 0 [ARGS] SCRIPT` (the script given as text)."""
    started = []

    def start(text, *arguments, name="session.rsh"):
        script = tmp_path / name
        script.write_text(text)
        # Results go to a file: a pipe nobody reads would stop a long run when it fills.
        output = open(tmp_path / (name + ".out"), "w")
        process = subprocess.Popen(
            [shell, "run", "--serve-port", "0", *arguments, str(script)],
            stdout=output, stderr=subprocess.PIPE, stdin=subprocess.DEVNULL, text=True, cwd=tmp_path)
        output.close()
        lines = []
        match = wait_for_url(process.stderr, lines)
        served = Served(process, match.group(1), match.group(2), match.group(3), lines)
        served.output_path = tmp_path / (name + ".out")
        started.append(served)
        return served

    yield start
    for served in started:
        served.stop()


class Terminal:
    """The interactive shell in a real pseudo-terminal: a private tmux server."""

    def __init__(self, command, cwd):
        self.socket = "live-" + uuid.uuid4().hex[:8]
        self.cwd = cwd
        subprocess.run(["tmux", "-L", self.socket, "-f", "/dev/null", "new-session", "-d", "-x", "120", "-y", "45", "-c", str(cwd), command], check=True)
        subprocess.run(["tmux", "-L", self.socket, "set-option", "-g", "remain-on-exit", "on"], check=True)

    def screen(self):
        return subprocess.run(["tmux", "-L", self.socket, "capture-pane", "-p", "-J", "-S", "-500"], capture_output=True, text=True, check=True).stdout

    def type(self, text):
        subprocess.run(["tmux", "-L", self.socket, "send-keys", "-l", text], check=True)
        subprocess.run(["tmux", "-L", self.socket, "send-keys", "Enter"], check=True)

    def wait_for(self, pattern, limit=20):
        deadline = time.time() + limit
        while time.time() < deadline:
            screen = self.screen()
            found = re.search(pattern, screen)
            if found:
                return found
            time.sleep(0.1)
        raise AssertionError(f"{pattern!r} never appeared; the screen:\n{self.screen()}")

    def close(self):
        subprocess.run(["tmux", "-L", self.socket, "kill-server"], capture_output=True)


@pytest.fixture
def terminal(tmp_path):
    opened = []

    def open_terminal(command):
        session = Terminal(command, tmp_path)
        opened.append(session)
        return session

    yield open_terminal
    for session in opened:
        session.close()


def wait_until(page, expression, limit=15000):
    """Waits until the JavaScript `expression` is true in `page`, and then for the page's next
    frame: the page draws at most once a frame, after its model has changed (a chunk of the
    stream can bring many events, a whole short session, between two frames)."""
    page.wait_for_function(expression, timeout=limit)
    page.evaluate("() => new Promise((drawn) => requestAnimationFrame(() => drawn()))")


def timeline_text(page):
    return page.locator("#timeline-rows").inner_text()


def run_html(shell, tmp_path, name, text):
    """Writes `text` to NAME.rsh in `tmp_path` and runs it with `run --html NAME.html`; returns
    the finished process and the export's path (the caller checks the exit status it expects)."""
    script = tmp_path / f"{name}.rsh"
    script.write_text(text)
    export = tmp_path / f"{name}.html"
    result = subprocess.run([shell, "run", "--html", str(export), str(script)], capture_output=True, text=True, cwd=tmp_path)
    return result, export


@contextlib.contextmanager
def offline_page(browser, path):
    """Opens `path` from file:// with the network off, for the body of a `with`: gives the page,
    the URLs it asked for and its console errors, warnings and uncaught exceptions; closes the
    page's context after it."""
    context = browser.new_context(offline=True, viewport={"width": 1400, "height": 850})
    try:
        page = context.new_page()
        requested = []
        page.on("request", lambda request: requested.append(request.url))
        messages = []
        page.on("console", lambda m: messages.append(f"{m.type}: {m.text}") if m.type in ("error", "warning") else None)
        page.on("pageerror", lambda e: messages.append(f"exception: {e}"))
        page.goto(path.as_uri())
        yield page, requested, messages
    finally:
        context.close()
