"""A finished table's game page: ``arena show``'s HTML of its transcript, god view (every
role, every night, each seat's view behind a switch), served with a content policy that
lets run only the page's own inline style and script (by their hashes)."""

from __future__ import annotations

import base64
import functools
import hashlib
import re
from pathlib import Path

from arena import transcript
from arena.app.render.html import render_html

INLINE = re.compile(r"<(script|style)>(.*?)</\1>", re.S)


@functools.lru_cache(maxsize=8)  # a finished game's page does not change
def game_page(path: Path, lang: str) -> tuple[str, str]:
    """The page of the game in transcript ``path``, in ``lang``, and its
    Content-Security-Policy."""
    record = transcript.read(path)
    page = render_html(record.header.as_json(), record.events, lang=lang)
    allowed: dict[str, list[str]] = {"script": [], "style": []}
    for tag, body in INLINE.findall(page):
        digest = base64.b64encode(hashlib.sha256(body.encode()).digest()).decode()
        allowed[tag].append(f"'sha256-{digest}'")
    policy = (f"default-src 'none'; style-src {_sources(allowed['style'])}; "
              f"script-src {_sources(allowed['script'])}; img-src data:; "
              "frame-ancestors 'none'; base-uri 'none'; form-action 'none'")
    return page, policy


def _sources(hashes: list[str]) -> str:
    return " ".join(hashes) or "'none'"
