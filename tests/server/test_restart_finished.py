"""A finished table survives its server too (in process): a new server on the same folder
brings back the newest finished tables, read-only, from their transcripts: the same links
show the same end, the way back and "play again" work as before, and their recorded
spending counts again."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from fastapi.testclient import TestClient

from arena.app.server.table_file import SUFFIX
from tests.server.helpers import Created, create, drive, host_client, table_of, wait_for
from tests.server.test_model_seats import PROFILES, Priced, fake_models  # noqa: F401


def finished(client: TestClient, people: bool = True, **spec: Any) -> Created:
    """A table whose game has ended: its people played at random, or with ``people``
    False, the host started it at once and bots played every seat."""
    created = create(client, join=people, **spec)
    if people:
        drive(client, created, seed=1)
    else:
        assert client.post(f"/api/tables/{created.id}/start").status_code == 200
    table = table_of(client, created)
    wait_for(lambda: table.ended())
    return created


def pages(client: TestClient, created: Created) -> dict[str, Any]:
    """What each of the table's links shows: every seat's view, the spectator's, and the
    way back (the game's page) through each."""
    shown: dict[str, Any] = {}
    for seat in created.seats:
        token = {"token": created.token(seat)}
        shown[f"seat {seat}"] = client.get(created.seat_api(seat), params=token).json()
        shown[f"page {seat}"] = client.get(f"/game/{created.id}", params=token).text
    watch = {"token": created.spectator_token}
    shown["spectator"] = client.get(f"/api/tables/{created.id}/spectate", params=watch).json()
    shown["page"] = client.get(f"/game/{created.id}", params=watch).text
    return shown


def test_a_finished_table_comes_back_showing_its_end(tmp_path: Path) -> None:
    with host_client(tmp_path) as first:
        created = finished(first, humans=[1, 2], bots="heuristic", seed=3, lobby=True)
        before = pages(first, created)
    with host_client(tmp_path) as second:
        assert table_of(second, created).ended()  # at once: no page sees it played again
        after = pages(second, created)
        assert second.get("/api/lobby").json() == {"tables": []}  # finished: not offered
    assert after == before  # the same links, the same views, events and game page
    seat = after["seat 1"]
    assert seat["over"] and seat["final"] and seat["pending"] is None
    assert seat["game_page"] == f"/game/{created.id}?token={created.token(1)}"
    assert "<html" in after["page 1"].lower()
    spectator = after["spectator"]  # after the end, spectators see everything
    assert any(e["audience"] != "public" for e in spectator["events"])
    assert spectator["final"] == seat["final"]


def test_only_the_newest_finished_tables_come_back(tmp_path: Path) -> None:
    with host_client(tmp_path, max_tables=1) as first:  # it keeps 4 tables
        made = [finished(first, False, preset="aiwolf-5", seed=seed) for seed in range(6)]
    for age, created in enumerate(made):  # the first made changed last
        os.utime(tmp_path / f"{created.id}.jsonl", (1e9 - age, 1e9 - age))
    cut_off = tmp_path / f"{made[5].id}.jsonl"  # the oldest, but its game_end is lost
    cut_off.write_text("".join(cut_off.read_text("utf-8").splitlines(True)[:-1]), "utf-8")
    with host_client(tmp_path, max_tables=1) as second:
        back = {c.id for c in made if second.get(
            f"/api/tables/{c.id}/spectate", params={"token": c.spectator_token}).status_code == 200}
        assert back == {c.id for c in made[:4]} | {made[5].id}
    assert len(list(tmp_path.glob(f"*{SUFFIX}"))) == 6  # the others are left as they are


def test_a_finished_tables_spend_counts_again(tmp_path: Path,
                                              fake_models: list[Priced]) -> None:  # noqa: F811
    with host_client(tmp_path, profiles=PROFILES) as first:
        created = finished(first, humans=[1], seed=4, agents={"3": "mini"})
        spent = first.get("/api/host").json()["spending"]
    called = sum(len(p.calls) for p in fake_models)
    assert spent["spent"] > 0 and called > 0
    assert [t["table"] for t in spent["tables"]] == [created.id]
    with host_client(tmp_path, profiles=PROFILES) as second:
        assert second.get("/api/host").json()["spending"] == spent
    assert sum(len(p.calls) for p in fake_models) == called  # no model asked again


def test_play_again_gives_the_same_rematch_after_a_restart(tmp_path: Path) -> None:
    with host_client(tmp_path) as first:
        created = finished(first, humans=[1])
        again = first.post(f"{created.seat_api(1)}/again", params={"token": created.token(1)}
                           ).json()["again"]
    rematch = again.split("/")[2]
    with host_client(tmp_path) as second:
        view = second.get(created.seat_api(1), params={"token": created.token(1)}).json()
        assert view["again"] == again
        pressed = second.post(f"{created.seat_api(1)}/again",
                              params={"token": created.token(1)})
        assert pressed.json() == {"again": again}
    assert len(list(tmp_path.glob(f"*{SUFFIX}"))) == 2
    (tmp_path / f"{rematch}{SUFFIX}").unlink()  # the rematch cannot come back
    with host_client(tmp_path) as third:
        pressed = third.post(f"{created.seat_api(1)}/again", params={"token": created.token(1)})
        assert pressed.status_code == 400 and "did not come back" in pressed.text
    assert len(list(tmp_path.glob(f"*{SUFFIX}"))) == 1  # no second rematch


def test_the_guesses_come_back(tmp_path: Path) -> None:
    with host_client(tmp_path) as first:
        created = finished(first, humans=[1], spot_the_ai=True)
        guessed = first.post(f"{created.seat_api(1)}/guess", params={"token": created.token(1)},
                             json={"ai": [2, 3]})
        assert guessed.status_code == 200, guessed.text
    with host_client(tmp_path) as second:
        view = second.get(created.seat_api(1), params={"token": created.token(1)}).json()
        assert not view["guess"] and view["game_page"] and view["agents"]
        again = second.post(f"{created.seat_api(1)}/guess", params={"token": created.token(1)},
                            json={"ai": [4]})
        assert again.status_code == 409 and "already in" in again.text
