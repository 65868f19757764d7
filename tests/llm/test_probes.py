"""Vote probes at model seats (eval.vote_probes): asked and answered through the stub
server, and, like belief questions, gone from the conversation once answered."""

from __future__ import annotations

import asyncio
import json

from agents import SeatOptions, make_agent
from arena.engine import run_game
from arena.engine.events import Fallback, VoteProbe
from arena.presets import load_preset
from tests.llm.stub_server import StubServer

QUESTION = "if the vote were now, whom would you vote to exile"  # requests.probe (en)


def test_probes_leave_the_history(stub: StubServer) -> None:
    config = load_preset("fanlang-9", overrides={"eval.vote_probes": True})
    agents = {seat: make_agent(f"openai:gpt-5.4-mini@{stub.openai_url}", seat, 4,
                               SeatOptions(max_concurrency=9))
              for seat in range(1, config.players + 1)}
    result = asyncio.run(run_game(config, agents, seed=4, timeout_s=10))
    assert not [e for e in result.events if isinstance(e, Fallback)]
    probes = [e for e in result.events if isinstance(e, VoteProbe)]
    assert probes and all(e.audience == "god" for e in probes)
    asked = 0
    for seen in stub.seen:
        texts = [json.dumps(m["content"], ensure_ascii=False) for m in seen.body["messages"]]
        assert not any(QUESTION in t for t in texts[:-1])  # never kept after its answer
        asked += QUESTION in texts[-1]
    assert asked == len(probes)
