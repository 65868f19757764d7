"""One policy for stopped games (the day limit, an abort) in eval, compare, report and
export: left out by default and counted, kept with ``--include-capped``."""

from __future__ import annotations

import csv
import json
from collections import defaultdict
from pathlib import Path

import pytest

from arena.app.cli import main
from arena.engine.events import Aborted, GameEnd
from evals.records import ABORTED, DAY_LIMIT, load_records
from tests.evals.scripted_game import ROLES, header, scripted_events, write

HALF = ["--seat", "1=passive", "--seat", "3=passive", "--seat", "5=passive",
        "--seat", "7=passive"]


@pytest.fixture(scope="module")
def capped_games(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """12 classic-8 games of the random and the passive agent with a 3-day limit:
    some stopped by it, some ended by a rule."""
    out = tmp_path_factory.mktemp("capped")
    assert main(["simulate", "--agents", "random", *HALF, "--preset", "classic-8",
                 "--games", "12", "--seed", "5", "--set", "game.max_days=3",
                 "--out-dir", str(out), "--json"]) == 0
    return out


def _json(capsys: pytest.CaptureFixture[str], *argv: str) -> dict:  # type: ignore[type-arg]
    capsys.readouterr()
    assert main(list(argv)) == 0
    return json.loads(capsys.readouterr().out)  # type: ignore[no-any-return]


def _csv_win_rates(path: Path) -> tuple[dict[str, float], set[str]]:
    won: dict[str, list[int]] = defaultdict(list)
    with path.open() as file:
        rows = list(csv.DictReader(file))
    for row in rows:
        won[row["model"]].append(int(row["won"]))
    return {m: sum(w) / len(w) for m, w in won.items()}, {r["end_reason"] for r in rows}


@pytest.mark.parametrize("flags", [[], ["--include-capped"]])
def test_eval_compare_report_and_the_csv_count_the_same_games_and_agree(
        capped_games: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str],
        flags: list[str]) -> None:
    records = load_records([capped_games])
    stopped = sum(r.stopped == DAY_LIMIT for r in records)
    assert 0 < stopped < len(records)
    used = len(records) if flags else len(records) - stopped
    left_out = {} if flags else {DAY_LIMIT: stopped}

    evaluated = _json(capsys, "eval", str(capped_games), "--by", "model", "--json", *flags)
    assert evaluated["games"] == len(records) and evaluated["left_out"] == left_out
    eval_rates = {m: g["win_rate"]["value"] for m, g in evaluated["groups"].items()}

    compared = _json(capsys, "compare", str(capped_games), "--resamples", "5", "--json",
                     *flags)
    assert compared["games"] == used and compared["left_out"] == left_out
    win = compared["pairs"][0]["win_rate"]
    assert {compared["players"][0]: win["a"], compared["players"][1]: win["b"]} == \
        pytest.approx(eval_rates)

    reported = _json(capsys, "report", str(capped_games), "--resamples", "2", "--json",
                     *flags)
    assert reported["left_out"] == left_out
    assert {m: g["win_rate"]["value"] for m, g in reported["metrics"]["groups"].items()} == \
        pytest.approx(eval_rates)

    out = tmp_path / "games.csv"
    assert main(["export", str(capped_games), "--csv", str(out), *flags]) == 0
    csv_rates, reasons = _csv_win_rates(out)
    assert csv_rates == pytest.approx(eval_rates)
    assert (DAY_LIMIT in reasons) == bool(flags)


def test_the_csv_names_the_winner_end_reason_length_deal_and_death_cause(
        capped_games: Path, tmp_path: Path) -> None:
    out = tmp_path / "games.csv"
    assert main(["export", str(capped_games), "--csv", str(out), "--include-capped"]) == 0
    with out.open() as file:
        rows = list(csv.DictReader(file))
    records = {r.game_id: r for r in load_records([capped_games])}
    for row in rows:
        record = records[row["game_id"]]
        assert row["winner"] == record.winner and row["end_reason"] == record.end_reason
        assert int(row["days"]) == record.days
        assert (row["death_cause"] == "") == (row["alive"] == "1")
    assert {row["deal"] for row in rows} == {str(n) for n in range(len(records))}


def test_an_aborted_game_is_left_out_and_counted_like_a_capped_one(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    events = scripted_events()
    end = events[-1]
    assert isinstance(end, GameEnd)
    events[-1] = Aborted(seq=end.seq, day=end.day, phase=end.phase, audience="public",
                         seat=5, endpoint="http://127.0.0.1:9/v1", cause="5 failed calls")
    (tmp_path / "games").mkdir()
    write(tmp_path / "games" / "aborted.jsonl", header(ROLES, "aborted"), events)
    write(tmp_path / "games" / "ended.jsonl", header(ROLES, "ended"), scripted_events())
    evaluated = _json(capsys, "eval", str(tmp_path / "games"), "--json")
    assert evaluated["games"] == 2 and evaluated["left_out"] == {ABORTED: 1}
    out = tmp_path / "games.csv"
    assert main(["export", str(tmp_path / "games"), "--csv", str(out)]) == 0
    assert "1 aborted: left out" in capsys.readouterr().out
    assert main(["export", str(tmp_path / "games"), "--csv", str(out), "--include-capped"]) == 0
    with out.open() as file:
        reasons = {(row["game_id"], row["end_reason"], row["winner"])
                   for row in csv.DictReader(file)}
    assert reasons == {("aborted", ABORTED, ""), ("ended", "", "village")}
