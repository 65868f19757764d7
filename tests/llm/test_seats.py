"""Model seats end to end: make_agent -> LLMAgent -> OpenAIProvider -> the stub server."""

from __future__ import annotations

import asyncio
import json
from itertools import groupby
from pathlib import Path

import pytest

from agents import SeatOptions, make_agent
from arena import transcript
from arena.app import reproduce
from arena.app.cli import main
from arena.engine import GameResult, run_game
from arena.engine.events import Fallback, Refused, UsageRecord
from arena.presets import load_preset
from tests.llm.stub_server import StubServer, auto, decision, refusal, text


def play(stub: StubServer, model: str = "gpt-5.4-mini") -> GameResult:
    config = load_preset("classic-12")
    spec = f"openai:{model}@{stub.openai_url}"
    agents = {seat: make_agent(spec, seat, 7, SeatOptions(max_concurrency=12))
              for seat in range(1, config.players + 1)}
    return asyncio.run(run_game(config, agents, seed=7, timeout_s=10))


def test_a_whole_game_of_model_seats(stub: StubServer) -> None:
    result = play(stub)
    usage = [e for e in result.events if isinstance(e, UsageRecord)]
    assert result.winner in ("village", "wolves")
    assert not [e for e in result.events if isinstance(e, Fallback | Refused)]
    assert len(usage) == len(stub.seen)  # every call is accounted for, once
    assert all(u.model == "gpt-5.4-mini" and u.cost_usd > 0 for u in usage)
    assert sum(u.cached_tokens for u in usage) > 0  # the conversations only grow
    assert stub.max_in_flight > 1  # simultaneous requests were asked in parallel


def test_unusable_answers_are_asked_again_then_play_goes_on(stub: StubServer) -> None:
    # first decision: malformed, refused, then fine; second: an illegal seat, then fine
    stub.push(text("let me think..."), refusal(), auto(),
              decision({"reasoning": None, "target": 99, "targets": [99, 98]}), auto())
    result = play(stub)
    usage = [e for e in result.events if isinstance(e, UsageRecord)]
    calls = [len(list(run)) for _, run in groupby(usage, key=lambda u: (u.seat, u.kind))]
    assert calls[:3] == [3, 2, 1]
    assert not [e for e in result.events if isinstance(e, Fallback)]


def test_simulate_plays_model_seats_game_after_game_in_one_loop(
        stub: StubServer, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """`arena simulate` plays every game in one event loop: a model seat's client serves
    game after game, and each game's transcript still replays."""
    out = tmp_path / "games"
    assert main(["simulate", "--preset", "classic-8", "--games", "3", "--seed", "2", "--json",
                 "--seat", f"3=openai:gpt-4o-mini@{stub.openai_url}",
                 "--out-dir", str(out)]) == 0
    assert json.loads(capsys.readouterr().out)["games"] == 3
    files = sorted(out.glob("*.jsonl"))
    assert len(files) == 3
    for path in files:
        record = transcript.read(path)
        assert not [e for e in record.events if isinstance(e, Fallback)]
        assert any(isinstance(e, UsageRecord) and e.seat == 3 for e in record.events)
        assert reproduce.verify(path)[0]
