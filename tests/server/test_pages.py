"""The host, lobby, seat and spectator pages: each a whole document whose one head (from
arena/app/server/pages.py) loads the style sheet and that page's own script."""

from __future__ import annotations

import re

from fastapi.testclient import TestClient

from arena.app.server.pages import STATIC
from tests.server.helpers import create


def test_each_page_is_one_document_with_its_own_script(client: TestClient) -> None:
    created = create(client, humans=[1])
    pages = {"/": "host", "/lobby": "lobby",
             f"/play/{created.id}/1?token={created.token(1)}": "play",
             f"/watch/{created.id}?token={created.spectator_token}": "play"}
    for path, name in pages.items():
        served = client.get(path)
        assert served.status_code == 200, path
        assert served.headers["content-type"] == "text/html; charset=utf-8", path
        text = served.text
        assert text.startswith("<!doctype html>\n<html lang=\"en\">\n<head>\n"), path
        assert len(re.findall(r"<head>|<body>|</html>", text)) == 3, path
        assert re.findall(r'<script src="([^"]+)"', text) == [f"/static/{name}.js"], path
        assert text.count('<link rel="stylesheet" href="/static/app.css">') == 1, path
        assert text.endswith((STATIC / f"{name}.html").read_text(encoding="utf-8")), path
