"""A fork's model seats play on the texts their parent seats read: the header records the
hashes of a seat's prompt set, not its folder, so ``arena fork`` takes the folder again
(``--prompts DIR``) and refuses, with one line, to play a seat on other texts."""

from __future__ import annotations

from pathlib import Path

import pytest

from arena import transcript
from arena.app import reproduce
from arena.app.cli import main
from tests.llm.prompt_copies import marked_copy
from tests.llm.stub_server import StubServer

AT = 12  # the parent's last event replayed: the model seat plays on from night 1


def parent(tmp_path: Path, stub: StubServer, *options: str) -> Path:
    """A five-seat game of random bots and a model at seat 1."""
    out = tmp_path / "parent.jsonl"
    assert main(["play", "--preset", "aiwolf-5", "--seed", "3", "--agents", "random",
                 "--seat", f"1=openai:gpt-4o-mini@{stub.openai_url}", "--out", str(out),
                 *options]) in (0, 1)
    return out


def fork(game: Path, *options: str) -> int:
    return main(["fork", str(game), "--at", str(AT), "--out",
                 str(game.with_name("child.jsonl")), *options])


def test_a_seat_on_another_set_forks_only_with_that_set(
        stub: StubServer, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    mine, other = marked_copy(tmp_path, "MARK-MINE"), marked_copy(tmp_path, "MARK-OTHER")
    game = parent(tmp_path, stub, "--prompts", str(mine))
    capsys.readouterr()
    assert fork(game) == 2
    assert capsys.readouterr().err == (
        "arena: error: seat 1 played on a prompt set with other texts (en/system.txt, "
        "en/lines.toml differ from the shipped set's); give it with --prompts DIR\n")
    assert fork(game, "--prompts", str(other)) == 2
    assert capsys.readouterr().err.endswith(
        f"differ from the shipped set's and {other}'s); give it with --prompts DIR\n")
    asked = len(stub.seen)
    assert fork(game, "--prompts", str(other), "--prompts", str(mine)) == 0
    child = transcript.read(game.with_name("child.jsonl"))
    recorded = transcript.read(game).header.seats[0]
    assert child.header.seats[0].prompts == recorded.prompts is not None
    assert child.header.fork is not None and child.header.fork.at == AT
    systems = [str(seen.body["messages"][0]["content"]) for seen in stub.seen[asked:]]
    assert systems and all(s.startswith("MARK-MINE\n") for s in systems)
    assert reproduce.verify(game.with_name("child.jsonl"))[0]


def test_a_seat_on_the_shipped_set_forks_as_before_in_its_language(
        stub: StubServer, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    game = parent(tmp_path, stub, "--lang", "zh")
    assert fork(game) == 0
    seat = transcript.read(game.with_name("child.jsonl")).header.seats[0]
    assert seat.prompts is None and seat.lang == "zh" and seat.model == "gpt-4o-mini"
    capsys.readouterr()
    assert fork(game, "--prompts", str(tmp_path / "nowhere")) == 2
    assert capsys.readouterr().err == (f"arena: error: --prompts: prompt folder "
                                       f"{tmp_path / 'nowhere'} does not exist\n")
    header, *events = game.read_text("utf-8").splitlines()
    strange = game.with_name("strange.jsonl")
    strange.write_text("\n".join([header.replace('"lang": "zh"', '"lang": "fr"'), *events])
                       + "\n", "utf-8")
    assert fork(strange) == 2
    assert capsys.readouterr().err == ("arena: error: seat 1 played in 'fr', which no prompt "
                                       "set has (en, zh)\n")
