"""The live view's server process: its link to the shell carries nothing but its messages."""
import http.client
import json
import os
import subprocess
import threading


def post(served, body, headers=None):
    """(status, headers, parsed JSON body) of POST /command with the raw bytes `body`."""
    connection = http.client.HTTPConnection("127.0.0.1", served.port, timeout=10)
    connection.request("POST", "/command", body=body,
                       headers={"Authorization": f"Bearer {served.token}", **(headers or {})})
    response = connection.getresponse()
    answer = response.status, response.headers, json.loads(response.read())
    connection.close()
    return answer


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
