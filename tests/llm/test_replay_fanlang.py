"""Model seats on fanlang-9 (wolves may self-destruct): a wolf's declined ``explode``
leaves only its usage behind, and the transcript still replays exactly."""

from __future__ import annotations

from pathlib import Path

import pytest

from agents.replay import decisions_by_seat
from arena import transcript
from arena.app import reproduce
from arena.app.cli import main
from arena.engine import Decision
from arena.engine.events import Explode, UsageRecord
from tests.llm.stub_server import StubServer


@pytest.mark.parametrize("seed", [4, 5, 6])
def test_model_seats_on_fanlang_9_replay_exactly(stub: StubServer, tmp_path: Path,
                                                 seed: int) -> None:
    path = tmp_path / "game.jsonl"
    assert main(["play", "--preset", "fanlang-9", "--seed", str(seed), "--out", str(path),
                 "--agents", f"openai:gpt-4.1-mini@{stub.openai_url}"]) == 0
    events = transcript.read(path).events
    asked = [e for e in events if isinstance(e, UsageRecord) and e.kind == "explode"]
    assert len(asked) > sum(isinstance(e, Explode) for e in events)  # the stub's wolves say no
    ok, message = reproduce.verify(path)
    assert ok, message


def test_a_declined_explode_is_billed_to_that_no() -> None:
    usage = {"type": "usage", "model": "m", "input_tokens": 5, "cached_tokens": 0,
             "output_tokens": 1, "cost_usd": 0.0, "latency_s": 0.1}  # an older record
    events = [{**usage, "seat": 2, "kind": "explode"},
              {**usage, "seat": 2, "kind": "speak", "input_tokens": 9},
              {"type": "speech", "seat": 2, "text": "hi"},
              {**usage, "seat": 3, "kind": "explode", "input_tokens": 7}]
    steps = decisions_by_seat(events)
    [(no_kind, no, _, _), (speak_kind, speech, _, _)] = steps[2]
    [(last_kind, last, _, _)] = steps[3]  # declined at the very end of the record
    assert isinstance(no, Decision) and isinstance(speech, Decision)
    assert isinstance(last, Decision)
    assert (no_kind, no.yes, [u.input_tokens for u in no.usage]) == ("explode", False, [5])
    assert (speak_kind, [u.input_tokens for u in speech.usage]) == ("speak", [9])
    assert (last_kind, last.yes, last.usage[0].input_tokens) == ("explode", False, 7)
