"""LLM seats against a fake provider: whole games, replay, re-asks and fallbacks,
the cache-friendly message layout, the answer schemas and their parsing."""

from __future__ import annotations

import asyncio
import itertools
import json
import re
from pathlib import Path
from typing import Any

import pytest

from agents import AgentSpecError, SeatOptions, make_agent
from agents.decisions import AnswerError, game_schema, parse
from agents.llm import LLMAgent
from agents.prompts import Text
from agents.providers.base import ChatReply, ChatRequest, Message
from arena.app import reproduce
from arena.engine import Decision, Game, GameConfig, Observation, Request, observe
from arena.engine.events import (
    BaseEvent,
    Belief,
    Fallback,
    GameEnd,
    Reasoning,
    Refused,
    Speech,
    UsageRecord,
)
from arena.engine.judge import MAX_TRIES
from arena.engine.requests import UnusableAnswer, Usage
from arena.header import SeatEntry, make_header
from arena.presets import load_preset
from arena.transcript_writer import TranscriptWriter
from tests.llm.fake import FakeProvider, legal, usage_of

CLASSIC = load_preset("classic-12")


def llm_table(config: GameConfig, answer_for: Any = legal) -> dict[int, FakeProvider]:
    return {s: FakeProvider(answer_for(s)) for s in range(1, config.players + 1)}


def play(config: GameConfig, providers: dict[int, FakeProvider], seed: int, path: Path,
         **options: Any) -> list[BaseEvent]:
    """One game of LLM seats, written as a transcript with its header."""
    agents = {s: LLMAgent(p, seed=s, lang="zh" if s % 2 else "en")
              for s, p in providers.items()}
    events: list[BaseEvent] = []
    sinks: list[Any] = [events.append]

    def sink(event: BaseEvent) -> None:
        for each in sinks:
            each(event)

    game = Game(config, agents, seed=seed, sink=sink, **options)
    seats = [SeatEntry(seat=s, name=f"P{s}", agent="fake:fake-model", model="fake-model")
             for s in agents]
    writer = TranscriptWriter(path, make_header(
        game, game_id=path.stem, seed=seed, seats=seats))
    sinks.append(writer)
    try:
        asyncio.run(game.run())
    finally:
        writer.close()
    return events


def of_type(events: list[BaseEvent], kind: type[BaseEvent]) -> list[Any]:
    return [e for e in events if isinstance(e, kind)]


# --- whole games ---------------------------------------------------------------------------


def test_twelve_llm_seats_finish_record_usage_and_replay(tmp_path: Path) -> None:
    config = load_preset("classic-12", overrides={"eval.beliefs": True})
    providers = llm_table(config)
    path = tmp_path / "llm.jsonl"
    events = play(config, providers, 5, path, record_reasoning=True)
    assert isinstance(events[-1], GameEnd)
    calls = sum(len(p.calls) for p in providers.values())
    usage = of_type(events, UsageRecord)
    assert len(usage) == calls > 12 * 5
    assert {u.model for u in usage} == {"fake-model"}
    assert all(u.audience == "god" for u in usage)
    assert not of_type(events, Fallback)
    assert len(of_type(events, Reasoning)) == calls
    beliefs = of_type(events, Belief)
    assert beliefs and all(abs(sum(row.values()) - 1) < 1e-9
                           for e in beliefs for row in e.probabilities.values())
    ok, message = reproduce.verify(path)
    assert ok, message


def test_every_call_extends_the_same_prefix() -> None:
    """Message 0 and the new turn are cache points; nothing before is ever rewritten and
    the schema, its name and the cache key never change, so a provider's prompt cache
    can hit on every call."""
    providers = llm_table(CLASSIC)
    agents = {s: LLMAgent(p, seed=s) for s, p in providers.items()}
    asyncio.run(Game(CLASSIC, agents, seed=8).run())
    pairs = 0
    for provider in providers.values():
        calls = provider.calls
        pairs += len(calls) - 1
        for before, after in itertools.pairwise(calls):
            old, new = strip(before.messages), strip(after.messages)
            assert new[:len(old)] == old
            assert new[len(old)][0] == "assistant" and new[-1][0] == "user"
            marks = [i for i, m in enumerate(after.messages) if m.cache]
            assert marks == [0, len(new) - 1]
            assert (after.schema, after.schema_name, after.cache_key) == (
                calls[0].schema, calls[0].schema_name, calls[0].cache_key)
        first = calls[0].messages
        assert [m.role for m in first] == ["system", "user"] and first[0].cache
    assert pairs > 100
    growth = [usage_of(c, "").cached_tokens / usage_of(c, "").input_tokens
              for p in providers.values() for c in p.calls[1:]]
    assert sum(growth) / len(growth) > 0.8


