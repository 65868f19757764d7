"""Refusals in the words of their reader: a seat or spectator link that does not open
its page shows a page in words (with the API's status code), the API keeps its JSON; a
second answer to a request already answered is a conflict (409), as documented."""

from __future__ import annotations

import asyncio
import random
from typing import Any

import httpx
from fastapi.testclient import TestClient

from tests.server.helpers import answer_for, create, wait_for

HTML = {"Accept": "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8"}


def test_answering_one_request_twice_at_once_is_a_conflict(client: TestClient) -> None:
    created = create(client, humans=[1], turn_s=60)
    api, params = created.seat_api(1), {"token": created.token(1)}
    pending = wait_for(lambda: client.get(api, params=params).json()["pending"])
    body = answer_for(pending, random.Random(1))

    async def twice() -> list[int]:
        transport = httpx.ASGITransport(app=client.app)
        async with httpx.AsyncClient(transport=transport, base_url="http://t") as browser:
            answers = await asyncio.gather(*(browser.post(f"{api}/answer", params=params,
                                                          json=body) for _ in range(2)))
        return sorted(a.status_code for a in answers)

    assert client.portal.call(twice) == [200, 409]  # type: ignore[union-attr]


def test_a_wrong_link_shows_a_page_in_words(client: TestClient) -> None:
    created = create(client, humans=[1, 2])
    pages = {
        f"/play/{created.id}/1?token={created.token(2)}": 403,  # another seat's link
        f"/play/{created.id}/1": 401,  # no token
        f"/watch/{created.id}?token={created.token(1)}": 403,  # a seat's link, forged
        f"/play/nosuchtable/1?token={created.token(1)}": 404,
    }
    for path, status in pages.items():
        page = client.get(path, headers=HTML)
        assert page.status_code == status, path
        assert page.headers["content-type"].startswith("text/html"), path
        text = page.text
        assert "<h1>" in text and '"detail"' not in text, text
        assert "private link" in text and 'href="/lobby"' in text
        assert page.headers["Content-Security-Policy"]  # the pages' own headers


def test_the_api_keeps_its_json_refusals(client: TestClient) -> None:
    created = create(client, humans=[1])
    for path in (f"/play/{created.id}/1?token=forged", f"{created.seat_api(1)}?token=forged"):
        refused: Any = client.get(path)
        assert refused.status_code == 403
        assert refused.json() == {"detail": "this link does not open that seat"}
