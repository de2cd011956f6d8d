"""The server stays up for everyone: ``arbiter serve`` started as a process and attacked as
the issue's attack was (issue 21) -- sockets held open with their headers never finished,
bodies that never end, one address holding every connection, and incidents that take
seconds to rule -- while another client asks for something light and is answered.

Nothing here asserts how long anything took: the deadlines are made short by the server's
options so that the tests do not wait, and what is asserted is what happened (the
connection was closed, the answer was a 408 in words, the light request was answered while
the heavy one was still being ruled).
"""

from __future__ import annotations

import json
import socket
import subprocess
import threading
import time
from collections.abc import Iterator
from contextlib import ExitStack, contextmanager
from pathlib import Path

import pytest
from browser_support import serving_process
from server_support import heavy_incident

ROOT = Path(__file__).resolve().parent.parent
EXAMPLE = (ROOT / "examples" / "revoke-found-at-end-of-hand.whist").read_text(encoding="utf-8")

#: The longest any one step here waits before it is counted a failure: far beyond what each
#: step takes, so that a slow machine is never a failure, and a hang is.
PATIENCE = 60.0


@contextmanager
def served(*options: str) -> Iterator[tuple[str, int, subprocess.Popen]]:
    """``arbiter serve --port 0 OPTIONS`` as a process; yields its host, port and process."""
    with serving_process(*options) as (base, proc):
        host, _, port = base.removeprefix("http://").rstrip("/").rpartition(":")
        yield host, int(port), proc


def held(port: int, source: str = "127.0.0.1", send: bytes = b"") -> socket.socket:
    """A connection to the server from ``source`` that sends ``send`` and then nothing."""
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.bind((source, 0))
    sock.settimeout(PATIENCE)
    sock.connect(("127.0.0.1", port))
    if send:
        sock.sendall(send)
    return sock


def answer_of(sock: socket.socket) -> bytes:
    """All the server sends before it closes the connection (a reset counts as closing)."""
    out = b""
    while True:
        try:
            chunk = sock.recv(65536)
        except ConnectionResetError:
            return out
        if not chunk:
            return out
        out += chunk


def ask(port: int, path: str, body: dict | None = None, source: str = "127.0.0.1") -> tuple[int, bytes]:
    """One request on a connection of its own: the status and the body."""
    sock = held(port, source)
    data = json.dumps(body).encode() if body is not None else b""
    head = (f"{'POST' if body is not None else 'GET'} {path} HTTP/1.1\r\nHost: test\r\nConnection: close\r\n"
            + (f"Content-Type: application/json\r\nContent-Length: {len(data)}\r\n" if body is not None else "")
            + "\r\n")
    sock.sendall(head.encode() + data)
    raw = answer_of(sock)
    sock.close()
    status_line, _, rest = raw.partition(b"\r\n")
    assert status_line.startswith(b"HTTP/1.1 "), raw[:200]
    return int(status_line.split()[1]), rest.partition(b"\r\n\r\n")[2]



# ---------------------------------------------------------------------------- connections

@pytest.mark.parametrize("options", [(), ("--per-client", "1000")], ids=["one address's share", "everyone's"])
def test_sockets_held_open_do_not_turn_other_clients_away(options):
    """The attack: 300 connections whose headers never end (most say nothing, some half a
    request line), then an ordinary request. They once each counted toward the limit of 256
    connections, so that every other request was a 503 for as long as they were held. Past
    one address's share (64), or with a share larger than everyone's 256, the longest idle
    connection is closed to make room."""
    with served(*options) as (_, port, _), ExitStack() as stack:
        for n in range(300):
            stack.callback(held(port, send=b"GET /api/codes HTTP/1.1\r\nHost: x\r\n" if n % 3 == 0 else b"").close)
        status, body = ask(port, "/api/codes")
        assert status == 200, body[:300]
        status, body = ask(port, "/api/rule", {"text": EXAMPLE})
        assert status == 200 and b'"branches"' in body, body[:300]


