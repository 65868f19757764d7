"""The web table's API: creating tables, playing them to the end through the API,
transcripts that replay, reconnecting, timeouts and fallbacks."""

from __future__ import annotations

import asyncio
import json
import random
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from arena import transcript
from arena.app import reproduce
from arena.app.server import i18n
from arena.app.server.seat import WebSeat
from arena.app.server.table import Table
from arena.engine import Decision, Observation, Request, observe
from arena.engine.events import Fallback, RoleDealt
from arena.engine.view import visible
from tests.server.helpers import (
    Created,
    answer_for,
    create,
    drive,
    host_client,
    open_seat,
    table_of,
    wait_for,
)


def test_both_languages_have_every_string() -> None:
    assert i18n.STRINGS["en"].keys() == i18n.STRINGS["zh"].keys()
    assert i18n.role_names("zh")["werewolf"] == "狼人"
    assert i18n.role_names("en")["werewolf"] == "werewolf"


def test_meta_lists_presets_and_strings_per_language(client: TestClient) -> None:
    zh = client.get("/api/meta", params={"lang": "zh"}).json()
    assert zh["strings"]["create"] == "开桌"
    assert {"name": "classic-8", "players": 8} in zh["presets"]
    assert client.get("/api/meta", params={"lang": "xx"}).json()["strings"]["create"] == \
        "Create the table"


@pytest.mark.parametrize(("spec", "message"), [
    ({"preset": "no-such-preset"}, "no-such-preset"),
    ({"humans": [9]}, "seats [9] are not at this 8-player table"),
    ({"humans": [99]}, "seats [99] are not at this 8-player table"),  # not "at most 30"
    ({"rules": {"no.such.key": "1"}}, "unknown rule key"),
    ({"roles": {"werewolf": 1, "dragon": 7}}, "unknown role 'dragon'"),
])
def test_a_bad_table_is_refused_with_the_reason(client: TestClient, spec: dict[str, Any],
                                                message: str) -> None:
    response = client.post("/api/tables", json={"humans": [1], **spec})
    assert response.status_code == 400
    assert message in response.json()["detail"]


@pytest.mark.parametrize("spec", [
    {"humans": []}, {"humans": [1], "bots": "openai:gpt-4o"}, {"humans": [1], "lang": "fr"},
    {"humans": [1], "turn_s": 0}, {"humans": [1], "owner": "me"},
])
def test_table_requests_are_validated(client: TestClient, spec: dict[str, Any]) -> None:
    assert client.post("/api/tables", json=spec).status_code == 422


def test_two_humans_play_to_the_end_and_the_transcript_replays(client: TestClient,
                                                               tmp_path: Path) -> None:
    created = create(client, humans=[2, 5], bots="heuristic", seed=4, turn_s=30)
    views = drive(client, created, seed=4)
    end = views[2]["events"][-1]
    assert end["type"] == "game_end" and views[5]["events"][-1] == end
    path = tmp_path / f"{created.id}.jsonl"
    record = transcript.read(path)
    assert [s.agent for s in record.header.seats] == \
        ["heuristic", "web", "heuristic", "heuristic", "web", "heuristic", "heuristic",
         "heuristic"]
    assert [e.to_dict() for e in record.events] == [e.to_dict() for e in table_of(
        client, created).log]
    assert reproduce.verify(path)[0]
    assert not [e for e in record.events if isinstance(e, Fallback)]


def test_several_tables_run_at_once(client: TestClient) -> None:
    first, second = create(client, seed=1), create(client, seed=2, humans=[3])
    assert first.id != second.id
    for created, seat in ((first, 1), (second, 3)):
        wait_for(lambda c=created, s=seat: client.get(c.seat_api(s), params={
            "token": c.token(s)}).json()["pending"])
    drive(client, second, seed=2)
    assert not table_of(client, first).over  # still waiting for its human
    drive(client, first, seed=1)


