"""Transcripts are checked when read (issue 27, item 7): a defect in structure is one line
``arena: error: FILE:LINE: ...`` and exit 2 from every command that reads transcripts,
the input left as it was; a run folder's unfinished or torn game is skipped and counted;
``--resume`` plays again a game whose transcript was cut short."""

from __future__ import annotations

import json
import os
import re
from collections.abc import Callable
from pathlib import Path

import pytest

from arena.app.cli import main
from arena.errors import TranscriptError
from arena.run_layout import CONFIG_FILE, GAMES_DIR
from arena.transcript import read

Lines = list[str]


def play(folder: Path, preset: str) -> Lines:
    """One finished game of random bots, as its lines (header first)."""
    assert main(["simulate", "--games", "1", "--preset", preset, "--agents", "random",
                 "--seed", "5", "--out-dir", str(folder), "--json"]) == 0
    (path,) = folder.glob("*.jsonl")
    return path.read_text(encoding="utf-8").splitlines()


@pytest.fixture(scope="module")
def games(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Lines]:
    base = tmp_path_factory.mktemp("games")
    return {preset: play(base / preset, preset) for preset in ("classic-12", "classic-8")}


def _header(lines: Lines, **changes: object) -> str:
    return json.dumps(json.loads(lines[0]) | changes)


def _event(line: str, **changes: object) -> str:
    return json.dumps(json.loads(line) | changes, separators=(",", ":"))


def _later_seat_event(lines: Lines) -> int:
    return next(n for n, line in enumerate(lines) if n > 20 and '"seat":' in line)


Defect = Callable[[dict[str, Lines]], Lines]
DEFECTS: dict[str, Defect] = {
    "seed of 5000 digits": lambda g: [
        re.sub(r'"seed": \d+', '"seed": ' + "7" * 5000, g["classic-12"][0], count=1),
        *g["classic-12"][1:]],
    "seed of 30 digits": lambda g: [_header(g["classic-12"], seed=10**29), *g["classic-12"][1:]],
    "roles name seat 99": lambda g: [
        _header(g["classic-12"], roles=json.loads(g["classic-12"][0])["roles"] | {"99": "x"}),
        *g["classic-12"][1:]],
    "header of another game": lambda g: [
        _header(g["classic-12"], roles=dict(zip(
            json.loads(g["classic-12"][0])["roles"],
            reversed(json.loads(g["classic-12"][0])["roles"].values()), strict=True))),
        *g["classic-12"][1:]],
    "12-seat header on an 8-seat body": lambda g: [g["classic-12"][0], *g["classic-8"][1:]],
    "events out of order": lambda g: [*g["classic-12"][:20], g["classic-12"][21],
                                      g["classic-12"][20], *g["classic-12"][22:]],
    "event repeated": lambda g: [*g["classic-12"][:30], *g["classic-12"][29:]],
    "event missing": lambda g: [*g["classic-12"][:30], *g["classic-12"][31:]],
    "two game_ends": lambda g: [*g["classic-12"], _event(
        g["classic-12"][-1], seq=len(g["classic-12"]) - 1)],
    "an event after game_end": lambda g: [*g["classic-12"][:-2], _event(
        g["classic-12"][-1], seq=len(g["classic-12"]) - 3), _event(
        g["classic-12"][-2], seq=len(g["classic-12"]) - 2)],
    "seat 99 in an event": lambda g: [
        *g["classic-12"][:_later_seat_event(g["classic-12"])],
        _event(g["classic-12"][_later_seat_event(g["classic-12"])], seat=99),
        *g["classic-12"][_later_seat_event(g["classic-12"]) + 1:]],
    "a 2 MB line": lambda g: [*g["classic-12"][:5], g["classic-12"][5][:-1] + ',"pad":"'
                              + "x" * (2 << 20) + '"}', *g["classic-12"][6:]],
    "torn last line": lambda g: [*g["classic-12"][:-1], g["classic-12"][-1][:30]],
}

