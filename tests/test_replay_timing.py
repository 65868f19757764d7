"""Replay is exact whatever the timing: seats that answer after a random delay, under a
time limit some answers miss (tests/dawdler.py), on fanlang-9 (wolves may self-destruct
during anyone's speech) and village-11 (powers whose pass leaves no event, the bailiff's
two questions recorded in one event), and every game's transcript replays line for line."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import pytest

from agents.replay import ReplayAgent, Step, decisions_by_seat
from arena.app import reproduce
from arena.engine import Decision, Request, observe
from tests.dawdler import Dawdler, Stickler, play

PRESETS = ("fanlang-9", "village-11")


def play_and_verify(preset: str, seed: int, out: Path, seat: type[Dawdler] = Dawdler
                    ) -> tuple[bool, str]:
    play(preset, seed, out, seat)
    return reproduce.verify(out)


@pytest.mark.parametrize(("preset", "seed"), [("fanlang-9", 1), ("fanlang-9", 2),
                                              ("village-11", 1), ("village-11", 2)])
def test_games_with_late_answers_replay_exactly(tmp_path: Path, preset: str, seed: int
                                                ) -> None:
    ok, message = play_and_verify(preset, seed, tmp_path / "game.jsonl")
    assert ok, message


@pytest.mark.parametrize("seed", [10, 13, 24])
def test_village_games_with_billed_passes_and_two_questions_replay_exactly(
        tmp_path: Path, seed: int) -> None:
    """The same games on every run; before, a billed "no" to a pardon (seed 10), the
    bailiff's house (13) and a billed "no" to a bar (24) broke ``--verify``."""
    ok, message = play_and_verify("village-11", seed, tmp_path / "game.jsonl", Stickler)
    assert ok, message


def test_the_bailiffs_calls_and_a_billed_pass_go_to_their_own_answers() -> None:
    """The bailiff's move and house are answered (and billed) before the one event that
    records both; the noble's billed "no" to a pardon leaves only its usage."""
    def usage(seq: int, seat: int, kind: str) -> dict[str, Any]:
        return {"seq": seq, "day": 2, "type": "usage", "seat": seat, "kind": kind,
                "model": "m", "input_tokens": seq}

    events: list[dict[str, Any]] = [
        usage(10, 7, "move"), usage(11, 7, "house"),
        {"seq": 12, "day": 2, "type": "building_power", "seat": 7, "building": "bailiff",
         "power": "move", "target": 3, "targets": [5]},
        usage(20, 4, "pardon"),
        {"seq": 21, "day": 2, "type": "death", "seat": 2, "cause": "vote"},
        usage(30, 4, "vote"),
        {"seq": 31, "day": 2, "type": "vote", "seat": 4, "target": 1}]
    steps = decisions_by_seat(events)
    billed = [(s.kind, s.day, [u.input_tokens for u in getattr(s.answer, "usage", ())])
              for seat in (7, 4) for s in steps[seat]]
    assert billed == [("move", 2, [10]), ("house", None, [11]),
                      ("pardon", 2, [20]), ("vote", None, [30])]
    pardon = steps[4][0].answer
    assert isinstance(pardon, Decision) and pardon.yes is False


@pytest.mark.slow
@pytest.mark.parametrize("preset", PRESETS)
def test_many_games_with_late_answers_replay_exactly(tmp_path: Path, preset: str) -> None:
    failed = [(seed, message) for seed in range(40)
              for ok, message in [play_and_verify(preset, seed, tmp_path / f"{seed}.jsonl")]
              if not ok]
    assert not failed, failed[:2]


def test_a_self_destruct_after_a_timed_out_question_is_kept() -> None:
    """Issue 28.5's game: wolf 7's self-destruct question once ran out of time (a fallback
    whose default "no" leaves no event); his later self-destruct during seat 5's speech
    is his answer, not that default."""
    events: list[dict[str, Any]] = [
        {"seq": 10, "day": 1, "type": "fallback", "seat": 7, "kind": "explode",
         "reason": "timeout"},
        {"seq": 11, "day": 1, "type": "speech", "seat": 6, "text": "hi"},
        {"seq": 30, "day": 2, "type": "explode", "seat": 7, "during": 5},
    ]
    steps = decisions_by_seat(events)[7]
    assert [(s.kind, type(s.answer), s.at) for s in steps] == [
        ("explode", TimeoutError, 10), ("explode", Decision, 30)]
    assert isinstance(steps[1].answer, Decision)
    assert (steps[1].answer.yes, steps[1].answer.target) == (True, 5)


def test_a_recorded_answer_to_a_self_destruct_question_waits_for_its_place() -> None:
    """A silent "no" leaves nothing: the timed-out question recorded at seq 12 is not the
    one asked at seq 10, but the one asked at seq 12."""
    now = [10]
    agent = ReplayAgent([Step("explode", TimeoutError(), None, 12)], lambda: now[0])
    request = Request(seat=7, kind="explode", day=1, context={"during": 3})
    assert asyncio.run(agent.decide(observe([], 7), request)).yes is False
    now[0] = 12
    with pytest.raises(TimeoutError):
        asyncio.run(agent.decide(observe([], 7), request))
