"""Another prompt set for a model seat (``--prompts DIR``, a table's ``prompts`` key): the
seat reads that set's templates, the header records that set's hashes for it, and a
folder that is missing, incomplete or asks for a field the game does not fill is one
line and exit 2 before any game starts."""

from __future__ import annotations

import asyncio
import shutil
import tomllib
from collections.abc import Callable, Iterator
from fnmatch import fnmatch
from pathlib import Path

import pytest

from agents.prompts import FILES, LANGS, SHIPPED, SHIPPED_DIR, PromptSet, load, shipped_dir
from agents.random import RandomAgent
from arena.app.cli import main, parser
from arena.app.commands._game_setup import build_setup
from arena.app.session import Session
from arena.engine import Game, Request, observe
from tests.llm.prompt_copies import marked_copy
from tests.llm.stub_server import StubServer


@pytest.fixture
def stub() -> Iterator[StubServer]:
    with StubServer() as server:
        yield server


def test_seats_read_the_sets_they_are_given(stub: StubServer, tmp_path: Path) -> None:
    """Seat 1 plays from --prompts, seat 2 from its table key; the header has each set's
    hashes in its seat entry, and the shipped set's (the other seats') at the top."""
    first, second = marked_copy(tmp_path, "MARK-ONE"), marked_copy(tmp_path, "MARK-TWO")
    model = f"openai:gpt-4o-mini@{stub.openai_url}"
    table = tmp_path / "table.toml"
    table.write_text(f'[seats.2]\nagent = "{model}"\nprompts = "{second}"\n', "utf-8")
    setup = build_setup(parser().parse_args([
        "play", "--preset", "aiwolf-5", "--agents", "random", "--seat", f"1={model}",
        "--table", str(table), "--prompts", str(first), "--seed", "3"]))
    agents = setup.agents(3)
    log = asyncio.run(Game(setup.config, {s: RandomAgent(s) for s in agents}, seed=3).run())
    for seat in (1, 2):
        request = Request(seat=seat, kind="vote", day=1, options=(3, 4), allow_none=True,
                          context={"seats": tuple(agents), "ballot": "exile", "round": 1})
        asyncio.run(agents[seat].decide(observe(list(log.events[:5]), seat), request))
    sent = [[str(m["content"]) for m in seen.body["messages"]] for seen in stub.seen]
    assert [m[0].partition("\n")[0] for m in sent] == ["MARK-ONE", "MARK-TWO"]
    assert "MARK-ONE" in sent[0][1] and "MARK-TWO" in sent[1][1]  # its lines too
    header = Session(setup.config, agents, seed=3, specs=setup.seat_specs()).header
    seats = {entry.seat: entry for entry in header.seats}
    assert seats[1].prompts == PromptSet(first.resolve()).hashes(("en",))
    assert seats[2].prompts == PromptSet(second.resolve()).hashes(("en",))
    assert seats[1].prompts != seats[2].prompts != SHIPPED.hashes(("en",))
    assert all(seats[s].prompts is None for s in (3, 4, 5))
    assert {k: v for k, v in header.prompts.items() if not k.startswith("text/")} \
        == SHIPPED.hashes()


def _without_file(folder: Path) -> None:
    (folder / "en" / "turn.txt").unlink()


def _without_key(folder: Path) -> None:
    lines = folder / "en" / "lines.toml"
    lines.write_text(lines.read_text("utf-8").replace("\nanswer = \"", "\nanswered = \"", 1),
                     "utf-8")


def _unknown_field(folder: Path) -> None:
    card = folder / "en" / "card.txt"
    card.write_text(card.read_text("utf-8") + "$secret_role\n", "utf-8")


def _stray_dollar(folder: Path) -> None:
    (folder / "en" / "turn.txt").write_text("costs $5\n", "utf-8")


def _not_toml(folder: Path) -> None:
    (folder / "en" / "lines.toml").write_text("[words\n", "utf-8")


@pytest.mark.parametrize(("spoil", "said"), [
    (None, "does not exist"),
    (_without_file, "en/ lacks turn.txt"),
    (_without_key, "en/lines.toml lacks 1 key(s), first turn.answer"),
    (_unknown_field, "en/card.txt asks for $secret_role"),
    (_stray_dollar, "en/turn.txt has a stray $"),
    (_not_toml, "en/: Expected ']'"),
])
def test_a_bad_prompt_folder_is_one_line_and_exit_2(
        tmp_path: Path, capsys: pytest.CaptureFixture[str],
        spoil: Callable[[Path], None] | None, said: str) -> None:
    folder = tmp_path / "mine"
    if spoil is not None:
        shutil.copytree(SHIPPED_DIR, folder)
        spoil(folder)
    assert main(["simulate", "--agents", "random", "--prompts", str(folder), "--seed", "1"]) == 2
    out, err = capsys.readouterr()
    assert out == ""
    assert err.startswith(f"arena: error: --prompts: prompt folder {folder}")
    assert said in err and err.count("\n") == 1


def test_a_table_s_bad_prompt_folder_is_one_line_and_exit_2(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    table = tmp_path / "table.toml"
    table.write_text(f'[seats.1]\nagent = "openai:gpt-4o-mini@http://127.0.0.1:9/v1"\n'
                     f'prompts = "{tmp_path / "nowhere"}"\n', "utf-8")
    assert main(["simulate", "--agents", "random", "--table", str(table), "--seed", "1"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("arena: error: agent 'openai:gpt-4o-mini@http://127.0.0.1:9/v1': "
                          f"prompt folder {tmp_path / 'nowhere'} does not exist")
    assert err.count("\n") == 1


@pytest.mark.parametrize("lang", LANGS)
def test_the_shipped_set_is_the_top_level_folder_and_checks_clean(lang: str) -> None:
    assert Path(__file__).resolve().parents[2] / "prompts" == SHIPPED_DIR
    assert load(SHIPPED_DIR, lang) == SHIPPED


def test_the_wheel_ships_every_package_and_every_prompt_file() -> None:
    """pyproject names every package of the tree, and installs prompts/ as arena/prompts
    with every file in it (a wheel built from it was checked by hand: docs/architecture.md,
    "Where the words live")."""
    root = Path(__file__).resolve().parents[2]
    setup = tomllib.loads((root / "pyproject.toml").read_text("utf-8"))["tool"]["setuptools"]
    tree = {".".join(init.parent.relative_to(root).parts)
            for top in ("agents", "arena", "evals") for init in (root / top).rglob("__init__.py")}
    assert set(setup["packages"]) == tree | {"arena.prompts"}
    assert setup["package-dir"] == {"arena.prompts": "prompts"}
    globs = setup["package-data"]["arena.prompts"]
    shipped = [str(f.relative_to(SHIPPED_DIR)) for f in SHIPPED_DIR.rglob("*") if f.is_file()
               and "__pycache__" not in f.parts]
    assert len(shipped) == len(LANGS) * len(FILES)
    assert all(any(fnmatch(name, glob) for glob in globs) for name in shipped)


def test_the_shipped_set_is_found_where_a_wheel_puts_it_else_in_the_tree(
        tmp_path: Path) -> None:
    assert shipped_dir(tmp_path) == tmp_path / "prompts"
    (tmp_path / "arena" / "prompts").mkdir(parents=True)
    assert shipped_dir(tmp_path) == tmp_path / "arena" / "prompts"
