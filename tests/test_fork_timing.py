"""A fork hands out its parent's recorded answers as ``arena replay`` does
(agents/replay.py): a parent whose seats answered late (self-destruct questions that ran
out of time, refused tries, billed answers to the belief question every seat is asked at
once) is the fork's prefix exactly."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from arena.app import reproduce
from arena.app.cli import main
from tests.dawdler import Stickler, play


def records(path: Path) -> list[dict[str, object]]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()[1:]]


@pytest.mark.parametrize("seed", [1, 3])
def test_a_fork_of_a_game_with_late_answers_is_its_parent_up_to_the_fork_point(
        tmp_path: Path, seed: int) -> None:
    parent, out = tmp_path / "parent.jsonl", tmp_path / "fork.jsonl"
    play("fanlang-9", seed, parent, Stickler, {"eval.beliefs": True})
    events = records(parent)
    at = len(events) * 2 // 3
    before = events[:at + 1]
    assert {"explode", "belief"} <= {e["kind"] for e in before if e["type"] == "fallback"}
    assert any(e["type"] == "error" for e in before)  # a refused try
    assert any(e["type"] == "usage" and e["kind"] == "belief" for e in before)
    seats = [f"--seat={seat}=random" for seat in range(1, 10)]
    assert main(["fork", str(parent), "--at", str(at), *seats, "--out", str(out)]) == 0
    forked = records(out)
    assert forked[:at + 1] == before
    assert forked[-1]["type"] == "game_end" and reproduce.verify(out)[0]
