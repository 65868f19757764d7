"""``arena serve --prompts DIR`` and a profile's ``prompts`` key: the model seats a server
builds read that set, their header entries record its hashes, and a broken folder stops
the server at start with one line."""

from __future__ import annotations

import json
import socket
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from agents.prompts import PromptSet
from arena.app.cli import main
from arena.app.commands import serve
from arena.app.server.serving import TableServer
from tests.llm.prompt_copies import marked_copy
from tests.server.helpers import create

MODEL = "openai:gpt-4o-mini@http://127.0.0.1:9/v1"  # never called: the game waits for seat 1


def profiles_file(tmp_path: Path, own: Path) -> Path:
    path = tmp_path / "profiles.toml"
    path.write_text(f'[profiles.plain]\nagent = "{MODEL}"\n\n'
                    f'[profiles.own]\nagent = "{MODEL}"\nprompts = "{own}"\n', "utf-8")
    return path


@pytest.fixture
def served(monkeypatch: pytest.MonkeyPatch) -> list[TableServer]:
    """The servers ``arena serve`` would run (not run; its socket on a free port)."""
    ran: list[TableServer] = []
    monkeypatch.setattr(TableServer, "run", lambda self, sockets=None: ran.append(self))
    monkeypatch.setattr(serve, "listen", lambda host, port: socket.create_server((host, 0)))
    return ran


@pytest.mark.parametrize("flag", [True, False])
def test_served_model_seats_read_the_server_s_set_unless_their_profile_names_one(
        served: list[TableServer], tmp_path: Path, flag: bool) -> None:
    mine, own = marked_copy(tmp_path, "MARK-SERVER"), marked_copy(tmp_path, "MARK-PROFILE")
    out = tmp_path / "t"
    assert main(["serve", "--out-dir", str(out), "--table", str(profiles_file(tmp_path, own)),
                 *(["--prompts", str(mine)] if flag else [])]) == 0
    app = served[0].config.app
    with TestClient(app, headers={"X-Host-Token": app.state.host_token}) as client:
        create(client, join=False, seed=2, agents={"2": "plain", "3": "own"})
    header = json.loads(next(out.glob("*.jsonl")).read_text("utf-8").splitlines()[0])
    seats = {entry["seat"]: entry for entry in header["seats"]}
    assert seats[2]["model"] == seats[3]["model"] == "gpt-4o-mini"
    assert seats[2].get("prompts") == (PromptSet(mine.resolve()).hashes(("en",)) if flag
                                       else None)
    assert seats[3]["prompts"] == PromptSet(own.resolve()).hashes(("en",))
    assert "prompts" not in seats[4]  # a bot


@pytest.mark.parametrize(("spoil", "said"), [
    ("flag", "arena: error: --prompts: prompt folder {nowhere} does not exist"),
    ("profile", "arena: error: {table}: profiles.own: prompt folder {nowhere} does not exist"),
    ("zh", "arena: error: --prompts: prompt folder {mine}: no zh/ folder in it"),
    ("no table", "arena: error: --prompts: only model seats read prompts; name them with "
                 "--table PROFILES.toml"),
], ids=["flag", "profile", "zh", "no-table"])
def test_a_broken_prompt_folder_stops_the_server_with_one_line(
        served: list[TableServer], tmp_path: Path, capsys: pytest.CaptureFixture[str],
        spoil: str, said: str) -> None:
    mine, nowhere = marked_copy(tmp_path, "MARK-SERVER"), tmp_path / "nowhere"
    table = profiles_file(tmp_path, nowhere if spoil == "profile" else mine)
    if spoil == "zh":
        for file in (mine / "zh").iterdir():
            file.unlink()
        (mine / "zh").rmdir()
    table_args = [] if spoil == "no table" else ["--table", str(table)]
    flag = [] if spoil == "profile" else ["--prompts", str(nowhere if spoil == "flag" else mine)]
    assert main(["serve", "--out-dir", str(tmp_path / "t"), *table_args, *flag]) == 2
    out, err = capsys.readouterr()
    assert out == "" and not served
    assert err == said.format(nowhere=nowhere, table=table, mine=mine) + "\n"
