"""Play against models in the browser: the host token, the profiles a server offers,
model seats under the table's budget (hand-over to a bot, every player told), the
"thinking" glow shared by people and models, and agents named at the end."""

from __future__ import annotations

import asyncio
import json
import random
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from agents.providers import registry
from agents.providers.base import ChatReply, ChatRequest
from agents.seat_options import SeatOptions
from arena.app.server import create_app
from arena.app.server.profiles import ProfileFile, Profiles
from tests.llm.fake import FakeProvider, legal
from tests.server.helpers import answer_for, create, drive, host_client, table_of, wait_for

PROFILES = Profiles(ProfileFile(profiles={
    "mini": SeatOptions(agent="openai:gpt-5-mini@http://127.0.0.1:9/v1", max_tokens=300),
    "local": SeatOptions(agent="openai:llama@http://127.0.0.1:9/v1", persona="Lin")}))


class Priced(FakeProvider):
    model = "gpt-5-mini"  # priced: each call reserves a bound from the budget


@pytest.fixture
def fake_models(monkeypatch: pytest.MonkeyPatch) -> list[Priced]:
    built: list[Priced] = []

    def make(spec: str, options: Any = None) -> Priced:
        built.append(Priced(legal(len(built))))
        return built[-1]

    monkeypatch.setattr(registry, "make_provider", make)
    return built


def test_creating_a_table_needs_the_host_token(tmp_path: Path) -> None:
    with TestClient(create_app(tmp_path, host_token="h" * 20)) as stranger:
        body = {"humans": [1]}
        assert stranger.post("/api/tables", json=body).status_code == 401
        wrong = stranger.post("/api/tables", json=body, headers={"X-Host-Token": "x" * 20})
        assert wrong.status_code == 403
        assert stranger.post("/api/tables", json={"bad": 1}).status_code == 401  # first
        assert stranger.get("/api/host").status_code == 401
        made = stranger.post("/api/tables", json=body, headers={"X-Host-Token": "h" * 20})
        assert made.status_code == 201
        # the seat and spectator links work as before, without the host token
        seat = made.json()["seats"]["1"]
        assert stranger.get(seat).status_code == 200
    assert create_app(tmp_path).state.host_token  # none given: a fresh secret


def test_the_host_page_offers_profiles_without_urls_or_keys(tmp_path: Path) -> None:
    with host_client(tmp_path, profiles=PROFILES) as client:
        host = client.get("/api/host").json()
    assert [p["name"] for p in host["profiles"]] == ["mini", "local"]
    assert "127.0.0.1" not in json.dumps(host)
    assert host["spending"] == {"spent": 0.0, "cap": None, "tables": []}


@pytest.mark.parametrize(("agents", "message"), [
    ({"2": "openai:gpt-5@http://attacker.example/v1"}, "is not offered here"),
    ({"2": "langchain:os:system"}, "is not offered here"),
    ({"1": "mini"}, "seat 1 is a human seat"),
    ({"9": "mini"}, "seat 9 is not at this 8-player table"),
    ({"99": "mini"}, "seat 99 is not at this 8-player table"),
])
def test_the_browser_names_offered_choices_only(tmp_path: Path, agents: dict[str, str],
                                                message: str, fake_models: list[Priced]) -> None:
    with host_client(tmp_path, profiles=PROFILES) as client:
        refused = client.post("/api/tables", json={"humans": [1], "agents": agents})
    assert refused.status_code == 400 and message in refused.json()["detail"]
    assert fake_models == []  # nothing was built, nothing called


def test_a_model_seat_plays_and_is_named_at_the_end_only(tmp_path: Path,
                                                          fake_models: list[Priced]) -> None:
    during: list[Any] = []

    def check(seat: int | None, view: dict[str, Any]) -> None:
        if not view["over"]:
            during.append(view["agents"])

    with host_client(tmp_path, profiles=PROFILES) as client:
        created = create(client, humans=[1], seed=4, agents={"3": "mini", "5": "local"})
        views = drive(client, created, seed=4, check=check)
    assert fake_models and all(p.calls for p in fake_models)
    assert during and all(a is None for a in during)  # hidden while the game runs
    assert views[1]["agents"]["3"] == "openai:gpt-5-mini"
    assert views[1]["agents"]["5"] == "openai:llama"
    assert views[1]["agents"]["1"] == "human"
    header = json.loads(next(tmp_path.glob("*.jsonl")).read_text("utf-8").splitlines()[0])
    seat3 = header["seats"][2]
    assert seat3["agent"].startswith("openai:gpt-5-mini") and seat3["model"] == "gpt-5-mini"


