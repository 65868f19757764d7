"""Issue 28's small ones: a refusal is told once (not again in the next turn), and a
warning is one line of the command's output."""

from __future__ import annotations

import socket
import sys
import warnings
from pathlib import Path
from typing import Any

import pytest

from arena.app.cli import main
from arena.engine.events import Fallback, Refused
from arena.engine.judge import MAX_TRIES
from tests.llm.test_agent import of_type
from tests.llm.test_refusals import ILLEGAL, TARGET, game


def test_the_turn_after_a_fallback_does_not_repeat_the_refusals(tmp_path: Path) -> None:
    events, providers, _ = game(tmp_path, MAX_TRIES)
    refused, fallback = of_type(events, Refused), of_type(events, Fallback)
    assert len(refused) == MAX_TRIES and len(fallback) == 1
    calls = providers[1].calls
    at = next(i for i, c in enumerate(calls) if TARGET in c.messages[-1].content)
    assert "99 is not one of" in refused[0].message  # "99" is in no other text of the game
    retries = [calls[at + n].messages[-1].content for n in range(1, MAX_TRIES)]
    assert all("99" in text for text in retries)  # each retry told the reason
    after = calls[at + MAX_TRIES].messages  # the turn after the fallback
    assert after[-2].content == ILLEGAL and "99" not in after[-1].content


def test_a_warning_is_one_line(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                               monkeypatch: pytest.MonkeyPatch) -> None:
    """The unpriced-model warning, as `arena` prints it: no Python source line."""
    def show(message: Any, category: Any, filename: str, lineno: int, file: Any = None,
             line: str | None = None) -> None:  # what Python's own showwarning does
        sys.stderr.write(warnings.formatwarning(message, category, filename, lineno, line))

    monkeypatch.setattr(warnings, "showwarning", show)
    with socket.socket() as closed:
        closed.bind(("127.0.0.1", 0))
        port = closed.getsockname()[1]
    model = f"unpriced-{tmp_path.name}"  # warned once a process: a name of its own
    assert main(["play", "--seat", f"3=openai:{model}@http://127.0.0.1:{port}/v1",
                 "--seed", "1", "--out", str(tmp_path / "game.jsonl")]) == 2
    lines = capsys.readouterr().err.splitlines()
    assert lines[0] == (f"arena: warning: no price for model '{model}' in the price table "
                        f"(as of {lines[0].split('(as of ')[1].split(')')[0]}): its cost is "
                        "unknown and counted as 0")
    assert len(lines) == 2 and lines[1].startswith("arena: error: seat 3")