def strip(messages: tuple[Message, ...]) -> list[tuple[str, str]]:
    return [(m.role, m.content) for m in messages]


def flaky(seat: int) -> Any:
    """Seat 1 answers malformed JSON, an illegal answer and a refusal (a fallback), then an
    empty answer and a legal one; then legal answers. Other seats are legal."""
    good = legal(seat)
    wrong = {"target": "x", "answer": "maybe", "text": 5}
    script: list[Any] = ["I think P3 is a wolf {not json", wrong,
                         ChatReply(text="I can't help with that.", parsed=None,
                                   usage=Usage(model="fake-model", input_tokens=5),
                                   refusal=True), ""]

    def answer(request: ChatRequest) -> Any:
        return script.pop(0) if seat == 1 and script else good(request)

    return answer


def test_bad_answers_are_refused_by_the_judge_then_fall_back(tmp_path: Path) -> None:
    providers = llm_table(CLASSIC, flaky)
    path = tmp_path / "flaky.jsonl"
    events = play(CLASSIC, providers, 11, path)
    assert isinstance(events[-1], GameEnd)
    fallbacks = of_type(events, Fallback)
    assert [(f.seat, f.reason) for f in fallbacks] == [(1, f"illegal {MAX_TRIES} times")]
    refused = of_type(events, Refused)
    assert [(e.seat, e.decision, e.answer) for e in refused] == [
        (1, None, "I think P3 is a wolf {not json"), (1, None, json.dumps(
            {"target": "x", "answer": "maybe", "text": 5})),
        (1, None, "I can't help with that."), (1, None, "")]
    assert "holds no JSON object" in refused[0].message
    assert "refused" in refused[2].message and "empty" in refused[3].message
    calls = providers[1].calls
    retries = [m.content for c in calls[:5] for m in c.messages[-1:] if m.role == "user"]
    # seat 1 plays in Chinese: the reasons are told in Chinese
    assert "回答中没有 JSON 对象" in retries[1]
    assert "text：需要一个字符串" in retries[2]
    assert "回答是空的" in retries[4]
    # every call is billed, the refused ones too
    assert len([u for u in of_type(events, UsageRecord) if u.seat == 1]) == len(calls)
    # the seat is told of its fallback in its next turn
    assert f"连续 {MAX_TRIES} 次不合法" in calls[3].messages[-1].content
    ok, message = reproduce.verify(path)
    assert ok, message


# --- one decision ---------------------------------------------------------------------------


@pytest.fixture(scope="module")
def table_log() -> list[BaseEvent]:
    agents = {s: make_agent("random", s, 3) for s in range(1, CLASSIC.players + 1)}
    return list(asyncio.run(Game(CLASSIC, agents, seed=3).run()).events)


def day_one(log: list[BaseEvent], seat: int) -> Observation:
    cut = next(i for i, e in enumerate(log) if isinstance(e, Speech) and e.phase == "day")
    return observe(log[:cut], seat)


def vote(seat: int, options: tuple[int, ...] = (2, 3, 4)) -> Request:
    return Request(seat=seat, kind="vote", day=1, options=options, allow_none=True,
                   context={"seats": tuple(range(1, 13)), "ballot": "exile", "round": 1})


def decide(agent: LLMAgent, obs: Observation, request: Request) -> Decision:
    return asyncio.run(agent.decide(obs, request))


