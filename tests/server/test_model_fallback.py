"""A model seat that falls back at a web table: a public notice, as in the terminal, that
says only error or timeout and how many in a row."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from agents import make_agent
from agents.base import Agent
from agents.llm import LLMAgent
from arena import session
from arena.engine import Decision, Observation, Request
from arena.server import table as server_table
from arena.server.app import create_app
from tests.server.helpers import create, drive

SECRET = "seat 2 is the werewolf"


class Failing(LLMAgent):
    """A model seat whose every call fails."""

    def __init__(self) -> None:  # no provider: it never gets as far as calling one
        pass

    async def decide(self, observation: Observation, request: Request) -> Decision:
        raise RuntimeError(f"{request.kind}: {SECRET}")


def test_the_spectator_sees_a_model_seat_fall_back_and_nothing_private(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    def agent(spec: str, seat: int, seed: int) -> Agent:
        return Failing() if seat == 2 else make_agent(spec, seat, seed)

    monkeypatch.setattr(server_table, "make_agent", agent)
    monkeypatch.setattr(session, "describe_agent", lambda _: {})  # Failing has no provider
    live: list[dict[str, Any]] = []

    def check(seat: int | None, view: dict[str, Any]) -> None:
        if seat is None and not view["over"]:
            live.extend(e for e in view["events"] if e["type"] in ("model_fallback",
                                                                     "fallback"))
            assert SECRET not in str(view)

    with TestClient(create_app(tmp_path)) as client:
        created = create(client, humans=[1], bots="random", seed=3)
        drive(client, created, seed=3, check=check)
    assert live and {e["type"] for e in live} == {"model_fallback"}
    assert {(e["seat"], e["reason"]) for e in live} == {(2, "error")}
    assert sorted({e["count"] for e in live})[:2] == [1, 2]  # counted in a row
    assert set(live[0]) == {"seq", "day", "phase", "audience", "type", "seat", "count",
                            "reason", "line"}
    assert live[0]["line"].startswith("⚠ ") and "P2" in live[0]["line"]
