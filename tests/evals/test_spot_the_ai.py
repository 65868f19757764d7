"""Spot the AI (docs/metrics.md): checked by hand on two games, and on random guessing,
where every player must pass for human about half the time."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from arena.run_layout import GUESSES_SUFFIX
from evals.records import GameRecord
from evals.spot_the_ai import spot_the_ai


def table(folder: Path, name: str, agents: dict[int, str], guesses: dict[int, list[int]]
          ) -> GameRecord:
    """A finished web-table game with its guesses file; ``agents``: seat -> "web" (a
    person) or the player's name."""
    path = folder / f"{name}.jsonl"
    (folder / f"{name}{GUESSES_SUFFIX}").write_text(json.dumps(
        {"game_id": name, "guesses": {str(s): ai for s, ai in guesses.items()}}), "utf-8")
    return GameRecord(path=path, game_id=name, preset="classic-8",
                      roles=dict.fromkeys(agents, "villager"), agents=agents,
                      models={s: a for s, a in agents.items()},
                      teams=dict.fromkeys(agents, "village"), winner="village",
                      winners=frozenset(agents), days=2, events=())


def random_tables(folder: Path, share: float, seed: int) -> list[GameRecord]:
    """300 tables of 8 (two people, three models M, three bots B), each person naming
    each other seat with probability ``share``, whoever plays it."""
    rng = random.Random(seed)
    agents = {1: "web", 2: "web", 3: "M", 4: "M", 5: "M", 6: "B", 7: "B", 8: "B"}
    return [table(folder, f"g{n}", agents,
                  {p: [s for s in agents if s != p and rng.random() < share] for p in (1, 2)})
            for n in range(300)]


def test_two_games_by_hand(tmp_path: Path) -> None:
    # game a: seats 1, 2 people; 3 the model M; 4 the bot B. Person 1 names 3 and 2;
    # person 2 names 4.
    #   M judged twice (by 1: named; by 2: not named) -> passed 1 of 2
    #   B judged twice (by 1: not named; by 2: named) -> passed 1 of 2
    #   people: 2 judged by 1 (named), 1 judged by 2 (not named) -> taken 1 of 2
    a = table(tmp_path, "a", {1: "web", 2: "web", 3: "M", 4: "B"}, {1: [2, 3], 2: [4]})
    # game b: seat 1 a person, 2 and 3 the model M. Person 1 names nobody.
    #   M judged twice, never named -> passed 2 of 2
    b = table(tmp_path, "b", {1: "web", 2: "M", 3: "M"}, {1: []})
    # game c: no guesses file at all: not counted
    c = GameRecord(path=tmp_path / "c.jsonl", game_id="c", preset="classic-8",
                   roles={1: "villager"}, agents={1: "M"}, models={1: "M"},
                   teams={1: "village"}, winner="village", winners=frozenset({1}), days=1,
                   events=())
    result = spot_the_ai([a, b, c])
    assert result["games"] == 2
    players = result["players"]
    assert players["M"]["judgements"] == 4
    assert players["M"]["passed_for_human"]["value"] == pytest.approx(3 / 4)
    assert players["M"]["passed_for_human"]["games"] == 2
    assert players["B"]["passed_for_human"]["value"] == pytest.approx(1 / 2)
    assert players["human"]["taken_for_ai"]["value"] == pytest.approx(1 / 2)
    assert players["human"]["judgements"] == 2
    assert "passed_for_human" not in players["human"]


def test_random_guessing_passes_every_player_about_half_the_time(tmp_path: Path) -> None:
    """300 tables of 8 (two people, three models M, three bots B), each person naming
    each other seat with probability 1/2: every share's interval holds 1/2."""
    players = spot_the_ai(random_tables(tmp_path, 0.5, seed=7))["players"]
    for player, share in (("M", "passed_for_human"), ("B", "passed_for_human"),
                          ("human", "taken_for_ai")):
        estimate = players[player][share]
        assert estimate["low"] < 0.5 < estimate["high"], (player, estimate)
        assert estimate["games"] == 300
    assert players["M"]["judgements"] == 300 * 2 * 3


def test_guessers_who_cannot_tell_score_no_contrast_whatever_share_they_name(
        tmp_path: Path) -> None:
    """Naming 1 seat in 4 at random lets models "pass for human" 3/4 of the time, but
    they are named exactly as often as people: the contrast's interval holds 0."""
    result = spot_the_ai(random_tables(tmp_path, 0.25, seed=8))
    assert result["players"]["M"]["passed_for_human"]["low"] > 0.7
    for contrast in (result["named_vs_people"], result["players"]["M"]["named_vs_people"]):
        assert contrast["low"] < 0 < contrast["high"], contrast
        assert contrast["high"] - contrast["low"] < 0.15


def test_guessers_who_always_spot_the_model_score_a_contrast_of_one(tmp_path: Path) -> None:
    agents = {1: "web", 2: "web", 3: "M", 4: "M"}
    records = [table(tmp_path, f"g{n}", agents, {1: [3, 4], 2: [3, 4]}) for n in range(5)]
    result = spot_the_ai(records)
    assert result["players"]["M"]["named_vs_people"]["value"] == 1.0
    by_hand = spot_the_ai([table(tmp_path, "a", {1: "web", 2: "web", 3: "M", 4: "B"},
                                 {1: [2, 3], 2: [4]}),
                           table(tmp_path, "b", {1: "web", 2: "M", 3: "M"}, {1: []})])
    # M named 1 of 4 times, people 1 of 2: 1/4 - 1/2; every AI seat: 2 of 6
    assert by_hand["players"]["M"]["named_vs_people"]["value"] == pytest.approx(-0.25)
    assert by_hand["named_vs_people"]["value"] == pytest.approx(2 / 6 - 1 / 2)
