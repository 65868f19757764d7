"""One writer per run folder: while a tournament plays, a second one on its folder (fresh
or --resume) stops at once with one line naming the holder; a holder that was killed
leaves nothing that blocks a resume."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from arena.app.commands import tournament as command
from arena.app.entry import main
from arena.app.tournament.config import TournamentConfig
from arena.app.tournament.run import Tracker
from arena.app.tournament.schedule import GameSpec
from tests.tournament.conftest import manifest, run, write_config

HOLD = ("import sys, time; from pathlib import Path; "
        "from arena.app.tournament.lock import run_lock\n"
        "with run_lock(Path(sys.argv[1])):\n"
        "    print('held', flush=True); time.sleep(120)")


@pytest.fixture
def config(tmp_path: Path) -> Path:
    return write_config(tmp_path, "lock", {"heuristic": "heuristic", "random": "random"},
                        seed=3, presets=["classic-8"], games=2, concurrency=1)


@pytest.fixture
def holder(tmp_path: Path) -> Iterator[subprocess.Popen[str]]:
    """Another process holding the lock of ``tmp_path / "run"``."""
    child = subprocess.Popen([sys.executable, "-c", HOLD, str(tmp_path / "run")],
                             stdout=subprocess.PIPE, text=True)
    assert child.stdout is not None and child.stdout.readline() == "held\n"
    yield child
    child.kill()
    child.wait()


def snapshot(folder: Path) -> dict[str, bytes]:
    return {str(p.relative_to(folder)): p.read_bytes() for p in sorted(folder.rglob("*"))
            if p.is_file() and p.name != "tournament.lock"}


@pytest.mark.parametrize("resume", [False, True])
def test_a_second_tournament_on_a_held_folder_stops_naming_the_holder(
        resume: bool, config: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str],
        request: pytest.FixtureRequest) -> None:
    folder = tmp_path / "run"
    if resume:
        assert run(str(config), "--out", str(folder)) == 0
    before = snapshot(folder) if resume else {}
    holder: subprocess.Popen[str] = request.getfixturevalue("holder")
    capsys.readouterr()
    assert run(*([str(folder), "--resume"] if resume else [str(config), "--out", str(folder)])) \
        == 2
    err = capsys.readouterr().err
    assert err.count("arena: error:") == 1 and "Traceback" not in err
    assert f"{folder} is in use by another `arena tournament` (pid {holder.pid} on " \
           f"{socket.gethostname()}, since " in err
    assert snapshot(folder) == before  # the refused run wrote nothing


def test_a_killed_holder_does_not_block_a_resume(config: Path, tmp_path: Path,
                                                 holder: subprocess.Popen[str]) -> None:
    folder = tmp_path / "run"
    assert run(str(config), "--out", str(folder)) == 2
    os.kill(holder.pid, signal.SIGKILL)
    holder.wait()
    assert run(str(config), "--out", str(folder)) == 0
    assert run(str(folder), "--resume") == 0
    assert len(manifest(folder)) == 2


def test_the_lock_is_held_while_the_games_play(
        config: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    """A resume started while the first run plays its games is refused; the run ends whole."""
    folder = tmp_path / "run"
    second: list[int] = []
    play = command.run_local

    async def run_local(config: TournamentConfig, pending: list[GameSpec],
                        tracker: Tracker) -> None:
        second.append(main(["tournament", str(folder), "--resume", "--quiet"]))
        await play(config, pending, tracker)

    monkeypatch.setattr(command, "run_local", run_local)
    assert run(str(config), "--out", str(folder)) == 0
    assert second == [2]
    assert f"pid {os.getpid()} on " in capsys.readouterr().err
    assert len(manifest(folder)) == 2
