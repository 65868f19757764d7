"""The host's start with a model: a seat nobody opened is played by a model profile the
server offers (its decisions from the model, its link closed, named at the end), kept
across a restart and at "play again"; a profile the server does not offer is refused."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest

from agents.seat_options import SeatOptions
from arena.app.reproduce import verify
from arena.app.server.profiles import ProfileFile, Profiles
from arena.app.server.table_file import SUFFIX
from tests.llm.stub_server import StubServer, auto
from tests.server.helpers import Created, create, drive, host_client, open_seat, table_of


@pytest.fixture
def stub() -> Iterator[StubServer]:
    with StubServer() as server:
        yield server


def offered(stub: StubServer) -> Profiles:
    return Profiles(ProfileFile(profiles={"stub": SeatOptions(
        agent=f"openai:gpt-5-mini@{stub.openai_url}", max_tokens=200)}))


def usage_seats(transcript: Path) -> set[int]:
    events = [json.loads(line) for line in transcript.read_text("utf-8").splitlines()[1:]]
    return {e["seat"] for e in events if e["type"] == "usage"}


def test_the_host_starts_with_a_model_in_the_missing_seat(tmp_path: Path, stub: StubServer
                                                          ) -> None:
    with host_client(tmp_path, profiles=offered(stub)) as client:
        created = create(client, join=False, preset="aiwolf-5", humans=[2, 4],
                         bots="heuristic", seed=3)
        open_seat(client, created, 2)
        started = client.post(f"/api/tables/{created.id}/start", json={"fill": "stub"})
        assert started.json() == {"filled": [4]}
        late = client.get(created.seat_api(4), params={"token": created.token(4)})
        assert late.status_code == 403  # the model has the seat now
        del created.seats[4]
        views = drive(client, created, seed=5)
        table = table_of(client, created)
        assert table.over and table.error is None
        assert views[2]["agents"]["4"] == "openai:gpt-5-mini"
        assert views[2]["agents"]["2"] == "human"
        assert table.spend is not None and table.spend.spent > 0  # under the table's cap
        again = client.post(f"/api/tables/{created.id}/again").json()
        assert list(again["seats"]) == ["2"]  # play again: the model keeps the seat
        rematch = client.app.state.tables.get(again["table"])  # type: ignore[attr-defined]
        assert rematch.spec.agents == {4: "stub"}
    assert usage_seats(tmp_path / f"{created.id}.jsonl") == {4}  # the stub decided for it
    assert len(stub.seen) > 0


def test_a_profile_the_server_does_not_offer_is_refused(tmp_path: Path, stub: StubServer
                                                        ) -> None:
    with host_client(tmp_path, profiles=offered(stub)) as client:
        created = create(client, join=False, humans=[2, 6])
        refused = client.post(f"/api/tables/{created.id}/start", json={"fill": "gpt-9"})
        assert refused.status_code == 400
        assert refused.json()["detail"] == "fill: 'gpt-9' is not offered here (bot, stub)"
        table = table_of(client, created)
        assert not table.started.is_set() and set(table.tokens) == {2, 6}  # nothing changed
        bot = client.post(f"/api/tables/{created.id}/start", json={"fill": "bot"})
        assert bot.json() == {"filled": [2, 6]} and table.labels == {2: "random", 6: "random"}


def test_the_model_fill_comes_back_after_a_restart(tmp_path: Path, stub: StubServer) -> None:
    with host_client(tmp_path, profiles=offered(stub)) as first:
        started = create(first, join=False, preset="aiwolf-5", humans=[1, 3],
                         bots="heuristic", seed=2)
        open_seat(first, started, 1)
        # the model's first answer is still on its way when the server stops (a reply
        # landing as the game is cancelled may keep Python 3.11's wait_for running it)
        stub.push(auto(delay_s=1.0))
        assert first.post(f"/api/tables/{started.id}/start", json={"fill": "stub"}
                          ).json() == {"filled": [3]}
    record = json.loads((tmp_path / f"{started.id}{SUFFIX}").read_text("utf-8"))
    assert (record["filled"], record["fill"]) == ([3], "stub")
    with host_client(tmp_path, profiles=offered(stub)) as second:
        assert second.get(started.seat_api(3), params={"token": started.token(3)}
                          ).status_code == 403
        ended = drive(second, Created(started.id, {1: started.seats[1]}, started.spectator),
                      seed=4)
        assert ended[1]["agents"]["3"] == "openai:gpt-5-mini"
    assert usage_seats(tmp_path / f"{started.id}.jsonl") == {3}
    assert verify(tmp_path / f"{started.id}.jsonl")[0]
