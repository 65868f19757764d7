"""A table survives its server, end to end: a real ``arena serve`` with two people and two
model seats (the local stub server) is killed with SIGKILL mid-game and started again on
the same folder; the same links open the table, the game is finished through them, and
``arena replay --verify`` passes on its transcript, which lost and repeated nothing."""

from __future__ import annotations

import json
import os
import random
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from urllib.error import HTTPError
from urllib.request import Request, urlopen

import pytest

from tests.llm.stub_server import StubServer
from tests.server.helpers import Created, answer_for, token_of, usage, wait_for

WAIT_S = 60.0


@dataclass
class Served:
    """A running ``arena serve``: its base URL and the host token it printed."""

    process: subprocess.Popen[str]
    base: str
    host_token: str

    def call(self, path: str, body: dict[str, Any] | None = None,
             headers: dict[str, str] | None = None) -> Any:
        data = None if body is None else json.dumps(body).encode()
        request = Request(self.base + path, data=data, method="GET" if body is None else "POST",
                          headers={"Content-Type": "application/json", **(headers or {})})
        with urlopen(request, timeout=10) as response:
            return json.load(response)

    def seat(self, created: Created, seat: int) -> dict[str, Any]:
        view: dict[str, Any] = self.call(
            f"{created.seat_api(seat)}?token={created.token(seat)}")
        return view


def arena() -> str:
    script = Path(sys.executable).with_name("arena")
    assert script.exists(), "the `arena` console script is not installed"
    return str(script)


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


@contextmanager
def serving(out: Path, profiles: Path, port: int, log: Path) -> Iterator[Served]:
    """``arena serve`` in a process of its own; stopped (SIGTERM) unless killed before."""
    env = {k: v for k, v in os.environ.items() if k != "ARENA_HOST_TOKEN"}
    with log.open("a") as errors:
        process = subprocess.Popen(
            [arena(), "serve", "--port", str(port), "--out-dir", str(out), "--table",
             str(profiles)], stdout=subprocess.PIPE, stderr=errors, text=True, env=env)
    try:
        assert process.stdout is not None
        host = next(line for line in process.stdout if "#host=" in line)
        served = Served(process, f"http://127.0.0.1:{port}", host.split("#host=")[1].strip())
        stop = time.monotonic() + WAIT_S
        while True:
            try:
                served.call("/api/meta")
                break
            except OSError:
                assert time.monotonic() < stop and process.poll() is None, log.read_text()
                time.sleep(0.05)
        yield served
    finally:
        if process.poll() is None:
            process.terminate()
        process.wait(WAIT_S)


def play(served: Served, created: Created, until: Any) -> int | None:
    """Answer the people's decisions at random until ``until()``; the seat whose decision
    was then pending (left unanswered), or None when the game ended."""
    rng = random.Random(7)
    stop = time.monotonic() + WAIT_S
    while time.monotonic() < stop:
        views = {seat: served.seat(created, seat) for seat in created.seats}
        if all(v["over"] for v in views.values()):
            return None
        for seat, view in views.items():
            pending = view["pending"]
            if pending is None:
                continue
            if until():
                return seat
            try:
                served.call(f"{created.seat_api(seat)}/answer?token={created.token(seat)}",
                            answer_for(pending, rng))
            except HTTPError as refused:
                assert refused.code == 409  # answered meanwhile by its turn's end
        time.sleep(0.01)
    raise AssertionError("the game did not go on")


def mid_game(transcript: Path) -> bool:
    """Whether the game is well under way, the model seats' answers among its events
    (early enough that a person is still alive to be asked)."""
    lines = transcript.read_text("utf-8").split("\n")[1:-1]  # whole lines only
    return len(lines) > 30 and usage(lines) > 0


@pytest.mark.slow
def test_a_killed_server_brings_its_table_back_through_the_same_links(tmp_path: Path) -> None:
    out, log, port = tmp_path / "transcripts", tmp_path / "serve.log", free_port()
    with StubServer() as stub:
        profiles = tmp_path / "profiles.toml"
        profiles.write_text(f'[profiles.mini]\nagent = "openai:gpt-5-mini@{stub.openai_url}"\n'
                            "max_tokens = 200\n", encoding="utf-8")
        with serving(out, profiles, port, log) as first:
            made = first.call("/api/tables", {
                "preset": "classic-8", "humans": [1, 2], "agents": {"3": "mini", "5": "mini"},
                "bots": "random", "seed": 11, "turn_s": 120, "night_step_s": 0,
                "speech_s": 0}, {"X-Host-Token": first.host_token})
            created = Created(made["table"], {int(s): link for s, link in made["seats"].items()},
                              made["spectator"])
            transcript = out / f"{created.id}.jsonl"
            waiting = play(first, created, lambda: mid_game(transcript))
            assert waiting is not None, "the game ended before the kill"
            view = first.seat(created, waiting)
            before, asked = view["events"], view["pending"]
            os.kill(first.process.pid, signal.SIGKILL)
            first.process.wait(WAIT_S)
        recorded = transcript.read_text("utf-8").splitlines()
        called = len(stub.seen)
        with serving(out, profiles, port, log) as second:
            assert second.host_token == first.host_token  # the host secret was kept
            # the game is played again up to the pending decision, which is asked again
            again = wait_for(lambda: (view := second.seat(created, waiting))["pending"] and view)
            assert again["events"][:len(before)] == before
            assert (again["pending"]["kind"], again["pending"]["options"]) == (
                asked["kind"], asked["options"])
            spectator = second.call(f"/api/tables/{created.id}/spectate?token="
                                    f"{token_of(created.spectator)}")
            assert spectator["events"] and not spectator["over"]
            assert play(second, created, lambda: False) is None
            stop = time.monotonic() + WAIT_S
            while json.loads(transcript.read_text("utf-8").splitlines()[-1])["type"] != "game_end":
                assert time.monotonic() < stop
                time.sleep(0.05)
    lines = transcript.read_text("utf-8").splitlines()
    assert lines[:len(recorded)] == recorded  # nothing lost, nothing written twice
    # every model call after the restart is recorded after it: no answer asked twice
    assert len(stub.seen) - called == usage(lines[len(recorded):])
    verified = subprocess.run([arena(), "replay", str(transcript), "--verify"],
                              capture_output=True, text=True, timeout=WAIT_S)
    assert verified.returncode == 0, verified.stdout + verified.stderr
    assert "table(s) back from their transcripts" in log.read_text()
