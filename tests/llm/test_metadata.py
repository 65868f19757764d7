"""Reproducibility: what the header records per model seat, the seed sent, every HTTP
attempt in usage, and the usage table's totals."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from agents.providers.describe import safe_spec, safe_url
from arena import transcript
from arena.app import reproduce
from arena.app.cli import main
from arena.engine.events import UsageRecord
from evals.records import load_records
from tests.llm.stub_server import StubServer, auto, status


@pytest.fixture(autouse=True)
def wide(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("COLUMNS", "200")


def play(tmp_path: Path, name: str, *extra: str) -> Path:
    out = tmp_path / f"{name}.jsonl"
    assert main(["play", "--preset", "tv-6", "--seed", "5", "--agents", "random",
                 "--out", str(out), *extra]) in (0, 1)
    return out


def seat3(path: Path) -> dict[str, Any]:
    seat: dict[str, Any] = transcript.read(path).header.seats[2].model_dump(exclude_unset=True)
    return seat


def test_one_model_from_the_cli_and_from_a_table(stub: StubServer, tmp_path: Path) -> None:
    cli = play(tmp_path, "cli", "--seat", f"3=openai:stub@{stub.openai_url}", "--lang", "zh")
    table = tmp_path / "table.toml"
    table.write_text(f'[seats.3]\nagent = "openai:stub"\nbase_url = "{stub.openai_url}"\n'
                     'temperature = 0.3\nmax_tokens = 200\npersona = "Ada"\n', encoding="utf-8")
    tabled = play(tmp_path, "table", "--table", str(table))
    first, second = seat3(cli), seat3(tabled)
    assert first["model"] == second["model"] == "stub"
    assert first["base_url"] == second["base_url"] == stub.openai_url
    assert first["provider"] == "openai" and first["sdk"].startswith("openai ")
    assert (first["lang"], first["temperature"], first["persona"]) == ("zh", None, None)
    assert (second["lang"], second["temperature"], second["max_tokens"],
            second["persona"]) == ("en", 0.3, 200, "Ada")
    assert all(e.model == "stub" for e in transcript.read(tabled).events
               if isinstance(e, UsageRecord))
    models = {r.models[3] for r in load_records([cli, tabled])}
    assert models == {"stub"}  # `arena eval --by model`: one model, one group


def test_the_seat_seed_is_sent_and_recorded(stub: StubServer, tmp_path: Path) -> None:
    seat = seat3(play(tmp_path, "g", "--seat", f"3=openai:m@{stub.openai_url}"))
    sent = {s.body.get("seed") for s in stub.seen if s.body["max_tokens"] != 1}
    assert sent == {seat["seed"]} and 0 <= seat["seed"] < 1 << 31


def test_retries_are_billed_attempt_by_attempt(stub: StubServer, tmp_path: Path,
                                               capsys: pytest.CaptureFixture[str]) -> None:
    stub.push(auto(), status(429, retry_after="0"), auto())  # the probe, then one retry
    path = play(tmp_path, "g", "--seat", f"3=openai:m@{stub.openai_url}")
    billed = [e for e in transcript.read(path).events if isinstance(e, UsageRecord)]
    usage = [u for u in billed if u.output_format != "probe"]
    assert [(u.attempt, u.error, u.input_tokens > 0) for u in usage[:2]] == [
        (1, "HTTP 429", False), (2, None, True)]
    assert len(billed) - len(usage) == 1  # the probe before the game is billed once
    assert len(billed) == len(stub.seen)  # every attempt, the probe's too
    out = capsys.readouterr().out
    total = next(line for line in out.splitlines() if "total" in line)
    assert f" {len(billed)} " in total  # the totals row counts every attempt


@pytest.mark.parametrize(("url", "safe"), [
    ("https://user:sk-secret@api.example.com:8443/v1?token=abc#x",
     "https://api.example.com:8443/v1"),
    ("http://127.0.0.1:8000/v1", "http://127.0.0.1:8000/v1"),
    ("http://[::1]:9/v1", "http://[::1]:9/v1"),
])
def test_base_urls_lose_their_secrets(url: str, safe: str) -> None:
    assert safe_url(url) == safe
    assert safe_spec(f"openai:m@{url}") == f"openai:m@{safe}"


def test_a_decision_cut_off_by_the_time_limit_still_bills_its_tries(
        stub: StubServer, tmp_path: Path) -> None:
    """Seat 3's first call fails (HTTP 500), its retry is still in flight when the
    judge's 3-second limit ends the decision: both tries are usage events before the
    timeout fallback (the provider may bill the cut one), and the game replays exactly."""
    from agents.providers.retry import CUT_OFF
    from arena.engine.events import Fallback

    stub.push(auto(), status(500), auto(delay_s=8))  # the probe, then seat 3's first call
    path = play(tmp_path, "cut", "--seat", f"3=openai:gpt-4o-mini@{stub.openai_url}",
                "--timeout", "3", "--max-fallback-share", "1")
    events = transcript.read(path).events
    timeout = next(e for e in events if isinstance(e, Fallback) and e.reason == "timeout")
    tries = [e for e in events[:timeout.seq] if isinstance(e, UsageRecord)
             and e.kind == timeout.kind and e.output_format != "probe"]
    assert [(t.seat, t.attempt, t.error) for t in tries] == [(3, 1, "HTTP 500"), (3, 2, CUT_OFF)]
    assert reproduce.verify(path)[0]
