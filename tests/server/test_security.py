"""Security of the web table: tokens open exactly their own seat, input is validated and
size-limited, speech is data, and nothing hidden reaches a page that may not see it."""

from __future__ import annotations

import random
from typing import Any

import pytest
from fastapi.testclient import TestClient

from arena.app.server.app import MAX_BODY
from arena.engine.events import BaseEvent, Speech
from arena.engine.view import visible
from tests.server.helpers import Created, answer_for, create, drive, table_of, wait_for

XSS = '<img src=x onerror="window.__xss=1"><script>window.__xss=1</script>&amp;'


def pending_of(client: TestClient, created: Created, seat: int) -> dict[str, Any]:
    pending: dict[str, Any] = wait_for(lambda: client.get(created.seat_api(seat), params={
        "token": created.token(seat)}).json()["pending"])
    return pending


@pytest.fixture
def two(client: TestClient) -> Created:
    return create(client, humans=[1, 2], turn_s=30)


def test_every_seat_endpoint_needs_its_token(client: TestClient, two: Created) -> None:
    api = two.seat_api(1)
    for method, path in (("GET", api), ("POST", f"{api}/answer"), ("GET", f"{api}/stream"),
                         ("GET", f"/play/{two.id}/1")):
        kwargs: dict[str, Any] = {"json": {"request": 1, "kind": "vote"}} if method == "POST" \
            else {}
        assert client.request(method, path, **kwargs).status_code == 401
        assert client.request(method, path, params={"token": "guess"},
                              **kwargs).status_code == 403
        assert client.request(method, path.replace(two.id, "no-such-table"),
                              params={"token": two.token(1)}, **kwargs).status_code == 404


def test_the_token_may_come_in_a_header(client: TestClient, two: Created) -> None:
    assert client.get(two.seat_api(1), headers={"X-Token": two.token(1)}).status_code == 200
    assert client.get(two.seat_api(1), headers={"X-Token": two.token(2)}).status_code == 403


def test_a_token_opens_only_its_own_seat(client: TestClient, two: Created) -> None:
    for seat in (2, 3, 99):  # another human's seat, a bot's seat, no seat at all
        assert client.get(two.seat_api(seat), params={"token": two.token(1)}).status_code == 403
        assert client.get(f"/play/{two.id}/{seat}", params={"token": two.token(1)}
                          ).status_code == 403
    for path in (f"/api/tables/{two.id}/spectate", f"/watch/{two.id}"):
        assert client.get(path, params={"token": two.token(1)}).status_code == 403
        assert client.get(path, params={"token": two.spectator_token}).status_code == 200
    assert client.get(two.seat_api(1), params={"token": two.spectator_token}).status_code == 403


def test_seat_a_cannot_answer_for_seat_b(client: TestClient, two: Created) -> None:
    table = table_of(client, two)
    wait_for(lambda: any(table.seats[s].pending for s in (1, 2)))
    seat = next(s for s in (1, 2) if table.seats[s].pending)
    other = 3 - seat
    pending = pending_of(client, two, seat)
    body = answer_for(pending, random.Random(1))
    response = client.post(f"{two.seat_api(seat)}/answer", params={"token": two.token(other)},
                           json=body)
    assert response.status_code == 403
    assert table.seats[seat].pending is not None  # still waiting for its own player


def test_answers_must_be_legal_for_the_pending_request(client: TestClient) -> None:
    created = create(client, humans=[1], seed=3, turn_s=30)
    pending = pending_of(client, created, 1)
    url, token = f"{created.seat_api(1)}/answer", {"token": created.token(1)}
    wrong_kind = "vote" if pending["kind"] != "vote" else "kill"
    stale = {**answer_for(pending, random.Random(1)), "request": pending["number"] + 1}
    assert client.post(url, params=token, json=stale).status_code == 409
    refused = client.post(url, params=token, json={"request": pending["number"],
                                                    "kind": wrong_kind})
    assert refused.status_code == 422 and "expected" in refused.json()["detail"]
    assert pending["shape"] == "target"  # seat 30 passes the size check, is not at the table
    illegal = client.post(url, params=token, json={
        "request": pending["number"], "kind": pending["kind"], "target": 30})
    assert illegal.status_code == 422 and "not one of" in illegal.json()["detail"]
    assert table_of(client, created).seats[1].pending is not None


@pytest.mark.parametrize("bad", [
    {"text": "x" * 2001}, {"claims": [{"kind": "accuse", "target": 2}] * 9},
    {"claims": [{"kind": "boast"}]}, {"claims": [{"kind": "role", "role": "<b>seer</b>"}]},
    {"claims": [{"kind": "role", "role": "dragon"}]}, {"claims": [{"kind": "accuse"}]},
    {"claims": [{"kind": "check", "target": 2, "result": "saint"}]},
    {"target": 31}, {"target": "2; drop"}, {"kind": "Vote!"}, {"extra": 1}, {"request": 0},
])
def test_oversized_or_malformed_answers_are_rejected(client: TestClient, bad: dict[str, Any]
                                                     ) -> None:
    created = create(client, humans=[1], seed=3, turn_s=30)
    pending = pending_of(client, created, 1)
    body = {"request": pending["number"], "kind": pending["kind"], **bad}
    response = client.post(f"{created.seat_api(1)}/answer", params={"token": created.token(1)},
                           json=body)
    assert response.status_code == 422
    assert table_of(client, created).seats[1].pending is not None


