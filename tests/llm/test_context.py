"""Context windows: the digest of earlier days, folding, and a small-window game on the
stub server that refuses over-long requests."""

from __future__ import annotations

import asyncio
import itertools
from collections.abc import Iterator
from typing import Any

import pytest

from agents import AgentSpecError, SeatOptions, make_agent
from agents.context import DEFAULT_WINDOW, ContextWindow, digest, window_for
from agents.llm import LLMAgent
from agents.prompts import Text
from agents.providers.base import ChatRequest, Message, ProviderError
from agents.providers.registry import make_provider
from arena.engine import BaseEvent, Game, observe, run_game
from arena.engine.events import (
    CheckResult,
    Claim,
    Death,
    NightAction,
    Phase,
    PhaseStart,
    RoleDealt,
    Setup,
    Speech,
    Vote,
    VoteResult,
)
from arena.fallbacks import FallbackCount
from arena.presets import load_preset
from tests.llm.conftest import FAST
from tests.llm.fake import FakeProvider, legal
from tests.llm.stub_server import StubServer

CLASSIC = load_preset("classic-12")
WINDOW = 6000


def seer_log() -> list[BaseEvent]:
    """Seat 4, the seer, checks P2 (a wolf); P5 dies; claims, a vote and an exile; a
    second check after the digest's end."""
    seq = itertools.count()

    def e(cls: type[BaseEvent], day: int, phase: Phase, audience: Any = "public",
          **fields: Any) -> BaseEvent:
        return cls(seq=next(seq), day=day, phase=phase, audience=audience, **fields)

    def ballot(seat: int, target: int | None, weight: float = 1) -> BaseEvent:
        return e(Vote, 1, "day", seat=seat, target=target, round=1, weight=weight)

    return [
        e(Setup, 0, "setup", players=6, names=tuple(f"P{i}" for i in range(1, 7)),
          roles={"werewolf": 2, "seer": 1, "witch": 1, "villager": 2}, rules={}),
        e(RoleDealt, 0, "setup", (4,), seat=4, role="seer"),
        e(PhaseStart, 1, "night", name="night"),
        e(NightAction, 1, "night", (4,), seat=4, action="check", target=2),
        e(CheckResult, 1, "night", (4,), seat=4, target=2, result="werewolf"),
        e(PhaseStart, 1, "day", name="day"),
        e(Death, 1, "day", seat=5, cause="night", revealed_role="witch"),
        e(Speech, 1, "day", seat=3, text="I am the real seer",
          claims=(Claim(kind="role", role="seer"),
                  Claim(kind="check", target=4, result="werewolf"))),
        e(Speech, 1, "day", seat=4, text="a long speech nobody needs again",
          claims=(Claim(kind="accuse", target=2),)),
        e(Speech, 1, "day", seat=1, text="pass"),
        ballot(1, 2), ballot(2, 4), ballot(3, 4), ballot(4, 2, 1.5), ballot(6, None),
        e(VoteResult, 1, "day", counts={"2": 2.5, "4": 2}, eliminated=2, tie=(), round=1),
        e(Death, 1, "day", seat=2, cause="vote", revealed_role="werewolf"),
        e(PhaseStart, 2, "night", name="night"),
        e(CheckResult, 2, "night", (4,), seat=4, target=3, result="good"),
    ]


FACTS = {
    "en": ["You are P4; your card: seer.", "You check P2.", "Your check: P2 is werewolf.",
           "P5 died last night. Card: witch.", "P3 claims: role seer; checked P4: werewolf.",
           "P4 (you) claims: accuses P2.",
           "Exile vote: P1 → P2, P2 → P4, P3 → P4, P4 (you) → P2 (×1.5), P6 abstains.",
           "Result: P2 has the most votes (P2 2.5, P4 2).", "P2 is exiled. Card: werewolf."],
    "zh": ["你是4号，身份：预言家。", "你查验了2号。", "你的查验结果：2号是狼人。",
           "5号昨夜死亡。身份：女巫。", "3号的声明：自称预言家；查验4号为狼人。",
           "4号（你）的声明：指认2号。",
           "放逐投票：1号 → 2号、2号 → 4号、3号 → 4号、4号（你） → 2号（×1.5）、6号弃票。",
           "结果：2号得票最多（2号 2.5、4号 2）。", "2号被放逐。身份：狼人。"],
}
LATER = {"en": "Your check: P3 is good.", "zh": "你的查验结果：3号是好人。"}  # night 2


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_the_digest_keeps_every_fact_up_to_its_end(lang: str) -> None:
    log = seer_log()
    end = next(e.seq for e in log if isinstance(e, Death) and e.cause == "vote")
    lines = digest(Text(lang), observe(log, 4), end).splitlines()
    assert lines[0] == Text(lang)("context.digest", day=1)
    assert [line for line in lines if line in FACTS[lang]] == FACTS[lang]
    text = "\n".join(lines)
    assert "real seer" not in text and "nobody needs" not in text  # speeches: claims only
    assert LATER[lang] not in text and LATER[lang] in digest(Text(lang), observe(log, 4), 99)


