"""``arena serve``: its options reach uvicorn, and bad ones are one-line errors."""

from __future__ import annotations

import json
import socket
import threading
import time
from pathlib import Path
from urllib.request import Request, urlopen

import pytest

from arena.cli import main
from arena.server import create_app
from arena.server.serving import TableServer, table_server


def test_serve_runs_the_app_without_an_access_log(monkeypatch: pytest.MonkeyPatch,
                                                  tmp_path: Path,
                                                  capsys: pytest.CaptureFixture[str]) -> None:
    ran: list[TableServer] = []
    monkeypatch.setattr(TableServer, "run", lambda self: ran.append(self))
    assert main(["serve", "--port", "8765", "--out-dir", str(tmp_path / "t"),
                 "--max-tables", "3"]) == 0
    config = ran[0].config
    assert config.access_log is False  # links carry tokens: never log them
    assert (config.host, config.port) == ("127.0.0.1", 8765)
    assert ran[0].tables.out_dir == tmp_path / "t" and ran[0].tables.max_tables == 3
    assert "http://127.0.0.1:8765/" in capsys.readouterr().out


def test_stopping_the_server_ends_open_streams(tmp_path: Path) -> None:
    """An open live stream would hold uvicorn's shutdown forever; the server ends it."""
    app = create_app(tmp_path)
    sock = socket.socket()
    sock.bind(("127.0.0.1", 0))
    server = table_server(app, "127.0.0.1", sock.getsockname()[1])
    thread = threading.Thread(target=server.run, kwargs={"sockets": [sock]}, daemon=True)
    thread.start()
    base = f"http://127.0.0.1:{sock.getsockname()[1]}"
    while not server.started:
        time.sleep(0.01)
    request = Request(f"{base}/api/tables", method="POST", data=json.dumps(
        {"humans": [1], "turn_s": 60}).encode(), headers={"Content-Type": "application/json"})
    with urlopen(request) as created:
        link = json.load(created)["spectator"]
    table_id, token = link.split("/")[2].split("?")[0], link.split("token=")[1]
    with urlopen(f"{base}/api/tables/{table_id}/spectate/stream?token={token}") as stream:
        assert stream.readline().startswith(b"id: ")
        server.should_exit = True
        thread.join(5)
    assert not thread.is_alive()
    sock.close()


@pytest.mark.parametrize(("args", "message"), [
    (["--port", "70000"], "--port 70000"), (["--max-tables", "0"], "--max-tables"),
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