def test_a_huge_body_is_refused_before_it_is_parsed(client: TestClient, two: Created) -> None:
    response = client.post(f"{two.seat_api(1)}/answer", params={"token": two.token(1)},
                           content=b"{" + b" " * MAX_BODY + b"}",
                           headers={"Content-Type": "application/json"})
    assert response.status_code == 413
    assert client.post("/api/tables", content=b"x" * (MAX_BODY + 1)).status_code == 413


def test_a_script_in_a_speech_is_kept_as_text(client: TestClient) -> None:
    created = create(client, humans=[4], seed=3, turn_s=30)  # a wolf: speaks on night 1
    table = table_of(client, created)
    api, token = created.seat_api(4), {"token": created.token(4)}

    def speech_turn() -> dict[str, Any] | None:
        view = client.get(api, params=token).json()
        assert not view["over"], "the game ended before seat 4 spoke"
        pending = view["pending"]
        if pending is None or pending["shape"] == "speech":
            return pending  # type: ignore[no-any-return]
        client.post(f"{api}/answer", params=token, json=answer_for(pending, random.Random(2)))
        return None

    pending = wait_for(speech_turn)
    assert client.post(f"{api}/answer", params=token, json={
        "request": pending["number"], "kind": pending["kind"], "text": XSS}).status_code == 200
    spoken = wait_for(lambda: [e for e in client.get(api, params=token).json()["events"]
                               if e["type"] == "speech" and e["seat"] == 4])
    assert spoken[0]["text"] == XSS  # data, byte for byte; the page renders it as text
    assert next(e for e in table.log if isinstance(e, Speech) and e.seat == 4).text == XSS


def test_pages_forbid_inline_scripts_and_framing(client: TestClient, two: Created) -> None:
    page = client.get(f"/play/{two.id}/1", params={"token": two.token(1)})
    policy = page.headers["content-security-policy"]
    assert "script-src 'self'" in policy and "unsafe-inline" not in policy
    assert "frame-ancestors 'none'" in policy
    assert page.headers["referrer-policy"] == "no-referrer"  # tokens never leak by referrer
    assert "<script>" not in page.text and "innerHTML" not in client.get(
        "/static/play.js").text


DESCRIBED = ("line", "speaker", "said", "claims_text")  # the text layer's words for the viewer


def _recorded(view: dict[str, Any]) -> list[dict[str, Any]]:
    """The view's events as recorded: without the words described for the viewer."""
    return [{k: v for k, v in e.items() if k not in DESCRIBED} for e in view["events"]]


def _seen(events: list[BaseEvent], last: int) -> list[dict[str, Any]]:
    """The first ``last`` events as a viewer gets them: numbered 0, 1, 2... in its own list,
    so the gaps in the log's ``seq`` do not count the hidden events in between."""
    return [{**e.to_dict(), "seq": n} for n, e in enumerate(events)][:last]


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_streams_carry_only_what_each_viewer_may_see(client: TestClient, seed: int) -> None:
    """Whole games with API-driven humans: at every step a seat's page holds exactly the
    events visible to that seat, and the spectator's exactly the public ones until the
    game ends, then everything."""
    created = create(client, humans=[1, 4, 7], bots="heuristic", seed=seed, turn_s=30)
    table = table_of(client, created)
    steps = {"seat": 0, "spectator": 0}

    def check(seat: int | None, view: dict[str, Any]) -> None:
        log = list(table.log)
        if seat is None:
            steps["spectator"] += 1
            if view["over"]:
                assert _recorded(view) == _seen(log, len(log))
            else:
                assert _recorded(view) == _seen([e for e in log if e.audience == "public"],
                                                view["last"])
                assert all(e["audience"] == "public" for e in view["events"])
            return
        steps["seat"] += 1
        assert _recorded(view) == _seen([e for e in log if visible(e, seat)], view["last"])
        assert all(e["audience"] == "public" or seat in e["audience"] for e in view["events"])

    drive(client, created, seed=seed, check=check)
    assert steps["seat"] > 10 and steps["spectator"] > 3
    hidden = [e for e in table.log if e.audience != "public"]
    assert hidden  # the games had secrets to keep


@pytest.mark.parametrize("seed", range(8))
def test_the_spectator_page_passes_the_non_interference_check(seed: int) -> None:
    """The engine's swap check applied to the spectator's page: swap the cards of two
    seats, replay every decision, and the spectator view built by the server is the same
    up to the first public event that may tell the two cards apart."""
    from arena.app.server.table import Table, TableSpec
    from arena.presets import load_preset
    from tests.games import play, random_bots, shuffled_deal
    from tests.test_info_hiding import candidate_pairs, swapped

    config = load_preset("classic-8")
    a = play(config, random_bots(config, seed), seed, shuffled_deal(config, seed))
    # a plain villager knows only the public record and his own card: his cuts are the
    # public revelations of each seat's card
    k = next(s for s, card in enumerate(a.deal, start=1) if card == "villager")
    cut_a, pair = candidate_pairs(a, k)[0]
    b, cut = swapped(a, pair, cut_a)

    def page(log: list[BaseEvent]) -> dict[str, Any]:
        table = Table("t", TableSpec(humans=[1]), config, seed, {}, "s", log=log)
        return table.spectator_view()

    assert page(a.log[:cut]) == page(b.log[:cut])
    assert sum(e.audience != "public" for e in a.log[:cut]) > 0  # secrets were kept
    assert sum(e.audience == "public" for e in a.log[:cut]) >= 5  # and a record shown