def fake_table(window: int | None) -> tuple[dict[int, LLMAgent], dict[int, FakeProvider]]:
    providers = {s: FakeProvider(legal(s)) for s in range(1, CLASSIC.players + 1)}
    agents = {s: LLMAgent(p, seed=s, window=None if window is None else ContextWindow(window, 512))
              for s, p in providers.items()}
    return agents, providers


def texts(request: ChatRequest) -> list[tuple[str, str]]:
    return [(m.role, m.content) for m in request.messages]


def test_a_fold_keeps_the_prefix_stable_until_the_next_fold() -> None:
    """Each call extends the last, except at a fold: then the system prompt is kept, the
    digest and an acknowledgement follow it, and the next call extends the folded one."""
    agents, providers = fake_table(3500)
    asyncio.run(Game(CLASSIC, agents, seed=8).run())
    folds = extended_after_fold = 0
    for seat, provider in providers.items():
        ack = agents[seat].prompter.text("context.ack")
        was_fold = False
        for before, after in itertools.pairwise(provider.calls):
            old, new = texts(before), texts(after)
            assert new[0] == old[0]
            if new[:len(old)] == old:
                extended_after_fold += was_fold
                was_fold = False
                continue
            folds, was_fold = folds + 1, True
            assert new[1][0] == "user" and new[1][1].startswith("What you saw up to day")
            assert new[2] == ("assistant", ack) and new[3][0] == "user"
        window = agents[seat].window
        assert window is not None
        assert sum(1 for b, a in itertools.pairwise(provider.calls)
                   if texts(a)[:len(texts(b))] != texts(b)) == window.folds
    assert folds > 0 and extended_after_fold > 0


def test_without_a_window_or_with_room_nothing_changes() -> None:
    """A seat with no window and one whose window is never reached send the same calls."""
    calls = []
    for window in (None, 10**6):
        agents, providers = fake_table(window)
        asyncio.run(Game(CLASSIC, agents, seed=8).run())
        calls.append([texts(c) for p in providers.values() for c in p.calls])
    assert calls[0] == calls[1] and len(calls[0]) > 100


def test_windows_come_from_the_model_or_the_table() -> None:
    gpt = window_for("gpt-4o-mini", SeatOptions())
    assert gpt is not None and (gpt.window, gpt.reply) == (128000, 1024)
    default = window_for("qwen2.5-7b-instruct", SeatOptions())
    assert (default.window, default.declared) == (DEFAULT_WINDOW, False)
    wide = window_for("qwen2.5-7b-instruct", SeatOptions(max_tokens=20000))
    assert (wide.window, wide.reply) == (80000, 20000)  # four times the reply's limit
    local = window_for("qwen2.5-7b-instruct", SeatOptions(context_window=8192, max_tokens=300))
    assert local is not None and (local.window, local.reply) == (8192, 300)
    with pytest.raises(AgentSpecError, match="leaves too little"):
        make_agent("openai:gpt-5-mini@http://127.0.0.1:9/v1", 1, 1,
                   SeatOptions(context_window=WINDOW))


def stub_seats(stub: StubServer, window: int, lang: str) -> dict[int, Any]:
    specs = [f"openai:gpt-5.4-mini@{stub.openai_url}",
             f"anthropic:claude-sonnet-4-5@{stub.anthropic_url}"]
    options = SeatOptions(max_tokens=1024, context_window=window, max_concurrency=12)
    return {s: make_agent(specs[(s - 1) % 2], s, 1, options, lang)
            for s in range(1, CLASSIC.players + 1)}


@pytest.fixture
def small_stub() -> Iterator[StubServer]:
    with StubServer() as stub:
        stub.context_window = WINDOW
        yield stub


def test_the_stub_refuses_a_request_over_its_window(small_stub: StubServer) -> None:
    provider = make_provider(f"openai:gpt-4o-mini@{small_stub.openai_url}", FAST)
    long = ChatRequest(messages=(Message("user", "word " * 20000),), schema_name="x",
                       schema={}, max_tokens=100)
    with pytest.raises(ProviderError, match="maximum context length is 6000 tokens") as err:
        asyncio.run(provider.complete(long))
    assert err.value.status == 400 and small_stub.over_window == 1


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_a_small_window_game_folds_and_finishes(small_stub: StubServer, lang: str) -> None:
    agents = stub_seats(small_stub, WINDOW, lang)
    events = asyncio.run(run_game(CLASSIC, agents, seed=1)).events
    count = FallbackCount(agents)
    for event in events:
        count(event)
    decisions = sum(count.decisions(s) for s in agents)
    assert sum(count.fallbacks.values()) <= 0.02 * decisions and decisions > 50
    assert small_stub.over_window == 0
    assert sum(agent.window.folds for agent in agents.values()) > 0
