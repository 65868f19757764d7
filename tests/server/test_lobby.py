"""The lobby: a table's game waits until every person has opened their seat, or the host
starts it (the table's bot then plays the seats nobody opened); no decision is asked and
no clock runs before that, and each seat sees who is there."""

from __future__ import annotations

import re
import time

from fastapi.testclient import TestClient

from arena.engine.events import Speech
from tests.server.helpers import HOST, create, drive, table_of, wait_for


def test_nothing_happens_before_every_person_has_opened_their_seat(client: TestClient
                                                                    ) -> None:
    created = create(client, join=False, humans=[3, 5], turn_s=30, show_agents=True)
    table = table_of(client, created)
    time.sleep(0.2)  # the game would have dealt and asked its first night by now
    assert table.log == [] and all(s.pending is None for s in table.seats.values())
    three = client.get(created.seat_api(3), params={"token": created.token(3)}).json()
    assert three["lobby"] == {"started": False, "here": 1, "expected": 2, "joined": [3],
                              "waiting": [5]}
    time.sleep(0.1)
    assert table.log == []  # one of two people is not enough
    five = client.get(created.seat_api(5), params={"token": created.token(5)}).json()
    assert five["lobby"]["started"]
    wait_for(lambda: table.log)


def test_the_lobby_names_no_seat_where_the_agents_are_hidden(client: TestClient) -> None:
    """A seat number would tell which seats are people, not bots or models."""
    created = create(client, join=False, humans=[2, 7])
    two = client.get(created.seat_api(2), params={"token": created.token(2)}).json()
    assert two["lobby"] == {"started": False, "here": 1, "expected": 2, "joined": [],
                            "waiting": []}


def test_the_first_clock_starts_with_the_game_not_with_the_table(client: TestClient) -> None:
    created = create(client, join=False, humans=[1], turn_s=30, bots="heuristic", seed=4)
    time.sleep(0.5)
    client.get(created.seat_api(1), params={"token": created.token(1)})
    pending = wait_for(lambda: table_of(client, created).seats[1].pending)
    assert pending.remaining() > 29.5


def test_the_host_starts_with_the_missing_seats_played_by_the_bot(client: TestClient) -> None:
    created = create(client, join=False, humans=[2, 6], bots="random")
    client.get(created.seat_api(2), params={"token": created.token(2)})
    assert client.post(f"/api/tables/{created.id}/start", headers={"X-Host-Token": "no"}
                       ).status_code == 403
    started = client.post(f"/api/tables/{created.id}/start", headers=HOST)
    assert started.json() == {"filled": [6]}
    late = client.get(created.seat_api(6), params={"token": created.token(6)})
    assert late.status_code == 403  # the bot has the seat now
    del created.seats[6]
    views = drive(client, created, seed=3)
    assert views[2]["lobby"]["started"] and views[2]["agents"]["6"] == "random"
    assert views[2]["agents"]["2"] == "human"


def test_a_chinese_tables_bots_speak_chinese_the_filled_seat_too(client: TestClient) -> None:
    """Every bot of a zh table (a bot seat, and the seat the host's start gives the bot)
    speaks Chinese: no Latin letter in any bot's speech."""
    created = create(client, join=False, humans=[2, 6], bots="heuristic", lang="zh",
                     turn_s=5)
    client.get(created.seat_api(2), params={"token": created.token(2)})
    assert client.post(f"/api/tables/{created.id}/start", headers=HOST).json() == {
        "filled": [6]}
    del created.seats[6]
    drive(client, created, seed=3)
    spoken = [e for e in table_of(client, created).log
              if isinstance(e, Speech) and e.seat != 2 and e.text]
    assert {e.seat for e in spoken} >= {6}, "the filled seat said nothing"
    latin = [e.text for e in spoken if re.search("[A-Za-z]", e.text)]
    assert not latin, latin[:3]