def test_the_number_of_running_games_is_limited(tmp_path: Path) -> None:
    with host_client(tmp_path, max_tables=1) as small:
        create(small, turn_s=30)
        refused = small.post("/api/tables", json={"humans": [1]})
        assert refused.status_code == 400 and "limit of 1 games" in refused.json()["detail"]


def test_a_reconnecting_player_gets_the_same_seat_back(client: TestClient) -> None:
    created = create(client, humans=[1], seed=6, turn_s=30)
    api, token = created.seat_api(1), created.token(1)
    first = wait_for(lambda: client.get(api, params={"token": token}).json()["pending"] and
                     client.get(api, params={"token": token}).json())
    again = client.get(api, params={"token": token}).json()
    for view in (first, again):
        view["pending"].pop("remaining_s")
    assert again == first
    dealt = [e for e in table_of(client, created).log if isinstance(e, RoleDealt)]
    assert again["role"] == next(e.role for e in dealt if e.seat == 1)
    later = client.get(api, params={"token": token, "after": first["last"]}).json()
    assert later["events"] == [] and later["replace"] is False
    sent = client.post(f"{api}/answer", params={"token": token},
                       json=answer_for(first["pending"], random.Random(0)))
    assert sent.status_code == 200


def silent(client: TestClient, seat: int, **spec: Any) -> tuple[Created, Table]:
    """A table whose person at ``seat`` never answers; the seat's clock runs at 50 ms a
    turn (the form's floor is 1 s) so that its whole game of time-outs takes a second."""
    created = create(client, humans=[seat], turn_s=1, join=False, **spec)
    table = table_of(client, created)
    table.seats[seat].turn_s = table.seats[seat].grace_s = 0.05
    open_seat(client, created, seat)
    wait_for(lambda: table.over and table.task is not None and table.task.done())
    return created, table


def test_a_silent_human_times_out_to_the_engine_default_and_the_game_ends(
        client: TestClient) -> None:
    _, table = silent(client, 3, seed=2)
    fallbacks = [e for e in table.log if isinstance(e, Fallback)]
    assert fallbacks and {(e.seat, e.reason) for e in fallbacks} == {(3, "timeout")}
    assert all(e.audience == (3,) for e in fallbacks)
    assert table.seats[3].away


def test_the_fallback_agent_is_configurable(client: TestClient) -> None:
    _, table = silent(client, 3, seed=2, fallback="random")
    assert not [e for e in table.log if isinstance(e, Fallback)]
    assert table.seats[3].away


class Stand:
    """A fallback that always says yes, and keeps what it was asked."""

    def __init__(self) -> None:
        self.asked: list[Request] = []

    async def decide(self, observation: Observation, request: Request) -> Decision:
        self.asked.append(request)
        return Decision(kind=request.kind, yes=True)


def test_an_away_player_is_played_by_the_fallback_until_they_come_back() -> None:
    """Issue 14: a missed decision takes the fallback for that decision only; the seat
    is away after two misses in a row, and then waits only a short grace."""
    stand = Stand()
    asked = stand.asked
    seat = WebSeat(0.05, stand, lambda: None)
    seat.grace_s = 0.05
    request = Request(seat=1, kind="save", day=1)
    seen = observe([], 1)

    async def scenario() -> list[Decision]:
        first = await seat.decide(seen, request)  # nobody answers: the fallback decides
        assert not seat.away and seat.missed == 1 and seat.pending is None  # warned only
        second = await seat.decide(seen, request)  # a second miss in a row: away
        assert seat.away and seat.pending is None
        seat.turn_s = 3600.0  # were it still waiting a whole turn, this would hang
        third = await asyncio.wait_for(seat.decide(seen, request), 5)  # away: handed over
        seat.back()
        assert not seat.away and seat.missed == 0
        waiting = asyncio.ensure_future(seat.decide(seen, request))
        await asyncio.sleep(0)
        assert seat.pending is not None
        assert seat.answer(Decision(kind="save")) == "save: answer yes or no"
        assert seat.answer(Decision(kind="save", yes=False)) is None
        return [first, second, third, await waiting]

    answers = asyncio.run(scenario())
    assert [a.yes for a in answers] == [True, True, True, False] and len(asked) == 3


