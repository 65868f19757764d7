"""Every I/O failure is one line: a full disk (/dev/full), a file where a folder should
be, a read-only folder: ``arena: error: PATH: cannot write (REASON)``, exit 2, printed
once, no traceback; what was written before stays, and a resumed tournament still
holds the games an uninterrupted one does."""

from __future__ import annotations

import errno
import gc
import os
import re
import shutil
from pathlib import Path
from typing import Any

import pytest

from arena import transcript_writer
from arena.app.entry import main
from tests.importers.helpers import FIXTURES
from tests.tournament.conftest import event_lines, manifest, write_config

FULL = Path("/dev/full")  # every write fails: no space left on device
NO_SPACE = os.strerror(errno.ENOSPC)


def one_error(err: str) -> str:
    """The single error line of a command's stderr (and nothing like a traceback)."""
    assert "Traceback" not in err and "never retrieved" not in err
    lines = [line for line in err.splitlines() if line.startswith("arena: error: ")]
    assert len(lines) == 1, err
    return lines[0].removeprefix("arena: error: ")


@pytest.fixture
def game(played_game: Path, tmp_path: Path) -> Path:
    return Path(shutil.copy(played_game, tmp_path / "G.jsonl"))


def writing_to(out: Path, game: Path) -> dict[str, list[str]]:
    """Each writing command, its output at ``out``."""
    return {
        "play": ["play", "--preset", "classic-8", "--seed", "1", "--out", str(out)],
        "show": ["show", str(game), "--html", str(out)],
        "export": ["export", str(game), "--csv", str(out)],
        "report": ["report", str(game), "--html", str(out), "--resamples", "10"],
        "fork": ["fork", str(game), "--at", "10", "--out", str(out)],
        "import": ["import", "aiwolf", str(FIXTURES / "aiwolf-5-lot.log"), "-o", str(out)],
        "simulate": ["simulate", "--games", "1", "--seed", "1", "--out-dir", str(out)],
    }


@pytest.mark.parametrize("command", ["play", "show", "export", "report", "fork", "import"])
def test_a_full_disk_is_one_line(command: str, game: Path,
                                 capsys: pytest.CaptureFixture[str]) -> None:
    before = game.read_bytes()
    assert main(writing_to(FULL, game)[command]) == 2
    assert one_error(capsys.readouterr().err) == f"{FULL}: cannot write ({NO_SPACE})"
    assert game.read_bytes() == before


@pytest.mark.parametrize("command", ["play", "show", "export", "report", "fork", "import",
                                     "simulate"])
def test_a_file_where_a_folder_should_be_is_one_line(
        command: str, game: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    blocker = tmp_path / "blocker"
    blocker.write_text("a file\n", encoding="utf-8")
    out = blocker / "out"
    assert main(writing_to(out, game)[command]) == 2
    assert one_error(capsys.readouterr().err).startswith(f"{out}: cannot write (")
    assert blocker.read_text(encoding="utf-8") == "a file\n"


def test_a_read_only_folder_is_one_line(game: Path, tmp_path: Path,
                                        capsys: pytest.CaptureFixture[str]) -> None:
    """chmod stops no write as root: there the folder is a file (the same failure)."""
    locked = tmp_path / "locked"
    if os.geteuid() == 0:
        locked.write_text("", encoding="utf-8")
    else:
        locked.mkdir(mode=0o555)
    out = locked / "page.html"
    assert main(["show", str(game), "--html", str(out)]) == 2
    assert one_error(capsys.readouterr().err).startswith(f"{out}: cannot write (")


@pytest.mark.parametrize("out", ["blocker", "blocker/run"])
def test_a_tournament_into_a_file_is_one_line(out: str, tmp_path: Path,
                                              capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "blocker").write_text("a file\n", encoding="utf-8")
    config = write_config(tmp_path, "t", {"heuristic": "heuristic"}, presets=["classic-8"],
                          games=1)
    assert main(["tournament", str(config), "--out", str(tmp_path / out), "--quiet"]) == 2
    assert one_error(capsys.readouterr().err).startswith(f"{tmp_path / out}: cannot write (")


GAMES = 6


@pytest.fixture(scope="module")
def whole(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    """A tournament config and its run, played without a failure."""
    folder = tmp_path_factory.mktemp("whole")
    config = write_config(folder, "t", {"heuristic": "heuristic", "random": "random"},
                          seed=5, presets=["classic-8"], games=GAMES, concurrency=3)
    assert main(["tournament", str(config), "--out", str(folder / "run"), "--quiet"]) == 0
    return config, folder / "run"


def test_a_disk_full_mid_tournament_is_one_line_and_the_resume_is_identical(
        whole: tuple[Path, Path], tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str], caplog: pytest.LogCaptureFixture) -> None:
    """Games from the fourth on find the disk full, while other games are in flight."""
    config, reference = whole
    run = tmp_path / "run"
    opened = transcript_writer.TranscriptWriter.__init__

    def filling(self: transcript_writer.TranscriptWriter, path: Path, header: Any) -> None:
        opened(self, path, header)
        if int(path.name.split("-")[0]) >= 3:
            self._file.close()
            self._file = FULL.open("w", encoding="utf-8")

    monkeypatch.setattr(transcript_writer.TranscriptWriter, "__init__", filling)
    assert main(["tournament", str(config), "--out", str(run), "--quiet"]) == 2
    gc.collect()  # an exception never retrieved is logged when its task is collected
    error = one_error(capsys.readouterr().err)
    assert "never retrieved" not in caplog.text
    kept = manifest(run)
    assert re.fullmatch(
        rf"{re.escape(str(run))}/games/000[3-5]-\w+\.jsonl: cannot write \({NO_SPACE}\); "
        rf"{len(kept)} of {GAMES} games finished, spent \$0\.0000; the rest: arena "
        rf"tournament {re.escape(str(run))} --resume", error)
    assert {row["index"] for row in kept} <= {0, 1, 2}  # no game on the full disk finished

    monkeypatch.undo()
    assert main(["tournament", str(run), "--resume", "--quiet"]) == 0
    assert manifest(run)[:len(kept)] == kept  # the finished games' lines stayed
    assert event_lines(run) == event_lines(reference)


def test_a_resume_on_a_full_disk_keeps_the_manifest(
        whole: tuple[Path, Path], tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    run = Path(shutil.copytree(whole[1], tmp_path / "run"))
    (run / "manifest.jsonl").write_text(
        "".join((run / "manifest.jsonl").read_text(encoding="utf-8").splitlines(True)[:2]),
        encoding="utf-8")  # two games recorded, the others to play again
    before = (run / "manifest.jsonl").read_bytes()

    def full(*_: object) -> None:
        raise OSError(errno.ENOSPC, NO_SPACE)

    monkeypatch.setattr("arena.outputs.os.replace", full)
    assert main(["tournament", str(run), "--resume", "--quiet"]) == 2
    assert one_error(capsys.readouterr().err) == (
        f"{run / 'manifest.jsonl'}: cannot write ({NO_SPACE})")
    assert (run / "manifest.jsonl").read_bytes() == before


def test_an_io_failure_no_command_names_is_still_one_line(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    def failing(*_: object) -> int:
        raise OSError(errno.EIO, os.strerror(errno.EIO), "G.jsonl")

    monkeypatch.setattr("arena.app.commands.replay.cmd_replay", failing)
    assert main(["replay", "G.jsonl"]) == 2
    assert capsys.readouterr().err == f"arena: error: G.jsonl: {os.strerror(errno.EIO)}\n"
