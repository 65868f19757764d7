"""``arena play --lang zh``: every line a person reads at the terminal is Chinese (the
table's header, phases, dawn, votes, deaths and the end), not only the bots' speeches."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from arena.app.cli import main

WORD = re.compile(r"[A-Za-z]{3,}")


def test_a_chinese_table_reads_chinese_from_the_header_to_the_end(
        tmp_path: Path, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("COLUMNS", "1000")  # the transcript's path stays on one line
    out = tmp_path / "g.jsonl"
    assert main(["play", "--preset", "classic-9", "--seed", "3", "--lang", "zh", "--god",
                 "--out", str(out)]) in (0, 1)
    shown = capsys.readouterr().out.replace(str(out), "").replace("arena replay", "")
    english = [line for line in shown.splitlines()
               if WORD.search(line.replace("classic-9", ""))]
    assert english == [], english[:5]
    assert "天亮了" in shown and "狼人杀竞技场" in shown
