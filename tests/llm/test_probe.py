"""Loud failures: the probe before a game (exit 2), fallback warnings and exit 3."""

from __future__ import annotations

import socket
from pathlib import Path

import pytest

from agents import AgentSpecError, make_agent, probe_agents
from arena import transcript
from arena.app.cli import main
from arena.engine.events import Fallback, UsageRecord
from tests.llm.stub_server import StubServer, auto, status

Capture = pytest.CaptureFixture[str]


@pytest.fixture(autouse=True)
def wide(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("COLUMNS", "200")  # one console line per message


def closed_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def play(tmp_path: Path, *extra: str) -> int:
    return main(["play", "--preset", "tv-6", "--seed", "4", "--agents", "random",
                 "--out", str(tmp_path / "game.jsonl"), *extra])


def test_a_dead_endpoint_stops_play_before_the_game(tmp_path: Path, capsys: Capture) -> None:
    url = f"http://127.0.0.1:{closed_port()}/v1"
    assert play(tmp_path, "--seat", f"3=openai:m@{url}", "--seat", f"5=openai:m@{url}") == 2
    captured = capsys.readouterr()
    assert captured.err.count("\n") == 1
    assert captured.err == (f"arena: error: seat 3, seat 5 (m at {url}): openai:m: "
                            "connection failed (cannot reach the server)\n")
    assert captured.out == ""  # not even the title: no game event was shown
    assert not (tmp_path / "game.jsonl").exists()


@pytest.mark.parametrize("kind", ["openai", "anthropic"])
def test_a_refused_key_stops_play(stub: StubServer, tmp_path: Path, capsys: Capture,
                                  kind: str) -> None:
    stub.keys = {"the-right-key"}
    url = stub.openai_url if kind == "openai" else stub.anthropic_url
    assert play(tmp_path, "--seat", f"2={kind}:m@{url}") == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "HTTP 401" in err and "refused the API key" in err
    assert len(stub.seen) == 1 and not (tmp_path / "game.jsonl").exists()


def test_an_unknown_model_stops_simulate(stub: StubServer, tmp_path: Path,
                                         capsys: Capture) -> None:
    stub.models = {"known"}
    code = main(["simulate", "--preset", "tv-6", "--games", "2", "--agents", "random",
                 "--seat", f"1=openai:known@{stub.openai_url}",
                 "--seat", f"4=openai:nope@{stub.openai_url}", "--out-dir", str(tmp_path)])
    err = capsys.readouterr().err
    assert code == 2 and err.count("\n") == 1
    assert "seat 4 (nope at" in err and "HTTP 404" in err and "unknown model" in err
    assert not list(tmp_path.glob("*.jsonl"))


def test_one_probe_per_endpoint_and_model(stub: StubServer) -> None:
    agents = {f"seat {n}": make_agent(f"openai:{model}@{stub.openai_url}", n, 1)
              for n, model in ((1, "a"), (2, "a"), (3, "b"))}
    probe_agents(agents)
    assert sorted(s.body["model"] for s in stub.seen) == ["a", "b"]
    assert {s.body["max_tokens"] for s in stub.seen} == {1}
    assert not stub.replies  # nothing scripted was pushed, nothing consumed


def test_probe_failures_name_the_seats_as_agent_spec_errors() -> None:
    url = f"http://127.0.0.1:{closed_port()}/v1"
    with pytest.raises(AgentSpecError, match=r"^agents\.mini \(gpt at "):
        probe_agents({"agents.mini": make_agent(f"openai:gpt@{url}", 1, 1),
                      "agents.bot": make_agent("heuristic", 1, 1)})


def test_a_seat_falling_back_warns_and_exits_3(stub: StubServer, tmp_path: Path,
                                               capsys: Capture) -> None:
    stub.push(auto(), *[status(400, message="no such parameter")] * 300)  # probe, then 400s
    assert play(tmp_path, "--seat", f"3=openai:m@{stub.openai_url}") == 3
    out = capsys.readouterr().out
    assert "⚠ model seat P3 (seat 3) gave no answer" in out  # without --god
    assert "1 in a row: error)" in out and "2 in a row: error)" in out
    assert "no such parameter" not in out  # the reason is for god and the seat only
    assert f"Fallbacks: seat 3 (openai:m@{stub.openai_url}): " in out
    assert "Model seats 3 fell back on more than 20%" in out
    events = transcript.read(tmp_path / "game.jsonl").events
    fallbacks = [e for e in events if isinstance(e, Fallback)]
    failed = [e for e in events if isinstance(e, UsageRecord) and e.error == "HTTP 400"]
    assert fallbacks and len(failed) == len(fallbacks)  # failed calls are billed too
    assert f"{len(fallbacks)} fallbacks in {len(fallbacks)} decisions (100%)" in out


def test_a_few_fallbacks_below_the_share_exit_as_usual(stub: StubServer, tmp_path: Path,
                                                      capsys: Capture) -> None:
    stub.push(auto(), status(400))
    assert play(tmp_path, "--seat", f"3=openai:m@{stub.openai_url}",
                "--max-fallback-share", "0.9") in (0, 1)
    out = capsys.readouterr().out
    assert "Fallbacks: seat 3" in out and "fell back on more than" not in out
