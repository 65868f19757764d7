"""The speech scorer cannot cheat: it is shown only the public record, and its check
against the claims ledger, compared within roles, leaves a scorer that knows only the roles
at chance (0.5) while one that tracks the planted truth scores high. Both fake scorers
answer through ``arena score-speeches`` (a fake provider in place of the model)."""

from __future__ import annotations

import json
import random
from argparse import Namespace
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from rich.console import Console

from arena.app.commands import score_speeches
from arena.app.commands.eval import load_games
from arena.engine.events import Claim, GameEnd, Setup
from tests.evals.scripted_game import RULES, Script, header, write
from tests.llm.fake import FakeProvider

ROLES = {1: "werewolf", 2: "werewolf", 3: "seer", 4: "villager", 5: "villager",
         6: "villager", 7: "villager"}
LIES = {"werewolf": 0.75, "seer": 0.0, "villager": 0.2}
"""Planted: the chance that a speaker of the role makes a false role claim."""
GAMES = 16
DOC = Path(__file__).resolve().parents[2] / "docs" / "metrics.md"

Planted = dict[tuple[str, int], bool]
"""(game id, seq of the speech) -> whether its role claim is false."""


def planted_games(folder: Path) -> Planted:
    """``GAMES`` one-day games in which each seat makes one role claim, false at its role's
    rate in ``LIES`` (wolves mostly lie, villagers mostly tell the truth)."""
    rng = random.Random(7)
    truth: Planted = {}
    for number in range(GAMES):
        game_id = f"planted-{number:02d}"
        s = Script()
        s.add(Setup, players=len(ROLES), names=tuple(f"P{n}" for n in ROLES),
              roles={"werewolf": 2, "seer": 1, "villager": 4}, rules=RULES)
        s.at(1, "day")
        for seat, role in ROLES.items():
            lie = rng.random() < LIES[role]
            said = ("seer" if role != "seer" else "villager") if lie else role
            truth[(game_id, len(s.events))] = lie
            s.speech(seat, Claim(kind="role", role=said))
        s.phase = "end"
        s.add(GameEnd, winner="village", winners=(3, 4, 5, 6, 7),
              roles={str(seat): role for seat, role in ROLES.items()})
        write(folder / f"{game_id}.jsonl", header(ROLES, game_id), s.events)
    return truth


def answer(fabrication: bool) -> dict[str, Any]:
    return {"naturalness": 3, "contextual_fit": 3, "coherence": 3, "diversity": 3,
            "fabrication": fabrication, "omission": False, "misdirection": False,
            "bussing": False, "rationale": "fake"}


Flag = Callable[[str, bool], bool]
"""The fake scorer's fabrication flag from the speaker's true role and the planted truth."""


def scored_by(flag: Flag, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
              capsys: pytest.CaptureFixture[str]) -> dict[str, Any]:
    """``arena score-speeches`` on the planted games (its command, without the other
    commands' imports), the fake scorer answering each speech in order with ``flag``; the
    summary."""
    folder = tmp_path / "games"
    folder.mkdir()
    truth = planted_games(folder)
    records = load_games([str(folder)])
    items = [(record, item) for record in records for item in score_speeches.speeches(record)]
    answers = iter([answer(flag(r.roles[i.seat], truth[(i.game_id, i.seq)]))
                    for r, i in items])
    fake = FakeProvider(lambda _: next(answers))
    monkeypatch.setattr(score_speeches, "make_provider", lambda _: fake)
    args = Namespace(transcripts=[str(folder)], model="openai:fake", json=True,
                     out=tmp_path / "speech_scores.jsonl", concurrency=1)
    assert score_speeches.cmd_score_speeches(args, Console()) == 0
    assert len(fake.calls) == len(items) == GAMES * len(ROLES)
    summary: dict[str, Any] = json.loads(capsys.readouterr().out)
    return summary


def test_a_scorer_knowing_only_the_roles_scores_chance(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    summary = scored_by(lambda role, _: role == "werewolf", tmp_path, monkeypatch, capsys)
    c = summary["confusion"]
    # the old check (flag equals ledger, per speech) gave this scorer 0.83 of 112 speeches
    assert (c["ledger_false/flagged"] + c["ledger_true/not_flagged"]) / sum(c.values()) > 0.75
    agree = summary["ledger_concordance"]
    assert agree["value"] == 0.5 and agree["low"] == agree["high"] == 0.5
    assert agree["speeches"] == GAMES * len(ROLES) and agree["pairs"] > 500
    assert quoted(agree) in DOC.read_text(encoding="utf-8")


def test_a_scorer_tracking_the_planted_truth_scores_high(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    noise = random.Random(11)  # one answer in ten wrong
    agree = scored_by(lambda _, lie: lie != (noise.random() < 0.1), tmp_path, monkeypatch,
                      capsys)["ledger_concordance"]
    assert agree["value"] > 0.8 and agree["low"] > 0.6
    assert quoted(agree) in DOC.read_text(encoding="utf-8")


def quoted(agree: dict[str, Any]) -> str:
    """The figure as docs/metrics.md quotes it (Speech scoring)."""
    return (f"{agree['value']:.3f} [{agree['low']:.3f}, {agree['high']:.3f}] over "
            f"{agree['pairs']} pairs")
