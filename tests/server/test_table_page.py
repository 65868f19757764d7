"""Issue 14, the web table as people read it: the role card from the seat's own
observation, the final roles table, plain words for every event (no internal keys, the
pack's kill said once with a word on a split pack, ties that say nobody goes), and the
host form's errors in plain words."""

from __future__ import annotations

import asyncio
import re
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from agents.random import RandomAgent
from arena.app.server.card import role_card
from arena.app.server.table import as_seen, final_roles
from arena.engine import GameConfig, observe, run_game
from arena.engine.events import (
    BaseEvent,
    GameEnd,
    NightAction,
    Reveal,
    Setup,
    Sheriff,
    Shot,
    VoteResult,
)
from arena.engine.view import visible
from arena.text import LANGS, Describer, describe
from tests.server.helpers import create, drive, host_client

NAMES = tuple(f"P{s}" for s in range(1, 9))
RAW = re.compile(r"\b[a-z]+_[a-z_]+\b|[{}]")  # an internal key or an unfilled template


def setup() -> Setup:
    return Setup(seq=0, day=0, phase="setup", audience="public", players=8, names=NAMES,
                 roles={"werewolf": 2, "witch": 1, "hunter": 1, "villager": 4}, rules={},
                 attributes={})


def kill(seq: int, seat: int, target: int | None, pack: tuple[int, ...], final: bool
         ) -> NightAction:
    return NightAction(seq=seq, day=1, phase="night", audience=pack, seat=seat,
                       action="kill", target=target, final=final)


def lines(events: list[BaseEvent], viewer: Any, lang: str = "en") -> list[str]:
    say = Describer(lang, viewer)
    return [line for e in events if (line := say(e)) is not None]


@pytest.fixture(scope="module")
def games() -> list[list[BaseEvent]]:
    config = GameConfig(roles={"werewolf": 3, "seer": 1, "witch": 1, "hunter": 1, "guard": 1,
                               "idiot": 1, "villager": 2},
                        rules={"sheriff.election": "day1_after_speeches"})
    return [list(asyncio.run(run_game(config, {s: RandomAgent(seed=s + g) for s in
                                               range(1, 11)}, seed=g)).events)
            for g in range(4)]


def test_a_lone_wolf_s_kill_is_said_once() -> None:
    said = lines([setup(), kill(1, 3, 5, (3,), False), kill(2, 3, 5, (3,), True)], 3)
    assert [s for s in said if "P5" in s] == ["The wolves kill P5 (seat 5)"]


def test_a_split_pack_says_why_nobody_was_attacked() -> None:
    pack = (3, 4)
    events = [setup(), kill(1, 3, 5, pack, False), kill(2, 4, 6, pack, False),
              kill(3, 3, None, pack, True)]
    said = lines(events, 3)
    assert said[-1] == ("The pack did not agree (P3 (seat 3) → P5 (seat 5) and "
                        "P4 (seat 4) → P6 (seat 6)): nobody is attacked tonight")
    assert lines([setup(), kill(1, 3, None, pack, False), kill(2, 4, None, pack, False),
                  kill(3, 3, None, pack, True)], "god")[-1] == "The wolves attack nobody tonight"
    assert "狼队意见不一" in lines(events, 3, "zh")[-1]


@pytest.mark.parametrize("lang", LANGS)
def test_no_line_shows_an_internal_key(games: list[list[BaseEvent]], lang: str) -> None:
    seen = 0
    for game in games:
        for viewer in ("god", "public", *range(1, 11)):
            for line in lines(game, viewer, lang):
                if lang == "en":  # speech text is the speaker's own; the rest is ours
                    assert not RAW.search(line.split(": ", 1)[0] if "says" in line
                                          else line), line
                seen += 1
    assert seen > 1000
    pack = next(e for g in games for e in g if isinstance(e, Reveal) and e.reason == "wolf_team")
    assert "in the pack" in (describe(pack, "god", "en") or "")
    assert "狼队成员" in (describe(pack, "god", "zh") or "")


def test_a_tie_says_nobody_is_exiled_by_that_ballot() -> None:
    tie = VoteResult(seq=1, day=1, phase="day", audience="public", counts={"4": 2, "7": 2},
                     eliminated=None, tie=(4, 7), round=1, ballot="exile")
    assert describe(tie, "public", "en") == "Tie between 4 and 7: nobody is exiled by this ballot"
    sheriff = VoteResult(seq=1, day=1, phase="day", audience="public", counts={"4": 2, "7": 2},
                         eliminated=None, tie=(4, 7), round=1, ballot="sheriff")
    assert "exile" not in (describe(sheriff, "public", "en") or "")


@pytest.mark.parametrize(("winner", "line"), [("village", "The village wins"),
                                              ("wolves", "The wolves win")])
def test_the_end_is_grammatical(winner: str, line: str) -> None:
    end = GameEnd(seq=9, day=3, phase="day", audience="public", winner=winner, winners=(1,),
                  roles={"1": "villager"}, reason="win")
    assert describe(end, "public", "en") == line