def test_an_illegal_target_is_raised_then_retried_with_the_reason(
        table_log: list[BaseEvent]) -> None:
    answers: list[Any] = [{"target": 9}, {"reasoning": "P3 lied", "target": 3}]
    provider = FakeProvider(lambda _r: answers.pop(0))
    agent, obs = LLMAgent(provider, seed=1), day_one(table_log, 1)
    with pytest.raises(UnusableAnswer) as refused:
        decide(agent, obs, vote(1))
    assert refused.value.answer == json.dumps({"target": 9})
    assert refused.value.reason == "vote: 9 is not one of [2, 3, 4]"
    assert len(refused.value.usage) == 1
    again = vote(1)
    again.context["error"] = refused.value.reason
    decision = decide(agent, obs, again)
    assert (decision.target, decision.reasoning, len(decision.usage)) == (3, "P3 lied", 1)
    first, retry = (call.messages for call in provider.calls)
    assert strip(retry) == [*strip(first), ("assistant", json.dumps({"target": 9})),
                            ("user", retry[-1].content)]
    assert "vote: 9 is not one of [2, 3, 4]" in retry[-1].content
    assert "That answer is not valid" in retry[-1].content


def test_a_cancelled_turn_is_not_kept(table_log: list[BaseEvent]) -> None:
    class Slow(FakeProvider):
        async def complete(self, request: ChatRequest) -> ChatReply:
            await asyncio.sleep(10)
            return await super().complete(request)

    agent = LLMAgent(Slow(legal(1)), seed=1)
    obs = day_one(table_log, 1)

    async def timed_out() -> None:
        with pytest.raises(TimeoutError):
            await asyncio.wait_for(agent.decide(obs, vote(1)), 0.01)

    asyncio.run(timed_out())
    assert [m.role for m in agent.history] == ["system"] and agent.shown == -1


def test_model_specs_build_llm_agents(monkeypatch: pytest.MonkeyPatch) -> None:
    from agents.providers import registry

    seen: list[tuple[str, Any]] = []

    def fake_provider(spec: str, options: Any) -> FakeProvider:
        seen.append((spec, options))
        return FakeProvider(legal(0))

    monkeypatch.setattr(registry, "make_provider", fake_provider)
    options = SeatOptions(temperature=0.3, max_tokens=300, base_url="http://x/v1",
                          api_key_env="K", persona="Ada")
    agent = make_agent("openai:gpt-4o-mini", 3, 7, options, "zh")
    assert isinstance(agent, LLMAgent) and agent.concurrent
    assert (agent.temperature, agent.max_tokens, agent.prompter.lang) == (0.3, 300, "zh")
    assert agent.prompter.persona == "Ada"
    spec, provider_options = seen[0]
    assert spec == "openai:gpt-4o-mini"
    assert (provider_options.base_url, provider_options.api_key_env,
            provider_options.temperature, provider_options.max_tokens) == (
        "http://x/v1", "K", 0.3, 300)
    with pytest.raises(AgentSpecError, match="unknown agent"):
        make_agent("gemini:x", 1, 1)


# --- schemas and parsing -----------------------------------------------------------------


def test_one_schema_states_what_the_parser_takes() -> None:
    """Seats and roles are the game's fixed enums; a claim names exactly the fields its
    kind needs; the legal options of a request are not in the schema."""
    schema = game_schema(("werewolf", "seer"), 3, Text("en"))
    fields = schema["properties"]
    assert schema["required"] == ["reasoning", "target", "targets", "answer", "text",
                                  "claims", "beliefs"]
    # the game's seats (or a centre card's number), never one request's options: a grammar
    # that ignores bounds still cannot write seat 3266106111
    assert fields["target"]["type"] == ["integer", "null"]
    assert fields["target"]["enum"] == [1, 2, 3, None]
    assert fields["targets"]["items"]["enum"] == [1, 2, 3]
    role, check, seat = fields["claims"]["items"]["anyOf"]
    assert role["required"] == ["kind", "role"] and role["properties"]["role"]["enum"] == [
        "werewolf", "seer"]
    assert check["required"] == ["kind", "target", "result"]
    assert check["properties"]["result"]["enum"] == ["werewolf", "seer", "good"]
    assert seat["properties"]["kind"]["enum"] == ["accuse", "vouch"]
    assert seat["required"] == ["kind", "target"]
    assert re.fullmatch(fields["beliefs"]["pattern"], "2: werewolf 60, seer 40; 3: seer 5")
    assert not re.fullmatch(fields["beliefs"]["pattern"], '{"2": {"seer": 0.4}}')


