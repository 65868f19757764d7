"""The console script stops with one line when `agents` or `evals` is another
distribution's package (openai-agents and openai's evals use the same names)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from arena.app.entry import foreign

RUN = "import sys; from arena.app.entry import main; sys.exit(main(['presets']))"


def _run(path: Path | None) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ)
    if path is not None:
        env["PYTHONPATH"] = os.pathsep.join([str(path), env.get("PYTHONPATH", "")])
    return subprocess.run([sys.executable, "-c", RUN], capture_output=True, text=True,
                          env=env, timeout=120, check=False, cwd=path)


def _foreign_package(root: Path, name: str, distribution: str) -> None:
    """A package ``name`` installed by ``distribution`` (its dist-info names it)."""
    (root / name).mkdir()
    (root / name / "__init__.py").write_text('"""Not the arena\'s."""\n', encoding="utf-8")
    info = root / f"{distribution.replace('-', '_')}-1.0.dist-info"
    info.mkdir()
    (info / "METADATA").write_text(f"Metadata-Version: 2.1\nName: {distribution}\n"
                                   "Version: 1.0\n", encoding="utf-8")
    (info / "top_level.txt").write_text(f"{name}\n", encoding="utf-8")


def test_our_packages_pass() -> None:
    assert foreign("agents") is None and foreign("evals") is None


@pytest.mark.parametrize(("name", "distribution"),
                         [("agents", "openai-agents"), ("evals", "evals")])
def test_a_foreign_package_stops_the_command_naming_its_distribution(
        tmp_path: Path, name: str, distribution: str) -> None:
    _foreign_package(tmp_path, name, distribution)
    done = _run(tmp_path)
    assert done.returncode == 2 and done.stdout == ""
    [line] = done.stderr.splitlines()
    assert line.startswith(f"arena: error: the `{name}` package at {tmp_path / name} is "
                           f"{distribution}'s") and "environment of its own" in line


def test_the_command_runs_when_nothing_clashes() -> None:
    done = _run(None)
    assert done.returncode == 0 and "classic-12" in done.stdout