READERS = {
    "replay": ["replay", "{in}"],
    "replay --verify": ["replay", "--verify", "{in}"],
    "show": ["show", "{in}", "--html", "{out}"],
    "eval": ["eval", "{in}"],
    "report": ["report", "{in}"],
    "export": ["export", "{in}", "--csv", "{out}"],
    "compare": ["compare", "{in}"],
    "fork": ["fork", "{in}", "--at", "10", "--out", "{out}"],
    "score-speeches": ["score-speeches", "{in}", "--model", "openai:x@http://127.0.0.1:9/v1",
                       "--out", "{out}"],
}


def refused(capsys: pytest.CaptureFixture[str], argv: list[str], inputs: list[Path]) -> str:
    """Run the command: exit 2, exactly one line ``arena: error: ...`` on stderr, no
    traceback, the inputs byte-identical; the message."""
    before = {path: path.read_bytes() for path in inputs if path.is_file()}
    assert main(argv) == 2
    err = capsys.readouterr().err
    lines = err.splitlines()
    assert len(lines) == 1 and lines[0].startswith("arena: error: "), err
    assert "Traceback" not in err
    assert {path: path.read_bytes() for path in before} == before
    return lines[0]


@pytest.mark.parametrize("command", READERS)
@pytest.mark.parametrize("defect", DEFECTS)
def test_every_reader_refuses_a_defect_in_one_line(
        games: dict[str, Lines], tmp_path: Path, capsys: pytest.CaptureFixture[str],
        defect: str, command: str) -> None:
    path = tmp_path / "game.jsonl"
    lines = DEFECTS[defect](games)
    torn = defect == "torn last line"
    path.write_text("\n".join(lines) + ("" if torn else "\n"), encoding="utf-8")
    out = tmp_path / "out.file"
    argv = [arg.format(**{"in": path, "out": out}) for arg in READERS[command]]
    message = refused(capsys, argv, [path])
    assert message.startswith(f"arena: error: {path}:")  # the file, then the line
    assert not out.exists()


def test_the_errors_name_the_line_and_the_defect(games: dict[str, Lines],
                                                 tmp_path: Path) -> None:
    expected = {
        "seed of 5000 digits": (1, "more than 4300 digits"),
        "seed of 30 digits": (1, "seed"),
        "roles name seat 99": (1, "seats 99"),
        "header of another game": (None, "another game"),
        "12-seat header on an 8-seat body": (2, "8 players, the header 12 seats"),
        "events out of order": (21, "seq 20 where seq 19"),
        "event repeated": (31, "seq 28 where seq 29"),
        "event missing": (31, "seq 30 where seq 29"),
        "two game_ends": (len(games["classic-12"]) + 1, "after the game_end"),
        "an event after game_end": (len(games["classic-12"]), "after the game_end"),
        "seat 99 in an event": (_later_seat_event(games["classic-12"]) + 1, "seat 99"),
        "a 2 MB line": (6, "longer than 1 MB"),
        "torn last line": (len(games["classic-12"]), "cut off"),
    }
    assert set(expected) == set(DEFECTS)
    for defect, (line, words) in expected.items():
        path = tmp_path / "game.jsonl"
        path.write_text("\n".join(DEFECTS[defect](games)) + "\n" * (defect != "torn last line"),
                        encoding="utf-8")
        with pytest.raises(TranscriptError) as caught:
            read(path)
        message = str(caught.value)
        assert words in message, (defect, message)
        assert message.startswith(f"{path}:{line if line is not None else ''}"), (defect,
                                                                                  message)


def test_a_forged_winner_is_left_to_verify(games: dict[str, Lines], tmp_path: Path,
                                           capsys: pytest.CaptureFixture[str]) -> None:
    """A forgery consistent in structure reads; only replaying it finds it (documented)."""
    lines = games["classic-12"]
    end = json.loads(lines[-1])
    forged = "wolves" if end["winner"] != "wolves" else "village"
    path = tmp_path / "forged.jsonl"
    path.write_text("\n".join([*lines[:-1], _event(lines[-1], winner=forged)]) + "\n",
                    encoding="utf-8")
    assert read(path).end is not None
    assert main(["replay", "--verify", str(path)]) == 1
    assert "MISMATCH" in capsys.readouterr().out


