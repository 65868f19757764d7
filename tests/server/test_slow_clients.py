"""A client that sends half a request, or sends it too slowly, loses its connection
after the server's time limit; whole requests and kept-alive connections are not
hurried (arena/app/server/serving.py)."""

from __future__ import annotations

import socket
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from arena.app.server import create_app
from tests.server.helpers import HOST_TOKEN, served

LIMIT_S = 0.5


@pytest.fixture
def server(tmp_path: Path) -> Iterator[tuple[str, int]]:
    with served(create_app(tmp_path, host_token=HOST_TOKEN), request_s=LIMIT_S) as web:
        yield "127.0.0.1", web.port


def closed_after(client: socket.socket) -> float:
    """Seconds until the server closes ``client`` (reading and dropping any answer)."""
    start = time.monotonic()
    client.settimeout(5 * LIMIT_S + 2)
    while client.recv(4096):
        pass
    return time.monotonic() - start


def lobby(client: socket.socket) -> bytes:
    """A whole request for the lobby's tables, and the whole answer."""
    client.sendall(b"GET /api/lobby HTTP/1.1\r\nHost: x\r\n\r\n")
    answer = b""
    while not answer.endswith(b'{"tables":[]}'):
        answer += client.recv(4096)
    return answer


@pytest.mark.parametrize("half", [
    b"GET /lobby HTTP/1.1\r\nHost: x\r\n",  # the headers never end
    b"POST /api/lobby/t/1 HTTP/1.1\r\nHost: x\r\nContent-Length: 100\r\n\r\n0123456789",
    b"",  # nothing at all
])
def test_a_half_sent_request_is_dropped_in_time(server: tuple[str, int], half: bytes) -> None:
    with socket.create_connection(server) as client:
        client.sendall(half)
        assert LIMIT_S * 0.8 < closed_after(client) < LIMIT_S + 1.5


def test_whole_requests_keep_their_connection(server: tuple[str, int]) -> None:
    with socket.create_connection(server) as client:
        assert lobby(client).startswith(b"HTTP/1.1 200")
        time.sleep(LIMIT_S * 1.5)  # idle, kept alive: uvicorn's own keep-alive time
        assert lobby(client).startswith(b"HTTP/1.1 200")
        client.sendall(b"GET /api/lobby HTTP/1.1\r\n")  # the next request, half sent
        assert closed_after(client) < LIMIT_S + 1.5
