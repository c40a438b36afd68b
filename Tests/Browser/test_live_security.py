"""Who may use the live view: the token, the page's own origin, loopback only."""
import ipaddress


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