@pytest.mark.parametrize(("special", "command"), [
    *((special, command) for special in ("fifo", "/dev/zero")
      for command in ("replay", "show", "eval", "report", "fork")),
    *(("folder", command) for command in ("replay", "show", "fork")),  # eval searches one
])
def test_readers_refuse_what_is_not_a_regular_file(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], special: str, command: str) -> None:
    if special == "fifo":
        path = tmp_path / "game.jsonl"
        os.mkfifo(path)  # reading it would wait for a writer forever
    elif special == "folder":
        path = tmp_path / "game.jsonl"
        path.mkdir()
    else:
        path = Path(special)
    out = tmp_path / "out.file"
    argv = [arg.format(**{"in": path, "out": out}) for arg in READERS[command]]
    assert "not a regular file" in refused(capsys, argv, [])


def run_folder(tmp_path: Path, games: dict[str, Lines]) -> Path:
    """A run folder holding one finished game, one in flight (torn) and one unfinished."""
    run = tmp_path / "run"
    (run / GAMES_DIR).mkdir(parents=True)
    (run / CONFIG_FILE).write_text("", encoding="utf-8")
    lines = games["classic-12"]
    (run / GAMES_DIR / "0000-a.jsonl").write_text("\n".join(lines) + "\n", encoding="utf-8")
    (run / GAMES_DIR / "0001-b.jsonl").write_text("\n".join(lines[:40]) + "\n"
                                                   + lines[40][:25], encoding="utf-8")
    (run / GAMES_DIR / "0002-c.jsonl").write_text("\n".join(lines[:50]) + "\n",
                                                   encoding="utf-8")
    return run


@pytest.mark.parametrize("command", ["eval", "report"])
def test_a_run_folder_s_torn_game_is_skipped_and_counted(
        games: dict[str, Lines], tmp_path: Path, capsys: pytest.CaptureFixture[str],
        command: str) -> None:
    run = run_folder(tmp_path, games)
    assert main([command, str(run), "--json"]) == 0
    out, err = capsys.readouterr()
    result = json.loads(out)
    if command == "eval":
        assert result["games"] == 1
        assert "skipped 2 unfinished game(s) (no game_end, or torn)" in err
    else:
        assert result["skipped"] == 2


def test_a_torn_transcript_outside_a_run_folder_is_an_error(
        games: dict[str, Lines], tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    run = run_folder(tmp_path, games)
    (run / CONFIG_FILE).unlink()  # now a plain folder of transcripts
    message = refused(capsys, ["eval", str(run)], list((run / GAMES_DIR).iterdir()))
    assert "0001-b.jsonl:41: the last line is cut off" in message


def test_resume_plays_again_a_game_cut_short(tmp_path: Path,
                                             capsys: pytest.CaptureFixture[str]) -> None:
    config = tmp_path / "t.toml"
    config.write_text('name = "t"\npresets = ["tv-6"]\ndeals = 2\n'
                      '[agents.bot]\nagent = "random"\n', encoding="utf-8")
    run = tmp_path / "run"
    assert main(["tournament", str(config), "--out", str(run), "--quiet"]) == 0
    first = sorted((run / GAMES_DIR).glob("*.jsonl"))
    whole = first[0].read_bytes()
    cut = whole.rstrip(b"\n").rpartition(b"\n")[0] + b"\n"  # the game_end dropped by hand
    first[0].write_bytes(cut)
    second = first[1].read_bytes()
    first[1].write_bytes(second[:-20])  # torn inside its last line
    capsys.readouterr()
    assert main(["tournament", str(run), "--resume", "--quiet", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["games"] == 2
    assert first[0].read_bytes()[len(whole.split(b"\n", 1)[0]):] == \
        whole[len(whole.split(b"\n", 1)[0]):]  # the same game again, after its header
    assert first[1].read_bytes().endswith(b"\n") and read(first[1]).end is not None
    manifest = (run / "manifest.jsonl").read_text(encoding="utf-8").splitlines()
    assert sorted(json.loads(row)["index"] for row in manifest) == [0, 1]


def test_reading_reports_every_byte_for_a_progress_bar(games: dict[str, Lines],
                                                      tmp_path: Path) -> None:
    path = tmp_path / "game.jsonl"
    path.write_text("\n".join(games["classic-12"]) + "\n", encoding="utf-8")
    sizes: list[int] = []
    read(path, sizes.append)
    assert sum(sizes) == path.stat().st_size
