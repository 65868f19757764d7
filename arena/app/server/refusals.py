"""A refused page in words: what a browser shows for a link that does not open its page
(the API's refusals stay JSON, with the same status codes)."""

from __future__ import annotations

from html import escape

TITLES = {401: "This page needs its private link", 403: "This link does not open this page",
          404: "There is no such table here"}


def wants_page(method: str, path: str, accept: str) -> bool:
    """Whether a refused request is a browser opening a page (not the pages' API)."""
    return method == "GET" and not path.startswith("/api/") and "text/html" in accept


def refusal_page(status: int, detail: str) -> str:
    """The page for a refused link: what went wrong and what to do, in plain words."""
    title = TITLES.get(status, "This page cannot be shown")
    return f"""<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{title} · Werewolf Arena</title>
<link rel="stylesheet" href="/static/app.css">
</head>
<body>
<main class="refusal">
<h1>{title}</h1>
<p>{escape(detail[:1].upper() + detail[1:])}.</p>
<p>Each player opens the table with their own private link, as the host sent it: ask
the host for yours, or take a free seat in the <a href="/lobby">lobby</a>.</p>
</main>
</body>
</html>
"""
