"""A model endpoint that keeps failing is paused: no game using it starts, exit code 3."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from arena.app.tournament.config import parse_config
from arena.app.tournament.pause import Pauses
from tests.llm.stub_server import StubServer, auto, status, text
from tests.tournament.conftest import config_text, manifest, run, write_config


def failing_after_the_probe(stub: StubServer) -> dict[str, str]:
    """An endpoint that answers, but never a usable answer: every decision falls back."""
    stub.push(auto(), *[text("I'd rather not play")] * 2000)
    return {"bot": "heuristic", "mini": f"openai:m@{stub.openai_url}"}


@pytest.mark.slow
def test_an_endpoint_that_stops_answering_aborts_its_game_and_is_paused_at_once(
        stub: StubServer, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Its breaker trips (5 failed calls in a row): the game is kept aborted, not finished,
    no game on the endpoint starts, the others play; --resume plays it again."""
    stub.push(auto(), *[status(400, message="stub failure")] * 2000)
    agents = {"bot": "heuristic", "mini": f"openai:m@{stub.openai_url}"}
    config = write_config(tmp_path, "abort", agents, presets=["tv-6"], games=2,
                          concurrency=1)
    out = tmp_path / "run"
    assert run(str(config), "--out", str(out), "--json") == 3
    summary = json.loads(capsys.readouterr().out)
    assert summary["games"] == 0 and list(summary["paused"]) == [f"openai {stub.openai_url}"]
    [aborted] = summary["aborted"]
    assert aborted["cause"].startswith("5 failed calls in a row (the last: openai:m: HTTP 400")
    assert aborted["endpoint"] == f"openai:m at {stub.openai_url}"
    lines = (out / aborted["path"]).read_text(encoding="utf-8").splitlines()
    assert json.loads(lines[-1])["type"] == "aborted"
    assert not (out / "manifest.jsonl").exists() or not manifest(out)
    stub.replies.clear()  # the endpoint is back: the resume plays the aborted game too
    assert run(str(out), "--resume", "--json") == 0
    summary = json.loads(capsys.readouterr().out)
    assert summary["games"] == 2 and [a["path"] for a in summary["aborted"]] == [
        aborted["path"]]
    assert (out / aborted["path"]).exists()  # kept beside the game played again


def test_an_endpoint_failing_every_call_is_paused_after_two_games(
        stub: StubServer, tmp_path: Path, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("COLUMNS", "400")
    config = write_config(tmp_path, "pause", failing_after_the_probe(stub), presets=["tv-6"],
                          games=6, concurrency=1)
    out = tmp_path / "run"
    assert run(str(config), "--out", str(out)) == 3
    rows = manifest(out)
    assert [r["index"] for r in rows] == [0, 1]  # then nothing that uses the endpoint
    assert all(r["fallback_shares"] == {"mini": 1.0} for r in rows)
    text = capsys.readouterr().out
    assert "2 of 6 games" in text and "1 model endpoint paused, 4 games left" in text
    assert (f"Paused openai {stub.openai_url}: 2 games in a row (the last {rows[1]['game_id']})"
            " in which a seat of mini fell back on more than 20% of its decisions") in text
    stub.replies.appendleft(auto())  # the resume's probe passes; its games fail again
    assert run(str(out), "--resume", "--json") == 3
    summary = json.loads(capsys.readouterr().out)
    assert summary["games"] == 4 and list(summary["paused"]) == [f"openai {stub.openai_url}"]


def test_pause_after_zero_never_pauses(stub: StubServer, tmp_path: Path) -> None:
    config = write_config(tmp_path, "nopause", failing_after_the_probe(stub),
                          presets=["tv-6"], games=2, concurrency=1, pause_after=0)
    assert run(str(config), "--out", str(tmp_path / "run")) == 0
    assert len(manifest(tmp_path / "run")) == 2


def test_a_good_game_resets_the_count() -> None:
    config = parse_config(config_text("p", {"bot": "heuristic", "a": "openai:m@http://h/v1",
                                            "b": "anthropic:c"}, presets=["tv-6"]), "t")
    pauses = Pauses(config)
    pauses.record("g1", ["a", "bot"], {"a": 0.5})
    pauses.record("g2", ["a", "bot"], {"a": 0.2})  # not over 20%: the run of failures ends
    pauses.record("g3", ["a", "b"], {"a": 0.3, "b": 1.0})
    assert pauses.paused == {} and pauses.allows(["a", "b", "bot"])
    pauses.record("g4", ["a", "bot"], {"a": 1.0})
    assert list(pauses.report()) == ["openai http://h/v1"]
    assert not pauses.allows(["bot", "a"]) and pauses.allows(["bot", "b"])
