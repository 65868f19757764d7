"""Fallbacks in the report: games where a seat fell back on too many of its decisions are
left out of the ratings and listed; each player's fallback and refusal rates are shown."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from arena.app.cli import main
from arena.engine.events import SCHEMA, BaseEvent, Fallback, GameEnd, Refused, Speech
from evals.records import GameRecord, load_records
from evals.reliability import Excluded, fallback_shares
from evals.report import build, to_html, to_json
from tests.evals.scripted_game import Script, write

ROLES = {1: "werewolf", 2: "villager", 3: "villager", 4: "villager"}
MODELS = {1: "alpha", 2: "beta", 3: "alpha", 4: "beta"}


def events(game: str) -> list[BaseEvent]:
    """Two speeches a seat. g1: seat 3 has one answer refused; g3: seat 2 falls back on one
    of its two decisions (50%); g4: seat 1 on one of five (20%, kept)."""
    s = Script()
    s.at(1, "day")
    for seat in ROLES:
        if (game, seat) == ("g1", 3):
            s.add(Refused, (3,), seat=3, kind="speak", message="empty", answer="")
        if (game, seat) in (("g3", 2), ("g4", 1)):
            s.add(Fallback, (seat,), seat=seat, kind="speak", reason="timeout")
        for _ in range(5 if (game, seat) == ("g4", 1) else 2):
            s.add(Speech, seat=seat, text="...", claims=(), context="discussion")
    s.phase = "end"
    wolves_won = game in ("g2", "g4")
    s.add(GameEnd, winner="wolves" if wolves_won else "village",
          winners=(1,) if wolves_won else (2, 3, 4), roles={str(k): v for k, v in ROLES.items()})
    return s.events


def header(game: str) -> dict[str, Any]:
    seats = [{"seat": s, "name": f"P{s}", "agent": "x", "model": MODELS[s]} for s in ROLES]
    return {"type": "header", "schema": SCHEMA, "game_id": game, "seed": 1, "preset": None,
            "rules": {}, "deal": {}, "seats": seats,
            "roles": {str(s): r for s, r in ROLES.items()}}


@pytest.fixture(scope="module")
def folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("fallbacks")
    for game in ("g1", "g2", "g3", "g4"):
        write(root / f"{game}.jsonl", header(game), events(game))
    return root


@pytest.fixture(scope="module")
def records(folder: Path) -> list[GameRecord]:
    return load_records([folder])


def test_shares_are_fallbacks_over_decisions(records: list[GameRecord]) -> None:
    assert [fallback_shares(r) for r in records] == [{}, {}, {2: 0.5}, {1: 0.2}]


def test_a_game_with_half_fallbacks_is_left_out_of_ratings_and_listed(
        records: list[GameRecord]) -> None:
    report = build(records, source="t", resamples=5)
    assert report.excluded == (Excluded("g3", 2, 0.5),)
    assert report.leaderboard.games == 3
    assert sum(r.games for r in report.leaderboard.overall if r.player == "beta") == 3
    kept = build(records, source="t", resamples=5, max_fallback_share=1.0)
    assert kept.excluded == () and kept.leaderboard.games == 4


def test_the_rates_and_the_excluded_games_are_in_the_json_and_html(
        records: list[GameRecord]) -> None:
    report = build(records, source="t", resamples=5)
    page = to_html(report)
    assert "<th>fallback rate</th><th>refusal rate</th>" in page
    assert "<td>g3</td><td>2</td><td>50%</td>" in page
    out = to_json(report)
    assert out["excluded"] == [{"game_id": "g3", "seat": 2, "share": 0.5}]
    assert out["max_fallback_share"] == 0.2
    # over every game: beta made 16 decisions with 1 fallback; alpha 19 with 1 fallback
    # and 1 refused answer
    rates = out["reliability"]
    assert rates["beta"]["fallback_rate"]["value"] == pytest.approx(1 / 16)
    assert rates["beta"]["refusal_rate"]["value"] == 0.0
    assert rates["alpha"]["fallback_rate"]["value"] == pytest.approx(1 / 19)
    assert rates["alpha"]["refusal_rate"]["value"] == pytest.approx(1 / 19)


def test_the_terminal_report_lists_exclusions_and_rates(
        folder: Path, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("COLUMNS", "200")
    assert main(["report", str(folder), "--resamples", "5"]) == 0
    out = capsys.readouterr().out
    assert "1 game left out of the ratings: a seat fell back on more than 20%" in out
    assert "g3  seat 2  50%" in out
    assert "fallbacks" in out and "refusals" in out
    assert main(["report", str(folder), "--resamples", "5", "--json",
                 "--max-fallback-share", "1"]) == 0
    kept = json.loads(capsys.readouterr().out)
    assert kept["excluded"] == [] and kept["ratings"]["games"] == 4


def test_the_share_must_be_a_share(folder: Path) -> None:
    assert main(["report", str(folder), "--max-fallback-share", "1.5"]) == 2
