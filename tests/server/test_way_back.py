"""The way back at the end of a game: its page (``arena show``'s, god view), served only
once it has ended, and "play again" with the same people, settings and seats."""

from __future__ import annotations

from fastapi.testclient import TestClient

from tests.server.helpers import HOST, create, drive, table_of, token_of, wait_for


def test_the_game_page_opens_only_after_the_end(client: TestClient) -> None:
    created = create(client, humans=[1, 2])
    early = client.get(f"/game/{created.id}", params={"token": created.token(1)})
    assert early.status_code == 409
    drive(client, created, seed=3)
    table = table_of(client, created)
    wait_for(table.ended)
    link = client.get(created.seat_api(1), params={"token": created.token(1)}).json()[
        "game_page"]
    assert link == f"/game/{created.id}?token={created.token(1)}"
    page = client.get(link)
    assert page.status_code == 200
    assert page.text.startswith("<!DOCTYPE html>") and '<select id="view">' in page.text
    policy = page.headers["content-security-policy"]
    assert "'sha256-" in policy and "unsafe-inline" not in policy
    spectator = client.get(f"/api/tables/{created.id}/spectate",
                           params={"token": created.spectator_token}).json()
    assert client.get(spectator["game_page"]).text == page.text
    assert client.get(f"/game/{created.id}", params={"token": "x" * 32}).status_code == 403
    assert client.get(f"/game/{created.id}").status_code == 401


def test_play_again_seats_the_same_people_with_the_same_settings(client: TestClient) -> None:
    created = create(client, humans=[2, 5], turn_s=40, fallback="random", lang="zh")
    seat_again = f"{created.seat_api(2)}/again"
    assert client.post(seat_again, params={"token": created.token(2)}).status_code == 400
    drive(client, created, seed=4)
    old = table_of(client, created)
    wait_for(old.ended)
    pressed = client.post(seat_again, params={"token": created.token(2)})
    assert pressed.status_code == 200, pressed.text
    new = old.rematch
    assert new is not None and new.id != created.id
    assert pressed.json() == {"again": f"/play/{new.id}/2?token={new.tokens[2]}"}
    assert sorted(new.tokens) == [2, 5] and new.spec.turn_s == 40
    assert new.spec.lang == "zh" and new.spec.fallback == "random"
    assert new.spec.model_dump(exclude={"seed"}) == old.spec.model_dump(exclude={"seed"})
    # the other person's page links to their own new seat, the spectator's to the new table
    other = client.get(created.seat_api(5), params={"token": created.token(5)}).json()
    assert other["again"] == f"/play/{new.id}/5?token={new.tokens[5]}"
    watch = client.get(f"/api/tables/{created.id}/spectate",
                       params={"token": created.spectator_token}).json()
    assert watch["again"] == f"/watch/{new.id}?token={new.spectator_token}"
    # a second press (or the host's) gives the same rematch; it waits for its people
    assert client.post(f"{created.seat_api(5)}/again",
                       params={"token": created.token(5)}).json()["again"] == other["again"]
    hosted = client.post(f"/api/tables/{created.id}/again", headers=HOST).json()
    assert hosted["table"] == new.id
    assert {s: token_of(link) for s, link in hosted["seats"].items()} == {
        "2": new.tokens[2], "5": new.tokens[5]}
    assert not new.started.is_set()
    assert client.post(f"/api/tables/{created.id}/again", headers={
        "X-Host-Token": "wrong"}).status_code == 403
