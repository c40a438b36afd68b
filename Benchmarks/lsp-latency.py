#!/usr/bin/env python3
"""Times `reactor-shell lsp` as an editor sees it: the diagnostics of a 1,000-line script after a
change, and a completion at its end (round trips over stdio, the client's JSON work included).

usage: lsp-latency.py BINARY [--lines N] [--rounds R]

The script comes from generate-script.py (scoreboard-random, an :expect every 50 lines). Each
round sends the whole text again (full sync) with one line broken or fixed, and waits for the
publishDiagnostics of that version; then asks for completions after the last line's `:expect `.
Prints the median, 90th percentile and maximum of each, in milliseconds.
"""
import argparse
import json
import pathlib
import statistics
import subprocess
import sys
import time

HERE = pathlib.Path(__file__).resolve().parent


class Client:
    def __init__(self, binary):
        self.process = subprocess.Popen([binary, "lsp"], stdin=subprocess.PIPE, stdout=subprocess.PIPE)
        self.next_id = 0

    def send(self, message):
        body = json.dumps(message).encode()
        self.process.stdin.write(b"Content-Length: %d\r\n\r\n" % len(body) + body)
        self.process.stdin.flush()

    def receive(self):
        length = None
        while True:
            line = self.process.stdout.readline()
            if line == b"\r\n":
                break
            name, _, value = line.decode().partition(":")
            if name.lower() == "content-length":
                length = int(value)
        return json.loads(self.process.stdout.read(length))

    def request(self, method, params):
        self.next_id += 1
        self.send({"jsonrpc": "2.0", "id": self.next_id, "method": method, "params": params})
        while True:
            message = self.receive()
            if message.get("id") == self.next_id:
                return message

    def notify(self, method, params):
        self.send({"jsonrpc": "2.0", "method": method, "params": params})

    def diagnostics_of(self, version):
        while True:
            message = self.receive()
            if message.get("method") == "textDocument/publishDiagnostics" and message["params"].get("version") == version:
                return message["params"]["diagnostics"]


def percentile(values, fraction):
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))]


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("binary")
    parser.add_argument("--lines", type=int, default=1000)
    parser.add_argument("--rounds", type=int, default=50)
    options = parser.parse_args()
    script = subprocess.run(
        [sys.executable, str(HERE / "generate-script.py"), "scoreboard-random", str(options.lines - 1), "--expect-every", "50"],
        capture_output=True, text=True, check=True,
    ).stdout
    lines = script.splitlines()[: options.lines - 1] + [":expect "]
    uri = "file:///tmp/lsp-latency.rsh"
    client = Client(options.binary)
    client.request("initialize", {"processId": None, "rootUri": None, "capabilities": {}})
    client.notify("initialized", {})
    client.notify("textDocument/didOpen", {"textDocument": {"uri": uri, "languageId": "rsh", "version": 1, "text": "\n".join(lines)}})
    baseline = len(client.diagnostics_of(1))  # the unfinished last line
    diagnostics, completions = [], []
    for round in range(options.rounds):
        version = round + 2
        edited = list(lines)
        middle = len(edited) // 2
        if round % 2 == 0:
            edited[middle] = "setScor 1 2"  # an unknown action in the middle
        text = "\n".join(edited)
        start = time.perf_counter()
        client.notify("textDocument/didChange", {
            "textDocument": {"uri": uri, "version": version}, "contentChanges": [{"text": text}],
        })
        found = client.diagnostics_of(version)
        diagnostics.append((time.perf_counter() - start) * 1000)
        assert len(found) == baseline + (1 if round % 2 == 0 else 0), found
        start = time.perf_counter()
        answer = client.request("textDocument/completion", {
            "textDocument": {"uri": uri}, "position": {"line": len(lines) - 1, "character": len(":expect ")},
        })
        completions.append((time.perf_counter() - start) * 1000)
        assert {item["label"] for item in answer["result"]["items"]} >= {"home", "away"}, answer
    client.request("shutdown", None)
    client.notify("exit", None)
    client.process.wait()
    for name, values in (("diagnostics after a change", diagnostics), ("completion", completions)):
        print(f"{name} ({len(lines)} lines, {len(values)} rounds): median {statistics.median(values):.2f} ms, "
              f"p90 {percentile(values, 0.9):.2f} ms, max {max(values):.2f} ms")


if __name__ == "__main__":
    main()
