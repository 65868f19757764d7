"""Model seats at web tables under spending caps (issue: play against models in the
browser): profiles offered by the server, the table's and the server's hard caps, and
the hand-over to a stand-in bot when a cap is reached."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from agents.llm import LLMAgent
from agents.providers.base import BudgetSpent, ChatRequest, Message
from agents.random import RandomAgent
from agents.seat_options import TableError
from arena.app.budget import CappedProvider, worst_case_usd
from arena.app.server.profiles import load_profiles
from arena.app.server.spending import ServerSpend, TableSpend
from arena.engine import GameConfig, make_rules, run_game
from tests.llm.fake import FakeProvider, legal

PRICED = "gpt-5-mini"  # in the price table: a capped call has a bound above zero


class PricedFake(FakeProvider):
    model = PRICED


def _config() -> GameConfig:
    return GameConfig(roles={"werewolf": 2, "seer": 1, "villager": 4},
                      rules=make_rules({"sheriff.election": "none", "game.max_days": 3}))


def test_profiles_offer_names_and_models_never_urls_or_keys(tmp_path: Path,
                                                           monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("ARENA_TEST_KEY", "sk-secret")
    path = tmp_path / "profiles.toml"
    path.write_text('[defaults]\ntemperature = 0.5\n'
                    '[profiles.mini]\nagent = "openai:gpt-5-mini"\napi_key_env = "ARENA_TEST_KEY"\n'
                    '[profiles.local]\nagent = "openai:llama@http://127.0.0.1:9/v1"\n'
                    'persona = "Lin"\n', encoding="utf-8")
    profiles = load_profiles(path)
    assert "mini" in profiles and "gpt" not in profiles
    assert profiles.options["mini"].temperature == 0.5
    offered = profiles.offered()
    assert offered == [
        {"name": "mini", "provider": "openai", "model": "gpt-5-mini", "persona": None},
        {"name": "local", "provider": "openai", "model": "llama", "persona": "Lin"}]
    shown = repr(offered)
    assert "127.0.0.1" not in shown and "ARENA_TEST_KEY" not in shown and "sk-" not in shown


@pytest.mark.parametrize(("text", "message"), [
    ('[profiles.bot]\nagent = "heuristic"\n', "profiles.bot.agent: give a model spec"),
    ('[profiles."Bad Name"]\nagent = "openai:x"\n', "profiles.Bad Name"),
    ("[profiles]\n", "profiles"),
    ('[profiles.m]\nagent = "openai:gpt-5-mini"\napi_key_env = "ARENA_UNSET_KEY"\n',
     "profiles.m: ARENA_UNSET_KEY is not set"),
])
def test_a_bad_profiles_file_is_one_line(tmp_path: Path, text: str, message: str) -> None:
    path = tmp_path / "p.toml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(TableError) as caught:
        load_profiles(path)
    assert message in str(caught.value) and "\n" not in str(caught.value)


def _request(text: str = "x" * 400, max_tokens: int = 200) -> ChatRequest:
    return ChatRequest(messages=(Message("user", text),), schema_name="s", schema={},
                       max_tokens=max_tokens)


def test_a_call_that_would_pass_the_table_cap_is_not_sent() -> None:
    provider = PricedFake(lambda _request: {"answer": 1})
    bound = worst_case_usd(CappedProvider(provider, TableSpend(None, ServerSpend(None))).price,
                           _request(), 0)
    spend = TableSpend(bound * 1.05, ServerSpend(None))  # room for one call, not two
    capped = CappedProvider(provider, spend)
    asyncio.run(capped.complete(_request()))
    assert len(provider.calls) == 1
    assert 0 < spend.spent <= bound and spend.server.spent == spend.spent
    assert spend.spent + bound > spend.cap  # type: ignore[operator]
    with pytest.raises(BudgetSpent, match="table"):
        asyncio.run(capped.complete(_request()))
    assert len(provider.calls) == 1  # never sent


def test_the_server_cap_holds_across_tables() -> None:
    provider = PricedFake(lambda _request: {"answer": 1})
    server = ServerSpend(None)
    bound = worst_case_usd(CappedProvider(provider, TableSpend(None, server)).price,
                           _request(), 0)
    server.cap = bound * 1.05
    first, second = TableSpend(None, server), TableSpend(None, server)
    asyncio.run(CappedProvider(provider, first).complete(_request()))
    with pytest.raises(BudgetSpent, match="server"):
        asyncio.run(CappedProvider(provider, second).complete(_request()))
    assert server.spent == first.spent and second.spent == 0


def test_a_call_waits_for_calls_in_flight_before_giving_up() -> None:
    """Two bounds fit, a third does not until one settles for less than its bound."""

    async def scene() -> list[str]:
        server = ServerSpend(None)
        spend = TableSpend(None, server)
        spend.cap = 2.5
        log: list[str] = []
        await spend.reserve(1.0)
        await spend.reserve(1.0)

        async def third() -> None:
            await spend.reserve(1.0)
            log.append("third reserved")

        waiting = asyncio.create_task(third())
        await asyncio.sleep(0)
        log.append("first settles")
        spend.settle(1.0, 0.1)
        await waiting
        return log

    assert asyncio.run(scene()) == ["first settles", "third reserved"]


def test_a_model_seat_hands_over_to_its_stand_in_when_the_cap_is_reached() -> None:
    handed: list[int] = []
    provider = PricedFake(legal(3))
    server = ServerSpend(None)
    spend = TableSpend(None, server)
    seat = LLMAgent(CappedProvider(provider, spend), seed=3, max_tokens=300)
    seat.stand_in = RandomAgent(3)
    seat.on_handover = lambda: handed.append(len(provider.calls))
    spend.cap = 0.004  # a few calls of this game, not all of them
    agents = {s: RandomAgent(s) for s in range(1, 8)}
    agents[4] = seat  # type: ignore[assignment]
    result = asyncio.run(run_game(_config(), agents, seed=5))
    assert result.winner
    assert handed and len(handed) == 1  # told once
    assert 0 < handed[0] == len(provider.calls)  # no call after the hand-over
    assert spend.spent <= spend.cap
    assert not [e for e in result.events if e.to_dict()["type"] == "fallback"]