def test_headers_that_never_end_are_cut_off_with_a_408():
    with served("--header-timeout", "1") as (_, port, _):
        slow = held(port, send=b"POST /api/rule HTTP/1.1\r\nHost: x\r\n")
        said = answer_of(slow)          # the server closes it: recv returns, not the socket's timeout
        assert said.startswith(b"HTTP/1.1 408 "), said[:200]
        assert b"headers" in said and b"1 s" in said
        silent = held(port)
        assert answer_of(silent) == b""      # a connection that said nothing is closed without a word


def test_a_trickle_of_header_bytes_does_not_keep_a_connection_open():
    """Each byte restarting the clock would let one byte every second hold a connection for
    ever: the deadline runs from the connection's opening, whatever arrives."""
    with served("--header-timeout", "2") as (_, port, _):
        slow = held(port, send=b"G")
        slow.settimeout(0.5)
        deadline = time.monotonic() + PATIENCE
        while time.monotonic() < deadline:
            try:
                slow.sendall(b"E")
                said = slow.recv(65536)
            except TimeoutError:
                continue                    # nothing from the server yet: another byte
            except (BrokenPipeError, ConnectionResetError):
                said = b""
            break
        else:
            pytest.fail("the server kept a trickling connection open")
        assert said == b"" or said.startswith(b"HTTP/1.1 408 "), said[:200]


def test_a_body_that_never_ends_is_cut_off_with_an_error_in_words_and_json():
    with served("--body-timeout", "1") as (_, port, _):
        slow = held(port, send=b"POST /api/rule HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
                              b"Content-Length: 1000\r\n\r\n{\"text\": \"code")
        said = answer_of(slow)
        head, _, body = said.partition(b"\r\n\r\n")
        assert head.startswith(b"HTTP/1.1 408 "), said[:300]
        assert b"application/json" in head
        message = json.loads(body)["error"]["message"]
        assert "body" in message and "1 s" in message
        page = held(port, send=b"POST /rule HTTP/1.1\r\nHost: x\r\nContent-Length: 100\r\n\r\ntext=")
        said = answer_of(page)
        head = said.partition(b"\r\n\r\n")[0]
        assert said.startswith(b"HTTP/1.1 408 ") and b"text/html" in head
        assert b"content-security-policy: default-src 'none'" in head      # the page's guard, as every page's


def test_one_address_cannot_hold_every_connection():
    """127.0.0.2 opens more connections than one address may hold, each in the middle of a
    request (its body unfinished), so none can be closed to make room: past the bound it is
    told so, and a client at 127.0.0.1 is served all the while."""
    with served("--per-client", "8", "--body-timeout", "60") as (_, port, _), ExitStack() as stack:
        start = (b"POST /api/format HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n"
                 b"Expect: 100-continue\r\n\r\n")
        for _ in range(8):
            sock = held(port, "127.0.0.2", start)
            stack.callback(sock.close)
            # the server's "100 Continue" says it is reading this request's body
            assert sock.recv(65536).startswith(b"HTTP/1.1 100 ")
            sock.sendall(b"{")
        refused = answer_of(held(port, "127.0.0.2"))
        assert refused.startswith(b"HTTP/1.1 503 "), refused[:200]
        assert b"connections" in refused
        status, body = ask(port, "/api/codes", source="127.0.0.1")
        assert status == 200, body[:300]


# ---------------------------------------------------------------------------- rulings

def test_a_light_request_is_answered_while_a_heavy_ruling_is_under_way():
    """The attack: an incident under every limit that takes seconds to rule. It once ran on
    the server's one event loop, so that every other client waited for it."""
    with served() as (_, port, _):
        heavy: dict = {}

        def rule_heavy() -> None:
            heavy["answer"] = ask(port, "/api/rule", {"text": heavy_incident(), "compare": True})
            heavy["at"] = time.monotonic()

        sent = time.monotonic()
        worker = threading.Thread(target=rule_heavy)
        worker.start()
        light: list[tuple[float, int]] = []
        while worker.is_alive() and time.monotonic() < sent + PATIENCE:
            status, _ = ask(port, "/api/codes")
            light.append((time.monotonic(), status))
            status, _ = ask(port, "/api/rule", {"text": EXAMPLE})
            light.append((time.monotonic(), status))
        worker.join(PATIENCE)
        assert heavy["answer"][0] == 200, heavy["answer"][1][:300]
        # answered after the heavy request had been a second in the server, before it was done
        during = [status for at, status in light if sent + 1.0 < at < heavy["at"]]
        assert heavy["at"] > sent + 1.0, "the heavy incident was not heavy: the test proves nothing"
        assert during and set(during) == {200}, light


