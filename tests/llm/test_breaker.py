"""A game stops when its model seats can no longer play: the endpoint's circuit breaker
(failed calls in a row, or seconds of failing), a fallback share past the limit, a
spending cap. The transcript then ends ``aborted`` (god-visible: seat, endpoint, cause),
replays exactly, and ``arena play`` exits 3 with one line."""

from __future__ import annotations

import asyncio
import json
import re
import time
from pathlib import Path

import pytest

from agents import make_agent
from agents.breaker import Breaker, EndpointDown, Limits
from agents.llm import LLMAgent
from agents.providers.base import ChatReply, ChatRequest, Message, ProviderError
from agents.providers.openai import OpenAIProvider
from arena.app import reproduce
from arena.app.cli import main
from arena.app.session import Session
from arena.engine import StopGame
from arena.engine.events import Aborted, Fallback, GameEnd
from arena.presets import load_preset
from evals.records import load_record
from tests.llm.conftest import FAST
from tests.llm.fake import FakeProvider
from tests.llm.stub_server import StubServer, auto, status, text

CLASSIC8 = load_preset("classic-8")
PING = ChatRequest(messages=(Message("user", "hi"),), schema_name="x", schema={})
Capture = pytest.CaptureFixture[str]


def model_game(stub: StubServer, path: Path, limits: Limits) -> StopGame:
    """Seats 2 and 3 on the stub (fast retries), the rest heuristic; the game must stop."""
    agents = {s: make_agent("heuristic", s, 1) for s in range(1, CLASSIC8.players + 1)}
    for seat in (2, 3):
        agent = LLMAgent(OpenAIProvider("gpt-4o-mini", base_url=stub.openai_url,
                                        options=FAST), seed=seat)
        agent.limits = limits
        agents[seat] = agent
    specs = {s: "heuristic" for s in agents} | {2: "openai:gpt-4o-mini", 3: "openai:gpt-4o-mini"}
    session = Session(CLASSIC8, dict(agents), seed=1, out=path, specs=specs)
    with pytest.raises(StopGame) as stopped:
        asyncio.run(session.run())
    return stopped.value


def last_event(path: Path) -> dict[str, object]:
    event: dict[str, object] = json.loads(path.read_text(encoding="utf-8").splitlines()[-1])
    return event


def test_a_server_killed_mid_game_stops_it_aborted(stub: StubServer, tmp_path: Path) -> None:
    stub.answers_left = 6  # then every connection is cut, as a killed server's
    path = tmp_path / "killed.jsonl"
    stop = model_game(stub, path, Limits(failures=3, seconds=60))
    assert stop.seat in (2, 3)
    assert stop.endpoint == f"openai:gpt-4o-mini at {stub.openai_url}"
    assert stop.cause.startswith("3 failed calls in a row (the last: openai:gpt-4o-mini: "
                                 "gave up after 4 attempts (connection failed))")
    end = last_event(path)
    assert (end["type"], end["audience"], end["seat"], end["endpoint"], end["cause"]) == (
        "aborted", "god", stop.seat, stop.endpoint, stop.cause)
    assert isinstance(stop.log[-1], Aborted) and not any(
        isinstance(e, GameEnd) for e in stop.log)
    # the calls that tripped it were recorded as fallbacks; none was sent after
    assert sum(isinstance(e, Fallback) for e in stop.log) == 3
    ok, message = reproduce.verify(path)
    assert ok, message
    record = load_record(path)  # evals count it and leave it out, as a capped game
    assert record is not None and record.stopped == "aborted" and record.winner is None


def test_seconds_of_failing_calls_trip_it_too(stub: StubServer, tmp_path: Path) -> None:
    stub.answers_left = 6
    stop = model_game(stub, tmp_path / "slow.jsonl", Limits(failures=1000, seconds=0.05))
    assert stop.cause.startswith("no successful call for ")
    assert "failed in a row, the last: openai:gpt-4o-mini: gave up" in stop.cause


class Flaky(FakeProvider):
    """Fails the calls whose number is in ``failing``, answers the others."""

    def __init__(self, failing: set[int]) -> None:
        super().__init__(lambda _request: {"target": None})
        self.failing, self.count = failing, 0

    async def complete(self, request: ChatRequest) -> ChatReply:
        self.count += 1
        if self.count in self.failing:
            raise ProviderError("fake: HTTP 503")
        return await super().complete(request)


async def calls(breaker: Breaker, provider: FakeProvider, n: int) -> list[str]:
    out = []
    for _ in range(n):
        try:
            await breaker.call(provider, PING)
            out.append("ok")
        except EndpointDown:
            out.append("down")
        except ProviderError:
            out.append("failed")
    return out


