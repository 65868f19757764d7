"""Table files: parsing, merging with defaults, --seat overrides, personas as seat names,
options reaching the model seats, the key check, and one-line errors."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from agents.llm import LLMAgent
from agents.providers import registry
from agents.seat_options import SeatOptions, TableError, parse_table
from arena import transcript
from arena.app import reproduce
from arena.app.cli import main, parser
from arena.app.commands._game_setup import build_setup
from tests.llm.fake import FakeProvider, legal

TABLE = """
[defaults]
agent = "random"
temperature = 0.7

[seats.3]
agent = "openai:fake@http://localhost:9/v1"
max_tokens = 300
api_key_env = "FAKE_KEY"
persona = "Ada"

[seats.5]
persona = "Brook"
temperature = 0.1
"""


@pytest.fixture
def fake_models(monkeypatch: pytest.MonkeyPatch) -> list[tuple[str, Any]]:
    """Model specs build fake providers (no network); records (spec, ProviderOptions)."""
    built: list[tuple[str, Any]] = []

    def make(spec: str, options: Any = None) -> FakeProvider:
        built.append((spec, options))
        return FakeProvider(legal(len(built)))

    monkeypatch.setattr(registry, "make_provider", make)
    return built


def write(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "table.toml"
    path.write_text(text, encoding="utf-8")
    return path


def test_a_table_merges_each_seat_with_the_defaults() -> None:
    table = parse_table(TABLE)
    assert table.seat(3) == SeatOptions(agent="openai:fake@http://localhost:9/v1",
                                        temperature=0.7, max_tokens=300,
                                        api_key_env="FAKE_KEY", persona="Ada")
    assert table.seat(5) == SeatOptions(agent="random", temperature=0.1, persona="Brook")
    assert table.seat(9) == SeatOptions(agent="random", temperature=0.7)


def test_the_table_sets_seats_names_and_model_options(
        tmp_path: Path, fake_models: list[tuple[str, Any]]) -> None:
    args = parser().parse_args(["play", "--table", str(write(tmp_path, TABLE)), "--seed", "2",
                                "--lang", "zh", "--seat", "5=passive"])
    setup = build_setup(args)
    assert setup.specs[3] == "openai:fake@http://localhost:9/v1"
    assert setup.specs[5] == "passive" and setup.specs[1] == "random"
    assert setup.config.names[2:5] == ("Ada", "P4", "Brook")
    agent = setup.agents(2)[3]
    assert isinstance(agent, LLMAgent)
    assert (agent.temperature, agent.max_tokens, agent.prompter.lang,
            agent.prompter.persona) == (0.7, 300, "zh", "Ada")
    spec, options = fake_models[-1]
    assert (spec, options.base_url, options.api_key_env, options.max_tokens) == (
        "openai:fake@http://localhost:9/v1", None, "FAKE_KEY", 300)


def test_a_table_game_plays_and_replays(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                        fake_models: list[tuple[str, Any]]) -> None:
    out = tmp_path / "game.jsonl"
    code = main(["play", "--table", str(write(tmp_path, TABLE)), "--seed", "6",
                 "--out", str(out)])
    assert code in (0, 1) and capsys.readouterr().err == ""
    record = transcript.read(out)
    seat = record.header.seats[2]
    assert (seat.name, seat.agent, seat.model) == (
        "Ada", "openai:fake@http://localhost:9/v1", "fake-model")
    assert any(e.type == "usage" and e.seat == 3 for e in record.events)  # type: ignore[attr-defined]
    assert reproduce.verify(out)[0]


ERRORS = {
    "not toml": ("[seats.3\nagent = 1", ["not valid TOML"]),
    "unknown option": ('[seats.3]\ntemprature = 0.5', ["seats.3.temprature", "not permitted"]),
    "temperature": ('[seats.3]\ntemperature = 5', ["seats.3.temperature", "2"]),
    "seat number": ('[seats.three]\nagent = "random"', ["seats.three"]),
    "twin personas": ('[seats.1]\npersona = "Ada"\n[seats.2]\npersona = "Ada"', ["'Ada'"]),
    "persona for all": ('[defaults]\npersona = "Ada"', ["defaults.persona"]),
    "persona like a seat": ('[seats.1]\npersona = "P4"', ["seat label"]),
    "persona with a fence": ('[seats.1]\npersona = "Ada»"', ["seats.1.persona"]),
    "empty agent": ('[seats.1]\nagent = ""', ["seats.1.agent"]),
    "unknown section": ('[players.1]\nagent = "random"', ["players"]),
}


@pytest.mark.parametrize("case", ERRORS)
def test_table_errors_are_one_line(case: str) -> None:
    text, words = ERRORS[case]
    with pytest.raises(TableError) as caught:
        parse_table(text, "t.toml")
    message = str(caught.value)
    assert "\n" not in message and message.startswith("t.toml")
    for word in words:
        assert word in message


CLI_ERRORS = {
    "seat out of range": ('[seats.13]\nagent = "random"', [], ["seat 13", "1 to 12"]),
    "unknown agent": ('[seats.2]\nagent = "genius"', [], ["genius"]),
    "missing key": ('[seats.2]\nagent = "openai:gpt-4o-mini"\napi_key_env = "NO_SUCH_KEY"', [],
                    ["NO_SUCH_KEY is not set", "seat 2"]),
    "missing key from --seat": ("", ["--seat", "4=anthropic:claude-x"],
                                ["ANTHROPIC_API_KEY is not set", "seat 4"]),
    "bad model spec": ('[seats.2]\nagent = "langchain:nofactory"', [], ["langchain:MODULE"]),
    "with a scenario": ("", ["--scenario", "s.toml"], ["--table and --scenario"]),
}


@pytest.mark.parametrize("case", CLI_ERRORS)
def test_cli_table_errors_exit_2_with_one_line(case: str, tmp_path: Path,
                                               capsys: pytest.CaptureFixture[str],
                                               monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("ANTHROPIC_API_KEY", raising=False)
    monkeypatch.delenv("NO_SUCH_KEY", raising=False)
    text, extra, words = CLI_ERRORS[case]
    code = main(["play", "--table", str(write(tmp_path, text)), "--seed", "1", *extra])
    err = capsys.readouterr().err
    assert code == 2
    assert err.startswith("arena: error: ") and err.count("\n") == 1, err
    for word in words:
        assert word in err


def test_a_missing_table_file_is_one_line(tmp_path: Path,
                                          capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["play", "--table", str(tmp_path / "nope.toml")]) == 2
    err = capsys.readouterr().err
    assert "nope.toml: cannot read" in err and err.count("\n") == 1
