"""A tournament's aborted games are kept aside, reported with the run and played again;
the budget admits a game only if a conservative estimate of its cost fits."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from arena.app.tournament.aborts import AbortedGame
from arena.app.tournament.config import parse_config
from arena.app.tournament.pause import Pauses
from arena.app.tournament.run import Outcome, RunFolder, Tracker, summary
from tests.tournament.conftest import config_text

CONFIG = parse_config(config_text("t", {"bot": "heuristic", "mini": "openai:m@http://h/v1"},
                                  presets=["tv-6"], budget_usd=1.0), "t")
ABORTED = AbortedGame(index=3, game_id="0003-abc", path="games/0003-abc.jsonl",
                      agents=["bot", "mini", "bot", "mini", "bot", "mini"], seat=2,
                      endpoint="openai:m at http://h/v1", cause="5 failed calls in a row",
                      budget=False, cost_usd=0.02, seconds=1.5)


def outcome(index: int, cost: float) -> Outcome:
    return Outcome(index, f"{index:04d}-x", f"games/{index:04d}-x.jsonl", "tv-6", 1,
                   ["bot"] * 6, "village", 3, cost, 1.0)


def tracker(tmp_path: Path, costs: list[float], cap: float | None = 1.0) -> Tracker:
    folder = RunFolder(tmp_path / "run")
    folder.games.mkdir(parents=True, exist_ok=True)
    return Tracker(folder, cap, {i: outcome(i, c) for i, c in enumerate(costs)},
                   pauses=Pauses(CONFIG))


@pytest.mark.parametrize(("costs", "expected"), [
    ([], None),
    ([0.1], 0.2),  # one game: twice its cost
    ([0.1, 0.1, 0.1], 0.1),  # no spread: the dearest
    ([0.1, 0.1, 0.4], 0.2 + 2 * 0.17320508),  # mean + 2 sd
])
def test_the_estimate_of_a_game_is_on_the_high_side(
        tmp_path: Path, costs: list[float], expected: float | None) -> None:
    estimate = tracker(tmp_path, costs).estimate()
    assert estimate == (None if expected is None else pytest.approx(expected))


def test_a_game_starts_only_if_the_estimate_fits_beside_the_running_ones(
        tmp_path: Path) -> None:
    run = tracker(tmp_path, [0.1, 0.1, 0.4])  # estimate 0.546, 1.0 left
    assert run.admits([])
    assert not run.admits([7])  # a running game expected to spend 0.546 more
    run.budget.book(7, 0.5)
    assert not run.admits([7])  # 0.5 left: not even one game
    assert tracker(tmp_path, [0.1, 0.1, 0.4], cap=None).admits([1, 2, 3], 4)


def test_an_endpoint_abort_is_filed_aside_and_pauses_its_endpoint(tmp_path: Path) -> None:
    run = tracker(tmp_path, [])
    (run.folder.path / ABORTED.path).write_text('{"type": "header"}\n', encoding="utf-8")
    run.settle(ABORTED)
    filed = run.aborted[0]
    assert filed.path == "games/0003-abc.aborted-1.jsonl"
    assert (run.folder.path / filed.path).exists()
    assert not (run.folder.path / ABORTED.path).exists()  # free for the game played again
    assert list(run.pauses.report().values()) == [
        "game 0003-abc aborted: 5 failed calls in a row"]
    assert not run.budget.exhausted
    # a second abort of the same game goes beside the first; both survive a resume
    (run.folder.path / ABORTED.path).write_text('{"type": "header"}\n', encoding="utf-8")
    run.settle(ABORTED)
    assert run.aborted[1].path == "games/0003-abc.aborted-2.jsonl"
    result = summary(run, 6)
    assert [a["path"] for a in result["aborted"]] == [
        "games/0003-abc.aborted-1.jsonl", "games/0003-abc.aborted-2.jsonl"]
    assert result["aborted_usd"] == pytest.approx(0.04)
    again = Tracker(run.folder, 1.0, {})  # a resumed run reads them back
    assert [a.path for a in again.aborted] == [a["path"] for a in result["aborted"]]


def test_a_budget_abort_starts_no_more_games_and_pauses_nothing(tmp_path: Path) -> None:
    run = tracker(tmp_path, [0.1])
    (run.folder.path / ABORTED.path).write_text('{"type": "header"}\n', encoding="utf-8")
    run.settle(replace(ABORTED, budget=True, cause="budget: $0.9 of $1.0 spent"))
    assert run.budget.exhausted and not run.admits([])
    assert not run.pauses.report()