def test_the_role_card_comes_from_the_seat_s_observation() -> None:
    events: list[BaseEvent] = [setup(),
                               NightAction(seq=1, day=1, phase="night", audience=(2,), seat=2,
                                           action="save", target=5),
                               Shot(seq=2, day=1, phase="day", audience="public", seat=6,
                                    target=None),
                               Sheriff(seq=3, day=1, phase="day", audience="public", seat=2,
                                       how="elected")]
    witch = observe(events, 2)
    witch.role = "witch"
    card = role_card(witch, "en")
    assert card is not None and card["name"] == "witch"
    assert "antidote" in card["power"].lower() or "potion" in card["power"].lower()
    assert card["goal"].startswith("You play for the village")
    assert card["resources"][:2] == ["Antidote: used", "Poison: ready"]
    assert any("sheriff" in r for r in card["resources"])
    hunter = observe(events, 6)
    hunter.role = "hunter"
    assert "Hunter's shot: no longer usable" in (role_card(hunter, "en") or {})["resources"]
    zh = role_card(witch, "zh")
    assert zh is not None and zh["name"] == "女巫" and "解药: 已用" in zh["resources"]


def test_final_roles_appear_once_the_game_is_over(games: list[list[BaseEvent]]) -> None:
    game = games[0]
    assert final_roles(game[:-1], "en") == []
    rows = final_roles(game, "en")
    end = game[-1]
    assert isinstance(end, GameEnd)
    assert [r["seat"] for r in rows] == list(range(1, 11))
    assert {str(r["seat"]): r["role"] for r in rows} == end.roles
    assert {r["seat"] for r in rows if r["won"]} == set(end.winners)


def test_the_seat_view_carries_the_card_and_the_spectator_the_final_table(
        client: TestClient) -> None:
    created = create(client, humans=[1, 2], bots="heuristic", seed=4, turn_s=30)
    cards: list[dict[str, Any]] = []

    def check(seat: int | None, view: dict[str, Any]) -> None:
        if seat is not None and view["card"] is not None:
            cards.append(view["card"])
            assert view["card"]["role"] == view["role"]
        if not view["over"]:
            assert view["final"] == []
        if seat is not None and view["pending"] is not None:
            asked = view["pending"]["question"]  # every kind in words, none left to fill
            assert asked and "$" not in asked

    drive(client, created, seed=4, check=check)
    assert cards and all(c["power"] and c["goal"] for c in cards)
    watch = client.get(f"/api/tables/{created.id}/spectate",
                       params={"token": created.spectator_token}).json()
    assert len(watch["final"]) == 8 and {"seat", "role", "name", "alive", "won"} <= \
        set(watch["final"][0])
    events = as_seen([e for e in client.app.state.tables.get(created.id).log  # type: ignore
                      if visible(e, 1)], Describer("en", 1))
    assert all(e["line"] is None or not RAW.search(e["line"]) for e in events
               if e["type"] != "speech")


@pytest.mark.parametrize(("spec", "detail"), [
    ({"humans": [0]}, "Human seats: must be at least 1"),
    ({"humans": []}, "Human seats: needs at least 1"),
    ({"humans": [1], "turn_s": 0}, "Seconds per decision: must be at least 1"),
    ({"humans": [1], "turn_s": 0, "lang": "zh"}, "每次决定的秒数：不能小于 1"),
    ({"humans": ["x"]}, "Human seats: must be a number"),
])
def test_host_form_errors_are_in_plain_words(client: TestClient, spec: dict[str, Any],
                                             detail: str) -> None:
    response = client.post("/api/tables", json=spec)
    assert response.status_code == 422
    assert response.json()["detail"] == detail


def test_a_rule_error_keeps_its_quotes(client: TestClient) -> None:
    response = client.post("/api/tables", json={"humans": [1], "rules": {"vote.tie": "bogus"}})
    assert response.status_code == 400
    assert response.json()["detail"].endswith("'monk' or 'random'")


def test_a_table_whose_transcript_cannot_be_written_is_refused_in_words(tmp_path: Path) -> None:
    (tmp_path / "f").write_text("")
    with host_client(tmp_path / "f" / "inside") as blocked:
        response = blocked.post("/api/tables", json={"humans": [1]})
    assert response.status_code == 400
    assert "cannot write the table's transcript" in response.json()["detail"]


def test_the_lobby_offers_each_free_seat_once(client: TestClient) -> None:
    private = create(client, humans=[1], turn_s=60)
    listed = create(client, join=False, humans=[1, 2, 3], turn_s=60, lobby=True)
    tables = client.get("/api/lobby").json()["tables"]
    assert [t["table"] for t in tables] == [listed.id]  # a private table is never listed
    assert tables[0]["free"] == [1, 2, 3] and tables[0]["players"] == 8
    client.get(listed.seat_api(1), params={"token": listed.token(1)})  # the host's link
    taken = client.post(f"/api/lobby/{listed.id}/2")
    assert taken.status_code == 200
    assert taken.json()["seat"] == listed.seats[2]
    assert client.post(f"/api/lobby/{listed.id}/2").status_code == 409
    assert client.post(f"/api/lobby/{private.id}/1").status_code == 409
    assert client.get("/api/lobby").json()["tables"][0]["free"] == [3]
