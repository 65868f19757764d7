"""``arena report``: a run folder of bot games to a terminal leaderboard, JSON and one
self-contained HTML page."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from arena.app.cli import main
from evals.records import load_records
from evals.report import costs_per_seat_game

EVIL = '<script>alert("x")</script>[bold]'
MODELS = ("heuristic", "passive", "random", EVIL)
GAMES = 20
COST = 0.0125


def simulate(out_dir: Path, games: int, seed: int) -> None:
    code = main(["simulate", "--preset", "classic-8", "--agents", "random",
                 "--seat", "1=heuristic", "--seat", "2=passive", "--games", str(games),
                 "--seed", str(seed), "--out-dir", str(out_dir), "--json"])
    assert code == 0


def rename_and_bill_seat_3(path: Path) -> None:
    """Seat 3 becomes the model EVIL, with one priced call just before the game ends."""
    lines = path.read_text(encoding="utf-8").splitlines()
    header = json.loads(lines[0])
    header["seats"][2]["model"] = EVIL
    end = json.loads(lines[-1])
    usage = {"seq": end["seq"], "day": end["day"], "phase": "day", "audience": "god",
             "type": "usage", "seat": 3, "kind": "vote", "model": EVIL, "input_tokens": 100,
             "cached_tokens": 0, "output_tokens": 10, "cost_usd": COST, "latency_s": 0.5}
    end["seq"] += 1
    rows = [json.dumps(header), *lines[1:-1], json.dumps(usage), json.dumps(end)]
    path.write_text("\n".join(rows) + "\n", encoding="utf-8")


@pytest.fixture(scope="module")
def run_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A tournament-shaped folder: games/*.jsonl and a manifest (which is not a transcript)."""
    root = tmp_path_factory.mktemp("run")
    simulate(root / "games", GAMES, seed=11)
    for path in (root / "games").glob("*.jsonl"):
        rename_and_bill_seat_3(path)
    (root / "manifest.jsonl").write_text('{"index": 0}\n', encoding="utf-8")
    return root


@pytest.fixture(scope="module")
def page(run_dir: Path, tmp_path_factory: pytest.TempPathFactory) -> str:
    out = tmp_path_factory.mktemp("html") / "report.html"
    assert main(["report", str(run_dir), "--html", str(out), "--resamples", "20"]) == 0
    return out.read_text(encoding="utf-8")


def test_the_page_is_self_contained(page: str) -> None:
    assert page.startswith("<!DOCTYPE html>")
    assert not re.search(r"https?://|(src|href)\s*=", page)
    assert "<script" not in page and "<link" not in page
    assert page.count("<svg") >= 4


def test_the_page_shows_every_model_escaped(page: str) -> None:
    for model in MODELS[:3]:
        assert f"<td>{model}</td>" in page
    assert "<td>&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;[bold]</td>" in page


def test_the_page_has_every_section(page: str) -> None:
    for heading in ("Leaderboard", "By side", "By role", "Metrics by model", "Cost"):
        assert f"<h2>{heading}</h2>" in page
    assert "Cost per seat-game against rating" in page
    assert "<th>n / games</th>" in page  # the samples and clusters behind each metric
    assert "No cost recorded" not in page


def test_cost_is_the_mean_per_seat_game_of_billed_models(run_dir: Path) -> None:
    records = load_records([run_dir / "games"])
    assert costs_per_seat_game(records) == {EVIL: pytest.approx(COST)}


def test_json_shape(run_dir: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["report", str(run_dir), "--json", "--resamples", "10"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert set(report) == {"source", "skipped", "left_out", "ratings", "reliability",
                           "max_fallback_share", "excluded", "metrics", "cost_per_seat_game_usd"}
    assert set(report["reliability"]) == set(MODELS) and report["excluded"] == []
    ratings = report["ratings"]
    assert ratings["games"] == GAMES and ratings["resamples"] == 10
    assert {r["player"] for r in ratings["overall"]} == set(MODELS)
    row = ratings["overall"][0]
    assert set(row) == {"player", "group", "games", "seats", "wins", "win_rate", "mu", "sigma",
                        "ordinal", "elo", "tied_with"}
    assert row["ordinal"]["low"] <= row["ordinal"]["value"] <= row["ordinal"]["high"]
    assert (row["win_rate"]["n"], row["win_rate"]["games"]) == (row["seats"], row["games"])
    assert {r["group"] for r in ratings["side"]} == {"wolves", "village"}
    assert set(report["metrics"]["groups"]) == set(MODELS)
    assert report["cost_per_seat_game_usd"] == {EVIL: pytest.approx(COST)}


def test_terminal_leaderboard_prints_names_literally(
        run_dir: Path, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("COLUMNS", "120")
    assert main(["report", str(run_dir), "--resamples", "5"]) == 0
    out = capsys.readouterr().out
    assert f"{GAMES} games" in out
    for model in MODELS:
        assert model in out


def test_a_folder_of_plain_transcripts_without_cost(tmp_path: Path) -> None:
    simulate(tmp_path, 3, seed=1)
    out = tmp_path / "page.html"
    assert main(["report", str(tmp_path), "--html", str(out), "--resamples", "5"]) == 0
    assert "No cost recorded" in out.read_text(encoding="utf-8")


@pytest.mark.parametrize("argv", [
    ["report", "no/such/run"],
    ["report", "empty"],  # a folder without any transcript
    ["report", "empty", "--resamples", "0"],
    ["report", "broken"],  # a transcript that is not one
])
def test_bad_input_is_one_line_and_exit_2(argv: list[str], tmp_path: Path,
                                          monkeypatch: pytest.MonkeyPatch,
                                          capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "empty").mkdir()
    (tmp_path / "broken").mkdir()
    (tmp_path / "broken" / "game.jsonl").write_text("not json\n", encoding="utf-8")
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert err.startswith("arena: error: ") and err.count("\n") == 1
