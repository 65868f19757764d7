"""Model seats at web tables: a seat that falls back gets a public notice (error or
timeout and how many in a row, nothing private) where the table shows its agents, and
none where the models are hidden until the end."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from agents.providers import registry
from agents.providers.base import ChatRequest, ProviderError
from agents.seat_options import SeatOptions
from arena.app.server.profiles import ProfileFile, Profiles
from tests.llm.fake import FakeProvider
from tests.server.helpers import create, drive, host_client

SECRET = "seat 2 is the werewolf"
PROFILES = Profiles(ProfileFile(profiles={
    "broken": SeatOptions(agent="openai:broken@http://127.0.0.1:9/v1")}))


def _failing(monkeypatch: pytest.MonkeyPatch) -> None:
    def fail(request: ChatRequest) -> dict[str, Any]:
        raise ProviderError(f"call failed: {SECRET}")

    monkeypatch.setattr(registry, "make_provider",
                        lambda spec, options=None: FakeProvider(fail))


def _play(tmp_path: Path, show_agents: bool) -> tuple[list[dict[str, Any]], dict[str, Any]]:
    """The spectator's fallback notices while the game runs, and its last view. The
    endpoint never answers: after the breaker's five failed calls the table's stand-in
    bot plays the seat and the people's game goes on to its end."""
    live: list[dict[str, Any]] = []
    last: dict[str, Any] = {}

    def check(seat: int | None, view: dict[str, Any]) -> None:
        if seat is None:
            last.update(view)
            if not view["over"]:
                live.extend(e for e in view["events"] if e["type"] in ("model_fallback",
                                                                         "fallback"))
                assert SECRET not in str(view)

    with host_client(tmp_path, profiles=PROFILES) as client:
        created = create(client, humans=[1], bots="random", seed=3, agents={"2": "broken"},
                         show_agents=show_agents)
        drive(client, created, seed=3, check=check)
    return live, last


def test_the_spectator_sees_a_shown_model_seat_fall_back_and_nothing_private(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    _failing(monkeypatch)
    live, last = _play(tmp_path, show_agents=True)
    assert live and {e["type"] for e in live} == {"model_fallback"}
    assert {(e["seat"], e["reason"]) for e in live} == {(2, "error")}
    assert sorted({e["count"] for e in live})[:2] == [1, 2]  # counted in a row
    assert set(live[0]) == {"seq", "day", "phase", "audience", "type", "seat", "count",
                            "reason", "line"}
    assert live[0]["line"].startswith("⚠ ") and "P2" in live[0]["line"]
    assert last["agents"]["2"] == "openai:broken"
    assert last["over"] and not last.get("error")  # handed over, not stopped
    assert [e for e in last["events"] if e["type"] == "handover" and e["seat"] == 2]


def test_hidden_model_seats_get_no_notice_and_are_named_at_the_end(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    _failing(monkeypatch)
    live, last = _play(tmp_path, show_agents=False)
    assert live == []  # the fallbacks are in the transcript, not on the pages
    (transcript,) = tmp_path.glob("*.jsonl")
    recorded = [json.loads(line) for line in transcript.read_text("utf-8").splitlines()[1:]]
    assert [e for e in recorded if e["type"] == "fallback" and e["seat"] == 2]
    assert last["over"] and last["agents"] == {
        "1": "human", "2": "openai:broken", **{str(s): "random" for s in range(3, 9)}}
