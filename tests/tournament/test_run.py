"""Running, resuming and budgeting tournaments (local backend)."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
from io import StringIO
from pathlib import Path

import pytest
from rich.console import Console

from arena import transcript
from arena.app import reproduce
from arena.app.cli import main, parser
from evals.records import load_records
from tests.llm.stub_server import StubServer
from tests.tournament.conftest import FOREGROUND, event_lines, manifest, run, write_config

ROOT = Path(__file__).parents[2]
BOTS = {"heuristic": "heuristic", "random": "random", "passive": "passive"}
GAMES = 60  # enough that a run stopped after 3 games is still far from done (~1 s of games)


@pytest.fixture(scope="module")
def bots(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    """A GAMES-game bot tournament (config, run folder), played through once."""
    folder = tmp_path_factory.mktemp("bots")
    config = write_config(folder, "bots", BOTS, seed=4, presets=["classic-12"], games=GAMES,
                          concurrency=3)
    assert run(str(config), "--out", str(folder / "whole")) == 0
    return config, folder / "whole"


def test_a_run_writes_transcripts_and_a_manifest(bots: tuple[Path, Path]) -> None:
    _, whole = bots
    rows = manifest(whole)
    assert sorted(r["index"] for r in rows) == list(range(GAMES))
    for row in rows:
        record = transcript.read(whole / row["path"])
        assert record.header.game_id == row["game_id"]
        assert record.header.seed == row["seed"]
        assert [s.agent for s in record.header.seats] == row["agents"]
        assert [s.player for s in record.header.seats] == row["agents"]
        assert record.events[-1].to_dict()["winner"] == row["winner"]
    assert reproduce.verify(whole / rows[0]["path"])[0]


def test_pool_names_are_the_players_evals_rate(tmp_path: Path) -> None:
    """Two pool entries with one agent spec stay two players in the transcripts."""
    config = write_config(tmp_path, "twins", {"calm": "heuristic", "bold": "heuristic"},
                          seed=2, presets=["classic-8"], games=2, concurrency=1)
    assert run(str(config), "--out", str(tmp_path / "run")) == 0
    records = load_records([tmp_path / "run" / "games"])
    assert {name for r in records for name in r.models.values()} == {"calm", "bold"}
    assert {spec for r in records for spec in r.agents.values()} == {"heuristic"}


@pytest.mark.slow
def test_concurrency_does_not_change_the_games(bots: tuple[Path, Path], tmp_path: Path) -> None:
    config, whole = bots
    text = config.read_text(encoding="utf-8").replace("concurrency = 3", "concurrency = 1")
    (tmp_path / "one.toml").write_text(text, encoding="utf-8")
    assert run(str(tmp_path / "one.toml"), "--out", str(tmp_path / "run")) == 0
    assert event_lines(tmp_path / "run") == event_lines(whole)


@pytest.mark.parametrize("sig", [signal.SIGINT,
                                 pytest.param(signal.SIGKILL, marks=pytest.mark.slow)])
def test_killed_run_resumes_to_the_same_games(bots: tuple[Path, Path], tmp_path: Path,
                                              sig: signal.Signals) -> None:
    config, whole = bots
    out = tmp_path / "run"
    code, err = _stop_after(config, out, 3, sig)
    assert code == (130 if sig == signal.SIGINT else -signal.SIGKILL)
    assert (f"{out} --resume".encode() in err) == (sig == signal.SIGINT)
    before = {r["path"]: os.stat(out / r["path"]).st_mtime_ns for r in manifest(out)}
    assert 3 <= len(before) < GAMES
    assert run(str(out), "--resume") == 0
    assert sorted(r["index"] for r in manifest(out)) == list(range(GAMES))
    assert {p: os.stat(out / p).st_mtime_ns for p in before} == before  # never re-run
    assert event_lines(out) == event_lines(whole)


WATCH = """
import os, sys, time
manifest, pid, games, sig = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4])
deadline = time.monotonic() + 30
while time.monotonic() < deadline:
    try:
        with open(manifest, encoding="utf-8") as f:
            if len(f.read().splitlines()) >= games:
                break
    except FileNotFoundError:
        pass
    time.sleep(0.005)