def test_a_success_resets_the_count_and_a_tripped_breaker_sends_nothing() -> None:
    provider = Flaky({1, 2, 4, 5, 6})
    breaker = Breaker("fake", Limits(failures=3, seconds=60))
    assert asyncio.run(calls(breaker, provider, 8)) == [
        "failed", "failed", "ok", "failed", "failed", "failed", "down", "down"]
    assert provider.count == 6 and breaker.tripped == (
        "3 failed calls in a row (the last: fake: HTTP 503)")


def test_a_call_cut_off_by_the_time_limit_counts_as_failed() -> None:
    class Hanging(FakeProvider):
        async def complete(self, request: ChatRequest) -> ChatReply:
            await asyncio.sleep(10)
            raise AssertionError("not reached")

    breaker, hanging = Breaker("fake", Limits(failures=2, seconds=60)), Hanging(dict)

    async def twice() -> None:
        for _ in range(2):
            with pytest.raises(TimeoutError):
                await asyncio.wait_for(breaker.call(hanging, PING), 0.01)
        with pytest.raises(EndpointDown, match="cut off by the decision's time limit"):
            await breaker.call(hanging, PING)

    started = time.perf_counter()
    asyncio.run(twice())
    assert time.perf_counter() - started < 1


def play(tmp_path: Path, stub: StubServer, *extra: str) -> int:
    """tv-6 (or ``--preset`` in ``extra``), seat 3 on the stub."""
    return main(["play", "--preset", "tv-6", "--seed", "4", "--out",
                 str(tmp_path / "game.jsonl"), "--seat",
                 f"3=openai:gpt-4o-mini@{stub.openai_url}", *extra])


def test_arena_play_exits_3_with_one_line_when_the_endpoint_fails(
        stub: StubServer, tmp_path: Path, capsys: Capture) -> None:
    stub.push(auto(), *[status(400, message="stub failure")] * 300)  # probe, then 400s
    assert play(tmp_path, stub, "--abort-after", "2") == 3
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and err[0].startswith(
        f"arena: game aborted: seat 3 (openai:gpt-4o-mini at {stub.openai_url}): 2 failed "
        "calls in a row (the last: openai:gpt-4o-mini: HTTP 400")
    assert err[0].endswith(f"; transcript {tmp_path / 'game.jsonl'}")
    assert last_event(tmp_path / "game.jsonl")["type"] == "aborted"


def test_the_fallback_share_stops_the_game_after_ten_decisions(
        stub: StubServer, tmp_path: Path, capsys: Capture) -> None:
    """An endpoint that answers, never usably: not the breaker's business, but past
    --max-fallback-share once the seat has made 10 decisions the game stops."""
    stub.push(auto(), *[text("I'd rather not play")] * 300)
    assert play(tmp_path, stub, "--preset", "classic-12") == 3
    [err] = capsys.readouterr().err.strip().splitlines()
    assert re.fullmatch(rf"arena: game aborted: seat 3 \(openai:gpt-4o-mini@{stub.openai_url}\): "
                        r"fell back on \d+ of 10 decisions \(\d+%, more than 20%\); transcript "
                        + re.escape(str(tmp_path / "game.jsonl")), err)
    end = last_event(tmp_path / "game.jsonl")
    assert end["type"] == "aborted" and end["seat"] == 3
    ok, message = reproduce.verify(tmp_path / "game.jsonl")
    assert ok, message


def test_arena_play_budget_stops_the_game_at_the_cap(
        stub: StubServer, tmp_path: Path, capsys: Capture) -> None:
    cap = 0.002
    assert play(tmp_path, stub, "--budget-usd", str(cap)) == 3
    err = capsys.readouterr().err.strip()
    assert err.startswith(f"arena: game aborted: seat 3 (openai:gpt-4o-mini at "
                          f"{stub.openai_url}): budget: $")
    lines = (tmp_path / "game.jsonl").read_text(encoding="utf-8").splitlines()
    end = json.loads(lines[-1])
    assert end["type"] == "aborted" and end["cause"].startswith("budget: ")
    spent = sum(json.loads(line).get("cost_usd", 0.0) for line in lines[1:]
                if json.loads(line)["type"] == "usage")
    assert 0 < spent <= cap


def test_a_budget_needs_prices(stub: StubServer, tmp_path: Path, capsys: Capture) -> None:
    assert main(["play", "--preset", "tv-6", "--out", str(tmp_path / "g.jsonl"), "--seat",
                 f"3=openai:my-local-model@{stub.openai_url}", "--budget-usd", "1"]) == 2
    assert capsys.readouterr().err.strip() == (
        "arena: error: --budget-usd: seat 3's model my-local-model has no price: add it to "
        "agents/providers/prices.toml (a local one at 0.0), or drop --budget-usd")
    assert not (tmp_path / "g.jsonl").exists()
