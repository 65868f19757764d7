"""Outputs never clobber inputs: every command refuses (exit 2, one line) an output path
that is one of its inputs (by any name: a link is the same file) or another of its
outputs, before it writes anything; and a file is written whole or not at all."""

from __future__ import annotations

import errno
import os
import shutil
from pathlib import Path

import pytest

from arena.app.entry import main
from tests.importers.helpers import FIXTURES


@pytest.fixture
def folder(played_game: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A working folder holding G.jsonl (a game), a.log (an AIWolf log), table.toml,
    t.toml (a tournament config) and runs/G.jsonl; the commands run in it."""
    shutil.copy(played_game, tmp_path / "G.jsonl")
    shutil.copy(FIXTURES / "aiwolf-5-lot.log", tmp_path / "a.log")
    (tmp_path / "table.toml").write_text('[defaults]\nagent = "random"\n', encoding="utf-8")
    (tmp_path / "t.toml").write_text('name = "t"\npresets = ["classic-8"]\ngames = 1\n'
                                     '[agents.h]\nagent = "heuristic"\n', encoding="utf-8")
    (tmp_path / "runs").mkdir()
    shutil.copy(played_game, tmp_path / "runs" / "G.jsonl")
    monkeypatch.chdir(tmp_path)
    return tmp_path


def files(folder: Path) -> dict[str, bytes]:
    return {str(p.relative_to(folder)): p.read_bytes() for p in sorted(folder.rglob("*"))
            if p.is_file()}


REFUSED = {
    "show G --html G": (["show", "G.jsonl", "--html", "G.jsonl"],
                        "--html G.jsonl: is an input of this command"),
    "export G --csv G": (["export", "G.jsonl", "--csv", "G.jsonl"],
                         "--csv G.jsonl: is an input of this command"),
    "export a folder's transcript": (["export", "runs", "--csv", "runs/G.jsonl"],
                                     "--csv runs/G.jsonl: is an input of this command"),
    "fork G --out G": (["fork", "G.jsonl", "--at", "10", "--out", "G.jsonl"],
                       "--out G.jsonl: is an input of this command"),
    "report G --html G": (["report", "G.jsonl", "--html", "G.jsonl"],
                          "--html G.jsonl: is an input of this command"),
    "score-speeches G --out G": (
        ["score-speeches", "G.jsonl", "--model", "openai:gpt-4o-mini@http://127.0.0.1:9",
         "--out", "G.jsonl"], "--out G.jsonl: is an input of this command"),
    "import a.log -o a.log": (["import", "aiwolf", "a.log", "-o", "a.log"],
                              "--out a.log: is an input of this command"),
    "show --html X --markdown X": (["show", "G.jsonl", "--html", "X", "--markdown", "X"],
                                   "--markdown X: is also the --html output"),
    "play --table T --out T": (["play", "--table", "table.toml", "--out", "table.toml"],
                               "--out table.toml: is an input of this command"),
    "simulate --table T --out-dir T": (
        ["simulate", "--table", "table.toml", "--games", "1", "--out-dir", "table.toml"],
        "--out-dir table.toml: is an input of this command"),
    "tournament t.toml --out t.toml": (["tournament", "t.toml", "--out", "t.toml", "--quiet"],
                                       "--out t.toml: is an input of this command"),
}


@pytest.mark.parametrize("case", sorted(REFUSED))
def test_an_output_that_is_an_input_or_another_output_is_refused(
        case: str, folder: Path, capsys: pytest.CaptureFixture[str]) -> None:
    argv, message = REFUSED[case]
    before = files(folder)
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert err.splitlines()[0].startswith(f"arena: error: {message}")
    assert err.count("arena: error:") == 1 and "Traceback" not in err
    assert files(folder) == before  # nothing written, inputs byte-identical


@pytest.mark.parametrize("link", ["hard", "symbolic"])
def test_another_name_of_an_input_is_the_input(link: str, folder: Path,
                                               capsys: pytest.CaptureFixture[str]) -> None:
    if link == "hard":
        os.link(folder / "G.jsonl", folder / "H.jsonl")
    else:
        (folder / "H.jsonl").symlink_to(folder / "G.jsonl")
    before = (folder / "G.jsonl").read_bytes()
    assert main(["show", "G.jsonl", "--html", "H.jsonl"]) == 2
    assert "--html H.jsonl: is an input of this command" in capsys.readouterr().err
    assert (folder / "G.jsonl").read_bytes() == before


def test_a_failed_write_leaves_the_old_file_whole_and_no_temporary(
        folder: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    (folder / "out.csv").write_text("the previous export\n", encoding="utf-8")
    before = files(folder)

    def full(*_: object) -> None:
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    monkeypatch.setattr("arena.outputs.os.replace", full)
    assert main(["export", "G.jsonl", "--csv", "out.csv"]) == 2
    assert capsys.readouterr().err == (
        f"arena: error: out.csv: cannot write ({os.strerror(errno.ENOSPC)})\n")
    assert files(folder) == before


def test_outputs_are_written_whole_beside_their_inputs(folder: Path) -> None:
    """The refusals leave ordinary outputs alone: the folder gains exactly the outputs."""
    before = files(folder)
    assert main(["show", "G.jsonl", "--html", "G.html", "--markdown", "G.md"]) == 0
    assert main(["export", "runs", "--csv", "runs/games.csv"]) == 0
    gained = files(folder).keys() - before.keys()
    assert gained == {"G.html", "G.md", "runs/games.csv"}
    assert files(folder)["G.jsonl"] == before["G.jsonl"]
