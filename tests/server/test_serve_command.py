"""``arena serve``: its options reach uvicorn, and bad ones are one-line errors."""

from __future__ import annotations

import json
import socket
from pathlib import Path
from urllib.request import Request, urlopen

import pytest

from arena.app.cli import main
from arena.app.server import create_app
from arena.app.server.serving import TableServer
from tests.server.helpers import HOST, HOST_TOKEN, served


def test_serve_runs_the_app_without_an_access_log(monkeypatch: pytest.MonkeyPatch,
                                                  tmp_path: Path,
                                                  capsys: pytest.CaptureFixture[str]) -> None:
    ran: list[TableServer] = []
    monkeypatch.setattr(TableServer, "run", lambda self, sockets=None: ran.append(self))
    assert main(["serve", "--port", "8765", "--out-dir", str(tmp_path / "t"),
                 "--max-tables", "3"]) == 0
    config = ran[0].config
    assert config.access_log is False  # links carry tokens: never log them
    assert (config.host, config.port) == ("127.0.0.1", 8765)
    assert ran[0].tables.out_dir == tmp_path / "t" and ran[0].tables.max_tables == 3
    assert "http://127.0.0.1:8765/" in capsys.readouterr().out


def test_stopping_the_server_ends_open_streams(tmp_path: Path) -> None:
    """An open live stream would hold uvicorn's shutdown forever; the server ends it."""
    with served(create_app(tmp_path, host_token=HOST_TOKEN)) as web:
        body = json.dumps({"humans": [1], "turn_s": 60}).encode()
        request = Request(f"{web.url}/api/tables", method="POST", data=body,
                          headers={"Content-Type": "application/json", **HOST})
        with urlopen(request) as created:
            link = json.load(created)["spectator"]
        table_id, token = link.split("/")[2].split("?")[0], link.split("token=")[1]
        with urlopen(f"{web.url}/api/tables/{table_id}/spectate/stream?token={token}") as stream:
            assert stream.readline().startswith(b"id: ")
            web.stop(timeout_s=5)
        assert not web.thread.is_alive()


@pytest.mark.parametrize(("args", "message"), [
    (["--port", "70000"], "--port 70000"), (["--max-tables", "0"], "--max-tables"),
    (["--budget-usd", "0"], "--budget-usd 0: give an amount above 0"),
    (["--table-budget-usd", "-1"], "--table-budget-usd -1"),
    (["--budget-usd", "nan"], "--budget-usd nan: give an amount above 0"),
    (["--table-budget-usd", "nan"], "--table-budget-usd nan: give an amount above 0"),
    (["--budget-usd", "inf"], "--budget-usd inf: give an amount above 0"),
    (["--host-token", "short"], "at least 16 characters"),
    (["--table", "/no/such/profiles.toml"], "/no/such/profiles.toml"),
])
def test_bad_serve_options_are_one_line_errors(args: list[str], message: str,
                                               capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["serve", *args]) == 2
    err = capsys.readouterr().err
    assert err.startswith("arena: error: ") and message in err and err.count("\n") == 1


def test_an_out_dir_that_is_a_file_is_refused(tmp_path: Path,
                                              capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "f").write_text("")
    assert main(["serve", "--out-dir", str(tmp_path / "f")]) == 2
    assert "is a file" in capsys.readouterr().err


def test_a_busy_port_or_an_unknown_host_is_a_one_line_error(
        capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    """Issue 14: not uvicorn's log and exit code 3, but one line and exit 2."""
    busy = socket.socket()
    busy.bind(("127.0.0.1", 0))
    busy.listen()
    port = busy.getsockname()[1]
    try:
        assert main(["serve", "--port", str(port), "--out-dir", str(tmp_path)]) == 2
    finally:
        busy.close()
    err = capsys.readouterr().err
    assert err.startswith(f"arena: error: cannot listen on 127.0.0.1:{port}: ")
    assert err.count("\n") == 1
    assert main(["serve", "--host", "no-such-host.invalid", "--out-dir", str(tmp_path)]) == 2
    err = capsys.readouterr().err
    assert err.startswith("arena: error: --host no-such-host.invalid: ") and err.count("\n") == 1


def test_an_out_dir_that_cannot_be_written_is_refused(tmp_path: Path,
                                                      capsys: pytest.CaptureFixture[str]
                                                      ) -> None:
    (tmp_path / "f").write_text("")
    assert main(["serve", "--out-dir", str(tmp_path / "f" / "inside")]) == 2
    err = capsys.readouterr().err
    assert err.startswith("arena: error: --out-dir ") and "cannot write there" in err


def test_serve_prints_the_host_link_and_takes_profiles_and_caps(
        monkeypatch: pytest.MonkeyPatch, tmp_path: Path,
        capsys: pytest.CaptureFixture[str]) -> None:
    ran: list[TableServer] = []
    monkeypatch.setattr(TableServer, "run", lambda self, sockets=None: ran.append(self))
    profiles = tmp_path / "profiles.toml"
    profiles.write_text('[profiles.local]\nagent = "openai:llama@http://127.0.0.1:9/v1"\n',
                        encoding="utf-8")
    monkeypatch.setenv("ARENA_HOST_TOKEN", "from-the-environment-0123")
    assert main(["serve", "--port", "8766", "--out-dir", str(tmp_path / "t"), "--table",
                 str(profiles), "--budget-usd", "5", "--table-budget-usd", "0.5"]) == 0
    tables = ran[0].tables
    assert "local" in tables.profiles and tables.spend.cap == 5
    assert tables.table_budget_usd == 0.5
    assert "http://127.0.0.1:8766/#host=from-the-environment-0123" in capsys.readouterr().out
    assert main(["serve", "--port", "8766", "--out-dir", str(tmp_path / "t"),
                 "--host-token", "from-the-command-line-0123"]) == 0
    assert "#host=from-the-command-line-0123" in capsys.readouterr().out


def test_without_a_token_the_server_makes_one(monkeypatch: pytest.MonkeyPatch, tmp_path: Path,
                                              capsys: pytest.CaptureFixture[str]) -> None:
    """Signed with the host secret kept beside the transcripts: the same after a restart,
    another for another folder."""
    monkeypatch.setattr(TableServer, "run", lambda self, sockets=None: None)
    monkeypatch.delenv("ARENA_HOST_TOKEN", raising=False)
    tokens = []
    for out in ("a", "a", "b"):
        assert main(["serve", "--port", "8767", "--out-dir", str(tmp_path / out)]) == 0
        tokens.append(capsys.readouterr().out.split("#host=")[1].split()[0])
    assert tokens[0] == tokens[1] != tokens[2] and all(len(t) >= 24 for t in tokens)
    assert (tmp_path / "a" / "host.secret").stat().st_mode & 0o777 == 0o600
