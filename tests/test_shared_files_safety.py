"""Shared transcripts never run code: no command that reads a transcript imports a module
its header names, and ``arena fork`` rebuilds a seat from the header only for built-in
bots and model APIs it would not hand a key to another server; other seats must be
named again with ``--seat``."""

from __future__ import annotations

import json
import sys
import uuid
from pathlib import Path

import pytest

from agents import make_agent
from arena.app.entry import main
from tests.llm.stub_server import StubServer


def with_seat_agent(game: Path, out: Path, seat: int, spec: str) -> Path:
    """``game`` with the header naming ``spec`` as seat ``seat``'s agent."""
    header, *events = game.read_text(encoding="utf-8").splitlines()
    data = json.loads(header)
    data["seats"][seat - 1]["agent"] = spec
    out.write_text("\n".join([json.dumps(data), *events]) + "\n", encoding="utf-8")
    return out


@pytest.fixture
def planted(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> tuple[str, Path]:
    """An importable module that leaves a mark when imported: (its name, the mark)."""
    name = f"planted_{uuid.uuid4().hex}"
    folder = tmp_path / "modules"
    folder.mkdir()
    mark = tmp_path / "imported"
    (folder / f"{name}.py").write_text(
        f"from pathlib import Path\nPath({str(mark)!r}).write_text('imported')\n"
        "def chat():\n    raise SystemExit('the factory ran')\n", encoding="utf-8")
    monkeypatch.syspath_prepend(str(folder))
    return name, mark


def test_a_seat_built_from_the_planted_spec_runs_its_code(planted: tuple[str, Path]) -> None:
    """The control of the tests below: building the seat the header names would import
    the module (its mark) and call its factory."""
    name, mark = planted
    try:
        with pytest.raises(SystemExit, match="the factory ran"):
            make_agent(f"langchain:{name}:chat", 3, 1)
    finally:
        sys.modules.pop(name, None)
    assert mark.read_text(encoding="utf-8") == "imported"


def last_seq(game: Path) -> int:
    return int(json.loads(game.read_text(encoding="utf-8").splitlines()[-1])["seq"])


def reading_commands(shared: Path, tmp: Path, scorer_url: str) -> dict[str, list[str]]:
    return {
        "fork": ["fork", str(shared), "--at", "10", "--out", str(tmp / "fork.jsonl")],
        "replay": ["replay", str(shared)],
        "replay --verify": ["replay", str(shared), "--verify"],
        "show": ["show", str(shared), "--html", str(tmp / "g.html")],
        "eval": ["eval", str(shared), "--json"],
        "report": ["report", str(shared), "--json", "--resamples", "10"],
        "export": ["export", str(shared), "--csv", str(tmp / "g.csv")],
        "compare": ["compare", str(shared), "--json", "--resamples", "10"],
        "score-speeches": ["score-speeches", str(shared), "--model",
                           f"openai:gpt-4o-mini@{scorer_url}",
                           "--out", str(tmp / "scored.jsonl"), "--concurrency", "8"],
    }


@pytest.mark.parametrize("command", [
    "fork", "replay", "replay --verify", "show", "eval", "report", "export", "compare",
    pytest.param("score-speeches", marks=pytest.mark.slow)])  # a model call per speech (the stub)
def test_no_reading_command_imports_a_module_the_header_names(
        command: str, played_game: Path, planted: tuple[str, Path], tmp_path: Path,
        stub: StubServer, capsys: pytest.CaptureFixture[str]) -> None:
    name, mark = planted
    shared = with_seat_agent(played_game, tmp_path / "shared.jsonl", 3, f"langchain:{name}:chat")
    before = shared.read_bytes()
    code = main(reading_commands(shared, tmp_path, stub.openai_url)[command])
    assert not mark.exists() and name not in sys.modules
    assert shared.read_bytes() == before
    err = capsys.readouterr().err
    assert "Traceback" not in err
    if command == "fork":
        assert code == 2
        assert err.splitlines() == [
            f"arena: error: seat 3 played langchain:{name}:chat: a fork never imports a "
            "module a transcript names; name its agent again (--seat 3=SPEC)"]
    else:
        assert code == 0


def test_a_fork_of_a_header_naming_os_abort_is_one_line(
        played_game: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """The issue's case: this header used to abort the process (exit 134)."""
    shared = with_seat_agent(played_game, tmp_path / "shared.jsonl", 3, "langchain:os:abort")
    assert main(["fork", str(shared), "--at", "10", "--out", str(tmp_path / "x.jsonl")]) == 2
    assert capsys.readouterr().err.startswith(
        "arena: error: seat 3 played langchain:os:abort: a fork never imports")


def test_a_fork_plays_a_langchain_seat_named_again_on_the_command_line(
        played_game: Path, planted: tuple[str, Path], tmp_path: Path) -> None:
    name, mark = planted
    shared = with_seat_agent(played_game, tmp_path / "shared.jsonl", 3, f"langchain:{name}:chat")
    out = tmp_path / "fork.jsonl"
    assert main(["fork", str(shared), "--at", "10", "--seat", "3=random",
                 "--out", str(out)]) == 0
    assert not mark.exists() and name not in sys.modules
    assert json.loads(out.read_text(encoding="utf-8").splitlines()[0])["seats"][2]["agent"] \
        == "random"


def test_a_fork_never_sends_a_key_to_a_url_the_transcript_names(
        played_game: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("OPENAI_API_KEY", "sk-test-not-real")
    spec = "openai:gpt-4o@https://models.example.net/v1"
    shared = with_seat_agent(played_game, tmp_path / "shared.jsonl", 5, spec)
    out = tmp_path / "fork.jsonl"
    assert main(["fork", str(shared), "--at", "10", "--out", str(out)]) == 2
    assert capsys.readouterr().err.splitlines() == [
        f"arena: error: seat 5 played {spec}: a fork never sends an API key to a URL a "
        "transcript names; name its agent again (--seat 5=SPEC)"]
    assert not out.exists()


def test_a_fork_rebuilds_bots_and_a_model_on_this_machine_from_the_header(
        played_game: Path, tmp_path: Path) -> None:
    """Forked at the last event, no seat is asked anything: the model seat is only built."""
    shared = with_seat_agent(played_game, tmp_path / "shared.jsonl", 5,
                             "openai:gpt-4o-mini@http://127.0.0.1:9/v1")
    out = tmp_path / "fork.jsonl"
    assert main(["fork", str(shared), "--at", str(last_seq(shared)), "--out", str(out)]) == 0
    seats = json.loads(out.read_text(encoding="utf-8").splitlines()[0])["seats"]
    assert [s["agent"] for s in seats][3:6] == [
        "heuristic", "openai:gpt-4o-mini@http://127.0.0.1:9/v1", "heuristic"]
