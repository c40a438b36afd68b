"""Starting and stopping the live view: --serve-exit, :serve and :serve stop, a port in use."""
import json
import os
import re
import signal
import socket
import subprocess
import time
import urllib.request

from conftest import URL_PATTERN, Served, wait_for_url


def test_serve_exit_ends_the_run_with_the_script(shell, tmp_path):
    script = tmp_path / "s.rsh"
    script.write_text("increase\n:expect value == 1\n")
    result = subprocess.run([shell, "run", "--serve-port", "0", "--serve-exit", str(script)], capture_output=True, text=True, timeout=30)
    assert result.returncode == 0
    assert URL_PATTERN.search(result.stderr)
    assert "serving the live view until Ctrl-C" not in result.stderr


def test_run_serve_keeps_serving_after_the_script_until_ctrl_c(serve_script):
    served = serve_script("increase\n:expect value == 1\n")
    served.wait_until_the_scripts_ended()
    assert served.process.poll() is None
    # After the script, the server still answers and the page's commands still run.
    assert json.loads(served.request("/state")[1])["reactors"]["counter"]["value"] == 1
    assert served.request("/command", method="POST", body="increase")[0] == 200
    assert json.loads(served.request("/state")[1])["reactors"]["counter"]["value"] == 2
    # Ctrl-C ends it with the run's exit status, and nothing listens any more.
    served.process.send_signal(signal.SIGINT)
    assert served.process.wait(timeout=10) == 0
    assert "1 passed, 0 failed" in served.output()
    with socket.socket() as probe:
        assert probe.connect_ex(("127.0.0.1", served.port)) != 0


def test_ctrl_c_right_after_the_scripts_ended_stops_the_run(serve_script):
    # Ctrl-C sent the moment the run says it serves on until Ctrl-C must end it (it was lost when
    # it came before the main queue had registered its signal source). Several runs: the moment
    # falls differently in each.
    for attempt in range(8):
        served = serve_script("increase\n", name=f"session{attempt}.rsh")
        served.wait_until_the_scripts_ended()
        served.process.send_signal(signal.SIGINT)
        try:
            status = served.process.wait(timeout=30)
        except subprocess.TimeoutExpired:
            served.process.kill()
            raise AssertionError(f"run {attempt}: Ctrl-C right after the scripts did not end the run")
        assert status == 0, served.stderr_lines


def test_serve_and_serve_stop_inside_a_session(shell, tmp_path):
    result = subprocess.run(
        [shell, "run", "-"], input="increase\n:serve 0\n:serve stop\n:serve stop\n", capture_output=True, text=True, timeout=30)
    assert URL_PATTERN.search(result.stderr), result.stderr
    assert "live view stopped" in result.stdout
    assert "the live view is not running" in result.stderr
    assert result.returncode == 1


def test_serve_in_a_run_without_serve_stops_when_the_scripts_end(shell, tmp_path):
    # Only `run --serve` serves on until Ctrl-C; a `:serve` in a plain run ends with it.
    result = subprocess.run([shell, "run", "-"], input="increase\n:serve 0\n", capture_output=True, text=True, timeout=30)
    assert result.returncode == 0, result.stderr
    assert URL_PATTERN.search(result.stderr), result.stderr
    assert "serving the live view until Ctrl-C" not in result.stderr


def test_a_port_in_use_is_a_clear_error(shell, tmp_path):
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        script = tmp_path / "s.rsh"
        script.write_text("increase\n")
        result = subprocess.run([shell, "run", "--serve-port", str(port), str(script)], capture_output=True, text=True, timeout=30)
        in_session = subprocess.run([shell, "run", "-"], input=f":serve {port}\n", capture_output=True, text=True, timeout=30)
    assert result.returncode == 2
    # The system's reason, as soon as the bind fails (not a timeout of the wait for it), said once.
    assert result.stderr == f"reactor-shell: live view: cannot listen on 127.0.0.1:{port}: Address already in use\n"
    assert result.stdout == ""
    assert in_session.returncode == 1
    assert in_session.stderr == f"<stdin>:1:1: live view: cannot listen on 127.0.0.1:{port}: Address already in use\n"


def test_a_host_that_is_not_an_address_is_a_clear_error(shell, tmp_path):
    script = tmp_path / "s.rsh"
    script.write_text("increase\n")
    result = subprocess.run(
        [shell, "run", "--serve-host", "nosuch.invalid", "--serve-port", "0", str(script)], capture_output=True, text=True, timeout=30)
    assert result.returncode == 2
    # Said once, and no warning about listening wider: it never listened.
    assert result.stderr == "reactor-shell: live view: bad address 'nosuch.invalid': not an IPv4 or IPv6 address (use 127.0.0.1, 0.0.0.0, ::1 or localhost)\n"
    assert result.stdout == ""


def test_a_bad_port_is_a_usage_error(shell):
    result = subprocess.run([shell, "run", "--serve-port", "70000", "-"], input="", capture_output=True, text=True)
    assert result.returncode == 2 and "--serve-port must be 0 to 65535, found '70000'" in result.stderr
    result = subprocess.run([shell, "run", "-"], input=":serve 99999\n", capture_output=True, text=True)
    assert result.returncode == 1 and "expects a PORT between 0 and 65535" in result.stderr


def test_serve_without_a_port_restarts_on_the_port_it_had(shell, tmp_path):
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    result = subprocess.run(
        [shell, "run", "--serve-port", str(port), "--serve-exit", "-"], input=":serve\n:help :serve\n",
        capture_output=True, text=True, timeout=30)
    assert result.returncode == 0, result.stderr
    # Started with the shell, then restarted by `:serve`: both times on --serve-port's port.
    assert [int(match.group(2)) for match in URL_PATTERN.finditer(result.stderr)] == [port, port], result.stderr
    assert "without PORT: the port it last had" in result.stdout


