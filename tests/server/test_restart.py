"""A table survives its server (in process): the server stops mid-game, a new one on the
same folder brings the table back from its transcript and settings file, the same links
open it, the game goes on from the pending decision, and the finished transcript
replays exactly; model seats' recorded answers are replayed, not asked again."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from arena.app.reproduce import verify
from arena.app.server.links import SECRET_FILE, host_secret
from arena.errors import UsageError
from tests.server.helpers import (
    Created,
    answer_for,
    create,
    drive,
    host_client,
    open_seat,
    table_of,
    usage,
    wait_for,
)
from tests.server.test_model_seats import PROFILES, Priced, fake_models  # noqa: F401


def play_until(client: TestClient, created: Created, events: int, rng: random.Random
               ) -> int:
    """Answer the people's decisions until the game has ``events`` events and a person's
    decision is pending (left unanswered); that seat."""
    table = table_of(client, created)
    while True:
        for seat in created.seats:
            view = client.get(created.seat_api(seat), params={"token": created.token(seat)})
            pending = view.json()["pending"]
            if pending is None:
                continue
            if len(table.log) >= events:
                return seat
            client.post(f"{created.seat_api(seat)}/answer", params={"token": created.token(seat)},
                        json=answer_for(pending, rng))
        assert not table.over, "the game ended before the server stopped"


def seen(client: TestClient, created: Created, seat: int) -> list[dict[str, Any]]:
    view = client.get(created.seat_api(seat), params={"token": created.token(seat)})
    assert view.status_code == 200, view.text
    return view.json()["events"]  # type: ignore[no-any-return]


def test_a_table_comes_back_and_its_game_goes_on(tmp_path: Path,
                                                 fake_models: list[Priced]) -> None:  # noqa: F811
    with host_client(tmp_path, profiles=PROFILES) as first:
        created = create(first, preset="aiwolf-5", humans=[1, 2], seed=4,
                         agents={"3": "mini"})
        waiting = play_until(first, created, 12, random.Random(1))
        before = {seat: seen(first, created, seat) for seat in created.seats}
        asked = first.get(created.seat_api(waiting), params={"token": created.token(waiting)}
                          ).json()["pending"]
        spectator = first.get(f"/api/tables/{created.id}/spectate",
                              params={"token": created.spectator_token}).json()["events"]
    transcript = tmp_path / f"{created.id}.jsonl"
    recorded = transcript.read_text("utf-8").splitlines()
    called = len(fake_models)
    with transcript.open("a", encoding="utf-8") as file:
        file.write('{"seq":999,"ty')  # the kill cut the last line short
    with host_client(tmp_path, profiles=PROFILES) as second:
        table = table_of(second, created)
        wait_for(lambda: table.error or len(table.log) >= len(recorded) - 1)
        assert table.error is None
        for seat in created.seats:  # the same links, the same events, numbered the same
            assert seen(second, created, seat)[:len(before[seat])] == before[seat]
        watching = second.get(f"/api/tables/{created.id}/spectate",
                              params={"token": created.spectator_token}).json()["events"]
        assert watching[:len(spectator)] == spectator
        assert {e["audience"] for e in watching} == {"public"}  # the game runs: public only
        pending = wait_for(lambda: second.get(
            created.seat_api(waiting), params={"token": created.token(waiting)}).json()["pending"])
        assert pending["remaining_s"] > 60  # asked again, with a whole turn
        assert (pending["kind"], pending["options"]) == (asked["kind"], asked["options"])
        drive(second, created, seed=2)
        wait_for(lambda: table.task is not None and table.task.done())
        assert table.error is None
    lines = transcript.read_text("utf-8").splitlines()
    assert lines[:len(recorded)] == recorded  # nothing lost, nothing written twice
    assert json.loads(lines[-1])["type"] == "game_end"
    assert verify(transcript) == (True, f"{len(lines) - 1} events reproduced exactly")
    # every call the second server made is in its new events: no recorded answer re-asked
    assert sum(len(p.calls) for p in fake_models[called:]) == usage(lines[len(recorded):])
    assert usage(recorded) > 0


def test_the_lobby_comes_back_as_it_was(tmp_path: Path) -> None:
    with host_client(tmp_path) as first:
        waiting = create(first, humans=[1, 2], join=False)
        open_seat(first, waiting, 1)
        started = create(first, humans=[1, 2, 3], join=False, bots="heuristic")
        open_seat(first, started, 1)
        assert first.post(f"/api/tables/{started.id}/start").json() == {"filled": [2, 3]}
    assert (tmp_path / SECRET_FILE).stat().st_mode & 0o777 == 0o600
    with host_client(tmp_path) as second:
        lobby = second.get(waiting.seat_api(1), params={"token": waiting.token(1)}).json()
        assert lobby["lobby"] == {"started": False, "here": 1, "expected": 2, "joined": [],
                                  "waiting": []}
        assert lobby["events"] == [] and lobby["pending"] is None  # no clock runs yet
        open_seat(second, waiting, 2)
        assert table_of(second, waiting).started.is_set()
        assert second.get(started.seat_api(2), params={"token": started.token(2)}
                          ).status_code == 403  # the bot plays it since the start
        only_one = Created(started.id, {1: started.seats[1]}, started.spectator)
        ended = drive(second, only_one, seed=3)
        assert ended[1]["agents"]["2"] == "heuristic" and ended[1]["agents"]["1"] == "human"
    assert verify(tmp_path / f"{started.id}.jsonl")[0]


@pytest.mark.parametrize("damage", ["", "not json\n"])
def test_a_table_that_cannot_come_back_is_named_and_skipped(tmp_path: Path, damage: str,
                                                            caplog: pytest.LogCaptureFixture
                                                            ) -> None:
    with host_client(tmp_path) as first:
        created = create(first, humans=[1])
    (tmp_path / f"{created.id}.jsonl").write_text(damage, encoding="utf-8")
    with host_client(tmp_path) as second:
        assert second.get(created.seat_api(1), params={"token": created.token(1)}
                          ).status_code == 404
    assert f"table {created.id} cannot come back" in caplog.text


def test_the_host_secret_is_kept_private_and_the_same(tmp_path: Path) -> None:
    secret = host_secret(tmp_path)
    path = tmp_path / SECRET_FILE
    assert path.stat().st_mode & 0o777 == 0o600
    path.chmod(0o644)
    assert host_secret(tmp_path) == secret and path.stat().st_mode & 0o777 == 0o600
    path.write_text("short\n", encoding="ascii")
    with pytest.raises(UsageError, match="not a host secret"):
        host_secret(tmp_path)
