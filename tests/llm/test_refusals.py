"""The judge owns re-asking: a model seat's illegal answers are refused events with the raw
answer and the reason, asked again in the same conversation, then fall back; replay
reproduces them and evals measure first-answer legality."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from agents.providers.base import ChatRequest
from arena.app import reproduce
from arena.engine.events import BaseEvent, Fallback, Refused, UsageRecord
from arena.engine.judge import MAX_TRIES
from arena.presets import load_preset
from evals.metrics import evaluate
from evals.outcomes import decider
from evals.records import load_record
from tests.llm.fake import FakeProvider, legal
from tests.llm.test_agent import of_type, play

CLASSIC = load_preset("classic-12")
ILLEGAL = '{"target": 99}'
TARGET = '{"target": ['  # in the legal values a turn message states


def stubborn(times: int) -> Callable[[int], Callable[[ChatRequest], Any]]:
    """Seat 1 answers its first request for a target with an illegal one, and the judge's
    next ``times - 1`` questions (its retries) too."""
    def answerer(seat: int) -> Callable[[ChatRequest], Any]:
        good, left = legal(seat), [times if seat == 1 else 0]

        def answer(request: ChatRequest) -> Any:
            if left[0] and (left[0] < times or TARGET in request.messages[-1].content):
                left[0] -= 1
                return ILLEGAL
            return good(request)
        return answer
    return answerer


def game(tmp_path: Path, times: int) -> tuple[list[BaseEvent], dict[int, FakeProvider], Path]:
    providers = {s: FakeProvider(stubborn(times)(s)) for s in range(1, CLASSIC.players + 1)}
    path = tmp_path / f"refused-{times}.jsonl"
    return play(CLASSIC, providers, 4, path), providers, path


def test_an_illegal_target_is_refused_then_the_retry_decides(tmp_path: Path) -> None:
    events, providers, path = game(tmp_path, 1)
    refused = of_type(events, Refused)
    assert len(refused) == 1 and not of_type(events, Fallback)
    first = refused[0]
    assert (first.seat, first.answer, first.decision) == (1, ILLEGAL, None)
    assert "99 is not one of" in first.message and first.audience == (1,)
    decided = next(e for e in events[first.seq:] if decider(e) == 1)
    assert getattr(decided, "target", None) != 99
    # the retry continues the conversation: the refused answer, then the reason
    calls = providers[1].calls
    at = next(i for i, c in enumerate(calls) if TARGET in c.messages[-1].content)
    before, after = ([(m.role, m.content) for m in calls[i].messages] for i in (at, at + 1))
    assert after == [*before, ("assistant", ILLEGAL), ("user", after[-1][1])]
    assert "99" in after[-1][1]  # the reason, in the seat's language
    # every call is billed, the refused one too
    assert len([u for u in of_type(events, UsageRecord) if u.seat == 1]) == len(calls)
    ok, message = reproduce.verify(path)
    assert ok, message
    # first-answer legality by hand: one of seat 1's decisions needed a second answer
    decisions = sum(1 for e in events if decider(e) == 1)
    metrics = evaluate([_record(path)], by="seat")["groups"]
    assert metrics["1"]["first_answer_legal"]["value"] == (decisions - 1) / decisions
    assert metrics["1"]["error_rate"]["value"] == 1 / decisions
    assert metrics["2"]["first_answer_legal"]["value"] == 1.0


def test_three_illegal_answers_fall_back_after_the_judges_limit(tmp_path: Path) -> None:
    events, _, path = game(tmp_path, MAX_TRIES)
    refused = of_type(events, Refused)
    assert [(e.seat, e.answer) for e in refused] == [(1, ILLEGAL)] * MAX_TRIES
    fallback = of_type(events, Fallback)
    assert [(f.seat, f.kind, f.reason) for f in fallback] == [
        (1, refused[0].kind, f"illegal {MAX_TRIES} times")]
    assert fallback[0].seq > refused[-1].seq
    decided = next(e for e in events[fallback[0].seq:] if decider(e) == 1)
    assert getattr(decided, "target", None) is None  # the default: pass
    ok, message = reproduce.verify(path)
    assert ok, message
    decisions = sum(1 for e in events if decider(e) == 1)
    by_seat = evaluate([_record(path)], by="seat")["groups"]["1"]
    assert by_seat["first_answer_legal"]["value"] == (decisions - 1) / decisions
    assert by_seat["fallback_rate"]["value"] == 1 / decisions
    by_model = evaluate([_record(path)], by="model")["groups"]["fake-model"]
    seats = sum(1 for e in events if decider(e) is not None)
    assert by_model["first_answer_legal"]["value"] == (seats - 1) / seats


def _record(path: Path) -> Any:
    record = load_record(path)
    assert record is not None
    return record
