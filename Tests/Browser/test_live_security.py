"""Who may use the live view: the token, the page's own origin, loopback only."""
import ipaddress
import socket


def test_every_request_but_the_page_needs_the_token(serve_script):
    served = serve_script("increase\n")
    # The script's line has run (its effect too) before the refused requests are sent.
    served.wait_until_the_scripts_ended()
    assert served.request("/", token=False)[0] == 200
    for path, method in [("/events", "GET"), ("/state", "GET"), ("/command", "POST"), ("/anything", "GET")]:
        body = "increase" if method == "POST" else None
        assert served.request(path, method=method, body=body, token=False)[0] == 401, path
        assert served.request(path, method=method, body=body, token=False, headers={"Authorization": "Bearer wrong"})[0] == 401, path
    assert served.request(f"/state?token={served.token}", token=False)[0] == 200
    assert served.request("/state?token=nope", token=False)[0] == 401
    # The refused command did not run.
    assert '"value":1' in served.request("/state")[1]


def test_a_foreign_origin_or_host_is_refused(serve_script):
    served = serve_script("increase\n")
    served.wait_until_the_scripts_ended()
    assert served.request("/state", headers={"Origin": "http://evil.example"})[0] == 403
    assert served.request("/command", method="POST", body="decrease", headers={"Origin": "http://evil.example"})[0] == 403
    assert served.request("/", headers={"Origin": "null"})[0] == 403
    assert served.request("/state", headers={"Host": f"evil.example:{served.port}"})[0] == 403
    assert served.request("/state", headers={"Origin": f"http://127.0.0.1:{served.port}"})[0] == 200
    assert '"value":1' in served.request("/state")[1]


def listening_addresses(port):
    """The local addresses with a socket listening on `port` (IPv4 and IPv6), from /proc/net."""
    found = []
    for table, width in (("/proc/net/tcp", 4), ("/proc/net/tcp6", 16)):
        with open(table) as lines:
            next(lines)
            for line in lines:
                fields = line.split()
                address, hex_port = fields[1].split(":")
                if int(hex_port, 16) != port or fields[3] != "0A":  # 0A: LISTEN
                    continue
                raw = bytes.fromhex(address)
                # The kernel writes each 32-bit word in host (little-endian) order.
                raw = b"".join(raw[i:i + 4][::-1] for i in range(0, width, 4))
                found.append(f"{ipaddress.ip_address(raw)}:{port}")
    return found


def test_it_listens_on_loopback_only(serve_script):
    served = serve_script("increase\n")
    assert listening_addresses(served.port) == [f"127.0.0.1:{served.port}"]


def test_a_wider_host_warns(serve_script):
    served = serve_script("increase\n", "--serve-host", "127.0.0.2")
    assert "warning: the live view listens on 127.0.0.2" in "".join(served.stderr_lines)
    assert listening_addresses(served.port) == [f"127.0.0.2:{served.port}"]


def exchange(served, data):
    """Everything the server sends on one connection for the raw bytes `data`, until it closes
    the connection or sends nothing for 5 seconds (a reset after its answers ends it too)."""
    received = b""
    with socket.create_connection(("127.0.0.1", served.port), timeout=5) as connection:
        connection.sendall(data)
        try:
            while chunk := connection.recv(65536):
                received += chunk
        except (ConnectionResetError, TimeoutError):
            pass
    return received


def test_a_body_the_server_leaves_unread_is_never_taken_for_the_next_request(serve_script):
    """A route that reads no body refuses one the server would leave partly unread (over 2 MiB,
    or in chunks) and closes the connection: the rest of it was parsed as the next request (a
    request hidden in the body ran; a body of no line breaks hung the connection). Only the first
    64 KiB of a long body are sent: the server answers and closes before reading it, and a client
    still sending would get a reset instead of the answer."""
    served = serve_script("increase\n")
    served.wait_until_the_scripts_ended()
    host = f"Host: 127.0.0.1:{served.port}\r\n"
    hidden = f"GET /state HTTP/1.1\r\n{host}Authorization: Bearer {served.token}\r\n\r\n".encode()
    after = f"GET /nothing HTTP/1.1\r\n{host}Connection: close\r\n\r\n".encode()
    body = hidden + b"x" * (65536 - len(hidden))
    declared = f"Content-Length: {3 << 20}\r\n\r\n"
    for target in ("/state", "/events", "/", "/anything"):
        head = f"POST {target} HTTP/1.1\r\n{host}Authorization: Bearer {served.token}\r\n{declared}"
        received = exchange(served, head.encode() + body)
        assert received.startswith(b"HTTP/1.1 413 Payload Too Large\r\n"), (target, received[:200])
        assert received.count(b"HTTP/1.1 ") == 1 and b"\r\nConnection: close\r\n" in received, (target, received[:400])
        assert received.endswith(f"POST {target} takes no request body\n".encode()), (target, received[-200:])
        chunked = f"GET {target} HTTP/1.1\r\n{host}Transfer-Encoding: chunked\r\n\r\n".encode()
        received = exchange(served, chunked + b"%x\r\n" % len(hidden) + hidden + b"\r\n0\r\n\r\n" + after)
        assert received.startswith(b"HTTP/1.1 413 Payload Too Large\r\n") and received.count(b"HTTP/1.1 ") == 1, (target, received[:400])
    # Refused for the token (401) or its origin (403) with such a body: the connection closes too.
    for headers, status in (("", b"401 Unauthorized"), (f"Authorization: Bearer {served.token}\r\nOrigin: http://evil.example\r\n", b"403 Forbidden")):
        head = f"POST /command HTTP/1.1\r\n{host}{headers}{declared}"
        received = exchange(served, head.encode() + body)
        assert received.startswith(b"HTTP/1.1 " + status + b"\r\n") and received.count(b"HTTP/1.1 ") == 1, received[:400]
    # A small body is read by the server: the connection goes on to the next request.
    small = f"POST /anything HTTP/1.1\r\n{host}Authorization: Bearer {served.token}\r\nContent-Length: {len(hidden)}\r\n\r\n"
    received = exchange(served, small.encode() + hidden + after)
    assert received.count(b"HTTP/1.1 404 Not Found\r\n") == 1 and b"HTTP/1.1 401 Unauthorized\r\n" in received, received[:600]
    assert b"200 OK" not in received, received[:600]
    assert '"value":1' in served.request("/state")[1]
