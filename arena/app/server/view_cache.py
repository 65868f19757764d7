"""Views computed once per change of a table, not once per page asking.

Every page watching a table (a seat's stream, a spectator's, a reload) asks for its view
after each change; two hundred spectators would otherwise filter and word the whole log,
and turn it into JSON, two hundred times. A view is kept under the table's version
(raised by every change the pages may see) and the viewer's key (its seat or
"spectator", where its list starts, and whatever else it depends on that changes without
raising the version), with its JSON and its server-sent event once asked; a new version
drops every kept view.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Hashable
from typing import Any, TypeVar

View = dict[str, Any]
T = TypeVar("T")


class ViewCache:
    """The views of one table's current version, by viewer key."""

    def __init__(self) -> None:
        self.version = -1
        self._views: dict[Hashable, View] = {}
        self._texts: dict[int, str] = {}  # id of a kept view -> its JSON
        self._events: dict[int, bytes] = {}  # id of a kept view -> its server-sent event

    def get(self, version: int, key: Hashable, compute: Callable[[], View]) -> View:
        """The view under ``key`` at ``version``: kept, or computed now and kept. Callers
        must not change it (copy it to add their own fields)."""
        if version != self.version:
            self.version, self._views, self._texts, self._events = version, {}, {}, {}
        view = self._views.get(key)
        if view is None:
            view = self._views[key] = compute()
        return view

    def text(self, view: View) -> str:
        """``view`` as JSON: made once for a kept view, each time for any other."""
        return self._made(view, self._texts, lambda: json.dumps(view, ensure_ascii=False))

    def event(self, view: View) -> bytes:
        """``view`` as a server-sent event (its id: the viewer's last event), made once for
        a kept view."""
        return self._made(view, self._events, lambda: (
            f"id: {view['last']}\ndata: {self.text(view)}\n\n".encode()))

    def _made(self, view: View, forms: dict[int, T], make: Callable[[], T]) -> T:
        if not any(view is v for v in self._views.values()):
            return make()
        if id(view) not in forms:
            forms[id(view)] = make()
        return forms[id(view)]