def test_one_missed_decision_then_an_answer_never_marks_the_seat_away() -> None:
    stand = Stand()
    seat = WebSeat(0.05, stand, lambda: None)
    request = Request(seat=1, kind="save", day=1)
    seen = observe([], 1)

    async def scenario() -> None:
        await seat.decide(seen, request)  # missed
        seat.turn_s = 3600.0
        waiting = asyncio.ensure_future(seat.decide(seen, request))
        await asyncio.sleep(0)
        assert seat.answer(Decision(kind="save", yes=False)) is None
        await waiting
        seat.turn_s = 0.05
        await seat.decide(seen, request)  # missed again, but not in a row

    asyncio.run(scenario())
    assert not seat.away and seat.missed == 1
    assert seat.answer(Decision(kind="save", yes=True)) == "no decision is pending for this seat"


def test_the_stream_sends_the_seat_view_until_the_game_ends(client: TestClient) -> None:
    created, table = silent(client, 1, seed=3, fallback="passive")
    with client.stream("GET", f"{created.seat_api(1)}/stream",
                       params={"token": created.token(1)}) as stream:
        body = "".join(stream.iter_text())
    assert stream.headers["content-type"].startswith("text/event-stream")
    assert body.rstrip().endswith("event: end\ndata: {}")
    assert f"id: {len([e for e in table.log if visible(e, 1)])}\n" in body
    with client.stream("GET", f"/api/tables/{created.id}/spectate/stream",
                       params={"token": created.spectator_token}) as stream:
        messages = [json.loads(line[6:]) for line in stream.iter_lines()
                    if line.startswith("data: {\"")]
    assert messages[-1]["replace"] and messages[-1]["over"]  # the game is over: everything
    assert [e["type"] for e in messages[-1]["events"]] == [e.to_dict()["type"] for e in table.log]
    assert [e["seq"] for e in messages[-1]["events"]] == list(range(len(table.log)))


def test_finished_tables_are_forgotten_when_too_many_are_kept(tmp_path: Path) -> None:
    with host_client(tmp_path, max_tables=1) as small:
        made = []
        for seed in range(6):
            made.append(create(small, humans=[1], seed=seed))
            drive(small, made[-1], seed)
            table = table_of(small, made[-1])
            wait_for(lambda t=table: t.task is not None and t.task.done())
        kept = small.app.state.tables.tables  # type: ignore[attr-defined]
        assert list(kept) == [c.id for c in made[-4:]]
        assert small.get(made[0].seat_api(1), params={"token": made[0].token(1)}
                         ).status_code == 404


def test_an_away_player_who_answers_in_the_grace_is_back() -> None:
    """Issue 14: after a missed turn the seat is away, but its next request still waits
    a short grace for the person; answering then plays their choice and ends the away
    state, so one missed turn does not hand the rest of the game to the fallback."""
    stand = Stand()
    asked = stand.asked
    seat = WebSeat(0.2, stand, lambda: None)
    request = Request(seat=1, kind="save", day=1)
    seen = observe([], 1)

    async def scenario() -> Decision:
        await seat.decide(seen, request)  # the missed turns
        await seat.decide(seen, request)
        assert seat.away and len(asked) == 2
        waiting = asyncio.ensure_future(seat.decide(seen, request))
        await asyncio.sleep(0)
        assert seat.pending is not None  # the away seat still waits for the person
        assert seat.answer(Decision(kind="save", yes=False)) is None
        return await waiting

    assert asyncio.run(scenario()).yes is False
    assert not seat.away and len(asked) == 2
