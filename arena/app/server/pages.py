"""The server's own pages (host, lobby, seat): one head shared by all three, then the
page's body from ``static/<name>.html`` (it starts at ``<body>``); each page runs its
own script, ``static/<name>.js``."""

from __future__ import annotations

from pathlib import Path

STATIC = Path(__file__).parent / "static"
HEAD = """<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Werewolf Arena</title>
<link rel="icon" href="data:,">
<link rel="stylesheet" href="/static/app.css">
<script src="/static/{name}.js" defer></script>
</head>
"""


def page(name: str) -> str:
    """The whole page ``name`` (host, lobby or play) as the browser gets it."""
    return HEAD.format(name=name) + (STATIC / f"{name}.html").read_text(encoding="utf-8")