os.kill(pid, sig)
"""


def _stop_after(config: Path, out: Path, games: int, sig: signal.Signals) -> tuple[int, bytes]:
    """Run the tournament in a subprocess and send it ``sig`` once ``games`` are done;
    its exit code and what it printed on stderr. A small watcher process sends the
    signal, so a pause in this (large) test process cannot let the run finish first."""
    process = subprocess.Popen(
        [sys.executable, "-c", FOREGROUND, "tournament", str(config), "--out", str(out),
         "--quiet"], cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    watcher = subprocess.Popen([sys.executable, "-c", WATCH, str(out / "manifest.jsonl"),
                                str(process.pid), str(games), str(int(sig))])
    _, err = process.communicate(timeout=60)
    watcher.wait(timeout=30)
    return process.returncode, err


def test_resume_drops_a_torn_line_and_a_partial_transcript(bots: tuple[Path, Path],
                                                          tmp_path: Path) -> None:
    config, whole = bots
    out = tmp_path / "run"
    out.mkdir()
    for name in ("config.toml", "run.json"):
        (out / name).write_bytes((whole / name).read_bytes())
    (out / "games").mkdir()
    rows = manifest(whole)[:5]
    for row in rows[:4]:
        (out / row["path"]).write_bytes((whole / row["path"]).read_bytes())
    partial = (whole / rows[4]["path"]).read_text(encoding="utf-8").splitlines()[:9]
    (out / rows[4]["path"]).write_text("\n".join(partial), encoding="utf-8")
    torn = json.dumps(rows[4])[:40]
    lines = "".join(json.dumps(r) + "\n" for r in rows[:4]) + torn
    (out / "manifest.jsonl").write_text(lines, encoding="utf-8")
    assert run(str(config), "--out", str(out), "--resume") == 0
    assert sorted(r["index"] for r in manifest(out)) == list(range(GAMES))
    assert event_lines(out) == event_lines(whole)


def test_a_run_folder_is_not_overwritten_and_its_games_not_changed(
        bots: tuple[Path, Path], tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    config, whole = bots
    assert run(str(config), "--out", str(whole)) == 2
    assert "already holds a run: add --resume" in capsys.readouterr().err
    changed = tmp_path / "changed.toml"
    changed.write_text(config.read_text(encoding="utf-8").replace("seed = 4", "seed = 5"),
                       encoding="utf-8")
    assert run(str(changed), "--out", str(whole), "--resume") == 2
    assert "differs from the run's" in capsys.readouterr().err
    assert run(str(whole), "--resume") == 0  # nothing left to play
    assert f"{GAMES} of {GAMES} games" in capsys.readouterr().out


@pytest.mark.parametrize("limit", [1, 3])
def test_requests_per_endpoint_stay_within_the_limit(tmp_path: Path, limit: int) -> None:
    with StubServer(delay_s=0.01) as stub:
        agents = {"mini": f"openai:gpt-4o-mini@{stub.openai_url}"}
        config = write_config(tmp_path, "lim", agents, presets=["tv-6"], games=3,
                              concurrency=3)
        with config.open("a", encoding="utf-8") as file:
            file.write(f'[limits]\n"{stub.openai_url}" = {limit}\n')
        assert run(str(config), "--out", str(tmp_path / "run")) == 0
        assert stub.max_in_flight == limit


@pytest.mark.parametrize("quiet", [False, True])
def test_progress_shows_games_eta_and_spend_on_a_terminal(tmp_path: Path, quiet: bool) -> None:
    config = write_config(tmp_path, "view", {"r": "random"}, presets=["tv-6"], games=4)
    args = parser().parse_args(["tournament", str(config), "--out", str(tmp_path / "run"),
                                *(["--quiet"] if quiet else [])])
    screen = StringIO()
    console = Console(file=screen, force_terminal=True, width=100, highlight=False)
    assert args.run(args, console) == 0
    shown = screen.getvalue()
    assert ("4/4" in shown and "ETA" in shown and "$0.0000" in shown) != quiet
    assert "4 of 4 games in" in shown


@pytest.mark.slow
def test_a_killed_run_with_model_seats_resumes(stub: StubServer, tmp_path: Path,
                                               capsys: pytest.CaptureFixture[str]) -> None:
    agents = {"bot": "heuristic", "mini": f"openai:gpt-4o-mini@{stub.openai_url}"}
    config = write_config(tmp_path, "mixed", agents, presets=["tv-6"], games=6, concurrency=2)
    out = tmp_path / "run"
    assert _stop_after(config, out, 2, signal.SIGKILL)[0] == -signal.SIGKILL
    before = {r["path"]: (out / r["path"]).read_bytes() for r in manifest(out)}
    assert 2 <= len(before) < 6
    assert run(str(out), "--resume") == 0
    rows = manifest(out)
    assert sorted(r["index"] for r in rows) == list(range(6))
    assert all((out / path).read_bytes() == text for path, text in before.items())
    assert all(reproduce.verify(out / r["path"])[0] for r in rows)
    assert all(r["cost_usd"] > 0 for r in rows)
    # the report of the resumed run: both players rated, metrics with intervals, costs
    capsys.readouterr()
    assert main(["report", str(out), "--json", "--resamples", "20"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert {r["player"] for r in report["ratings"]["overall"]} == {"bot", "mini"}
    assert all(r["ordinal"]["low"] <= r["ordinal"]["value"] <= r["ordinal"]["high"]
               for r in report["ratings"]["overall"])
    groups = report["metrics"]["groups"]
    assert set(groups) == {"bot", "mini"}
    for metrics in groups.values():
        assert {"vote_accuracy", "wolf_targeting_ratio", "win_rate"} <= set(metrics)
        assert metrics["win_rate"]["low"] <= metrics["win_rate"]["value"]
    assert set(report["cost_per_seat_game_usd"]) == {"mini"}  # only model seats cost
