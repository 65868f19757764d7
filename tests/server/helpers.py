"""Helpers for the web table tests: create tables and play human seats through the HTTP API
the way a browser does."""

from __future__ import annotations

import json
import random
import socket
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, urlsplit

from fastapi import FastAPI
from fastapi.testclient import TestClient

from arena.app.server import create_app
from arena.app.server.serving import TableServer, table_server
from arena.app.server.table import Table

HOST_TOKEN = "host-token-for-the-tests"  # create_app(host_token=...) in every test
HOST = {"X-Host-Token": HOST_TOKEN}


def host_client(out_dir: Path, **options: Any) -> TestClient:
    """A test client of a fresh app that sends the host token with every request; its
    nights and days are not paced unless ``night_step_s`` or ``speech_s`` says so."""
    options.setdefault("night_step_s", 0.0)
    options.setdefault("speech_s", 0.0)
    return TestClient(create_app(out_dir, host_token=HOST_TOKEN, **options), headers=HOST)


@dataclass
class Created:
    """A table as the host page sees it: its id, the seat links and the spectator link."""

    id: str
    seats: dict[int, str]
    spectator: str

    def token(self, seat: int) -> str:
        return token_of(self.seats[seat])

    @property
    def spectator_token(self) -> str:
        return token_of(self.spectator)

    def seat_api(self, seat: int) -> str:
        return f"/api/tables/{self.id}/seats/{seat}"


def token_of(link: str) -> str:
    return parse_qs(urlsplit(link).query)["token"][0]


def create(client: TestClient, *, join: bool = True, **spec: Any) -> Created:
    """A table created through the API; with ``join`` every person opens their seat (the
    game starts then: it waits for them in the lobby)."""
    body = {"preset": "classic-8", "humans": [1], "bots": "random", "seed": 1, **spec}
    response = client.post("/api/tables", json=body)
    assert response.status_code == 201, response.text
    data = response.json()
    created = Created(data["table"], {int(s): link for s, link in data["seats"].items()},
                      data["spectator"])
    for seat in created.seats if join else ():
        open_seat(client, created, seat)
    return created


def open_seat(client: TestClient, created: Created, seat: int) -> None:
    """The person at ``seat`` opens their page, as a browser would (through the app's own
    event loop, so the game waiting in the lobby is woken at once)."""
    response = client.get(created.seat_api(seat), params={"token": created.token(seat)})
    assert response.status_code == 200, response.text


def table_of(client: TestClient, created: Created) -> Table:
    table = client.app.state.tables.get(created.id)  # type: ignore[attr-defined]
    assert isinstance(table, Table)
    return table


def answer_for(pending: dict[str, Any], rng: random.Random) -> dict[str, Any]:
    """A legal answer to a pending request, chosen at random (what a player might click)."""
    body: dict[str, Any] = {"request": pending["number"], "kind": pending["kind"]}
    shape, options = pending["shape"], pending["options"]
    if shape == "target":
        choices = options + ([None] if pending["allow_none"] or not options else [])
        body["target"] = rng.choice(choices)
    elif shape == "yes_no":
        body["yes"] = rng.random() < 0.5
    elif shape == "speech":
        seats = pending["context"]["seats"]
        body["text"] = f"I suspect seat {rng.choice(seats)}."
        body["claims"] = [{"kind": "accuse", "target": rng.choice(seats)}]
    elif shape == "pair":
        body["targets"] = rng.sample(options, pending["count"])
    elif shape == "subset":
        body["targets"] = options[:1]
    return body


def wait_for(check: Any, timeout_s: float = 30.0, what: str = "the table") -> Any:
    """Poll ``check()`` until it returns something truthy."""
    stop = time.monotonic() + timeout_s
    while time.monotonic() < stop:
        found = check()
        if found:
            return found
        time.sleep(0.005)
    raise AssertionError(f"timed out waiting for {what}")


@dataclass
class Served:
    """A real web server running in a thread: its port, and the server and thread to stop."""

    port: int
    server: TableServer
    thread: threading.Thread

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def stop(self, timeout_s: float = 10.0) -> None:
        """Ask the server to shut down and wait (at most ``timeout_s``) for its thread."""
        self.server.should_exit = True
        self.thread.join(timeout_s)


@contextmanager
def served(app: FastAPI, **options: float) -> Iterator[Served]:
    """``app`` served by a real uvicorn server (``table_server`` with ``options``) on a free
    loopback port, in a thread, stopped on leaving; fails if the server does not start."""
    sock = socket.socket()
    sock.bind(("127.0.0.1", 0))
    port = sock.getsockname()[1]
    web = table_server(app, "127.0.0.1", port, **options)
    running = Served(port, web, threading.Thread(target=web.run, kwargs={"sockets": [sock]},
                                                 daemon=True))
    running.thread.start()
    try:
        wait_for(lambda: web.started or not running.thread.is_alive(), timeout_s=10,
                 what="the web server to start")
        assert web.started, "the web server stopped before it started"
        yield running
    finally:
        running.stop()
        sock.close()


Check = Callable[[int | None, dict[str, Any]], None]  # (seat, or None for spectator; view)


def drive(client: TestClient, created: Created, seed: int, check: Check | None = None,
          timeout_s: float = 60.0) -> dict[int, dict[str, Any]]:
    """Play every human seat through the API to the end of the game; ``check(seat, view)``
    sees each seat view and (seat None) the spectator view on the way. The final views."""
    rng = random.Random(seed)
    stop = time.monotonic() + timeout_s
    views: dict[int, dict[str, Any]] = {}
    while time.monotonic() < stop:
        for seat in created.seats:
            view = client.get(created.seat_api(seat), params={"token": created.token(seat)})
            assert view.status_code == 200, view.text
            views[seat] = view.json()
            if check is not None:
                check(seat, views[seat])
            pending = views[seat]["pending"]
            if pending is not None:
                sent = client.post(f"{created.seat_api(seat)}/answer",
                                   params={"token": created.token(seat)},
                                   json=answer_for(pending, rng))
                assert sent.status_code in (200, 409), sent.text  # 409: it timed out meanwhile
        if check is not None:
            spectator = client.get(f"/api/tables/{created.id}/spectate",
                                   params={"token": created.spectator_token})
            check(None, spectator.json())
        if all(v["over"] for v in views.values()):
            return views
        time.sleep(0.002)
    raise AssertionError("the game did not end in time")


def usage(lines: list[str]) -> int:
    """How many model calls the transcript lines record (``usage`` events)."""
    return sum(json.loads(line)["type"] == "usage" for line in lines)