SPEAK = Request(seat=1, kind="speak", day=1, context={"seats": (1, 2)})
BELIEF = Request(seat=1, kind="belief", day=1, context={"seats": (1, 2, 3)})
BAD = [
    (vote(1), ["target"], "the answer must be one JSON object"),
    (vote(1), {"target": "three"}, "target: a whole number is expected"),
    (vote(1), {"target": True}, "target: a whole number is expected"),
    (vote(1), {"target": 1}, "vote: 1 is not one of [2, 3, 4]"),
    (Request(seat=1, kind="check", day=1, options=(2,)), {"target": None},
     "check: passing is not allowed here"),
    (Request(seat=1, kind="save", day=1), {"answer": "perhaps"},
     "answer: true or false is expected"),
    (Request(seat=1, kind="link", day=1, options=(1, 2, 3)), {"targets": [2, 2]},
     "link: name each seat once"),
    (SPEAK, {"text": None}, "text: a string is expected"),
    (SPEAK, {"text": "hi", "claims": [{"kind": "role", "role": "wizard"}]},
     "claims[1]: 'wizard' is not a role in this game"),
    (SPEAK, {"text": "hi", "claims": [{"kind": "check", "target": 2}]},
     "claims[1] (check) needs result"),
    (SPEAK, {"text": "hi", "claims": [{"kind": "vouch", "target": 2}, {"kind": "accuse"}]},
     "claims[2] (accuse) needs target"),
    (SPEAK, {"text": "hi", "claims": [{"kind": "accuse", "target": 7}]}, "not at the table"),
    (BELIEF, {"beliefs": "2: seer 101"}, "seat 2: 101 is not a percentage from 0 to 100"),
    (BELIEF, {"beliefs": "2: seer -8"}, "beliefs: cannot read '2: seer -8'"),
    (BELIEF, {"beliefs": "1: seer 50"}, "beliefs: seat 1 is not another player"),
    (BELIEF, {"beliefs": "2: wizard 50"}, "beliefs: 'wizard' is not a role in this game"),
    (BELIEF, {"beliefs": "2: seer 0"}, "seat 2: the percentages add up to 0"),
    (BELIEF, {"probabilities": {"2": {"seer": 1}}}, "missing field beliefs"),
    (BELIEF, {"beliefs": None}, "beliefs: a string like"),
    (vote(1), {"reasoning": "no one"}, "missing field target"),
    (Request(seat=1, kind="save", day=1), {}, "missing field answer"),
    (Request(seat=1, kind="link", day=1, options=(1, 2, 3)), {"target": 2},
     "missing field targets"),
    (SPEAK, {"claims": []}, "missing field text"),
]


@pytest.mark.parametrize(("request_", "data", "message"), BAD)
def test_unusable_answers_give_a_one_line_reason(request_: Request, data: Any,
                                                 message: str) -> None:
    with pytest.raises(AnswerError) as caught:
        parse(request_, data)
    assert message in str(caught.value)
    assert "\n" not in str(caught.value)


def test_usable_answers_become_decisions() -> None:
    speech = parse(SPEAK, {"text": "I am the seer", "reasoning": "bluff", "target": None,
                           "claims": [{"kind": "role", "role": "seer", "target": None},
                                      {"kind": "check", "target": 2, "result": "good"}]})
    assert speech.text == "I am the seer" and speech.reasoning == "bluff"
    assert [(c.kind, c.role, c.target, c.result) for c in speech.claims] == [
        ("role", "seer", None, None), ("check", None, 2, "good")]
    belief = parse(BELIEF, {"beliefs": "2: seer 25, werewolf 75; 3: seer 40 ;"})
    assert belief.beliefs == {"2": {"seer": 0.25, "werewolf": 0.75}, "3": {"seer": 1.0}}
    assert parse(Request(seat=1, kind="save", day=1), {"answer": True}).yes is True
    assert parse(vote(1), {"target": None}).target is None
    assert parse(vote(1), {"target": "3"}).target == 3