def test_a_ruling_past_its_time_is_stopped_with_an_error_in_words_and_json():
    with served("--ruling-timeout", "0.5", "--workers", "2") as (_, port, proc):
        before = referees_of(proc.pid, 2)
        status, body = ask(port, "/api/rule", {"text": heavy_incident(), "compare": True})
        assert status == 503, body[:300]
        message = json.loads(body)["error"]["message"]
        assert "0.5 s" in message and "arbiter rule" in message
        from arbiter.web.links import pack

        status, page = ask(port, "/rule?view=compare&i=" + pack(heavy_incident()))
        assert status == 503 and b"0.5 s" in page and b"<textarea" in page
        status, body = ask(port, "/api/rule", {"text": EXAMPLE})          # the server still rules
        assert status == 200 and b'"branches"' in body
        after = referees_of(proc.pid, 2)
        assert len(after) == len(before) == 2
        assert before - after, "the referee that ran out of time was not replaced"


def test_a_client_that_hangs_up_takes_its_ruling_with_it(monkeypatch):
    """Three referees, so one ruling may be long at once. A client asks for the heaviest
    incident the limits allow and hangs up once it is long; another asks for it again. Were
    the first still ruling for nobody, the second would be stopped as soon as it is long,
    "busy"; it is ruled instead (the test hangs up on it too)."""
    monkeypatch.syspath_prepend(str(ROOT / "benchmarks"))
    from load import heaviest_incident

    body = json.dumps({"text": heaviest_incident(), "compare": True}).encode()
    request = (b"POST /api/rule HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
               + f"Content-Length: {len(body)}\r\n\r\n".encode() + body)
    with served("--workers", "3", "--ruling-timeout", "300") as (_, port, proc):
        first = held(port, send=request)
        time.sleep(2.0)         # not a measure: lets the ruling begin and turn long
        first.close()
        time.sleep(1.0)         # and lets the server hear the client go
        second = held(port, send=request)
        second.settimeout(5.0)
        try:
            said = one_answer(second)
        except TimeoutError:
            said = b""          # still being ruled: the long ruling's place was free
        second.close()
        assert b"busy" not in said, said[:300]


def one_answer(sock: socket.socket) -> bytes:
    """One whole answer (its head, and its body to the length the head gives)."""
    said = b""
    while b"\r\n\r\n" not in said:
        chunk = sock.recv(65536)
        if not chunk:
            return said
        said += chunk
    head, _, body = said.partition(b"\r\n\r\n")
    length = next((int(line.split(b":")[1]) for line in head.split(b"\r\n")
                   if line.lower().startswith(b"content-length:")), 0)
    while len(body) < length:
        chunk = sock.recv(65536)
        if not chunk:
            break
        body += chunk
    return head + b"\r\n\r\n" + body


def referees_of(server: int, count: int) -> set[int]:
    """The processes that rule for the server (its grandchildren: the server starts a
    process that starts them), read from /proc once there are ``count`` of them."""
    deadline = time.monotonic() + PATIENCE
    while True:
        parents: dict[int, int] = {}
        for stat in Path("/proc").glob("[0-9]*/stat"):
            try:
                fields = stat.read_text().rsplit(")", 1)[1].split()
            except (OSError, IndexError):
                continue
            if fields[0] != "Z":
                parents[int(stat.parent.name)] = int(fields[1])
        children = {pid for pid, parent in parents.items() if parent == server}
        found = {pid for pid, parent in parents.items() if parent in children}
        if len(found) == count or time.monotonic() > deadline:
            return found
        time.sleep(0.05)


if not Path("/proc/self/stat").exists():     # pragma: no cover
    pytestmark = pytest.mark.skip("reads the server's processes from /proc")
