"""POST /command's door: one line of UTF-8, at most --max-line-length bytes, refused otherwise
with a JSON error before the shell sees it; and the server's link to the shell carries nothing else."""
import http.client
import json
import os
import shlex
import socket
import subprocess
import threading

import pytest

LIMIT = 64


def post(served, body, headers=None):
    """(status, headers, parsed JSON body) of POST /command with the raw bytes `body`."""
    connection = http.client.HTTPConnection("127.0.0.1", served.port, timeout=10)
    connection.request("POST", "/command", body=body,
                       headers={"Authorization": f"Bearer {served.token}", **(headers or {})})
    response = connection.getresponse()
    answer = response.status, response.headers, json.loads(response.read())
    connection.close()
    return answer


def raw_exchange(served, head, body):
    """Sends the request head and part of a body on a plain socket without finishing it; returns
    everything the server sends before it closes the connection (a reset, when it closes with
    some of the body unread, comes after the answer)."""
    with socket.create_connection(("127.0.0.1", served.port), timeout=10) as connection:
        connection.sendall(head.encode() + b"\r\n" + body)
        received = b""
        try:
            while chunk := connection.recv(65536):
                received += chunk
        except ConnectionResetError:
            pass
    return received


def value(served):
    return json.loads(served.request("/state")[1])["reactors"]["counter"]["value"]


@pytest.fixture
def served(serve_script):
    served = serve_script("increase\n", "--max-line-length", str(LIMIT))
    served.wait_until_the_scripts_ended()
    return served


def test_a_command_over_the_line_limit_is_refused_with_413_naming_the_limit(served):
    status, headers, answer = post(served, b"decrease " + b"x" * LIMIT)
    assert status == 413 and headers["Content-Type"] == "application/json"
    assert answer == {"error": f"the command is longer than {LIMIT} bytes (the limit; see --max-line-length)",
                      "limit": LIMIT}
    # Exactly the limit, with a line ending, fits.
    assert post(served, b"decrease" + b" " * (LIMIT - 8) + b"\r\n")[2]["outcome"] == "succeeded"
    assert value(served) == 0
    # The refused command never reached the session.
    assert "x" * 10 not in served.output()


def test_a_huge_body_is_refused_before_it_is_read(served):
    head = (f"POST /command HTTP/1.1\r\nHost: 127.0.0.1:{served.port}\r\n"
            f"Authorization: Bearer {served.token}\r\nContent-Length: {100 << 20}\r\n")
    # The server answers after the first 64 KiB of a declared 100 MiB, and closes the connection.
    received = raw_exchange(served, head, b"x" * 65536)
    status_line, _, rest = received.partition(b"\r\n")
    assert status_line == b"HTTP/1.1 413 Payload Too Large", received[:200]
    assert b"\r\nConnection: close\r\n" in rest
    assert json.loads(rest.partition(b"\r\n\r\n")[2])["limit"] == LIMIT
    assert value(served) == 1


def test_a_chunked_body_is_refused_as_soon_as_it_passes_the_limit(served):
    head = (f"POST /command HTTP/1.1\r\nHost: 127.0.0.1:{served.port}\r\n"
            f"Authorization: Bearer {served.token}\r\nTransfer-Encoding: chunked\r\n")
    # 100 bytes in chunks of 10, and no last chunk: the rest never comes.
    received = raw_exchange(served, head, (b"a\r\n" + b"x" * 10 + b"\r\n") * 10)
    assert received.startswith(b"HTTP/1.1 413 Payload Too Large\r\n"), received[:200]
    assert value(served) == 1


def test_a_command_of_several_lines_is_refused(served):
    status, _, answer = post(served, b"decrease\ndecrease")
    assert status == 400
    assert answer == {"error": "the command must be one line of the language: a line break at byte 9"}
    assert post(served, b"decrease\rdecrease")[0] == 400
    assert value(served) == 1
    # One line ending at the end is the line's own.
    assert post(served, b"decrease\n")[2]["outcome"] == "succeeded"
    assert value(served) == 0


def test_a_command_that_is_not_utf8_is_refused(served):
    status, _, answer = post(served, b"rename \xc3\xa9t\xff")
    assert status == 400
    assert answer == {"error": "the command is not UTF-8: an invalid byte at byte 11"}
    assert value(served) == 1


def test_the_interactive_shell_gets_no_command_over_the_line_limit(shell, terminal, tmp_path):
    session = terminal(f"{shlex.quote(shell)} --serve-port 0 --max-line-length {LIMIT} --history-file {tmp_path}/history")
    found = session.wait_for(r"live view: http://127\.0\.0\.1:(\d+)/#token=([0-9a-f]+)")

    class Served:
        port, token = int(found.group(1)), found.group(2)

    assert post(Served, b"decrease " + b"x" * 100)[0] == 413
    assert post(Served, b"decrease")[2]["outcome"] == "succeeded"
    session.wait_for(r"value: 0 → -1")
    assert "xxxxxxxxxx" not in session.screen() and "line longer" not in session.screen()


def test_the_server_writes_nothing_but_its_messages_to_the_shell(shell):
    """The server's standard output is its link to the shell: a line of anything else there (a
    log line, written in blocks) could cut a message in two, and the command in it was lost."""
    server = subprocess.Popen(
        [os.path.join(os.path.dirname(shell), "reactor-shell-live")],
        env={**os.environ, "REACTOR_SHELL_LIVE_TOKEN": "t0ken", "REACTOR_SHELL_LIVE_PORT": "0"},
        stdin=subprocess.PIPE, stdout=subprocess.PIPE)
    try:
        listening = server.stdout.readline().decode()
        assert listening.startswith("listening "), listening
        port = int(listening.split()[1])
        for index in range(60):
            connection = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
            connection.request("GET", f"/nothing-{index}", headers={"Authorization": "Bearer t0ken"})
            assert connection.getresponse().status == 404
            connection.close()

        class Served:
            token = "t0ken"
        Served.port = port
        answers = []
        asking = threading.Thread(target=lambda: answers.append(post(Served, b"increase")))
        asking.start()
        assert server.stdout.readline() == b"command 1 increase\n"
        server.stdin.write(b"!done 1 1 0 succeeded\n")
        server.stdin.flush()
        asking.join(10)
        assert answers and answers[0][0] == 200 and answers[0][2] == {"outcome": "succeeded", "events": []}
    finally:
        server.stdin.close()
        assert server.wait(10) == 0
    assert server.stdout.read() == b""
