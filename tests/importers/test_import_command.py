"""``arena import``: writes a transcript that replays; bad input is a one-line error."""

from __future__ import annotations

from pathlib import Path

import pytest

from arena.app.cli import main
from tests.importers.helpers import FIXTURES


@pytest.mark.parametrize(("fmt", "name"), [("fanlang", "fanlang-village.json"),
                                           ("aiwolf", "aiwolf-5-lot.log")])
def test_import_then_replay_verify(fmt: str, name: str, tmp_path: Path,
                                   capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "out" / "game.jsonl"
    assert main(["import", fmt, str(FIXTURES / name), "-o", str(out)]) == 0
    assert "deaths and winner match the record" in capsys.readouterr().out
    assert main(["replay", str(out), "--verify"]) == 0
    assert "reproduced exactly" in capsys.readouterr().out


@pytest.mark.parametrize(("fmt", "content", "message"), [
    ("fanlang", "not json", "not JSON"),
    ("aiwolf", "hello\n", "not an AIWolf log line"),
    ("aiwolf", None, "cannot read"),
])
def test_bad_input_is_one_line_exit_2(fmt: str, content: str | None, message: str,
                                      tmp_path: Path,
                                      capsys: pytest.CaptureFixture[str]) -> None:
    source = tmp_path / "game.txt"
    if content is not None:
        source.write_text(content, encoding="utf-8")
    assert main(["import", fmt, str(source), "-o", str(tmp_path / "o.jsonl")]) == 2
    err = capsys.readouterr().err
    assert err.startswith("arena: error: ") and message in err
    assert err.count("\n") == 1
    assert not (tmp_path / "o.jsonl").exists()
