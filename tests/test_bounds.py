"""Bounded work on any input (issue 27, item 6): files that are not regular files, counts
without a sane bound, seeds of thousands of digits, malformed imports and scenarios are
one line ``arena: error: ...`` and exit 2 before any work, the inputs left as they were;
a scenario's fallback model is probed before the game like any model seat."""

from __future__ import annotations

import os
import socket
from pathlib import Path

import pytest

from arena.app.cli import main
from tests.test_transcript_validation import refused

ROOT = Path(__file__).resolve().parents[1]
FANLANG = ROOT / "tests" / "importers" / "fixtures" / "fanlang-village.json"
CONFIG = 'name = "t"\npresets = ["tv-6"]\n[agents.bot]\nagent = "random"\n'


def write(path: Path, text: str) -> Path:
    path.write_text(text, encoding="utf-8")
    return path


@pytest.fixture(scope="module")
def game(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("game")
    assert main(["simulate", "--games", "1", "--preset", "tv-6", "--agents", "random",
                 "--seed", "2", "--out-dir", str(folder), "--json"]) == 0
    (path,) = folder.glob("*.jsonl")
    return path


@pytest.mark.parametrize(("lines", "words"), [
    ("deals = 1000000000", "deals: Input should be less than or equal to 100000"),
    ("games = 1000000000", "games: Input should be less than or equal to 100000"),
    ("deals = 50000\npresets = [\"tv-6\", \"classic-8\", \"classic-12\"]",
     "more than 100,000 games"),
    ("concurrency = 1000000", "concurrency"),
    ("seed = 1" + "0" * 30, "seed"),
])
def test_a_tournament_config_has_upper_bounds(tmp_path: Path, lines: str, words: str,
                                              capsys: pytest.CaptureFixture[str]) -> None:
    text = CONFIG.replace('presets = ["tv-6"]\n', "") if "presets" in lines else CONFIG
    config = write(tmp_path / "t.toml", text.replace("[agents", f"{lines}\n[agents", 1))
    assert words in refused(capsys, ["tournament", str(config), "--out",
                                     str(tmp_path / "run")], [config])
    assert not (tmp_path / "run").exists()


def test_a_tournament_refuses_an_existing_file_as_its_folder(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    config = write(tmp_path / "t.toml", CONFIG.replace("[agents", "deals = 1\n[agents"))
    taken = write(tmp_path / "taken.txt", "mine\n")
    refused(capsys, ["tournament", str(config), "--out", str(taken)], [config, taken])


@pytest.mark.parametrize("command", ["report", "compare"])
def test_resamples_have_an_upper_bound(game: Path, command: str,
                                       capsys: pytest.CaptureFixture[str]) -> None:
    message = refused(capsys, [command, str(game), "--resamples", "1000000000"], [game])
    assert "--resamples must be from 1 to 100,000" in message


def test_a_seed_has_at_most_20_digits(tmp_path: Path,
                                      capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "g.jsonl"
    assert "--seed: at most 20 digits" in refused(
        capsys, ["play", "--agents", "random", "--seed", "9" * 4000, "--out", str(out)], [])
    assert not out.exists()


@pytest.mark.parametrize(("text", "words"), [
    ('preset = "classic-12"\nroles = []\n', "roles: List should have at least 1 item"),
    ('preset = "classic-12"\nseed = ' + "7" * 25 + "\n", "seed"),
])
def test_a_scenario_s_bad_values_are_one_line(tmp_path: Path, text: str, words: str,
                                              capsys: pytest.CaptureFixture[str]) -> None:
    scenario = write(tmp_path / "s.toml", text)
    assert words in refused(capsys, ["play", "--scenario", str(scenario), "--out",
                                     str(tmp_path / "g.jsonl")], [scenario])


@pytest.mark.slow  # the model client's import and the probe: about 5 s
def test_a_scenario_s_fallback_model_is_probed_before_the_game(
        tmp_path: Path, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    with socket.socket() as sock:  # a loopback port nobody listens on
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
    monkeypatch.setenv("OPENAI_API_KEY", "test-key")
    scenario = write(tmp_path / "s.toml", f'preset = "tv-6"\n[fallback]\nagent = '
                                          f'"openai:gpt-4o-mini@http://127.0.0.1:{port}/v1"\n')
    out = tmp_path / "g.jsonl"
    message = refused(capsys, ["play", "--scenario", str(scenario), "--out", str(out)],
                      [scenario])
    assert f"127.0.0.1:{port}" in message and "seat 1" in message
    assert not out.exists()


@pytest.mark.parametrize(("audio", "where"), [
    ("12345", "audio"), ("[1]", "audio"), ('{"Day 1 Daytime - [1] is speaking": 7}', "audio: "),
])
def test_an_import_with_a_wrong_type_is_one_line(tmp_path: Path, audio: str, where: str,
                                                 capsys: pytest.CaptureFixture[str]) -> None:
    text = FANLANG.read_text(encoding="utf-8")
    head, _, _ = text.partition('"audio":')
    record = write(tmp_path / "game.json", head + f'"audio": {audio}\n}}\n')
    out = tmp_path / "out.jsonl"
    message = refused(capsys, ["import", "fanlang", str(record), "-o", str(out)], [record])
    assert f"{record}: {where}" in message
    assert not out.exists()


def test_speech_scores_that_are_not_text_are_one_line(
        game: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    binary = tmp_path / "scores.bin"
    binary.write_bytes(bytes(range(256)) * 8)
    assert f"{binary}:1:" in refused(
        capsys, ["eval", str(game), "--speech-scores", str(binary)], [game, binary])


@pytest.mark.parametrize("row", ["speech_score", "judgement"])  # judgement: the old name
def test_a_speech_score_row_without_its_fields_is_one_line(
        row: str, game: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    rows = write(tmp_path / "s.jsonl", f'{{"type": "{row}", "scores": {{}}}}\n')
    assert f"{rows}:1: not a speech score" in refused(
        capsys, ["eval", str(game), "--speech-scores", str(rows)], [game, rows])


@pytest.mark.parametrize("argv", [
    ["tournament", "{fifo}", "--out", "{tmp}/run"],
    ["play", "--scenario", "{fifo}", "--out", "{tmp}/g.jsonl"],
    ["play", "--table", "{fifo}", "--out", "{tmp}/g.jsonl"],
    ["import", "fanlang", "{fifo}", "-o", "{tmp}/g.jsonl"],
    ["eval", "{game}", "--speech-scores", "{fifo}"],
], ids=["tournament", "scenario", "table", "import", "speech-scores"])
def test_config_readers_refuse_a_fifo(argv: list[str], game: Path, tmp_path: Path,
                                      capsys: pytest.CaptureFixture[str]) -> None:
    fifo = tmp_path / "input"
    os.mkfifo(fifo)  # opening it to read would wait for a writer forever
    argv = [a.format(fifo=fifo, tmp=tmp_path, game=game) for a in argv]
    assert "not a regular file" in refused(capsys, argv, [game])
