"""``arena export``: one CSV row per seat per game, values of the hand-made game."""

from __future__ import annotations

import csv
from pathlib import Path

import pytest

from arena.app.cli import main
from evals.export import COLUMNS
from tests.evals.scripted_game import ROLES, header, scripted_events, write


@pytest.fixture
def exported(tmp_path: Path) -> list[dict[str, str]]:
    """The scripted game written twice (game ids g1, g2), exported from the folder."""
    (tmp_path / "games").mkdir()
    for game_id in ("g1", "g2"):
        write(tmp_path / "games" / f"{game_id}.jsonl", header(ROLES | {6: "thief"}, game_id),
              scripted_events())
    out = tmp_path / "out.csv"
    assert main(["export", str(tmp_path / "games"), "--csv", str(out)]) == 0
    with out.open(encoding="utf-8", newline="") as file:
        reader = csv.DictReader(file)
        assert tuple(reader.fieldnames or ())[:len(COLUMNS)] == COLUMNS
        return list(reader)


def test_one_row_per_seat_per_game(exported: list[dict[str, str]]) -> None:
    assert [(row["game_id"], row["seat"]) for row in exported] == [
        (game, str(seat)) for game in ("g1", "g2") for seat in range(1, 7)]
    assert {(row["deal"], row["seed"], row["preset"]) for row in exported} == {("0", "1", "")}


def test_seat_values_of_the_scripted_game(exported: list[dict[str, str]]) -> None:
    seat = {int(row["seat"]): row for row in exported if row["game_id"] == "g1"}
    model = seat[5]  # the model seat: two calls, one refused answer, a winning villager
    assert {k: model[k] for k in COLUMNS[4:]} == {
        "winner": "village", "end_reason": "", "days": "2", "seat": "5",
        "agent": "openai:gpt-x", "model": "gpt-x", "role": "villager", "team": "village",
        "won": "1", "alive": "1", "death_cause": "", "days_survived": "2", "decisions": "6",
        "fallbacks": "0",
        "refused": "1", "model_calls": "2", "input_tokens": "150", "output_tokens": "30",
        "cost_usd": "0.015", "latency_s": "2"}
    # votes 4, 1, 2: two of three on wolves; Brier (0.2² + 0.4² + 0² + 0.5²) over 4 seats
    assert (model["vote_accuracy_num"], model["vote_accuracy_den"]) == ("2", "3")
    assert (model["brier_num"], model["brier_den"]) == ("0.45", "4")
    # the thief who became a villager, killed on night 1
    assert (seat[6]["role"], seat[6]["won"], seat[6]["alive"], seat[6]["days_survived"],
            seat[6]["death_cause"]) == ("villager", "1", "0", "1", "night")
    assert seat[4]["fallbacks"] == "1" and seat[4]["cost_usd"] == "0"
    assert (seat[3]["seer_hit_rate_num"], seat[3]["seer_hit_rate_den"]) == ("1", "2")
    assert (seat[1]["won"], seat[1]["days_survived"], seat[2]["bus_rate_num"],
            seat[2]["bus_rate_den"]) == ("0", "1", "1", "3")


def test_missing_input_is_one_line_exit_2(tmp_path: Path,
                                          capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["export", str(tmp_path / "nothing"), "--csv", str(tmp_path / "o.csv")]) == 2
    assert "no such file or folder" in capsys.readouterr().err