def test_without_serve_no_server_is_started(shell, tmp_path):
    # A stand-in for the server that leaves a mark when started and then says it failed.
    marker = tmp_path / "started"
    stand_in = tmp_path / "stand-in-live"
    stand_in.write_text(f"#!/bin/sh\ntouch '{marker}'\necho 'failed not a server'\n")
    stand_in.chmod(0o755)
    script = tmp_path / "s.rsh"
    script.write_text("increase\n:save --html page.html\n")
    environment = dict(os.environ, REACTOR_SHELL_LIVE=str(stand_in))
    plain = subprocess.run([shell, "run", str(script)], env=environment, cwd=tmp_path, capture_output=True, text=True, timeout=30)
    assert plain.returncode == 0, plain.stderr
    assert (tmp_path / "page.html").exists()
    assert not marker.exists(), "the live view's server was started without --serve"
    served = subprocess.run(
        [shell, "run", "--serve-port", "0", str(script)], env=environment, cwd=tmp_path, capture_output=True, text=True, timeout=30)
    assert marker.exists(), "the stand-in was not the server --serve starts"
    assert served.returncode == 2 and served.stderr == "reactor-shell: live view: not a server\n", served.stderr


def test_a_run_reading_a_pipe_serves_while_the_next_line_has_not_come(shell, tmp_path):
    # `run --serve -` fed by a program through a pipe that stays open: each line's events reach
    # the stream, and /state and the page's commands are answered, while the run waits for more.
    process = subprocess.Popen(
        [shell, "run", "--serve-port", "0", "-"], stdin=subprocess.PIPE, stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE, text=True, cwd=tmp_path)
    lines = []
    match = wait_for_url(process.stderr, lines)
    served = Served(process, match.group(1), match.group(2), match.group(3), lines)
    try:
        process.stdin.write("decrease\n")
        process.stdin.flush()
        request = urllib.request.Request(served.base + "/events", headers={"Authorization": f"Bearer {served.token}"})
        events = []
        with urllib.request.urlopen(request, timeout=10) as stream:
            for raw in stream:
                if raw.startswith(b"data: "):
                    events.append(json.loads(raw[6:]))
                    if events[-1].get("mutation") == 'setAlertMessage("decreased!")':
                        break
        assert [event.get("action") for event in events if event["event"] == "action"] == ["decrease"]
        assert json.loads(served.request("/state")[1])["reactors"]["counter"]["value"] == -1
        status, body = served.request("/command", method="POST", body="increase")
        assert status == 200 and json.loads(body)["outcome"] == "succeeded", body
        assert json.loads(served.request("/state")[1])["reactors"]["counter"]["value"] == 0
        process.stdin.write("decrease\n:expect value == -1\n")
        process.stdin.close()
        served.wait_until_the_scripts_ended()
    finally:
        served.stop()
    assert process.returncode == 0


# A script of lines that never wait, far longer than the tests below let it run (minutes): a run
# that served the page only when a line waits, or at its end, would not answer them in time.
LONG_RUN = "homeScore\n" * 500_000


def test_a_long_run_of_lines_that_never_wait_answers_the_page_between_them(serve_script):
    served = serve_script(LONG_RUN, "--reactor", "scoreboard", "--serve-exit")
    status, body = served.request("/state")
    assert status == 200 and json.loads(body)["reactors"]["scoreboard"]["home"] < 500_000
    # The page's command runs between two of the script's lines: here it ends the run.
    status, body = served.request("/command", method="POST", body=":exit 7")
    assert status == 200 and json.loads(body)["outcome"] == "quit", body
    assert served.process.wait(timeout=30) == 7
    out = served.output()
    assert "scoreboard> :exit 7" in out
    scores = [int(score) for score in re.findall(r"home: \d+ → (\d+)", out)]
    assert 0 <= len(scores) < 500_000 and scores == list(range(1, len(scores) + 1))


def test_ctrl_c_stops_a_long_served_run(serve_script):
    served = serve_script(LONG_RUN, "--reactor", "scoreboard", "--serve-exit")
    assert served.request("/state")[0] == 200
    served.process.send_signal(signal.SIGINT)
    # Ended by the signal (status 130 in a shell), with the server it started.
    assert served.process.wait(timeout=30) == -signal.SIGINT
    assert "scoreboard> " not in served.output()
    for _ in range(100):
        with socket.socket() as probe:
            if probe.connect_ex(("127.0.0.1", served.port)) != 0:
                break
        time.sleep(0.1)
    else:
        raise AssertionError("the live view's server still listens after the run was stopped")


def test_the_port_is_free_as_soon_as_a_serve_exit_run_ends_with_a_stream_open(shell, tmp_path):
    # The shell waits for its server to close its port and output, not for its exit; the port
    # must be free by the time the shell has exited, even with a client reading /events.
    process = subprocess.Popen([shell, "run", "--serve-port", "0", "--serve-exit", "-"],
                               stdin=subprocess.PIPE, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    match = wait_for_url(process.stderr, [])
    port, token = int(match.group(2)), match.group(3)
    client = socket.create_connection(("127.0.0.1", port), timeout=10)
    try:
        client.sendall(f"GET /events?token={token} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n\r\n".encode())
        assert client.recv(4096).startswith(b"HTTP/1.1 200")
        process.stdin.write("increase\n" * 2000)
        process.stdin.close()
        assert process.wait(timeout=30) == 0
        listener = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        listener.bind(("127.0.0.1", port))  # fails (address in use) while the server listens
        listener.listen()
        listener.close()
    finally:
        client.close()
