"""Paired comparisons on hand-built deals whose true difference is known."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from arena.app.cli import main
from evals.compare import compare
from evals.paired import holm, needed_units, paired, t_pvalue
from evals.records import GameRecord
from tests.evals.scripted_game import write_scripted

WOLF, GOOD = "wolves", "village"


def game(name: str, seed: int, seats: list[tuple[str, str]], winner: str,
         preset: str = "p4") -> GameRecord:
    """A finished game of deal (preset, seed); ``seats`` lists (player, role) from seat 1."""
    roles = {n: role for n, (_, role) in enumerate(seats, start=1)}
    teams = {n: WOLF if role == "werewolf" else GOOD for n, role in roles.items()}
    models = {n: player for n, (player, _) in enumerate(seats, start=1)}
    return GameRecord(
        path=Path(f"{name}.jsonl"), game_id=name, preset=preset, roles=roles, agents=models,
        models=models, teams=teams, winner=winner,
        winners=frozenset(n for n, team in teams.items() if team == winner), days=2, events=(),
        seed=seed)


def sides(a: str, b: str, seed: int, turn: int, a_wins: bool) -> GameRecord:
    """``a`` holds both wolves, ``b`` both villagers, and ``a``'s side wins or loses."""
    seats = [(a, "werewolf"), (a, "werewolf"), (b, "villager"), (b, "villager")]
    return game(f"d{seed:02d}t{turn}", seed, seats, WOLF if a_wins else GOOD)


def split(a: str, b: str, seed: int, turn: int) -> GameRecord:
    """Each player holds one wolf and one villager: they win equally whoever wins."""
    seats = [(a, "werewolf"), (b, "werewolf"), (a, "villager"), (b, "villager")]
    return game(f"d{seed:02d}t{turn}", seed, seats, WOLF)


def quarter_run() -> list[GameRecord]:
    """24 deals of two games: in 12, A's side wins one game and the other is split (A's
    share 0.75, B's 0.25: difference 0.5); in 12 both games are split (difference 0).
    The true difference in win share is 0.25. Two more deals have A and C only."""
    records = []
    for seed in range(24):
        first = sides("A", "B", seed, 0, True) if seed % 2 else split("A", "B", seed, 0)
        records += [first, split("B", "A", seed, 1)]
    records += [split("A", "C", seed, turn) for seed in (90, 91) for turn in (0, 1)]
    return records


def test_a_known_difference_is_estimated_with_its_interval_and_a_small_p() -> None:
    result = compare(quarter_run(), ["A", "B"], resamples=50)
    (pair,) = result.pairs
    win = pair.win_rate
    assert win is not None
    assert (win.a, win.b, win.difference) == pytest.approx((0.625, 0.375, 0.25))
    assert win.low is not None and win.high is not None and win.low < 0.25 < win.high
    assert win.low > 0 and win.p is not None and win.p < 0.001 and win.p_holm == win.p
    assert (pair.paired_deals, pair.unpaired_deals, pair.unpaired_games) == (24, 2, 4)
    assert result.games == 52 and result.deals == 26 and result.draws == 0
    # wolves always win here: per role the cards decide, and A's edge is holding them more
    assert {role: d.difference for role, d in pair.by_role.items()} == {
        "werewolf": 0.0, "villager": 0.0}
    assert set(pair.by_preset) == {"p4"}
    assert pair.rating is not None and pair.rating.difference > 0


def test_identical_players_differ_by_zero_with_p_one() -> None:
    """Deals where A gains 0.5, as many where B does, and twice as many even ones."""
    records = []
    for seed in range(8):
        kind = seed % 4
        records += [sides("A", "B", seed, 0, kind != 1),
                    split("B", "A", seed, 1) if kind < 2 else sides("B", "A", seed, 1, True)]
    (pair,) = compare(records, resamples=20).pairs
    assert pair.win_rate is not None
    assert (pair.win_rate.difference, pair.win_rate.p) == (0.0, 1.0)
    assert pair.win_rate.low is not None and pair.win_rate.low < 0 < (pair.win_rate.high or 0)


def test_holm_on_a_hand_computed_family() -> None:
    # sorted 0.005, 0.01, 0.03, 0.04 times 4, 3, 2, 1 -> 0.02, 0.03, 0.06, 0.04 -> running max
    assert holm([0.01, 0.04, 0.03, None, 0.005]) == pytest.approx(
        [0.03, 0.06, 0.06, None, 0.02])
    assert holm([0.5, 0.9]) == [pytest.approx(1.0), pytest.approx(1.0)]


def test_holm_is_applied_over_the_pairs_of_a_run() -> None:
    result = compare(quarter_run(), resamples=20)
    assert [(p.a, p.b) for p in result.pairs] == [("A", "B"), ("A", "C"), ("B", "C")]
    wins = [p.win_rate for p in result.pairs]
    assert wins[2] is None  # B and C share no deal
    assert [w.p_holm for w in wins if w] == holm([w.p for w in wins if w])


def test_t_pvalue_matches_the_tables() -> None:
    assert t_pvalue(2.228139, 10) == pytest.approx(0.05, abs=1e-6)
    assert t_pvalue(12.706205, 1) == pytest.approx(0.05, abs=1e-6)
    assert t_pvalue(2.0, 10) == pytest.approx(0.073388, abs=1e-6)
    assert t_pvalue(0.0, 5) == 1.0


def test_paired_difference_and_power() -> None:
    diff = paired([1.0, 0.5, 0.75], [0.5, 0.5, 0.25])
    assert diff.difference == pytest.approx(1 / 3) and diff.units == 3
    assert diff.sd == pytest.approx(0.288675, abs=1e-6)
    # ((1.96 + 0.8416) * 0.5 / 0.1)^2 = 196.2
    assert needed_units(0.5, 0.1) == 197 and needed_units(0.0, 0.1) is None


def test_unknown_player_and_json(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = str(write_scripted(tmp_path / "g.jsonl"))
    assert main(["compare", path, "--agents", "heuristic", "nobody"]) == 2
    assert "no seat of nobody" in capsys.readouterr().err
    assert main(["compare", path, "--json", "--resamples", "5"]) == 0
    (pair,) = json.loads(capsys.readouterr().out)["pairs"]
    assert (pair["a"], pair["b"], pair["paired_deals"]) == ("gpt-x", "heuristic", 1)
    # seat 5 won; of the heuristic's seats 3, 4 and 6 of 5 did; one deal gives no p
    assert pair["win_rate"]["difference"] == pytest.approx(0.4)
    assert pair["win_rate"]["p"] is None
    assert main(["compare", path, "--resamples", "5"]) == 0
    assert "Head to head" in capsys.readouterr().out
