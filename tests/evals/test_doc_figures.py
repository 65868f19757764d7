"""The measured tables of docs/metrics.md are what the code gives today
(scripts/doc_figures.py regenerates them; ``--check`` fails on a stale one)."""

from __future__ import annotations

from pathlib import Path
from types import ModuleType

import pytest

from tests.helpers import load_script

ROOT = Path(__file__).resolve().parents[2]
DOC = ROOT / "docs" / "metrics.md"


@pytest.fixture(scope="module")
def figures() -> ModuleType:
    return load_script("doc_figures")


@pytest.fixture(scope="module")
def stopped_table(figures: ModuleType, tmp_path_factory: pytest.TempPathFactory) -> str:
    """The stopped-games table as the code gives it today (40 quick games)."""
    table: str = figures.stopped_games(tmp_path_factory.mktemp("stopped"))
    return table


def _block(text: str, name: str) -> tuple[int, int]:
    start = text.index(f"<!-- figure {name} -->\n") + len(f"<!-- figure {name} -->\n")
    return start, text.index("<!-- /figure -->", start)


def test_the_stopped_games_table_is_what_the_code_gives(stopped_table: str) -> None:
    text = DOC.read_text(encoding="utf-8")
    start, end = _block(text, "stopped-games")
    assert text[start:end] == stopped_table


def test_the_check_fails_on_a_changed_figure_and_regenerates_it(
        figures: ModuleType, stopped_table: str, tmp_path: Path,
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    text = DOC.read_text(encoding="utf-8")
    start, end = _block(text, "stopped-games")
    changed = text[:start] + stopped_table.replace("0.7500", "0.7400", 1) + text[end:]
    assert changed != text
    doc = tmp_path / "metrics.md"
    doc.write_text(changed, encoding="utf-8")
    monkeypatch.setitem(figures.FIGURES, "stopped-games", lambda *_: stopped_table)
    assert figures.main(["--check", "--only", "stopped-games", "--doc", str(doc)]) == 1
    assert "stopped-games" in capsys.readouterr().out
    assert figures.main(["--only", "stopped-games", "--doc", str(doc)]) == 0
    assert doc.read_text(encoding="utf-8") == text
    assert figures.main(["--check", "--only", "stopped-games", "--doc", str(doc)]) == 0


@pytest.mark.slow
def test_every_figure_is_what_the_code_gives(figures: ModuleType) -> None:
    assert figures.main(["--check"]) == 0