def test_the_table_budget_hands_model_seats_to_a_bot_and_tells_everyone(
        tmp_path: Path, fake_models: list[Priced]) -> None:
    cap = 0.003  # a few of the seat's calls, not a whole game's
    notices: list[dict[str, Any]] = []

    def check(seat: int | None, view: dict[str, Any]) -> None:
        if seat == 1:
            notices[:] = [e for e in view["events"] if e["type"] == "handover"] or notices

    with host_client(tmp_path, profiles=PROFILES, table_budget_usd=cap) as client:
        created = create(client, humans=[1], seed=4, agents={"3": "mini"}, stand_in="random")
        drive(client, created, seed=4, check=check)
        table = table_of(client, created)
        spending = client.get("/api/host").json()["spending"]
    assert table.spend is not None and 0 < table.spend.spent <= cap
    assert [n["seat"] for n in notices] == [3]
    assert "bot" in notices[0]["line"] and "P3" in notices[0]["line"]
    assert spending["tables"][0]["spent"] == table.spend.spent
    assert spending["tables"][0]["cap"] == cap and spending["spent"] == table.spend.spent


def test_a_model_seat_glows_while_it_thinks(tmp_path: Path,
                                            monkeypatch: pytest.MonkeyPatch) -> None:
    release = asyncio.Event()
    first: list[ChatRequest] = []

    class Slow(Priced):
        async def complete(self, request: ChatRequest) -> ChatReply:
            first.append(request)
            await release.wait()
            return await super().complete(request)

    monkeypatch.setattr(registry, "make_provider",
                        lambda spec, options=None: Slow(legal(1)))
    with host_client(tmp_path, profiles=PROFILES) as client:
        created = create(client, humans=[1], seed=4, agents={"2": "mini"})
        params = {"token": created.token(1)}
        rng = random.Random(1)

        def model_thinking() -> dict[str, Any] | None:
            view: dict[str, Any] = client.get(created.seat_api(1), params=params).json()
            if 2 in view["thinking"]:
                return view
            if view["pending"] is not None:  # the person plays on until the model is asked
                assert 1 in view["thinking"]  # a person deciding glows too
                client.post(f"{created.seat_api(1)}/answer", params=params,
                            json=answer_for(view["pending"], rng))
            return None

        view = wait_for(model_thinking)
        assert view["agents"] is None  # glowing does not say it is a model
        table = table_of(client, created)
        client.portal.call(release.set)  # type: ignore[union-attr]
        wait_for(lambda: 2 not in table.deciding.seen_by("public") or table.over)


def test_spot_the_ai_hides_the_agents_until_each_person_guesses(
        tmp_path: Path, fake_models: list[Priced]) -> None:
    with host_client(tmp_path, profiles=PROFILES) as client:
        refused = client.post("/api/tables", json={"humans": [1], "spot_the_ai": True,
                                                   "show_agents": True})
        assert refused.status_code == 400 and "hidden" in refused.json()["detail"]
        created = create(client, humans=[1, 2], seed=6, agents={"3": "mini"},
                         spot_the_ai=True)
        seat1 = {"token": created.token(1)}
        early = client.post(f"{created.seat_api(1)}/guess", params=seat1, json={"ai": [3]})
        assert early.status_code == 409  # not before the game is over
        views = drive(client, created, seed=6)
        assert all(v["guess"] and v["agents"] is None for v in views.values())
        spectator = client.get(f"/api/tables/{created.id}/spectate",
                               params={"token": created.spectator_token}).json()
        assert spectator["agents"]["3"] == "openai:gpt-5-mini" and not spectator["guess"]
        own = client.post(f"{created.seat_api(1)}/guess", params=seat1, json={"ai": [1]})
        assert own.status_code == 409  # one's own seat is not a guess
        sent = client.post(f"{created.seat_api(1)}/guess", params=seat1, json={"ai": [3, 4]})
        assert sent.status_code == 200
        again = client.post(f"{created.seat_api(1)}/guess", params=seat1, json={"ai": []})
        assert again.status_code == 409  # once
        after = client.get(created.seat_api(1), params=seat1).json()
        assert not after["guess"] and after["agents"]["3"] == "openai:gpt-5-mini"
        still = client.get(created.seat_api(2), params={"token": created.token(2)}).json()
        assert still["guess"] and still["agents"] is None  # seat 2 has not guessed yet
        wrong = client.post(f"{created.seat_api(2)}/guess", params={"token": created.token(1)},
                            json={"ai": []})
        assert wrong.status_code == 403
    saved = json.loads((tmp_path / f"{created.id}.guesses.json").read_text("utf-8"))
    assert saved == {"game_id": created.id, "guesses": {"1": [3, 4]}}
